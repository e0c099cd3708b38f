#pragma once

#include <string>

namespace ampwb {

/// Whether `host` names this machine's loopback interface: "localhost", "::1" or an address 127.x.x.x. What
/// listens there is reachable from this machine alone.
inline bool isLoopbackHost(const std::string& host)
{
    return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

} // namespace ampwb
