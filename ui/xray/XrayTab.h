#pragma once

#include "TrainingEvent.h"
#include "run/GradientRanges.h"
#include "run/PrecisionPolicy.h"
#include "xray/OperatorProfile.h"
#include "xray/PrecisionSuggestion.h"

#include <QString>
#include <QWidget>

#include <optional>
#include <vector>

class EngineController;
class GradientRangeChart;
class PrecisionColumn;
class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

/// The X-ray: where a training step's time goes, by kind of work (one run, or FP32 against AMP side
/// by side with AMP's speed-up per kind and a sentence computed from the numbers), the heaviest
/// modules, and each layer's gradients against fp16's and bf16's range. It shows the profiles the
/// work in progress takes (the Train and Compare tabs' Profile buttons) and follows the gradient
/// ranges of the run in progress; or whatever a run or comparison folder holds (openFolder). Its module table
/// has a precision column: a policy the user edits (prefilled from the active one, or by a suggestion) and
/// trains with.
class XrayTab : public QWidget {
    Q_OBJECT
public:
    explicit XrayTab(EngineController& engine, QWidget* parent = nullptr);

    /// Shows the latest profiles in a run folder, or in a comparison folder's fp32/ and amp/ runs,
    /// and the gradient ranges of the (AMP) run; false with `error` set when it holds neither.
    bool openFolder(const QString& directory, QString* error = nullptr);

    /// The Train tab's policy changed: the precision column starts from it (none: amp everywhere), unless it
    /// already shows it.
    void setActivePolicy(const std::optional<ampwb::PrecisionPolicy>& policy);
    /// The policy the precision column makes, named "x-ray".
    const ampwb::PrecisionPolicy& columnPolicy() const;

    QTableWidget* classTable() const { return classes; }
    QTableWidget* moduleTable() const { return modules; }
    QLabel* sentenceLabel() const { return sentence; }
    GradientRangeChart* gradientChart() const { return gradients; }
    QPushButton* trainWithPolicyButton() const { return trainWithPolicy; }
    QPushButton* suggestButton() const { return suggest; }
    QLabel* suggestionLabel() const { return suggestionStatus; }
    QComboBox* otherwiseBox() const { return otherwise; }

    /// Column of the module table holding each module's precision (the suggestion's reason follows it).
    static constexpr int kPrecisionColumn = 5;

public Q_SLOTS:
    /// Fills the precision column from the suggestion and shows why each module got its precision.
    void showSuggestion(const ampwb::PrecisionSuggestion& suggestion);

Q_SIGNALS:
    /// "Train with this policy": the Train tab should train with `policy`.
    void trainRequested(const ampwb::PrecisionPolicy& policy);
    /// "Suggest precisions": measure them with the Train tab's configuration.
    void suggestionRequested();

private:
    void onEvents(const TrainingEvents& events);
    void clearProfiles();
    void showProfiles();
    void showModules(const ampwb::OperatorProfile& profile);
    /// Reads the lines the followed gradstats.csv gained since the last call.
    void followGradientStats();
    void followGradientStatsOf(const QString& runDirectory);
    void chooseFolder();
    void updatePolicyButtons();
    void onSuggestionMade(const ampwb::PrecisionSuggestion& suggestion, const QString& directory);

    EngineController& engine;
    QLabel* sentence;
    QLabel* filesLabel;
    QTableWidget* classes;
    QLabel* modulesTitle;
    QTableWidget* modules;
    QComboBox* otherwise;
    QCheckBox* reducedWeights;
    PrecisionColumn* precisions;
    QPushButton* trainWithPolicy;
    QPushButton* suggest;
    QLabel* suggestionStatus;
    GradientRangeChart* gradients;
    std::optional<ampwb::PrecisionPolicy> activePolicy; ///< the Train tab's, as last given
    std::optional<ampwb::OperatorProfile> fp32;
    std::optional<ampwb::OperatorProfile> amp;
    QStringList profileFolders;
    bool awaitingSuggestion = false;    ///< a suggestion's work runs, and no suggestion came yet
    bool profilesOfEarlierWork = false; ///< the profiles shown are of the work before the one in progress
    QString gradientStatsPath;
    qint64 gradientStatsRead = 0; ///< bytes of gradientStatsPath already read
};
