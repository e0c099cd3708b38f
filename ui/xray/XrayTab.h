#pragma once

#include "TrainingEvent.h"
#include "run/GradientRanges.h"
#include "xray/OperatorProfile.h"

#include <QString>
#include <QWidget>

#include <optional>
#include <vector>

class EngineController;
class GradientRangeChart;
class QLabel;
class QPushButton;
class QTableWidget;

/// The X-ray: where a training step's time goes, by kind of work (one run, or FP32 against AMP side
/// by side with AMP's speed-up per kind and a sentence computed from the numbers), the heaviest
/// modules, and each layer's gradients against fp16's and bf16's range. It shows the profiles the
/// work in progress takes (the Train and Compare tabs' Profile buttons) and follows the gradient
/// ranges of the run in progress; or whatever a run or comparison folder holds (openFolder).
class XrayTab : public QWidget {
    Q_OBJECT
public:
    explicit XrayTab(EngineController& engine, QWidget* parent = nullptr);

    /// Shows the latest profiles in a run folder, or in a comparison folder's fp32/ and amp/ runs,
    /// and the gradient ranges of the (AMP) run; false with `error` set when it holds neither.
    bool openFolder(const QString& directory, QString* error = nullptr);

    QTableWidget* classTable() const { return classes; }
    QTableWidget* moduleTable() const { return modules; }
    QLabel* sentenceLabel() const { return sentence; }
    GradientRangeChart* gradientChart() const { return gradients; }

private:
    void onEvents(const TrainingEvents& events);
    void clearProfiles();
    void showProfiles();
    void showModules(const ampwb::OperatorProfile& profile);
    /// Reads the lines the followed gradstats.csv gained since the last call.
    void followGradientStats();
    void followGradientStatsOf(const QString& runDirectory);
    void chooseFolder();

    EngineController& engine;
    QLabel* sentence;
    QLabel* filesLabel;
    QTableWidget* classes;
    QLabel* modulesTitle;
    QTableWidget* modules;
    GradientRangeChart* gradients;
    std::optional<ampwb::OperatorProfile> fp32;
    std::optional<ampwb::OperatorProfile> amp;
    QStringList profileFolders;
    bool profilesOfEarlierWork = false; ///< the profiles shown are of the work before the one in progress
    QString gradientStatsPath;
    qint64 gradientStatsRead = 0; ///< bytes of gradientStatsPath already read
};
