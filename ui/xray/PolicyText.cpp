#include "xray/PolicyText.h"

#include <QStringList>

QString PolicyText::runLabel(const QString& name)
{
    return tr("Policy %1").arg(name);
}

QString PolicyText::precisionName(ampwb::ModulePrecision precision)
{
    return QString::fromStdString(ampwb::toString(precision));
}

QString PolicyText::describe(const ampwb::PrecisionPolicy& policy)
{
    QString text = tr("%1: %2").arg(QString::fromStdString(policy.name), precisionName(policy.otherwise));
    for (const ampwb::ModulePrecision precision : {ampwb::ModulePrecision::Fp32, ampwb::ModulePrecision::Amp,
                                                   ampwb::ModulePrecision::Bf16, ampwb::ModulePrecision::Fp16}) {
        QStringList paths;
        for (const auto& [path, named] : policy.modules)
            if (named == precision)
                paths << QString::fromStdString(path);
        if (!paths.isEmpty())
            text += tr(", and %1 in %2").arg(precisionName(precision), paths.join(tr(", ")));
    }
    return text + rulesText(policy);
}

QString PolicyText::summarize(const ampwb::PrecisionPolicy& policy)
{
    constexpr size_t kNamedInFull = 4;
    if (policy.modules.size() <= kNamedInFull)
        return describe(policy);
    QString text = tr("%1: %2").arg(QString::fromStdString(policy.name), precisionName(policy.otherwise));
    for (const ampwb::ModulePrecision precision : {ampwb::ModulePrecision::Fp32, ampwb::ModulePrecision::Amp,
                                                   ampwb::ModulePrecision::Bf16, ampwb::ModulePrecision::Fp16}) {
        int count = 0;
        for (const auto& [path, named] : policy.modules)
            count += named == precision ? 1 : 0;
        if (count == 1)
            text += tr(", and %1 in one module").arg(precisionName(precision));
        else if (count > 1)
            text += tr(", and %1 in %2 modules").arg(precisionName(precision)).arg(count);
    }
    return text + rulesText(policy);
}

QString PolicyText::rulesText(const ampwb::PrecisionPolicy& policy)
{
    QString text;
    if (policy.smallMapsFp32)
        text += tr("; stages with maps under 8×8 in fp32");
    if (policy.batchNormFp32)
        text += tr("; batch norms in fp32");
    if (policy.reducedWeights)
        text += tr("; weights stored reduced, fp32 masters");
    return text;
}

QString PolicyText::presetDescription(const std::string& name)
{
    if (name == "fp32")
        return tr("Every module in fp32: nothing reduced, an FP32 run");
    if (name == "amp")
        return tr("Autocast's own lists decide operator by operator, as AMP does without a policy");
    if (name == "amp-batchnorm-fp32")
        return tr("AMP, with every batch norm in fp32 (Apex O2's rule)");
    if (name == "amp-keep-small-maps-fp32")
        return tr("AMP, but the stages whose feature maps are under 8×8 in fp32: there autocast's casts cost "
                  "more than its products save on the CPUs measured");
    if (name == "bf16-everywhere")
        return tr("Autocast in bf16 whatever the device (on CUDA instead of AMP's fp16)");
    if (name == "amp-reduced-weights")
        return tr("AMP, with the convolutions' and the head's weights stored in AMP's type and fp32 master "
                  "copies stepped by the optimizer (Apex O2's weights)");
    return {};
}
