#pragma once

#include "runs/RunFolderTail.h"

#include <QObject>
#include <QTimer>

#include <vector>

class RunHistories;

/// Keeps the runs a tab shows up to date with their folders, as TensorBoard reloads a log
/// directory: every second it reads what the processes writing them (the window's own engine,
/// a CLI run in a terminal, a torchrun job on a shared filesystem) added, and the charts grow.
/// A timer, not QFileSystemWatcher, since network filesystems do not report changes.
class RunFollower : public QObject {
    Q_OBJECT
public:
    explicit RunFollower(RunHistories& histories, QObject* parent = nullptr);

    /// Starts following the runs added to the histories since the last call, reading their rows now.
    void followNewRuns();
    /// One line per followed run: running (and when its folder was last written), how it ended,
    /// or that its folder is gone.
    QString status() const;

Q_SIGNALS:
    /// The followed runs were read again; `status()` says where they stand.
    void updated();

private:
    void readAll();

    RunHistories& histories;
    std::vector<RunFolderTail> tails;
    QTimer pollTimer;
};
