#include "classify/ModelSelector.h"

#include "AppSettings.h"
#include "classify/ClassificationWorker.h"
#include "classify/RunCheckpointDialog.h"
#include "model/Classifier.h"
#include "modelfiles/TorchHubWeights.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QStandardItemModel>
#include <QStandardPaths>

#include <algorithm>

namespace {

constexpr int kChoiceRole = Qt::UserRole;     ///< a model item's ModelChoice::toSetting()
constexpr int kActionRole = Qt::UserRole + 1; ///< the dialog an item opens instead
const QString kPickCheckpoint = QStringLiteral("pick-checkpoint");
const QString kImportStateDict = QStringLiteral("import-pth");

/// How the selector names a model file: "Run NAME" for a run's checkpoint (NAME as the Runs
/// tab shows it, e.g. "pair/amp" inside a comparison), else the file name.
QString fileChoiceLabel(const QString& path)
{
    const QFileInfo file(path);
    if (file.fileName() != QLatin1String("checkpoint.pt"))
        return file.fileName();
    const QDir run = file.dir();
    QString name = run.dirName();
    const QFileInfo parent(QFileInfo(run.absolutePath()).absolutePath());
    if (parent.canonicalFilePath() != QFileInfo(AppSettings::runsDirectory()).canonicalFilePath())
        name = parent.fileName() + QLatin1Char('/') + name;
    return ModelSelector::tr("Run %1").arg(name);
}

} // namespace

ModelSelector::ModelSelector(ClassificationWorker& worker, QWidget* parent)
    : QWidget(parent)
    , worker(worker)
    , modelChoice(ModelChoice::fromSetting(AppSettings::classifyModel()))
{
    modelComboBox = new QComboBox;
    modelComboBox->setObjectName(QStringLiteral("classifyModel"));
    modelComboBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    modelComboBox->setMinimumContentsLength(24);
    precisionComboBox = new QComboBox;
    precisionComboBox->setObjectName(QStringLiteral("classifyPrecision"));
    for (const auto precision : {ampwb::InferencePrecision::Fp32, ampwb::InferencePrecision::Bf16})
        precisionComboBox->addItem(QString::fromStdString(ampwb::toString(precision)), static_cast<int>(precision));
    if (!ampwb::Classifier::bf16Recommended()) {
        QStandardItem* bf16 = qobject_cast<QStandardItemModel*>(precisionComboBox->model())->item(1);
        bf16->setEnabled(false);
        bf16->setToolTip(tr("This CPU has no bf16 units (AVX512-BF16 or AMX), so bf16 would be slower than fp32."));
        precisionComboBox->setToolTip(bf16->toolTip());
    }

    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Model:")));
    row->addWidget(modelComboBox);
    row->addSpacing(12);
    row->addWidget(new QLabel(tr("Precision:")));
    row->addWidget(precisionComboBox);

    statusLineLabel = new QLabel;
    statusLineLabel->setObjectName(QStringLiteral("classifyModelStatus"));
    statusLineLabel->setWordWrap(true);
    statusLineLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);

    fillModels();
    connect(modelComboBox, &QComboBox::activated, this, &ModelSelector::onModelActivated);
    connect(precisionComboBox, &QComboBox::currentIndexChanged, this, [this] {
        if (loadRequested())
            load();
    });
    connect(&worker, &ClassificationWorker::modelLoaded, this, &ModelSelector::onModelLoaded);
}

void ModelSelector::setChoice(const ModelChoice& choice)
{
    modelChoice = choice;
    AppSettings::setClassifyModel(modelChoice.toSetting());
    fillModels();
    load();
}

QString ModelSelector::chosenModel(QString* problem) const
{
    return modelChoice.modelName(AppSettings::runsDirectory(), problem);
}

void ModelSelector::load()
{
    ready = false;
    QString problem;
    requestedModelName = chosenModel(&problem);
    requestedModelGeneration = worker.loadModel(requestedModelName, precision());
    if (requestedModelName.isEmpty()) {
        showModelProblem(problem);
    } else {
        statusLineLabel->setStyleSheet(QString());
        statusLineLabel->setText(tr("Loading %1…").arg(QDir::toNativeSeparators(requestedModelName)));
    }
    Q_EMIT loadStarted();
}

void ModelSelector::followLatestRun()
{
    if (loadRequested() && modelChoice.kind == ModelChoice::Kind::LatestRun
        && modelChoice.modelName(AppSettings::runsDirectory(), nullptr) != requestedModelName)
        load();
}

ampwb::InferencePrecision ModelSelector::precision() const
{
    return static_cast<ampwb::InferencePrecision>(precisionComboBox->currentData().toInt());
}

QString ModelSelector::status() const
{
    return statusLineLabel->text();
}

void ModelSelector::fillModels()
{
    const QSignalBlocker blocker(modelComboBox);
    modelComboBox->clear();
    modelComboBox->addItem(tr("Latest run"), ModelChoice::latestRun().toSetting());
    modelComboBox->setItemData(0, tr("The newest run in the runs folder that has a checkpoint"), Qt::ToolTipRole);
    const std::optional<std::string> torchvision = ampwb::findTorchvisionResNet18Weights();
    if (torchvision || modelChoice.kind == ModelChoice::Kind::Torchvision) {
        modelComboBox->addItem(tr("torchvision ImageNet weights"), ModelChoice::torchvision().toSetting());
        const QString missing =
            tr("%1 is not in the torch hub cache").arg(QLatin1String(ampwb::kTorchvisionResNet18FileName));
        modelComboBox->setItemData(modelComboBox->count() - 1,
                                   torchvision ? QString::fromStdString(*torchvision) : missing, Qt::ToolTipRole);
    }
    if (modelChoice.kind == ModelChoice::Kind::File) {
        modelComboBox->addItem(fileChoiceLabel(modelChoice.path), modelChoice.toSetting());
        modelComboBox->setItemData(modelComboBox->count() - 1, modelChoice.path, Qt::ToolTipRole);
    }
    modelComboBox->insertSeparator(modelComboBox->count());
    modelComboBox->addItem(tr("Run's checkpoint…"));
    modelComboBox->setItemData(modelComboBox->count() - 1, kPickCheckpoint, kActionRole);
    modelComboBox->addItem(tr("Import .pth…"));
    modelComboBox->setItemData(modelComboBox->count() - 1, kImportStateDict, kActionRole);
    modelComboBox->setCurrentIndex(std::max(0, modelComboBox->findData(modelChoice.toSetting(), kChoiceRole)));
}

void ModelSelector::onModelActivated(int index)
{
    const QString action = modelComboBox->itemData(index, kActionRole).toString();
    if (action == kPickCheckpoint)
        pickRunCheckpoint();
    else if (action == kImportStateDict)
        importStateDict();
    else
        setChoice(ModelChoice::fromSetting(modelComboBox->itemData(index, kChoiceRole).toString()));
}

void ModelSelector::pickRunCheckpoint()
{
    RunCheckpointDialog dialog(AppSettings::runsDirectory(), this);
    if (dialog.exec() == QDialog::Accepted && !dialog.checkpoint().isEmpty())
        setChoice(ModelChoice::file(dialog.checkpoint()));
    else
        fillModels(); // back to the model in use
}

void ModelSelector::importStateDict()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("Import a ResNet-18 state dict"),
                                                      QStandardPaths::writableLocation(QStandardPaths::HomeLocation),
                                                      tr("PyTorch state dicts (*.pth *.pt);;All files (*)"));
    if (file.isEmpty())
        fillModels();
    else
        setChoice(ModelChoice::file(file));
}

void ModelSelector::onModelLoaded(const ModelLoadResult& result)
{
    if (result.generation != requestedModelGeneration)
        return;
    if (!result.loaded) {
        if (!result.error.isEmpty())
            showModelProblem(tr("The model could not be loaded: %1").arg(result.error));
        return;
    }
    ready = true;
    statusLineLabel->setStyleSheet(QString());
    statusLineLabel->setText(tr("%1 · %2 on the CPU").arg(result.description, precisionComboBox->currentText()));
    Q_EMIT modelReady(result.learned);
}

void ModelSelector::showModelProblem(const QString& problem)
{
    statusLineLabel->setStyleSheet(QStringLiteral("color: #c02020;"));
    statusLineLabel->setText(problem);
}
