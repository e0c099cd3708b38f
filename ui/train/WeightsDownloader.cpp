#include "train/WeightsDownloader.h"

#include "EngineText.h"
#include "modelfiles/WeightsDownload.h"

#include <QThread>

namespace {

/// The download itself, living on its thread; its signals reach the downloader queued.
class DownloadJob : public QObject {
    Q_OBJECT
public:
    DownloadJob(QString url, QString destination, std::shared_ptr<std::atomic<bool>> cancelRequested)
        : url(std::move(url))
        , destination(std::move(destination))
        , cancelRequested(std::move(cancelRequested))
    {
    }

    void run()
    {
        QString error;
        bool cancelled = false;
        try {
            ampwb::fetchWeights(url.toStdString(), destination.toStdString(),
                                [this](const ampwb::DownloadProgress& progress) {
                                    Q_EMIT progressed(progress.receivedBytes, progress.totalBytes);
                                    return !cancelRequested->load();
                                });
        } catch (const ampwb::WeightsDownloadError& failure) {
            error = EngineText::describe(failure);
            cancelled = failure.cancelled();
        } catch (const std::exception& failure) {
            error = EngineText::describe(failure);
        }
        Q_EMIT finished(error, cancelled);
    }

Q_SIGNALS:
    void progressed(qint64 receivedBytes, qint64 totalBytes);
    void finished(const QString& error, bool cancelled);

private:
    QString url;
    QString destination;
    std::shared_ptr<std::atomic<bool>> cancelRequested;
};

} // namespace

WeightsDownloader::WeightsDownloader(QObject* parent)
    : QObject(parent)
{
}

WeightsDownloader::~WeightsDownloader()
{
    cancel();
}

void WeightsDownloader::start(const QString& url, const QString& destination)
{
    if (running)
        return;
    running = true;
    cancelRequested = std::make_shared<std::atomic<bool>>(false);
    // Neither the thread nor the job has a parent: they end and delete themselves when the download
    // does, even after this downloader is gone (its connections go with it).
    auto* thread = new QThread;
    auto* job = new DownloadJob(url, destination, cancelRequested);
    job->moveToThread(thread);
    connect(thread, &QThread::started, job, &DownloadJob::run);
    connect(job, &DownloadJob::progressed, this, &WeightsDownloader::progressed);
    connect(job, &DownloadJob::finished, this, [this](const QString& error, bool cancelled) {
        running = false;
        Q_EMIT finished(error, cancelled);
    });
    connect(job, &DownloadJob::finished, thread, &QThread::quit);
    connect(thread, &QThread::finished, job, &QObject::deleteLater);
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

void WeightsDownloader::cancel()
{
    if (cancelRequested)
        cancelRequested->store(true);
}

#include "WeightsDownloader.moc"
