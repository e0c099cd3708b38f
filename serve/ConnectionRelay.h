#pragma once

#include <string>

namespace ampwb::serve {

/// Carries one client connection to the HTTP server on 127.0.0.1:`upstreamPort` and back,
/// until the server has answered and closed: sends `firstBytes` (the request head as
/// relayed, and any body bytes already read), then copies bytes both ways. A client that
/// half-closes its side still receives the answer (its end of input is not passed on);
/// after the answer the client's remaining upload is read and dropped for up to two
/// seconds so that it sees the answer rather than a reset. Blocks; closes `clientSocket`.
void relayConnection(int clientSocket, int upstreamPort, const std::string& firstBytes);

} // namespace ampwb::serve
