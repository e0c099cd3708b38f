#pragma once

#include <memory>
#include <string>
#include <string_view>

struct evp_md_ctx_st; // OpenSSL's EVP_MD_CTX

namespace ampwb {

/// A SHA-256 digest of a message fed in pieces (OpenSSL's EVP API underneath).
class Sha256 {
public:
    Sha256();
    ~Sha256();
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;

    /// Appends `bytes` to the message.
    void update(std::string_view bytes);
    /// The digest of the message so far, as 64 lowercase hex digits; more may be appended afterwards.
    std::string hexDigest() const;

private:
    struct ContextDeleter {
        void operator()(evp_md_ctx_st* context) const;
    };
    std::unique_ptr<evp_md_ctx_st, ContextDeleter> context;
};

/// The SHA-256 of a file's content as 64 lowercase hex digits; throws std::runtime_error naming
/// the file when it cannot be read.
std::string sha256OfFile(const std::string& path);

} // namespace ampwb
