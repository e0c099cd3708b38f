#include "HttpServer.h"

#include "AccessPolicy.h"
#include "ClassificationService.h"
#include "ConnectionGate.h"
#include "ResponseJson.h"
#include "ServiceError.h"
#include "UploadReading.h"
#include "WebPage.h"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <thread>

namespace ampwb::serve {
namespace {

constexpr const char* kJson = "application/json";

void refuse(httplib::Response& response, const ServiceError& error)
{
    response.status = error.httpStatus();
    if (error.reason() == RefusalReason::Busy)
        response.set_header("Retry-After", "1");
    response.set_content(errorJson(error), kJson);
}

/// JSON for the statuses httplib itself answers (404, a malformed request, …).
httplib::Server::HandlerResponse describeStatus(const httplib::Request&, httplib::Response& response)
{
    if (!response.body.empty())
        return httplib::Server::HandlerResponse::Unhandled;
    const std::string code = response.status == 404 ? "not_found"
                           : response.status == 413 ? "too_large"
                                                    : "bad_request";
    const std::string message = response.status == 404
                                  ? "No such page: try GET /, POST /v1/classify, GET /v1/model or GET /healthz."
                                  : "The request was refused (HTTP status " + std::to_string(response.status) + ").";
    response.set_content(nlohmann::json{{"error", code}, {"message", message}}.dump(), kJson);
    return httplib::Server::HandlerResponse::Handled;
}

} // namespace

HttpServer::HttpServer(ClassificationService& service, std::string accessToken)
    : service(service)
    , accessToken(std::move(accessToken))
    , server(std::make_unique<httplib::Server>())
{
    const ServiceLimits& limits = service.options().limits;
    gate = std::make_unique<ConnectionGate>(limits, [this](const RequestHead& head) { policy->check(head); });
    // Every request the gate lets through holds a connection thread, each its own connection:
    // the gate bounds them, so httplib never queues one behind another.
    const auto connectionThreads = static_cast<size_t>(std::max(1, limits.maxConnections));
    server->new_task_queue = [connectionThreads] { return new httplib::ThreadPool(connectionThreads); };
    server->set_payload_max_length(limits.maxRequestBytes);
    server->set_tcp_nodelay(true); // headers and body go out as separate writes
    // httplib's default SO_REUSEPORT would let a second server share a port another one
    // listens on; SO_REUSEADDR only reuses a port whose connections are closing.
    server->set_socket_options([this](socket_t socket) {
        const int yes = 1;
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        internalSocket = socket;
    });

    server->Get("/", [](const httplib::Request&, httplib::Response& response) {
        response.set_content(std::string(webPage()), "text/html; charset=utf-8");
    });
    server->Get("/healthz", [this](const httplib::Request&, httplib::Response& response) {
        response.set_content(nlohmann::json{{"status", "ok"}, {"queued", this->service.queuedRequests()}}.dump(),
                             kJson);
    });
    server->Get("/v1/model", [this](const httplib::Request&, httplib::Response& response) {
        response.set_content(modelJson(this->service), kJson);
    });
    server->Post("/v1/classify", [this](const httplib::Request& request, httplib::Response& response,
                                        const httplib::ContentReader& reader) {
        try {
            std::vector<UploadedImage> images = readUploadedImages(request, response, reader,
                                                                   this->service.options().limits);
            const RequestAnswer answer = this->service.submit(std::move(images)).get();
            response.status = 200;
            response.set_content(answerJson(this->service.classifier(), answer), kJson);
        } catch (const ServiceError& error) {
            refuse(response, error);
        }
    });
    // Only the gate's relays may reach the internal port: a client connecting to it directly would pass by the
    // gate's limits and the access rules.
    server->set_pre_routing_handler([this](const httplib::Request& request, httplib::Response& response) {
        if (gate->isRelayPort(request.remote_port))
            return httplib::Server::HandlerResponse::Unhandled;
        refuse(response, ServiceError(RefusalReason::Forbidden, "Connect to the service's own address, " + url()
                                                                    + ", not to its internal port."));
        return httplib::Server::HandlerResponse::Handled;
    });
    server->set_error_handler(httplib::Server::HandlerWithResponse(describeStatus));
    // What an unexpected exception says (a library's assertion, a source path) means nothing to a
    // client and tells an attacker about the internals: the client gets a plain message.
    server->set_exception_handler([](const httplib::Request&, httplib::Response& response, std::exception_ptr) {
        response.status = 500;
        response.set_content(nlohmann::json{{"error", "internal"},
                                            {"message", "The service failed while answering this request."}}
                                 .dump(),
                             kJson);
    });
}

HttpServer::~HttpServer()
{
    stop();
}

int HttpServer::bind(const std::string& host, int port)
{
    const int bound = gate->bind(host, port);
    internalPort = server->bind_to_any_port("127.0.0.1");
    if (internalPort <= 0)
        throw std::runtime_error("Cannot listen on an internal port of 127.0.0.1.");
    // httplib listens with a backlog of 5: relays connecting at once beyond it would wait for a
    // SYN retry (1 s). Listening again on the bound socket raises the backlog.
    ::listen(internalSocket, SOMAXCONN);
    policy = std::make_unique<AccessPolicy>(isLoopbackHost(host), accessToken);
    boundHost = host;
    boundPort = bound;
    return bound;
}

void HttpServer::serve()
{
    std::atomic<bool> httpEnded{false};
    std::thread http([&] {
        server->listen_after_bind();
        httpEnded = true;
    });
    // httplib's stop() does nothing until listen_after_bind has marked the server running.
    while (!server->is_running() && !httpEnded)
        std::this_thread::yield();
    gate->run(internalPort); // returns once stopped, every head already sent relayed or refused
    gate->finishRelays();    // the relayed requests are answered while the HTTP server still runs
    server->stop();
    http.join();
}

void HttpServer::stop()
{
    gate->stop();
}

std::string HttpServer::url() const
{
    const bool ipv6 = boundHost.find(':') != std::string::npos;
    return "http://" + (ipv6 ? "[" + boundHost + "]" : boundHost) + ":" + std::to_string(boundPort) + "/";
}

bool isLoopbackHost(const std::string& host)
{
    return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

} // namespace ampwb::serve
