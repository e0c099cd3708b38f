#pragma once

#include "evaluation/EvaluationJob.h"

#include <QImage>
#include <QObject>
#include <QString>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

/// Runs one evaluation (runEvaluationJob) on its own thread and loads the images the gallery
/// shows there too, so the window never waits on inference or decoding.
class EvaluationWorker : public QObject {
    Q_OBJECT
public:
    explicit EvaluationWorker(QObject* parent = nullptr);
    /// Cancels; waits for the batch in progress.
    ~EvaluationWorker() override;

    /// Starts `job` (its progress callback is the worker's own). One job per worker.
    void start(ampwb::EvaluationJob job);
    /// Stops after the batch in progress; finished() then reports a cancelled result.
    void cancel();
    /// Reads the dataset's images `indices` (after finished()) as thumbnails up to `pixels` on a
    /// side; a newer call replaces one that has not started.
    void loadThumbnails(int request, const std::vector<int64_t>& indices, int pixels);

Q_SIGNALS:
    void progressed(qint64 done, qint64 total);
    void finished(std::shared_ptr<const ampwb::EvaluationJobResult> result);
    void failed(const QString& message);
    /// The images of a loadThumbnails() call, in its order (a null image where one could not be read).
    void thumbnailsLoaded(int request, const std::vector<int64_t>& indices, const QList<QImage>& images);

private:
    struct ThumbnailRequest {
        int request = 0;
        std::vector<int64_t> indices;
        int pixels = 0;
    };
    void loadWhileRunning(std::shared_ptr<const ampwb::Dataset> dataset);

    std::atomic<bool> cancelRequested{false};
    std::shared_ptr<const ampwb::EvaluationJobResult> result; ///< GUI thread's, once finished
    std::thread evaluation;

    std::mutex loadingMutex;
    std::condition_variable wake;
    std::optional<ThumbnailRequest> pending; ///< only the newest request waits; older ones are dropped
    bool stopping = false;
    std::thread loading;
};
