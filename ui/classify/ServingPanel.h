#pragma once

#include <QString>
#include <QWidget>

class ModelSelector;
class ModelServer;
class QLabel;
class QPushButton;

/// "Serve this model": serves the model a ModelSelector loads over HTTP on this computer
/// (ModelServer) and follows it when it changes. The widget is the serving line (the URL,
/// the service starting, or why it is not serving, and "Copy URL"), hidden while there is
/// nothing to say; serveButton() is for the tab to place among its controls.
class ServingPanel : public QWidget {
    Q_OBJECT
public:
    explicit ServingPanel(ModelSelector& modelSelector, QWidget* parent = nullptr);

    /// The checkable "Serve this model" button, for the tab to place (it then owns it).
    QPushButton& serveButton() const { return *servePushButton; }
    ModelServer& server() const { return *modelServer; }
    /// What the serving line says: the URL, the service starting, or why it is not serving.
    QString status() const;

private:
    void onToggled(bool checked);
    void serveModel();
    void showServing(const QString& url);
    void showServeProblem(const QString& problem);
    void showNotServing();

    ModelSelector& modelSelector;
    ModelServer* modelServer;
    QPushButton* servePushButton;
    QLabel* statusLabel;
    QPushButton* copyUrlButton;
    bool serveFailed = false; ///< statusLabel shows why the service could not start
};
