#pragma once

#include "classify/ModelChoice.h"
#include "classify/TrainingDataLikeness.h"
#include "model/InferencePrecision.h"

#include <QString>
#include <QWidget>

class ClassificationWorker;
class QComboBox;
class QLabel;
struct ModelLoadResult;

/// The Classify tab's model: which one (the newest run, a run's checkpoint, an imported .pth
/// or the torchvision weights; remembered in the settings) and the inference precision,
/// loaded into the ClassificationWorker, with a status line saying what is loaded or why
/// nothing is. The widget is the "Model:" and "Precision:" selectors; statusLine() is for
/// the tab to place under its controls.
class ModelSelector : public QWidget {
    Q_OBJECT
public:
    explicit ModelSelector(ClassificationWorker& worker, QWidget* parent = nullptr);

    /// Uses this model from now on (remembered in the settings) and loads it.
    void setChoice(const ModelChoice& choice);
    const ModelChoice& choice() const { return modelChoice; }
    /// Asks the worker for the chosen model in the chosen precision (again, when asked before).
    void load();
    /// Whether load() has been called: until then no model is asked for.
    bool loadRequested() const { return requestedModelGeneration >= 0; }
    /// load() again when the choice is the newest run and another run has become the newest.
    void followLatestRun();

    /// The worker's generation of the model last asked for: results of others come from a
    /// model no longer in use. −1 before the first load().
    int modelGeneration() const { return requestedModelGeneration; }
    /// Whether the model last asked for is loaded and classifying.
    bool isReady() const { return ready; }
    /// The model last asked for, as loadClassifierModel names it; empty when there is none
    /// (status() says why).
    const QString& requestedModel() const { return requestedModelName; }
    /// The chosen model as loadClassifierModel names it, whether loaded or not; empty (and
    /// `problem` says why) when there is none.
    QString chosenModel(QString* problem) const;
    ampwb::InferencePrecision precision() const;
    /// What the status line says: the loaded model, or why there is none.
    QString status() const;

    QComboBox& modelCombo() const { return *modelComboBox; }
    QComboBox& precisionCombo() const { return *precisionComboBox; }
    /// The status line, for the tab to place (it then owns it).
    QLabel& statusLine() const { return *statusLineLabel; }

Q_SIGNALS:
    /// load() has asked the worker for requestedModel() (or found none to ask for).
    void loadStarted();
    /// The model last asked for is loaded and classifying; it learned from images like `learned`.
    void modelReady(const LearnedImages& learned);

private:
    void fillModels();
    void onModelActivated(int index);
    void pickRunCheckpoint();
    void importStateDict();
    void onModelLoaded(const ModelLoadResult& result);
    void showModelProblem(const QString& problem);

    ClassificationWorker& worker;
    ModelChoice modelChoice;
    QString requestedModelName; ///< the loadClassifierModel name last asked for
    int requestedModelGeneration = -1;
    bool ready = false;

    QComboBox* modelComboBox;
    QComboBox* precisionComboBox;
    QLabel* statusLineLabel;
};
