#include "train/StartingWeightsPicker.h"

#include "DisplayFormat.h"
#include "EngineText.h"
#include "modelfiles/StartingWeights.h"
#include "modelfiles/TorchHubWeights.h"
#include "modelfiles/WeightsDownload.h"
#include "train/WeightsDownloader.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

namespace {

/// The size torchvision's ImageNet weights were trained at.
constexpr int kImageNetImageSize = 224;

QString imageNetFile()
{
    const auto found = ampwb::findTorchvisionResNet18Weights();
    return found ? QString::fromStdString(*found) : QString();
}

QHBoxLayout* row(std::initializer_list<QWidget*> widgets)
{
    auto* layout = new QHBoxLayout;
    layout->setContentsMargins(0, 0, 0, 0);
    for (QWidget* widget : widgets)
        layout->addWidget(widget, widget == *widgets.begin() ? 1 : 0);
    return layout;
}

} // namespace

StartingWeightsPicker::StartingWeightsPicker(QWidget* parent)
    : QWidget(parent)
    , startBox(new QComboBox(this))
    , fileEdit(new QLineEdit(this))
    , fileButton(new QToolButton(this))
    , folderButton(new QToolButton(this))
    , imageNetStatus(new QLabel(this))
    , downloadButton(new QPushButton(tr("Download…"), this))
    , downloadProgress(new QProgressBar(this))
    , cancelButton(new QPushButton(tr("Cancel"), this))
    , newHead(new QCheckBox(tr("Always use a new head"), this))
    , freezeBackbone(new QCheckBox(tr("Train only the new head"), this))
    , backboneLearningRateScale(new QDoubleSpinBox(this))
    , imageSizeWarning(new QLabel(this))
    , downloader(new WeightsDownloader(this))
    , downloadUrl(QString::fromLatin1(ampwb::kTorchvisionResNet18Url))
{
    startBox->setObjectName(QStringLiteral("startFrom"));
    startBox->addItem(tr("Random weights"), Random);
    startBox->addItem(tr("ImageNet (torchvision's ResNet-18)"), ImageNet);
    startBox->addItem(tr("Weights file or run folder…"), File);
    startBox->setItemData(0, tr("Train from scratch, as torchvision initialises a new ResNet-18"), Qt::ToolTipRole);
    startBox->setItemData(1,
                          tr("Fine-tune torchvision's ImageNet weights (resnet18-f37072fd.pth): the head is "
                             "replaced by a new one for your classes"),
                          Qt::ToolTipRole);
    startBox->setItemData(2,
                          tr("A .pth state dict in torchvision's format, an exported model, or a run folder or its "
                             "checkpoint.pt; a head for another class count is replaced"),
                          Qt::ToolTipRole);
    fileEdit->setObjectName(QStringLiteral("weightsFile"));
    fileEdit->setPlaceholderText(tr(".pth file or run folder"));
    fileEdit->setToolTip(tr("A .pth state dict in torchvision's format, an exported model, or a run folder or its "
                            "checkpoint.pt"));
    fileButton->setText(tr("File…"));
    fileButton->setToolTip(tr("Choose a weights file"));
    folderButton->setText(tr("Run…"));
    folderButton->setToolTip(tr("Choose a run folder"));
    imageNetStatus->setObjectName(QStringLiteral("imageNetStatus"));
    imageNetStatus->setWordWrap(true);
    // Addresses and folders as links that wrap after a '/' (the dock is narrow) and open or copy whole.
    imageNetStatus->setTextFormat(Qt::RichText);
    imageNetStatus->setTextInteractionFlags(Qt::TextBrowserInteraction);
    imageNetStatus->setOpenExternalLinks(true);
    downloadButton->setObjectName(QStringLiteral("downloadWeights"));
    downloadButton->setToolTip(tr("Fetch resnet18-f37072fd.pth (45 MB) from download.pytorch.org into the torch hub "
                                  "cache, where Python's torchvision finds it too"));
    downloadProgress->setObjectName(QStringLiteral("downloadProgress"));
    cancelButton->setObjectName(QStringLiteral("cancelDownload"));
    newHead->setObjectName(QStringLiteral("newHead"));
    newHead->setToolTip(tr("A head for another class count is always replaced. With the same count the file's head "
                           "is kept, to continue training it; tick this when your classes are other ones"));
    freezeBackbone->setObjectName(QStringLiteral("freezeBackbone"));
    freezeBackbone->setToolTip(tr("Feature extraction: the pretrained layers and their batch-norm statistics stay as "
                                  "loaded and only the new head learns, which makes each step much cheaper"));
    backboneLearningRateScale->setObjectName(QStringLiteral("backboneLearningRateScale"));
    backboneLearningRateScale->setRange(0.001, 1.0);
    backboneLearningRateScale->setDecimals(3);
    backboneLearningRateScale->setSingleStep(0.1);
    backboneLearningRateScale->setPrefix(QStringLiteral("× "));
    backboneLearningRateScale->setToolTip(
        tr("The pretrained layers learn at this fraction of the learning rate, the new head at the full rate"));
    imageSizeWarning->setObjectName(QStringLiteral("imageSizeWarning"));
    imageSizeWarning->setWordWrap(true);
    imageSizeWarning->setStyleSheet(QStringLiteral("QLabel { color: #8a5a00; }"));

    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("Start from:"), startBox);
    // The path on a line of its own: beside its buttons the field had some 90 px in the panel.
    auto* fileChoice = new QVBoxLayout;
    fileChoice->addWidget(fileEdit);
    QHBoxLayout* fileButtons = row({fileButton, folderButton});
    fileButtons->addStretch();
    fileChoice->addLayout(fileButtons);
    form->addRow(QString(), fileChoice);
    form->addRow(QString(), imageNetStatus);
    QHBoxLayout* downloadRow = row({downloadProgress, downloadButton, cancelButton});
    downloadRow->addStretch(); // takes the room the progress bar leaves while none runs
    form->addRow(QString(), downloadRow);
    form->addRow(QString(), newHead);
    form->addRow(QString(), freezeBackbone);
    form->addRow(tr("Backbone learning rate:"), backboneLearningRateScale);
    form->addRow(QString(), imageSizeWarning);

    const auto choiceChanged = [this] {
        updateFields();
        Q_EMIT changed();
    };
    connect(startBox, &QComboBox::currentIndexChanged, this, choiceChanged);
    connect(fileEdit, &QLineEdit::textChanged, this, &StartingWeightsPicker::changed);
    connect(fileButton, &QToolButton::clicked, this, &StartingWeightsPicker::browseFile);
    connect(folderButton, &QToolButton::clicked, this, &StartingWeightsPicker::browseFolder);
    connect(newHead, &QCheckBox::toggled, this, &StartingWeightsPicker::changed);
    connect(freezeBackbone, &QCheckBox::toggled, this, choiceChanged);
    connect(backboneLearningRateScale, &QDoubleSpinBox::valueChanged, this, &StartingWeightsPicker::changed);
    connect(downloadButton, &QPushButton::clicked, this, &StartingWeightsPicker::download);
    connect(cancelButton, &QPushButton::clicked, downloader, &WeightsDownloader::cancel);
    connect(downloader, &WeightsDownloader::progressed, this, [this](qint64 received, qint64 total) {
        const auto megabytes = [](qint64 bytes) { return QString::number(bytes / 1e6, 'f', 1); };
        downloadProgress->setRange(0, total > 0 ? 1000 : 0);
        downloadProgress->setValue(total > 0 ? static_cast<int>(received * 1000 / total) : 0);
        downloadProgress->setFormat(total > 0 ? tr("%1 of %2 MB").arg(megabytes(received), megabytes(total))
                                              : tr("%1 MB").arg(megabytes(received)));
    });
    connect(downloader, &WeightsDownloader::finished, this, &StartingWeightsPicker::onDownloadFinished);
    updateFields();
}

StartingWeightsPicker::Start StartingWeightsPicker::start() const
{
    return static_cast<Start>(startBox->currentData().toInt());
}

void StartingWeightsPicker::applyTo(ampwb::TrainingConfig& config) const
{
    switch (start()) {
    case Random: config.initWeights.clear(); break;
    case ImageNet: config.initWeights = "imagenet"; break;
    case File: {
        const QString file = fileEdit->text().trimmed();
        config.initWeights = file.isEmpty() ? std::string() : QDir::cleanPath(file).toStdString();
        break;
    }
    }
    config.newHead = start() != Random && newHead->isChecked();
    config.freezeBackbone = start() != Random && freezeBackbone->isChecked();
    config.backboneLearningRateScale = backboneLearningRateScale->value();
}

void StartingWeightsPicker::setFrom(const ampwb::TrainingConfig& config)
{
    const QSignalBlocker blocker(startBox);
    if (config.initWeights.empty()) {
        startBox->setCurrentIndex(startBox->findData(Random));
    } else if (ampwb::namesImageNetWeights(config.initWeights)) {
        startBox->setCurrentIndex(startBox->findData(ImageNet));
    } else {
        startBox->setCurrentIndex(startBox->findData(File));
        fileEdit->setText(QString::fromStdString(config.initWeights));
    }
    newHead->setChecked(config.newHead);
    freezeBackbone->setChecked(config.freezeBackbone);
    backboneLearningRateScale->setValue(config.backboneLearningRateScale);
    updateFields();
    Q_EMIT changed();
}

QString StartingWeightsPicker::problem() const
{
    switch (start()) {
    case Random: return {};
    case ImageNet:
        if (imageNetFile().isEmpty())
            return tr("The ImageNet weights are not in the torch hub cache yet: click Download… (or run "
                      "amp-workbench-cli weights fetch imagenet), or start from another file.");
        return {};
    case File: break;
    }
    const QString file = fileEdit->text().trimmed();
    if (file.isEmpty())
        return tr("Choose the weights file or run folder to start from.");
    if (!QFileInfo::exists(file))
        return tr("The weights file or folder %1 does not exist.").arg(QDir::toNativeSeparators(file));
    return {};
}

void StartingWeightsPicker::setImageSize(int size)
{
    imageSize = size;
    updateFields();
}

void StartingWeightsPicker::setDownloadUrl(const QString& url)
{
    downloadUrl = url;
}

void StartingWeightsPicker::browseFile()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("Starting weights"), fileEdit->text(),
                                                      tr("Weights (*.pth *.pt);;All files (*)"));
    if (!file.isEmpty())
        fileEdit->setText(file);
}

void StartingWeightsPicker::browseFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Run folder to start from"), fileEdit->text());
    if (!folder.isEmpty())
        fileEdit->setText(folder);
}

void StartingWeightsPicker::download()
{
    std::string destination;
    try {
        destination = ampwb::torchvisionResNet18DownloadPath();
    } catch (const std::exception& error) {
        downloadError = EngineText::describe(error);
        updateFields();
        return;
    }
    downloadError.clear();
    downloadProgress->setRange(0, 0);
    downloadProgress->setFormat(QString());
    downloader->start(downloadUrl, QString::fromStdString(destination));
    updateFields();
}

void StartingWeightsPicker::onDownloadFinished(const QString& error, bool cancelled)
{
    downloadError = cancelled ? tr("Download cancelled; nothing was saved.") : error;
    updateFields();
    Q_EMIT changed();
}

void StartingWeightsPicker::updateFields()
{
    auto* form = static_cast<QFormLayout*>(layout());
    const Start chosen = start();
    const bool downloading = downloader->isRunning();
    const QString found = imageNetFile();
    form->setRowVisible(1, chosen == File);
    form->setRowVisible(2, chosen == ImageNet);
    form->setRowVisible(3, chosen == ImageNet && (downloading || found.isEmpty()));
    downloadProgress->setVisible(downloading);
    cancelButton->setVisible(downloading);
    if (chosen == ImageNet) {
        const bool failed = !downloadError.isEmpty() && found.isEmpty();
        if (downloading)
            imageNetStatus->setText(DisplayFormat::withBreakableLinks(tr("Downloading from %1 …").arg(downloadUrl)));
        else if (!found.isEmpty())
            imageNetStatus->setText(
                DisplayFormat::withBreakableLinks(tr("Found: %1").arg(QDir::toNativeSeparators(found))));
        else
            imageNetStatus->setText(
                DisplayFormat::withBreakableLinks(failed ? downloadError : tr("Not in the torch hub cache yet.")));
        imageNetStatus->setStyleSheet(failed && !downloading ? QStringLiteral("QLabel { color: #b3261e; }")
                                                             : QString());
        downloadButton->setVisible(found.isEmpty() && !downloading);
    }
    newHead->setEnabled(chosen != Random);
    freezeBackbone->setEnabled(chosen != Random);
    backboneLearningRateScale->setEnabled(chosen != Random && !freezeBackbone->isChecked());
    const bool smallForImageNet = chosen == ImageNet && imageSize > 0 && imageSize < kImageNetImageSize;
    imageSizeWarning->setText(tr("The ImageNet weights were trained on %1 px images; at %2 px their features fit "
                                 "less well and accuracy will suffer.")
                                  .arg(kImageNetImageSize)
                                  .arg(imageSize));
    form->setRowVisible(imageSizeWarning, smallForImageNet);
}
