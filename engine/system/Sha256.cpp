#include "system/Sha256.h"

#include "system/EngineError.h"

#include <openssl/evp.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <vector>

namespace ampwb {
namespace {

void check(int result, const char* step)
{
    if (result != 1)
        throw std::runtime_error(std::string("SHA-256: OpenSSL's ") + step + " failed.");
}

} // namespace

void Sha256::ContextDeleter::operator()(evp_md_ctx_st* context) const
{
    EVP_MD_CTX_free(context);
}

Sha256::Sha256()
    : context(EVP_MD_CTX_new())
{
    if (!context)
        throw std::bad_alloc();
    check(EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr), "EVP_DigestInit_ex");
}

Sha256::~Sha256() = default;

void Sha256::update(std::string_view bytes)
{
    check(EVP_DigestUpdate(context.get(), bytes.data(), bytes.size()), "EVP_DigestUpdate");
}

std::string Sha256::hexDigest() const
{
    const std::unique_ptr<EVP_MD_CTX, ContextDeleter> finished(EVP_MD_CTX_new());
    if (!finished)
        throw std::bad_alloc();
    check(EVP_MD_CTX_copy_ex(finished.get(), context.get()), "EVP_MD_CTX_copy_ex");
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    check(EVP_DigestFinal_ex(finished.get(), digest, &length), "EVP_DigestFinal_ex");
    static const char kHexDigits[] = "0123456789abcdef";
    std::string hex;
    for (unsigned int i = 0; i < length; ++i) {
        hex += kHexDigits[digest[i] >> 4];
        hex += kHexDigits[digest[i] & 0xf];
    }
    return hex;
}

std::string sha256OfFile(const std::string& path)
{
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!file)
        throw EngineError(EngineMessage(EngineMessage::Code::ReadFailed, {path, std::strerror(errno)}));
    Sha256 sha256;
    std::vector<char> buffer(1 << 20);
    while (const size_t count = std::fread(buffer.data(), 1, buffer.size(), file.get()))
        sha256.update({buffer.data(), count});
    if (std::ferror(file.get()))
        throw EngineError(EngineMessage(EngineMessage::Code::ReadFailed, {path, std::strerror(errno)}));
    return sha256.hexDigest();
}

} // namespace ampwb
