#include "classify/ServingPanel.h"

#include "AppSettings.h"
#include "classify/ModelSelector.h"
#include "classify/ModelServer.h"

#include <QClipboard>
#include <QDir>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTextDocumentFragment>

namespace {

const QString kServeHost = QStringLiteral("127.0.0.1"); ///< this computer only

} // namespace

ServingPanel::ServingPanel(ModelSelector& modelSelector, QWidget* parent)
    : QWidget(parent)
    , modelSelector(modelSelector)
    , modelServer(new ModelServer(this))
{
    servePushButton = new QPushButton(tr("Serve this model"));
    servePushButton->setObjectName(QStringLiteral("serveModel"));
    servePushButton->setCheckable(true);
    servePushButton->setToolTip(tr("Serve this model over HTTP on this computer: a web page to try it in a browser and "
                                   "an API for scripts. The port is in Settings."));
    if (!ModelServer::isAvailable()) {
        servePushButton->setEnabled(false);
        servePushButton->setToolTip(ModelServer::unavailableReason());
    }

    statusLabel = new QLabel;
    statusLabel->setObjectName(QStringLiteral("serveStatus"));
    statusLabel->setWordWrap(true);
    statusLabel->setTextFormat(Qt::RichText);
    statusLabel->setOpenExternalLinks(true);
    statusLabel->setTextInteractionFlags(Qt::TextBrowserInteraction);
    copyUrlButton = new QPushButton(tr("Copy URL"));
    copyUrlButton->setObjectName(QStringLiteral("copyServeUrl"));
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(statusLabel, 1);
    row->addWidget(copyUrlButton);
    showNotServing();

    connect(servePushButton, &QPushButton::clicked, this, &ServingPanel::onToggled);
    // While the service runs (or starts), the button says what pressing it does.
    connect(servePushButton, &QPushButton::toggled, this,
            [this](bool serving) { servePushButton->setText(serving ? tr("Stop serving") : tr("Serve this model")); });
    connect(modelServer, &ModelServer::started, this, &ServingPanel::showServing);
    connect(modelServer, &ModelServer::failed, this, &ServingPanel::showServeProblem);
    connect(modelServer, &ModelServer::stopped, this, &ServingPanel::showNotServing);
    connect(copyUrlButton, &QPushButton::clicked, this,
            [this] { QGuiApplication::clipboard()->setText(modelServer->url()); });
    connect(&modelSelector, &ModelSelector::loadStarted, this, [this] {
        if (servePushButton->isChecked())
            serveModel();
    });
}

QString ServingPanel::status() const
{
    return QTextDocumentFragment::fromHtml(statusLabel->text()).toPlainText();
}

void ServingPanel::onToggled(bool checked)
{
    if (!checked) {
        if (modelServer->isActive())
            statusLabel->setText(tr("Stopping the service after the requests in flight…"));
        modelServer->stop();
    } else if (!modelSelector.loadRequested()) {
        modelSelector.load(); // serves the model once chosen
    } else {
        serveModel();
    }
}

void ServingPanel::serveModel()
{
    if (modelSelector.requestedModel().isEmpty()) {
        modelServer->stop();
        showServeProblem(modelSelector.status());
        return;
    }
    serveFailed = false;
    const QString name = QDir::toNativeSeparators(modelSelector.requestedModel()).toHtmlEscaped();
    statusLabel->setText(modelServer->isActive() ? tr("The model changed: restarting the service on %1…").arg(name)
                                                 : tr("Starting the service on %1…").arg(name));
    statusLabel->setStyleSheet(QString());
    show();
    copyUrlButton->hide();
    modelServer->start(modelSelector.requestedModel(), modelSelector.precision(), kServeHost, AppSettings::servePort());
}

void ServingPanel::showServing(const QString& url)
{
    const QString link = QStringLiteral("<a href=\"%1\">%1</a>").arg(url.toHtmlEscaped());
    statusLabel->setText(tr("Serving at %1: a web page to try the model, and an HTTP API for scripts (this computer "
                            "only).")
                             .arg(link));
    copyUrlButton->show();
}

void ServingPanel::showServeProblem(const QString& problem)
{
    serveFailed = true;
    servePushButton->setChecked(false);
    statusLabel->setStyleSheet(QStringLiteral("color: #c02020;"));
    statusLabel->setText(tr("Not serving: %1").arg(problem.toHtmlEscaped()));
    show();
    copyUrlButton->hide();
}

void ServingPanel::showNotServing()
{
    servePushButton->setChecked(false);
    copyUrlButton->hide();
    if (!serveFailed) {
        statusLabel->clear();
        hide();
    }
}
