#pragma once

#include "model/InferencePrecision.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

/// The classification service (serve/: web page and HTTP API) run inside the window on
/// one model. Loading the model, binding and answering requests happen on a thread of
/// its own; start() and stop() return at once and the outcome arrives as a signal.
/// Stopping lets the requests in flight finish; destroying the server waits for that.
class ModelServer : public QObject {
    Q_OBJECT
public:
    explicit ModelServer(QObject* parent = nullptr);
    /// Stops the service and waits for its thread (the requests in flight, a model loading).
    ~ModelServer() override;

    /// Whether this build has the classification service (it needs OpenCV and cpp-httplib).
    static bool isAvailable();
    /// Why a build without the service cannot serve, in the user's language.
    static QString unavailableReason();

    /// Serves `model` (as loadClassifierModel names it) computing in `precision` on
    /// `host`:`port` (port 0: a free one). A service already running is stopped first and
    /// the new one starts once its requests in flight are answered.
    void start(const QString& model, ampwb::InferencePrecision precision, const QString& host, int port);
    /// Stops serving: no new connections; stopped() once the requests in flight are answered.
    void stop();

    /// Whether a service is loading, serving or finishing its requests.
    bool isActive() const { return session != nullptr; }
    /// "http://HOST:PORT/" while serving, else empty.
    QString url() const { return servingUrl; }

Q_SIGNALS:
    /// The service answers at `url`.
    void started(const QString& url);
    /// The service has ended after stop() (not after failed()) and no other is starting.
    void stopped();
    /// The service could not start: the model could not be loaded or the port bound.
    void failed(const QString& message);

private:
    struct Order {
        QString model;
        ampwb::InferencePrecision precision = ampwb::InferencePrecision::Fp32;
        QString host;
        int port = 0;
    };
    struct Session;

    void launch(Order order);
    void requestStop();
    void onBound(const Session* bound, const QString& url);
    void onFailed(const Session* failing, const QString& message);
    void onEnded(const Session* ended);

    std::unique_ptr<Session> session; ///< the service now loading, serving or finishing
    std::optional<Order> pending;     ///< what starts once `session` has ended
    QString servingUrl;
};
