// Fuzz target: the upload reader of `serve` (multipart/form-data with the boundary "XyZ"). The
// first byte picks the size of the pieces the rest is read in; reading it in one piece must give
// the same images, or the same refusal.
#include "FuzzInput.h"

#include "ServiceError.h"
#include "UploadReading.h"

#include <string_view>

namespace {

/// The images' names and bytes, or the refusal's code.
std::string readUpload(std::string_view body, size_t pieceSize)
{
    ampwb::serve::ServiceLimits limits;
    limits.maxRequestBytes = 1u << 20;
    limits.maxImagesPerRequest = 4;
    try {
        ampwb::serve::UploadReader reader("multipart/form-data; boundary=XyZ", body.size(), limits);
        for (size_t at = 0; at < body.size(); at += pieceSize)
            reader.read(body.substr(at, pieceSize));
        std::string images;
        for (const ampwb::serve::UploadedImage& image : reader.images())
            images += image.name + '\0' + image.bytes + '\0';
        return images;
    } catch (const ampwb::serve::ServiceError& error) {
        return std::string("refused: ") + error.code();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size == 0)
        return 0;
    const std::string_view body(reinterpret_cast<const char*>(data) + 1, size - 1);
    const size_t pieceSize = 1 + data[0] % 16;
    if (readUpload(body, pieceSize) != readUpload(body, body.size() + 1))
        __builtin_trap();
    return 0;
}
