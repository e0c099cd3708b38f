#include "xray/StepProfiler.h"

#include "system/MeasurementNoise.h"
#include "xray/OperatorRecording.h"
#include "xray/ProfileFiles.h"

#include <exception>
#include <numeric>

namespace ampwb {

struct StepProfiler::RunProfile {
    Precision precision = Precision::Fp32;
    c10::Device device = c10::kCPU;
    std::string runDirectory;
    std::unique_ptr<OperatorRecording> recording;
    StepRange steps;
    std::vector<double> stepMilliseconds; ///< the recorded steps' own times
    int64_t lastRecorded = 0;
    int64_t requestsSeen = 0;
};

StepProfiler::StepProfiler(std::optional<StepRange> range, Listener listener)
    : range(range)
    , listener(std::move(listener))
{
}

StepProfiler::~StepProfiler() = default;

void StepProfiler::profileNextSteps(int64_t steps)
{
    requestedSteps = steps;
    ++requestNumber;
}

StepProfiler::RunProfile& StepProfiler::runOf(Precision precision)
{
    std::lock_guard lock(mutex);
    std::unique_ptr<RunProfile>& run = runs[precision];
    if (!run)
        run = std::make_unique<RunProfile>();
    return *run;
}

void StepProfiler::runStarted(const RunStarted& started)
{
    RunProfile& run = runOf(started.precision);
    run.recording.reset();
    run.precision = started.precision;
    run.device = started.device;
    run.runDirectory = started.runDirectory;
    run.requestsSeen = 0; // a request made while the job runs reaches each of its runs once
    if (range && range->first <= started.firstStep && range->last >= started.firstStep)
        startRecording(run, started.firstStep, range->last);
}

void StepProfiler::stepFinished(const StepMetrics& step)
{
    RunProfile& run = runOf(step.precision);
    if (run.recording) {
        if (step.step >= run.steps.first) {
            run.stepMilliseconds.push_back(step.stepMilliseconds);
            run.lastRecorded = step.step;
        }
        if (step.step >= run.steps.last)
            finishRecording(run);
        return;
    }
    if (range && step.step + 1 == range->first) {
        startRecording(run, range->first, range->last);
        return;
    }
    const int64_t request = requestNumber;
    if (request != run.requestsSeen) {
        run.requestsSeen = request;
        if (requestedSteps > 0)
            startRecording(run, step.step + 1, step.step + requestedSteps);
    }
}

void StepProfiler::runFinished(const RunSummary& summary)
{
    RunProfile& run = runOf(summary.precision);
    if (run.recording)
        finishRecording(run); // the run ended inside the range: the steps it took
}

void StepProfiler::startRecording(RunProfile& run, int64_t first, int64_t last)
{
    run.steps = {first, last};
    run.stepMilliseconds.clear();
    run.lastRecorded = 0;
    run.recording = std::make_unique<OperatorRecording>(run.device);
}

void StepProfiler::finishRecording(RunProfile& run)
{
    std::vector<RecordedEvent> events = run.recording->finish();
    const RecordingClock clock = run.recording->clock();
    run.recording.reset();
    if (run.lastRecorded < run.steps.first)
        return; // no step of the range was taken
    const int64_t steps = run.lastRecorded - run.steps.first + 1;
    ProfileTaken taken;
    taken.precision = run.precision;
    taken.runDirectory = run.runDirectory;
    const double total = std::accumulate(run.stepMilliseconds.begin(), run.stepMilliseconds.end(), 0.0);
    ProfiledSteps profiled = analyseSteps(std::move(events), run.steps.first, run.lastRecorded,
                                          total / static_cast<double>(steps));
    profiled.profile.clock = clock;
    profiled.profile.measuredStepError = relativeStandardError(run.stepMilliseconds);
    if (!run.runDirectory.empty()) {
        const std::string directory = profileDirectory(run.runDirectory, run.steps.first, run.lastRecorded);
        try {
            writeProfile(directory, profiled, toString(run.precision));
            taken.profileDirectory = directory;
        } catch (const std::exception& error) {
            taken.error = error.what();
        }
    }
    taken.profile = std::move(profiled.profile);
    if (listener)
        listener(taken);
}

} // namespace ampwb
