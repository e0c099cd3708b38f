#include "DownloadServer.h"

#include <httplib.h>

#include <algorithm>
#include <chrono>

namespace {

constexpr const char* kContentType = "application/octet-stream";
constexpr size_t kStalledPrefixBytes = 64 * 1024;

} // namespace

DownloadServer::DownloadServer(std::string content)
    : bytes(std::move(content))
    , server(std::make_unique<httplib::Server>())
{
    server->set_pre_routing_handler([this](const httplib::Request&, httplib::Response&) {
        ++requests;
        return httplib::Server::HandlerResponse::Unhandled;
    });
    server->Get(R"(/file/.+)", [this](const httplib::Request&, httplib::Response& response) {
        response.set_content(bytes, kContentType);
    });
    server->Get(R"(/chunked/.+)", [this](const httplib::Request&, httplib::Response& response) {
        response.set_chunked_content_provider(kContentType, [this](size_t offset, httplib::DataSink& sink) {
            const size_t piece = std::min<size_t>(bytes.size() - offset, 100000);
            if (piece > 0)
                sink.write(bytes.data() + offset, piece);
            if (offset + piece == bytes.size())
                sink.done();
            return true;
        });
    });
    server->Get(R"(/half/.+)", [this](const httplib::Request&, httplib::Response& response) {
        response.set_content_provider(bytes.size(), kContentType,
                                      [this](size_t offset, size_t, httplib::DataSink& sink) {
                                          if (offset >= bytes.size() / 2)
                                              return false;
                                          sink.write(bytes.data() + offset, bytes.size() / 2 - offset);
                                          return true;
                                      });
    });
    server->Get(R"(/stalled/.+)", [this](const httplib::Request&, httplib::Response& response) {
        response.set_content_provider(
            bytes.size(), kContentType, [this](size_t offset, size_t, httplib::DataSink& sink) {
                if (offset == 0)
                    return sink.write(bytes.data(), std::min(bytes.size(), kStalledPrefixBytes));
                while (!stopping && sink.is_writable())
                    std::this_thread::sleep_for(std::chrono::milliseconds(20));
                return false;
            });
    });
    server->Get(R"(/endless/.+)", [this](const httplib::Request&, httplib::Response& response) {
        response.set_chunked_content_provider(kContentType, [this](size_t, httplib::DataSink& sink) {
            return !stopping && !bytes.empty() && sink.write(bytes.data(), bytes.size());
        });
    });
    server->Get(R"(/huge/.+)", [this](const httplib::Request&, httplib::Response& response) {
        response.set_content_provider(size_t(1) << 30, kContentType,
                                      [this](size_t, size_t length, httplib::DataSink& sink) {
                                          return !stopping && !bytes.empty()
                                              && sink.write(bytes.data(), std::min(length, bytes.size()));
                                      });
    });
    server->Get(R"(/trickle/.+)", [this](const httplib::Request&, httplib::Response& response) {
        response.set_content_provider(bytes.size(), kContentType,
                                      [this](size_t offset, size_t, httplib::DataSink& sink) {
                                          for (int waited = 0; waited < 50; ++waited) {
                                              if (stopping || !sink.is_writable())
                                                  return false;
                                              std::this_thread::sleep_for(std::chrono::milliseconds(20));
                                          }
                                          return sink.write(bytes.data() + offset, 1);
                                      });
    });
    server->Get(R"(/redirect/(.+))", [](const httplib::Request& request, httplib::Response& response) {
        response.set_redirect("/file/" + request.matches[1].str());
    });
    port = server->bind_to_any_port("127.0.0.1");
    if (port < 0)
        return;
    thread = std::thread([this] { server->listen_after_bind(); });
    // stop() only ends a server that has started listening.
    while (!server->is_running())
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

DownloadServer::~DownloadServer()
{
    stopping = true;
    server->stop();
    if (thread.joinable())
        thread.join();
}

QString DownloadServer::url(const QString& path) const
{
    return QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path);
}

QString DownloadServer::unreachableUrl(const QString& path)
{
    const DownloadServer closed({});
    return closed.url(path);
}
