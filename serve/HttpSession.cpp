#include "HttpSession.h"

#include "AccessPolicy.h"
#include "ClassificationService.h"
#include "ResponseJson.h"
#include "ServiceError.h"
#include "UploadReading.h"
#include "WebPage.h"

#include <boost/asio/execution/outstanding_work.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <nlohmann/json.hpp>

#include <limits>

namespace ampwb::serve {
namespace asio = boost::asio;
namespace http = boost::beast::http;
using boost::system::error_code;

namespace {

constexpr auto kShutdownLook = std::chrono::milliseconds(100);
constexpr auto kShutdownGrace = std::chrono::seconds(2);
constexpr auto kAnswerWriting = std::chrono::seconds(30); ///< for a client to read its answer
constexpr auto kLingering = std::chrono::seconds(2);      ///< reading what a client still sends before closing
constexpr size_t kBodyPieceBytes = 64u << 10;
constexpr const char* kJson = "application/json";

std::string kibibytes(size_t bytes)
{
    return std::to_string((bytes + 1023) / 1024) + " KiB";
}

bool isParseError(const error_code& error)
{
    return error.category() == http::make_error_code(http::error::bad_target).category();
}

/// What is wrong with a request head, as the parser found it.
std::string malformedHead(const error_code& error)
{
    switch (static_cast<http::error>(error.value())) {
    case http::error::bad_method:
    case http::error::bad_target:
    case http::error::bad_version: return "the request line is not METHOD TARGET HTTP/1.x.";
    case http::error::bad_field:
    case http::error::bad_value: return "a header line is not NAME: VALUE.";
    case http::error::bad_line_ending: return "its lines must end with CRLF.";
    case http::error::bad_content_length: return "Content-Length is not a number, or appears with different values.";
    case http::error::bad_transfer_encoding:
        return "it has both Content-Length and Transfer-Encoding, or a Transfer-Encoding that is not chunked.";
    case http::error::partial_message: return "the connection ended before the request head was complete.";
    default: return error.message() + ".";
    }
}

/// Refuses what the parser lets through but this service does not take.
void checkFraming(const http::request_header<>& head, bool chunked)
{
    const auto hosts = head.count(http::field::host);
    if (hosts > 1 || (head.version() == 11 && hosts != 1))
        throw ServiceError(RefusalReason::BadRequest,
                           "Malformed HTTP request: an HTTP/1.1 request needs exactly one Host header.");
    if (head.count(http::field::transfer_encoding) > 0 && !chunked)
        throw ServiceError(RefusalReason::BadRequest,
                           "Malformed HTTP request: the only Transfer-Encoding accepted is chunked.");
}

} // namespace

HttpSession::HttpSession(asio::ip::tcp::socket socket, const SessionContext& context)
    : socket(std::move(socket))
    , deadline(this->socket.get_executor())
    , context(context)
{
}

HttpSession::~HttpSession() = default;

void HttpSession::start(ConnectionLimits::Handle admitted)
{
    asio::post(socket.get_executor(), [self = shared_from_this(), admitted = std::move(admitted)]() mutable {
        self->slot = std::move(admitted);
        if (!self->slot) {
            self->refuse(ServiceError(RefusalReason::Busy, "Too many requests are being answered; retry shortly."));
            return;
        }
        self->readHead();
    });
}

void HttpSession::shutDown()
{
    asio::post(socket.get_executor(), [self = shared_from_this()] {
        self->stopping = true;
        if (!self->waitingForHead)
            return;
        // Bytes already sent may be on their way into the parser: a moment tells an idle
        // connection from one sending a head.
        self->lookingForAHead = true;
        self->expireAt(std::min(self->headDeadline, Clock::now() + kShutdownLook));
    });
}

void HttpSession::drop()
{
    asio::post(socket.get_executor(), [self = shared_from_this()] { self->close(); });
}

void HttpSession::readHead()
{
    headDeadline = Clock::now()
                 + std::chrono::duration_cast<Clock::duration>(
                       std::chrono::duration<double>(context.service.options().limits.requestHeadSeconds));
    expireAt(headDeadline);
    parser.emplace();
    parser->header_limit(static_cast<uint32_t>(context.service.options().limits.maxRequestHeadBytes));
    // The upload reader bounds the body. (Boost 1.74 compares a Content-Length with an unset limit
    // as if the limit were smaller, so "no limit" is the largest one.)
    parser->body_limit(std::numeric_limits<std::uint64_t>::max());
    context.connections.setWaitingForHead(*slot, true);
    continueHead();
}

void HttpSession::continueHead()
{
    waitingForHead = true;
    http::async_read_header(socket, buffer, *parser,
                            [self = shared_from_this()](error_code error, size_t) { self->onHead(error); });
}

void HttpSession::onHead(error_code error)
{
    waitingForHead = false;
    if (closed)
        return;
    const bool somethingSent = parser->got_some() || buffer.size() > 0;
    if (timedOut) {
        if (!somethingSent)
            return close();
        if (lookingForAHead) {
            lookingForAHead = false;
            expireAt(std::min(headDeadline, Clock::now() + kShutdownGrace));
            return continueHead();
        }
        if (stopping)
            return refuse(ServiceError(RefusalReason::ShuttingDown, "The service is shutting down."));
        return refuse(ServiceError(RefusalReason::TimedOut, "The request head did not arrive within the time allowed; "
                                                            "send the whole request at once."));
    }
    if (error == http::error::header_limit)
        return refuse(ServiceError(RefusalReason::HeadTooLarge,
                                   "The request head is larger than "
                                       + kibibytes(context.service.options().limits.maxRequestHeadBytes)
                                       + ", the limit."));
    if (error && isParseError(error) && (error != http::error::end_of_stream || somethingSent))
        return refuse(ServiceError(RefusalReason::BadRequest, "Malformed HTTP request: " + malformedHead(error)));
    if (error)
        return close();
    context.connections.setWaitingForHead(*slot, false);
    try {
        checkFraming(parser->get(), parser->chunked());
        context.policy.check(parser->get());
        route();
    } catch (const ServiceError& refusal) {
        refuse(refusal);
    }
}

void HttpSession::route()
{
    const auto& head = parser->get();
    const std::string path = requestPath(head.target());
    headOnly = head.method() == http::verb::head;
    const bool reading = head.method() == http::verb::get || headOnly;
    Response answer{http::status::ok, 11};
    answer.set(http::field::content_type, kJson);
    if (reading && path == "/") {
        answer.set(http::field::content_type, "text/html; charset=utf-8");
        answer.body() = webPage();
    } else if (reading && path == "/healthz") {
        answer.body() = nlohmann::json{{"status", "ok"}, {"queued", context.service.queuedRequests()}}.dump();
    } else if (reading && path == "/v1/model") {
        answer.body() = modelJson(context.service);
    } else if (head.method() == http::verb::post && path == "/v1/classify") {
        return readBody();
    } else {
        throw ServiceError(RefusalReason::NotFound,
                           "No such page: try GET /, POST /v1/classify, GET /v1/model or GET /healthz.");
    }
    respond(std::move(answer));
}

void HttpSession::readBody()
{
    const auto& head = parser->get();
    const auto declared = parser->content_length();
    upload = std::make_unique<UploadReader>(std::string(head[http::field::content_type]),
                                            declared ? std::optional<uint64_t>(*declared) : std::nullopt,
                                            context.service.options().limits);
    chunk.resize(kBodyPieceBytes);
    bodyStart = Clock::now();
    bodyBytes = 0;
    if (!boost::beast::iequals(head[http::field::expect], "100-continue") || parser->is_done())
        return readBodyPiece();
    // The client waits for this before it sends the body (curl does for large uploads).
    static constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
    asio::async_write(socket, asio::buffer(kContinue.data(), kContinue.size()),
                      [self = shared_from_this()](error_code error, size_t) {
                          if (error || self->closed)
                              return self->close();
                          self->readBodyPiece();
                      });
}

void HttpSession::readBodyPiece()
{
    if (parser->is_done())
        return onBody({});
    const ServiceLimits& limits = context.service.options().limits;
    // The body may pause for the grace at first; each byte it sends buys time at the minimum rate.
    const double allowedSeconds = limits.bodyGraceSeconds
                                + double(bodyBytes) / double(std::max<size_t>(1, limits.minBodyBytesPerSecond));
    expireAt(bodyStart + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(allowedSeconds)));
    parser->get().body().data = chunk.data();
    parser->get().body().size = chunk.size();
    http::async_read_some(socket, buffer, *parser,
                          [self = shared_from_this()](error_code error, size_t) { self->onBody(error); });
}

void HttpSession::onBody(error_code error)
{
    if (closed)
        return;
    if (error == http::error::need_buffer)
        error = {};
    if (timedOut) {
        const ServiceLimits& limits = context.service.options().limits;
        return refuse(ServiceError(RefusalReason::TimedOut, "The upload arrived too slowly (under "
                                                                + kibibytes(limits.minBodyBytesPerSecond)
                                                                + "/s after its first seconds); send it at once."));
    }
    if (error && isParseError(error))
        return refuse(ServiceError(RefusalReason::BadRequest, "The upload was cut short or is not a well-formed "
                                                              "request."));
    if (error)
        return close();
    if (parser->get().body().data) {
        const size_t read = chunk.size() - parser->get().body().size;
        parser->get().body().data = nullptr;
        bodyBytes += read;
        uploadCutOff = !upload->read(std::string_view(chunk.data(), read));
    }
    try {
        if (uploadCutOff || !parser->is_done()) {
            if (uploadCutOff)
                upload->images(); // throws the refusal
            return readBodyPiece();
        }
        std::vector<UploadedImage> images = upload->images();
        upload.reset();
        keepServing = asio::prefer(socket.get_executor(), asio::execution::outstanding_work.tracked);
        answer = context.service.submit(std::move(images), [self = shared_from_this()] {
            asio::post(self->socket.get_executor(), [self] { self->onAnswered(); });
        });
    } catch (const ServiceError& refusal) {
        keepServing = {};
        refuse(refusal);
    }
}

void HttpSession::onAnswered()
{
    keepServing = {};
    try {
        const RequestAnswer answered = answer.get();
        Response ok{http::status::ok, 11};
        ok.set(http::field::content_type, kJson);
        ok.body() = answerJson(context.service.classifier(), answered);
        respond(std::move(ok));
    } catch (const ServiceError& refusal) {
        refuse(refusal);
    } catch (const std::exception&) {
        // What an unexpected exception says (a library's assertion, a source path) means nothing
        // to a client and tells an attacker about the internals.
        Response failed{http::status::internal_server_error, 11};
        failed.set(http::field::content_type, kJson);
        failed.body() = nlohmann::json{{"error", "internal"},
                                       {"message", "The service failed while answering this request."}}
                            .dump();
        respond(std::move(failed));
    }
}

void HttpSession::refuse(const ServiceError& error)
{
    Response refusal{static_cast<http::status>(error.httpStatus()), 11};
    refusal.set(http::field::content_type, kJson);
    if (error.reason() == RefusalReason::Busy)
        refusal.set(http::field::retry_after, "1");
    if (error.reason() == RefusalReason::Unauthorized)
        refusal.set(http::field::www_authenticate, "Bearer");
    refusal.body() = errorJson(error);
    respond(std::move(refusal));
}

void HttpSession::respond(Response answer)
{
    if (closed)
        return;
    const bool requestReadWhole = parser && parser->is_header_done() && parser->is_done() && !uploadCutOff;
    answer.keep_alive(requestReadWhole && parser->get().keep_alive() && !stopping);
    answer.prepare_payload();
    if (headOnly)
        answer.body().clear(); // Content-Length stays that of the GET answer
    response = std::move(answer);
    expireAt(Clock::now() + kAnswerWriting);
    http::async_write(socket, response,
                      [self = shared_from_this()](error_code error, size_t) { self->onWritten(error); });
}

void HttpSession::onWritten(error_code error)
{
    if (error || closed || timedOut)
        return close();
    if (!response.keep_alive())
        return finish();
    headOnly = false;
    readHead();
}

void HttpSession::finish()
{
    // Only draining now: a newer connection may take its place.
    if (slot)
        context.connections.setWaitingForHead(*slot, true);
    error_code ignored;
    socket.shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
    expireAt(Clock::now() + kLingering);
    chunk.resize(kBodyPieceBytes);
    discardUntilClosed();
}

void HttpSession::discardUntilClosed()
{
    socket.async_read_some(asio::buffer(chunk), [self = shared_from_this()](error_code error, size_t) {
        if (error || self->timedOut)
            return self->close();
        self->discardUntilClosed();
    });
}

void HttpSession::close()
{
    if (closed)
        return;
    closed = true;
    ++deadlineGeneration;
    deadline.cancel();
    error_code ignored;
    socket.shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
    socket.close(ignored);
    slot.reset();
}

void HttpSession::expireAt(Clock::time_point when)
{
    timedOut = false;
    const int generation = ++deadlineGeneration;
    deadline.expires_at(when);
    deadline.async_wait([self = shared_from_this(), generation](error_code error) {
        if (error || generation != self->deadlineGeneration || self->closed)
            return;
        self->timedOut = true;
        error_code ignored;
        self->socket.cancel(ignored);
    });
}

} // namespace ampwb::serve
