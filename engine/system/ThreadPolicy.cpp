#include "system/ThreadPolicy.h"

#include <ATen/Parallel.h>
#include <dlfcn.h>
#include <omp.h>
#include <sched.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <set>
#include <thread>
#include <utility>

namespace ampwb {

namespace {

std::mutex policyMutex;
ThreadPolicy appliedPolicy{0, "libtorch's default"}; // 0: libtorch's own count, asked when needed

/// A whole number above zero written as `text`, else 0.
int positiveWholeNumber(const std::string& text)
{
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 6)
        return 0;
    return std::stoi(text);
}

/// CPUs' worth of time the control group may use (cgroup v2's cpu.max, rounded up); 0 without a limit.
int cpuQuota()
{
    std::ifstream file("/sys/fs/cgroup/cpu.max");
    std::string quota;
    long long period = 0;
    if (!(file >> quota >> period) || quota == "max" || period <= 0)
        return 0;
    const long long microseconds = std::atoll(quota.c_str());
    return microseconds > 0 ? static_cast<int>((microseconds + period - 1) / period) : 0;
}

std::string firstWordOf(const std::string& path)
{
    std::ifstream file(path);
    std::string word;
    file >> word;
    return word;
}

/// OpenBLAS's function `name` in this process (found by name: the BLAS libtorch loaded may be
/// another, without it), else null.
template <typename Function>
Function* openBlasFunction(const char* name)
{
    return reinterpret_cast<Function*>(dlsym(RTLD_DEFAULT, name));
}

} // namespace

int physicalCoresAvailable()
{
    cpu_set_t mask;
    CPU_ZERO(&mask);
    std::set<std::pair<std::string, std::string>> cores; // (package, core), or ("cpu", number) if unknown
    if (sched_getaffinity(0, sizeof mask, &mask) == 0) {
        for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
            if (!CPU_ISSET(cpu, &mask))
                continue;
            const std::string topology = "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/topology/";
            const std::string package = firstWordOf(topology + "physical_package_id");
            const std::string core = firstWordOf(topology + "core_id");
            if (package.empty() || core.empty())
                cores.emplace("cpu", std::to_string(cpu));
            else
                cores.emplace(package, core);
        }
    }
    int count = cores.empty() ? static_cast<int>(std::thread::hardware_concurrency()) : static_cast<int>(cores.size());
    if (const int quota = cpuQuota(); quota > 0)
        count = std::min(count, quota);
    return std::max(count, 1);
}

ThreadPolicy chooseThreadPolicy(int requestedThreads)
{
    if (requestedThreads > 0)
        return {requestedThreads, "from --threads"};
    const char* environment = std::getenv("OMP_NUM_THREADS");
    if (const int fromEnvironment = positiveWholeNumber(environment ? environment : ""); fromEnvironment > 0)
        return {fromEnvironment, "from OMP_NUM_THREADS"};
    return {physicalCoresAvailable(), "one per physical core"};
}

void applyThreadPolicy(const ThreadPolicy& policy)
{
    std::lock_guard lock(policyMutex);
    at::set_num_threads(policy.intraOpThreads);
    if (auto* setThreads = openBlasFunction<void(int)>("openblas_set_num_threads"))
        setThreads(kOpenBlasThreads);
    appliedPolicy = policy;
}

int openBlasThreads()
{
    auto* getThreads = openBlasFunction<int()>("openblas_get_num_threads");
    return getThreads ? getThreads() : 0;
}

ThreadPolicy currentThreadPolicy()
{
    std::lock_guard lock(policyMutex);
    if (appliedPolicy.intraOpThreads == 0)
        return {at::get_num_threads(), appliedPolicy.chosenBy};
    return appliedPolicy;
}

void useIntraOpThreadsOnThisThread(int threads)
{
    // libtorch sets a thread's count from the process-wide one on the thread's first use of it; asking
    // for the count makes that happen now, so it cannot overwrite this thread's own count later.
    at::get_num_threads();
    omp_set_num_threads(std::max(threads, 1));
}

} // namespace ampwb
