#pragma once

#include <memory>
#include <string>

namespace ampwb::serve {

class ClassificationService;

/// The classification service over HTTP, on Boost.Beast: GET / (the web page), POST
/// /v1/classify, GET /v1/model, GET /healthz; refusals as JSON {error, message} with status
/// 400, 401, 403, 404, 408, 413, 415, 421, 431 or 503. Connections are bounded in total and
/// per client address (ConnectionLimits), each request head and body has a deadline, the
/// AccessPolicy is checked on every head, and uploads are read as they stream in, never held
/// beyond the service's request limit. The connections are served on a few threads, however
/// many there are; classifying runs on the service's workers.
class HttpServer {
public:
    /// `accessToken`: when not empty, requests other than GET / and GET /healthz need
    /// `Authorization: Bearer` with it (401 otherwise).
    explicit HttpServer(ClassificationService& service, std::string accessToken = {});
    ~HttpServer();

    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    /// Binds to `host`:`port` (port 0: a free port). Returns the port; throws
    /// std::runtime_error naming the address when it cannot be bound.
    int bind(const std::string& host, int port);
    /// Answers requests until stop(); then takes the connections already made, closes those that
    /// have sent nothing, gives the heads still being sent two seconds (then 503, shutting down),
    /// and returns once the requests in flight are answered.
    void serve();
    /// Makes serve() return as described there. Any thread, also before serve().
    void stop();
    /// "http://HOST:PORT/" once bound.
    std::string url() const;

private:
    struct Listener;
    std::unique_ptr<Listener> listener;
};

} // namespace ampwb::serve
