#include "train/RunProgressWidget.h"

#include "DisplayFormat.h"
#include "EngineText.h"
#include "evaluation/EvaluationWindow.h"
#include "run/RunFolder.h"

#include <QDir>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QUrl>

#include <algorithm>
#include <cmath>

namespace {

/// How many data-parallel processes took `step`: its group's images/s over its own (1 alone).
int processesOf(const ampwb::StepMetrics& step)
{
    if (!(step.imagesPerSecond > 0.0) || !(step.globalImagesPerSecond > 0.0))
        return 1;
    return std::max(1, static_cast<int>(std::lround(step.globalImagesPerSecond / step.imagesPerSecond)));
}

} // namespace

RunProgressWidget::RunProgressWidget(QWidget* parent)
    : QWidget(parent)
    , epochProgress(new QProgressBar(this))
    , overallProgress(new QProgressBar(this))
    , epochLabel(new QLabel(this))
    , timeLeftLabel(new QLabel(this))
    , latestLabel(new QLabel(this))
    , skippedFilesLabel(new QLabel(this))
    , evaluate(new QPushButton(tr("Evaluate"), this))
{
    epochProgress->setObjectName(QStringLiteral("epochProgress"));
    overallProgress->setObjectName(QStringLiteral("overallProgress"));
    latestLabel->setObjectName(QStringLiteral("latestStep"));
    evaluate->setObjectName(QStringLiteral("evaluateFinishedRun"));
    latestLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    latestLabel->setWordWrap(true); // a run's last line grows with its numbers: it wraps, the window keeps its width
    skippedFilesLabel->setObjectName(QStringLiteral("skippedFiles"));
    skippedFilesLabel->setOpenExternalLinks(true);
    timeLeftLabel->setMinimumWidth(timeLeftLabel->fontMetrics().horizontalAdvance(tr("Time left: 00:00:00")) + 8);
    for (QProgressBar* bar : {epochProgress, overallProgress})
        bar->setTextVisible(true);

    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(epochLabel, 0, 0);
    layout->addWidget(epochProgress, 0, 1);
    layout->addWidget(new QLabel(tr("Run:"), this), 1, 0);
    layout->addWidget(overallProgress, 1, 1);
    layout->addWidget(timeLeftLabel, 1, 2);
    layout->addWidget(latestLabel, 2, 0, 1, 2);
    layout->addWidget(evaluate, 2, 2);
    layout->addWidget(skippedFilesLabel, 3, 0, 1, 3);
    layout->setColumnStretch(1, 1);
    connect(evaluate, &QPushButton::clicked, this,
            [this] { EvaluationWindow::open(evaluatedRuns, evaluatedNames, QString(), this); });
    reset();
}

void RunProgressWidget::offerEvaluation(const QStringList& directories, const QStringList& names)
{
    const bool evaluable = !directories.isEmpty()
                        && std::all_of(directories.begin(), directories.end(), [](const QString& run) {
                               return QFileInfo::exists(QDir(run).filePath(QStringLiteral("checkpoint.pt")));
                           });
    evaluatedRuns = directories;
    evaluatedNames = names;
    evaluate->setVisible(evaluable);
    evaluate->setToolTip(directories.size() == 2
                             ? tr("Evaluate both runs on their validation images and compare them image by image")
                             : tr("Evaluate the run on its validation images: confusion matrix, per-class results, "
                                  "the most confident mistakes"));
}

void RunProgressWidget::reset()
{
    epochLabel->setText(tr("Epoch:"));
    for (QProgressBar* bar : {epochProgress, overallProgress}) {
        bar->setRange(0, 1);
        bar->setValue(0);
        bar->setFormat(QStringLiteral("%p %"));
    }
    timeLeftLabel->clear();
    latestLabel->setText(tr("No run yet."));
    lastStep = {};
    showSkippedFiles(0);
    evaluate->hide();
}

void RunProgressWidget::showSkippedFiles(int64_t count)
{
    skippedFilesLabel->setVisible(count > 0);
    if (count == 0)
        return;
    const QString list = QString::fromStdString(ampwb::RunFolder(runDirectory.toStdString()).unreadableImagesPath());
    skippedFilesLabel->setText(
        tr("%n data file(s) could not be read and were skipped; they are listed in <a href=\"%1\">%2</a>.", nullptr,
           static_cast<int>(count))
            .arg(QUrl::fromLocalFile(list).toString(QUrl::FullyEncoded), list.toHtmlEscaped()));
}

void RunProgressWidget::showStarted(const ampwb::RunStarted& started, const QString& label)
{
    runLabel = label;
    runDirectory = QString::fromStdString(started.runDirectory);
    firstStep = started.firstStep;
    showSkippedFiles(started.unusableFiles);
    epochProgress->setRange(0, static_cast<int>(std::max<int64_t>(started.stepsPerEpoch, 1)));
    epochProgress->setValue(0);
    overallProgress->setRange(0, static_cast<int>(std::max<int64_t>(started.totalSteps, 1)));
    overallProgress->setValue(static_cast<int>(started.firstStep - 1));
    overallProgress->setFormat(tr("step %v of %m"));
    startingWeights = describeStartingWeights(started);
    const QString data = tr("%1: %n class(es), %2 training and %3 validation images of %4 px on %5", nullptr,
                            static_cast<int>(started.classNames.size()))
                             .arg(label)
                             .arg(started.trainImages)
                             .arg(started.validationImages)
                             .arg(started.imageSize)
                             .arg(EngineText::render(started.deviceDescription));
    latestLabel->setText(startingWeights.isEmpty() ? data : data + QLatin1Char('\n') + startingWeights);
    latestLabel->setToolTip(latestLabel->text()); // what the run found, while its steps take the line
}

QString RunProgressWidget::describeStartingWeights(const ampwb::RunStarted& started)
{
    if (!started.start)
        return {};
    const ampwb::WeightsOrigin& origin = *started.start;
    const auto classes = static_cast<qsizetype>(started.classNames.size());
    const QString head =
        origin.headReplaced
            ? tr("its %1-class head replaced by a new %2-class head").arg(origin.fileClasses).arg(classes)
            : tr("its %1-class head kept").arg(origin.fileClasses);
    return tr("Weights from %1: %2%3")
        .arg(QDir::toNativeSeparators(QString::fromStdString(origin.file)), head,
             started.backboneFrozen ? tr("; only the head trains") : QString());
}

void RunProgressWidget::showStep(const ampwb::StepMetrics& step)
{
    lastStep = step;
    epochLabel->setText(tr("Epoch %1:").arg(step.epoch));
    epochProgress->setRange(0, static_cast<int>(std::max<int64_t>(step.stepsPerEpoch, 1)));
    epochProgress->setValue(static_cast<int>(step.stepInEpoch));
    overallProgress->setRange(0, static_cast<int>(std::max<int64_t>(step.totalSteps, 1)));
    overallProgress->setValue(static_cast<int>(step.step));
    const double stepsDone = static_cast<double>(step.step - firstStep + 1);
    const double secondsLeft = stepsDone > 0
                                 ? step.wallSeconds / stepsDone * static_cast<double>(step.totalSteps - step.step)
                                 : -1.0;
    const bool validating = step.stepInEpoch == step.stepsPerEpoch || step.step == step.totalSteps;
    timeLeftLabel->setText(validating ? tr("Validating…")
                                      : tr("Time left: %1").arg(DisplayFormat::duration(secondsLeft)));
    latestLabel->setText(tr("%1 · step %2 · loss %3 · %4 · loss scale %5 · learning rate %6")
                             .arg(runLabel)
                             .arg(step.step)
                             .arg(DisplayFormat::number(step.loss, 4))
                             .arg(throughput(step.imagesPerSecond))
                             .arg(step.lossScale)
                             .arg(step.learningRate));
}

void RunProgressWidget::showEpoch(const ampwb::EpochMetrics& epoch)
{
    timeLeftLabel->setText(tr("Epoch %1: top-1 %2").arg(epoch.epoch).arg(DisplayFormat::percent(epoch.validationTop1)));
    showSkippedFiles(epoch.unreadableImages);
}

void RunProgressWidget::showPaused(bool paused)
{
    if (paused)
        timeLeftLabel->setText(tr("Paused"));
    else if (lastStep.step > 0)
        showStep(lastStep);
}

QString RunProgressWidget::throughput(double imagesPerSecondOfOneProcess) const
{
    const int processes = processesOf(lastStep);
    if (processes == 1)
        return DisplayFormat::throughput(imagesPerSecondOfOneProcess);
    return tr("%1 in %n processes", nullptr, processes)
        .arg(DisplayFormat::throughput(imagesPerSecondOfOneProcess * processes));
}

void RunProgressWidget::showFinished(const ampwb::RunSummary& summary)
{
    timeLeftLabel->clear();
    showSkippedFiles(summary.unreadableImages);
    switch (summary.state) {
    case ampwb::RunState::Finished: {
        // The images behind the accuracy: 66.67 % of 3 validation images is 2 of them, not a measurement.
        const QString top1 = summary.validated && summary.validationImages > 0
                               ? tr("%1 (%2 of %n image(s))", nullptr, static_cast<int>(summary.validationImages))
                                     .arg(DisplayFormat::percent(summary.finalTop1))
                                     .arg(std::llround(summary.finalTop1
                                                       * static_cast<double>(summary.validationImages)))
                               : DisplayFormat::accuracy(summary.finalTop1, summary);
        const QString finished = tr("%1 finished: %2 steps, %3, top-1 %4, peak memory %5")
                                     .arg(runLabel)
                                     .arg(summary.steps)
                                     .arg(throughput(summary.imagesPerSecond), top1,
                                          DisplayFormat::memory(summary.peakMemoryBytes));
        latestLabel->setText(startingWeights.isEmpty() ? finished : finished + QLatin1Char('\n') + startingWeights);
        break;
    }
    case ampwb::RunState::Stopped:
        latestLabel->setText(tr("%1 stopped after %2 steps.").arg(runLabel).arg(summary.steps));
        break;
    case ampwb::RunState::Failed:
        latestLabel->setText(tr("%1 failed: %2").arg(runLabel, EngineText::render(summary.message)));
        break;
    case ampwb::RunState::Running: break;
    }
}
