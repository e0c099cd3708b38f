#pragma once

#include <memory>
#include <string>

namespace httplib {
class Server;
}

namespace ampwb::serve {

class AccessPolicy;
class ClassificationService;
class ConnectionGate;

/// The classification service over HTTP (cpp-httplib): GET / (the web page),
/// POST /v1/classify, GET /v1/model, GET /healthz; refusals as JSON {error, message}
/// with status 400, 401, 403, 408, 413, 415, 421, 431 or 503. A ConnectionGate owns the public
/// socket and passes on only complete, well-formed request heads that the AccessPolicy allows;
/// httplib listens on an internal loopback port and answers only the gate's relays there. Uploads are read as they
/// stream in and never held beyond the service's request limit.
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
    /// Answers requests until stop(); returns once the requests in flight are answered.
    void serve();
    /// Stops accepting connections; serve() returns after the requests in flight. Any thread.
    void stop();
    /// "http://HOST:PORT/" once bound.
    std::string url() const;
    /// The loopback port httplib listens on, to which the gate relays: it answers the gate's relays alone
    /// (403 to a client connecting to it directly).
    int relayedPort() const { return internalPort; }

private:
    ClassificationService& service;
    std::string accessToken;
    std::unique_ptr<httplib::Server> server;
    std::unique_ptr<AccessPolicy> policy; ///< set by bind(), from the address bound
    std::unique_ptr<ConnectionGate> gate;
    int internalPort = 0;
    int internalSocket = -1; ///< httplib's listening socket, seen through its socket options hook
    std::string boundHost;
    int boundPort = 0;
};

/// Whether `host` is a loopback address (127.x.x.x, ::1 or localhost).
bool isLoopbackHost(const std::string& host);

} // namespace ampwb::serve
