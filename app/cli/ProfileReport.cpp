#include "ProfileReport.h"

#include "xray/ProfileComparison.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>

namespace ampwb::cli {
namespace {

std::string line(const char* format, ...) __attribute__((format(printf, 1, 2)));

std::string line(const char* format, ...)
{
    char text[512];
    va_list arguments;
    va_start(arguments, format);
    std::vsnprintf(text, sizeof text, format, arguments);
    va_end(arguments);
    return std::string(text) + "\n";
}

std::string stepsTitle(const OperatorProfile& profile)
{
    return "Operator profile of steps " + std::to_string(profile.firstStep) + "–" + std::to_string(profile.lastStep)
         + " (per step; self time of each operator, by kind of work):\n";
}

std::string oneRun(const ProfileTaken& taken)
{
    const OperatorProfile& profile = taken.profile;
    const double total = profile.operatorMilliseconds();
    std::string text = toString(taken.precision) + " — " + stepsTitle(profile);
    text += line("  %-48s %9s %7s  %s", "kind of work", "ms", "share", "dtype");
    for (const ClassTime& time : profile.classes)
        if (time.milliseconds > 0.0)
            text += line("  %-48s %9.2f %6.1f %%  %s", operatorClassName(time.kind).c_str(), time.milliseconds,
                         total > 0.0 ? 100.0 * time.milliseconds / total : 0.0, time.dtype.c_str());
    text += line("  %-48s %9.2f          (the engine's own code between operators)", "outside operators",
                 profile.outsideOperatorsMilliseconds);
    text += line("  %-48s %9.2f          (steps.csv's step_ms, profiler included)", "measured step",
                 profile.measuredStepMilliseconds);
    std::vector<ModuleTime> modules = profile.modules;
    std::sort(modules.begin(), modules.end(),
              [](const ModuleTime& a, const ModuleTime& b) { return a.totalMilliseconds() > b.totalMilliseconds(); });
    text += "Heaviest modules (forward + backward ms; casts among them):\n";
    for (size_t i = 0; i < std::min<size_t>(8, modules.size()); ++i)
        text += line("  %-24s %8.2f  (forward %.2f, backward %.2f, casts %.2f)", modules[i].module.c_str(),
                     modules[i].totalMilliseconds(), modules[i].forwardMilliseconds, modules[i].backwardMilliseconds,
                     modules[i].castMilliseconds);
    return text + describeProfile(profile) + "\n";
}

std::string sideBySide(const ProfileTaken& fp32, const ProfileTaken& amp)
{
    const ProfileComparison comparison = compareProfiles(fp32.profile, amp.profile);
    std::string text = "FP32 against AMP — " + stepsTitle(amp.profile);
    text += line("  %-48s %9s %6s %-9s %9s %6s %-9s %s", "kind of work", "FP32 ms", "share", " dtype", "AMP ms",
                 "share", " dtype", "AMP speed-up");
    for (const ClassComparison& row : comparison.classes) {
        if (row.fp32.milliseconds <= 0.0 && row.amp.milliseconds <= 0.0)
            continue;
        char speedUp[16] = "–";
        if (row.speedUp() > 0.0)
            std::snprintf(speedUp, sizeof speedUp, "%.2f×", row.speedUp());
        text += line("  %-48s %9.2f %4.0f %% %-9s %9.2f %4.0f %% %-9s %s", operatorClassName(row.kind).c_str(),
                     row.fp32.milliseconds, 100.0 * row.fp32Share, row.fp32.dtype.c_str(), row.amp.milliseconds,
                     100.0 * row.ampShare, row.amp.dtype.c_str(), speedUp);
    }
    text += line("  %-48s %9.2f %16s %9.2f", "measured step", comparison.fp32StepMilliseconds, "",
                 comparison.ampStepMilliseconds);
    return text + describeComparison(comparison) + "\n";
}

} // namespace

std::string profileReport(const std::vector<ProfileTaken>& profiles)
{
    const ProfileTaken* fp32 = nullptr;
    const ProfileTaken* amp = nullptr;
    for (const ProfileTaken& taken : profiles)
        (taken.precision == Precision::Amp ? amp : fp32) = &taken;
    std::string text;
    if (fp32 && amp)
        text = sideBySide(*fp32, *amp);
    else
        for (const ProfileTaken& taken : profiles)
            text += oneRun(taken);
    if (!profiles.empty() && profiles.front().profile.clock == RecordingClock::CudaEvents)
        text += "Operator times are the GPU's, between CUDA events recorded at each operator's start and end (a gap "
                "in which the GPU waited for the host counts to the operator around it).\n";
    for (const ProfileTaken& taken : profiles) {
        if (!taken.error.empty())
            text += "The " + toString(taken.precision) + " profile could not be written: " + taken.error + "\n";
        else if (!taken.profileDirectory.empty())
            text += "Files (" + toString(taken.precision) + "): " + taken.profileDirectory
                  + "/{trace.json, classes.csv, modules.csv, operators.csv}; open trace.json in Perfetto "
                    "(ui.perfetto.dev) or chrome://tracing\n";
    }
    return text;
}

} // namespace ampwb::cli
