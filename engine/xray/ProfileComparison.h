#pragma once

#include "xray/OperatorProfile.h"

#include <string>
#include <vector>

namespace ampwb {

/// One class of work in FP32 and in AMP, per step.
struct ClassComparison {
    OperatorClass kind = OperatorClass::Other;
    ClassTime fp32;
    ClassTime amp;
    double fp32Share = 0.0; ///< of FP32's operator time (0–1)
    double ampShare = 0.0;  ///< of AMP's operator time (0–1)
    /// FP32's time over AMP's: above 1 when AMP is faster; 0 when either took no time.
    double speedUp() const;
};

/// The X-ray of an FP32 run against an AMP run of the same configuration.
struct ProfileComparison {
    double fp32StepMilliseconds = 0.0; ///< the profiled steps' measured mean
    double ampStepMilliseconds = 0.0;
    double fp32StepError = 0.0; ///< the step times' relative standard errors (0: not known)
    double ampStepError = 0.0;
    std::vector<ClassComparison> classes; ///< every class, in OperatorClass order
    /// FP32's step time over AMP's (above 1: AMP faster); 0 without times.
    double stepSpeedUp() const;
    /// The 95 % margin of stepSpeedUp() as a fraction of it (0: not known).
    double stepSpeedUpMargin() const;
    /// Whether the profiled steps are too few, or too spread, to tell which precision's step is faster.
    bool tooFewStepsToTell() const;
    /// Convolution forward and backward together.
    ClassComparison convolutions() const;
    /// The classes (convolutions left out) on which AMP spends more time than FP32, most added time first.
    std::vector<ClassComparison> addedByAmp() const;
};

ProfileComparison compareProfiles(const OperatorProfile& fp32, const OperatorProfile& amp);

/// Where one run's step goes, in a sentence: "Convolutions take 61 % of the operator time (in bfloat16),
/// batch norm 14 %, casts 6 % (151 per step)."
std::string describeProfile(const OperatorProfile& profile);
/// Where AMP's time goes against FP32's, in a sentence computed from the numbers, e.g. "AMP's step is
/// 1.21× faster than FP32's (512 against 620 ms): its convolutions run 1.9× faster and take 48 % of its
/// operator time; casts (+31 ms) and batch norm (+12 ms) cost it more than in FP32 and take 19 %."
std::string describeComparison(const ProfileComparison& comparison);

} // namespace ampwb
