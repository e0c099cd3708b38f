#include "classify/ClassifyTab.h"

#include "AppSettings.h"
#include "classify/ClassificationDelegate.h"
#include "classify/ClassificationWorker.h"
#include "classify/ClassifiedImageList.h"
#include "classify/DroppedImages.h"
#include "model/Classifier.h"
#include "EngineController.h"
#include "EngineText.h"
#include "classify/ModelServer.h"
#include "modelfiles/TorchHubWeights.h"

#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QMimeData>
#include <QPushButton>
#include <QShortcut>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

#include <algorithm>

namespace {

constexpr int kChoiceRole = Qt::UserRole;     ///< a model item's ModelChoice::toSetting()
constexpr int kActionRole = Qt::UserRole + 1; ///< the dialog an item opens instead
const QString kPickCheckpoint = QStringLiteral("pick-checkpoint");
const QString kImportStateDict = QStringLiteral("import-pth");
const QString kServeHost = QStringLiteral("127.0.0.1"); ///< this computer only

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
    return ClassifyTab::tr("Run %1").arg(name);
}

} // namespace

ClassifyTab::ClassifyTab(EngineController& engine, QWidget* parent)
    : QWidget(parent)
    , worker(new ClassificationWorker(this))
    , server(new ModelServer(this))
    , imageList(new ClassifiedImageList(this))
    , choice(ModelChoice::fromSetting(AppSettings::classifyModel()))
{
    setAcceptDrops(true);

    modelCombo = new QComboBox;
    modelCombo->setObjectName(QStringLiteral("classifyModel"));
    modelCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    modelCombo->setMinimumContentsLength(24);
    precisionCombo = new QComboBox;
    precisionCombo->setObjectName(QStringLiteral("classifyPrecision"));
    precisionCombo->addItem(QStringLiteral("fp32"), static_cast<int>(ampwb::InferencePrecision::Fp32));
    precisionCombo->addItem(QStringLiteral("bf16"), static_cast<int>(ampwb::InferencePrecision::Bf16));
    if (!ampwb::Classifier::bf16Recommended()) {
        QStandardItem* bf16 = qobject_cast<QStandardItemModel*>(precisionCombo->model())->item(1);
        bf16->setEnabled(false);
        bf16->setToolTip(tr("This CPU has no bf16 units (AVX512-BF16 or AMX), so bf16 would be slower than fp32."));
        precisionCombo->setToolTip(bf16->toolTip());
    }
    auto* addButton = new QPushButton(tr("Add images…"));
    addButton->setObjectName(QStringLiteral("addImages"));
    auto* pasteButton = new QPushButton(tr("Paste"));
    pasteButton->setObjectName(QStringLiteral("pasteImages"));
    pasteButton->setToolTip(tr("Add the image or image files on the clipboard (Ctrl+V)"));
    clearButton = new QPushButton(tr("Clear"));
    clearButton->setObjectName(QStringLiteral("clearImages"));
    serveToggle = new QPushButton(tr("Serve this model"));
    serveToggle->setObjectName(QStringLiteral("serveModel"));
    serveToggle->setCheckable(true);
    serveToggle->setToolTip(tr("Serve this model over HTTP on this computer: a web page to try it in a browser and "
                               "an API for scripts. The port is in Settings."));
    if (!ModelServer::isAvailable()) {
        serveToggle->setEnabled(false);
        serveToggle->setToolTip(ModelServer::unavailableReason());
    }

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Model:")));
    controls->addWidget(modelCombo);
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("Precision:")));
    controls->addWidget(precisionCombo);
    controls->addSpacing(12);
    controls->addWidget(serveToggle);
    controls->addStretch(1);
    controls->addWidget(addButton);
    controls->addWidget(pasteButton);
    controls->addWidget(clearButton);

    modelLabel = new QLabel;
    modelLabel->setObjectName(QStringLiteral("classifyModelStatus"));
    modelLabel->setWordWrap(true);
    modelLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);

    serveLabel = new QLabel;
    serveLabel->setObjectName(QStringLiteral("serveStatus"));
    serveLabel->setWordWrap(true);
    serveLabel->setTextFormat(Qt::RichText);
    serveLabel->setOpenExternalLinks(true);
    serveLabel->setTextInteractionFlags(Qt::TextBrowserInteraction);
    copyUrlButton = new QPushButton(tr("Copy URL"));
    copyUrlButton->setObjectName(QStringLiteral("copyServeUrl"));
    auto* serveRow = new QHBoxLayout;
    serveRow->addWidget(serveLabel, 1);
    serveRow->addWidget(copyUrlButton);
    showNotServing();

    auto* hint = new QLabel(tr("Drop image files or folders here, paste an image (Ctrl+V), or click “Add images…”.\n"
                               "Each image is shown with its five most likely classes and how long it took."));
    hint->setAlignment(Qt::AlignCenter);
    hint->setWordWrap(true);
    hint->setFrameShape(QFrame::StyledPanel);
    view = new QListView;
    view->setObjectName(QStringLiteral("classifiedImages"));
    view->setModel(imageList);
    view->setItemDelegate(new ClassificationDelegate(view));
    view->setUniformItemSizes(true);
    view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    pages = new QStackedWidget;
    pages->addWidget(hint);
    pages->addWidget(view);

    summaryLabel = new QLabel;
    summaryLabel->setObjectName(QStringLiteral("classifySummary"));

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(modelLabel);
    layout->addLayout(serveRow);
    layout->addWidget(pages, 1);
    layout->addWidget(summaryLabel);

    fillModelSelector();
    connect(modelCombo, &QComboBox::activated, this, &ClassifyTab::onModelActivated);
    connect(precisionCombo, &QComboBox::currentIndexChanged, this, [this] {
        if (generation >= 0)
            loadModel();
    });
    connect(addButton, &QPushButton::clicked, this, &ClassifyTab::addFilesFromDialog);
    connect(pasteButton, &QPushButton::clicked, this, &ClassifyTab::paste);
    connect(clearButton, &QPushButton::clicked, this, &ClassifyTab::clear);
    connect(serveToggle, &QPushButton::clicked, this, [this](bool checked) {
        if (!checked) {
            if (server->isActive())
                serveLabel->setText(tr("Stopping the service after the requests in flight…"));
            server->stop();
        } else if (generation < 0) {
            loadModel();  // serves the model once chosen
        } else {
            serveModel();
        }
    });
    connect(server, &ModelServer::started, this, &ClassifyTab::showServing);
    connect(server, &ModelServer::failed, this, &ClassifyTab::showServeProblem);
    connect(server, &ModelServer::stopped, this, &ClassifyTab::showNotServing);
    connect(copyUrlButton, &QPushButton::clicked, this,
            [this] { QGuiApplication::clipboard()->setText(server->url()); });
    auto* pasteShortcut = new QShortcut(QKeySequence::Paste, this);
    pasteShortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(pasteShortcut, &QShortcut::activated, this, &ClassifyTab::paste);
    connect(worker, &ClassificationWorker::modelLoaded, this, &ClassifyTab::onModelLoaded);
    connect(worker, &ClassificationWorker::resultsArrived, this, &ClassifyTab::onResults);
    connect(&engine, &EngineController::workFinished, this, [this] {
        // A new run may now be the latest one.
        if (generation >= 0 && choice.kind == ModelChoice::Kind::LatestRun
            && choice.modelName(AppSettings::runsDirectory(), nullptr) != requestedModel)
            loadModel();
    });
    updateSummary();
}

void ClassifyTab::addUrls(const QList<QUrl>& urls)
{
    std::vector<ClassificationRequest> requests;
    for (const DroppedUrl& dropped : readDroppedUrls(urls)) {
        if (dropped.kind == DroppedUrl::Kind::NotLocal) {
            const QString url = dropped.url.toDisplayString();
            imageList->addFailure(url, tr("Only files on this computer can be classified, not %1.").arg(url));
        } else if (dropped.kind == DroppedUrl::Kind::Folder && dropped.files.isEmpty()) {
            imageList->addFailure(QFileInfo(dropped.path).fileName(),
                                  tr("The folder %1 holds no images (.jpg, .jpeg, .png, .bmp or .webp).").arg(dropped.path));
        }
        for (const QString& file : dropped.files)
            requests.push_back(imageList->addFile(file));
    }
    submit(std::move(requests));
}

bool ClassifyTab::paste()
{
    const QMimeData* data = QGuiApplication::clipboard()->mimeData();
    if (data && addMimeData(*data))
        return true;
    summaryLabel->setText(tr("The clipboard holds no image and no image file."));
    return false;
}

bool ClassifyTab::addMimeData(const QMimeData& data)
{
    const DroppedImages dropped = readDroppedImages(data);
    if (!dropped.urls.isEmpty()) {
        addUrls(dropped.urls);
        return true;
    }
    if (dropped.image.isNull())
        return false;
    submit({imageList->addImage(dropped.image, tr("Pasted image %1").arg(++pastedImages))});
    return true;
}

void ClassifyTab::addFilesFromDialog()
{
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Add images"), QStandardPaths::writableLocation(QStandardPaths::PicturesLocation),
        tr("Images (*.jpg *.jpeg *.png *.bmp *.webp *.tif *.tiff);;All files (*)"));
    QList<QUrl> urls;
    for (const QString& file : files)
        urls << QUrl::fromLocalFile(file);
    addUrls(urls);
}

void ClassifyTab::submit(std::vector<ClassificationRequest> requests)
{
    if (!requests.empty())
        worker->classify(std::move(requests));
    if (generation < 0)
        loadModel();
    updateSummary();
}

void ClassifyTab::clear()
{
    worker->cancelQueued();
    imageList->clear();
    updateSummary();
}

void ClassifyTab::setModelChoice(const ModelChoice& chosen)
{
    choice = chosen;
    AppSettings::setClassifyModel(choice.toSetting());
    fillModelSelector();
    loadModel();
}

QString ClassifyTab::modelStatus() const
{
    return modelLabel->text();
}

void ClassifyTab::fillModelSelector()
{
    const QSignalBlocker blocker(modelCombo);
    modelCombo->clear();
    modelCombo->addItem(tr("Latest run"), ModelChoice::latestRun().toSetting());
    modelCombo->setItemData(0, tr("The newest run in the runs folder that has a checkpoint"), Qt::ToolTipRole);
    const std::optional<std::string> torchvision = ampwb::findTorchvisionResNet18Weights();
    if (torchvision || choice.kind == ModelChoice::Kind::Torchvision) {
        modelCombo->addItem(tr("torchvision ImageNet weights"), ModelChoice::torchvision().toSetting());
        modelCombo->setItemData(modelCombo->count() - 1,
                                torchvision ? QString::fromStdString(*torchvision)
                                            : tr("%1 is not in the torch hub cache").arg(QLatin1String(ampwb::kTorchvisionResNet18FileName)),
                                Qt::ToolTipRole);
    }
    if (choice.kind == ModelChoice::Kind::File) {
        modelCombo->addItem(fileChoiceLabel(choice.path), choice.toSetting());
        modelCombo->setItemData(modelCombo->count() - 1, choice.path, Qt::ToolTipRole);
    }
    modelCombo->insertSeparator(modelCombo->count());
    modelCombo->addItem(tr("Run's checkpoint…"));
    modelCombo->setItemData(modelCombo->count() - 1, kPickCheckpoint, kActionRole);
    modelCombo->addItem(tr("Import .pth…"));
    modelCombo->setItemData(modelCombo->count() - 1, kImportStateDict, kActionRole);
    modelCombo->setCurrentIndex(std::max(0, modelCombo->findData(choice.toSetting(), kChoiceRole)));
}

void ClassifyTab::onModelActivated(int index)
{
    const QString action = modelCombo->itemData(index, kActionRole).toString();
    if (action == kPickCheckpoint)
        pickRunCheckpoint();
    else if (action == kImportStateDict)
        importStateDict();
    else
        setModelChoice(ModelChoice::fromSetting(modelCombo->itemData(index, kChoiceRole).toString()));
}

void ClassifyTab::pickRunCheckpoint()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("Choose a run's checkpoint"), AppSettings::runsDirectory(),
                                                      tr("Run checkpoints (checkpoint.pt)"));
    if (file.isEmpty())
        fillModelSelector();  // back to the model in use
    else
        setModelChoice(ModelChoice::file(file));
}

void ClassifyTab::importStateDict()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("Import a ResNet-18 state dict"),
                                                      QStandardPaths::writableLocation(QStandardPaths::HomeLocation),
                                                      tr("PyTorch state dicts (*.pth *.pt);;All files (*)"));
    if (file.isEmpty())
        fillModelSelector();
    else
        setModelChoice(ModelChoice::file(file));
}

void ClassifyTab::loadModel()
{
    modelReady = false;
    QString problem;
    requestedModel = choice.modelName(AppSettings::runsDirectory(), &problem);
    const auto precision = static_cast<ampwb::InferencePrecision>(precisionCombo->currentData().toInt());
    generation = worker->loadModel(requestedModel, precision);
    if (requestedModel.isEmpty()) {
        showModelProblem(problem);
    } else {
        modelLabel->setStyleSheet(QString());
        modelLabel->setText(tr("Loading %1…").arg(QDir::toNativeSeparators(requestedModel)));
    }
    if (serveToggle->isChecked())
        serveModel();
    updateSummary();
}

void ClassifyTab::onModelLoaded(const ModelLoadResult& result)
{
    if (result.generation != generation)
        return;
    if (!result.loaded) {
        if (!result.error.isEmpty())
            showModelProblem(tr("The model could not be loaded: %1").arg(EngineText::translate(result.error)));
        return;
    }
    modelReady = true;
    modelLabel->setStyleSheet(QString());
    modelLabel->setText(tr("%1 · %2 on the CPU").arg(EngineText::translate(result.description), precisionCombo->currentText()));
    if (imageList->count(ClassifiedImageList::State::Waiting) != imageList->rowCount()) {
        // Shown results came from another model: classify everything again.
        worker->cancelQueued();
        worker->classify(imageList->requestsForAll());
    }
    updateSummary();
}

void ClassifyTab::onResults(const std::vector<ClassificationResult>& results)
{
    std::vector<ClassificationResult> current;
    for (const ClassificationResult& result : results) {
        if (result.modelGeneration == generation)
            current.push_back(result);
    }
    imageList->apply(current);
    updateSummary();
}

void ClassifyTab::showModelProblem(const QString& problem)
{
    modelLabel->setStyleSheet(QStringLiteral("color: #c02020;"));
    modelLabel->setText(problem);
}

QString ClassifyTab::serveStatus() const
{
    return QTextDocumentFragment::fromHtml(serveLabel->text()).toPlainText();
}

void ClassifyTab::serveModel()
{
    if (requestedModel.isEmpty()) {
        server->stop();
        showServeProblem(modelStatus());
        return;
    }
    serveFailed = false;
    const QString model = QDir::toNativeSeparators(requestedModel).toHtmlEscaped();
    serveLabel->setText(server->isActive() ? tr("The model changed: restarting the service on %1…").arg(model)
                                           : tr("Starting the service on %1…").arg(model));
    serveLabel->setStyleSheet(QString());
    serveLabel->show();
    copyUrlButton->hide();
    const auto precision = static_cast<ampwb::InferencePrecision>(precisionCombo->currentData().toInt());
    server->start(requestedModel, precision, kServeHost, AppSettings::servePort());
}

void ClassifyTab::showServing(const QString& url)
{
    const QString link = QStringLiteral("<a href=\"%1\">%1</a>").arg(url.toHtmlEscaped());
    serveLabel->setText(tr("Serving at %1: a web page to try the model, and an HTTP API for scripts (this computer "
                           "only).")
                            .arg(link));
    copyUrlButton->show();
}

void ClassifyTab::showServeProblem(const QString& problem)
{
    serveFailed = true;
    serveToggle->setChecked(false);
    serveLabel->setStyleSheet(QStringLiteral("color: #c02020;"));
    serveLabel->setText(tr("Not serving: %1").arg(problem.toHtmlEscaped()));
    serveLabel->show();
    copyUrlButton->hide();
}

void ClassifyTab::showNotServing()
{
    serveToggle->setChecked(false);
    copyUrlButton->hide();
    if (!serveFailed) {
        serveLabel->clear();
        serveLabel->hide();
    }
}

void ClassifyTab::updateSummary()
{
    const int rows = imageList->rowCount();
    pages->setCurrentIndex(rows > 0 ? 1 : 0);
    clearButton->setEnabled(rows > 0);
    if (rows == 0) {
        summaryLabel->clear();
        return;
    }
    QStringList parts{tr("%1 images").arg(rows),
                      tr("%1 classified").arg(imageList->count(ClassifiedImageList::State::Classified))};
    if (const int failed = imageList->count(ClassifiedImageList::State::Failed))
        parts << tr("%1 could not be read").arg(failed);
    if (const int waiting = imageList->count(ClassifiedImageList::State::Waiting))
        parts << (modelReady ? tr("%1 waiting").arg(waiting) : tr("%1 waiting for a model").arg(waiting));
    summaryLabel->setText(parts.join(QStringLiteral(" · ")));
}

void ClassifyTab::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (generation < 0)
        loadModel();
}

void ClassifyTab::dragEnterEvent(QDragEnterEvent* event)
{
    if (mayHoldImages(*event->mimeData()))
        event->acceptProposedAction();
}

void ClassifyTab::dragMoveEvent(QDragMoveEvent* event)
{
    event->acceptProposedAction();
}

void ClassifyTab::dropEvent(QDropEvent* event)
{
    if (addMimeData(*event->mimeData()))
        event->acceptProposedAction();
}
