#include "ClassificationService.h"

#include "ServiceError.h"
#include "data/ImageDecoding.h"

#include <algorithm>
#include <chrono>

namespace ampwb::serve {
namespace {

using Clock = std::chrono::steady_clock;

double millisecondsBetween(Clock::time_point start, Clock::time_point end)
{
    return std::chrono::duration<double, std::milli>(end - start).count();
}

/// The model's input for one upload: decoded, then preprocessed at once, so the full-size
/// picture lives only inside this call.
torch::Tensor prepare(const Classifier& classifier, const UploadedImage& image, int64_t maxPixels)
{
    try {
        return classifier.preprocess(
            decodeImageBytes(image.bytes.data(), image.bytes.size(), image.mention(), maxPixels));
    } catch (const ImageTooLargeError& error) {
        throw ServiceError(RefusalReason::TooLarge, error.what());
    } catch (const DataError& error) {
        throw ServiceError(RefusalReason::NotAnImage, error.what());
    } catch (const std::bad_alloc&) {
        throw ServiceError(RefusalReason::TooLarge,
                           "The image " + image.mention() + " needs more memory than is free.");
    }
}

} // namespace

ClassificationService::ClassificationService(std::shared_ptr<const Classifier> classifier, ServiceOptions options)
    : model(std::move(classifier))
    , settings(options)
{
    settings.workers = std::max(1, settings.workers);
    settings.limits.queueCapacity = std::max(1, settings.limits.queueCapacity);
    for (int i = 0; i < settings.workers; ++i)
        workers.emplace_back([this] { work(); });
}

ClassificationService::~ClassificationService()
{
    shutdown();
}

std::future<RequestAnswer> ClassificationService::submit(std::vector<UploadedImage> images,
                                                         std::function<void()> whenAnswered)
{
    if (images.empty())
        throw ServiceError(RefusalReason::BadRequest,
                           "The request holds no image: send the image as the body, or as files of a multipart form.");
    if (static_cast<int>(images.size()) > settings.limits.maxImagesPerRequest)
        throw ServiceError(RefusalReason::TooLarge, "The request holds " + std::to_string(images.size())
                                                        + " images; the limit is "
                                                        + std::to_string(settings.limits.maxImagesPerRequest) + ".");
    std::lock_guard lock(mutex);
    if (stopping)
        throw ServiceError(RefusalReason::ShuttingDown, "The service is shutting down.");
    if (static_cast<int>(queue.size()) >= settings.limits.queueCapacity)
        throw ServiceError(RefusalReason::Busy, "The service is busy (" + std::to_string(queue.size())
                                                    + " requests waiting); retry shortly.");
    queue.push_back({std::move(images), {}, Clock::now(), std::move(whenAnswered)});
    std::future<RequestAnswer> answer = queue.back().answer.get_future();
    jobAdded.notify_one();
    return answer;
}

void ClassificationService::shutdown()
{
    {
        std::lock_guard lock(mutex);
        stopping = true;
    }
    jobAdded.notify_all();
    for (std::thread& worker : workers) {
        if (worker.joinable())
            worker.join();
    }
}

size_t ClassificationService::queuedRequests() const
{
    std::lock_guard lock(mutex);
    return queue.size();
}

void ClassificationService::work()
{
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mutex);
            jobAdded.wait(lock, [this] { return stopping || !queue.empty(); });
            if (queue.empty())
                return; // stopping, and nothing left to finish
            job = std::move(queue.front());
            queue.pop_front();
        }
        try {
            job.answer.set_value(classify(job));
        } catch (...) {
            job.answer.set_exception(std::current_exception());
        }
        if (job.whenAnswered)
            job.whenAnswered();
    }
}

RequestAnswer ClassificationService::classify(Job& job) const
{
    RequestAnswer answer;
    const Clock::time_point start = Clock::now();
    answer.queueMilliseconds = millisecondsBetween(job.queuedAt, start);

    // Each image is reduced to the model's input right after decoding, so at most one
    // full-size image is alive per worker, however many the request holds.
    std::vector<torch::Tensor> inputs;
    std::vector<double> preparationMilliseconds;
    for (UploadedImage& image : job.images) {
        const Clock::time_point decodeStart = Clock::now();
        inputs.push_back(prepare(*model, image, settings.limits.maxImagePixels));
        preparationMilliseconds.push_back(millisecondsBetween(decodeStart, Clock::now()));
        image.bytes = {}; // the encoded bytes are no longer needed
    }
    const std::vector<Classification> classifications = model->classifyPreprocessed(inputs);
    for (size_t i = 0; i < classifications.size(); ++i) {
        const Classification& result = classifications[i];
        answer.images.push_back(
            {job.images[i].name, result.topClasses, preparationMilliseconds[i] + result.inferenceMilliseconds});
    }
    answer.milliseconds = millisecondsBetween(job.queuedAt, Clock::now());
    return answer;
}

} // namespace ampwb::serve
