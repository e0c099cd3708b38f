#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

/// Downloads weights with the engine's fetchWeights on a thread of its own, so the window never
/// waits; progress and the outcome arrive as signals on the GUI thread. Destroying it cancels a
/// download in progress without waiting for it to end.
class WeightsDownloader : public QObject {
    Q_OBJECT
public:
    explicit WeightsDownloader(QObject* parent = nullptr);
    ~WeightsDownloader() override;

    /// Starts fetching `url` into the file `destination`; ignored while a download runs.
    void start(const QString& url, const QString& destination);
    /// Asks the download in progress to stop; finished() follows with `cancelled` set.
    void cancel();
    bool isRunning() const { return running; }

Q_SIGNALS:
    /// Bytes received so far, of `totalBytes` (-1 while the size is unknown).
    void progressed(qint64 receivedBytes, qint64 totalBytes);
    /// The download ended: `error` is empty when the file is in place (downloaded or already there).
    void finished(const QString& error, bool cancelled);

private:
    std::shared_ptr<std::atomic<bool>> cancelRequested;
    bool running = false;
};
