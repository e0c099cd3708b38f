#include "BlackPng.h"

#include <zlib.h>

namespace {

QByteArray pngChunk(const char* type, const QByteArray& data)
{
    QByteArray chunk;
    const quint32 length = static_cast<quint32>(data.size());
    for (int shift = 24; shift >= 0; shift -= 8)
        chunk.append(static_cast<char>((length >> shift) & 0xFF));
    const QByteArray typed = QByteArray(type) + data;
    chunk.append(typed);
    const quint32 crc = static_cast<quint32>(crc32(0, reinterpret_cast<const Bytef*>(typed.data()), typed.size()));
    for (int shift = 24; shift >= 0; shift -= 8)
        chunk.append(static_cast<char>((crc >> shift) & 0xFF));
    return chunk;
}

} // namespace

QByteArray blackPng(int side)
{
    QByteArray header;
    for (int i = 0; i < 2; ++i)
        for (int shift = 24; shift >= 0; shift -= 8)
            header.append(static_cast<char>((side >> shift) & 0xFF));
    header.append("\x08\x00\x00\x00\x00", 5); // 8-bit gray, deflate, no filter, no interlace

    z_stream stream{};
    deflateInit(&stream, Z_BEST_COMPRESSION);
    const QByteArray row(side + 1, '\0'); // filter byte 0, then black pixels
    QByteArray compressed;
    char buffer[1 << 16];
    for (int y = 0; y < side; ++y) {
        stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(row.data()));
        stream.avail_in = static_cast<uInt>(row.size());
        const int flush = y + 1 == side ? Z_FINISH : Z_NO_FLUSH;
        do {
            stream.next_out = reinterpret_cast<Bytef*>(buffer);
            stream.avail_out = sizeof buffer;
            deflate(&stream, flush);
            compressed.append(buffer, static_cast<int>(sizeof buffer - stream.avail_out));
        } while (stream.avail_out == 0);
    }
    deflateEnd(&stream);
    return QByteArray("\x89PNG\r\n\x1a\n", 8) + pngChunk("IHDR", header) + pngChunk("IDAT", compressed)
         + pngChunk("IEND", {});
}
