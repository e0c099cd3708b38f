#include "system/ThreadPolicy.h"

#include <ATen/Functions.h>
#include <ATen/Parallel.h>
#include <ATen/TensorIterator.h>
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
    appliedPolicy = policy;
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
    // libtorch sets a thread's count from the process-wide one on the thread's first parallel loop, once in
    // libtorch's own code and once in each caller's inlined at::parallel_for; making both happen now keeps them
    // from overwriting this thread's own count later (libtorch 2.11 no longer does it on at::get_num_threads).
    at::internal::lazy_init_num_threads();
    at::zeros({at::internal::GRAIN_SIZE * 2}, at::kFloat);
    omp_set_num_threads(std::max(threads, 1));
}

} // namespace ampwb
