#include "classify/ImageListPanel.h"

#include "classify/ClassificationDelegate.h"
#include "classify/ClassificationWorker.h"
#include "classify/ClassifiedImageList.h"
#include "classify/DroppedImages.h"

#include <QClipboard>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QMimeData>
#include <QPushButton>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QVBoxLayout>

ImageListPanel::ImageListPanel(ClassificationWorker& worker, QWidget* parent)
    : QWidget(parent)
    , worker(worker)
    , imageList(new ClassifiedImageList(this))
{
    auto* addButton = new QPushButton(tr("Add images…"));
    addButton->setObjectName(QStringLiteral("addImages"));
    auto* pasteButton = new QPushButton(tr("Paste"));
    pasteButton->setObjectName(QStringLiteral("pasteImages"));
    pasteButton->setToolTip(tr("Add the image or image files on the clipboard (Ctrl+V)"));
    clearButton = new QPushButton(tr("Clear"));
    clearButton->setObjectName(QStringLiteral("clearImages"));
    actionButtonsWidget = new QWidget;
    auto* buttonRow = new QHBoxLayout(actionButtonsWidget);
    buttonRow->setContentsMargins(0, 0, 0, 0);
    buttonRow->addWidget(addButton);
    buttonRow->addWidget(pasteButton);
    buttonRow->addWidget(clearButton);

    auto* hint = new QLabel(tr("Drop image files or folders here, paste an image (Ctrl+V), or click “Add images…”.\n"
                               "Each image is shown with its five most likely classes and how long it took."));
    hint->setAlignment(Qt::AlignCenter);
    hint->setWordWrap(true);
    hint->setFrameShape(QFrame::StyledPanel);
    listView = new QListView;
    listView->setObjectName(QStringLiteral("classifiedImages"));
    listView->setModel(imageList);
    listView->setItemDelegate(new ClassificationDelegate(listView));
    listView->setUniformItemSizes(true);
    listView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    listView->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    pages = new QStackedWidget;
    pages->addWidget(hint);
    pages->addWidget(listView);

    summaryLabel = new QLabel;
    summaryLabel->setObjectName(QStringLiteral("classifySummary"));
    likenessLabel = new QLabel;
    likenessLabel->setObjectName(QStringLiteral("trainingDataWarning"));
    likenessLabel->setWordWrap(true);
    likenessLabel->setStyleSheet(
        QStringLiteral("QLabel { background: #fff4ce; color: #5c4400; border: 1px solid #e0c060; padding: 6px; }"));
    likenessLabel->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(likenessLabel);
    layout->addWidget(pages, 1);
    layout->addWidget(summaryLabel);

    connect(addButton, &QPushButton::clicked, this, &ImageListPanel::addFilesFromDialog);
    connect(pasteButton, &QPushButton::clicked, this, &ImageListPanel::paste);
    connect(clearButton, &QPushButton::clicked, this, &ImageListPanel::clear);
    updateSummary();
}

void ImageListPanel::addUrls(const QList<QUrl>& urls)
{
    std::vector<ClassificationRequest> requests;
    for (const DroppedUrl& dropped : readDroppedUrls(urls)) {
        if (dropped.kind == DroppedUrl::Kind::NotLocal) {
            const QString url = dropped.url.toDisplayString();
            imageList->addFailure(url, tr("Only files on this computer can be classified, not %1.").arg(url));
        } else if (dropped.kind == DroppedUrl::Kind::Folder && dropped.files.isEmpty()) {
            const QString problem = tr("The folder %1 holds no images (.jpg, .jpeg, .png, .bmp or .webp).");
            imageList->addFailure(QFileInfo(dropped.path).fileName(), problem.arg(dropped.path));
        }
        for (const QString& file : dropped.files)
            requests.push_back(imageList->addFile(file));
    }
    submit(std::move(requests));
}

bool ImageListPanel::addDropped(const QMimeData& data)
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

bool ImageListPanel::paste()
{
    const QMimeData* data = QGuiApplication::clipboard()->mimeData();
    if (data && addDropped(*data))
        return true;
    summaryLabel->setText(tr("The clipboard holds no image and no image file."));
    return false;
}

void ImageListPanel::clear()
{
    worker.cancelQueued();
    imageList->clear();
    updateSummary();
}

void ImageListPanel::setModelReady(bool ready, const LearnedImages& learned)
{
    modelReady = ready;
    modelLearned = learned;
    if (ready && imageList->count(ClassifiedImageList::State::Waiting) != imageList->rowCount()) {
        // Shown results came from another model: classify everything again.
        worker.cancelQueued();
        worker.classify(imageList->requestsForAll());
    }
    updateSummary();
}

void ImageListPanel::showResults(const std::vector<ClassificationResult>& results, int modelGeneration)
{
    std::vector<ClassificationResult> current;
    for (const ClassificationResult& result : results) {
        if (result.modelGeneration == modelGeneration)
            current.push_back(result);
    }
    imageList->apply(current);
    updateSummary();
}

void ImageListPanel::addFilesFromDialog()
{
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Add images"), QStandardPaths::writableLocation(QStandardPaths::PicturesLocation),
        tr("Images (*.jpg *.jpeg *.png *.bmp *.webp *.tif *.tiff);;All files (*)"));
    QList<QUrl> urls;
    for (const QString& file : files)
        urls << QUrl::fromLocalFile(file);
    addUrls(urls);
}

void ImageListPanel::submit(std::vector<ClassificationRequest> requests)
{
    if (!requests.empty())
        worker.classify(std::move(requests));
    updateSummary();
    Q_EMIT imagesAdded();
}

void ImageListPanel::updateSummary()
{
    Unlikeness seen;
    const int unlike = imageList->countUnlike(seen);
    likenessLabel->setVisible(unlike > 0);
    if (unlike > 0)
        likenessLabel->setText(TrainingDataLikeness::warning(modelLearned, unlike, seen));
    const int rows = imageList->rowCount();
    pages->setCurrentIndex(rows > 0 ? 1 : 0);
    clearButton->setEnabled(rows > 0);
    if (rows == 0) {
        summaryLabel->clear();
        return;
    }
    QStringList parts{tr("%n image(s)", "", rows),
                      tr("%1 classified").arg(imageList->count(ClassifiedImageList::State::Classified))};
    if (const int failed = imageList->count(ClassifiedImageList::State::Failed))
        parts << tr("%1 could not be read").arg(failed);
    if (const int waiting = imageList->count(ClassifiedImageList::State::Waiting))
        parts << (modelReady ? tr("%1 waiting").arg(waiting) : tr("%1 waiting for a model").arg(waiting));
    summaryLabel->setText(parts.join(QStringLiteral(" · ")));
}
