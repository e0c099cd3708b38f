#include "classify/ClassifyTab.h"

#include "EngineController.h"
#include "FlowLayout.h"
#include "classify/ClassificationWorker.h"
#include "classify/DroppedImages.h"
#include "classify/ImageListPanel.h"
#include "classify/ModelSelector.h"
#include "classify/ServingPanel.h"
#include "evaluation/EvaluationWindow.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

#include <vector>

ClassifyTab::ClassifyTab(EngineController& engine, QWidget* parent)
    : QWidget(parent)
    , worker(new ClassificationWorker(this))
    , modelSelector(new ModelSelector(*worker, this))
    , imagePanel(new ImageListPanel(*worker, this))
    , serving(new ServingPanel(*modelSelector, this))
    , evaluateButton(new QPushButton(tr("Evaluate on a folder…"), this))
{
    evaluateButton->setObjectName(QStringLiteral("evaluateOnFolder"));
    evaluateButton->setToolTip(tr("Evaluate this model on every image in a folder of class folders: confusion "
                                  "matrix, per-class results, the most confident mistakes"));
    setAcceptDrops(true);

    // On a narrow window the controls wrap onto a second line rather than lose their texts.
    auto* controls = new FlowLayout;
    controls->addWidget(modelSelector);
    controls->addWidget(&serving->serveButton());
    controls->addWidget(&imagePanel->actionButtons());

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    // The model's line, with what can be done with the model beside it (the controls row is full on a laptop).
    auto* modelLine = new QHBoxLayout;
    modelLine->addWidget(&modelSelector->statusLine(), 1);
    modelLine->addWidget(evaluateButton, 0, Qt::AlignTop);
    layout->addLayout(modelLine);
    layout->addWidget(serving);
    layout->addWidget(imagePanel, 1);

    auto* pasteShortcut = new QShortcut(QKeySequence::Paste, this);
    pasteShortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(pasteShortcut, &QShortcut::activated, imagePanel, &ImageListPanel::paste);
    connect(imagePanel, &ImageListPanel::imagesAdded, this, [this] {
        if (!modelSelector->loadRequested())
            modelSelector->load();
    });
    connect(modelSelector, &ModelSelector::loadStarted, imagePanel, [this] { imagePanel->setModelReady(false); });
    connect(modelSelector, &ModelSelector::modelReady, imagePanel,
            [this](const LearnedImages& learned) { imagePanel->setModelReady(true, learned); });
    connect(worker, &ClassificationWorker::resultsArrived, imagePanel,
            [this](const std::vector<ClassificationResult>& results) {
                imagePanel->showResults(results, modelSelector->modelGeneration());
            });
    connect(evaluateButton, &QPushButton::clicked, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Folder of class folders to evaluate on"));
        if (!folder.isEmpty())
            evaluateOnFolder(folder);
    });
    // A new run may now be the latest one.
    connect(&engine, &EngineController::workFinished, modelSelector, &ModelSelector::followLatestRun);
}

void ClassifyTab::addUrls(const QList<QUrl>& urls)
{
    imagePanel->addUrls(urls);
}

bool ClassifyTab::paste()
{
    return imagePanel->paste();
}

EvaluationWindow* ClassifyTab::evaluateOnFolder(const QString& folder)
{
    QString problem;
    const QString model = modelSelector->chosenModel(&problem);
    if (model.isEmpty()) {
        QMessageBox::information(this, tr("Evaluate on a folder"), problem);
        return nullptr;
    }
    ampwb::ClassifierOptions classifier;
    classifier.precision = modelSelector->precision();
    return EvaluationWindow::open({model}, {QFileInfo(model).fileName()}, folder, this, classifier);
}

void ClassifyTab::clear()
{
    imagePanel->clear();
}

void ClassifyTab::setModelChoice(const ModelChoice& choice)
{
    modelSelector->setChoice(choice);
}

const ModelChoice& ClassifyTab::modelChoice() const
{
    return modelSelector->choice();
}

bool ClassifyTab::isModelReady() const
{
    return modelSelector->isReady();
}

QString ClassifyTab::modelStatus() const
{
    return modelSelector->status();
}

ClassifiedImageList& ClassifyTab::images() const
{
    return imagePanel->images();
}

QListView& ClassifyTab::imageView() const
{
    return imagePanel->view();
}

QComboBox& ClassifyTab::modelCombo() const
{
    return modelSelector->modelCombo();
}

QComboBox& ClassifyTab::precisionCombo() const
{
    return modelSelector->precisionCombo();
}

QPushButton& ClassifyTab::serveButton() const
{
    return serving->serveButton();
}

ModelServer& ClassifyTab::modelServer() const
{
    return serving->server();
}

QString ClassifyTab::serveStatus() const
{
    return serving->status();
}

void ClassifyTab::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (!modelSelector->loadRequested())
        modelSelector->load();
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
    if (imagePanel->addDropped(*event->mimeData()))
        event->acceptProposedAction();
}
