// The Evaluation view on runs the engine trained: opened from the Runs tab, it evaluates off
// the GUI thread; the heat map, the per-class table and the gallery show what the engine
// counted; a click on a cell filters the gallery to that cell's images; two runs are compared
// image by image; Cancel writes nothing; a damaged checkpoint is reported, not fatal.
#include "EngineController.h"
#include "GuiTestEnvironment.h"
#include "MainWindow.h"
#include "classify/ClassifyTab.h"
#include "classify/ModelChoice.h"
#include "evaluation/ConfusionHeatMap.h"
#include "evaluation/EvaluationWindow.h"
#include "evaluation/MistakesGallery.h"
#include "run/RunFolder.h"
#include "runs/RunsTab.h"
#include "train/RunProgressWidget.h"
#include "train/TrainTab.h"
#include "train/TrainingConfigPanel.h"
#include "training/Trainer.h"

#include <QAction>
#include <QColor>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QMouseEvent>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>

namespace {

constexpr int kEvaluationMilliseconds = 180000;

/// The number a per-class table cell shows.
double shown(const QTableWidget& table, int row, int column)
{
    return table.item(row, column)->text().toDouble();
}

} // namespace

class EvaluationWindowTest : public QObject {
    Q_OBJECT

private:
    GuiTestEnvironment environment;
    QString firstRun;
    QString secondRun;

    /// A folder of ten class folders with two photos each (made once).
    QString tenClassPhotos()
    {
        const QString photos = environment.path("photos");
        for (int label = 0; label < 10; ++label) {
            QDir().mkpath(QStringLiteral("%1/class %2").arg(photos).arg(label));
            for (int each = 0; each < 2; ++each) {
                QImage photo(40, 30, QImage::Format_RGB32);
                photo.fill(QColor::fromHsv(label * 36, 200, 100 + 100 * each));
                if (!photo.save(QStringLiteral("%1/class %2/%3.png").arg(photos).arg(label).arg(each)))
                    return {};
            }
        }
        return photos;
    }

    /// Selects the runs in `directories` in `window`'s Runs tab and clicks Evaluate.
    static EvaluationWindow* evaluateFromRunsTab(MainWindow& window, const QStringList& directories)
    {
        RunsTab& tab = window.runsTab();
        tab.refresh();
        tab.selectRuns(directories);
        auto* button = tab.findChild<QPushButton*>(QStringLiteral("evaluateRun"));
        if (!button || !button->isEnabled())
            return nullptr;
        // The button's menu: on the run's validation images.
        button->menu()->findChild<QAction*>(QStringLiteral("evaluateOnValidation"))->trigger();
        return tab.findChild<EvaluationWindow*>();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(environment.isValid());
        ampwb::TrainingConfig config = environment.quickConfig(6);
        config.name = "first";
        firstRun = QString::fromStdString(ampwb::Trainer(config).run().runDirectory);
        config.maxSteps = 3;
        config.seed = 7;
        config.name = "second";
        secondRun = QString::fromStdString(ampwb::Trainer(config).run().runDirectory);
    }

    void aRunIsEvaluatedAndACellFiltersTheGallery()
    {
        MainWindow window;
        window.show();
        EvaluationWindow* evaluation = evaluateFromRunsTab(window, {firstRun});
        QVERIFY(evaluation);
        QSignalSpy ended(evaluation, &EvaluationWindow::ended);
        QVERIFY(evaluation->isRunning());
        QVERIFY(ended.wait(kEvaluationMilliseconds));
        const auto result = evaluation->result();
        QVERIFY2(result, qPrintable(evaluation->statusLabel().text()));
        const ampwb::ConfusionMatrix& matrix = result->evaluation.confusion;
        QCOMPARE(matrix.total(), 64);
        QVERIFY(QFile::exists(QDir(firstRun).filePath("evaluation/confusion.csv")));
        QVERIFY(evaluation->statusLabel().text().contains(QDir(firstRun).filePath("evaluation")));
        // Beside what the run measured on the same images at its end, and in what arithmetic each was computed.
        const auto summary = ampwb::RunFolder::readSummary(firstRun.toStdString());
        QVERIFY(summary.has_value());
        const QString status = evaluation->statusLabel().text();
        QVERIFY2(status.contains(QStringLiteral("The run measured top-1 %1 (%2 of 64 images) in fp32 as it ended.")
                                     .arg(QString::number(summary->finalTop1 * 100.0, 'f', 2) + QStringLiteral(" %"))
                                     .arg(std::llround(summary->finalTop1 * 64))),
                 qPrintable(status));
        QVERIFY2(status.contains(
                     QLatin1String("Here, in fp32 with batch norm folded in (as Classify and serve run it)")),
                 qPrintable(status));

        // The per-class table shows the engine's figures for every class, and sorts by number.
        QTableWidget& table = evaluation->perClassTable();
        QCOMPARE(table.rowCount(), static_cast<int>(matrix.classCount()));
        QCOMPARE(table.columnCount(), 5);
        for (int row = 0; row < table.rowCount(); ++row) {
            const int someClass = static_cast<int>(std::find(result->evaluation.classNames.begin(),
                                                             result->evaluation.classNames.end(),
                                                             table.item(row, 0)->text().toStdString())
                                                   - result->evaluation.classNames.begin());
            QCOMPARE(shown(table, row, 2), std::round(1000 * matrix.recall(someClass)) / 1000);
            QCOMPARE(shown(table, row, 4), double(matrix.support(someClass)));
        }
        table.sortByColumn(4, Qt::DescendingOrder);
        for (int row = 1; row < table.rowCount(); ++row)
            QVERIFY(shown(table, row - 1, 4) >= shown(table, row, 4));

        // The gallery starts with every mistake, most confident first.
        MistakesGallery& gallery = evaluation->gallery();
        int64_t wrong = 0;
        for (const ampwb::ImagePrediction& prediction : result->evaluation.predictions)
            wrong += prediction.top.front().classIndex != prediction.trueClass ? 1 : 0;
        QCOMPARE(static_cast<int64_t>(gallery.count()), std::min<int64_t>(wrong, MistakesGallery::kShown));
        QVERIFY(wrong > 0);

        // The largest off-diagonal cell: hovering explains it, a click filters the gallery to it.
        const auto confusion = matrix.topConfusions(1).front();
        const ConfusionHeatMap::Cell cell{static_cast<int>(confusion.trueClass),
                                          static_cast<int>(confusion.predictedClass)};
        ConfusionHeatMap& heatMap = evaluation->heatMap();
        const QPoint centre = heatMap.cellRect(cell).center();
        QSignalSpy explained(&heatMap, &ConfusionHeatMap::cellExplained);
        QMouseEvent hover(QEvent::MouseMove, centre, heatMap.mapToGlobal(centre), Qt::NoButton, Qt::NoButton,
                          Qt::NoModifier);
        QApplication::sendEvent(&heatMap, &hover);
        QTRY_VERIFY(!explained.isEmpty());
        QVERIFY2(explained.last().first().toString().startsWith(QString::number(confusion.count) + " "),
                 qPrintable(explained.last().first().toString()));
        QTest::mouseClick(&heatMap, Qt::LeftButton, {}, centre);
        QCOMPARE(gallery.count(), static_cast<int>(std::min<int64_t>(confusion.count, MistakesGallery::kShown)));
        for (const int64_t index : gallery.shownIndices()) {
            const auto& prediction = *std::find_if(result->evaluation.predictions.begin(),
                                                   result->evaluation.predictions.end(),
                                                   [&](const auto& each) { return each.index == index; });
            QCOMPARE(prediction.trueClass, confusion.trueClass);
            QCOMPARE(prediction.top.front().classIndex, confusion.predictedClass);
        }
        QCOMPARE(evaluation->views().currentWidget(), gallery.parentWidget());

        // The thumbnails arrive from the worker; a click shows the image large.
        QTRY_VERIFY_WITH_TIMEOUT(gallery.hasThumbnails(), 20000);
        QTest::mouseClick(gallery.viewport(), Qt::LeftButton, {}, gallery.visualItemRect(gallery.item(0)).center());
        auto* large = evaluation->findChild<QDialog*>(QStringLiteral("largeImage"));
        QVERIFY(large);
        QVERIFY(large->findChild<QLabel*>()->pixmap().width() >= MistakesGallery::kImagePixels);
        large->close();

        // Clicking the chosen cell again shows every mistake again.
        QTest::mouseClick(&heatMap, Qt::LeftButton, {}, centre);
        QCOMPARE(static_cast<int64_t>(gallery.count()), std::min<int64_t>(wrong, MistakesGallery::kShown));
        evaluation->close();
    }

    void aRunIsEvaluatedOnEveryImageOfAFolder()
    {
        // Ten class folders of two photos each: all twenty are evaluated, not a held-out tenth.
        const QString photos = tenClassPhotos();
        QVERIFY(!photos.isEmpty());
        MainWindow window;
        window.show();
        RunsTab& tab = window.runsTab();
        tab.refresh();
        tab.selectRuns({firstRun});
        EvaluationWindow* evaluation = tab.evaluateSelected(photos);
        QVERIFY(evaluation);
        QSignalSpy ended(evaluation, &EvaluationWindow::ended);
        QVERIFY(ended.wait(kEvaluationMilliseconds));
        const auto result = evaluation->result();
        QVERIFY2(result, qPrintable(evaluation->statusLabel().text()));
        QCOMPARE(result->evaluation.confusion.total(), 20);
        for (const ampwb::ImagePrediction& prediction : result->evaluation.predictions)
            QVERIFY2(QString::fromStdString(prediction.name).startsWith(photos), prediction.name.c_str());
        QVERIFY(evaluation->findChild<QLabel*>()->text().contains(QStringLiteral("every image")));
        evaluation->close();
    }

    void theClassifyTabEvaluatesItsModelOnAFolder()
    {
        const QString photos = tenClassPhotos();
        QVERIFY(!photos.isEmpty());
        MainWindow window;
        window.show();
        auto* classify = window.findChild<ClassifyTab*>();
        QVERIFY(classify);
        classify->setModelChoice(ModelChoice::file(QDir(firstRun).filePath("checkpoint.pt")));
        EvaluationWindow* evaluation = classify->evaluateOnFolder(photos);
        QVERIFY(evaluation);
        QSignalSpy ended(evaluation, &EvaluationWindow::ended);
        QVERIFY(ended.wait(kEvaluationMilliseconds));
        QVERIFY2(evaluation->result(), qPrintable(evaluation->statusLabel().text()));
        QCOMPARE(evaluation->result()->evaluation.confusion.total(), 20);
        QVERIFY(evaluation->windowTitle().contains("checkpoint.pt"));
        evaluation->close();
    }

    void twoRunsAreComparedImageByImage()
    {
        MainWindow window;
        window.show();
        EvaluationWindow* evaluation = evaluateFromRunsTab(window, {firstRun, secondRun});
        QVERIFY(evaluation);
        QSignalSpy ended(evaluation, &EvaluationWindow::ended);
        QVERIFY(ended.wait(kEvaluationMilliseconds));
        const auto result = evaluation->result();
        QVERIFY2(result && result->second && result->agreement, qPrintable(evaluation->statusLabel().text()));
        int agreeing = 0;
        for (size_t each = 0; each < result->evaluation.predictions.size(); ++each)
            agreeing += result->evaluation.predictions[each].top.front().classIndex
                             == result->second->predictions[each].top.front().classIndex
                          ? 1
                          : 0;
        const QString summary = evaluation->agreementLabel().text();
        QVERIFY2(summary.contains(QStringLiteral("on %1 of 64 images").arg(agreeing)), qPrintable(summary));
        QCOMPARE(evaluation->perClassTable().columnCount(), 6);
        QVERIFY(QFile::exists(QDir(QString::fromStdString(result->folder)).filePath("disagreements.csv")));
        QVERIFY(QFile::exists(QDir(firstRun).filePath("evaluation/predictions.csv")));
        QVERIFY(QFile::exists(QDir(secondRun).filePath("evaluation/predictions.csv")));
        evaluation->close();
    }

    void theTrainTabOffersEvaluationAfterARun()
    {
        MainWindow window;
        window.show();
        RunProgressWidget& progress = window.trainTab().progress();
        QVERIFY(progress.evaluateButton().isHidden());
        ampwb::TrainingConfig config = environment.quickConfig(2);
        config.name = "offered";
        window.configPanel().setConfig(config);
        window.startAction().trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!progress.evaluateButton().isHidden(), kEvaluationMilliseconds);
        // The button comes with the run's summary; the engine's thread ends a moment later.
        QTRY_VERIFY_WITH_TIMEOUT(!window.engine().isBusy(), kEvaluationMilliseconds);
        QTest::mouseClick(&progress.evaluateButton(), Qt::LeftButton);
        auto* evaluation = progress.findChild<EvaluationWindow*>();
        QVERIFY(evaluation);
        QSignalSpy ended(evaluation, &EvaluationWindow::ended);
        QVERIFY(ended.wait(kEvaluationMilliseconds));
        QVERIFY2(evaluation->result(), qPrintable(evaluation->statusLabel().text()));
        QVERIFY(evaluation->windowTitle().contains("offered"));
        evaluation->close();
    }

    void cancelWritesNothing()
    {
        ampwb::EvaluationJob job;
        job.model = secondRun.toStdString();
        job.out = environment.path("cancelled").toStdString();
        job.evaluation.batchSize = 1; // 64 batches: Cancel comes long before the last
        EvaluationWindow evaluation(std::move(job), "second", QString());
        evaluation.setAttribute(Qt::WA_DeleteOnClose, false);
        QSignalSpy ended(&evaluation, &EvaluationWindow::ended);
        QTest::mouseClick(&evaluation.cancelButton(), Qt::LeftButton);
        QVERIFY(!evaluation.cancelButton().isEnabled());
        QVERIFY(ended.wait(kEvaluationMilliseconds));
        QVERIFY(!evaluation.result());
        QVERIFY(!QDir(environment.path("cancelled")).exists());
    }

    void aDamagedCheckpointIsReported()
    {
        const QString damaged = environment.path("damaged");
        QVERIFY(QDir().mkpath(damaged));
        QVERIFY(QFile::copy(QDir(secondRun).filePath("config.json"), QDir(damaged).filePath("config.json")));
        QFile checkpoint(QDir(damaged).filePath("checkpoint.pt"));
        QVERIFY(checkpoint.open(QIODevice::WriteOnly));
        checkpoint.write("not a checkpoint");
        checkpoint.close();
        ampwb::EvaluationJob job;
        job.model = damaged.toStdString();
        EvaluationWindow evaluation(std::move(job), "damaged", QString());
        evaluation.setAttribute(Qt::WA_DeleteOnClose, false);
        QSignalSpy ended(&evaluation, &EvaluationWindow::ended);
        QVERIFY(ended.wait(kEvaluationMilliseconds));
        QVERIFY(!evaluation.result());
        QVERIFY2(evaluation.statusLabel().text().contains("checkpoint.pt"),
                 qPrintable(evaluation.statusLabel().text()));
        QVERIFY(!QDir(damaged).exists("evaluation"));
    }
};

QTEST_MAIN(EvaluationWindowTest)
#include "EvaluationWindowTest.moc"
