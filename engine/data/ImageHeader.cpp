#include "data/ImageHeader.h"

#include <array>
#include <cctype>
#include <cstring>
#include <fstream>
#include <istream>
#include <streambuf>

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

std::optional<ImageSize> jpegSize(std::istream& in)
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
        const bool startOfFrame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8
                               && marker != 0xCC;
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

/// The next number of a PNM header (after whitespace and `#` comments), or -1.
int64_t pnmNumber(std::istream& in)
{
    int byte = in.get();
    for (;;) {
        if (byte == '#') {
            while (byte != EOF && byte != '\n' && byte != '\r')
                byte = in.get();
        } else if (byte == ' ' || byte == '\t' || byte == '\n' || byte == '\r' || byte == '\v' || byte == '\f') {
            byte = in.get();
        } else {
            break;
        }
    }
    int64_t number = -1;
    for (int digits = 0; byte >= '0' && byte <= '9' && digits < 12; ++digits, byte = in.get())
        number = (number < 0 ? 0 : number * 10) + (byte - '0');
    return number;
}

/// Width and height from a PBM, PGM or PPM header (P1–P6, ASCII or binary).
std::optional<ImageSize> pnmSize(std::istream& in)
{
    in.clear();
    in.seekg(2);
    const int64_t width = pnmNumber(in);
    const int64_t height = pnmNumber(in);
    if (width <= 0 || height <= 0)
        return std::nullopt;
    return ImageSize{width, height};
}

/// Reads bytes already in memory as a seekable stream, without copying them.
class MemoryBuffer : public std::streambuf {
public:
    MemoryBuffer(const char* data, size_t size)
    {
        char* begin = const_cast<char*>(data); // only ever read
        setg(begin, begin, begin + size);
    }

protected:
    pos_type seekoff(off_type offset, std::ios::seekdir direction, std::ios::openmode) override
    {
        const off_type base = direction == std::ios::beg ? 0
                            : direction == std::ios::cur ? gptr() - eback()
                                                         : egptr() - eback();
        const off_type target = base + offset;
        if (target < 0 || target > egptr() - eback())
            return pos_type(off_type(-1));
        setg(eback(), eback() + target, egptr());
        return pos_type(target);
    }
    pos_type seekpos(pos_type position, std::ios::openmode mode) override
    {
        return seekoff(off_type(position), std::ios::beg, mode);
    }
};

std::optional<ImageSize> imageSize(std::istream& in)
{
    std::array<unsigned char, 32> head{};
    if (!in.read(reinterpret_cast<char*>(head.data()), head.size()) && in.gcount() < 4)
        return std::nullopt;
    const unsigned char png[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (std::memcmp(head.data(), png, 8) == 0 && std::memcmp(head.data() + 12, "IHDR", 4) == 0)
        return ImageSize{bigEndian(head.data() + 16, 4), bigEndian(head.data() + 20, 4)};
    if (head[0] == 'B' && head[1] == 'M') {
        const auto height = static_cast<int32_t>(littleEndian(head.data() + 22, 4));
        return ImageSize{static_cast<int32_t>(littleEndian(head.data() + 18, 4)),
                         height < 0 ? -int64_t(height) : height};
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
    if (head[0] == 'P' && head[1] >= '1' && head[1] <= '6' && std::isspace(head[2]))
        return pnmSize(in);
    if (isJpeg(reinterpret_cast<const char*>(head.data()), head.size())) {
        in.clear();
        return jpegSize(in);
    }
    return std::nullopt;
}

} // namespace

std::optional<ImageSize> readImageSize(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return imageSize(in);
}

std::optional<ImageSize> readImageSize(const char* data, size_t size)
{
    MemoryBuffer buffer(data, size);
    std::istream in(&buffer);
    return imageSize(in);
}

bool isJpeg(const char* data, size_t size)
{
    const auto* bytes = reinterpret_cast<const unsigned char*>(data);
    return size >= 2 && bytes[0] == 0xFF && bytes[1] == 0xD8;
}

bool isTruncatedJpeg(const char* data, size_t size)
{
    if (!isJpeg(data, size))
        return false;
    const auto* bytes = reinterpret_cast<const unsigned char*>(data);
    // Walk the marker segments to the first start-of-scan; its entropy-coded data follows.
    size_t position = 2;
    for (;;) {
        if (position + 4 > size)
            return true; // the headers themselves are cut off
        if (bytes[position] != 0xFF)
            return false; // malformed: the decoder will say so
        const unsigned char marker = bytes[position + 1];
        if (marker == 0xFF) {
            ++position;
            continue;
        }
        if (marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) {
            position += 2;
            continue;
        }
        if (marker == 0xD9)
            return false; // an image without a scan: the decoder will say so
        position += 2 + bigEndian(bytes + position + 2, 2);
        if (marker == 0xDA)
            break;
    }
    // Scan data escapes 0xFF, so an unescaped FF D9 after it is the end-of-image marker.
    for (size_t i = position; i + 1 < size; ++i) {
        if (bytes[i] == 0xFF && bytes[i + 1] == 0xD9)
            return false;
    }
    return true;
}

} // namespace ampwb
