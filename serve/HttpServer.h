#pragma once

#include <atomic>
#include <memory>
#include <string>

namespace httplib {
class Server;
}

namespace ampwb::serve {

class ClassificationService;

/// The classification service over HTTP (cpp-httplib): GET / (the web page),
/// POST /v1/classify, GET /v1/model, GET /healthz; refusals as JSON {error, message}
/// with status 400, 413, 415 or 503. Uploads are read as they stream in and never
/// held beyond the service's request limit.
class HttpServer {
public:
    explicit HttpServer(ClassificationService& service);
    ~HttpServer();

    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    /// Binds to `host`:`port` (port 0: a free port). Returns the port; throws
    /// std::runtime_error naming the address when it cannot be bound.
    int bind(const std::string& host, int port);
    /// Answers requests until stop(); returns once the requests in flight are answered.
    void serve();
    /// Stops accepting connections; serve() returns after the requests in flight. Any thread.
    void stop();
    /// "http://HOST:PORT/" once bound.
    std::string url() const;

private:
    ClassificationService& service;
    std::unique_ptr<httplib::Server> server;
    std::string boundHost;
    int boundPort = 0;
    std::atomic<bool> stopRequested{false};
    std::atomic<bool> serving{false}; ///< serve() has begun and not yet returned
};

/// Whether `host` is a loopback address (127.x.x.x, ::1 or localhost).
bool isLoopbackHost(const std::string& host);

} // namespace ampwb::serve
