#pragma once

// A TCP port on the loopback interface for a test's rendezvous.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <stdexcept>

namespace ampwb::test {

/// A socket bound to a port the system chose on 127.0.0.1; listening when asked, so that the port is in use.
class LocalPort {
public:
    explicit LocalPort(bool listening = false)
        : socketFd(::socket(AF_INET, SOCK_STREAM, 0))
    {
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof(address);
        if (socketFd < 0 || ::bind(socketFd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0
            || ::getsockname(socketFd, reinterpret_cast<sockaddr*>(&address), &length) != 0
            || (listening && ::listen(socketFd, 1) != 0))
            throw std::runtime_error("no free TCP port on 127.0.0.1");
        portNumber = ntohs(address.sin_port);
    }
    ~LocalPort() { release(); }
    LocalPort(const LocalPort&) = delete;
    LocalPort& operator=(const LocalPort&) = delete;

    uint16_t port() const { return portNumber; }
    /// Closes the socket, so that a rank can take the port.
    void release()
    {
        if (socketFd >= 0)
            ::close(socketFd);
        socketFd = -1;
    }

private:
    int socketFd;
    uint16_t portNumber = 0;
};

} // namespace ampwb::test
