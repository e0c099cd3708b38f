#include "evaluation/EvaluationFiles.h"

#include "system/AtomicFile.h"

#include <cstdio>
#include <filesystem>
#include <sstream>

namespace ampwb {
namespace {

std::string field(const std::string& text)
{
    if (text.find_first_of(",\"\r\n") == std::string::npos)
        return text;
    std::string quoted = "\"";
    for (const char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

std::string number(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.6f", value);
    return text;
}

std::string confusionCsv(const ModelEvaluation& evaluation)
{
    const ConfusionMatrix& matrix = evaluation.confusion;
    std::ostringstream out;
    out << "true \\ predicted";
    for (const std::string& name : evaluation.classNames)
        out << ',' << field(name);
    out << '\n';
    for (int64_t actual = 0; actual < matrix.classCount(); ++actual) {
        out << field(evaluation.classNames[static_cast<size_t>(actual)]);
        for (int64_t predicted = 0; predicted < matrix.classCount(); ++predicted)
            out << ',' << matrix.count(actual, predicted);
        out << '\n';
    }
    return out.str();
}

std::string perClassCsv(const ModelEvaluation& evaluation)
{
    const ConfusionMatrix& matrix = evaluation.confusion;
    std::ostringstream out;
    out << "class,label,precision,recall,f1,support\n";
    for (int64_t each = 0; each < matrix.classCount(); ++each)
        out << each << ',' << field(evaluation.classNames[static_cast<size_t>(each)]) << ','
            << number(matrix.precision(each)) << ',' << number(matrix.recall(each)) << ',' << number(matrix.f1(each))
            << ',' << matrix.support(each) << '\n';
    return out.str();
}

std::string predictionsCsv(const ModelEvaluation& evaluation)
{
    size_t ranks = 0;
    for (const ImagePrediction& prediction : evaluation.predictions)
        ranks = std::max(ranks, prediction.top.size());
    std::ostringstream out;
    out << "index,file,true_class,true_label,true_probability";
    for (size_t rank = 1; rank <= ranks; ++rank)
        out << ",top" << rank << "_class,top" << rank << "_label,top" << rank << "_probability";
    out << '\n';
    for (const ImagePrediction& prediction : evaluation.predictions) {
        out << prediction.index << ',' << field(prediction.name) << ',' << prediction.trueClass << ','
            << field(evaluation.classNames[static_cast<size_t>(prediction.trueClass)]) << ','
            << number(prediction.trueClassProbability);
        for (const ClassScore& score : prediction.top)
            out << ',' << score.classIndex << ',' << field(score.className) << ',' << number(score.probability);
        for (size_t missing = prediction.top.size(); missing < ranks; ++missing)
            out << ",,,";
        out << '\n';
    }
    return out.str();
}

} // namespace

void writeEvaluationFiles(const ModelEvaluation& evaluation, const std::string& directory)
{
    std::filesystem::create_directories(directory);
    const std::filesystem::path folder(directory);
    writeTextAtomically((folder / "confusion.csv").string(), confusionCsv(evaluation));
    writeTextAtomically((folder / "per-class.csv").string(), perClassCsv(evaluation));
    writeTextAtomically((folder / "predictions.csv").string(), predictionsCsv(evaluation));
}

void writeDisagreements(const PredictionAgreement& agreement, const std::vector<std::string>& classNames,
                        const std::string& path)
{
    std::ostringstream out;
    out << "index,file,true_label,first_label,second_label\n";
    for (const Disagreement& each : agreement.disagreements)
        out << each.index << ',' << field(each.name) << ',' << field(classNames.at(size_t(each.trueClass))) << ','
            << field(classNames.at(size_t(each.firstClass))) << ',' << field(classNames.at(size_t(each.secondClass)))
            << '\n';
    writeTextAtomically(path, out.str());
}

} // namespace ampwb
