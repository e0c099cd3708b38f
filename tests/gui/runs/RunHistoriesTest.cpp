// The runs a tab shows: adding runs and recording their rows, and what the views are told
// (new rows, everything again after a resumed run dropped some, or every run removed).
#include "runs/RunHistories.h"

#include <QSignalSpy>
#include <QTest>

class RunHistoriesTest : public QObject {
    Q_OBJECT

private:
    static ampwb::StepMetrics step(int64_t number, double wallSeconds)
    {
        ampwb::StepMetrics row;
        row.step = number;
        row.epoch = 1 + (number - 1) / 4;
        row.stepInEpoch = 1 + (number - 1) % 4;
        row.stepsPerEpoch = 4;
        row.loss = 1.0 / static_cast<double>(number);
        row.wallSeconds = wallSeconds;
        return row;
    }

    static ampwb::EpochMetrics epoch(int64_t number)
    {
        ampwb::EpochMetrics row;
        row.epoch = number;
        row.validationTop1 = 0.5;
        return row;
    }

    /// Spies on the three signals a view follows.
    struct Told {
        explicit Told(const RunHistories& histories)
            : cleared(&histories, &RunHistories::cleared)
            , appended(&histories, &RunHistories::appended)
            , rowsDropped(&histories, &RunHistories::rowsDropped)
        {
        }
        /// How many of each the views were told, in the order cleared, appended, rowsDropped.
        QList<qsizetype> counts() const { return {cleared.count(), appended.count(), rowsDropped.count()}; }

        QSignalSpy cleared;
        QSignalSpy appended;
        QSignalSpy rowsDropped;
    };

private Q_SLOTS:
    void addedRunsAreAnnouncedOnce()
    {
        RunHistories histories;
        const Told told(histories);
        RunHistory& fp32 = histories.add(RunHistory(QStringLiteral("FP32"), Qt::blue));
        fp32.setColor(Qt::darkBlue);
        histories.add(RunHistory(QStringLiteral("AMP"), Qt::red));
        QCOMPARE(told.counts(), QList<qsizetype>({0, 0, 0})); // nothing is drawn before the announcement

        histories.announceChanges();
        QCOMPARE(told.counts(), QList<qsizetype>({0, 1, 0}));
        QCOMPARE(histories.size(), size_t(2));
        QCOMPARE(histories.at(0).label(), QStringLiteral("FP32"));
        QCOMPARE(histories.at(0).color(), QColor(Qt::darkBlue));
        QCOMPARE(histories.runs().back().label(), QStringLiteral("AMP"));

        histories.announceChanges(); // nothing new: the views are not bothered
        QCOMPARE(told.counts(), QList<qsizetype>({0, 1, 0}));
    }

    void recordedRowsAreAnnouncedAsAppended()
    {
        RunHistories histories;
        histories.add(RunHistory(QStringLiteral("FP32"), Qt::blue));
        histories.add(RunHistory(QStringLiteral("AMP"), Qt::red));
        histories.announceChanges();
        const Told told(histories);

        for (int64_t number = 1; number <= 4; ++number)
            histories.appendStep(1, step(number, 0.1 * static_cast<double>(number)));
        histories.appendEpoch(1, epoch(1));
        histories.at(1).summary = ampwb::RunSummary{}; // not drawn: no announcement of its own
        histories.announceChanges();
        QCOMPARE(told.counts(), QList<qsizetype>({0, 1, 0}));
        QCOMPARE(histories.at(0).steps().size(), size_t(0));
        QCOMPARE(histories.at(1).steps().size(), size_t(4));
        QCOMPARE(histories.at(1).steps().back().step, int64_t(4));
        QCOMPARE(histories.at(1).epochs().size(), size_t(1));
        QVERIFY(histories.at(1).summary.has_value());

        histories.appendEpoch(0, epoch(1));
        histories.announceChanges();
        QCOMPARE(told.counts(), QList<qsizetype>({0, 2, 0}));
    }

    void droppedRowsAreAnnouncedAsEverythingAgain()
    {
        RunHistories histories;
        histories.add(RunHistory(QStringLiteral("FP32"), Qt::blue));
        for (int64_t number = 1; number <= 6; ++number)
            histories.appendStep(0, step(number, static_cast<double>(number)));
        histories.appendEpoch(0, epoch(1));
        histories.announceChanges();
        const Told told(histories);

        ampwb::RunStarted resumed;
        resumed.firstStep = 5; // from the checkpoint after epoch 1 (4 steps an epoch)
        resumed.stepsPerEpoch = 4;
        histories.continueFrom(0, resumed);
        histories.appendStep(0, step(5, 0.5)); // the engine's clock starts again
        histories.announceChanges();
        QCOMPARE(told.counts(), QList<qsizetype>({0, 0, 1})); // one full redraw covers the new step too
        const RunHistory& run = histories.at(0);
        QCOMPARE(run.steps().size(), size_t(5));
        QCOMPARE(run.steps().back().step, int64_t(5));
        QCOMPARE(run.elapsedSecondsAt(4), 4.5);
        QCOMPARE(run.epochs().size(), size_t(1));
        QCOMPARE(run.started->firstStep, int64_t(5));

        histories.appendStep(0, step(6, 1.5));
        histories.announceChanges();
        QCOMPARE(told.counts(), QList<qsizetype>({0, 1, 1})); // then new rows again
    }

    void clearingTellsTheViewsAtOnce()
    {
        RunHistories histories;
        histories.add(RunHistory(QStringLiteral("FP32"), Qt::blue));
        histories.appendStep(0, step(1, 0.1));
        const Told told(histories);

        histories.clear();
        QCOMPARE(told.counts(), QList<qsizetype>({1, 0, 0}));
        QVERIFY(histories.empty());
        QCOMPARE(histories.size(), size_t(0));
        histories.announceChanges(); // what was pending went with the runs
        QCOMPARE(told.counts(), QList<qsizetype>({1, 0, 0}));

        histories.add(RunHistory(QStringLiteral("AMP"), Qt::red));
        histories.announceChanges();
        QCOMPARE(told.counts(), QList<qsizetype>({1, 1, 0}));
        QCOMPARE(histories.at(0).label(), QStringLiteral("AMP"));
    }
};

QTEST_GUILESS_MAIN(RunHistoriesTest)
#include "RunHistoriesTest.moc"
