#include "xray/ProfileComparison.h"

#include "system/MeasurementNoise.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ampwb {

namespace {

std::string format(const char* pattern, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, pattern, value);
    return text;
}

std::string percent(double share)
{
    return format("%.0f %%", share * 100.0);
}

std::string times(double ratio)
{
    return format("%.2f×", ratio);
}

/// "faster" or "slower" and the factor, from a ratio of FP32's time over AMP's.
std::string fasterOrSlower(double speedUp)
{
    return speedUp >= 1.0 ? times(speedUp) + " faster" : times(1.0 / speedUp) + " slower";
}

} // namespace

double ClassComparison::speedUp() const
{
    return fp32.milliseconds > 0.0 && amp.milliseconds > 0.0 ? fp32.milliseconds / amp.milliseconds : 0.0;
}

double ProfileComparison::stepSpeedUp() const
{
    return fp32StepMilliseconds > 0.0 && ampStepMilliseconds > 0.0 ? fp32StepMilliseconds / ampStepMilliseconds : 0.0;
}

double ProfileComparison::stepSpeedUpMargin() const
{
    return throughputRatioMargin(fp32StepError, ampStepError);
}

bool ProfileComparison::tooFewStepsToTell() const
{
    const double speedUp = stepSpeedUp();
    return speedUp > 0.0 && stepSpeedUpMargin() > 0.0 && std::abs(speedUp - 1.0) <= stepSpeedUpMargin() * speedUp;
}

ClassComparison ProfileComparison::convolutions() const
{
    ClassComparison sum;
    sum.kind = OperatorClass::ConvolutionForward;
    for (const ClassComparison& row : classes) {
        if (!isConvolution(row.kind))
            continue;
        sum.fp32.milliseconds += row.fp32.milliseconds;
        sum.amp.milliseconds += row.amp.milliseconds;
        sum.fp32Share += row.fp32Share;
        sum.ampShare += row.ampShare;
        if (row.kind == OperatorClass::ConvolutionForward) {
            sum.fp32.dtype = row.fp32.dtype;
            sum.amp.dtype = row.amp.dtype;
        }
    }
    return sum;
}

std::vector<ClassComparison> ProfileComparison::addedByAmp() const
{
    std::vector<ClassComparison> added;
    for (const ClassComparison& row : classes)
        if (!isConvolution(row.kind) && row.amp.milliseconds > row.fp32.milliseconds)
            added.push_back(row);
    std::sort(added.begin(), added.end(), [](const ClassComparison& a, const ClassComparison& b) {
        return a.amp.milliseconds - a.fp32.milliseconds > b.amp.milliseconds - b.fp32.milliseconds;
    });
    return added;
}

ProfileComparison compareProfiles(const OperatorProfile& fp32, const OperatorProfile& amp)
{
    ProfileComparison comparison;
    comparison.fp32StepMilliseconds = fp32.measuredStepMilliseconds;
    comparison.ampStepMilliseconds = amp.measuredStepMilliseconds;
    comparison.fp32StepError = fp32.measuredStepError;
    comparison.ampStepError = amp.measuredStepError;
    const double fp32Total = fp32.operatorMilliseconds();
    const double ampTotal = amp.operatorMilliseconds();
    for (int k = 0; k < kOperatorClassCount; ++k) {
        ClassComparison row;
        row.kind = static_cast<OperatorClass>(k);
        row.fp32 = fp32.classes[static_cast<size_t>(k)];
        row.amp = amp.classes[static_cast<size_t>(k)];
        row.fp32Share = fp32Total > 0.0 ? row.fp32.milliseconds / fp32Total : 0.0;
        row.ampShare = ampTotal > 0.0 ? row.amp.milliseconds / ampTotal : 0.0;
        comparison.classes.push_back(row);
    }
    return comparison;
}

std::string describeProfile(const OperatorProfile& profile)
{
    const double total = profile.operatorMilliseconds();
    if (total <= 0.0)
        return "The profile recorded no operator time.";
    const ClassTime& forward = profile.of(OperatorClass::ConvolutionForward);
    std::string text = "Convolutions take " + percent(profile.convolutionMilliseconds() / total)
                     + " of the operator time";
    if (!forward.dtype.empty())
        text += " (in " + forward.dtype + ")";
    std::vector<ClassTime> rest;
    for (const ClassTime& time : profile.classes)
        if (!isConvolution(time.kind) && time.kind != OperatorClass::Cast && time.milliseconds > 0.0)
            rest.push_back(time);
    std::sort(rest.begin(), rest.end(),
              [](const ClassTime& a, const ClassTime& b) { return a.milliseconds > b.milliseconds; });
    for (size_t i = 0; i < std::min<size_t>(2, rest.size()); ++i)
        text += ", " + operatorClassName(rest[i].kind) + " " + percent(rest[i].milliseconds / total);
    const ClassTime& casts = profile.of(OperatorClass::Cast);
    if (casts.milliseconds > 0.0)
        text += ", casts " + percent(casts.milliseconds / total) + " (" + format("%.0f", profile.castsPerStep)
              + " per step)";
    return text + ".";
}

std::string describeComparison(const ProfileComparison& comparison)
{
    const double speedUp = comparison.stepSpeedUp();
    if (speedUp <= 0.0)
        return "The profiles hold no step times to compare.";
    const std::string margin = format("±%.0f %%", comparison.stepSpeedUpMargin() * 100.0);
    const std::string stepTimes = format("%.0f", comparison.ampStepMilliseconds) + " against "
                                + format("%.0f", comparison.fp32StepMilliseconds);
    std::string text = comparison.tooFewStepsToTell()
                         ? "AMP's step took " + times(1.0 / speedUp) + " FP32's (" + stepTimes + " ms), within the "
                               + margin + " these profiled steps leave: too few to tell which is faster"
                         : "AMP's step is " + fasterOrSlower(speedUp) + " than FP32's (" + stepTimes + " ms"
                               + (comparison.stepSpeedUpMargin() > 0.0 ? ", " + margin : "") + ")";
    const ClassComparison convolutions = comparison.convolutions();
    if (convolutions.speedUp() > 0.0)
        text += ": its convolutions run " + fasterOrSlower(convolutions.speedUp()) + " and take "
              + percent(convolutions.ampShare) + " of its operator time";
    const std::vector<ClassComparison> added = comparison.addedByAmp();
    if (added.empty())
        return text + "; no other kind of work takes longer than in FP32.";
    double share = 0.0;
    text += "; ";
    for (size_t i = 0; i < std::min<size_t>(2, added.size()); ++i) {
        const ClassComparison& row = added[i];
        text += (i ? " and " : "") + operatorClassName(row.kind) + " (+"
              + format("%.1f", row.amp.milliseconds - row.fp32.milliseconds) + " ms)";
        share += row.ampShare;
    }
    const bool one = added.size() == 1;
    return text + (one ? " costs" : " cost") + " it more than in FP32 and take" + (one ? "s " : " ") + percent(share)
         + ".";
}

} // namespace ampwb
