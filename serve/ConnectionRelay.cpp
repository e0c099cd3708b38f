#include "ConnectionRelay.h"

#include "ResponseJson.h"
#include "ServiceError.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <chrono>

namespace ampwb::serve {
namespace {

/// A write that takes longer than this (a client that does not read its answer) ends the relay.
constexpr int kSendTimeoutSeconds = 30;
/// How long a client's unread upload is dropped after the answer before the connection closes.
constexpr int kDrainMilliseconds = 2000;

bool sendAll(int socket, const char* data, size_t size)
{
    while (size > 0) {
        const ssize_t sent = ::send(socket, data, size, MSG_NOSIGNAL);
        if (sent < 0 && errno == EINTR)
            continue;
        if (sent <= 0)
            return false;
        data += sent;
        size -= static_cast<size_t>(sent);
    }
    return true;
}

void setSendTimeout(int socket)
{
    const timeval timeout{kSendTimeoutSeconds, 0};
    setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
}

int connectUpstream(int port)
{
    const int upstream = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (upstream < 0)
        return -1;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(upstream, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
        ::close(upstream);
        return -1;
    }
    const int yes = 1;
    setsockopt(upstream, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    setSendTimeout(upstream);
    return upstream;
}

int localPortOf(int socket)
{
    sockaddr_in address{};
    socklen_t length = sizeof address;
    return ::getsockname(socket, reinterpret_cast<sockaddr*>(&address), &length) == 0 ? ntohs(address.sin_port) : -1;
}

/// Reads and drops what the client still sends, until it closes or the time is up.
void drainClient(int client)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kDrainMilliseconds);
    std::array<char, 16384> buffer{};
    for (;;) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
        if (left <= 0)
            return;
        pollfd readable{client, POLLIN, 0};
        if (::poll(&readable, 1, static_cast<int>(left)) <= 0)
            return;
        if (::recv(client, buffer.data(), buffer.size(), 0) <= 0)
            return;
    }
}

} // namespace

void RelayPorts::add(int port)
{
    const std::lock_guard lock(mutex);
    ports.insert(port);
}

void RelayPorts::remove(int port)
{
    const std::lock_guard lock(mutex);
    if (const auto found = ports.find(port); found != ports.end())
        ports.erase(found);
}

bool RelayPorts::contains(int port) const
{
    const std::lock_guard lock(mutex);
    return ports.count(port) > 0;
}

void relayConnection(int client, int upstreamPort, const std::string& firstBytes, RelayPorts& ports)
{
    setSendTimeout(client);
    const int upstream = connectUpstream(upstreamPort);
    if (upstream < 0) {
        const std::string refusal = refusalResponse(
            ServiceError(RefusalReason::ShuttingDown, "The service is shutting down."));
        sendAll(client, refusal.data(), refusal.size());
        ::close(client);
        return;
    }
    const int localPort = localPortOf(upstream);
    ports.add(localPort); // before the server can read the request
    bool clientSending = sendAll(upstream, firstBytes.data(), firstBytes.size());
    bool answered = false;
    std::array<char, 65536> buffer{};
    for (;;) {
        std::array<pollfd, 2> sockets{{{upstream, POLLIN, 0}, {clientSending ? client : -1, POLLIN, 0}}};
        if (::poll(sockets.data(), sockets.size(), -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (sockets[0].revents != 0) {
            const ssize_t received = ::recv(upstream, buffer.data(), buffer.size(), 0);
            if (received <= 0) {
                answered = received == 0;
                break;
            }
            if (!sendAll(client, buffer.data(), static_cast<size_t>(received)))
                break;
        }
        if (sockets[1].revents != 0) {
            const ssize_t received = ::recv(client, buffer.data(), buffer.size(), 0);
            if (received < 0)
                break; // the client is gone
            // At its end of input, the client waits for the answer: keep the server's side open.
            clientSending = received > 0 && sendAll(upstream, buffer.data(), static_cast<size_t>(received));
        }
    }
    ports.remove(localPort);
    ::close(upstream);
    if (answered) {
        ::shutdown(client, SHUT_WR);
        drainClient(client);
    }
    ::close(client);
}

} // namespace ampwb::serve
