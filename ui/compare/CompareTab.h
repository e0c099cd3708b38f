#pragma once

#include "LocalProcesses.h"
#include "TrainingEvent.h"
#include "runs/RunHistories.h"
#include "system/DeviceInfo.h"

#include <QWidget>

#include <optional>
#include <vector>

class ComparisonTable;
class EngineController;
class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class RunProgressWidget;
class TrainingCharts;

/// FP32 against AMP: one click trains both (or FP32, AMP bf16 and AMP fp16), and a precision policy as a third
/// run when one is chosen, with the same seed and data order (one after the other, or in turns step by step) and
/// overlays them on every chart, beside the recipe's table and a verdict. Runs chosen in the Runs tab are compared
/// here too.
class CompareTab : public QWidget {
    Q_OBJECT
public:
    CompareTab(EngineController& engine, ampwb::DeviceInfo machine, QWidget* parent = nullptr);

    /// Trains FP32 and AMP with `config` (its precision and precision policy are ignored; with "Three-way", AMP
    /// bf16 and AMP fp16 besides FP32; with a policy chosen, a third run under it), in turns when "Interleave steps"
    /// is checked; data-parallel, one after the other, when in more than one of `processes`.
    void start(const ampwb::TrainingConfig& config, const LocalProcesses& processes = {});
    /// The "Interleave steps" choice (remembered in the settings; checked at first where a
    /// comparison's default order is interleaved: without CUDA).
    QCheckBox& interleaveBox() const { return *stepInterleaveBox; }
    /// The "Three-way: FP32 · AMP bf16 · AMP fp16" choice (remembered in the settings; off at first).
    QCheckBox& threeWayBox() const { return *threeWayChoice; }
    /// The "Third run" choice: no policy, a preset (remembered in the settings) or a policy file. A three-way
    /// comparison takes none: each choice disables the other.
    QComboBox& policyBox() const { return *policyChoice; }
    /// Shows saved runs side by side, in the given order, coloured by their place in it.
    void showRuns(std::vector<RunHistory> runs);
    /// Writes the comparison as Markdown or HTML, with the charts as images.
    bool exportReport(const QString& path, QString* error = nullptr) const;

    /// The runs compared here: FP32 then AMP (or AMP bf16, then AMP fp16), then the policy run, while a
    /// comparison trains.
    const RunHistories& histories() const { return runHistories; }
    TrainingCharts& charts() const { return *trainingCharts; }
    ComparisonTable& table() const { return *comparisonTable; }
    /// The progress line and bars of the run it follows (the status bar names the same run).
    RunProgressWidget& progress() const { return *runProgress; }
    QString verdict() const;

private:
    void onEvents(const TrainingEvents& events);
    /// The place of the watched comparison's run in `precision` and `dtype`, or of its policy run, among the
    /// histories.
    size_t runIndex(ampwb::Precision precision, ampwb::AmpDtype dtype, bool policyRun) const;
    /// FP32 and the AMP runs among the histories: all but the policy run.
    size_t referenceCount() const;
    /// The policy of the "Third run" choice (none for "No policy").
    std::optional<ampwb::PrecisionPolicy> chosenPolicy() const;
    void onPolicyChosen(int index);
    /// Reads a policy file chosen in a dialog into the choice; the choice stays as it was when none is read.
    void choosePolicyFile();
    /// Whether the progress line shows the run at `index` (in turns it follows one run at a time).
    bool showsProgressOf(size_t index) const;
    /// Points the progress line at the run at `index`, which has started.
    void showProgressOf(size_t index);
    void showResults();
    void exportWithDialog();

    EngineController& engine;
    ampwb::DeviceInfo machine;
    RunHistories runHistories;
    RunProgressWidget* runProgress;
    TrainingCharts* trainingCharts;
    ComparisonTable* comparisonTable;
    QLabel* verdictLabel;
    QLabel* detailsLabel;
    QPushButton* exportButton;
    QCheckBox* stepInterleaveBox;
    QCheckBox* threeWayChoice;
    QComboBox* policyChoice;
    std::optional<ampwb::PrecisionPolicy> filePolicy; ///< read from the file the choice names
    int lastPolicyIndex = 0;
    bool policyCompared = false; ///< the last of the histories is the watched comparison's policy run
    bool interleaved = false;    ///< of the comparison being watched
    bool watching = false;
};
