#pragma once

#include "LocalProcesses.h"
#include "run/TrainingConfig.h"

#include <QStringList>
#include <QWidget>

#include <optional>

class DatasetPicker;
class StartingWeightsPicker;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

/// Every setting the engine takes for a run, grouped as a user thinks of them (data, starting
/// weights, precision and device, loss scaling, optimisation, run), checked with the engine's
/// own validation on every change; problems are listed under the fields. A precision policy (a preset, the
/// X-ray tab's, or a file) overrides the precision where it decides it.
class TrainingConfigPanel : public QWidget {
    Q_OBJECT
public:
    explicit TrainingConfigPanel(bool cudaAvailable, QWidget* parent = nullptr);

    /// The configuration the fields describe (runsDirectory is left as last set).
    ampwb::TrainingConfig config() const;
    void setConfig(const ampwb::TrainingConfig& config);

    /// What is wrong with the configuration, in the user's language; empty when it can run.
    /// Found once per change of the fields.
    const QStringList& problems() const { return currentProblems; }
    /// Data-parallel processes on this machine for the next run, and how long they wait for each other.
    LocalProcesses processes() const;

    /// The precision policy chosen (none: the precision decides, everywhere).
    std::optional<ampwb::PrecisionPolicy> precisionPolicy() const;
    /// Offers `policy` as "From the X-ray tab" and chooses it.
    void setXrayPolicy(const ampwb::PrecisionPolicy& policy);
    /// Reads the policy file at `path` and chooses it; when it cannot be read, says why in a message box (not
    /// modal) and keeps the choice as it was.
    bool openPolicyFile(const QString& path);

Q_SIGNALS:
    void changed();
    void validityChanged(bool valid);

private:
    QWidget* createDataGroup();
    QWidget* createStartGroup();
    QWidget* createPrecisionGroup(bool cudaAvailable);
    QWidget* createScalerGroup();
    QWidget* createOptimisationGroup();
    QWidget* createRunGroup();
    void connectChanges();
    void onChanged();
    QStringList findProblems() const;
    void updateEnabledFields();
    /// The policy choice's item for `key` ("xray", "loaded"), added before "Open a policy file…" when missing.
    int policyItem(const QString& key, const QString& text);
    void onPolicyChosen(int index);
    void choosePolicyFile();

    ampwb::TrainingConfig base;
    DatasetPicker* dataset;
    QSpinBox* imageSize;
    QSpinBox* syntheticImages;
    QCheckBox* augment;
    QSpinBox* validationLimit;
    StartingWeightsPicker* startingWeights;
    QComboBox* precision;
    QString precisionToolTip;
    QComboBox* policyChoice;
    QLabel* policyLabel;
    std::optional<ampwb::PrecisionPolicy> xrayPolicy;
    std::optional<ampwb::PrecisionPolicy> loadedPolicy; ///< from a file, or a run's configuration
    int lastPolicyIndex = 0;
    QComboBox* device;
    QCheckBox* channelsLast;
    QCheckBox* stockLibtorch;
    QComboBox* lossScaling;
    QDoubleSpinBox* initScale;
    QDoubleSpinBox* growthFactor;
    QDoubleSpinBox* backoffFactor;
    QSpinBox* growthInterval;
    QSpinBox* batchSize;
    QSpinBox* epochs;
    QSpinBox* maxSteps;
    QDoubleSpinBox* learningRate;
    QDoubleSpinBox* momentum;
    QDoubleSpinBox* weightDecay;
    QCheckBox* nesterov;
    QComboBox* schedule;
    QSpinBox* stepSize;
    QDoubleSpinBox* gamma;
    QDoubleSpinBox* warmupEpochs;
    QSpinBox* seed;
    QSpinBox* workers;
    QSpinBox* gradientStatsEvery;
    QSpinBox* processCount;
    QSpinBox* groupTimeout;
    QLineEdit* runName;
    QLabel* problemsLabel;
    bool wasValid = true;
    QStringList currentProblems;
};
