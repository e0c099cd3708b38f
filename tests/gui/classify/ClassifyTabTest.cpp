// Drives the real window's Classify tab: real drops of real photos (opencv-doc's examples),
// classified by a run the engine trained for two steps; corrupt files, folders, a wrong
// model file, pasting, clearing, two hundred images at once, and the worker's answers in the
// order the tab needs them.
#include "AppSettings.h"
#include "EngineController.h"
#include "GuiTestEnvironment.h"
#include "MainWindow.h"
#include "Translations.h"
#include "classify/ClassificationWorker.h"
#include "classify/ClassifiedImageList.h"
#include "classify/ClassifyTab.h"
#include "classify/RunCheckpointDialog.h"
#include "classify/TrainingDataLikeness.h"
#include "data/IdxDataset.h"
#include "model/Classifier.h"
#include "modelfiles/ModelExport.h"
#include "modelfiles/ModelLoading.h"
#include "modelfiles/TorchHubWeights.h"
#include "train/TrainingConfigPanel.h"
#include "training/Trainer.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QListView>
#include <QMimeData>
#include <QPushButton>
#include <QScopeGuard>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTimer>

#include <algorithm>

namespace {

constexpr int kClassifyTimeoutMilliseconds = 120 * 1000;
const QString kPhotoFolder = QStringLiteral("/usr/share/doc/opencv-doc/examples/data");

QString photo(const char* name)
{
    return kPhotoFolder + QLatin1Char('/') + QLatin1String(name);
}

ClassifyTab& showClassifyTab(MainWindow& window)
{
    auto* tab = window.findChild<ClassifyTab*>();
    window.tabs().setCurrentWidget(tab);
    window.show();
    return *tab;
}

/// Drags `urls` over the tab's visible page and drops them there, as a file manager would.
bool dropUrls(ClassifyTab& tab, const QList<QUrl>& urls)
{
    QWidget* target = tab.findChild<QStackedWidget*>()->currentWidget();
    if (auto* list = qobject_cast<QListView*>(target))
        target = list->viewport();
    QMimeData data;
    data.setUrls(urls);
    const QPoint position = target->rect().center();
    QDragEnterEvent enter(position, Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    if (!enter.isAccepted())
        return false;
    QDropEvent drop(QPointF(position), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &drop);
    return drop.isAccepted();
}

QList<QUrl> fileUrls(const QStringList& paths)
{
    QList<QUrl> urls;
    for (const QString& path : paths)
        urls << QUrl::fromLocalFile(path);
    return urls;
}

bool allAnswered(const ClassifiedImageList& images, int rows)
{
    return images.rowCount() == rows && images.count(ClassifiedImageList::State::Waiting) == 0;
}

/// Five labels whose probabilities are in [0, 1], sorted, summing to at most 1; latency > 0.
void verifyTopFive(const ClassifiedImageList& images, int row)
{
    const QModelIndex index = images.index(row);
    QCOMPARE(index.data(ClassifiedImageList::StateRole).toInt(), int(ClassifiedImageList::State::Classified));
    const QStringList labels = index.data(ClassifiedImageList::LabelsRole).toStringList();
    const QVariantList probabilities = index.data(ClassifiedImageList::ProbabilitiesRole).toList();
    QCOMPARE(labels.size(), 5);
    QCOMPARE(probabilities.size(), 5);
    QVERIFY(labels.front().startsWith(QLatin1String("class ")));
    double sum = 0.0;
    for (int i = 0; i < probabilities.size(); ++i) {
        const double probability = probabilities[i].toDouble();
        QVERIFY(probability >= 0.0 && probability <= 1.0);
        if (i > 0)
            QVERIFY(probability <= probabilities[i - 1].toDouble());
        sum += probability;
    }
    QVERIFY2(sum <= 1.0 + 1e-5, qPrintable(QString::number(sum)));
    QVERIFY(index.data(ClassifiedImageList::LatencyRole).toDouble() > 0.0);
    QVERIFY(index.data(ClassifiedImageList::InferenceRole).toDouble() > 0.0);
    QVERIFY(!index.data(Qt::DecorationRole).value<QImage>().isNull());
}

} // namespace

class ClassifyTabTest : public QObject {
    Q_OBJECT

private:
    GuiTestEnvironment environment;
    QString checkpoint;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(environment.isValid());
        QVERIFY(Translations::install(QStringLiteral("en"))); // the plural forms, as the window installs them
        ampwb::TrainingConfig config = environment.quickConfig(2);
        config.name = "tiny";
        const ampwb::RunSummary summary = ampwb::Trainer(config).run();
        checkpoint = QString::fromStdString(summary.runDirectory) + QStringLiteral("/checkpoint.pt");
        QVERIFY(QFile::exists(checkpoint));
        QVERIFY(QFile::exists(photo("fruits.jpg")));
    }

    void init() { AppSettings::setClassifyModel(QString()); }

    void droppedPhotosShowTopFiveRows()
    {
        MainWindow window;
        ClassifyTab& tab = showClassifyTab(window);
        QCOMPARE(window.tabs().tabText(window.tabs().indexOf(&tab)), QStringLiteral("Classify"));
        QVERIFY(dropUrls(tab, fileUrls({photo("fruits.jpg"), photo("baboon.jpg"), photo("butterfly.jpg")})));
        QCOMPARE(tab.images().rowCount(), 3);
        QTRY_VERIFY_WITH_TIMEOUT(allAnswered(tab.images(), 3), kClassifyTimeoutMilliseconds);
        QVERIFY(tab.isModelReady());
        QVERIFY2(tab.modelStatus().contains(QLatin1String("tiny")), qPrintable(tab.modelStatus()));
        for (int row = 0; row < 3; ++row)
            verifyTopFive(tab.images(), row);
        QCOMPARE(tab.images().index(1).data().toString(), QStringLiteral("baboon.jpg"));
        QCOMPARE(tab.findChild<QStackedWidget*>()->currentWidget(), &tab.imageView());
        QVERIFY(tab.imageView().visualRect(tab.images().index(0)).height() >= ClassificationWorker::kThumbnailPixels);
        QVERIFY(
            tab.findChild<QLabel*>(QStringLiteral("classifySummary"))->text().contains(QLatin1String("3 classified")));
    }

    void corruptFileGetsAnErrorRow()
    {
        const QString broken = environment.path(QStringLiteral("broken.jpg"));
        QFile garbage(broken);
        QVERIFY(garbage.open(QIODevice::WriteOnly));
        garbage.write(QByteArray("\xff\xd8 this is not a JPEG at all", 28).repeated(40));
        garbage.close();

        MainWindow window;
        ClassifyTab& tab = showClassifyTab(window);
        QVERIFY(dropUrls(tab, fileUrls({photo("apple.jpg"), broken, photo("orange.jpg")})));
        QTRY_VERIFY_WITH_TIMEOUT(allAnswered(tab.images(), 3), kClassifyTimeoutMilliseconds);
        verifyTopFive(tab.images(), 0);
        verifyTopFive(tab.images(), 2);
        const QModelIndex failed = tab.images().index(1);
        QCOMPARE(failed.data(ClassifiedImageList::StateRole).toInt(), int(ClassifiedImageList::State::Failed));
        QVERIFY2(failed.data(ClassifiedImageList::ErrorRole).toString().contains(QLatin1String("broken.jpg")),
                 qPrintable(failed.data(ClassifiedImageList::ErrorRole).toString()));
        QVERIFY(tab.findChild<QLabel*>(QStringLiteral("classifySummary"))
                    ->text()
                    .contains(QLatin1String("1 could not be read")));
    }

    void droppedFoldersAreSearchedForImages()
    {
        const QString folder = environment.path(QStringLiteral("album"));
        QVERIFY(QDir().mkpath(folder + QStringLiteral("/inner")));
        QVERIFY(QFile::copy(photo("messi5.jpg"), folder + QStringLiteral("/messi5.jpg")));
        QVERIFY(QFile::copy(photo("home.jpg"), folder + QStringLiteral("/inner/home.jpg")));
        QFile notes(folder + QStringLiteral("/notes.txt"));
        QVERIFY(notes.open(QIODevice::WriteOnly));
        notes.write("not an image");
        notes.close();
        const QString empty = environment.path(QStringLiteral("empty-folder"));
        QVERIFY(QDir().mkpath(empty));

        MainWindow window;
        ClassifyTab& tab = showClassifyTab(window);
        QVERIFY(dropUrls(tab, fileUrls({folder, empty})));
        QCOMPARE(tab.images().rowCount(), 3);
        QTRY_VERIFY_WITH_TIMEOUT(allAnswered(tab.images(), 3), kClassifyTimeoutMilliseconds);
        QCOMPARE(tab.images().index(0).data().toString(),
                 QStringLiteral("home.jpg")); // inner/home.jpg sorts before messi5.jpg
        QCOMPARE(tab.images().index(1).data().toString(), QStringLiteral("messi5.jpg"));
        verifyTopFive(tab.images(), 0);
        verifyTopFive(tab.images(), 1);
        QVERIFY(
            tab.images().index(2).data(ClassifiedImageList::ErrorRole).toString().contains(QLatin1String("no images")));
    }

    void wrongModelFileShowsTheErrorAndTheTabStillWorks()
    {
        const QString wrong = environment.path(QStringLiteral("wrong.pth"));
        QFile file(wrong);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("PK this is not a state dict");
        file.close();

        MainWindow window;
        ClassifyTab& tab = showClassifyTab(window);
        tab.setModelChoice(ModelChoice::file(wrong));
        QCOMPARE(tab.modelCombo().currentText(), QStringLiteral("wrong.pth"));
        QTRY_VERIFY_WITH_TIMEOUT(tab.modelStatus().contains(QLatin1String("could not be loaded")),
                                 kClassifyTimeoutMilliseconds);
        QVERIFY2(tab.modelStatus().contains(QLatin1String("wrong.pth")), qPrintable(tab.modelStatus()));
        QVERIFY(!tab.isModelReady());

        QVERIFY(dropUrls(tab, fileUrls({photo("baboon.jpg")})));
        QTest::qWait(300);
        QCOMPARE(tab.images().count(ClassifiedImageList::State::Waiting), 1);
        const QString summary = tab.findChild<QLabel*>(QStringLiteral("classifySummary"))->text();
        QVERIFY2(summary.contains(QLatin1String("waiting for a model")), qPrintable(summary));
        QVERIFY2(summary.startsWith(QStringLiteral("1 image · ")), qPrintable(summary)); // not "1 images"

        tab.setModelChoice(ModelChoice::file(checkpoint));
        QTRY_VERIFY_WITH_TIMEOUT(allAnswered(tab.images(), 1), kClassifyTimeoutMilliseconds);
        verifyTopFive(tab.images(), 0);
        QCOMPARE(tab.modelCombo().currentText(), QStringLiteral("Run tiny"));
        QCOMPARE(AppSettings::classifyModel(), checkpoint);

        MainWindow reopened; // the choice is remembered
        QVERIFY(reopened.findChild<ClassifyTab*>()->modelChoice() == ModelChoice::file(checkpoint));
    }

    void aRunsCheckpointIsChosenFromTheListOfRuns()
    {
        MainWindow window;
        ClassifyTab& tab = showClassifyTab(window);
        QComboBox& models = tab.modelCombo();
        const int pick = models.findText(QStringLiteral("Run's checkpoint…"));
        QVERIFY(pick >= 0);
        QStringList listed;
        QTimer::singleShot(0, this, [&listed] {
            auto* dialog = qobject_cast<RunCheckpointDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            const QTableView& list = dialog->runList();
            int tiny = -1;
            for (int row = 0; row < list.model()->rowCount(); ++row) {
                listed << list.model()->index(row, 0).data().toString();
                if (listed.back() == QLatin1String("tiny"))
                    tiny = row;
            }
            QVERIFY(tiny >= 0);
            const_cast<QTableView&>(list).selectRow(tiny);
            QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
        });
        Q_EMIT models.activated(pick);
        QVERIFY2(listed.contains(QLatin1String("tiny")), qPrintable(listed.join(QLatin1Char(' '))));
        QCOMPARE(models.currentText(), QStringLiteral("Run tiny"));
        QCOMPARE(AppSettings::classifyModel(), checkpoint);
        QTRY_VERIFY_WITH_TIMEOUT(tab.isModelReady(), kClassifyTimeoutMilliseconds);
    }

    void photosForAGrayscaleModelAreFlagged()
    {
        if (!QDir(QString::fromLatin1(ampwb::kFashionMnistDirectory)).exists())
            QSKIP("Fashion-MNIST is not installed (dataset-fashion-mnist)");
        ampwb::TrainingConfig config = environment.quickConfig(2);
        config.dataset = "fashion-mnist";
        config.imageSize = 0; // its own 28 px
        config.validationLimit = 16;
        config.name = "grayscale";
        // Outside the runs folder, so "Latest run" stays the tests' 32 px model.
        config.runsDirectory = environment.path(QStringLiteral("other-runs")).toStdString();
        const QString run = QString::fromStdString(ampwb::Trainer(config).run().runDirectory);
        // A picture like the ones it learned from: 28 px, grayscale.
        QImage small(28, 28, QImage::Format_Grayscale8);
        small.fill(40);
        for (int y = 6; y < 22; ++y)
            std::fill_n(small.scanLine(y) + 8, 12, uchar(200));
        const QString smallFile = environment.path(QStringLiteral("small-gray.png"));
        QVERIFY(small.save(smallFile));

        MainWindow window;
        ClassifyTab& tab = showClassifyTab(window);
        tab.setModelChoice(ModelChoice::file(run + QStringLiteral("/checkpoint.pt")));
        QLabel* warning = tab.findChild<QLabel*>(QStringLiteral("trainingDataWarning"));
        QVERIFY(warning);
        QVERIFY(dropUrls(tab, fileUrls({smallFile})));
        QTRY_VERIFY_WITH_TIMEOUT(allAnswered(tab.images(), 1), kClassifyTimeoutMilliseconds);
        QVERIFY2(warning->isHidden(), qPrintable(warning->text()));

        QVERIFY(dropUrls(tab, fileUrls({photo("fruits.jpg"), photo("baboon.jpg")})));
        QTRY_VERIFY_WITH_TIMEOUT(allAnswered(tab.images(), 3), kClassifyTimeoutMilliseconds);
        QVERIFY(warning->isVisible());
        const QString text = warning->text();
        QVERIFY2(text.startsWith(QLatin1String("2 images are large colour pictures")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("28×28 px grayscale")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("ImageNet")), qPrintable(text));

        tab.clear();
        QVERIFY(warning->isHidden());
    }

    void colourAndSizeAreToldApart()
    {
        QCOMPARE(TrainingDataLikeness::hasColour(QImage(photo("fruits.jpg"))), true);
        QCOMPARE(TrainingDataLikeness::hasColour(
                     QImage(photo("fruits.jpg")).convertToFormat(QImage::Format_Grayscale8)),
                 false);
        const LearnedImages fashion{28, true};
        const LearnedImages imageNet{224, false};
        QVERIFY(TrainingDataLikeness::unlikeness(fashion, QSize(512, 480), false).large);
        QVERIFY(!TrainingDataLikeness::unlikeness(fashion, QSize(100, 480), false).large);
        QVERIFY(TrainingDataLikeness::unlikeness(fashion, QSize(28, 28), true).colour);
        QVERIFY(!TrainingDataLikeness::unlikeness(imageNet, QSize(4000, 3000), true).any());
    }

    void torchvisionFileIsOfferedWhenInTheTorchHubCache()
    {
        {
            MainWindow window;
            const QComboBox& models = showClassifyTab(window).modelCombo();
            QCOMPARE(models.findData(ModelChoice::torchvision().toSetting()) >= 0,
                     ampwb::findTorchvisionResNet18Weights().has_value());
        }
        const QString hub = environment.path(QStringLiteral("torch-home/hub/checkpoints"));
        QVERIFY(QDir().mkpath(hub));
        QFile weights(hub + QStringLiteral("/resnet18-f37072fd.pth"));
        QVERIFY(weights.open(QIODevice::WriteOnly));
        weights.write("not torchvision's weights");
        weights.close();
        qputenv("TORCH_HOME", environment.path(QStringLiteral("torch-home")).toUtf8());
        const auto forgetTorchHome = qScopeGuard([] { qunsetenv("TORCH_HOME"); });

        MainWindow window;
        ClassifyTab& tab = showClassifyTab(window);
        const int torchvision = tab.modelCombo().findData(ModelChoice::torchvision().toSetting());
        QVERIFY(torchvision > 0);
        QCOMPARE(tab.modelCombo().itemData(torchvision, Qt::ToolTipRole).toString(), weights.fileName());
        tab.setModelChoice(ModelChoice::torchvision());
        QTRY_VERIFY_WITH_TIMEOUT(tab.modelStatus().contains(QLatin1String("could not be loaded")),
                                 kClassifyTimeoutMilliseconds);
        QVERIFY2(tab.modelStatus().contains(QLatin1String("resnet18-f37072fd.pth")), qPrintable(tab.modelStatus()));
    }

    void importedStateDictClassifies()
    {
        const QString exported = environment.path(QStringLiteral("tiny-resnet18.pth"));
        ampwb::exportStateDict(ampwb::loadClassifierModel(checkpoint.toStdString()), exported.toStdString());

        MainWindow window;
        ClassifyTab& tab = showClassifyTab(window);
        tab.setModelChoice(ModelChoice::file(exported));
        QCOMPARE(tab.modelCombo().currentText(), QStringLiteral("tiny-resnet18.pth"));
        QVERIFY(dropUrls(tab, fileUrls({photo("butterfly.jpg")})));
        QTRY_VERIFY_WITH_TIMEOUT(allAnswered(tab.images(), 1), kClassifyTimeoutMilliseconds);
        QVERIFY2(tab.modelStatus().contains(QLatin1String("tiny-resnet18.pth")), qPrintable(tab.modelStatus()));
        verifyTopFive(tab.images(), 0);
    }

    void precisionOffersBf16OnlyWithBf16Units()
    {
        MainWindow window;
        ClassifyTab& tab = showClassifyTab(window);
        const auto* items = qobject_cast<QStandardItemModel*>(tab.precisionCombo().model());
        QCOMPARE(items->item(0)->text(), QStringLiteral("fp32"));
        QCOMPARE(items->item(1)->isEnabled(), ampwb::Classifier::bf16Recommended());
        QCOMPARE(items->item(1)->toolTip().isEmpty(), ampwb::Classifier::bf16Recommended());
        if (!ampwb::Classifier::bf16Recommended())
            return;

        QVERIFY(dropUrls(tab, fileUrls({photo("fruits.jpg")})));
        QTRY_VERIFY_WITH_TIMEOUT(allAnswered(tab.images(), 1), kClassifyTimeoutMilliseconds);
        QVERIFY(tab.modelStatus().contains(QLatin1String("fp32")));
        tab.precisionCombo().setCurrentIndex(1);
        QTRY_VERIFY_WITH_TIMEOUT(tab.isModelReady() && tab.modelStatus().contains(QLatin1String("bf16")),
                                 kClassifyTimeoutMilliseconds);
        QTRY_VERIFY_WITH_TIMEOUT(allAnswered(tab.images(), 1), kClassifyTimeoutMilliseconds);
        verifyTopFive(tab.images(), 0);
    }

    void pastedImagesAndFilesAreClassified()
    {
        MainWindow window;
        ClassifyTab& tab = showClassifyTab(window);
        QGuiApplication::clipboard()->setImage(QImage(photo("fruits.jpg")));
        QVERIFY(tab.paste());
        auto* files = new QMimeData;
        files->setUrls(fileUrls({photo("apple.jpg")}));
        QGuiApplication::clipboard()->setMimeData(files);
        QVERIFY(tab.paste());
        QTRY_VERIFY_WITH_TIMEOUT(allAnswered(tab.images(), 2), kClassifyTimeoutMilliseconds);
        QCOMPARE(tab.images().index(0).data().toString(), QStringLiteral("Pasted image 1"));
        QCOMPARE(tab.images().index(1).data().toString(), QStringLiteral("apple.jpg"));
        verifyTopFive(tab.images(), 0);
        verifyTopFive(tab.images(), 1);

        QGuiApplication::clipboard()->setText(QStringLiteral("just words"));
        QVERIFY(!tab.paste());
        QCOMPARE(tab.images().rowCount(), 2);
    }

    void clearRemovesEveryImage()
    {
        MainWindow window;
        ClassifyTab& tab = showClassifyTab(window);
        QStringList photos;
        for (int i = 0; i < 10; ++i)
            photos << photo("baboon.jpg");
        QVERIFY(dropUrls(tab, fileUrls(photos)));
        tab.clear();
        QCOMPARE(tab.images().rowCount(), 0);
        QVERIFY(dropUrls(tab, fileUrls({photo("orange.jpg")})));
        QTRY_VERIFY_WITH_TIMEOUT(allAnswered(tab.images(), 1), kClassifyTimeoutMilliseconds);
        QCOMPARE(tab.images().index(0).data().toString(), QStringLiteral("orange.jpg"));
        verifyTopFive(tab.images(), 0);
    }

    void twoHundredImagesKeepTheWindowResponsive()
    {
        QStringList photos;
        const QStringList names = QDir(kPhotoFolder).entryList({QStringLiteral("*.jpg")}, QDir::Files, QDir::Name);
        QVERIFY(names.size() >= 20);
        for (int i = 0; photos.size() < 200; ++i)
            photos << kPhotoFolder + QLatin1Char('/') + names[i % names.size()];

        MainWindow window;
        ClassifyTab& tab = showClassifyTab(window);
        QElapsedTimer sinceTick;
        double longestGapMilliseconds = 0.0;
        QTimer ticker;
        ticker.setInterval(10);
        connect(&ticker, &QTimer::timeout, this, [&] {
            longestGapMilliseconds = std::max(longestGapMilliseconds,
                                              static_cast<double>(sinceTick.nsecsElapsed()) / 1e6);
            sinceTick.restart();
        });
        QElapsedTimer total;
        total.start();
        sinceTick.start();
        ticker.start();
        QVERIFY(dropUrls(tab, fileUrls(photos)));
        const double dropMilliseconds = static_cast<double>(total.nsecsElapsed()) / 1e6;
        QCOMPARE(tab.images().rowCount(), 200);
        QTRY_VERIFY_WITH_TIMEOUT(allAnswered(tab.images(), 200), 5 * kClassifyTimeoutMilliseconds);
        ticker.stop();
        QCOMPARE(tab.images().count(ClassifiedImageList::State::Classified), 200);
        qInfo("200 dropped photos: the drop took %.1f ms, all classified after %.1f s; longest gap between 10 ms "
              "GUI timer ticks: %.1f ms",
              dropMilliseconds, static_cast<double>(total.elapsed()) / 1000.0, longestGapMilliseconds);
    }

    void aModelLoadReachesTheTabAheadOfQueuedResults()
    {
        ClassificationWorker worker;
        QStringList answers;
        connect(&worker, &ClassificationWorker::modelLoaded, this, [&answers](const ModelLoadResult& result) {
            answers << QStringLiteral("load %1").arg(result.generation);
        });
        connect(&worker, &ClassificationWorker::resultsArrived, this,
                [&answers](const std::vector<ClassificationResult>& results) {
                    answers << QStringLiteral("%1 results").arg(results.size());
                });
        const int first = worker.loadModel(checkpoint, ampwb::InferencePrecision::Fp32);
        QTRY_COMPARE_WITH_TIMEOUT(answers.size(), 1, kClassifyTimeoutMilliseconds);

        // Files that do not exist are answered at once, without the model. While the GUI thread
        // sleeps (no timer ticks), the worker answers all 40, then loads the next model (none).
        std::vector<ClassificationRequest> requests(40);
        for (size_t i = 0; i < requests.size(); ++i) {
            requests[i].rowId = i;
            requests[i].path = environment.path(QStringLiteral("missing-%1.jpg").arg(i));
        }
        worker.classify(std::move(requests));
        QTest::qSleep(1000);
        const int second = worker.loadModel(QString(), ampwb::InferencePrecision::Fp32);
        QTest::qSleep(500);

        // The load comes first, at the next tick; the results follow, a tick's share at a time.
        const QString share = QStringLiteral("%1 results").arg(ClassificationWorker::kResultsPerTick);
        QTRY_COMPARE_WITH_TIMEOUT(answers.size(), 5, kClassifyTimeoutMilliseconds);
        QCOMPARE(answers, QStringList({QStringLiteral("load %1").arg(first), QStringLiteral("load %1").arg(second),
                                       share, share, QStringLiteral("8 results")}));
    }

    void theWorkersThreadEndsWithItsWork()
    {
        // A thread left waiting with its OpenMP team would slow a training run started later in the
        // window (ClassificationWorker.h); between bursts of work the worker holds no thread at all.
        const auto classifyFruits = [this](ClassificationWorker& worker) {
            int answered = 0;
            const QMetaObject::Connection connection =
                connect(&worker, &ClassificationWorker::resultsArrived, this,
                        [&answered](const std::vector<ClassificationResult>& results) {
                            answered += static_cast<int>(results.size());
                            for (const ClassificationResult& result : results)
                                QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
                        });
            std::vector<ClassificationRequest> requests(3);
            for (size_t i = 0; i < requests.size(); ++i) {
                requests[i].rowId = i;
                requests[i].path = photo("fruits.jpg");
            }
            worker.classify(std::move(requests));
            QTRY_COMPARE_WITH_TIMEOUT(answered, 3, kClassifyTimeoutMilliseconds);
            disconnect(connection);
        };
        // Threads named as the program: std::thread and OpenMP threads inherit the name, Qt's own are renamed.
        const auto threadsOfThisProgram = [] {
            const auto nameOf = [](const QString& path) {
                QFile file(path);
                return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed() : QByteArray();
            };
            const QByteArray program = nameOf(QStringLiteral("/proc/self/comm"));
            int count = 0;
            const QDir tasks(QStringLiteral("/proc/self/task"));
            for (const QString& task : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
                count += nameOf(tasks.filePath(task + QStringLiteral("/comm"))) == program ? 1 : 0;
            return count;
        };
        {
            ClassificationWorker warmUp; // libtorch's own lazily started threads, if any, start here
            warmUp.loadModel(checkpoint, ampwb::InferencePrecision::Fp32);
            classifyFruits(warmUp);
        }
        QTest::qWait(500); // the warm-up thread's operator threads end just after it
        const int before = threadsOfThisProgram();

        ClassificationWorker worker;
        worker.loadModel(checkpoint, ampwb::InferencePrecision::Fp32);
        classifyFruits(worker);
        QTRY_COMPARE_WITH_TIMEOUT(threadsOfThisProgram(), before, 10000);
        classifyFruits(worker); // and it starts again for the next images, with the model it has
        QTRY_COMPARE_WITH_TIMEOUT(threadsOfThisProgram(), before, 10000);
    }

    void latestRunFollowsANewRunAndClassifiesAgain()
    {
        MainWindow window;
        ClassifyTab& tab = showClassifyTab(window);
        QVERIFY(dropUrls(tab, fileUrls({photo("fruits.jpg")})));
        QTRY_VERIFY_WITH_TIMEOUT(allAnswered(tab.images(), 1), kClassifyTimeoutMilliseconds);
        QVERIFY(!tab.modelStatus().contains(QLatin1String("newer")));
        const QStringList firstLabels = tab.images().index(0).data(ClassifiedImageList::LabelsRole).toStringList();

        ampwb::TrainingConfig config = environment.quickConfig(2);
        config.name = "newer";
        config.seed = 7;
        window.configPanel().setConfig(config);
        window.startTraining();
        QTRY_VERIFY_WITH_TIMEOUT(!window.engine().isBusy(), kClassifyTimeoutMilliseconds);
        QTRY_VERIFY_WITH_TIMEOUT(tab.isModelReady() && tab.modelStatus().contains(QLatin1String("newer")),
                                 kClassifyTimeoutMilliseconds);
        QTRY_VERIFY_WITH_TIMEOUT(allAnswered(tab.images(), 1), kClassifyTimeoutMilliseconds);
        verifyTopFive(tab.images(), 0);
        qInfo(
            "top-5 before: %s; after the new run: %s", qPrintable(firstLabels.join(QLatin1String(", "))),
            qPrintable(
                tab.images().index(0).data(ClassifiedImageList::LabelsRole).toStringList().join(QLatin1String(", "))));
    }
};

QTEST_MAIN(ClassifyTabTest)
#include "ClassifyTabTest.moc"
