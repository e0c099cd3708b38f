#include "classify/ClassificationWorker.h"

#include "EngineText.h"
#include "data/ImageDecoding.h"
#include "model/Classifier.h"
#include "modelfiles/ModelLoading.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <exception>
#include <utility>

namespace {

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/// RGB uint8 [3, H, W] from image data, as decodeImageFile returns for files (alpha dropped).
torch::Tensor imageTensor(const QImage& image)
{
    const QImage rgb = image.convertToFormat(QImage::Format_RGB888);
    torch::Tensor pixels = torch::empty({rgb.height(), rgb.width(), 3}, torch::kUInt8);
    const qsizetype rowBytes = static_cast<qsizetype>(rgb.width()) * 3;
    for (int y = 0; y < rgb.height(); ++y)
        std::copy_n(rgb.constScanLine(y), rowBytes, pixels.data_ptr<uint8_t>() + y * rowBytes);
    return pixels.permute({2, 0, 1}).contiguous();
}

/// A thumbnail (at most kThumbnailPixels a side) of an RGB uint8 [3, H, W] image.
QImage thumbnailOf(const torch::Tensor& image)
{
    const torch::Tensor interleaved = image.permute({1, 2, 0}).contiguous();
    const int height = static_cast<int>(interleaved.size(0));
    const int width = static_cast<int>(interleaved.size(1));
    const QImage view(interleaved.data_ptr<uint8_t>(), width, height, static_cast<qsizetype>(width) * 3,
                      QImage::Format_RGB888);
    const int side = ClassificationWorker::kThumbnailPixels;
    return view.scaled(side, side, Qt::KeepAspectRatio, Qt::SmoothTransformation); // a copy that owns its pixels
}

} // namespace

ClassificationWorker::ClassificationWorker(QObject* parent)
    : QObject(parent)
    , answers([this](std::vector<Answer> arrived) { deliver(std::move(arrived)); }, {}, kResultsPerTick)
{
}

ClassificationWorker::~ClassificationWorker()
{
    {
        const std::lock_guard lock(mutex);
        stopping = true;
        queued.clear();
    }
    if (thread.joinable())
        thread.join();
}

void ClassificationWorker::startWorking()
{
    if (working || stopping)
        return;
    if (thread.joinable())
        thread.join(); // it has found no work and is returning
    working = true;
    thread = std::thread([this] { run(); });
}

int ClassificationWorker::loadModel(const QString& model, ampwb::InferencePrecision precision)
{
    int generation = 0;
    {
        const std::lock_guard lock(mutex);
        generation = ++nextGeneration;
        pendingLoad = LoadOrder{generation, model, precision};
        answers.start();
        startWorking();
    }
    return generation;
}

void ClassificationWorker::classify(std::vector<ClassificationRequest> requests)
{
    {
        const std::lock_guard lock(mutex);
        for (ClassificationRequest& request : requests)
            queued.push_back(std::move(request));
        if (hasWork()) {
            answers.start();
            startWorking();
        }
    }
}

void ClassificationWorker::cancelQueued()
{
    const std::lock_guard lock(mutex);
    queued.clear();
}

void ClassificationWorker::run()
{
    std::unique_lock lock(mutex);
    while (!stopping && hasWork()) {
        if (pendingLoad) {
            const LoadOrder order = *pendingLoad;
            pendingLoad.reset();
            lock.unlock();
            ModelLoadResult outcome = load(order);
            lock.lock();
            hasModel = outcome.loaded;
            answers.pushAhead(std::move(outcome));
        } else {
            std::vector<ClassificationRequest> batch;
            while (!queued.empty() && batch.size() < static_cast<size_t>(kBatchSize)) {
                batch.push_back(std::move(queued.front()));
                queued.pop_front();
            }
            lock.unlock();
            for (ClassificationResult& result : classifyBatch(batch))
                answers.push(std::move(result));
            lock.lock();
        }
    }
    if (!hasWork())
        answers.finish();
    working = false;
}

bool ClassificationWorker::hasWork() const
{
    return pendingLoad || (hasModel && !queued.empty());
}

ModelLoadResult ClassificationWorker::load(const LoadOrder& order)
{
    ModelLoadResult outcome;
    outcome.generation = order.generation;
    classifier.reset();
    if (order.model.isEmpty())
        return outcome;
    try {
        if (!loadedModel || loadedModelName != order.model) {
            loadedModel.reset();
            loadedModel = std::make_unique<ampwb::ClassifierModel>(
                ampwb::loadClassifierModel(order.model.toStdString()));
            loadedModelName = order.model;
        }
        ampwb::ClassifierOptions options;
        options.precision = order.precision;
        classifier = std::make_unique<ampwb::Classifier>(*loadedModel, options);
        classifierGeneration = order.generation;
        learned = {static_cast<int>(loadedModel->card.preprocessing.imageSize), loadedModel->card.learnedFromGrayscale};
        outcome.learned = learned;
        outcome.loaded = true;
        if (classifier->descriptionMessage())
            outcome.description = EngineText::render(*classifier->descriptionMessage());
    } catch (const std::exception& error) {
        loadedModel.reset();
        loadedModelName.clear();
        outcome.error = EngineText::describe(error);
    }
    return outcome;
}

std::vector<ClassificationResult> ClassificationWorker::classifyBatch(const std::vector<ClassificationRequest>& batch)
{
    std::vector<ClassificationResult> results(batch.size());
    std::vector<torch::Tensor> images;
    std::vector<size_t> decoded;
    for (size_t i = 0; i < batch.size(); ++i) {
        results[i].rowId = batch[i].rowId;
        results[i].modelGeneration = classifierGeneration;
        const auto start = Clock::now();
        try {
            torch::Tensor image = batch[i].path.isEmpty() ? imageTensor(batch[i].image)
                                                          : ampwb::decodeImageFile(batch[i].path.toStdString());
            results[i].thumbnail = thumbnailOf(image);
            results[i].unlike = TrainingDataLikeness::unlikeness(
                learned, QSize(static_cast<int>(image.size(2)), static_cast<int>(image.size(1))),
                TrainingDataLikeness::hasColour(results[i].thumbnail));
            results[i].preprocessMilliseconds = millisecondsSince(start);
            images.push_back(std::move(image));
            decoded.push_back(i);
        } catch (const std::exception& error) { // DataError, or out of memory for a huge image
            results[i].error = EngineText::describe(error);
        }
    }
    if (images.empty())
        return results;
    try {
        const std::vector<ampwb::Classification> classifications = classifier->classify(images);
        for (size_t j = 0; j < decoded.size(); ++j) {
            ClassificationResult& result = results[decoded[j]];
            const ampwb::Classification& classification = classifications[j];
            result.preprocessMilliseconds += classification.preprocessMilliseconds;
            result.inferenceMilliseconds = classification.inferenceMilliseconds;
            for (const ampwb::ClassScore& score : classification.topClasses) {
                result.labels << QString::fromStdString(score.className);
                result.probabilities << score.probability;
            }
        }
    } catch (const std::exception& error) {
        for (const size_t index : decoded)
            results[index].error = EngineText::describe(error);
    }
    return results;
}

void ClassificationWorker::deliver(std::vector<Answer> arrived)
{
    std::vector<ClassificationResult> results;
    for (Answer& answer : arrived) {
        if (auto* result = std::get_if<ClassificationResult>(&answer))
            results.push_back(std::move(*result));
        else // the tick's model loads, ahead of its results
            Q_EMIT modelLoaded(std::get<ModelLoadResult>(answer));
    }
    if (!results.empty())
        Q_EMIT resultsArrived(results);
}
