#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace ampwb::serve {

/// The head of one part of a multipart/form-data body.
struct FormPart {
    std::string name;        ///< the form field's name
    std::string filename;    ///< empty for a plain field
    std::string contentType; ///< as sent, empty when absent
};

/// Reads a multipart/form-data body (RFC 7578) as it streams in, in pieces of any size:
/// calls `partStarted` at each part's head and `partData` with its bytes, never holding more
/// than a part head and a boundary's length. Throws ServiceError(BadRequest) for a body that is
/// not well-formed multipart.
class MultipartReader {
public:
    MultipartReader(std::string boundary, std::function<void(const FormPart&)> partStarted,
                    std::function<void(std::string_view)> partData);

    /// Takes the next bytes of the body.
    void read(std::string_view bytes);
    /// Whether the closing boundary has been read.
    bool complete() const { return state == State::Done; }

    /// The boundary parameter of a multipart/form-data Content-Type; nullopt for another type.
    /// Throws ServiceError(BadRequest) for a multipart type without a usable boundary.
    static std::optional<std::string> boundaryOf(std::string_view contentType);

private:
    enum class State { Preamble, AfterBoundary, PartHead, PartData, Done };

    /// Handles what `pending` holds; false when it needs more bytes.
    bool step();
    void startPart(std::string_view head);

    std::string delimiter; ///< "\r\n--" + boundary
    std::function<void(const FormPart&)> partStarted;
    std::function<void(std::string_view)> partData;
    State state = State::Preamble;
    std::string pending;
};

} // namespace ampwb::serve
