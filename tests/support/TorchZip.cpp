#include "TorchZip.h"

#include <QFile>

#include <zlib.h>

#include <algorithm>

namespace ampwb::test {
namespace {

void putLittleEndian(std::string& out, uint64_t value, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        out.push_back(static_cast<char>(value >> (8 * i) & 0xff));
}

struct Written {
    std::string name;
    uint16_t method = 0;
    uint32_t crc = 0;
    uint64_t packed = 0;
    uint64_t bytes = 0;
    uint64_t offset = 0;
};

std::string header(const char* signature, const Written& entry, bool central)
{
    std::string out(signature, 4);
    if (central)
        putLittleEndian(out, 20, 2); // made by
    putLittleEndian(out, 20, 2);     // needed to extract
    putLittleEndian(out, 0, 2);      // flags
    putLittleEndian(out, entry.method, 2);
    putLittleEndian(out, 0, 4); // time, date
    putLittleEndian(out, entry.crc, 4);
    putLittleEndian(out, entry.packed, 4);
    putLittleEndian(out, entry.bytes, 4);
    putLittleEndian(out, entry.name.size(), 2);
    putLittleEndian(out, 0, 2); // extra
    if (central) {
        putLittleEndian(out, 0, 2); // comment
        putLittleEndian(out, 0, 2); // disk
        putLittleEndian(out, 0, 2); // internal attributes
        putLittleEndian(out, 0, 4); // external attributes
        putLittleEndian(out, entry.offset, 4);
    }
    return out + entry.name;
}

/// Writes the record's bytes (deflated or as they are) at the file's position; fills in crc, sizes.
QString writeData(QFile& file, const TorchZipRecord& record, Written& entry)
{
    z_stream stream{};
    if (record.deflated && deflateInit2(&stream, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return QStringLiteral("deflateInit2 failed");
    std::string out(1 << 16, '\0');
    uLong crc = crc32(0, nullptr, 0);
    const auto feed = [&](const std::string& piece, bool last) -> bool {
        crc = crc32(crc, reinterpret_cast<const Bytef*>(piece.data()), static_cast<uInt>(piece.size()));
        entry.bytes += piece.size();
        if (!record.deflated) {
            entry.packed += piece.size();
            return file.write(piece.data(), static_cast<qint64>(piece.size())) == static_cast<qint64>(piece.size());
        }
        stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(piece.data()));
        stream.avail_in = static_cast<uInt>(piece.size());
        int status = Z_OK;
        do {
            stream.next_out = reinterpret_cast<Bytef*>(out.data());
            stream.avail_out = static_cast<uInt>(out.size());
            status = deflate(&stream, last ? Z_FINISH : Z_NO_FLUSH);
            const size_t produced = out.size() - stream.avail_out;
            entry.packed += produced;
            if (file.write(out.data(), static_cast<qint64>(produced)) != static_cast<qint64>(produced))
                return false;
        } while (stream.avail_out == 0 || (last && status != Z_STREAM_END));
        return true;
    };
    bool written = feed(record.head, false);
    const std::string block(1 << 20, record.fill);
    for (uint64_t left = record.fillCount; written && left > 0;) {
        const uint64_t piece = std::min<uint64_t>(left, block.size());
        written = feed(piece == block.size() ? block : block.substr(0, piece), false);
        left -= piece;
    }
    written = written && feed(record.tail, true);
    if (record.deflated)
        deflateEnd(&stream);
    entry.crc = static_cast<uint32_t>(crc);
    if (record.claimedBytes != 0)
        entry.bytes = record.claimedBytes;
    return written ? QString() : file.errorString();
}

} // namespace

QString writeTorchZip(const QString& path, const std::vector<TorchZipRecord>& records)
{
    std::vector<TorchZipRecord> all = records;
    for (const auto& [name, content] :
         {std::pair<std::string, std::string>{"byteorder", "little"}, {"version", "3\n"}}) {
        if (std::none_of(all.begin(), all.end(), [&](const TorchZipRecord& r) { return r.name == name; }))
            all.push_back({name, content});
    }
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return file.errorString();
    std::vector<Written> entries;
    for (const TorchZipRecord& record : all) {
        Written entry;
        entry.name = "archive/" + record.name;
        entry.method = record.deflated ? 8 : 0;
        entry.offset = static_cast<uint64_t>(file.pos());
        const std::string placeholder = header("PK\3\4", entry, false);
        if (file.write(placeholder.data(), static_cast<qint64>(placeholder.size())) != qint64(placeholder.size()))
            return file.errorString();
        if (const QString problem = writeData(file, record, entry); !problem.isEmpty())
            return problem;
        const qint64 end = file.pos();
        const std::string local = header("PK\3\4", entry, false);
        if (!file.seek(static_cast<qint64>(entry.offset))
            || file.write(local.data(), qint64(local.size())) != qint64(local.size()) || !file.seek(end))
            return file.errorString();
        entries.push_back(entry);
    }
    const uint64_t directoryOffset = static_cast<uint64_t>(file.pos());
    std::string directory;
    for (const Written& entry : entries)
        directory += header("PK\1\2", entry, true);
    std::string end("PK\5\6", 4);
    putLittleEndian(end, 0, 4); // disks
    putLittleEndian(end, entries.size(), 2);
    putLittleEndian(end, entries.size(), 2);
    putLittleEndian(end, directory.size(), 4);
    putLittleEndian(end, directoryOffset, 4);
    putLittleEndian(end, 0, 2); // comment
    directory += end;
    if (file.write(directory.data(), static_cast<qint64>(directory.size())) != static_cast<qint64>(directory.size()))
        return file.errorString();
    file.close();
    return file.error() == QFile::NoError ? QString() : file.errorString();
}

int64_t processMemoryBytes(const char* field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray name(field);
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith(name))
            return line.mid(name.size()).trimmed().split(' ').value(0).toLongLong() * 1024;
    }
    return -1;
}

bool resetPeakResident()
{
    QFile clearRefs(QStringLiteral("/proc/self/clear_refs"));
    return clearRefs.open(QIODevice::WriteOnly) && clearRefs.write("5") == 1;
}

} // namespace ampwb::test
