#pragma once

#include "ClassificationService.h"
#include "ConnectionLimits.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/buffer_body.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include <chrono>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ampwb::serve {

class AccessPolicy;
class ServiceError;
class UploadReader;

/// What the connections of one HttpServer share.
struct SessionContext {
    ClassificationService& service;
    const AccessPolicy& policy;
    ConnectionLimits& connections;
};

/// One client connection, read and answered with Boost.Beast's HTTP parser on the connection's
/// strand: request heads within the head deadline and size limit, the access rules, the routes
/// (GET / and /healthz, GET /v1/model, POST /v1/classify), an upload's body at a minimum rate,
/// keep-alive. Refusals are answered as JSON {error, message}; a connection that must end is
/// closed only after the client had time to read its answer.
class HttpSession : public std::enable_shared_from_this<HttpSession> {
public:
    HttpSession(boost::asio::ip::tcp::socket socket, const SessionContext& context);
    ~HttpSession();

    /// Starts reading requests; `slot` null means the connection limits leave no room (503).
    void start(ConnectionLimits::Handle slot);
    /// The server is stopping: a connection waiting for a head with nothing sent is closed, a
    /// head being sent gets two more seconds at most (then 503), a request in progress is
    /// answered; the connection then closes. Any thread.
    void shutDown();
    /// Closes the connection at once, to make room for a newer one. Any thread.
    void drop();

private:
    using Clock = std::chrono::steady_clock;
    using Response = boost::beast::http::response<boost::beast::http::string_body>;

    void readHead();
    void continueHead();
    void onHead(boost::system::error_code error);
    void route();
    void readBody();
    void readBodyPiece();
    void onBody(boost::system::error_code error);
    void onAnswered();
    /// Answers `error`, keeping the connection only if the request has been read whole.
    void refuse(const ServiceError& error);
    void respond(Response response);
    void onWritten(boost::system::error_code error);
    /// Ends the connection after the answer: stops sending, reads what the client still sends
    /// for a while, then closes.
    void finish();
    void discardUntilClosed();
    void close();
    /// Cancels the reading or writing in progress at `when`.
    void expireAt(Clock::time_point when);

    boost::asio::ip::tcp::socket socket;
    boost::asio::steady_timer deadline;
    Clock::time_point headDeadline; ///< when the request head being read must be complete
    int deadlineGeneration = 0;
    bool timedOut = false;
    const SessionContext& context;
    ConnectionLimits::Handle slot;
    boost::beast::flat_buffer buffer;
    std::optional<boost::beast::http::request_parser<boost::beast::http::buffer_body>> parser;
    bool waitingForHead = false;
    bool stopping = false;
    bool lookingForAHead = false; ///< stopping: whether a connection waiting for a head is sending one
    bool closed = false;
    bool headOnly = false; ///< a HEAD request: the answer without its body
    std::unique_ptr<UploadReader> upload;
    bool uploadCutOff = false;
    std::vector<char> chunk;
    Clock::time_point bodyStart;
    size_t bodyBytes = 0;
    std::future<RequestAnswer> answer;
    boost::asio::any_io_executor keepServing; ///< holds the server's run while a worker classifies
    Response response;
};

} // namespace ampwb::serve
