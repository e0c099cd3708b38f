#pragma once

#include "classify/TrainingDataLikeness.h"

#include <QList>
#include <QUrl>
#include <QWidget>

#include <vector>

class ClassificationWorker;
class ClassifiedImageList;
class QLabel;
class QListView;
class QMimeData;
class QPushButton;
class QStackedWidget;
struct ClassificationRequest;
struct ClassificationResult;

/// The Classify tab's images: added from files, folders and file URLs (dropped, pasted or
/// picked) or as pasted image data, queued on the ClassificationWorker and listed with their
/// thumbnails, top-5 classes and latency (a hint while there are none), with a summary line.
/// actionButtons() ("Add images…", "Paste", "Clear") is for the tab to place among its controls.
class ImageListPanel : public QWidget {
    Q_OBJECT
public:
    explicit ImageListPanel(ClassificationWorker& worker, QWidget* parent = nullptr);

    /// Adds the images these URLs name (folders are searched for images); others get an error row.
    void addUrls(const QList<QUrl>& urls);
    /// Adds what a drop or the clipboard holds: file URLs or image data. False when it holds neither.
    bool addDropped(const QMimeData& data);
    /// Adds what the clipboard holds (addDropped); when nothing, the summary line says so.
    bool paste();
    /// Removes every image.
    void clear();

    /// Whether a model is ready to classify (the summary line says what images wait for), and
    /// what it learned from. Once one is, the images another model answered are classified again.
    void setModelReady(bool ready, const LearnedImages& learned = {});
    /// Shows the results of the model of `modelGeneration`; the others came from a model no longer in use.
    void showResults(const std::vector<ClassificationResult>& results, int modelGeneration);

    ClassifiedImageList& images() const { return *imageList; }
    QListView& view() const { return *listView; }
    /// The warning shown when images differ from what the model learned from (hidden otherwise).
    QLabel& likenessWarning() const { return *likenessLabel; }
    /// The "Add images…", "Paste" and "Clear" buttons, for the tab to place (it then owns them).
    QWidget& actionButtons() const { return *actionButtonsWidget; }

Q_SIGNALS:
    /// Images were added (or rows saying why they cannot be): they need a model.
    void imagesAdded();

private:
    void addFilesFromDialog();
    void submit(std::vector<ClassificationRequest> requests);
    void updateSummary();

    ClassificationWorker& worker;
    ClassifiedImageList* imageList;
    bool modelReady = false;
    LearnedImages modelLearned;
    int pastedImages = 0;

    QWidget* actionButtonsWidget;
    QPushButton* clearButton;
    QStackedWidget* pages;
    QListView* listView;
    QLabel* summaryLabel;
    QLabel* likenessLabel;
};
