#pragma once

#include <mutex>
#include <string>
#include <unordered_set>

namespace ampwb::serve {

/// The local ports of the relays' connections to the HTTP server, while they are open: a request that
/// reaches the server on any other connection came to its internal port directly, past the gate.
class RelayPorts {
public:
    void add(int port);
    void remove(int port);
    bool contains(int port) const;

private:
    mutable std::mutex mutex;
    std::unordered_multiset<int> ports;
};

/// Carries one client connection to the HTTP server on 127.0.0.1:`upstreamPort` and back,
/// until the server has answered and closed: sends `firstBytes` (the request head as
/// relayed, and any body bytes already read), then copies bytes both ways. A client that
/// half-closes its side still receives the answer (its end of input is not passed on);
/// after the answer the client's remaining upload is read and dropped for up to two
/// seconds so that it sees the answer rather than a reset. The connection's local port is in `ports` while
/// it is open. Blocks; closes `clientSocket`.
void relayConnection(int clientSocket, int upstreamPort, const std::string& firstBytes, RelayPorts& ports);

} // namespace ampwb::serve
