#include "model/ImageFileClassification.h"

#include "data/ImageDecoding.h"

#include <algorithm>
#include <chrono>

namespace ampwb {

std::vector<ImageFileResult> classifyImageFiles(const Classifier& classifier, const std::vector<std::string>& paths,
                                                int64_t batchSize)
{
    using Clock = std::chrono::steady_clock;
    std::vector<ImageFileResult> results;
    for (const std::string& path : paths)
        results.push_back({path, std::nullopt, {}});

    const size_t step = static_cast<size_t>(std::max<int64_t>(1, batchSize));
    for (size_t first = 0; first < paths.size(); first += step) {
        std::vector<torch::Tensor> images;
        std::vector<size_t> decoded;
        std::vector<double> decodeMilliseconds;
        for (size_t i = first; i < std::min(paths.size(), first + step); ++i) {
            const auto start = Clock::now();
            try {
                images.push_back(decodeImageFile(paths[i]));
                decoded.push_back(i);
                decodeMilliseconds.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
            } catch (const std::exception& error) { // DataError, or out of memory for a huge image
                results[i].error = error.what();
            }
        }
        std::vector<Classification> classifications = classifier.classify(images);
        for (size_t j = 0; j < decoded.size(); ++j) {
            classifications[j].preprocessMilliseconds += decodeMilliseconds[j];
            results[decoded[j]].classification = std::move(classifications[j]);
        }
    }
    return results;
}

} // namespace ampwb
