// The real window under real faults: a training run that diverges, a runs folder on a disk
// that fills up, and an image folder full of bad files. The window reports each, keeps
// working, and starts the next run.
#include "AppSettings.h"
#include "EngineController.h"
#include "GuiTestEnvironment.h"
#include "MainWindow.h"
#include "SmallDisk.h"
#include "runs/RunHistories.h"
#include "train/RunProgressWidget.h"
#include "train/TrainTab.h"
#include "train/TrainingConfigPanel.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTest>

namespace {

const QString kPhotoFolder = QStringLiteral("/usr/share/doc/opencv-doc/examples/data");

bool waitUntilIdle(MainWindow& window, int timeoutMilliseconds)
{
    QSignalSpy finished(&window.engine(), &EngineController::workFinished);
    return !window.engine().isBusy() || finished.wait(timeoutMilliseconds);
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace

class GuiSurvivalTest : public QObject {
    Q_OBJECT

private:
    /// Runs `failing` in the window to its failure, then checks the window reports it and
    /// that a good run started right after finishes.
    void failThenRecover(MainWindow& window, const ampwb::TrainingConfig& failing, const QString& expectedWords)
    {
        window.configPanel().setConfig(failing);
        QVERIFY2(window.configPanel().problems().isEmpty(), qPrintable(window.configPanel().problems().join('\n')));
        window.startAction().trigger();
        QVERIFY(waitUntilIdle(window, 120000));
        expectFailureShown(window, expectedWords);
        expectANewRunFinishes(window);
    }

    /// The run just ended failed, and the window says so with `expectedWords` in its message.
    void expectFailureShown(MainWindow& window, const QString& expectedWords)
    {
        QVERIFY2(window.runState().contains(QLatin1String("failed")), qPrintable(window.runState()));
        auto* message = window.findChild<QMessageBox*>(QStringLiteral("runFailure"));
        QVERIFY(message);
        QVERIFY(message->isVisible());
        QVERIFY2(message->informativeText().contains(expectedWords), qPrintable(message->informativeText()));
        const RunHistory& failed = window.trainTab().histories().runs().front();
        QVERIFY(failed.summary.has_value());
        QVERIFY(failed.summary->state == ampwb::RunState::Failed);
    }

    /// A good run started now finishes.
    void expectANewRunFinishes(MainWindow& window)
    {
        window.configPanel().setConfig(environment.quickConfig(3));
        QVERIFY(window.startAction().isEnabled());
        window.startAction().trigger();
        QVERIFY(waitUntilIdle(window, 60000));
        const RunHistory& next = window.trainTab().histories().runs().front();
        QVERIFY(next.summary.has_value());
        QVERIFY(next.summary->state == ampwb::RunState::Finished);
        QVERIFY(window.runState().contains(QLatin1String("finished")));
    }

    GuiTestEnvironment environment;

private Q_SLOTS:
    void initTestCase() { QVERIFY(environment.isValid()); }

    void divergingRunIsReportedAndANewRunStarts()
    {
        MainWindow window;
        window.show();
        ampwb::TrainingConfig diverging = environment.quickConfig(40);
        diverging.learningRate = 1e30;
        diverging.augment = false;
        failThenRecover(window, diverging, QStringLiteral("NaN"));
    }

    void fullDiskIsReportedAndANewRunStarts()
    {
        // Room for the run's logs but not for its 90 MB checkpoint.
        const SmallDisk disk(environment.path(QStringLiteral("small-disk")), 16 * 1024 * 1024);
        if (!disk.mounted)
            QSKIP(qPrintable(QStringLiteral("mounting a small tmpfs needs root: %1").arg(disk.error)));
        MainWindow window;
        window.show();
        AppSettings::setRunsDirectory(environment.path(QStringLiteral("small-disk")));
        window.configPanel().setConfig(environment.quickConfig(3));
        window.startAction().trigger();
        QVERIFY(waitUntilIdle(window, 120000));
        AppSettings::setRunsDirectory(environment.runsDirectory());
        expectFailureShown(window, QStringLiteral("is full"));
        const QString failedFolder = window.trainTab().histories().runs().front().directory;
        QVERIFY(failedFolder.startsWith(environment.path(QStringLiteral("small-disk"))));
        QVERIFY(!QFileInfo::exists(failedFolder + QStringLiteral("/checkpoint.pt.partial")));
        expectANewRunFinishes(window);
    }

    void badImagesAreSkippedCountedAndShown()
    {
        // Two classes of real photos, and beside them the kinds of file real folders hold.
        const QString folder = environment.path(QStringLiteral("messy-images"));
        const QStringList photos = QDir(kPhotoFolder).entryList({QStringLiteral("*.jpg")}, QDir::Files, QDir::Name);
        QVERIFY2(photos.size() >= 8, "opencv-doc's example photos are missing (package opencv-doc)");
        for (int index = 0; index < 8; ++index) {
            const QString classFolder = folder + (index % 2 ? QStringLiteral("/odd") : QStringLiteral("/even"));
            QVERIFY(QDir().mkpath(classFolder));
            QVERIFY(QFile::copy(kPhotoFolder + QLatin1Char('/') + photos[index],
                                classFolder + QLatin1Char('/') + photos[index]));
        }
        QVERIFY(writeFile(folder + QStringLiteral("/odd/garbage.jpg"), QByteArray(4096, '\x5a')));
        QVERIFY(writeFile(folder + QStringLiteral("/odd/empty.png"), {}));
        QVERIFY(writeFile(folder + QStringLiteral("/even/notes.txt"), "not an image\n"));
        QFile photo(kPhotoFolder + QLatin1Char('/') + photos[0]);
        QVERIFY(photo.open(QIODevice::ReadOnly));
        QVERIFY(writeFile(folder + QStringLiteral("/even/photo-named.png"), photo.readAll()));

        MainWindow window;
        window.show();
        ampwb::TrainingConfig config = environment.quickConfig(4);
        config.dataset = folder.toStdString();
        config.imageSize = 32;
        config.batchSize = 4;
        config.epochs = 2;
        window.configPanel().setConfig(config);
        QVERIFY2(window.configPanel().problems().isEmpty(), qPrintable(window.configPanel().problems().join('\n')));
        window.startAction().trigger();
        QVERIFY(waitUntilIdle(window, 120000));

        const RunHistory& run = window.trainTab().histories().runs().front();
        QVERIFY(run.summary.has_value());
        QVERIFY2(run.summary->state == ampwb::RunState::Finished, run.summary->message.english().c_str());
        QCOMPARE(run.summary->unreadableImages, int64_t(2)); // garbage.jpg and empty.png; notes.txt is not an image
        auto* skipped = window.trainTab().progress().findChild<QLabel*>(QStringLiteral("skippedFiles"));
        QVERIFY(skipped);
        QVERIFY(skipped->isVisible());
        QVERIFY2(skipped->text().contains(QLatin1String("2 data file")), qPrintable(skipped->text()));
        QVERIFY(skipped->text().contains(QLatin1String("unreadable-images.txt")));
        QFile list(run.directory + QStringLiteral("/unreadable-images.txt"));
        QVERIFY(list.open(QIODevice::ReadOnly));
        const QString listed = QString::fromUtf8(list.readAll());
        QVERIFY2(listed.contains(QLatin1String("garbage.jpg")) && listed.contains(QLatin1String("empty.png")),
                 qPrintable(listed));
        QVERIFY(!listed.contains(QLatin1String("photo-named.png")));
    }
};

QTEST_MAIN(GuiSurvivalTest)
#include "GuiSurvivalTest.moc"
