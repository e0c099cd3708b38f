#include "xray/OperatorProfile.h"

#include "xray/StepScopes.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_map>

namespace ampwb {

namespace {

const std::string kEvaluatePrefix = "autograd::engine::evaluate_function: ";

/// The first floating dtype in a comma-separated list; "" when there is none.
std::string firstFloating(const std::string& dtypes)
{
    size_t begin = 0;
    while (begin <= dtypes.size()) {
        const size_t end = std::min(dtypes.find(',', begin), dtypes.size());
        const std::string dtype = dtypes.substr(begin, end - begin);
        if (isFloatingDtype(dtype))
            return dtype;
        begin = end + 1;
    }
    return {};
}

bool isPhase(const std::string& name)
{
    using namespace stepscope;
    return name == kTrainingStep || name == kForward || name == kLoss || name == kBackward || name == kOptimizer
        || name == kNotTimed;
}

/// A range's attribution from its own name and kind and its parent's attribution.
Attribution attribute(const RecordedEvent& event, const Attribution& parent, bool parentCounted,
                      const std::unordered_map<int64_t, std::string>& forwardModules)
{
    using namespace stepscope;
    Attribution own;
    own.counted = parentCounted || (event.kind == RecordedKind::Scope && event.name == kTrainingStep);
    own.pass = parent.pass;
    own.module = parent.module.empty() ? kStepWorkModule : parent.module;
    if (event.kind == RecordedKind::Scope) {
        if (event.name == kNotTimed)
            own.counted = false;
        else if (event.name == kForward)
            own.pass = StepPass::Forward;
        else if (event.name == kBackward)
            own.pass = StepPass::Backward;
        else if (event.name == kOptimizer)
            own.pass = StepPass::Optimizer;
        if (event.name == kLoss || event.name == kOptimizer)
            own.module = event.name;
        else if (!isPhase(event.name))
            own.module = event.name;
    } else if (event.kind == RecordedKind::BackwardFunction) {
        const auto found = forwardModules.find(event.sequenceNumber);
        if (found != forwardModules.end())
            own.module = found->second;
    }

    const bool cast = isCast(event.name, event.inputDtypes, event.outputDtype);
    const std::optional<OperatorClass> named = classByName(event.name);
    // All the work inside a gradient's range is that gradient's, in its precision: its roundings too,
    // and the float32 weight gradient the small-map path writes from a bf16 product.
    const bool insideGradient = parent.kind == OperatorClass::ConvolutionInputGradient
                             || parent.kind == OperatorClass::ConvolutionWeightGradient;
    if (own.pass == StepPass::Optimizer)
        own.kind = OperatorClass::Optimizer;
    else if (insideGradient)
        own.kind = parent.kind;
    else if (cast)
        own.kind = OperatorClass::Cast;
    else if (named)
        own.kind = *named;
    else if (own.module == kLoss)
        own.kind = OperatorClass::Loss;
    else
        own.kind = parent.kind;

    own.dtype = insideGradient ? parent.dtype : cast ? event.outputDtype : firstFloating(event.inputDtypes);
    if (own.dtype.empty())
        own.dtype = parent.dtype;
    return own;
}

} // namespace

std::string stepPassName(StepPass pass)
{
    switch (pass) {
    case StepPass::Forward: return "forward";
    case StepPass::Backward: return "backward";
    case StepPass::Optimizer: return "optimizer";
    case StepPass::Other: break;
    }
    return "other";
}

double OperatorProfile::operatorMilliseconds() const
{
    double sum = 0.0;
    for (const ClassTime& time : classes)
        sum += time.milliseconds;
    return sum;
}

double OperatorProfile::convolutionMilliseconds() const
{
    double sum = 0.0;
    for (const ClassTime& time : classes)
        if (isConvolution(time.kind))
            sum += time.milliseconds;
    return sum;
}

ProfiledSteps analyseSteps(std::vector<RecordedEvent> events, int64_t firstStep, int64_t lastStep,
                           double measuredStepMilliseconds)
{
    ProfiledSteps result;
    result.events = std::move(events);
    const std::vector<RecordedEvent>& all = result.events;
    std::vector<Attribution>& attribution = result.attribution;
    attribution.resize(all.size());

    // Forward operators tell which module each autograd sequence number belongs to; backward
    // functions (and the engine's evaluate_function range around each) take that module.
    std::unordered_map<int64_t, std::string> forwardModules;
    for (size_t i = 0; i < all.size(); ++i) {
        const RecordedEvent& event = all[i];
        static const Attribution kTop;
        const Attribution& parent = event.parent >= 0 ? attribution[static_cast<size_t>(event.parent)] : kTop;
        attribution[i] = attribute(event, parent, event.parent >= 0 && parent.counted, forwardModules);
        Attribution& own = attribution[i];
        if (event.kind == RecordedKind::Operator && own.pass == StepPass::Forward && event.sequenceNumber >= 0)
            forwardModules.emplace(event.sequenceNumber, own.module);
        if (event.kind == RecordedKind::BackwardFunction && event.parent >= 0
            && all[static_cast<size_t>(event.parent)].name.rfind(kEvaluatePrefix, 0) == 0) {
            Attribution& wrapper = attribution[static_cast<size_t>(event.parent)];
            wrapper.module = own.module;
            wrapper.kind = own.kind;
            wrapper.dtype = own.dtype;
        }
    }

    // Self times: each range less the ranges directly inside it.
    for (size_t i = 0; i < all.size(); ++i)
        if (all[i].endNanoseconds >= 0)
            attribution[i].selfNanoseconds = all[i].endNanoseconds - all[i].startNanoseconds;
    for (size_t i = 0; i < all.size(); ++i)
        if (all[i].parent >= 0 && all[i].endNanoseconds >= 0)
            attribution[static_cast<size_t>(all[i].parent)].selfNanoseconds -= all[i].endNanoseconds
                                                                             - all[i].startNanoseconds;

    OperatorProfile& profile = result.profile;
    profile.firstStep = firstStep;
    profile.lastStep = lastStep;
    profile.measuredStepMilliseconds = measuredStepMilliseconds;
    const double perStep = 1.0 / 1e6 / static_cast<double>(std::max<int64_t>(1, profile.steps()));

    std::array<std::map<std::string, int64_t>, kOperatorClassCount> dtypeTimes;
    std::map<std::string, size_t> moduleRows;
    using OperatorKey = std::tuple<std::string, OperatorClass, std::string, StepPass, std::string, std::string>;
    std::map<OperatorKey, OperatorTime> operatorRows;
    int64_t casts = 0;
    for (size_t i = 0; i < all.size(); ++i) {
        const RecordedEvent& event = all[i];
        const Attribution& own = attribution[i];
        // The steps as recorded, less the measurements their measured time leaves out too.
        if (event.kind == RecordedKind::Scope && event.endNanoseconds >= 0) {
            const double duration = static_cast<double>(event.endNanoseconds - event.startNanoseconds) * perStep;
            if (event.name == stepscope::kTrainingStep)
                profile.recordedStepMilliseconds += duration;
            else if (event.name == stepscope::kNotTimed && event.parent >= 0
                     && attribution[static_cast<size_t>(event.parent)].counted)
                profile.recordedStepMilliseconds -= duration;
        }
        if (!own.counted || event.endNanoseconds < 0)
            continue;
        const double milliseconds = static_cast<double>(own.selfNanoseconds) * perStep;
        if (event.kind == RecordedKind::Scope) {
            profile.outsideOperatorsMilliseconds += milliseconds;
            continue;
        }
        const Attribution* parent = event.parent >= 0 ? &attribution[static_cast<size_t>(event.parent)] : nullptr;
        const bool outermostOfClass = !parent || !parent->counted || parent->kind != own.kind
                                   || all[static_cast<size_t>(event.parent)].kind == RecordedKind::Scope;
        ClassTime& classTime = profile.classes[static_cast<size_t>(own.kind)];
        classTime.milliseconds += milliseconds;
        if (outermostOfClass)
            classTime.calls += 1.0;
        if (own.kind == OperatorClass::Cast && outermostOfClass)
            ++casts;
        dtypeTimes[static_cast<size_t>(own.kind)][own.dtype] += own.selfNanoseconds;

        auto [row, added] = moduleRows.emplace(own.module, profile.modules.size());
        if (added)
            profile.modules.push_back(ModuleTime{own.module});
        ModuleTime& module = profile.modules[row->second];
        if (own.pass == StepPass::Forward)
            module.forwardMilliseconds += milliseconds;
        else if (own.pass == StepPass::Backward)
            module.backwardMilliseconds += milliseconds;
        else
            module.otherMilliseconds += milliseconds;
        if (own.kind == OperatorClass::Cast)
            module.castMilliseconds += milliseconds;

        OperatorTime& operatorTime =
            operatorRows[{event.name, own.kind, own.module, own.pass, event.inputDtypes, event.inputShapes}];
        operatorTime.selfMilliseconds += milliseconds;
        operatorTime.calls += 1.0;
    }
    const double steps = static_cast<double>(std::max<int64_t>(1, profile.steps()));
    profile.castsPerStep = static_cast<double>(casts) / steps;
    for (size_t k = 0; k < profile.classes.size(); ++k) {
        ClassTime& classTime = profile.classes[k];
        classTime.kind = static_cast<OperatorClass>(k);
        classTime.calls /= steps;
        int64_t total = 0;
        for (const auto& [dtype, nanoseconds] : dtypeTimes[k])
            total += nanoseconds;
        for (const auto& [dtype, nanoseconds] : dtypeTimes[k]) {
            const double share = total > 0 ? static_cast<double>(nanoseconds) / static_cast<double>(total) : 0.0;
            if (share > classTime.dtypeShare) {
                classTime.dtype = dtype;
                classTime.dtypeShare = share;
            }
        }
    }
    for (auto& [key, row] : operatorRows) {
        std::tie(row.name, row.kind, row.module, row.pass, row.inputDtypes, row.inputShapes) = key;
        row.calls /= steps;
        profile.operators.push_back(std::move(row));
    }
    std::sort(profile.operators.begin(), profile.operators.end(),
              [](const OperatorTime& a, const OperatorTime& b) { return a.selfMilliseconds > b.selfMilliseconds; });
    return result;
}

} // namespace ampwb
