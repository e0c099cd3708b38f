#include "distributed/ProcessGroup.h"

#include "distributed/DistributedError.h"
#include "system/CudaPluginInterface.h"
#include "system/CudaSupport.h"

#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include <cstdlib>
#include <sstream>

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

c10::intrusive_ptr<c10d::Store> openStore(const Rendezvous& rendezvous, std::chrono::milliseconds timeout)
{
    c10d::TCPStoreOptions options;
    options.port = rendezvous.masterPort;
    options.isServer = rendezvous.rank == 0 && !rendezvous.agentStoreAttempt;
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
            throw DistributedError(
                "Rank 0 could not open the rendezvous on port " + std::to_string(rendezvous.masterPort)
                + " (is another program using it? choose another MASTER_PORT): " + errorReason(error));
        throw DistributedError("Rank " + std::to_string(rendezvous.rank) + " could not reach the rendezvous at "
                               + where(rendezvous) + " within " + seconds(timeout)
                               + " (check MASTER_ADDR and MASTER_PORT, and that rank 0 has started): "
                               + errorReason(error));
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
        throw DistributedError("Rank " + std::to_string(rendezvous.rank)
                               + " could not set up NCCL for its GPU: " + error);
    return c10::intrusive_ptr<c10d::Backend>::reclaim(static_cast<c10d::Backend*>(backend));
}

} // namespace

ProcessGroup::ProcessGroup(const Rendezvous& rendezvous, std::chrono::milliseconds timeout)
    : rendezvous(rendezvous)
{
    const auto store = c10::make_intrusive<c10d::PrefixStore>(defaultGroupPrefix, openStore(rendezvous, timeout));
    try {
        // As init_process_group builds it: a ProcessGroup over the group's store, its Gloo backend over the
        // backend's own prefix. Gloo's connecting to every other rank is the start-up rendezvous.
        const auto groupStore = c10::make_intrusive<c10d::PrefixStore>(std::string(firstGroupName) + "/", store);
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
        keys = store;
    } catch (const DistributedError&) {
        throw;
    } catch (const std::exception& error) {
        throw DistributedError(
            "Rank " + std::to_string(rendezvous.rank) + " could not connect to the other ranks at " + where(rendezvous)
            + " within " + seconds(timeout) + " (did all " + std::to_string(rendezvous.worldSize)
            + " ranks start, with the same WORLD_SIZE, MASTER_ADDR and MASTER_PORT?): " + errorReason(error));
    }
}

} // namespace ampwb
