#include "modelfiles/TorchFileFormat.h"

#include "model/ModelFileError.h"
#include "modelfiles/PickleReader.h"

#include <caffe2/serialize/inline_container.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <vector>

namespace ampwb {
namespace {

/// The most bytes a zip's central directory may take (a ResNet-18 checkpoint's: about 50 kB).
constexpr uint64_t kLargestZipDirectoryBytes = uint64_t(16) << 20;
/// A packed record may unpack to more than kLargestPlainRecordBytes only at up to this many times its packed size.
constexpr uint64_t kMostUnpackRatio = 64;
constexpr uint64_t kLargestPlainRecordBytes = uint64_t(1) << 20;
constexpr uint16_t kStored = 0;

/// One record as a zip's central directory lists it (as miniz, inside PyTorchStreamReader, reads it).
struct ZipRecord {
    std::string name;
    uint16_t method = 0;
    uint64_t packedBytes = 0;
    uint64_t bytes = 0;
};

uint64_t littleEndian(const std::string& data, size_t offset, size_t bytes)
{
    uint64_t value = 0;
    for (size_t i = 0; i < bytes; ++i)
        value |= static_cast<uint64_t>(static_cast<unsigned char>(data[offset + i])) << (8 * i);
    return value;
}

std::optional<std::string> readAt(std::ifstream& in, uint64_t offset, uint64_t size)
{
    std::string data(size, '\0');
    in.clear();
    if (!in.seekg(static_cast<std::streamoff>(offset)) || !in.read(data.data(), static_cast<std::streamsize>(size)))
        return std::nullopt;
    return data;
}

/// The records of the zip at `path` without unpacking any; nullopt when its directory is unreadable.
std::optional<std::vector<ZipRecord>> zipRecords(const std::string& path)
{
    std::error_code error;
    const uint64_t fileSize = std::filesystem::file_size(path, error);
    std::ifstream in(path, std::ios::binary);
    if (error || !in || fileSize < 22)
        return std::nullopt;
    // The end-of-central-directory record: the last "PK\5\6" in the final 22 + 65535 bytes.
    const uint64_t tailSize = std::min<uint64_t>(fileSize, 22 + 65535);
    const std::optional<std::string> tail = readAt(in, fileSize - tailSize, tailSize);
    if (!tail)
        return std::nullopt;
    const size_t end = tail->rfind(std::string("PK\5\6", 4));
    if (end == std::string::npos || end + 22 > tail->size())
        return std::nullopt;
    uint64_t count = littleEndian(*tail, end + 10, 2);
    uint64_t directorySize = littleEndian(*tail, end + 12, 4);
    uint64_t directoryOffset = littleEndian(*tail, end + 16, 4);
    if (count == 0xffff || directorySize == 0xffffffff || directoryOffset == 0xffffffff) {
        // Zip64: a locator just before the record points at the zip64 end-of-central-directory record.
        if (end < 20 || tail->compare(end - 20, 4, std::string("PK\6\7", 4)) != 0)
            return std::nullopt;
        const std::optional<std::string> zip64 = readAt(in, littleEndian(*tail, end - 20 + 8, 8), 56);
        if (!zip64 || zip64->compare(0, 4, std::string("PK\6\6", 4)) != 0)
            return std::nullopt;
        count = littleEndian(*zip64, 32, 8);
        directorySize = littleEndian(*zip64, 40, 8);
        directoryOffset = littleEndian(*zip64, 48, 8);
    }
    if (directorySize > kLargestZipDirectoryBytes || directoryOffset > fileSize
        || directorySize > fileSize - directoryOffset || count > directorySize / 46)
        return std::nullopt;
    const std::optional<std::string> directory = readAt(in, directoryOffset, directorySize);
    if (!directory)
        return std::nullopt;

    std::vector<ZipRecord> records;
    size_t at = 0;
    for (uint64_t i = 0; i < count; ++i) {
        if (at + 46 > directory->size() || directory->compare(at, 4, std::string("PK\1\2", 4)) != 0)
            return std::nullopt;
        ZipRecord record;
        record.method = static_cast<uint16_t>(littleEndian(*directory, at + 10, 2));
        record.packedBytes = littleEndian(*directory, at + 20, 4);
        record.bytes = littleEndian(*directory, at + 24, 4);
        const size_t nameLength = littleEndian(*directory, at + 28, 2);
        const size_t extraLength = littleEndian(*directory, at + 30, 2);
        const size_t commentLength = littleEndian(*directory, at + 32, 2);
        const size_t next = at + 46 + nameLength + extraLength + commentLength;
        if (next > directory->size())
            return std::nullopt;
        record.name = directory->substr(at + 46, nameLength);
        // The zip64 extra field holds the sizes that are 0xffffffff above, in this order.
        for (size_t extra = at + 46 + nameLength; extra + 4 <= at + 46 + nameLength + extraLength;) {
            const uint64_t id = littleEndian(*directory, extra, 2);
            const size_t size = littleEndian(*directory, extra + 2, 2);
            if (extra + 4 + size > at + 46 + nameLength + extraLength)
                return std::nullopt;
            if (id == 1) {
                size_t field = extra + 4;
                for (uint64_t* value : {&record.bytes, &record.packedBytes}) {
                    if (*value != 0xffffffff)
                        continue;
                    if (field + 8 > extra + 4 + size)
                        return std::nullopt;
                    *value = littleEndian(*directory, field, 8);
                    field += 8;
                }
            }
            extra += 4 + size;
        }
        records.push_back(std::move(record));
        at = next;
    }
    return records;
}

bool endsWith(const std::string& text, const std::string& ending)
{
    return text.size() >= ending.size() && text.compare(text.size() - ending.size(), ending.size(), ending) == 0;
}

/// Refuses a zip whose records would unpack to more than a ResNet-18 state dict or checkpoint can need,
/// before anything is unpacked: a pickle over kLargestPickleBytes, or a record that unpacks to over 1 MiB
/// at more than 64 times its packed size (torch.save and libtorch store tensor data unpacked).
void refuseOversizedRecords(const std::string& path, const std::vector<ZipRecord>& records)
{
    for (const ZipRecord& record : records) {
        const auto slash = record.name.find('/');
        const std::string name = slash == std::string::npos ? record.name : record.name.substr(slash + 1);
        if (endsWith(record.name, ".pkl") && record.bytes > kLargestPickleBytes)
            throw ModelFileError(
                EngineMessage(EngineMessage::Code::PickleRecordTooLarge,
                              {path, name, std::to_string(record.bytes), std::to_string(kLargestPickleBytes)}));
        if (record.method != kStored && record.bytes > kLargestPlainRecordBytes
            && record.bytes / kMostUnpackRatio > record.packedBytes)
            throw ModelFileError(
                EngineMessage(EngineMessage::Code::RecordUnpacksTooFar,
                              {path, name, std::to_string(record.packedBytes), std::to_string(record.bytes)}));
    }
}

} // namespace

TorchFileFormat detectTorchFileFormat(const std::string& path)
{
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
        throw ModelFileError(EngineMessage(EngineMessage::Code::NoModelFile, {path}));
    std::ifstream in(path, std::ios::binary);
    char signature[4] = {};
    if (!in.read(signature, sizeof signature))
        return TorchFileFormat::Unknown;
    if (static_cast<unsigned char>(signature[0]) == 0x80 && signature[1] == 2)
        return TorchFileFormat::LegacyTorchSave;
    if (std::string(signature, 4) != std::string("PK\x03\x04", 4))
        return TorchFileFormat::Unknown;
    // Sized from the zip's directory before PyTorchStreamReader unpacks anything (it unpacks a record
    // into a buffer of the size the directory gives, and fails if the data would go past it).
    const std::optional<std::vector<ZipRecord>> records = zipRecords(path);
    if (!records)
        return TorchFileFormat::Unknown;
    refuseOversizedRecords(path, *records);
    try {
        caffe2::serialize::PyTorchStreamReader reader(path);
        if (reader.hasRecord("constants.pkl"))
            return TorchFileFormat::TorchScriptArchive;
        if (reader.hasRecord("data.pkl"))
            return TorchFileFormat::StateDictArchive;
    } catch (const std::exception&) {
    }
    return TorchFileFormat::Unknown;
}

} // namespace ampwb
