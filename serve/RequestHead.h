#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ampwb::serve {

/// The head of one HTTP/1.x request (request line and header fields), as read strictly.
struct RequestHead {
    std::string method;
    std::string target;
    std::string version;                                     ///< "HTTP/1.0" or "HTTP/1.1"
    std::vector<std::pair<std::string, std::string>> fields; ///< name as sent, value without surrounding blanks

    /// The value of the field `name` (case-insensitive); nullopt when absent.
    std::optional<std::string> field(std::string_view name) const;
    /// How many times the field `name` appears.
    int fieldCount(std::string_view name) const;
    /// The head as sent on to the HTTP server: the same fields with `Connection: close` in place of
    /// Connection and Keep-Alive, so that every request on a connection passes the ConnectionGate.
    std::string relayed() const;
};

/// Where a head ends in `bytes` (the offset just past its blank line), or nullopt while it is incomplete.
std::optional<size_t> requestHeadEnd(std::string_view bytes);

/// Parses a complete request head (up to and including its blank line). Refuses with
/// ServiceError(BadRequest), saying what is wrong, anything but a plain HTTP/1.0 or 1.1 head:
/// a malformed request line or field, folded lines, a Content-Length that is not a number or
/// appears twice, Content-Length with Transfer-Encoding, a Transfer-Encoding other than chunked,
/// or an HTTP/1.1 request without exactly one Host.
RequestHead parseRequestHead(std::string_view head);

/// Whether `line` (without its CRLF) can start a request: METHOD SP TARGET SP HTTP/1.x.
bool isRequestLine(std::string_view line);

} // namespace ampwb::serve
