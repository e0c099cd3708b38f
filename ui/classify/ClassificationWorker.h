#pragma once

#include "DrainedQueue.h"
#include "classify/TrainingDataLikeness.h"
#include "model/InferencePrecision.h"

#include <QImage>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <variant>
#include <vector>

namespace ampwb {
class Classifier;
struct ClassifierModel;
} // namespace ampwb

/// An image to classify: a file, or image data (e.g. pasted), and the row it belongs to.
struct ClassificationRequest {
    quint64 rowId = 0;
    QString path; ///< the image file; empty for image data
    QImage image; ///< the image itself when there is no file
};

/// The worker's answer for one request.
struct ClassificationResult {
    quint64 rowId = 0;
    int modelGeneration = 0;             ///< the loadModel() call whose model answered
    QImage thumbnail;                    ///< null when the image could not be read
    QStringList labels;                  ///< the top classes, most probable first
    QList<double> probabilities;         ///< softmax probabilities of `labels`
    double preprocessMilliseconds = 0.0; ///< decoding and preprocessing
    double inferenceMilliseconds = 0.0;  ///< this image's share of its batch's forward pass
    QString error;                       ///< why the image could not be read or classified
    Unlikeness unlike;                   ///< how the image differs from what the model learned from
};

/// The outcome of a loadModel() call.
struct ModelLoadResult {
    int generation = 0;
    bool loaded = false;
    QString description;   ///< where the model came from, its classes and input size, in the user's language
    LearnedImages learned; ///< what its training images were like
    QString error;         ///< the engine's message when it could not be loaded
};

/// Classifies images on a thread of its own: one model at a time (loadModel), queued images
/// decoded, thumbnailed and classified in batches, results handed to the GUI on a timer in
/// small groups so hundreds of images keep the window responsive. The thread ends when the work
/// does, and with it its OpenMP team: a team left waiting beside a training run's makes libgomp's
/// threads sleep at every barrier of the run's steps (StepTurns.h in the engine says more).
class ClassificationWorker : public QObject {
    Q_OBJECT
public:
    explicit ClassificationWorker(QObject* parent = nullptr);
    /// Finishes the batch in progress and stops the thread; queued images are dropped.
    ~ClassificationWorker() override;

    /// Replaces the model by `model` (as loadClassifierModel names it; empty: no model)
    /// computing in `precision`. Returns the generation its results will carry.
    int loadModel(const QString& model, ampwb::InferencePrecision precision);
    /// Queues images; they wait while there is no model.
    void classify(std::vector<ClassificationRequest> requests);
    /// Drops the queued images (a batch in progress still answers).
    void cancelQueued();

    static constexpr int kBatchSize = 8;
    /// At most this many results reach the GUI per tick (model loads come ahead of them, outside the limit).
    static constexpr int kResultsPerTick = 16;
    static constexpr int kThumbnailPixels = 96;

Q_SIGNALS:
    void modelLoaded(const ModelLoadResult& result);
    void resultsArrived(const std::vector<ClassificationResult>& results);

private:
    struct LoadOrder {
        int generation = 0;
        QString model;
        ampwb::InferencePrecision precision = ampwb::InferencePrecision::Fp32;
    };

    /// What the worker thread hands to the GUI: at each tick the model loads, then results in the order they came.
    using Answer = std::variant<ModelLoadResult, ClassificationResult>;

    /// Starts the worker thread unless it runs; with `mutex` held.
    void startWorking();
    /// The worker thread: works until there is nothing left to do.
    void run();
    /// Whether the worker thread has something to do; with `mutex` held.
    bool hasWork() const;
    ModelLoadResult load(const LoadOrder& order);
    std::vector<ClassificationResult> classifyBatch(const std::vector<ClassificationRequest>& batch);
    void deliver(std::vector<Answer> arrived);

    std::mutex mutex;
    std::optional<LoadOrder> pendingLoad;
    std::deque<ClassificationRequest> queued;
    bool stopping = false;
    bool working = false; ///< the worker thread runs and will look for work again before it ends
    bool hasModel = false;
    int nextGeneration = 0;

    // Touched only by the worker thread (one at a time: each is joined before the next starts).
    QString loadedModelName;
    std::unique_ptr<ampwb::ClassifierModel> loadedModel;
    std::unique_ptr<ampwb::Classifier> classifier;
    LearnedImages learned;
    int classifierGeneration = 0;

    /// Started by the GUI thread when there is work and finished by the worker thread when there
    /// is none, both with `mutex` held, so that a finish() cannot overtake newer work.
    DrainedQueue<Answer> answers;
    std::thread thread;
};
