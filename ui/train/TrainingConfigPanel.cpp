#include "train/TrainingConfigPanel.h"

#include "EngineText.h"
#include "FocusedWheel.h"
#include "train/DatasetPicker.h"
#include "train/StartingWeightsPicker.h"
#include "xray/PolicyText.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <QStandardItemModel>

#include <algorithm>
#include <exception>
#include <initializer_list>
#include <limits>

namespace {

QSpinBox* spinBox(QWidget* parent, const char* name, int minimum, int maximum, const QString& special = {})
{
    auto* box = new QSpinBox(parent);
    box->setObjectName(QLatin1String(name));
    box->setRange(minimum, maximum);
    box->setSpecialValueText(special);
    box->setAccelerated(true);
    return box;
}

QDoubleSpinBox* numberBox(QWidget* parent, const char* name, double minimum, double maximum, int decimals, double step)
{
    auto* box = new QDoubleSpinBox(parent);
    box->setObjectName(QLatin1String(name));
    box->setRange(minimum, maximum);
    box->setDecimals(decimals);
    box->setSingleStep(step);
    return box;
}

QCheckBox* checkBox(QWidget* parent, const char* name, const QString& text, const QString& toolTip)
{
    auto* box = new QCheckBox(text, parent);
    box->setObjectName(QLatin1String(name));
    box->setToolTip(toolTip);
    return box;
}

QComboBox* choiceBox(QWidget* parent, const char* name)
{
    auto* box = new QComboBox(parent);
    box->setObjectName(QLatin1String(name));
    return box;
}

QGroupBox* group(const QString& title, QWidget* parent)
{
    auto* box = new QGroupBox(title, parent);
    auto* form = new QFormLayout(box);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    return box;
}

QFormLayout* formOf(QGroupBox* box)
{
    return static_cast<QFormLayout*>(box->layout());
}

/// The policy choice's item data for a preset: this and its name.
constexpr QLatin1String kPresetKey("preset:");

/// The precision box's item data: "fp32", or "amp:" and the AMP type ("amp:float16").
QString precisionChoice(ampwb::Precision precision, ampwb::AmpDtype dtype)
{
    const QString name = QString::fromStdString(ampwb::toString(precision));
    return precision == ampwb::Precision::Amp ? name + QLatin1Char(':') + QString::fromStdString(ampwb::toString(dtype))
                                              : name;
}

} // namespace

TrainingConfigPanel::TrainingConfigPanel(bool cudaAvailable, QWidget* parent)
    : QWidget(parent)
    , problemsLabel(new QLabel(this))
{
    problemsLabel->setObjectName(QStringLiteral("configProblems"));
    problemsLabel->setWordWrap(true);
    problemsLabel->setTextFormat(Qt::RichText);
    problemsLabel->setStyleSheet(QStringLiteral("QLabel { color: #b3261e; }"));
    problemsLabel->hide();

    auto* layout = new QVBoxLayout(this);
    // First, where it is seen without scrolling: what keeps Start disabled.
    layout->addWidget(problemsLabel);
    layout->addWidget(createDataGroup());
    layout->addWidget(createStartGroup());
    layout->addWidget(createPrecisionGroup(cudaAvailable));
    layout->addWidget(createScalerGroup());
    layout->addWidget(createOptimisationGroup());
    layout->addWidget(createRunGroup());
    layout->addStretch();

    setConfig(ampwb::TrainingConfig{});
    connectChanges();
    FocusedWheel::guardFieldsIn(this);
    // A choice's longest item never widens the panel (the list shows it whole when opened).
    for (QComboBox* box : findChildren<QComboBox*>()) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(12);
    }
}

QWidget* TrainingConfigPanel::createDataGroup()
{
    QGroupBox* box = group(tr("Data"), this);
    dataset = new DatasetPicker(box);
    imageSize = spinBox(box, "imageSize", 0, 1024, tr("dataset's own"));
    imageSize->setSuffix(tr(" px"));
    imageSize->setToolTip(tr("Side of the square images the model sees (224 in the original recipe)"));
    syntheticImages = spinBox(box, "syntheticImages", 1, 10'000'000);
    syntheticImages->setToolTip(tr("Training images in the synthetic dataset"));
    augment = new QCheckBox(tr("Random crop and horizontal flip"), box);
    augment->setObjectName(QStringLiteral("augment"));
    validationLimit = spinBox(box, "validationLimit", 0, 10'000'000, tr("all images"));
    validationLimit->setToolTip(tr("Evaluate on at most this many validation images after each epoch"));
    QFormLayout* form = formOf(box);
    form->addRow(tr("Dataset:"), dataset);
    form->addRow(tr("Image size:"), imageSize);
    form->addRow(tr("Synthetic images:"), syntheticImages);
    form->addRow(tr("Augmentation:"), augment);
    form->addRow(tr("Validation images:"), validationLimit);
    return box;
}

QWidget* TrainingConfigPanel::createStartGroup()
{
    QGroupBox* box = group(tr("Starting weights"), this);
    startingWeights = new StartingWeightsPicker(box);
    formOf(box)->addRow(startingWeights);
    return box;
}

QWidget* TrainingConfigPanel::createPrecisionGroup(bool cudaAvailable)
{
    QGroupBox* box = group(tr("Precision and device"), this);
    precision = choiceBox(box, "precision");
    precision->addItem(tr("FP32 (single precision)"), precisionChoice(ampwb::Precision::Fp32, ampwb::AmpDtype::Auto));
    precision->addItem(tr("AMP (fp16 on CUDA, bf16 on the CPU)"),
                       precisionChoice(ampwb::Precision::Amp, ampwb::AmpDtype::Auto));
    precision->addItem(tr("AMP bf16"), precisionChoice(ampwb::Precision::Amp, ampwb::AmpDtype::BFloat16));
    precision->addItem(tr("AMP fp16 (with loss scaling)"),
                       precisionChoice(ampwb::Precision::Amp, ampwb::AmpDtype::Float16));
    precisionToolTip = tr("AMP computes in bf16 or fp16 where autocast allows. fp16 needs loss scaling (its range "
                          "is narrow); on the CPU it shows loss scaling at work, not speed: libtorch 2.11 computes "
                          "fp16 convolution gradients slowly there (an AMP fp16 step took about 120× as long as "
                          "FP32's on a Xeon with AVX512-FP16, docs/BENCHMARKS.md)");
    precision->setToolTip(precisionToolTip);
    policyChoice = choiceBox(box, "precisionPolicy");
    policyChoice->addItem(tr("None (the precision decides)"), QStringLiteral("none"));
    for (const std::string& name : ampwb::precisionPolicyPresets()) {
        policyChoice->addItem(QString::fromStdString(name), QString(kPresetKey) + QString::fromStdString(name));
        policyChoice->setItemData(policyChoice->count() - 1, PolicyText::presetDescription(name), Qt::ToolTipRole);
    }
    policyChoice->addItem(tr("Open a policy file…"), QStringLiteral("open"));
    policyChoice->setToolTip(tr("Which precision each module of ResNet-18 computes in (docs/precision-policy.md): "
                                "a preset, the X-ray tab's precision column, or a policy file"));
    connect(policyChoice, &QComboBox::currentIndexChanged, this, &TrainingConfigPanel::onPolicyChosen);
    policyLabel = new QLabel(box);
    policyLabel->setObjectName(QStringLiteral("policyDescription"));
    policyLabel->setWordWrap(true);
    policyLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    policyLabel->hide();
    device = choiceBox(box, "device");
    device->addItem(tr("Automatic"), QStringLiteral("auto"));
    device->addItem(tr("CPU"), QStringLiteral("cpu"));
    device->addItem(tr("CUDA GPU"), QStringLiteral("cuda"));
    if (!cudaAvailable) {
        static_cast<QStandardItemModel*>(device->model())->item(2)->setEnabled(false);
        device->setItemData(2, tr("No CUDA device (or this libtorch has no CUDA)"), Qt::ToolTipRole);
    }
    channelsLast = checkBox(box, "channelsLast", tr("channels_last (NHWC) memory format"),
                            tr("On by default: up to 1.4× faster in training on the CPUs measured, 2 % slower at "
                               "worst. Untick it to train beside plain PyTorch ranks, which keep PyTorch's "
                               "contiguous layout"));
    QFormLayout* form = formOf(box);
    form->addRow(tr("Precision:"), precision);
    form->addRow(tr("Policy:"), policyChoice);
    form->addRow(QString(), policyLabel);
    form->addRow(tr("Device:"), device);
    stockLibtorch = checkBox(box, "stockLibtorch", tr("Stock libtorch (no workbench fast paths)"),
                             tr("Train on libtorch's own operators and SGD alone, as plain PyTorch does, without "
                                "the workbench's measured faster paths (small-map convolutions, the one-pass SGD "
                                "step). Recorded in the run's config.json"));
    form->addRow(QString(), channelsLast);
    form->addRow(QString(), stockLibtorch);
    return box;
}

QWidget* TrainingConfigPanel::createScalerGroup()
{
    QGroupBox* box = group(tr("Loss scaling"), this);
    lossScaling = choiceBox(box, "lossScaling");
    lossScaling->addItem(tr("Automatic"), static_cast<int>(ampwb::LossScaling::Auto));
    lossScaling->setToolTip(tr("Dynamic loss scaling: automatic turns it on for AMP in fp16 (on CUDA by default, "
                               "or chosen on the CPU) and off for AMP in bf16, which needs none"));
    lossScaling->addItem(tr("On"), static_cast<int>(ampwb::LossScaling::On));
    lossScaling->addItem(tr("Off"), static_cast<int>(ampwb::LossScaling::Off));
    initScale = numberBox(box, "initScale", 0.0, 16777216.0, 0, 1024.0);
    growthFactor = numberBox(box, "growthFactor", 1.0, 16.0, 2, 0.5);
    backoffFactor = numberBox(box, "backoffFactor", 0.0, 1.0, 3, 0.05);
    growthInterval = spinBox(box, "growthInterval", 1, 1'000'000);
    growthInterval->setSuffix(tr(" steps"));
    QFormLayout* form = formOf(box);
    form->addRow(tr("Loss scaling:"), lossScaling);
    form->addRow(tr("Initial scale:"), initScale);
    form->addRow(tr("Growth factor:"), growthFactor);
    form->addRow(tr("Backoff factor:"), backoffFactor);
    form->addRow(tr("Growth interval:"), growthInterval);
    return box;
}

QWidget* TrainingConfigPanel::createOptimisationGroup()
{
    QGroupBox* box = group(tr("Optimisation"), this);
    batchSize = spinBox(box, "batchSize", 1, 65536);
    epochs = spinBox(box, "epochs", 1, 100'000);
    maxSteps = spinBox(box, "maxSteps", 0, std::numeric_limits<int>::max(), tr("no limit"));
    maxSteps->setToolTip(tr("Stop after this many optimizer steps in total"));
    learningRate = numberBox(box, "learningRate", 0.0, 10.0, 5, 0.01);
    momentum = numberBox(box, "momentum", 0.0, 1.0, 3, 0.05);
    weightDecay = numberBox(box, "weightDecay", 0.0, 1.0, 6, 0.0001);
    nesterov = new QCheckBox(tr("Nesterov momentum"), box);
    nesterov->setObjectName(QStringLiteral("nesterov"));
    schedule = choiceBox(box, "schedule");
    schedule->addItem(tr("Constant"), static_cast<int>(ampwb::LearningRateSchedule::Constant));
    schedule->addItem(tr("Step decay"), static_cast<int>(ampwb::LearningRateSchedule::Step));
    schedule->addItem(tr("Cosine decay"), static_cast<int>(ampwb::LearningRateSchedule::Cosine));
    schedule->setToolTip(tr("Step decay multiplies the rate by gamma every step size epochs (the original recipe: "
                            "30 epochs, 0.1); cosine decay lowers it to zero over the run"));
    stepSize = spinBox(box, "stepSize", 0, 100'000);
    stepSize->setSuffix(tr(" epochs"));
    gamma = numberBox(box, "gamma", 0.0, 1.0, 3, 0.05);
    warmupEpochs = numberBox(box, "warmupEpochs", 0.0, 1000.0, 2, 0.5);
    QFormLayout* form = formOf(box);
    form->addRow(tr("Batch size:"), batchSize);
    form->addRow(tr("Epochs:"), epochs);
    form->addRow(tr("Max steps:"), maxSteps);
    form->addRow(tr("Learning rate:"), learningRate);
    form->addRow(tr("Momentum:"), momentum);
    form->addRow(tr("Weight decay:"), weightDecay);
    form->addRow(QString(), nesterov);
    form->addRow(tr("Schedule:"), schedule);
    form->addRow(tr("Step size:"), stepSize);
    form->addRow(tr("Gamma:"), gamma);
    form->addRow(tr("Warm-up:"), warmupEpochs);
    warmupEpochs->setSuffix(tr(" epochs"));
    return box;
}

QWidget* TrainingConfigPanel::createRunGroup()
{
    QGroupBox* box = group(tr("Run"), this);
    seed = spinBox(box, "seed", 0, std::numeric_limits<int>::max());
    seed->setToolTip(tr("Seeds the initial weights, the data order and the augmentation"));
    workers = spinBox(box, "workers", 0, 64);
    workers->setToolTip(tr("Threads that load and transform images ahead of the training step"));
    gradientStatsEvery = spinBox(box, "gradientStatsEvery", 0, 1'000'000, tr("off"));
    gradientStatsEvery->setSuffix(tr(" steps"));
    gradientStatsEvery->setToolTip(tr("At step 1 and every this many steps, each parameter's gradient against fp16's "
                                      "and bf16's range into gradstats.csv"));
    processCount = spinBox(box, "processes", 1, 64);
    processCount->setToolTip(tr("Data-parallel ranks on this machine: the window trains rank 0 and starts "
                                "amp-workbench-cli for each other rank. They share the cores, each trains a batch "
                                "of its own shard of the data per step (processes × batch size images in all) "
                                "and their gradients are averaged"));
    groupTimeout = spinBox(box, "groupTimeout", 5, 86'400);
    groupTimeout->setValue(static_cast<int>(LocalProcesses().groupTimeout.count()));
    groupTimeout->setSuffix(tr(" s"));
    groupTimeout->setToolTip(tr("How long the processes wait for each other (to start, and in each exchange of "
                                "gradients) before the run ends with a message naming the process it lost; a "
                                "pause does not count"));
    runName = new QLineEdit(box);
    runName->setObjectName(QStringLiteral("runName"));
    runName->setPlaceholderText(tr("automatic"));
    runName->setToolTip(tr("The run's folder name; left empty, the precision and the time it starts "
                           "(amp-20261206-101500)"));
    QFormLayout* form = formOf(box);
    form->addRow(tr("Seed:"), seed);
    form->addRow(tr("Loader workers:"), workers);
    form->addRow(tr("Gradient ranges every:"), gradientStatsEvery);
    form->addRow(tr("Processes:"), processCount);
    form->addRow(tr("Group timeout:"), groupTimeout);
    form->addRow(tr("Run name:"), runName);
    return box;
}

void TrainingConfigPanel::connectChanges()
{
    connect(dataset, &DatasetPicker::changed, this, &TrainingConfigPanel::onChanged);
    connect(startingWeights, &StartingWeightsPicker::changed, this, &TrainingConfigPanel::onChanged);
    for (QSpinBox* box : findChildren<QSpinBox*>())
        connect(box, &QSpinBox::valueChanged, this, &TrainingConfigPanel::onChanged);
    for (QDoubleSpinBox* box : findChildren<QDoubleSpinBox*>())
        connect(box, &QDoubleSpinBox::valueChanged, this, &TrainingConfigPanel::onChanged);
    for (QComboBox* box : findChildren<QComboBox*>())
        connect(box, &QComboBox::currentIndexChanged, this, &TrainingConfigPanel::onChanged);
    for (QCheckBox* box : findChildren<QCheckBox*>())
        connect(box, &QCheckBox::toggled, this, &TrainingConfigPanel::onChanged);
    connect(runName, &QLineEdit::textChanged, this, &TrainingConfigPanel::onChanged);
}

LocalProcesses TrainingConfigPanel::processes() const
{
    return {processCount->value(), std::chrono::seconds(groupTimeout->value())};
}

std::optional<ampwb::PrecisionPolicy> TrainingConfigPanel::precisionPolicy() const
{
    const QString key = policyChoice->currentData().toString();
    if (key.startsWith(kPresetKey))
        return ampwb::presetPrecisionPolicy(key.mid(kPresetKey.size()).toStdString());
    if (key == QLatin1String("xray"))
        return xrayPolicy;
    if (key == QLatin1String("loaded"))
        return loadedPolicy;
    return std::nullopt;
}

void TrainingConfigPanel::setXrayPolicy(const ampwb::PrecisionPolicy& policy)
{
    xrayPolicy = policy;
    const int index = policyItem(QStringLiteral("xray"), tr("From the X-ray tab"));
    policyChoice->setItemData(index, PolicyText::describe(policy), Qt::ToolTipRole);
    if (policyChoice->currentIndex() == index)
        onChanged(); // the same item, another policy
    else
        policyChoice->setCurrentIndex(index);
}

bool TrainingConfigPanel::openPolicyFile(const QString& path)
{
    try {
        loadedPolicy = ampwb::readPrecisionPolicy(path.toStdString());
    } catch (const std::exception& error) {
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Precision policy"),
                                    tr("The policy file could not be used; the precision policy stays as it was."),
                                    QMessageBox::Ok, this);
        box->setObjectName(QStringLiteral("policyFileError"));
        box->setInformativeText(EngineText::describe(error));
        box->button(QMessageBox::Ok)->setText(tr("OK"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->setWindowModality(Qt::NonModal);
        box->show();
        return false;
    }
    const int index = policyItem(QStringLiteral("loaded"),
                                 tr("Policy \"%1\"").arg(QString::fromStdString(loadedPolicy->name)));
    policyChoice->setItemData(index, QDir::toNativeSeparators(path), Qt::ToolTipRole);
    if (policyChoice->currentIndex() == index)
        onChanged();
    else
        policyChoice->setCurrentIndex(index);
    return true;
}

int TrainingConfigPanel::policyItem(const QString& key, const QString& text)
{
    int index = policyChoice->findData(key);
    if (index < 0) {
        index = policyChoice->findData(QStringLiteral("open"));
        policyChoice->insertItem(index, text, key);
    } else {
        policyChoice->setItemText(index, text);
    }
    return index;
}

void TrainingConfigPanel::onPolicyChosen(int index)
{
    if (policyChoice->itemData(index).toString() != QLatin1String("open")) {
        lastPolicyIndex = index;
        return;
    }
    {
        const QSignalBlocker quiet(policyChoice); // the choice stays as it was until a file is read
        policyChoice->setCurrentIndex(lastPolicyIndex);
    }
    choosePolicyFile();
}

void TrainingConfigPanel::choosePolicyFile()
{
    // Opened without blocking the window: the file is read when one is chosen.
    auto* dialog = new QFileDialog(this, tr("Precision policy file"), QString(),
                                   tr("Precision policies (*.json);;All files (*)"));
    dialog->setObjectName(QStringLiteral("policyFileDialog"));
    dialog->setFileMode(QFileDialog::ExistingFile);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, this, &TrainingConfigPanel::openPolicyFile);
    dialog->open();
}

ampwb::TrainingConfig TrainingConfigPanel::config() const
{
    ampwb::TrainingConfig c = base;
    c.dataset = dataset->spec();
    c.imageSize = imageSize->value();
    c.syntheticTrainSize = syntheticImages->value();
    c.augment = augment->isChecked();
    c.validationLimit = validationLimit->value();
    const QStringList chosenPrecision = precision->currentData().toString().split(QLatin1Char(':'));
    c.precision = ampwb::parsePrecision(chosenPrecision.value(0).toStdString()).value_or(ampwb::Precision::Fp32);
    c.ampDtype = ampwb::parseAmpDtype(chosenPrecision.value(1).toStdString()).value_or(ampwb::AmpDtype::Auto);
    c.precisionPolicy = precisionPolicy();
    if (c.precisionPolicy) // as the trainer derives it
        c.precision = c.precisionPolicy->usesReducedPrecision() ? ampwb::Precision::Amp : ampwb::Precision::Fp32;
    c.device = device->currentData().toString().toStdString();
    c.channelsLast = channelsLast->isChecked();
    c.enginePaths = stockLibtorch->isChecked() ? ampwb::EnginePaths::stock() : ampwb::EnginePaths::tuned();
    c.lossScaling = static_cast<ampwb::LossScaling>(lossScaling->currentData().toInt());
    c.scaler.initScale = initScale->value();
    c.scaler.growthFactor = growthFactor->value();
    c.scaler.backoffFactor = backoffFactor->value();
    c.scaler.growthInterval = growthInterval->value();
    c.batchSize = batchSize->value();
    c.epochs = epochs->value();
    c.maxSteps = maxSteps->value();
    c.learningRate = learningRate->value();
    c.momentum = momentum->value();
    c.weightDecay = weightDecay->value();
    c.nesterov = nesterov->isChecked();
    c.schedule = static_cast<ampwb::LearningRateSchedule>(schedule->currentData().toInt());
    c.stepSize = stepSize->value();
    c.gamma = gamma->value();
    c.warmupEpochs = warmupEpochs->value();
    c.seed = static_cast<uint64_t>(seed->value());
    c.workers = workers->value();
    c.gradientStatsEvery = gradientStatsEvery->value();
    c.name = runName->text().trimmed().toStdString();
    startingWeights->applyTo(c);
    return c;
}

void TrainingConfigPanel::setConfig(const ampwb::TrainingConfig& c)
{
    const auto clampInt = [](int64_t value) {
        return static_cast<int>(std::clamp<int64_t>(value, 0, std::numeric_limits<int>::max()));
    };
    base = c;
    dataset->setSpec(c.dataset);
    imageSize->setValue(clampInt(c.imageSize));
    syntheticImages->setValue(clampInt(c.syntheticTrainSize));
    augment->setChecked(c.augment);
    validationLimit->setValue(clampInt(c.validationLimit));
    const int precisionIndex = precision->findData(
        precisionChoice(c.precision, c.precision == ampwb::Precision::Amp ? c.ampDtype : ampwb::AmpDtype::Auto));
    precision->setCurrentIndex(std::max(precisionIndex, 0));
    int policyIndex = policyChoice->findData(QStringLiteral("none"));
    if (c.precisionPolicy) {
        const std::string& name = c.precisionPolicy->name;
        const std::optional<ampwb::PrecisionPolicy> preset = ampwb::presetPrecisionPolicy(name);
        if (preset && *preset == *c.precisionPolicy) {
            policyIndex = policyChoice->findData(QString(kPresetKey) + QString::fromStdString(name));
        } else if (name == "x-ray") {
            xrayPolicy = c.precisionPolicy;
            policyIndex = policyItem(QStringLiteral("xray"), tr("From the X-ray tab"));
        } else {
            loadedPolicy = c.precisionPolicy;
            policyIndex = policyItem(QStringLiteral("loaded"), tr("Policy \"%1\"").arg(QString::fromStdString(name)));
        }
    }
    policyChoice->setCurrentIndex(policyIndex);
    const int deviceIndex = device->findData(QString::fromStdString(c.device));
    device->setCurrentIndex(deviceIndex >= 0 ? deviceIndex : 0);
    channelsLast->setChecked(c.channelsLast);
    stockLibtorch->setChecked(c.enginePaths.isStock());
    lossScaling->setCurrentIndex(lossScaling->findData(static_cast<int>(c.lossScaling)));
    initScale->setValue(c.scaler.initScale);
    growthFactor->setValue(c.scaler.growthFactor);
    backoffFactor->setValue(c.scaler.backoffFactor);
    growthInterval->setValue(clampInt(c.scaler.growthInterval));
    batchSize->setValue(clampInt(c.batchSize));
    epochs->setValue(clampInt(c.epochs));
    maxSteps->setValue(clampInt(c.maxSteps));
    learningRate->setValue(c.learningRate);
    momentum->setValue(c.momentum);
    weightDecay->setValue(c.weightDecay);
    nesterov->setChecked(c.nesterov);
    schedule->setCurrentIndex(schedule->findData(static_cast<int>(c.schedule)));
    stepSize->setValue(clampInt(c.stepSize));
    gamma->setValue(c.gamma);
    warmupEpochs->setValue(c.warmupEpochs);
    seed->setValue(clampInt(static_cast<int64_t>(c.seed)));
    workers->setValue(c.workers);
    gradientStatsEvery->setValue(clampInt(c.gradientStatsEvery));
    runName->setText(QString::fromStdString(c.name));
    startingWeights->setFrom(c);
    onChanged();
}

QStringList TrainingConfigPanel::findProblems() const
{
    QStringList found;
    const QString datasetProblem = dataset->problem();
    if (!datasetProblem.isEmpty())
        found << datasetProblem;
    const QString weightsProblem = startingWeights->problem();
    if (!weightsProblem.isEmpty())
        found << weightsProblem;
    ampwb::TrainingConfig c = config();
    if (c.runsDirectory.empty())
        c.runsDirectory = "runs";
    for (const ampwb::EngineMessage& problem : ampwb::validationProblems(c)) {
        if (problem.code() != ampwb::EngineMessage::Code::ChooseDataset || datasetProblem.isEmpty())
            found << EngineText::render(problem);
    }
    return found;
}

void TrainingConfigPanel::onChanged()
{
    updateEnabledFields();
    currentProblems = findProblems();
    const QStringList& found = currentProblems;
    QString html;
    for (const QString& problem : found)
        html += QStringLiteral("<p style='margin:2px 0'>⚠ ") + problem.toHtmlEscaped() + QStringLiteral("</p>");
    problemsLabel->setText(html);
    problemsLabel->setVisible(!found.isEmpty());
    Q_EMIT changed();
    if (found.isEmpty() != wasValid) {
        wasValid = found.isEmpty();
        Q_EMIT validityChanged(wasValid);
    }
}

void TrainingConfigPanel::updateEnabledFields()
{
    syntheticImages->setEnabled(dataset->isSynthetic());
    startingWeights->setImageSize(imageSize->value());
    const bool stepSchedule = static_cast<ampwb::LearningRateSchedule>(schedule->currentData().toInt())
                           == ampwb::LearningRateSchedule::Step;
    stepSize->setEnabled(stepSchedule);
    gamma->setEnabled(stepSchedule);
    const bool scalingOff = static_cast<ampwb::LossScaling>(lossScaling->currentData().toInt())
                         == ampwb::LossScaling::Off;
    for (QWidget* field : std::initializer_list<QWidget*>{initScale, growthFactor, backoffFactor, growthInterval})
        field->setEnabled(!scalingOff);
    groupTimeout->setEnabled(processCount->value() > 1);
    const std::optional<ampwb::PrecisionPolicy> policy = precisionPolicy();
    policyLabel->setVisible(policy.has_value());
    bool namesAmp = policy && policy->otherwise == ampwb::ModulePrecision::Amp;
    if (policy)
        for (const auto& [path, named] : policy->modules)
            namesAmp = namesAmp || named == ampwb::ModulePrecision::Amp;
    precision->setEnabled(!policy || namesAmp);
    if (!policy) {
        precision->setToolTip(precisionToolTip);
        return;
    }
    policyLabel->setText(tr("Active precision policy: %1").arg(PolicyText::summarize(*policy)));
    policyLabel->setToolTip(PolicyText::describe(*policy));
    precision->setToolTip(namesAmp ? tr("The precision policy decides each module's precision; this chooses only "
                                        "what its \"amp\" parts compute in")
                                   : tr("The precision policy decides each module's precision: it has no \"amp\" "
                                        "part for this choice to set"));
}
