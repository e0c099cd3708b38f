#include "MultipartReader.h"

#include "ServiceError.h"

#include <algorithm>
#include <cctype>

namespace ampwb::serve {
namespace {

constexpr size_t kMaxPartHeadBytes = 8u << 10;

[[noreturn]] void malformed(const std::string& what)
{
    throw ServiceError(RefusalReason::BadRequest, "The multipart form is malformed: " + what + ".");
}

std::string lowerCase(std::string_view text)
{
    std::string lower(text);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    return lower;
}

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

/// The value of `parameter` in a header value such as `form-data; name="file"; filename="a.jpg"`
/// (quoted or not, backslash escapes undone); empty when absent.
std::string parameterOf(std::string_view value, std::string_view parameter)
{
    size_t at = value.find(';');
    while (at != std::string_view::npos) {
        const size_t equals = value.find('=', at);
        const size_t semicolon = value.find(';', at + 1);
        if (equals == std::string_view::npos || equals > semicolon) {
            at = semicolon;
            continue;
        }
        const std::string name = lowerCase(trimmed(value.substr(at + 1, equals - at - 1)));
        size_t cursor = equals + 1;
        std::string parsed;
        if (cursor < value.size() && value[cursor] == '"') {
            for (++cursor; cursor < value.size() && value[cursor] != '"'; ++cursor) {
                if (value[cursor] == '\\' && cursor + 1 < value.size())
                    ++cursor;
                parsed += value[cursor];
            }
            if (cursor >= value.size())
                malformed("a quoted parameter is not closed");
            ++cursor;
        } else {
            const size_t end = std::min(value.find(';', cursor), value.size());
            parsed = std::string(trimmed(value.substr(cursor, end - cursor)));
            cursor = end;
        }
        if (name == parameter)
            return parsed;
        at = value.find(';', cursor);
    }
    return {};
}

} // namespace

MultipartReader::MultipartReader(std::string boundary, std::function<void(const FormPart&)> partStarted,
                                 std::function<void(std::string_view)> partData)
    : delimiter("\r\n--" + std::move(boundary))
    , partStarted(std::move(partStarted))
    , partData(std::move(partData))
{
    // The body starts with the first boundary; a leading CRLF makes it look like every other one.
    pending = "\r\n";
}

void MultipartReader::read(std::string_view bytes)
{
    if (state == State::Done)
        return; // the epilogue is ignored
    pending.append(bytes);
    while (step()) {
    }
}

bool MultipartReader::step()
{
    switch (state) {
    case State::Preamble: {
        const size_t found = pending.find(delimiter);
        if (found == std::string::npos) {
            // The preamble is dropped, but for what could be the start of the delimiter.
            if (pending.size() > delimiter.size())
                pending.erase(0, pending.size() - delimiter.size());
            return false;
        }
        pending.erase(0, found + delimiter.size());
        state = State::AfterBoundary;
        return true;
    }
    case State::AfterBoundary:
        if (pending.size() < 2)
            return false;
        if (pending.compare(0, 2, "--") == 0) {
            state = State::Done;
            pending.clear();
            return false;
        }
        // Transport padding (blanks) may follow a boundary before its CRLF.
        while (!pending.empty() && (pending.front() == ' ' || pending.front() == '\t'))
            pending.erase(0, 1);
        if (pending.size() < 2)
            return false;
        if (pending.compare(0, 2, "\r\n") != 0)
            malformed("a boundary is not followed by a line break");
        pending.erase(0, 2);
        state = State::PartHead;
        return true;
    case State::PartHead: {
        if (pending.size() < 2)
            return false;
        if (pending.compare(0, 2, "\r\n") == 0) { // a part without header lines
            pending.erase(0, 2);
            startPart({});
            state = State::PartData;
            return true;
        }
        const size_t end = pending.find("\r\n\r\n");
        if (end == std::string::npos) {
            if (pending.size() > kMaxPartHeadBytes)
                malformed("a part's header is larger than 8 KiB");
            return false;
        }
        startPart(std::string_view(pending).substr(0, end));
        pending.erase(0, end + 4);
        state = State::PartData;
        return true;
    }
    case State::PartData: {
        const size_t found = pending.find(delimiter);
        if (found == std::string::npos) {
            // Everything but what could be the start of the delimiter is the part's data.
            if (pending.size() > delimiter.size()) {
                const size_t safe = pending.size() - delimiter.size();
                partData(std::string_view(pending).substr(0, safe));
                pending.erase(0, safe);
            }
            return false;
        }
        if (found > 0)
            partData(std::string_view(pending).substr(0, found));
        pending.erase(0, found + delimiter.size());
        state = State::AfterBoundary;
        return true;
    }
    case State::Done: return false;
    }
    return false;
}

void MultipartReader::startPart(std::string_view head)
{
    FormPart part;
    size_t lineStart = 0;
    while (lineStart < head.size()) {
        size_t lineEnd = head.find("\r\n", lineStart);
        if (lineEnd == std::string_view::npos)
            lineEnd = head.size();
        const std::string_view line = head.substr(lineStart, lineEnd - lineStart);
        const size_t colon = line.find(':');
        if (colon == std::string_view::npos)
            malformed("a part's header line has no colon");
        const std::string name = lowerCase(trimmed(line.substr(0, colon)));
        const std::string_view value = trimmed(line.substr(colon + 1));
        if (name == "content-disposition") {
            part.name = parameterOf(value, "name");
            part.filename = parameterOf(value, "filename");
        } else if (name == "content-type") {
            part.contentType = std::string(value);
        }
        lineStart = lineEnd + 2;
    }
    partStarted(part);
}

std::optional<std::string> MultipartReader::boundaryOf(std::string_view contentType)
{
    const std::string type = lowerCase(trimmed(contentType.substr(0, contentType.find(';'))));
    if (type != "multipart/form-data")
        return std::nullopt;
    const std::string boundary = parameterOf(contentType, "boundary");
    if (boundary.empty() || boundary.size() > 70)
        throw ServiceError(RefusalReason::BadRequest,
                           "A multipart/form-data body needs a boundary of 1 to 70 characters in its Content-Type.");
    return boundary;
}

} // namespace ampwb::serve
