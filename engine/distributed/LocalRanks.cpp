#include "distributed/LocalRanks.h"

#include "distributed/DistributedError.h"
#include "system/ThreadPolicy.h"

#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <thread>

extern char** environ;

namespace ampwb {
namespace {

constexpr auto kGraceAfterTerm = std::chrono::seconds(5);

/// A TCP port on 127.0.0.1 that nothing listens on now (the kernel's choice, as torchrun --standalone picks one).
uint16_t freeLocalPort()
{
    const int probe = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    const bool found = probe >= 0 && ::bind(probe, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0
                    && ::getsockname(probe, reinterpret_cast<sockaddr*>(&address), &length) == 0;
    if (probe >= 0)
        ::close(probe);
    if (!found)
        throw DistributedError(EngineMessage(EngineMessage::Code::NoFreePort, {std::strerror(errno)}));
    return ntohs(address.sin_port);
}

/// This process's environment with `changes` applied.
std::vector<std::string> environmentWith(const std::map<std::string, std::string>& changes)
{
    std::map<std::string, std::string> variables;
    for (char** entry = environ; *entry; ++entry) {
        const std::string text(*entry);
        const size_t equals = text.find('=');
        if (equals != std::string::npos)
            variables[text.substr(0, equals)] = text.substr(equals + 1);
    }
    for (const auto& [name, value] : changes)
        variables[name] = value;
    std::vector<std::string> result;
    for (const auto& [name, value] : variables)
        result.push_back(name + "=" + value);
    return result;
}

std::vector<char*> pointers(std::vector<std::string>& texts)
{
    std::vector<char*> result;
    for (std::string& text : texts)
        result.push_back(text.data());
    result.push_back(nullptr);
    return result;
}

RankExit exitOf(int status)
{
    if (WIFSIGNALED(status))
        return {128 + WTERMSIG(status), WTERMSIG(status)};
    return {WIFEXITED(status) ? WEXITSTATUS(status) : 1, 0};
}

} // namespace

LocalRanks::LocalRanks(int worldSize, const std::string& program, const std::vector<std::string>& arguments,
                       int threadsPerRank)
{
    zero.rank = 0;
    zero.worldSize = worldSize;
    zero.localRank = 0;
    zero.masterAddress = "127.0.0.1";
    zero.masterPort = freeLocalPort();
    for (int rank = 1; rank < worldSize; ++rank) {
        std::map<std::string, std::string> changes{{"RANK", std::to_string(rank)},
                                                   {"LOCAL_RANK", std::to_string(rank)},
                                                   {"WORLD_SIZE", std::to_string(worldSize)},
                                                   {"LOCAL_WORLD_SIZE", std::to_string(worldSize)},
                                                   {"MASTER_ADDR", zero.masterAddress},
                                                   {"MASTER_PORT", std::to_string(zero.masterPort)}};
        if (!std::getenv("OMP_NUM_THREADS"))
            changes["OMP_NUM_THREADS"] = std::to_string(threadsPerRank);
        std::vector<std::string> environment = environmentWith(changes);
        std::vector<std::string> argv{program};
        argv.insert(argv.end(), arguments.begin(), arguments.end());
        pid_t child = 0;
        const int failed = posix_spawn(&child, program.c_str(), nullptr, nullptr, pointers(argv).data(),
                                       pointers(environment).data());
        if (failed != 0) {
            end();
            throw DistributedError(EngineMessage(EngineMessage::Code::RankNotStarted,
                                                 {std::to_string(rank), program, std::strerror(failed)}));
        }
        children.push_back(child);
    }
}

LocalRanks::~LocalRanks()
{
    end();
}

std::vector<RankExit> LocalRanks::wait(std::chrono::milliseconds patience)
{
    std::vector<RankExit> statuses(children.size());
    const auto deadline = std::chrono::steady_clock::now() + patience;
    for (size_t each = 0; each < children.size(); ++each) {
        for (;;) {
            int status = 0;
            const pid_t reaped = ::waitpid(children[each], &status, WNOHANG);
            if (reaped > 0 || (reaped < 0 && errno != EINTR)) {
                statuses[each] = reaped > 0 ? exitOf(status) : RankExit{1, 0}; // else not ours to wait for
                children[each] = 0;
                break;
            }
            if (std::chrono::steady_clock::now() >= deadline)
                break; // still running: ended below
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }
    const std::vector<RankExit> ended = end();
    for (size_t each = 0; each < ended.size(); ++each)
        if (ended[each].overdue)
            statuses[each] = ended[each];
    return statuses;
}

std::vector<RankExit> LocalRanks::end()
{
    std::vector<RankExit> statuses(children.size());
    for (const pid_t child : children)
        if (child > 0)
            ::kill(child, SIGTERM);
    const auto deadline = std::chrono::steady_clock::now() + kGraceAfterTerm;
    for (size_t each = 0; each < children.size(); ++each) {
        pid_t& child = children[each];
        if (child <= 0)
            continue;
        int status = 0;
        while (::waitpid(child, &status, WNOHANG) == 0) {
            if (std::chrono::steady_clock::now() >= deadline) {
                ::kill(child, SIGKILL);
                ::waitpid(child, &status, 0);
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        statuses[each] = exitOf(status);
        statuses[each].overdue = true;
        child = 0;
    }
    return statuses;
}

std::string describeRankExit(int rank, const RankExit& exit)
{
    const std::string name = "rank " + std::to_string(rank);
    if (exit.overdue)
        return name + " was still running when its time was up and was ended by signal " + std::to_string(exit.signal)
             + " (" + strsignal(exit.signal) + ")";
    if (exit.signal != 0)
        return name + " was ended by signal " + std::to_string(exit.signal) + " (" + strsignal(exit.signal) + ")";
    if (exit.status != 0 && exit.status != 130)
        return name + " exited with status " + std::to_string(exit.status);
    return {};
}

int threadsPerLocalRank(int processes)
{
    return std::max(1, physicalCoresAvailable() / std::max(1, processes));
}

std::string ownProgram()
{
    std::vector<char> path(4096);
    const ssize_t length = ::readlink("/proc/self/exe", path.data(), path.size() - 1);
    return length > 0 ? std::string(path.data(), static_cast<size_t>(length)) : std::string();
}

std::vector<std::string> ownArgumentsWithout(const std::string& option)
{
    std::ifstream file("/proc/self/cmdline", std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    std::vector<std::string> arguments;
    for (size_t start = 0; start < text.size();) {
        const size_t end = text.find('\0', start);
        arguments.push_back(text.substr(start, end - start));
        start = end == std::string::npos ? text.size() : end + 1;
    }
    std::vector<std::string> kept;
    for (size_t each = 1; each < arguments.size(); ++each) {
        if (arguments[each] == option) {
            ++each; // its value
            continue;
        }
        if (arguments[each].rfind(option + "=", 0) == 0)
            continue;
        kept.push_back(arguments[each]);
    }
    return kept;
}

} // namespace ampwb
