#include "EvaluationWorker.h"

#include "EngineText.h"

#include <QMetaObject>

#include <exception>

namespace {

/// A [C, H, W] uint8 image as a QImage no larger than `pixels` on a side.
QImage thumbnailOf(const torch::Tensor& image, int pixels)
{
    const torch::Tensor hwc = image.permute({1, 2, 0}).contiguous();
    const int height = static_cast<int>(hwc.size(0));
    const int width = static_cast<int>(hwc.size(1));
    const bool gray = hwc.size(2) == 1;
    const QImage view(hwc.data_ptr<uint8_t>(), width, height, static_cast<qsizetype>(width * hwc.size(2)),
                      gray ? QImage::Format_Grayscale8 : QImage::Format_RGB888);
    const QImage owned = view.copy();
    if (width <= pixels && height <= pixels)
        return owned;
    return owned.scaled(pixels, pixels, Qt::KeepAspectRatio, Qt::SmoothTransformation);
}

} // namespace

EvaluationWorker::EvaluationWorker(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const ampwb::EvaluationJobResult>>();
    qRegisterMetaType<std::vector<int64_t>>();
}

EvaluationWorker::~EvaluationWorker()
{
    cancel();
    {
        std::lock_guard lock(loadingMutex);
        stopping = true;
    }
    wake.notify_all();
    if (evaluation.joinable())
        evaluation.join();
    if (loading.joinable())
        loading.join();
}

void EvaluationWorker::start(ampwb::EvaluationJob job)
{
    job.evaluation.progress = [this](int64_t done, int64_t total) {
        QMetaObject::invokeMethod(
            this, [this, done, total] { Q_EMIT progressed(done, total); }, Qt::QueuedConnection);
        return !cancelRequested.load();
    };
    // Posted calls to this object are dropped if it is deleted first; the destructor joins the thread.
    evaluation = std::thread([this, job = std::move(job)] {
        std::shared_ptr<const ampwb::EvaluationJobResult> outcome;
        QString error;
        try {
            outcome = std::make_shared<const ampwb::EvaluationJobResult>(ampwb::runEvaluationJob(job));
        } catch (const std::exception& failure) {
            error = EngineText::describe(failure);
        }
        QMetaObject::invokeMethod(
            this,
            [this, outcome, error] {
                result = outcome;
                if (outcome && outcome->dataset)
                    loading = std::thread([this, dataset = outcome->dataset] { loadWhileRunning(dataset); });
                if (outcome)
                    Q_EMIT finished(outcome);
                else
                    Q_EMIT failed(error);
            },
            Qt::QueuedConnection);
    });
}

void EvaluationWorker::cancel()
{
    cancelRequested = true;
}

void EvaluationWorker::loadThumbnails(int request, const std::vector<int64_t>& indices, int pixels)
{
    {
        std::lock_guard lock(loadingMutex);
        pending = ThumbnailRequest{request, indices, pixels};
    }
    wake.notify_all();
}

void EvaluationWorker::loadWhileRunning(std::shared_ptr<const ampwb::Dataset> dataset)
{
    for (;;) {
        ThumbnailRequest order;
        {
            std::unique_lock lock(loadingMutex);
            wake.wait(lock, [this] { return stopping || pending; });
            if (stopping)
                return;
            order = std::move(*pending);
            pending.reset();
        }
        QList<QImage> images;
        for (const int64_t index : order.indices) {
            try {
                images.append(thumbnailOf(dataset->image(index), order.pixels));
            } catch (const std::exception&) {
                images.append(QImage());
            }
        }
        QMetaObject::invokeMethod(
            this, [this, order, images] { Q_EMIT thumbnailsLoaded(order.request, order.indices, images); },
            Qt::QueuedConnection);
    }
}
