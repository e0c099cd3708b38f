#include "runs/RunFollower.h"

#include "runs/RunHistories.h"
#include "runs/RunTableModel.h"

#include <QDateTime>
#include <QDir>

namespace {

constexpr int kPollMilliseconds = 1000;
/// At most this much of each file per read, so that a long run's files do not hold up the window.
constexpr qint64 kBytesPerRead = 4 * 1024 * 1024;

QString ago(const QDateTime& time)
{
    const qint64 seconds = std::max<qint64>(0, time.secsTo(QDateTime::currentDateTime()));
    if (seconds < 120)
        return RunFollower::tr("%n s ago", nullptr, static_cast<int>(seconds));
    if (seconds < 7200)
        return RunFollower::tr("%n min ago", nullptr, static_cast<int>(seconds / 60));
    return RunFollower::tr("%n h ago", nullptr, static_cast<int>(seconds / 3600));
}

} // namespace

RunFollower::RunFollower(RunHistories& shown, QObject* parent)
    : QObject(parent)
    , histories(shown)
{
    pollTimer.setInterval(kPollMilliseconds);
    connect(&pollTimer, &QTimer::timeout, this, &RunFollower::readAll);
    connect(&histories, &RunHistories::cleared, this, [this] {
        tails.clear();
        pollTimer.stop();
        Q_EMIT updated();
    });
}

void RunFollower::followNewRuns()
{
    for (size_t index = tails.size(); index < histories.size(); ++index)
        tails.emplace_back(histories.at(index).directory);
    readAll();
}

void RunFollower::readAll()
{
    bool moreToRead = false;
    for (size_t index = 0; index < tails.size(); ++index) {
        RunFolderTail& tail = tails[index];
        if (!tail.exists())
            continue;
        RunFolderTail::News news = tail.read(kBytesPerRead);
        if (news.rewritten)
            histories.dropRows(index);
        if (news.summary)
            histories.at(index).summary = std::move(news.summary);
        for (const ampwb::StepMetrics& step : news.steps)
            histories.appendStep(index, step);
        for (const ampwb::EpochMetrics& epoch : news.epochs)
            histories.appendEpoch(index, epoch);
        moreToRead = moreToRead || news.moreToRead;
    }
    histories.announceChanges();
    if (!tails.empty())
        pollTimer.start(moreToRead ? 0 : kPollMilliseconds);
    Q_EMIT updated();
}

QString RunFollower::status() const
{
    QStringList lines;
    for (size_t index = 0; index < tails.size(); ++index) {
        const RunHistory& run = histories.at(index);
        const qsizetype steps = static_cast<qsizetype>(run.steps().size());
        if (!tails[index].exists()) {
            lines << tr("%1: its folder %2 is gone; the charts keep what was read before.")
                         .arg(run.label(), QDir::toNativeSeparators(tails[index].directory()));
        } else if (!run.summary) {
            lines << tr("%1: not started yet").arg(run.label());
        } else if (run.summary->state == ampwb::RunState::Running) {
            lines << tr("%1: running, %n step(s), folder written %2", nullptr, static_cast<int>(steps))
                         .arg(run.label(), ago(tails[index].lastWritten()));
        } else {
            const QString state = QString::fromStdString(ampwb::toString(run.summary->state));
            lines << tr("%1: %2 after %n step(s)", nullptr, static_cast<int>(steps))
                         .arg(run.label(), RunTableModel::stateText(state));
        }
    }
    return lines.join(QLatin1Char('\n'));
}
