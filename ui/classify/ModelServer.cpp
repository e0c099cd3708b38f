#include "classify/ModelServer.h"

#ifdef AMPWB_WITH_SERVE
#include "ClassificationService.h"
#include "EngineText.h"
#include "HttpServer.h"
#include "model/Classifier.h"
#include "modelfiles/ModelLoading.h"
#endif

#include <QMetaObject>

#include <exception>
#include <mutex>
#include <thread>

struct ModelServer::Session {
    std::mutex mutex;
    bool stopRequested = false;
#ifdef AMPWB_WITH_SERVE
    ampwb::serve::HttpServer* server = nullptr; ///< while it serves
#endif
    bool failureReported = false; ///< GUI thread only
    std::thread thread;
};

ModelServer::ModelServer(QObject* parent)
    : QObject(parent)
{
}

ModelServer::~ModelServer()
{
    pending.reset();
    if (session) {
        requestStop();
        session->thread.join();
    }
}

bool ModelServer::isAvailable()
{
#ifdef AMPWB_WITH_SERVE
    return true;
#else
    return false;
#endif
}

QString ModelServer::unavailableReason()
{
    return tr("This build has no classification service (it needs OpenCV and cpp-httplib).");
}

void ModelServer::start(const QString& model, ampwb::InferencePrecision precision, const QString& host, int port)
{
    pending = Order{model, precision, host, port};
    if (session)
        requestStop(); // onEnded launches the pending order
    else
        launch(*pending);
}

void ModelServer::stop()
{
    pending.reset();
    if (session)
        requestStop();
}

void ModelServer::requestStop()
{
    servingUrl.clear();
    const std::lock_guard lock(session->mutex);
    session->stopRequested = true;
#ifdef AMPWB_WITH_SERVE
    if (session->server)
        session->server->stop(); // returns at once; serve() returns after the requests in flight
#endif
}

void ModelServer::launch(Order order)
{
    pending.reset();
    session = std::make_unique<Session>();
    Session* current = session.get();
    auto post = [this](auto function) { QMetaObject::invokeMethod(this, std::move(function), Qt::QueuedConnection); };
#ifdef AMPWB_WITH_SERVE
    current->thread = std::thread([this, current, order = std::move(order), post] {
        try {
            ampwb::ClassifierOptions options;
            options.precision = order.precision;
            auto classifier = std::make_shared<const ampwb::Classifier>(
                ampwb::loadClassifierModel(order.model.toStdString()), options);
            ampwb::serve::ClassificationService service(std::move(classifier), ampwb::serve::ServiceOptions{});
            ampwb::serve::HttpServer server(service);
            try {
                server.bind(order.host.toStdString(), order.port);
            } catch (const std::exception&) {
                post([this, current, order] {
                    onFailed(current, tr("Port %1 on %2 is in use by another program (or needs privileges): choose "
                                         "another port in Settings, or 0 for any free port.")
                                          .arg(order.port)
                                          .arg(order.host));
                });
                post([this, current] { onEnded(current); });
                return;
            }
            {
                const std::lock_guard lock(current->mutex);
                if (!current->stopRequested)
                    current->server = &server;
            }
            if (current->server) {
                const QString url = QString::fromStdString(server.url());
                post([this, current, url] { onBound(current, url); });
                server.serve();
                const std::lock_guard lock(current->mutex);
                current->server = nullptr;
            }
        } catch (const std::exception& error) {
            const QString reason = EngineText::describe(error);
            post([this, current, reason] { onFailed(current, tr("The model could not be loaded: %1").arg(reason)); });
        }
        post([this, current] { onEnded(current); });
    });
#else
    const QString message = unavailableReason();
    post([this, current, message] { onFailed(current, message); });
    post([this, current] { onEnded(current); });
    Q_UNUSED(order);
#endif
}

void ModelServer::onBound(const Session* bound, const QString& url)
{
    if (bound != session.get() || session->stopRequested)
        return;
    servingUrl = url;
    Q_EMIT started(url);
}

void ModelServer::onFailed(const Session* failing, const QString& message)
{
    if (failing != session.get() || session->stopRequested)
        return; // a service being stopped or replaced needs no error shown
    session->failureReported = true;
    Q_EMIT failed(message);
}

void ModelServer::onEnded(const Session* ended)
{
    if (ended != session.get())
        return;
    if (session->thread.joinable())
        session->thread.join(); // its last act was posting this
    const bool failureReported = session->failureReported;
    session.reset();
    servingUrl.clear();
    if (pending)
        launch(*pending);
    else if (!failureReported)
        Q_EMIT stopped();
}
