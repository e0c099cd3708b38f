#pragma once

#include "run/PrecisionPolicy.h"

#include <QCoreApplication>
#include <QString>

#include <string>

/// A precision policy in the user's language, for the Train and X-ray tabs.
class PolicyText {
    Q_DECLARE_TR_FUNCTIONS(PolicyText)
public:
    /// The policy on one line, as describePrecisionPolicy() says it in English: "NAME: amp, and fp32 in fc, layer4;
    /// batch norms in fp32".
    static QString describe(const ampwb::PrecisionPolicy& policy);
    /// The policy on a line short enough for a progress line: describe() while it names a few modules, else how
    /// many modules each precision takes ("x-ray: fp32, and bf16 in 26 modules, and fp16 in one module").
    static QString summarize(const ampwb::PrecisionPolicy& policy);
    /// What a preset of precisionPolicyPresets() does, in a sentence (empty for an unknown name).
    static QString presetDescription(const std::string& name);
    /// "Policy NAME": a run under the policy named `name`, as the Compare and Runs tabs label it.
    static QString runLabel(const QString& name);
    /// "fp32", "amp", "bf16" or "fp16": the names the policy files use, in every language.
    static QString precisionName(ampwb::ModulePrecision precision);

private:
    /// "; batch norms in fp32" and the like: the policy's rules, after its precisions.
    static QString rulesText(const ampwb::PrecisionPolicy& policy);
};
