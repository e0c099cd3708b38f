#include "ConnectionGate.h"

#include "RequestHead.h"
#include "ResponseJson.h"
#include "ServiceError.h"

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <vector>

namespace ampwb::serve {
namespace {

/// How long a refused connection is kept to let the client read the answer.
constexpr auto kRefusalLinger = std::chrono::seconds(1);
/// How long, once stopping, the heads already being sent have to arrive.
constexpr auto kStopGrace = std::chrono::seconds(2);
/// How many connections are accepted before the heads already accepted are read again.
constexpr int kAcceptsPerRound = 64;

std::string numericAddress(const sockaddr_storage& address, socklen_t length)
{
    std::array<char, NI_MAXHOST> host{};
    if (getnameinfo(reinterpret_cast<const sockaddr*>(&address), length, host.data(), host.size(), nullptr, 0,
                    NI_NUMERICHOST)
        != 0)
        return "?";
    return host.data();
}

} // namespace

struct ConnectionGate::Connection {
    int socket = -1;
    std::string address;
    Clock::time_point acceptedAt;
    std::string bytes;
    bool refused = false; ///< the answer is sent; what the client still sends is dropped
    Clock::time_point closeBy;
};

struct ConnectionGate::Relay {
    std::string address;
    std::thread thread;
    std::atomic<bool> finished{false};
};

ConnectionGate::ConnectionGate(const ServiceLimits& limits, std::function<void(const RequestHead&)> admit)
    : limits(limits)
    , admit(std::move(admit))
{
    if (::pipe2(wakePipe, O_CLOEXEC | O_NONBLOCK) != 0)
        throw std::runtime_error("Cannot create a pipe for the connection gate.");
}

ConnectionGate::~ConnectionGate()
{
    stop();
    finishRelays();
    for (Connection& connection : connections)
        ::close(connection.socket);
    if (listening >= 0)
        ::close(listening);
    ::close(wakePipe[0]);
    ::close(wakePipe[1]);
}

int ConnectionGate::bind(const std::string& host, int port)
{
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    addrinfo* found = nullptr;
    const std::string service = std::to_string(port);
    const auto failure = [&] {
        return std::runtime_error("Cannot listen on " + host + ":" + std::to_string(port)
                                  + " (the address is in use, not this machine's, or the port needs privileges).");
    };
    if (getaddrinfo(host.c_str(), service.c_str(), &hints, &found) != 0)
        throw failure();
    for (addrinfo* candidate = found; candidate && listening < 0; candidate = candidate->ai_next) {
        const int socket = ::socket(candidate->ai_family, candidate->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        if (socket < 0)
            continue;
        // SO_REUSEADDR reuses a port whose connections are closing, never one another server listens on.
        const int yes = 1;
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        if (::bind(socket, candidate->ai_addr, candidate->ai_addrlen) == 0 && ::listen(socket, SOMAXCONN) == 0)
            listening = socket;
        else
            ::close(socket);
    }
    freeaddrinfo(found);
    if (listening < 0)
        throw failure();
    sockaddr_storage bound{};
    socklen_t length = sizeof bound;
    getsockname(listening, reinterpret_cast<sockaddr*>(&bound), &length);
    return bound.ss_family == AF_INET6 ? ntohs(reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port)
                                       : ntohs(reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
}

void ConnectionGate::run(int upstreamPort)
{
    upstream = upstreamPort;
    while (!stopping && pollOnce(Clock::now() + std::chrono::seconds(1))) {
    }
    finishHeads();
}

bool ConnectionGate::pollOnce(Clock::time_point wakeBy)
{
    reapRelays();
    // Once stopping, the wake pipe stays readable and the listening socket is closed: neither is polled.
    std::vector<pollfd> sockets{{stopping ? -1 : wakePipe[0], POLLIN, 0}, {listening, POLLIN, 0}};
    std::vector<Connection*> polled;
    Clock::time_point nextDeadline = wakeBy;
    for (Connection& connection : connections) {
        sockets.push_back({connection.socket, POLLIN, 0});
        polled.push_back(&connection);
        const Clock::time_point deadline = connection.refused
                                             ? connection.closeBy
                                             : connection.acceptedAt
                                                   + std::chrono::duration_cast<Clock::duration>(
                                                       std::chrono::duration<double>(limits.requestHeadSeconds));
        nextDeadline = std::min(nextDeadline, deadline);
    }
    const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(nextDeadline - Clock::now()).count();
    if (::poll(sockets.data(), sockets.size(), static_cast<int>(std::max<int64_t>(0, wait) + 1)) < 0)
        return errno == EINTR;
    for (size_t i = 2; i < sockets.size(); ++i) {
        if (sockets[i].revents != 0)
            read(*polled[i - 2]);
    }
    connections.remove_if([](const Connection& connection) { return connection.socket < 0; });
    expire(Clock::now());
    if (sockets[1].revents != 0)
        accept();
    return true;
}

void ConnectionGate::finishHeads()
{
    // The connections the kernel has already completed are clients that have sent, or are
    // sending, a request: they are taken; new ones are not.
    if (listening >= 0) {
        accept();
        ::close(listening);
        listening = -1;
    }
    // What has arrived is read; a connection that has sent nothing is idle (a browser's spare
    // connection, say) and is closed.
    for (Connection& connection : connections) {
        if (!connection.refused)
            read(connection);
        if (connection.socket >= 0 && !connection.refused && connection.bytes.empty()) {
            ::close(connection.socket);
            connection.socket = -1;
        }
    }
    connections.remove_if([](const Connection& connection) { return connection.socket < 0; });
    const auto sendingHead = [](const Connection& connection) { return !connection.refused; };
    const Clock::time_point graceEnd = Clock::now() + kStopGrace;
    while (std::any_of(connections.begin(), connections.end(), sendingHead) && Clock::now() < graceEnd
           && pollOnce(graceEnd)) {
    }
    for (Connection& connection : connections) {
        if (sendingHead(connection))
            refuse(connection, ServiceError(RefusalReason::ShuttingDown, "The service is shutting down."));
    }
    // Each refusal is closed once read, or after kRefusalLinger.
    while (!connections.empty() && pollOnce(Clock::now() + kRefusalLinger)) {
    }
    for (Connection& connection : connections)
        ::close(connection.socket);
    connections.clear();
}

void ConnectionGate::stop()
{
    stopping = true;
    const char wake = 1;
    [[maybe_unused]] const ssize_t written = ::write(wakePipe[1], &wake, 1);
}

void ConnectionGate::finishRelays()
{
    std::list<Relay> finishing;
    {
        std::lock_guard lock(relaysMutex);
        finishing.splice(finishing.end(), relays);
    }
    for (Relay& relay : finishing)
        relay.thread.join();
}

void ConnectionGate::accept()
{
    for (int accepted = 0; accepted < kAcceptsPerRound; ++accepted) {
        sockaddr_storage address{};
        socklen_t length = sizeof address;
        const int socket = ::accept4(listening, reinterpret_cast<sockaddr*>(&address), &length,
                                     SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (socket < 0)
            return; // none left (EAGAIN), or out of descriptors until some close
        const int yes = 1;
        setsockopt(socket, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
        Connection connection;
        connection.socket = socket;
        connection.address = numericAddress(address, length);
        connection.acceptedAt = Clock::now();
        makeRoomFor(connection.address);
        connections.push_back(std::move(connection));
        if (connectionsFrom(connections.back().address) > limits.maxConnectionsPerAddress
            || connectionsHeld() > limits.maxConnections)
            refuse(connections.back(),
                   ServiceError(RefusalReason::Busy, "Too many requests are being answered; retry shortly."));
    }
}

void ConnectionGate::makeRoomFor(const std::string& address)
{
    const auto full = [&] {
        return connectionsFrom(address) >= limits.maxConnectionsPerAddress
            || connectionsHeld() >= limits.maxConnections;
    };
    if (!full())
        return;
    // Every head still being sent is read once more first: those that have ended, been refused
    // or been handed to a relay make room without dropping anyone.
    for (Connection& connection : connections) {
        if (!connection.refused)
            read(connection);
    }
    connections.remove_if([](const Connection& connection) { return connection.socket < 0; });
    // Then the oldest connection still sending its head gives way to the new one.
    const auto dropOldest = [this](const auto& chosen) {
        const auto oldest = std::find_if(connections.begin(), connections.end(), [&](const Connection& connection) {
            return !connection.refused && chosen(connection);
        });
        if (oldest != connections.end()) {
            ::close(oldest->socket);
            connections.erase(oldest);
        }
    };
    if (connectionsFrom(address) >= limits.maxConnectionsPerAddress)
        dropOldest([&](const Connection& connection) { return connection.address == address; });
    if (connectionsHeld() >= limits.maxConnections)
        dropOldest([](const Connection&) { return true; });
    // Refused connections waiting for their client to read the answer are bounded as well.
    while (connections.size() > static_cast<size_t>(2 * limits.maxConnections)) {
        ::close(connections.front().socket);
        connections.pop_front();
    }
}

int ConnectionGate::connectionsFrom(const std::string& address) const
{
    const auto sending = std::count_if(connections.begin(), connections.end(), [&](const Connection& connection) {
        return !connection.refused && connection.address == address;
    });
    std::lock_guard lock(relaysMutex);
    const auto relaying = std::count_if(relays.begin(), relays.end(), [&](const Relay& relay) {
        return !relay.finished && relay.address == address;
    });
    return static_cast<int>(sending + relaying);
}

int ConnectionGate::connectionsHeld() const
{
    const auto sending = std::count_if(connections.begin(), connections.end(),
                                       [](const Connection& connection) { return !connection.refused; });
    std::lock_guard lock(relaysMutex);
    const auto relaying = std::count_if(relays.begin(), relays.end(),
                                        [](const Relay& relay) { return !relay.finished; });
    return static_cast<int>(sending + relaying);
}

void ConnectionGate::read(Connection& connection)
{
    std::array<char, 16384> buffer{};
    for (;;) {
        const ssize_t received = ::recv(connection.socket, buffer.data(), buffer.size(), 0);
        if (received < 0 && errno == EINTR)
            continue;
        if (received < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        if (connection.refused && received > 0)
            continue; // dropped
        if (received <= 0) {
            if (received == 0 && !connection.refused && !connection.bytes.empty())
                refuse(connection, ServiceError(RefusalReason::BadRequest,
                                                "Malformed HTTP request: the connection ended before the request "
                                                "head was complete."));
            ::close(connection.socket);
            connection.socket = -1;
            return;
        }
        connection.bytes.append(buffer.data(), static_cast<size_t>(received));
        const std::string_view bytes(connection.bytes);
        const size_t firstLineEnd = bytes.find("\r\n");
        if (firstLineEnd != std::string_view::npos && !isRequestLine(bytes.substr(0, firstLineEnd)))
            return refuse(connection, ServiceError(RefusalReason::BadRequest,
                                                   "Malformed HTTP request: the request line is not METHOD TARGET "
                                                   "HTTP/1.x."));
        if (const auto headEnd = requestHeadEnd(bytes); headEnd && *headEnd <= limits.maxRequestHeadBytes)
            return startRelay(connection, *headEnd);
        if (connection.bytes.size() > limits.maxRequestHeadBytes)
            return refuse(connection,
                          ServiceError(RefusalReason::HeadTooLarge,
                                       "The request head is larger than "
                                           + std::to_string(limits.maxRequestHeadBytes / 1024) + " KiB, the limit."));
    }
}

void ConnectionGate::startRelay(Connection& connection, size_t headEnd)
{
    try {
        const RequestHead head = parseRequestHead(std::string_view(connection.bytes).substr(0, headEnd));
        admit(head);
        std::string firstBytes = head.relayed() + connection.bytes.substr(headEnd);
        const int socket = connection.socket;
        const int flags = fcntl(socket, F_GETFL);
        fcntl(socket, F_SETFL, flags & ~O_NONBLOCK);
        std::lock_guard lock(relaysMutex);
        Relay& relay = relays.emplace_back();
        relay.address = connection.address;
        try {
            relay.thread = std::thread([this, &relay, socket, port = upstream, firstBytes = std::move(firstBytes)] {
                relayConnection(socket, port, firstBytes, relayPorts);
                relay.finished = true;
            });
        } catch (const std::system_error&) {
            relays.pop_back(); // no thread to be had: the client is told to come back
            fcntl(socket, F_SETFL, flags);
            throw ServiceError(RefusalReason::Busy, "Too many requests are being answered; retry shortly.");
        }
        connection.socket = -1; // the relay owns it now
    } catch (const ServiceError& error) {
        refuse(connection, error);
    }
}

void ConnectionGate::refuse(Connection& connection, const ServiceError& error)
{
    const std::string response = refusalResponse(error);
    // A fresh connection's send buffer takes the short answer whole; if not, the client is not reading.
    [[maybe_unused]] const ssize_t sent = ::send(connection.socket, response.data(), response.size(), MSG_NOSIGNAL);
    ::shutdown(connection.socket, SHUT_WR);
    connection.refused = true;
    connection.bytes = {};
    connection.closeBy = Clock::now() + kRefusalLinger;
}

void ConnectionGate::expire(Clock::time_point now)
{
    const auto headDeadline = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(limits.requestHeadSeconds));
    for (Connection& connection : connections) {
        if (connection.refused && now >= connection.closeBy) {
            ::close(connection.socket);
            connection.socket = -1;
        } else if (!connection.refused && now >= connection.acceptedAt + headDeadline) {
            refuse(connection,
                   ServiceError(RefusalReason::TimedOut, "The request head did not arrive within the time allowed; "
                                                         "send the whole request at once."));
        }
    }
    connections.remove_if([](const Connection& connection) { return connection.socket < 0; });
}

void ConnectionGate::reapRelays()
{
    std::lock_guard lock(relaysMutex);
    for (auto relay = relays.begin(); relay != relays.end();) {
        if (relay->finished) {
            relay->thread.join();
            relay = relays.erase(relay);
        } else {
            ++relay;
        }
    }
}

} // namespace ampwb::serve
