#pragma once

#include "classify/ModelChoice.h"

#include <QList>
#include <QString>
#include <QUrl>
#include <QWidget>

class ClassificationWorker;
class ClassifiedImageList;
class EngineController;
class ImageListPanel;
class EvaluationWindow;
class ModelSelector;
class ModelServer;
class QComboBox;
class QListView;
class QPushButton;
class ServingPanel;

/// Classifies images on the CPU: drop files, folders or file URLs, paste from the clipboard
/// or pick files; each image gets its thumbnail, top-5 classes with probability bars and
/// latency. The model is the newest run, a run's checkpoint, an imported .pth or the
/// torchvision weights; inference runs on a ClassificationWorker thread. "Serve this model"
/// serves the same model over HTTP (ModelServer) and follows it when it changes.
/// The tab lays out and connects its ModelSelector, ServingPanel and ImageListPanel;
/// drops and Ctrl+V anywhere on it add images.
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
    /// Opens the evaluation view of the chosen model on every image in `folder` (class folders
    /// named as the model's classes); null, with the reason in a message box, when there is no model.
    EvaluationWindow* evaluateOnFolder(const QString& folder);

    /// Uses this model from now on (remembered in the settings) and classifies every image again.
    void setModelChoice(const ModelChoice& choice);
    const ModelChoice& modelChoice() const;
    /// Whether the chosen model is loaded and classifying.
    bool isModelReady() const;
    /// What the model line says: the loaded model, or why there is none.
    QString modelStatus() const;

    ClassifiedImageList& images() const;
    QListView& imageView() const;
    QComboBox& modelCombo() const;
    QComboBox& precisionCombo() const;
    QPushButton& serveButton() const;
    ModelServer& modelServer() const;
    /// What the serving line says: the URL, the service starting, or why it is not serving.
    QString serveStatus() const;

protected:
    void showEvent(QShowEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    ClassificationWorker* worker;
    ModelSelector* modelSelector;
    ImageListPanel* imagePanel;
    ServingPanel* serving;
    QPushButton* evaluateButton;
};
