#include "distributed/RankReports.h"

#include <sstream>
#include <thread>

namespace ampwb {
namespace {

std::vector<uint8_t> bytesOf(const std::string& text)
{
    return {text.begin(), text.end()};
}

} // namespace

RankReports::RankReports(c10::intrusive_ptr<c10d::Store> groupStore, std::string runName, int worldSize, int64_t first)
    : store(std::move(groupStore))
    , run(std::move(runName))
    , nextStep(static_cast<size_t>(worldSize), first)
    , firstStep(first)
{
}

std::string RankReports::keyOf(int rank, int64_t step) const
{
    return "ampwb/rank_steps/" + run + "/" + std::to_string(rank) + "/" + std::to_string(step);
}

void RankReports::publish(const RankStep& figures)
{
    std::ostringstream text;
    text.precision(17);
    text << figures.stepMilliseconds << ' ' << figures.dataWaitMilliseconds << ' ' << figures.allReduceMilliseconds
         << ' ' << figures.exposedAllReduceMilliseconds << ' ' << figures.memoryBytes;
    store->set(keyOf(figures.rank, figures.step), bytesOf(text.str()));
}

std::vector<RankStep> RankReports::arrived()
{
    std::vector<RankStep> figures;
    for (int rank = 1; rank < static_cast<int>(nextStep.size()); ++rank) {
        int64_t& step = nextStep[static_cast<size_t>(rank)];
        for (std::string key = keyOf(rank, step); store->check({key}); key = keyOf(rank, ++step)) {
            const std::vector<uint8_t> value = store->get(key);
            store->deleteKey(key);
            RankStep read;
            read.step = step;
            read.rank = rank;
            std::istringstream text(std::string(value.begin(), value.end()));
            text >> read.stepMilliseconds >> read.dataWaitMilliseconds >> read.allReduceMilliseconds
                >> read.exposedAllReduceMilliseconds >> read.memoryBytes;
            figures.push_back(read);
        }
    }
    return figures;
}

std::vector<RankStep> RankReports::remaining(int64_t lastStep, std::chrono::milliseconds patience)
{
    const auto giveUp = std::chrono::steady_clock::now() + patience;
    std::vector<RankStep> figures;
    for (;;) {
        const std::vector<RankStep> more = arrived();
        figures.insert(figures.end(), more.begin(), more.end());
        bool complete = true;
        for (size_t rank = 1; rank < nextStep.size(); ++rank)
            complete = complete && (nextStep[rank] == firstStep || nextStep[rank] > lastStep);
        if (complete || std::chrono::steady_clock::now() >= giveUp)
            return figures;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

} // namespace ampwb
