#pragma once

#include <boost/beast/http/message.hpp>

#include <string>
#include <string_view>

namespace ampwb::serve {

/// Who may use the service, checked on each request head before its request is answered:
///  - bound to a loopback address, the Host must name this machine (localhost, 127.x.x.x or
///    [::1], any port), so a web page on another site cannot reach the service by DNS rebinding;
///  - a POST with an Origin must come from the service's own origin (its own page);
///  - with an access token, every request but GET / and GET /healthz must carry
///    `Authorization: Bearer TOKEN`.
class AccessPolicy {
public:
    /// `loopbackOnly`: the service listens on a loopback address. `token`: empty for none.
    AccessPolicy(bool loopbackOnly, std::string token);

    /// Throws ServiceError (WrongHost 421, Forbidden 403, Unauthorized 401) when `head` may not pass.
    void check(const boost::beast::http::request_header<>& head) const;

private:
    bool loopbackOnly;
    std::string token;
};

/// A request target's path, without its query: "/v1/model?x=1" → "/v1/model".
std::string requestPath(std::string_view target);

/// Whether the host part of a Host header value ("localhost:8080", "127.0.0.1", "[::1]:80")
/// names this machine's loopback interface.
bool isLoopbackHostHeader(const std::string& hostHeader);

/// Compares two strings in time that depends only on their lengths, not on where they differ.
bool equalInConstantTime(const std::string& a, const std::string& b);

} // namespace ampwb::serve
