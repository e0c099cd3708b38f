#include "HttpServer.h"

#include "ClassificationService.h"
#include "ResponseJson.h"
#include "ServiceError.h"
#include "UploadReading.h"
#include "WebPage.h"

#include <httplib.h>
#include <nlohmann/json.hpp>

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

HttpServer::HttpServer(ClassificationService& service)
    : service(service)
    , server(std::make_unique<httplib::Server>())
{
    const ServiceLimits& limits = service.options().limits;
    // Every request waiting in the queue or being classified holds a connection thread;
    // a few more keep /healthz and refusals answered while the queue is full.
    const size_t connectionThreads = static_cast<size_t>(limits.queueCapacity + service.options().workers + 4);
    server->new_task_queue = [connectionThreads] { return new httplib::ThreadPool(connectionThreads); };
    server->set_payload_max_length(limits.maxRequestBytes);
    server->set_keep_alive_max_count(1000);
    server->set_tcp_nodelay(true); // headers and body go out as separate writes
    // httplib's default SO_REUSEPORT would let a second server share a port another one
    // listens on; SO_REUSEADDR only reuses a port whose connections are closing.
    server->set_socket_options([](socket_t socket) {
        const int yes = 1;
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
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
    server->set_error_handler(httplib::Server::HandlerWithResponse(describeStatus));
    server->set_exception_handler([](const httplib::Request&, httplib::Response& response, std::exception_ptr error) {
        std::string message = "unknown error";
        try {
            std::rethrow_exception(error);
        } catch (const std::exception& exception) {
            message = exception.what();
        } catch (...) {
        }
        response.status = 500;
        response.set_content(nlohmann::json{{"error", "internal"}, {"message", message}}.dump(), kJson);
    });
}

HttpServer::~HttpServer()
{
    stop();
}

int HttpServer::bind(const std::string& host, int port)
{
    const int bound = port == 0 ? server->bind_to_any_port(host) : (server->bind_to_port(host, port) ? port : -1);
    if (bound <= 0)
        throw std::runtime_error("Cannot listen on " + host + ":" + std::to_string(port)
                                 + " (the address is in use, not this machine's, or the port needs privileges).");
    boundHost = host;
    boundPort = bound;
    return bound;
}

void HttpServer::serve()
{
    serving = true;
    if (!stopRequested)
        server->listen_after_bind();
    serving = false;
}

void HttpServer::stop()
{
    stopRequested = true;
    // httplib's stop() does nothing until listen_after_bind has marked the server running:
    // a stop() that comes just as serve() begins waits for that moment (microseconds).
    while (serving && !server->is_running())
        std::this_thread::yield();
    server->stop();
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
