#pragma once

#include "evaluation/EvaluationJob.h"

#include <QStringList>
#include <QWidget>

#include <memory>

class ConfusionHeatMap;
class EvaluationWorker;
class MistakesGallery;
class QCheckBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTabWidget;
class QTableWidget;

/// The Evaluation view: evaluates a model (and optionally a second, e.g. an AMP run against its
/// FP32 twin) on its own thread with a progress bar and Cancel, then shows the confusion matrix
/// as a heat map, the per-class table, the top confusions, a gallery of the most confident
/// mistakes that a click on a matrix cell filters, and how far the two models agree.
class EvaluationWindow : public QWidget {
    Q_OBJECT
public:
    /// Starts at once. `name` and `againstName` are what the window calls the two models.
    EvaluationWindow(ampwb::EvaluationJob job, const QString& name, const QString& againstName,
                     QWidget* parent = nullptr);
    ~EvaluationWindow() override;
    /// Shows a new view evaluating `models` (one, or two: the second measured against the first), called
    /// `names`, on their validation images or, given `folder`, on every image in it.
    static EvaluationWindow* open(const QStringList& models, const QStringList& names, const QString& folder,
                                  QWidget* parent, ampwb::ClassifierOptions classifier = {});

    bool isRunning() const;
    /// What it found, once finished (null before, and after a failure or Cancel).
    std::shared_ptr<const ampwb::EvaluationJobResult> result() const { return outcome; }

    ConfusionHeatMap& heatMap() const { return *matrix; }
    MistakesGallery& gallery() const { return *mistakes; }
    QTableWidget& perClassTable() const { return *perClass; }
    QLabel& statusLabel() const { return *status; }
    QLabel& agreementLabel() const { return *agreementSummary; }
    QPushButton& cancelButton() const { return *cancel; }
    QTabWidget& views() const { return *tabs; }

Q_SIGNALS:
    /// The evaluation ended: finished, cancelled or failed.
    void ended();

private:
    void showProgress(qint64 done, qint64 total);
    void showResult(std::shared_ptr<const ampwb::EvaluationJobResult> result);
    void showFailure(const QString& message);
    /// The run's own top-1 on the same images beside this evaluation's, and why they may differ.
    QString runsOwnSentence(const ampwb::RunsOwnValidation& run, const ampwb::ModelEvaluation& evaluation) const;
    void fillPerClass(const ampwb::EvaluationJobResult& result);
    void fillConfusions(const ampwb::EvaluationJobResult& result);
    void fillAgreement(const ampwb::EvaluationJobResult& result);
    void describeGallery();

    QString firstName;
    bool everyImage;    ///< every image of a folder, not a validation split
    QString arithmetic; ///< what the evaluation computes in: "fp32" or "bf16"
    QString secondName;
    std::shared_ptr<const ampwb::EvaluationJobResult> outcome;
    EvaluationWorker* worker;
    bool running = true;
    int pass = 0;        ///< which model's pass the progress is of
    qint64 lastDone = 0; ///< images done in that pass
    QLabel* heading;
    QSplitter* results; ///< the matrix and the tabs, enabled once there is a result
    QProgressBar* progress;
    QPushButton* cancel;
    QLabel* status;
    ConfusionHeatMap* matrix;
    QLabel* readout;
    QCheckBox* normalised;
    QTabWidget* tabs;
    QTableWidget* perClass;
    QListWidget* confusions;
    QLabel* galleryCaption;
    QPushButton* allMistakes;
    MistakesGallery* mistakes;
    QWidget* agreementPage;
    QLabel* agreementSummary;
    QListWidget* disagreements;
};
