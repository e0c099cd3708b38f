#include "evaluation/ConfusionMatrix.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace ampwb {

ConfusionMatrix::ConfusionMatrix(int64_t classCount)
    : classes(classCount)
    , cells(static_cast<size_t>(classCount * classCount), 0)
{
    if (classCount < 1)
        throw std::invalid_argument("A confusion matrix needs at least one class.");
}

void ConfusionMatrix::add(int64_t trueClass, int64_t predictedClass)
{
    if (trueClass < 0 || trueClass >= classes || predictedClass < 0 || predictedClass >= classes)
        throw std::out_of_range("Class " + std::to_string(std::max(trueClass, predictedClass)) + " is outside the "
                                + std::to_string(classes) + " classes.");
    ++cells[static_cast<size_t>(trueClass * classes + predictedClass)];
    ++images;
}

int64_t ConfusionMatrix::count(int64_t trueClass, int64_t predictedClass) const
{
    return cells.at(static_cast<size_t>(trueClass * classes + predictedClass));
}

int64_t ConfusionMatrix::support(int64_t trueClass) const
{
    int64_t sum = 0;
    for (int64_t predicted = 0; predicted < classes; ++predicted)
        sum += count(trueClass, predicted);
    return sum;
}

double ConfusionMatrix::precision(int64_t predictedClass) const
{
    int64_t predicted = 0;
    for (int64_t actual = 0; actual < classes; ++actual)
        predicted += count(actual, predictedClass);
    return predicted > 0 ? double(count(predictedClass, predictedClass)) / double(predicted) : 0.0;
}

double ConfusionMatrix::recall(int64_t trueClass) const
{
    const int64_t present = support(trueClass);
    return present > 0 ? double(count(trueClass, trueClass)) / double(present) : 0.0;
}

double ConfusionMatrix::f1(int64_t someClass) const
{
    const double p = precision(someClass);
    const double r = recall(someClass);
    return p + r > 0.0 ? 2.0 * p * r / (p + r) : 0.0;
}

int64_t ConfusionMatrix::correct() const
{
    int64_t onTheDiagonal = 0;
    for (int64_t each = 0; each < classes; ++each)
        onTheDiagonal += count(each, each);
    return onTheDiagonal;
}

double ConfusionMatrix::accuracy() const
{
    return images > 0 ? double(correct()) / double(images) : 0.0;
}

std::vector<ConfusionMatrix::Confusion> ConfusionMatrix::topConfusions(int most) const
{
    std::vector<Confusion> found;
    for (int64_t actual = 0; actual < classes; ++actual)
        for (int64_t predicted = 0; predicted < classes; ++predicted)
            if (actual != predicted && count(actual, predicted) > 0)
                found.push_back({actual, predicted, count(actual, predicted)});
    std::stable_sort(found.begin(), found.end(),
                     [](const Confusion& a, const Confusion& b) { return a.count > b.count; });
    if (static_cast<int>(found.size()) > most)
        found.resize(static_cast<size_t>(std::max(0, most)));
    return found;
}

} // namespace ampwb
