#pragma once

#include "classify/ModelChoice.h"

#include <QList>
#include <QUrl>
#include <QWidget>

#include <vector>

class ClassificationWorker;
class ClassifiedImageList;
class EngineController;
class ModelServer;
class QComboBox;
class QLabel;
class QListView;
class QMimeData;
class QPushButton;
class QStackedWidget;
struct ClassificationRequest;
struct ClassificationResult;
struct ModelLoadResult;

/// Classifies images on the CPU: drop files, folders or file URLs, paste from the clipboard
/// or pick files; each image gets its thumbnail, top-5 classes with probability bars and
/// latency. The model is the newest run, a run's checkpoint, an imported .pth or the
/// torchvision weights; inference runs on a ClassificationWorker thread. "Serve this model"
/// serves the same model over HTTP (ModelServer) and follows it when it changes.
class ClassifyTab : public QWidget {
    Q_OBJECT
public:
    explicit ClassifyTab(EngineController& engine, QWidget* parent = nullptr);

    /// Adds the images these URLs name (folders are searched for images); others get an error row.
    void addUrls(const QList<QUrl>& urls);
    /// Adds what the clipboard holds: file URLs or image data. False when it holds neither.
    bool paste();
    /// Removes every image.
    void clear();

    /// Uses this model from now on (remembered in the settings) and classifies every image again.
    void setModelChoice(const ModelChoice& choice);
    const ModelChoice& modelChoice() const { return choice; }
    /// Whether the chosen model is loaded and classifying.
    bool isModelReady() const { return modelReady; }
    /// What the model line says: the loaded model, or why there is none.
    QString modelStatus() const;

    ClassifiedImageList& images() const { return *imageList; }
    QListView& imageView() const { return *view; }
    QComboBox& modelSelector() const { return *modelCombo; }
    QComboBox& precisionSelector() const { return *precisionCombo; }
    QPushButton& serveButton() const { return *serveToggle; }
    ModelServer& modelServer() const { return *server; }
    /// What the serving line says: the URL, the service starting, or why it is not serving.
    QString serveStatus() const;

protected:
    void showEvent(QShowEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    bool addMimeData(const QMimeData& data);
    void addFilesFromDialog();
    void submit(std::vector<ClassificationRequest> requests);
    void fillModelSelector();
    void onModelActivated(int index);
    void pickRunCheckpoint();
    void importStateDict();
    void loadModel();
    void onModelLoaded(const ModelLoadResult& result);
    void onResults(const std::vector<ClassificationResult>& results);
    void showModelProblem(const QString& problem);
    void updateSummary();
    void serveModel();
    void showServing(const QString& url);
    void showServeProblem(const QString& problem);
    void showNotServing();

    ClassificationWorker* worker;
    ModelServer* server;
    ClassifiedImageList* imageList;
    ModelChoice choice;
    QString requestedModel;   ///< the loadClassifierModel name last asked for
    int generation = -1;      ///< of the model load whose results are shown; −1 before the first
    bool modelReady = false;
    int pastedImages = 0;

    QComboBox* modelCombo;
    QComboBox* precisionCombo;
    QLabel* modelLabel;
    QStackedWidget* pages;
    QListView* view;
    QLabel* summaryLabel;
    QPushButton* clearButton;
    QPushButton* serveToggle;
    QLabel* serveLabel;
    QPushButton* copyUrlButton;
    bool serveFailed = false; ///< serveLabel shows why the service could not start
};
