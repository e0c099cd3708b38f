// What another thread's idle OpenMP team costs a training run: trains the README's default run
// (Fashion-MNIST, 28 px, batch 128, the thread policy's operator threads) on this thread for N
// steps, in rounds that alternate between a process with no other team and one where another
// thread ran one convolution and then waits (as the Classify tab's worker thread did between
// images, and as the second trainer thread of an interleaved comparison did between its turns).
// libgomp gives each thread that starts parallel work a team of its own; once the teams' threads
// outnumber the cores, it makes them sleep at every barrier instead of spinning. Prints each run's
// images/s and, per round, with ÷ without.
//
// Usage: waiting_team_cost [--rounds 4] [--steps 60] [--precision fp32|amp]
#include "system/ThreadPolicy.h"
#include "training/Trainer.h"

#include <torch/torch.h>

#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

using namespace ampwb;

namespace {

/// Another thread that has run one parallel convolution (so libgomp gave it a team) and then waits
/// until destroyed, keeping its team.
class WaitingTeam {
public:
    WaitingTeam()
        : thread([this] {
            const torch::Tensor output = torch::conv2d(torch::randn({32, 64, 28, 28}), torch::randn({64, 64, 3, 3}), {},
                                                       1, 1);
            std::unique_lock lock(mutex);
            ready = true;
            changed.notify_all();
            changed.wait(lock, [this] { return done; });
        })
    {
        std::unique_lock lock(mutex);
        changed.wait(lock, [this] { return ready; });
    }
    ~WaitingTeam()
    {
        {
            std::lock_guard lock(mutex);
            done = true;
        }
        changed.notify_all();
        thread.join();
    }

private:
    std::mutex mutex;
    std::condition_variable changed;
    bool ready = false;
    bool done = false;
    std::thread thread;
};

double trainedImagesPerSecond(TrainingConfig config, const std::string& name)
{
    config.name = name;
    const RunSummary summary = Trainer(config).run();
    if (summary.state != RunState::Finished)
        throw std::runtime_error(summary.message.english());
    return summary.imagesPerSecond;
}

} // namespace

int main(int argc, char** argv)
{
    int rounds = 4;
    TrainingConfig config;
    config.maxSteps = 60;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string option = argv[i];
        if (option == "--rounds")
            rounds = std::stoi(argv[i + 1]);
        else if (option == "--steps")
            config.maxSteps = std::stoll(argv[i + 1]);
        else if (option == "--precision")
            config.precision = parsePrecision(argv[i + 1]).value_or(Precision::Fp32);
    }
    config.validation = false;
    config.gradientStatsEvery = 0;
    config.runsDirectory = (std::filesystem::temp_directory_path() / "ampwb-waiting-team-cost").string();
    applyThreadPolicy(chooseThreadPolicy());
    std::printf("operator threads %d, %d rounds of %lld steps, %s\n", currentThreadPolicy().intraOpThreads, rounds,
                static_cast<long long>(config.maxSteps), toString(config.precision).c_str());

    for (int round = 0; round < rounds; ++round) {
        double alone = 0.0;
        double besideTeam = 0.0;
        for (int order = 0; order < 2; ++order) {
            if ((order + round) % 2 == 0) {
                alone = trainedImagesPerSecond(config, "alone-" + std::to_string(round));
            } else {
                const WaitingTeam team;
                besideTeam = trainedImagesPerSecond(config, "beside-" + std::to_string(round));
            }
        }
        std::printf("round %d: alone %.1f img/s, beside a waiting team %.1f img/s, ratio %.3f\n", round, alone,
                    besideTeam, besideTeam / alone);
        std::fflush(stdout);
    }
    std::filesystem::remove_all(config.runsDirectory);
}
