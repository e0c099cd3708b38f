// The window's "Starting weights" group: each choice reaches the run's configuration, missing
// ImageNet weights block the start and offer the download, the Download button's progress,
// cancel and refusal (against a local HTTP server), and a fine-tuning run started in the window.
#include "DownloadServer.h"
#include "EngineController.h"
#include "GuiTestEnvironment.h"
#include "MainWindow.h"
#include "Translations.h"
#include "model/ResNet18StateDict.h"
#include "modelfiles/StateDictFile.h"
#include "run/RunFolder.h"
#include "train/StartingWeightsPicker.h"
#include "train/TrainTab.h"
#include "train/TrainingConfigPanel.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include <cmath>

namespace {

/// Where the picker looks for torchvision's file, under the test's own torch hub cache.
QString hubCheckpoints()
{
    return qEnvironmentVariable("TORCH_HOME") + QStringLiteral("/hub/checkpoints");
}

/// Writes a 1,000-class ResNet-18 state dict in torchvision's format to `path`.
void writeImageNetShapedWeights(const QString& path)
{
    ampwb::ResNet18 model(1000);
    ampwb::writeStateDictFile(path.toStdString(), ampwb::stateDictOf(*model), ampwb::moduleVersionsOf(*model));
}

} // namespace

class StartingWeightsTest : public QObject {
    Q_OBJECT

private:
    GuiTestEnvironment environment;

    static QComboBox& startBox(MainWindow& window)
    {
        return *window.configPanel().findChild<QComboBox*>(QStringLiteral("startFrom"));
    }
    template <typename Widget>
    static Widget& field(MainWindow& window, const char* name)
    {
        return *window.configPanel().findChild<Widget*>(QLatin1String(name));
    }
    /// Shows the window, chooses ImageNet and clicks Download…, fetching from `url`.
    static void startDownload(MainWindow& window, const QString& url)
    {
        window.show();
        startBox(window).setCurrentIndex(1);
        window.configPanel().findChild<StartingWeightsPicker*>()->setDownloadUrl(url);
        field<QPushButton>(window, "downloadWeights").click();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(environment.isValid());
        QVERIFY(Translations::install(QStringLiteral("en"))); // the plural forms, as the window installs them
        // The torch hub cache of this test alone, empty at first.
        qputenv("TORCH_HOME", environment.path(QStringLiteral("torch")).toUtf8());
        qputenv("XDG_CACHE_HOME", environment.path(QStringLiteral("cache")).toUtf8());
        qputenv("HOME", environment.path(QStringLiteral("home")).toUtf8());
    }

    void eachChoiceReachesTheConfiguration()
    {
        MainWindow window;
        QComboBox& start = startBox(window);
        QCheckBox& freeze = field<QCheckBox>(window, "freezeBackbone");
        QCheckBox& newHead = field<QCheckBox>(window, "newHead");
        QDoubleSpinBox& scale = field<QDoubleSpinBox>(window, "backboneLearningRateScale");
        QCOMPARE(window.configPanel().config().initWeights, std::string()); // random by default
        QVERIFY(!freeze.isEnabled());
        QVERIFY(!newHead.isEnabled());

        start.setCurrentIndex(1);
        QCOMPARE(window.configPanel().config().initWeights, std::string("imagenet"));
        QVERIFY(freeze.isEnabled());
        QVERIFY(scale.isEnabled());
        scale.setValue(0.1);
        QCOMPARE(window.configPanel().config().backboneLearningRateScale, 0.1);
        QVERIFY(newHead.isEnabled());
        QVERIFY(!window.configPanel().config().newHead);
        newHead.setChecked(true);
        QVERIFY(window.configPanel().config().newHead);
        freeze.setChecked(true);
        QVERIFY(!scale.isEnabled());
        QVERIFY(window.configPanel().config().freezeBackbone);

        start.setCurrentIndex(2);
        auto& file = field<QLineEdit>(window, "weightsFile");
        QVERIFY(file.isVisibleTo(&window));
        file.setText(environment.path(QStringLiteral("runs/earlier")));
        QCOMPARE(QString::fromStdString(window.configPanel().config().initWeights),
                 QDir::cleanPath(environment.path(QStringLiteral("runs/earlier"))));

        // A configuration shown again is read back unchanged.
        ampwb::TrainingConfig config = environment.quickConfig(3);
        config.initWeights = "imagenet";
        config.freezeBackbone = true;
        config.newHead = true;
        config.backboneLearningRateScale = 0.25;
        window.configPanel().setConfig(config);
        const ampwb::TrainingConfig shown = window.configPanel().config();
        QCOMPARE(shown.initWeights, config.initWeights);
        QVERIFY(shown.freezeBackbone);
        QVERIFY(shown.newHead);
        QCOMPARE(shown.backboneLearningRateScale, 0.25);

        start.setCurrentIndex(0);
        QVERIFY(!window.configPanel().config().freezeBackbone); // nothing to freeze from random weights
        QVERIFY(!window.configPanel().config().newHead);
    }

    void missingImageNetWeightsBlockTheStartAndOfferTheDownload()
    {
        MainWindow window;
        window.show();
        window.configPanel().setConfig(environment.quickConfig(3));
        QVERIFY(window.startAction().isEnabled());
        startBox(window).setCurrentIndex(1);
        QVERIFY(window.configPanel().problems().join(' ').contains(QLatin1String("torch hub cache")));
        QVERIFY(!window.startAction().isEnabled());
        QVERIFY(field<QPushButton>(window, "downloadWeights").isVisible());

        // Fewer pixels than ImageNet's 224 work, with a warning; the weights' own size does not warn.
        auto& warning = field<QLabel>(window, "imageSizeWarning");
        field<QSpinBox>(window, "imageSize").setValue(64);
        QVERIFY(warning.isVisible());
        QVERIFY(warning.text().contains(QLatin1String("64 px")));
        field<QSpinBox>(window, "imageSize").setValue(0);
        QVERIFY(!warning.isVisible());
    }

    void theDownloadShowsProgressAndCancels()
    {
        const DownloadServer server(std::string(4 << 20, 'w'));
        MainWindow window;
        auto& progress = field<QProgressBar>(window, "downloadProgress");
        startDownload(window, server.url(QStringLiteral("/stalled/resnet18-f37072fd.pth")));
        QTRY_VERIFY_WITH_TIMEOUT(progress.isVisible() && progress.value() > 0, 30000);
        QVERIFY(progress.text().contains(QLatin1String("of 4.2 MB")));
        // The address as a link that opens or copies whole and, in the narrow panel, wraps after a '/' only.
        const QString downloading = field<QLabel>(window, "imageNetStatus").text();
        const QString url = server.url(QStringLiteral("/stalled/resnet18-f37072fd.pth"));
        QVERIFY2(downloading.contains(QStringLiteral("<a href=\"%1\">").arg(url)), qPrintable(downloading));
        QVERIFY(downloading.contains(QStringLiteral("/") + QChar(0x200B) + QStringLiteral("stalled/")));
        QVERIFY(downloading.contains(QStringLiteral("resnet18-") + QChar(0x2060) + QStringLiteral("f37072fd.pth")));
        QVERIFY(!field<QPushButton>(window, "downloadWeights").isVisible());
        field<QPushButton>(window, "cancelDownload").click();
        auto& status = field<QLabel>(window, "imageNetStatus");
        QTRY_VERIFY_WITH_TIMEOUT(status.text().contains(QLatin1String("cancelled")), 30000);
        QVERIFY(!progress.isVisible());
        QVERIFY(field<QPushButton>(window, "downloadWeights").isVisible());
        QCOMPARE(QDir(hubCheckpoints()).entryList(QDir::Files | QDir::Hidden), QStringList());
    }

    void aRefusedDownloadSaysWhyAndLeavesNothing()
    {
        const DownloadServer server("not the weights");
        MainWindow window;
        startDownload(window, server.url(QStringLiteral("/file/resnet18-f37072fd.pth")));
        auto& status = field<QLabel>(window, "imageNetStatus");
        QTRY_VERIFY_WITH_TIMEOUT(status.text().contains(QLatin1String("SHA-256")), 30000);
        QVERIFY(field<QPushButton>(window, "downloadWeights").isVisible());
        QVERIFY(!window.startAction().isEnabled());
        QCOMPARE(QDir(hubCheckpoints()).entryList(QDir::Files | QDir::Hidden), QStringList());
    }

    void closingTheWindowDuringADownloadDoesNotWait()
    {
        const DownloadServer server(std::string(4 << 20, 'w'));
        {
            MainWindow window;
            startDownload(window, server.url(QStringLiteral("/stalled/resnet18-f37072fd.pth")));
            QTRY_VERIFY_WITH_TIMEOUT(field<QProgressBar>(window, "downloadProgress").value() > 0, 30000);
        } // the stalled download is cancelled, not waited for
        QTRY_COMPARE_WITH_TIMEOUT(QDir(hubCheckpoints()).entryList(QDir::Files | QDir::Hidden), QStringList(), 30000);
    }

    void weightsInTheCacheAreFoundAndAFineTuningRunStarts()
    {
        QVERIFY(QDir().mkpath(hubCheckpoints()));
        writeImageNetShapedWeights(hubCheckpoints() + QStringLiteral("/resnet18-f37072fd.pth"));
        MainWindow window;
        window.show();
        ampwb::TrainingConfig config = environment.quickConfig(3);
        config.name = "fine-tuned";
        config.initWeights = "imagenet";
        config.freezeBackbone = true;
        config.imageSize = 32;
        window.configPanel().setConfig(config);
        QVERIFY(field<QLabel>(window, "imageNetStatus").text().contains(QLatin1String("resnet18-f37072fd.pth")));
        QVERIFY(!field<QPushButton>(window, "downloadWeights").isVisible());
        QVERIFY2(window.configPanel().problems().isEmpty(), qPrintable(window.configPanel().problems().join(' ')));
        QVERIFY(window.startAction().isEnabled());

        QSignalSpy finished(&window.engine(), &EngineController::workFinished);
        window.startAction().trigger();
        QVERIFY(finished.wait(300000));
        const QString run = environment.runsDirectory() + QStringLiteral("/fine-tuned");
        const auto start = ampwb::RunFolder::readStart(run.toStdString());
        QVERIFY(start.has_value());
        QCOMPARE(start->fileClasses, int64_t(1000));
        QVERIFY(start->headReplaced);
        QVERIFY(ampwb::RunFolder::readConfig(run.toStdString()).freezeBackbone);
        const auto summary = ampwb::RunFolder::readSummary(run.toStdString());
        QVERIFY(summary.has_value());
        QVERIFY2(summary->state == ampwb::RunState::Finished, summary->message.english().c_str());

        // The Train tab says what the run found and did, and how many images its accuracy counts.
        const QString said = window.trainTab().findChild<QLabel*>(QStringLiteral("latestStep"))->text();
        const QRegularExpressionMatch head =
            QRegularExpression(
                QStringLiteral("resnet18-f37072fd\\.pth: its 1000-class head replaced by a new (\\d+)-class head; only "
                               "the head trains"))
                .match(said);
        QVERIFY2(head.hasMatch(), qPrintable(said));
        const int classes = head.captured(1).toInt();
        QVERIFY(classes > 1 && classes < 1000);
        const auto correct = std::llround(summary->finalTop1 * static_cast<double>(summary->validationImages));
        QVERIFY2(said.contains(QStringLiteral(" (%1 of %2 images)").arg(correct).arg(summary->validationImages)),
                 qPrintable(said));
        const QString toolTip = window.trainTab().findChild<QLabel*>(QStringLiteral("latestStep"))->toolTip();
        QVERIFY2(toolTip.contains(QStringLiteral("%1 classes, ").arg(classes)), qPrintable(toolTip));
    }
};

QTEST_MAIN(StartingWeightsTest)
#include "StartingWeightsTest.moc"
