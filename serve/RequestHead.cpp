#include "RequestHead.h"

#include "ServiceError.h"

#include <algorithm>
#include <cctype>

namespace ampwb::serve {
namespace {

bool sameText(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](unsigned char x, unsigned char y) {
               return std::tolower(x) == std::tolower(y);
           });
}

/// RFC 9110's token characters (method and field names).
bool isToken(std::string_view text)
{
    static constexpr std::string_view kSymbols = "!#$%&'*+-.^_`|~";
    return !text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char c) {
        return std::isalnum(c) || kSymbols.find(static_cast<char>(c)) != std::string_view::npos;
    });
}

/// A field value: visible characters, blanks and obs-text; no control characters.
bool isFieldValue(std::string_view text)
{
    return std::all_of(text.begin(), text.end(), [](unsigned char c) { return c == '\t' || (c >= 0x20 && c != 0x7F); });
}

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

[[noreturn]] void refuse(const std::string& why)
{
    throw ServiceError(RefusalReason::BadRequest, "Malformed HTTP request: " + why + ".");
}

} // namespace

std::optional<std::string> RequestHead::field(std::string_view name) const
{
    for (const auto& [fieldName, value] : fields) {
        if (sameText(fieldName, name))
            return value;
    }
    return std::nullopt;
}

int RequestHead::fieldCount(std::string_view name) const
{
    return static_cast<int>(
        std::count_if(fields.begin(), fields.end(), [&](const auto& entry) { return sameText(entry.first, name); }));
}

std::string RequestHead::relayed() const
{
    std::string head = method + " " + target + " " + version + "\r\n";
    for (const auto& [name, value] : fields) {
        if (!sameText(name, "Connection") && !sameText(name, "Keep-Alive"))
            head += name + ": " + value + "\r\n";
    }
    return head + "Connection: close\r\n\r\n";
}

std::optional<size_t> requestHeadEnd(std::string_view bytes)
{
    const size_t end = bytes.find("\r\n\r\n");
    return end == std::string_view::npos ? std::nullopt : std::optional<size_t>(end + 4);
}

bool isRequestLine(std::string_view line)
{
    const size_t firstSpace = line.find(' ');
    const size_t lastSpace = line.rfind(' ');
    if (firstSpace == std::string_view::npos || firstSpace == lastSpace)
        return false;
    const std::string_view target = line.substr(firstSpace + 1, lastSpace - firstSpace - 1);
    const std::string_view version = line.substr(lastSpace + 1);
    return isToken(line.substr(0, firstSpace)) && !target.empty()
        && std::all_of(target.begin(), target.end(), [](unsigned char c) { return c > 0x20 && c != 0x7F; })
        && (version == "HTTP/1.1" || version == "HTTP/1.0");
}

RequestHead parseRequestHead(std::string_view head)
{
    std::vector<std::string_view> lines;
    for (size_t start = 0; start < head.size();) {
        const size_t end = head.find("\r\n", start);
        if (end == std::string_view::npos)
            refuse("a line does not end with CRLF");
        lines.push_back(head.substr(start, end - start));
        start = end + 2;
    }
    if (lines.size() < 2 || !lines.back().empty())
        refuse("the head does not end with an empty line");
    lines.pop_back();
    if (!isRequestLine(lines.front()))
        refuse("the request line is not METHOD TARGET HTTP/1.x");

    RequestHead request;
    const std::string_view requestLine = lines.front();
    request.method = std::string(requestLine.substr(0, requestLine.find(' ')));
    request.version = std::string(requestLine.substr(requestLine.rfind(' ') + 1));
    request.target = std::string(requestLine.substr(
        request.method.size() + 1, requestLine.size() - request.method.size() - request.version.size() - 2));
    for (size_t i = 1; i < lines.size(); ++i) {
        const std::string_view line = lines[i];
        if (line.front() == ' ' || line.front() == '\t')
            refuse("a folded header line");
        const size_t colon = line.find(':');
        if (colon == std::string_view::npos || !isToken(line.substr(0, colon)))
            refuse("a header line is not NAME: VALUE");
        const std::string_view value = trimmed(line.substr(colon + 1));
        if (!isFieldValue(value))
            refuse("a control character in the header " + std::string(line.substr(0, colon)));
        request.fields.emplace_back(line.substr(0, colon), value);
    }

    const int lengths = request.fieldCount("Content-Length");
    if (lengths > 1)
        refuse("Content-Length appears " + std::to_string(lengths) + " times");
    if (const auto length = request.field("Content-Length")) {
        if (length->empty() || length->size() > 18
            || !std::all_of(length->begin(), length->end(), [](unsigned char c) { return std::isdigit(c); }))
            refuse("Content-Length is not a number");
        if (request.fieldCount("Transfer-Encoding") > 0)
            refuse("both Content-Length and Transfer-Encoding");
    }
    if (request.fieldCount("Transfer-Encoding") > 1
        || !sameText(request.field("Transfer-Encoding").value_or("chunked"), "chunked"))
        refuse("the only Transfer-Encoding accepted is chunked");
    if (request.version == "HTTP/1.1" && request.fieldCount("Host") != 1)
        refuse("an HTTP/1.1 request needs exactly one Host header");
    return request;
}

} // namespace ampwb::serve
