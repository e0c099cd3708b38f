#include "evaluation/PredictionAgreement.h"

#include "system/EngineError.h"

#include <cmath>

namespace ampwb {

PredictionAgreement comparePredictions(const ModelEvaluation& first, const ModelEvaluation& second)
{
    if (first.predictions.size() != second.predictions.size() || first.classNames != second.classNames)
        throw EngineError(EngineMessage(EngineMessage::Code::EvaluationsOfOtherImages));
    PredictionAgreement result;
    double differenceSum = 0.0;
    for (size_t at = 0; at < first.predictions.size(); ++at) {
        const ImagePrediction& a = first.predictions[at];
        const ImagePrediction& b = second.predictions[at];
        if (a.index != b.index)
            throw EngineError(EngineMessage(EngineMessage::Code::EvaluationImageMissing, {a.name}));
        ++result.images;
        const int64_t aClass = a.top.front().classIndex;
        const int64_t bClass = b.top.front().classIndex;
        if (aClass == bClass)
            ++result.agreeing;
        else
            result.disagreements.push_back({a.index, a.name, a.trueClass, aClass, bClass});
        const double difference = double(b.trueClassProbability) - double(a.trueClassProbability);
        differenceSum += difference;
        if (std::abs(difference) > std::abs(result.largestTrueClassDifference) || result.largestDifferenceIndex < 0) {
            result.largestTrueClassDifference = difference;
            result.largestDifferenceIndex = a.index;
        }
    }
    if (result.images > 0)
        result.meanTrueClassDifference = differenceSum / double(result.images);
    return result;
}

} // namespace ampwb
