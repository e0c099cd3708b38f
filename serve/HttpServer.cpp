#include "HttpServer.h"

#include "AccessPolicy.h"
#include "ClassificationService.h"
#include "ConnectionLimits.h"
#include "HttpSession.h"
#include "system/LoopbackHost.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include <algorithm>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace ampwb::serve {
namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

/// Threads reading and writing connections: few, as none of them waits on classifying.
constexpr int kConnectionThreads = 2;

} // namespace

struct HttpServer::Listener {
    Listener(ClassificationService& service, std::string accessToken)
        : service(service)
        , accessToken(std::move(accessToken))
        , connections(service.options().limits.maxConnections, service.options().limits.maxConnectionsPerAddress)
    {
    }

    void accept();
    void startSession(tcp::socket socket);
    /// On the acceptor's strand: see HttpServer::serve().
    void shutDown();

    ClassificationService& service;
    std::string accessToken;
    asio::io_context io;
    tcp::acceptor acceptor{asio::make_strand(io)};
    asio::steady_timer acceptRetry{acceptor.get_executor()};
    ConnectionLimits connections;
    std::unique_ptr<AccessPolicy> policy; ///< set by bind(), from the address bound
    std::unique_ptr<SessionContext> context;
    std::mutex sessionsMutex;
    std::vector<std::weak_ptr<HttpSession>> sessions;
    bool shuttingDown = false; ///< on the acceptor's strand
    std::string boundHost;
    int boundPort = 0;
};

void HttpServer::Listener::accept()
{
    acceptor.async_accept(asio::make_strand(io), [this](boost::system::error_code error, auto socket) {
        if (!error)
            startSession(tcp::socket(std::move(socket)));
        if (shuttingDown)
            return;
        if (error) {
            // Out of file descriptors, or a connection reset before it was taken: try again shortly.
            acceptRetry.expires_after(std::chrono::milliseconds(20));
            acceptRetry.async_wait([this](boost::system::error_code waited) {
                if (!waited && !shuttingDown)
                    accept();
            });
            return;
        }
        accept();
    });
}

void HttpServer::Listener::startSession(tcp::socket socket)
{
    boost::system::error_code error;
    const std::string address = socket.remote_endpoint(error).address().to_string();
    auto session = std::make_shared<HttpSession>(std::move(socket), *context);
    {
        std::lock_guard lock(sessionsMutex);
        sessions.erase(std::remove_if(sessions.begin(), sessions.end(),
                                      [](const std::weak_ptr<HttpSession>& s) { return s.expired(); }),
                       sessions.end());
        sessions.push_back(session);
    }
    std::weak_ptr<HttpSession> weak = session;
    session->start(connections.admit(address, [weak] {
        if (auto displaced = weak.lock())
            displaced->drop();
    }));
    if (shuttingDown)
        session->shutDown();
}

void HttpServer::Listener::shutDown()
{
    if (shuttingDown)
        return;
    shuttingDown = true;
    acceptRetry.cancel();
    // The connections already made wait in the listening socket's backlog: they are taken too.
    boost::system::error_code error;
    acceptor.non_blocking(true, error);
    for (;;) {
        tcp::socket socket(asio::make_strand(io));
        acceptor.accept(socket, error);
        if (error)
            break;
        startSession(std::move(socket));
    }
    acceptor.close(error);
    std::lock_guard lock(sessionsMutex);
    for (const std::weak_ptr<HttpSession>& weak : sessions) {
        if (auto session = weak.lock())
            session->shutDown();
    }
}

HttpServer::HttpServer(ClassificationService& service, std::string accessToken)
    : listener(std::make_unique<Listener>(service, std::move(accessToken)))
{
}

HttpServer::~HttpServer() = default;

int HttpServer::bind(const std::string& host, int port)
{
    const auto failure = [&] {
        return std::runtime_error("Cannot listen on " + host + ":" + std::to_string(port)
                                  + " (the address is in use, not this machine's, or the port needs privileges).");
    };
    boost::system::error_code error;
    tcp::resolver resolver(listener->io);
    const auto endpoints = resolver.resolve(host, std::to_string(port), tcp::resolver::passive, error);
    if (error || endpoints.empty())
        throw failure();
    tcp::acceptor& acceptor = listener->acceptor;
    for (const auto& candidate : endpoints) {
        acceptor.open(candidate.endpoint().protocol(), error);
        if (error)
            continue;
        // SO_REUSEADDR reuses a port whose connections are closing, never one another server listens on.
        acceptor.set_option(tcp::acceptor::reuse_address(true), error);
        acceptor.bind(candidate.endpoint(), error);
        if (!error)
            acceptor.listen(asio::socket_base::max_listen_connections, error);
        if (!error)
            break;
        boost::system::error_code ignored;
        acceptor.close(ignored);
    }
    if (!acceptor.is_open())
        throw failure();
    listener->policy = std::make_unique<AccessPolicy>(isLoopbackHost(host), listener->accessToken);
    listener->context = std::make_unique<SessionContext>(
        SessionContext{listener->service, *listener->policy, listener->connections});
    listener->boundHost = host;
    listener->boundPort = acceptor.local_endpoint().port();
    return listener->boundPort;
}

void HttpServer::serve()
{
    listener->accept();
    std::vector<std::thread> threads;
    for (int i = 1; i < kConnectionThreads; ++i)
        threads.emplace_back([this] { listener->io.run(); });
    listener->io.run(); // returns once stopped and every connection has ended
    for (std::thread& thread : threads)
        thread.join();
}

void HttpServer::stop()
{
    asio::post(listener->acceptor.get_executor(), [listener = listener.get()] { listener->shutDown(); });
}

std::string HttpServer::url() const
{
    const std::string& host = listener->boundHost;
    const bool ipv6 = host.find(':') != std::string::npos;
    return "http://" + (ipv6 ? "[" + host + "]" : host) + ":" + std::to_string(listener->boundPort) + "/";
}

} // namespace ampwb::serve
