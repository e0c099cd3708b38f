#include "ImageHeader.h"

#include <array>
#include <cstring>
#include <fstream>
#include <vector>

namespace ampwb {
namespace {

uint32_t bigEndian(const unsigned char* p, int bytes)
{
    uint32_t value = 0;
    for (int i = 0; i < bytes; ++i)
        value = (value << 8) | p[i];
    return value;
}

uint32_t littleEndian(const unsigned char* p, int bytes)
{
    uint32_t value = 0;
    for (int i = bytes - 1; i >= 0; --i)
        value = (value << 8) | p[i];
    return value;
}

std::optional<ImageSize> jpegSize(std::ifstream& in)
{
    // Walk the marker segments to the first start-of-frame (SOF0..SOF15 except DHT/JPG/DAC).
    in.seekg(2);
    for (int segments = 0; segments < 4096 && in; ++segments) {
        int byte = in.get();
        while (byte == 0xFF)
            byte = in.get();
        if (byte == EOF)
            return std::nullopt;
        const int marker = byte;
        if (marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01)
            continue;
        std::array<unsigned char, 2> lengthBytes{};
        if (!in.read(reinterpret_cast<char*>(lengthBytes.data()), 2))
            return std::nullopt;
        const uint32_t length = bigEndian(lengthBytes.data(), 2);
        if (length < 2)
            return std::nullopt;
        const bool startOfFrame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
        if (startOfFrame) {
            std::array<unsigned char, 5> frame{};
            if (!in.read(reinterpret_cast<char*>(frame.data()), 5))
                return std::nullopt;
            return ImageSize{bigEndian(frame.data() + 3, 2), bigEndian(frame.data() + 1, 2)};
        }
        in.seekg(length - 2, std::ios::cur);
    }
    return std::nullopt;
}

} // namespace

std::optional<ImageSize> readImageSize(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::array<unsigned char, 32> head{};
    if (!in.read(reinterpret_cast<char*>(head.data()), head.size()) && in.gcount() < 4)
        return std::nullopt;
    const unsigned char png[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (std::memcmp(head.data(), png, 8) == 0 && std::memcmp(head.data() + 12, "IHDR", 4) == 0)
        return ImageSize{bigEndian(head.data() + 16, 4), bigEndian(head.data() + 20, 4)};
    if (head[0] == 'B' && head[1] == 'M') {
        const auto height = static_cast<int32_t>(littleEndian(head.data() + 22, 4));
        return ImageSize{static_cast<int32_t>(littleEndian(head.data() + 18, 4)), height < 0 ? -int64_t(height) : height};
    }
    if (std::memcmp(head.data(), "RIFF", 4) == 0 && std::memcmp(head.data() + 8, "WEBP", 4) == 0) {
        const unsigned char* chunk = head.data() + 12;
        if (std::memcmp(chunk, "VP8X", 4) == 0)
            return ImageSize{littleEndian(head.data() + 24, 3) + 1, littleEndian(head.data() + 27, 3) + 1};
        if (std::memcmp(chunk, "VP8L", 4) == 0) {
            const uint32_t bits = littleEndian(head.data() + 21, 4);
            return ImageSize{(bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1};
        }
        if (std::memcmp(chunk, "VP8 ", 4) == 0)
            return ImageSize{littleEndian(head.data() + 26, 2) & 0x3FFF, littleEndian(head.data() + 28, 2) & 0x3FFF};
        return std::nullopt;
    }
    if (head[0] == 0xFF && head[1] == 0xD8) {
        in.clear();
        return jpegSize(in);
    }
    return std::nullopt;
}

} // namespace ampwb
