#include "distributed/ProcessGroup.h"

#include "distributed/DistributedError.h"
#include "system/CudaPluginInterface.h"
#include "system/CudaSupport.h"
#include "system/LoopbackHost.h"

#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <future>
#include <memory>
#include <sstream>
#include <thread>

namespace ampwb {

namespace {

/// The keys torch.distributed.init_process_group (2.11) gives the default group on the CPU: its store prefix,
/// the group's name ("0", the first group), and the prefix of the group's Gloo backend ("cpu").
constexpr const char* defaultGroupPrefix = "default_pg";
constexpr const char* firstGroupName = "0";
constexpr const char* cpuBackendPrefix = "cpu/";
constexpr const char* cudaBackendPrefix = "cuda/";

std::string seconds(std::chrono::milliseconds duration)
{
    std::ostringstream text;
    text << static_cast<double>(duration.count()) / 1000.0 << " s";
    return text.str();
}

std::string where(const Rendezvous& rendezvous)
{
    return rendezvous.masterAddress + ":" + std::to_string(rendezvous.masterPort);
}

/// A socket listening on the loopback address `rendezvous.masterAddress` at its port, for the store to take
/// over: libtorch's store listens on every interface, where any machine that reaches this one could read and
/// write the group's keys. Throws DistributedError as opening the store does.
int listenOnLoopback(const Rendezvous& rendezvous)
{
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_NUMERICSERV;
    addrinfo* found = nullptr;
    int listening = -1;
    int failure = 0;
    if (getaddrinfo(rendezvous.masterAddress.c_str(), std::to_string(rendezvous.masterPort).c_str(), &hints, &found)
        == 0) {
        for (addrinfo* candidate = found; candidate && listening < 0; candidate = candidate->ai_next) {
            const int socket = ::socket(candidate->ai_family, candidate->ai_socktype | SOCK_CLOEXEC, 0);
            if (socket < 0)
                continue;
            const int yes = 1;
            setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
            if (::bind(socket, candidate->ai_addr, candidate->ai_addrlen) == 0 && ::listen(socket, SOMAXCONN) == 0) {
                listening = socket;
            } else {
                failure = errno;
                ::close(socket);
            }
        }
        freeaddrinfo(found);
    }
    if (listening < 0)
        throw DistributedError(EngineMessage(
            EngineMessage::Code::RendezvousPortOfAddressBusy,
            {std::to_string(rendezvous.masterPort), rendezvous.masterAddress,
             failure ? EngineMessage::Argument(std::strerror(failure))
                     : EngineMessage::Argument(EngineMessage(EngineMessage::Code::AddressDoesNotResolve))}));
    return listening;
}

c10::intrusive_ptr<c10d::Store> openStore(const Rendezvous& rendezvous, std::chrono::milliseconds timeout)
{
    c10d::TCPStoreOptions options;
    options.port = rendezvous.masterPort;
    options.isServer = rendezvous.rank == 0 && !rendezvous.agentStoreAttempt;
    // A group on this machine alone keeps its store there; across machines it listens on every interface, as
    // PyTorch's does (docs/distributed.md: keep such a group on a private network).
    if (options.isServer && isLoopbackHost(rendezvous.masterAddress))
        options.masterListenFd = listenOnLoopback(rendezvous);
    options.numWorkers = static_cast<size_t>(rendezvous.worldSize);
    // A client tells the store it has arrived, as Python's ranks do; the host does not wait for all of them here
    // (its wait gives up silently at the timeout) but in connecting to them, which names what failed.
    options.waitWorkers = !options.isServer;
    options.timeout = timeout;
    options.multiTenant = true;
    c10::intrusive_ptr<c10d::TCPStore> store;
    try {
        store = c10::make_intrusive<c10d::TCPStore>(rendezvous.masterAddress, options);
    } catch (const std::exception& error) {
        if (options.isServer)
            throw DistributedError(EngineMessage(EngineMessage::Code::RendezvousPortBusy,
                                                 {std::to_string(rendezvous.masterPort), errorReason(error)}));
        throw DistributedError(
            EngineMessage(EngineMessage::Code::RendezvousUnreachable,
                          {std::to_string(rendezvous.rank), where(rendezvous), seconds(timeout), errorReason(error)}));
    }
    if (rendezvous.agentStoreAttempt)
        return c10::make_intrusive<c10d::PrefixStore>(
            "/worker/attempt_" + std::to_string(*rendezvous.agentStoreAttempt), store);
    return store;
}

c10::intrusive_ptr<c10d::ProcessGroupGloo::Options> glooOptions(std::chrono::milliseconds timeout)
{
    auto options = c10d::ProcessGroupGloo::Options::create(timeout);
    // The network interfaces Gloo uses: as PyTorch chooses them (GLOO_SOCKET_IFNAME, else the host's address).
    const char* interfaces = std::getenv("GLOO_SOCKET_IFNAME");
    if (interfaces && *interfaces) {
        std::istringstream names(interfaces);
        std::string name;
        while (std::getline(names, name, ','))
            options->devices.push_back(c10d::ProcessGroupGloo::createDeviceForInterface(name));
    } else {
        options->devices.push_back(c10d::ProcessGroupGloo::createDefaultDevice());
    }
    options->threads = static_cast<int>(options->devices.size()) * 2;
    return options;
}

/// The group's NCCL backend, made by the CUDA part (which links libtorch_cuda), as init_process_group adds
/// it beside Gloo where CUDA is available ("cpu:gloo,cuda:nccl"); it connects at the first CUDA collective.
c10::intrusive_ptr<c10d::Backend> ncclBackend(const c10::intrusive_ptr<c10d::Store>& store,
                                              const Rendezvous& rendezvous, std::chrono::milliseconds timeout)
{
    char error[512] = "";
    void* backend = cudaPluginFunctions()->createNcclBackend(store.get(), rendezvous.rank, rendezvous.worldSize,
                                                             timeout.count(), firstGroupName, error, sizeof error);
    if (!backend)
        throw DistributedError(
            EngineMessage(EngineMessage::Code::NcclSetupFailed, {std::to_string(rendezvous.rank), std::string(error)}));
    return c10::intrusive_ptr<c10d::Backend>::reclaim(static_cast<c10d::Backend*>(backend));
}

/// A formed group: its collectives and its store.
struct FormedGroup {
    c10::intrusive_ptr<c10d::ProcessGroup> group;
    c10::intrusive_ptr<c10d::Store> keys;
};

/// Forms the group as init_process_group does; see ProcessGroup.
FormedGroup formGroup(const Rendezvous& rendezvous, std::chrono::milliseconds timeout)
{
    FormedGroup formed;
    const auto store = c10::make_intrusive<c10d::PrefixStore>(defaultGroupPrefix, openStore(rendezvous, timeout));
    try {
        // As init_process_group builds it: a ProcessGroup over the group's store, its Gloo backend over the
        // backend's own prefix. Gloo's connecting to every other rank is the start-up rendezvous.
        const auto groupStore = c10::make_intrusive<c10d::PrefixStore>(std::string(firstGroupName) + "/", store);
        auto& group = formed.group;
        group = c10::make_intrusive<c10d::ProcessGroup>(groupStore, rendezvous.rank, rendezvous.worldSize);
        group->setDefaultBackend(c10d::ProcessGroup::BackendType::GLOO);
        auto options = glooOptions(timeout);
        options->group_name = firstGroupName;
        auto gloo = c10::make_intrusive<c10d::ProcessGroupGloo>(c10::make_intrusive<c10d::PrefixStore>(cpuBackendPrefix,
                                                                                                       groupStore),
                                                                rendezvous.rank, rendezvous.worldSize, options);
        gloo->setSequenceNumberForGroup();
        group->setBackend(c10::DeviceType::CPU, c10d::ProcessGroup::BackendType::GLOO, gloo);
        if (cudaAvailable())
            group->setBackend(c10::DeviceType::CUDA, c10d::ProcessGroup::BackendType::NCCL,
                              ncclBackend(c10::make_intrusive<c10d::PrefixStore>(cudaBackendPrefix, groupStore),
                                          rendezvous, timeout));
        group->setGroupName(firstGroupName);
        group->setGroupDesc(defaultGroupPrefix);
        formed.keys = store;
    } catch (const DistributedError&) {
        throw;
    } catch (const std::exception& error) {
        throw DistributedError(EngineMessage(EngineMessage::Code::RanksDidNotConnect,
                                             {std::to_string(rendezvous.rank), where(rendezvous), seconds(timeout),
                                              std::to_string(rendezvous.worldSize), errorReason(error)}));
    }
    return formed;
}

} // namespace

ProcessGroup::ProcessGroup(const Rendezvous& rendezvous, std::chrono::milliseconds timeout)
    : rendezvous(rendezvous)
{
    // libtorch's store client waits for an answer without a limit once it has connected, so a listener at
    // MASTER_ADDR:MASTER_PORT that accepts and never answers would hold the rank for ever. The group is formed
    // on a thread of its own and given up when it takes longer than any of its bounded waits can (a client
    // tries twice, each for the whole timeout); the thread is left to end with the process.
    auto forming = std::make_shared<std::packaged_task<FormedGroup()>>(
        [rendezvous, timeout] { return formGroup(rendezvous, timeout); });
    std::future<FormedGroup> formed = forming->get_future();
    std::thread([forming] { (*forming)(); }).detach();
    const auto longestWait = 2 * timeout + c10d::TCPStore::kConnectRetryDelay + std::chrono::seconds(2);
    if (formed.wait_for(longestWait) != std::future_status::ready)
        throw DistributedError(
            EngineMessage(EngineMessage::Code::RendezvousNoAnswer,
                          {std::to_string(rendezvous.rank), where(rendezvous),
                           seconds(std::chrono::duration_cast<std::chrono::milliseconds>(longestWait))}));
    FormedGroup result = formed.get();
    group = std::move(result.group);
    keys = std::move(result.keys);
}

} // namespace ampwb
