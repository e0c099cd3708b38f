#pragma once

#include <cstdint>
#include <vector>

namespace ampwb {

/// Counts of (true class, predicted class) pairs, and the per-class figures read from them
/// as scikit-learn defines them (a class never predicted has precision 0, one never present recall 0).
class ConfusionMatrix {
public:
    explicit ConfusionMatrix(int64_t classes);

    void add(int64_t trueClass, int64_t predictedClass);

    int64_t classCount() const { return classes; }
    /// Images of `trueClass` predicted as `predictedClass`.
    int64_t count(int64_t trueClass, int64_t predictedClass) const;
    /// Images of `trueClass`.
    int64_t support(int64_t trueClass) const;
    int64_t total() const { return images; }

    double precision(int64_t predictedClass) const;
    double recall(int64_t trueClass) const;
    double f1(int64_t someClass) const;
    /// Images predicted as their own class (the diagonal's sum).
    int64_t correct() const;
    /// Correct predictions over all images (top-1 accuracy); 0 without images.
    double accuracy() const;

    /// One off-diagonal cell: how often `trueClass` was taken for `predictedClass`.
    struct Confusion {
        int64_t trueClass = 0;
        int64_t predictedClass = 0;
        int64_t count = 0;
    };
    /// The `most` largest off-diagonal cells, largest first (ties: lower true, then predicted class first).
    std::vector<Confusion> topConfusions(int most) const;

private:
    int64_t classes;
    int64_t images = 0;
    std::vector<int64_t> cells; ///< row-major [true][predicted]
};

} // namespace ampwb
