// Follows run folders that another process writes: the test writes a real run's files into a folder
// outside the runs folder a piece at a time (as the engine of a CLI or torchrun job appends them), and
// runs the real CLI; the Runs tab's charts grow without the user reloading.
#include "GuiTestEnvironment.h"
#include "MainWindow.h"
#include "Translations.h"
#include "charts/MetricChart.h"
#include "charts/QCustomPlotNoKeywords.h"
#include "charts/TrainingCharts.h"
#include "run/RunFiles.h"
#include "runs/RunTableModel.h"
#include "runs/RunsTab.h"
#include "training/Trainer.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QSaveFile>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

namespace {

constexpr int kTimeoutMs = 20000;
constexpr int kSteps = 12;

bool writeFile(const QString& path, const QByteArray& bytes, QIODevice::OpenMode mode = QIODevice::WriteOnly)
{
    QFile file(path);
    return file.open(mode) && file.write(bytes) == bytes.size();
}

bool appendToFile(const QString& path, const QByteArray& bytes)
{
    return writeFile(path, bytes, QIODevice::Append);
}

/// Writes a whole file the way the engine rewrites one (a new file renamed over the old).
bool replaceFile(const QString& path, const QByteArray& bytes)
{
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit();
}

QByteArray readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QByteArray joined(const QList<QByteArray>& lines)
{
    QByteArray text;
    for (const QByteArray& line : lines)
        text += line + '\n';
    return text;
}

} // namespace

class RunFollowTest : public QObject {
    Q_OBJECT

private:
    /// A summary.json of the source run that says `state`.
    QByteArray summarySaying(const QString& state) const
    {
        QJsonObject summary = QJsonDocument::fromJson(readFile(sourceRun + QStringLiteral("/summary.json"))).object();
        summary[QStringLiteral("state")] = state;
        return QJsonDocument(summary).toJson();
    }

    /// Starts a run folder `name` in a job folder outside the runs folder: config.json, a running
    /// summary.json and steps.csv with its header and first `steps` rows; returns the run folder.
    QString startRun(const QString& name, int steps)
    {
        const QString run = environment.path(QStringLiteral("cluster/") + name + QStringLiteral("/run"));
        if (!QDir().mkpath(run))
            return {};
        QFile::copy(sourceRun + QStringLiteral("/config.json"), run + QStringLiteral("/config.json"));
        writeFile(run + QStringLiteral("/summary.json"), summarySaying(QStringLiteral("running")));
        writeFile(run + QStringLiteral("/steps.csv"), joined(stepLines.mid(0, steps + 1)));
        return run;
    }

    static QString followStatus(RunsTab& tab) { return tab.findChild<QLabel*>(QStringLiteral("followStatus"))->text(); }

    static int lossPoints(RunsTab& tab)
    {
        return tab.charts().chart(QStringLiteral("loss"))->plot().graph(0)->dataCount();
    }

    GuiTestEnvironment environment;
    QString sourceRun;
    QList<QByteArray> stepLines; ///< the source run's steps.csv: the header, then one line per step

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(Translations::install(QStringLiteral("en")));
        ampwb::TrainingConfig config = environment.quickConfig(kSteps);
        config.name = "source";
        config.runsDirectory = environment.path(QStringLiteral("sources")).toStdString();
        sourceRun = QString::fromStdString(ampwb::Trainer(config).run().runDirectory);
        stepLines = readFile(sourceRun + QStringLiteral("/steps.csv")).trimmed().split('\n');
        QCOMPARE(stepLines.size(), kSteps + 1);
    }

    void chartsGrowWhileAnotherProcessWritesTheFolder()
    {
        const QString run = startRun(QStringLiteral("growing"), 3);
        MainWindow window;
        window.show();
        window.tabs().setCurrentWidget(&window.runsTab());
        RunsTab& tab = window.runsTab();
        QString error;
        QVERIFY2(tab.openRunFolder(QFileInfo(run).absolutePath(), &error), qPrintable(error));
        QCOMPARE(tab.histories().size(), size_t(1));
        QCOMPARE(tab.histories().at(0).steps().size(), size_t(3));
        QVERIFY2(followStatus(tab).contains(QLatin1String("running")), qPrintable(followStatus(tab)));
        QCOMPARE(tab.selectedRuns().size(), 1);
        QCOMPARE(tab.selectedRuns().front().name, QStringLiteral("growing/run"));

        QVERIFY(appendToFile(run + QStringLiteral("/steps.csv"), joined(stepLines.mid(4, 5))));
        QTRY_COMPARE_WITH_TIMEOUT(tab.histories().at(0).steps().size(), size_t(8), kTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(lossPoints(tab), 8, kTimeoutMs);
        QCOMPARE(tab.histories().at(0).steps().back().step, int64_t(8));

        // Half of step 9's line: nothing is read of it until its newline is there.
        const QByteArray ninth = stepLines[9] + '\n';
        const qsizetype half = ninth.size() / 2;
        QVERIFY(appendToFile(run + QStringLiteral("/steps.csv"), ninth.left(half)));
        QTest::qWait(2500); // longer than a poll: the follower has looked at the half line
        QCOMPARE(tab.histories().at(0).steps().size(), size_t(8));
        QVERIFY(appendToFile(run + QStringLiteral("/steps.csv"), ninth.mid(half)));
        QTRY_COMPARE_WITH_TIMEOUT(tab.histories().at(0).steps().size(), size_t(9), kTimeoutMs);
        // Step 9 as the engine reads the whole file: the line was read once, complete.
        const ampwb::StepMetrics ninthStep = ampwb::RunFiles::read(sourceRun.toStdString())->steps.at(8);
        QCOMPARE(tab.histories().at(0).steps().back().loss, ninthStep.loss);
        QCOMPARE(tab.histories().at(0).steps().back().memory.peakResidentBytes, ninthStep.memory.peakResidentBytes);

        // The run ends: the last steps, its epoch and its final summary.
        QVERIFY(appendToFile(run + QStringLiteral("/steps.csv"), joined(stepLines.mid(10))));
        QVERIFY(QFile::copy(sourceRun + QStringLiteral("/epochs.csv"), run + QStringLiteral("/epochs.csv")));
        QVERIFY(replaceFile(run + QStringLiteral("/summary.json"), summarySaying(QStringLiteral("finished"))));
        QTRY_COMPARE_WITH_TIMEOUT(tab.histories().at(0).steps().size(), size_t(kSteps), kTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(tab.histories().at(0).epochs().size(), size_t(1), kTimeoutMs);
        QTRY_VERIFY2_WITH_TIMEOUT(followStatus(tab).contains(QLatin1String("finished after 12 steps")),
                                  qPrintable(followStatus(tab)), kTimeoutMs);
        // The table notices the run's new state by itself.
        QTRY_COMPARE_WITH_TIMEOUT(tab.selectedRuns().size(), 1, kTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(tab.selectedRuns().front().state, QStringLiteral("finished"), kTimeoutMs);
    }

    void aRewrittenFileIsReadAgain_data()
    {
        QTest::addColumn<bool>("truncatedInPlace");
        QTest::newRow("replaced") << false;
        QTest::newRow("truncated in place") << true;
    }

    void aRewrittenFileIsReadAgain()
    {
        QFETCH(bool, truncatedInPlace);
        const QString run = startRun(truncatedInPlace ? QStringLiteral("truncated") : QStringLiteral("replaced"), 5);
        MainWindow window;
        RunsTab& tab = window.runsTab();
        QVERIFY(tab.openRunFolder(run));
        QCOMPARE(tab.histories().at(0).steps().size(), size_t(5));

        // A resumed run keeps the steps up to its checkpoint (2) and writes its own after them: seven
        // steps in all, so the file ends up longer than before, with other bytes where the old ones were.
        QList<QByteArray> resumed = stepLines.mid(0, 3);
        for (int step = 3; step <= 7; ++step) {
            QList<QByteArray> cells = stepLines[step].split(',');
            cells[3] = QByteArray::number(100 + step); // the loss
            resumed << cells.join(',');
        }
        const QString steps = run + QStringLiteral("/steps.csv");
        if (truncatedInPlace)
            QVERIFY(writeFile(steps, joined(resumed)));
        else
            QVERIFY(replaceFile(steps, joined(resumed)));
        QTRY_COMPARE_WITH_TIMEOUT(tab.histories().at(0).steps().size(), size_t(7), kTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(tab.histories().at(0).steps().back().loss, 107.0, kTimeoutMs);
        QCOMPARE(tab.histories().at(0).steps()[1].loss, stepLines[2].split(',')[3].toDouble());
        QCOMPARE(lossPoints(tab), 7);

        QVERIFY(writeFile(steps, stepLines.front() + '\n'));
        QTRY_COMPARE_WITH_TIMEOUT(tab.histories().at(0).steps().size(), size_t(0), kTimeoutMs);
    }

    void aFolderThatDisappearsIsSaidToBeGone()
    {
        const QString run = startRun(QStringLiteral("removed"), 4);
        MainWindow window;
        window.show();
        window.tabs().setCurrentWidget(&window.runsTab());
        RunsTab& tab = window.runsTab();
        QVERIFY(tab.openRunFolder(run));
        QCOMPARE(tab.table().model()->rowCount(), 1);
        QVERIFY(QDir(QFileInfo(run).absolutePath()).removeRecursively());
        QTRY_VERIFY2_WITH_TIMEOUT(followStatus(tab).contains(QLatin1String("is gone")), qPrintable(followStatus(tab)),
                                  kTimeoutMs);
        QVERIFY(followStatus(tab).contains(QDir::toNativeSeparators(run)));
        QCOMPARE(tab.histories().at(0).steps().size(), size_t(4)); // what was read stays on the charts
        QTRY_COMPARE_WITH_TIMEOUT(tab.table().model()->rowCount(), 0, kTimeoutMs);
    }

    void aFolderWithoutARunYetIsListedWhenOneAppears()
    {
        const QString job = environment.path(QStringLiteral("cluster/empty"));
        QVERIFY(QDir().mkpath(job));
        MainWindow window;
        window.show();
        window.tabs().setCurrentWidget(&window.runsTab());
        RunsTab& tab = window.runsTab();
        QString error;
        QVERIFY(!tab.openRunFolder(job, &error));
        QVERIFY2(error.contains(QLatin1String("no run")), qPrintable(error));
        QCOMPARE(tab.table().model()->rowCount(), 0);
        QVERIFY(QDir().mkpath(job + QStringLiteral("/first")));
        QVERIFY(QFile::copy(sourceRun + QStringLiteral("/config.json"), job + QStringLiteral("/first/config.json")));
        QTRY_COMPARE_WITH_TIMEOUT(tab.table().model()->rowCount(), 1, kTimeoutMs);
        QCOMPARE(tab.table().model()->index(0, RunTableModel::Name).data().toString(), QStringLiteral("empty/first"));
    }

    void runsAppearingInTheRunsFolderAreListed()
    {
        MainWindow window;
        window.show();
        window.tabs().setCurrentWidget(&window.runsTab());
        RunsTab& tab = window.runsTab();
        const int before = tab.table().model()->rowCount();
        const QString run = environment.runsDirectory() + QStringLiteral("/appeared");
        QVERIFY(QDir().mkpath(run));
        QVERIFY(QFile::copy(sourceRun + QStringLiteral("/config.json"), run + QStringLiteral("/config.json")));
        QTRY_COMPARE_WITH_TIMEOUT(tab.table().model()->rowCount(), before + 1, kTimeoutMs);
    }

    void chartsGrowWhileTheCliTrains()
    {
        const QString job = environment.path(QStringLiteral("cli-job"));
        QVERIFY(QDir().mkpath(job));
        MainWindow window;
        window.show();
        window.tabs().setCurrentWidget(&window.runsTab());
        RunsTab& tab = window.runsTab();
        QVERIFY(!tab.openRunFolder(job)); // the job has not started yet

        constexpr int kCliSteps = 30;
        QProcess cli;
        cli.setProcessChannelMode(QProcess::MergedChannels);
        cli.start(QStringLiteral(AMPWB_CLI_PATH),
                  {QStringLiteral("train"), QStringLiteral("--data"), QStringLiteral("synthetic"),
                   QStringLiteral("--image-size"), QStringLiteral("32"), QStringLiteral("--batch-size"),
                   QStringLiteral("8"), QStringLiteral("--max-steps"), QString::number(kCliSteps),
                   QStringLiteral("--validation-limit"), QStringLiteral("16"), QStringLiteral("--run-dir"), job,
                   QStringLiteral("--name"), QStringLiteral("live")});
        QVERIFY2(cli.waitForStarted(), qPrintable(cli.errorString()));
        // The table lists the run once the CLI has written its config.json.
        const QString run = job + QStringLiteral("/live");
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(run + QStringLiteral("/config.json")), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                tab.selectRuns({run});
                return tab.selectedRuns().size() == 1;
            }(),
            kTimeoutMs);
        QVERIFY(tab.openSelected());
        QTRY_COMPARE_WITH_TIMEOUT(tab.histories().at(0).steps().size(), size_t(kCliSteps), 60000);
        QTRY_COMPARE_WITH_TIMEOUT(cli.state(), QProcess::NotRunning, 60000);
        QVERIFY2(cli.exitStatus() == QProcess::NormalExit && cli.exitCode() == 0, cli.readAll().constData());
        QTRY_VERIFY2_WITH_TIMEOUT(followStatus(tab).contains(QLatin1String("finished")), qPrintable(followStatus(tab)),
                                  kTimeoutMs);
        QCOMPARE(lossPoints(tab), kCliSteps);
    }
};

QTEST_MAIN(RunFollowTest)
#include "RunFollowTest.moc"
