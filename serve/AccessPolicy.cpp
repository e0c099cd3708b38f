#include "AccessPolicy.h"

#include "ServiceError.h"

#include <algorithm>
#include <cctype>
#include <string_view>

namespace ampwb::serve {
namespace {

std::string lowerCase(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

bool allDigits(std::string_view text)
{
    return std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); });
}

} // namespace

AccessPolicy::AccessPolicy(bool loopbackOnly, std::string token)
    : loopbackOnly(loopbackOnly)
    , token(std::move(token))
{
}

void AccessPolicy::check(const boost::beast::http::request_header<>& head) const
{
    using boost::beast::http::field;
    const std::string host(head[field::host]);
    if (loopbackOnly && !isLoopbackHostHeader(host))
        throw ServiceError(RefusalReason::WrongHost,
                           "This service answers only requests addressed to this machine (Host: localhost or "
                           "127.0.0.1), not to \""
                               + host + "\".");
    const auto origin = head.find(field::origin);
    if (head.method() == boost::beast::http::verb::post && origin != head.end()
        && lowerCase(std::string(origin->value())) != "http://" + lowerCase(host))
        throw ServiceError(RefusalReason::Forbidden,
                           "A page from another origin (" + std::string(origin->value())
                               + ") may not send images to this service; use the service's own page.");
    const std::string path = requestPath(head.target());
    const bool read = head.method() == boost::beast::http::verb::get || head.method() == boost::beast::http::verb::head;
    const bool open = read && (path == "/" || path == "/healthz");
    if (!token.empty() && !open && !equalInConstantTime(std::string(head[field::authorization]), "Bearer " + token))
        throw ServiceError(RefusalReason::Unauthorized,
                           "This service needs an access token: send the header Authorization: Bearer TOKEN "
                           "(on the web page, enter the token when asked).");
}

std::string requestPath(std::string_view target)
{
    return std::string(target.substr(0, target.find('?')));
}

bool isLoopbackHostHeader(const std::string& hostHeader)
{
    std::string host = lowerCase(hostHeader);
    if (host.rfind("[", 0) == 0) {
        const size_t close = host.find(']');
        if (close == std::string::npos)
            return false;
        const std::string rest = host.substr(close + 1);
        if (!rest.empty() && (rest[0] != ':' || !allDigits(std::string_view(rest).substr(1))))
            return false;
        return host.substr(1, close - 1) == "::1";
    }
    const size_t colon = host.find(':');
    if (colon != std::string::npos) {
        if (!allDigits(std::string_view(host).substr(colon + 1)))
            return false;
        host.resize(colon);
    }
    if (host == "localhost")
        return true;
    // 127.x.x.x, written as four decimal numbers
    int parts = 0;
    size_t start = 0;
    while (start <= host.size()) {
        const size_t dot = std::min(host.find('.', start), host.size());
        const std::string part = host.substr(start, dot - start);
        if (part.empty() || part.size() > 3 || !allDigits(part) || std::stoi(part) > 255
            || (parts == 0 && part != "127"))
            return false;
        ++parts;
        start = dot + 1;
    }
    return parts == 4;
}

bool equalInConstantTime(const std::string& a, const std::string& b)
{
    unsigned char difference = a.size() == b.size() ? 0 : 1;
    for (size_t i = 0; i < a.size(); ++i)
        difference |= static_cast<unsigned char>(a[i] ^ b[i % std::max<size_t>(1, b.size())]);
    return difference == 0 && !b.empty();
}

} // namespace ampwb::serve
