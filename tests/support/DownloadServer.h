// A local HTTP server for download tests (Debian's cpp-httplib).
#pragma once

#include <QString>

#include <atomic>
#include <memory>
#include <string>
#include <thread>

namespace httplib {
class Server;
}

/// Serves one file's bytes on 127.0.0.1 (a free port) from its own thread while it lives, in the ways
/// a download can go:
///   /file/NAME      the bytes, with their length
///   /chunked/NAME   the bytes without a length (chunked)
///   /half/NAME      the length of the bytes, then half of them, then the connection closes
///   /stalled/NAME   the length, the first 64 KiB, then nothing until the server stops
///   /redirect/NAME  a 302 to /file/NAME
///   /endless/NAME   the bytes over and over without a length (chunked), until the client goes
///   /huge/NAME      a length of 1 GiB, then the bytes over and over
///   /trickle/NAME   the length, then one byte a second
///   anything else   404
class DownloadServer {
public:
    explicit DownloadServer(std::string bytes);
    ~DownloadServer();
    DownloadServer(const DownloadServer&) = delete;
    DownloadServer& operator=(const DownloadServer&) = delete;

    /// "http://127.0.0.1:PORT" + path.
    QString url(const QString& path) const;
    /// Requests answered or being answered so far.
    int requestCount() const { return requests; }

    /// A URL on 127.0.0.1 where nothing listens (a port a server just gave back).
    static QString unreachableUrl(const QString& path);

private:
    std::string bytes;
    std::unique_ptr<httplib::Server> server;
    int port = 0;
    std::atomic<int> requests{0};
    std::atomic<bool> stopping{false};
    std::thread thread;
};
