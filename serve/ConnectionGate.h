#pragma once

#include "ClassificationService.h"
#include "ConnectionRelay.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>

namespace ampwb::serve {

struct RequestHead;
class ServiceError;

/// Stands in front of the HTTP server (cpp-httplib, whose fixed pool of connection threads
/// a few idle or slow clients could otherwise hold): owns the public listening socket and, on
/// one thread, accepts connections and reads each request head without blocking. It bounds
/// the connections held in total and per client address (dropping the oldest one still
/// sending its head when a limit is reached, so a new request gets through), gives the whole
/// head a deadline from the moment of accepting (408), refuses a head that is too large (431)
/// or not strict HTTP/1.x (400, parseRequestHead) or that `admit` refuses, all at once and
/// as JSON, and hands each accepted request to a relay thread that carries it to the HTTP
/// server with `Connection: close` (so every request passes the gate).
class ConnectionGate {
public:
    /// `admit` throws ServiceError for a head that may not pass.
    ConnectionGate(const ServiceLimits& limits, std::function<void(const RequestHead&)> admit);
    ~ConnectionGate();

    ConnectionGate(const ConnectionGate&) = delete;
    ConnectionGate& operator=(const ConnectionGate&) = delete;

    /// Listens on `host`:`port` (port 0: a free port); returns the port. Throws std::runtime_error.
    int bind(const std::string& host, int port);
    /// Accepts and relays to 127.0.0.1:`upstreamPort` until stop(); then stops listening (taking
    /// the connections already made), closes those that have sent nothing, gives the heads
    /// still being sent two seconds to arrive and be relayed, and refuses the rest (503,
    /// shutting down). The relays go on until their requests are answered (finishRelays).
    void run(int upstreamPort);
    /// Makes run() return. Any thread.
    void stop();
    /// Waits for the relays of accepted requests to finish (after the HTTP server has stopped).
    void finishRelays();
    /// Whether `port` is the local port of a relay's connection to the HTTP server now: a request on any other
    /// connection reached the internal port directly, past this gate. Any thread.
    bool isRelayPort(int port) const { return relayPorts.contains(port); }

private:
    using Clock = std::chrono::steady_clock;
    struct Connection;
    struct Relay;

    /// One poll of the listening socket and the heads being read, waking by `wakeBy` at the
    /// latest; false when polling fails.
    bool pollOnce(Clock::time_point wakeBy);
    /// After stop(): see run().
    void finishHeads();
    void accept();
    void read(Connection& connection);
    void startRelay(Connection& connection, size_t headEnd);
    /// Answers `error` and closes the connection once the client has read it (or soon after).
    void refuse(Connection& connection, const ServiceError& error);
    void makeRoomFor(const std::string& address);
    void expire(Clock::time_point now);
    void reapRelays();
    int connectionsFrom(const std::string& address) const;
    int connectionsHeld() const;

    ServiceLimits limits;
    std::function<void(const RequestHead&)> admit;
    int listening = -1;
    int wakePipe[2] = {-1, -1};
    std::atomic<bool> stopping{false};
    std::list<Connection> connections; ///< heads being read and refusals being sent, oldest first
    mutable std::mutex relaysMutex;
    std::list<Relay> relays;
    RelayPorts relayPorts;
    int upstream = 0;
};

} // namespace ampwb::serve
