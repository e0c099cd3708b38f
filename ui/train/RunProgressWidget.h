#pragma once

#include "run/TrainingMetrics.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

/// Where a run stands: a bar for the current epoch, one for the whole run with the
/// time left, a line with the latest step's figures, and how many data files were skipped.
class RunProgressWidget : public QWidget {
    Q_OBJECT
public:
    explicit RunProgressWidget(QWidget* parent = nullptr);

    /// Empties the bars for a new piece of work.
    void reset();
    /// `label` names the run, e.g. "FP32" or "AMP (run 2 of 2)".
    void showStarted(const ampwb::RunStarted& started, const QString& label);
    void showStep(const ampwb::StepMetrics& step);
    void showEpoch(const ampwb::EpochMetrics& epoch);
    void showPaused(bool paused);
    void showFinished(const ampwb::RunSummary& summary);
    /// Offers an Evaluate button for the runs in `directories` (one run, or an FP32 run and the
    /// AMP run to compare it with), named `names`, when each has a checkpoint; reset() withdraws it.
    void offerEvaluation(const QStringList& directories, const QStringList& names);

    /// The step the progress shows (step 0 before the first since reset()).
    const ampwb::StepMetrics& shownStep() const { return lastStep; }
    QProgressBar& epochBar() const { return *epochProgress; }
    QProgressBar& overallBar() const { return *overallProgress; }
    QPushButton& evaluateButton() const { return *evaluate; }

private:
    /// Images/s of the run: a data-parallel run's whole group ("356 img/s in 2 processes").
    QString throughput(double imagesPerSecondOfOneProcess) const;
    /// "Weights from FILE: its 1000-class head replaced by a new 3-class head"; empty for random weights.
    static QString describeStartingWeights(const ampwb::RunStarted& started);
    /// Shows `count` skipped data files with a link to the run's list of them (hidden at 0).
    void showSkippedFiles(int64_t count);

    QProgressBar* epochProgress;
    QProgressBar* overallProgress;
    QLabel* epochLabel;
    QLabel* timeLeftLabel;
    QLabel* latestLabel;
    QLabel* skippedFilesLabel;
    QPushButton* evaluate;
    QStringList evaluatedRuns;
    QStringList evaluatedNames;
    QString runLabel;
    QString startingWeights; ///< describeStartingWeights of the run shown
    QString runDirectory;
    int64_t firstStep = 1;
    ampwb::StepMetrics lastStep;
};
