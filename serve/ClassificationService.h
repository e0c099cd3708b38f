#pragma once

#include "model/Classifier.h"

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ampwb::serve {

/// What one request may bring, how much work may wait, and how many connections are held.
struct ServiceLimits {
    size_t maxRequestBytes = 20u << 20;     ///< the whole upload (413 above)
    int64_t maxImagePixels = 40'000'000;    ///< per image, as its header declares (413 above)
    int maxImagesPerRequest = 16;           ///< images in one request (413 above)
    int queueCapacity = 16;                 ///< requests waiting for a worker (503 above)
    double requestHeadSeconds = 10.0;       ///< the whole request head must arrive this soon after connecting (408)
    size_t maxRequestHeadBytes = 16u << 10; ///< request line and headers (431 above)
    /// A request body must keep arriving: it may pause this long at first, and each byte it sends buys
    /// 1 / minBodyBytesPerSecond more (408 once it falls behind).
    double bodyGraceSeconds = 5.0;
    size_t minBodyBytesPerSecond = 64u << 10;
    /// Connections held at once: requests being answered plus connections waiting for a request
    /// head (idle, or sending one). A new connection beyond it drops the oldest one waiting for a
    /// head (503 if none is).
    int maxConnections = 64;
    int maxConnectionsPerAddress = 16; ///< the same, per client address
};

/// How the service runs.
struct ServiceOptions {
    ServiceLimits limits;
    int workers = 1; ///< requests classified at the same time, all sharing one Classifier
};

/// One image as it arrived: its name in the answer (file name, "image N", or "upload"
/// for a request body) and its encoded bytes.
struct UploadedImage {
    std::string name;
    std::string bytes;
    bool isRequestBody = false;

    /// How error messages name it: "The image " + mention() + " is truncated".
    std::string mention() const { return isRequestBody ? "in the request body" : name; }
};

/// One image's answer.
struct ImageAnswer {
    std::string name;
    std::vector<ClassScore> topClasses;
    double milliseconds = 0.0; ///< decoding, preprocessing and its share of the forward pass
};

/// The answer to one request.
struct RequestAnswer {
    std::vector<ImageAnswer> images; ///< in upload order
    double queueMilliseconds = 0.0;  ///< waiting for a worker
    double milliseconds = 0.0;       ///< waiting plus classifying
};

/// Classifies uploaded images on a fixed set of worker threads that share one
/// Classifier. Requests wait in a bounded queue; when it is full, submit refuses
/// at once (back-pressure) rather than letting work pile up. Decoding happens on
/// the workers, so at most `workers` images are decoded at a time.
/// All methods may be called from any thread.
class ClassificationService {
public:
    ClassificationService(std::shared_ptr<const Classifier> classifier, ServiceOptions options);
    /// Finishes every queued request, then stops the workers.
    ~ClassificationService();

    ClassificationService(const ClassificationService&) = delete;
    ClassificationService& operator=(const ClassificationService&) = delete;

    /// Queues the images as one batch. Throws ServiceError: Busy when the queue is full,
    /// ShuttingDown after shutdown, TooLarge/BadRequest for too many or no images. The
    /// future yields the answer, or throws ServiceError (NotAnImage, TooLarge) naming
    /// the image that could not be decoded. `whenAnswered`, if given, is called on the worker
    /// thread once the future is ready.
    std::future<RequestAnswer> submit(std::vector<UploadedImage> images, std::function<void()> whenAnswered = {});

    /// Refuses new requests, finishes the queued ones and joins the workers.
    void shutdown();

    const Classifier& classifier() const { return *model; }
    const ServiceOptions& options() const { return settings; }
    /// Requests waiting for a worker now.
    size_t queuedRequests() const;

private:
    struct Job {
        std::vector<UploadedImage> images;
        std::promise<RequestAnswer> answer;
        std::chrono::steady_clock::time_point queuedAt;
        std::function<void()> whenAnswered;
    };

    void work();
    RequestAnswer classify(Job& job) const;

    std::shared_ptr<const Classifier> model;
    ServiceOptions settings;
    mutable std::mutex mutex;
    std::condition_variable jobAdded;
    std::deque<Job> queue;
    bool stopping = false;
    std::vector<std::thread> workers;
};

} // namespace ampwb::serve
