// "Serve this model" in the real window's Classify tab: the service answers a real HTTP
// client (cpp-httplib) with the model the tab classifies with, the same top-5 for a real
// photo; it stops when unchecked, when the window goes and restarts when the model changes;
// a busy port (held by another program or another service) and a file that is no model are
// shown in the tab, which keeps working.
#include "AppSettings.h"
#include "GuiTestEnvironment.h"
#include "MainWindow.h"
#include "classify/ClassifiedImageList.h"
#include "classify/ClassifyTab.h"
#include "classify/ModelChoice.h"
#include "classify/ModelServer.h"
#include "training/Trainer.h"

#include <httplib.h>

#include <QClipboard>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTest>
#include <QUrl>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmath>
#include <memory>

namespace {

constexpr int kTimeoutMilliseconds = 120 * 1000;
const QString kPhoto = QStringLiteral("/usr/share/doc/opencv-doc/examples/data/fruits.jpg");

ClassifyTab& showClassifyTab(MainWindow& window)
{
    auto* tab = window.findChild<ClassifyTab*>();
    window.tabs().setCurrentWidget(tab);
    window.show();
    return *tab;
}

QJsonObject jsonOf(const httplib::Result& result)
{
    return result ? QJsonDocument::fromJson(QByteArray::fromStdString(result->body)).object() : QJsonObject{};
}

httplib::Client clientFor(const QString& url)
{
    const QUrl address(url);
    httplib::Client client(address.host().toStdString(), address.port());
    client.set_connection_timeout(5, 0);
    client.set_read_timeout(120, 0);
    return client;
}

/// Whether anything accepts connections at `url`.
bool answers(const QString& url)
{
    return static_cast<bool>(clientFor(url).Get("/healthz"));
}

/// A loopback port held by a plain listening socket (as another program would hold it).
class BusyPort {
public:
    BusyPort()
    {
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        if (::bind(socket, reinterpret_cast<sockaddr*>(&address), length) == 0 && ::listen(socket, 4) == 0
            && ::getsockname(socket, reinterpret_cast<sockaddr*>(&address), &length) == 0)
            port = ntohs(address.sin_port);
    }
    ~BusyPort() { ::close(socket); }

    int socket = ::socket(AF_INET, SOCK_STREAM, 0);
    int port = 0;
};

/// Clicks "Serve this model" and waits for the URL; empty if none came.
QString startServing(ClassifyTab& tab)
{
    QTest::mouseClick(&tab.serveButton(), Qt::LeftButton);
    QElapsedTimer clock;
    clock.start();
    while (tab.modelServer().url().isEmpty() && tab.serveButton().isChecked() && clock.elapsed() < kTimeoutMilliseconds)
        QTest::qWait(20);
    return tab.modelServer().url();
}

} // namespace

class ServeActionTest : public QObject {
    Q_OBJECT

private:
    GuiTestEnvironment environment;
    QString tinyCheckpoint;

    QString trainRun(const char* name)
    {
        ampwb::TrainingConfig config = environment.quickConfig(2);
        config.name = name;
        return QString::fromStdString(ampwb::Trainer(config).run().runDirectory) + QStringLiteral("/checkpoint.pt");
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(environment.isValid());
        QVERIFY(ModelServer::isAvailable());
        QVERIFY(QFile::exists(kPhoto));
        tinyCheckpoint = trainRun("tiny");
        QVERIFY(QFile::exists(tinyCheckpoint));
        QTest::qWait(1100); // "newer" is judged by the runs' creation times
        QVERIFY(QFile::exists(trainRun("newer")));
    }

    void init()
    {
        AppSettings::setClassifyModel(QString()); // the latest run: "newer"
        AppSettings::setServePort(0);
    }

    void servesTheTabsModelToHttpClients()
    {
        MainWindow window;
        ClassifyTab& tab = showClassifyTab(window);
        QVERIFY(!tab.serveButton().isChecked());
        QCOMPARE(tab.serveButton().text(), QStringLiteral("Serve this model"));
        const QString url = startServing(tab);
        QVERIFY2(!url.isEmpty(), qPrintable(tab.serveStatus()));
        QVERIFY(url.startsWith(QLatin1String("http://127.0.0.1:")));
        QVERIFY(QUrl(url).port() > 0);
        QVERIFY(tab.serveButton().isChecked());
        QCOMPARE(tab.serveButton().text(), QStringLiteral("Stop serving"));
        QVERIFY2(tab.serveStatus().contains(url), qPrintable(tab.serveStatus()));
        auto* link = tab.findChild<QLabel*>(QStringLiteral("serveStatus"));
        QVERIFY(link->openExternalLinks());
        QVERIFY(link->text().contains(QStringLiteral("href=\"%1\"").arg(url)));
        auto* copy = tab.findChild<QPushButton*>(QStringLiteral("copyServeUrl"));
        QVERIFY(copy->isVisible());
        QTest::mouseClick(copy, Qt::LeftButton);
        QCOMPARE(QGuiApplication::clipboard()->text(), url);

        httplib::Client client = clientFor(url);
        const auto health = client.Get("/healthz");
        QVERIFY(health);
        QCOMPARE(health->status, 200);
        QCOMPARE(jsonOf(health).value("status").toString(), QStringLiteral("ok"));
        const QJsonObject model = jsonOf(client.Get("/v1/model"));
        QVERIFY2(model.value("model").toString().contains(QLatin1String("newer")),
                 qPrintable(model.value("model").toString()));
        QCOMPARE(model.value("precision").toString(), tab.precisionCombo().currentText());

        // The tab keeps classifying while it serves, with the same model: the same top-5.
        tab.addUrls({QUrl::fromLocalFile(kPhoto)});
        QFile photo(kPhoto);
        QVERIFY(photo.open(QIODevice::ReadOnly));
        const auto answer = client.Post("/v1/classify", photo.readAll().toStdString(), "image/jpeg");
        QVERIFY(answer);
        QCOMPARE(answer->status, 200);
        const QJsonArray top = jsonOf(answer).value("top").toArray();
        QCOMPARE(top.size(), 5);
        QTRY_COMPARE_WITH_TIMEOUT(tab.images().count(ClassifiedImageList::State::Classified), 1, kTimeoutMilliseconds);
        const QModelIndex row = tab.images().index(0);
        const QStringList labels = row.data(ClassifiedImageList::LabelsRole).toStringList();
        const QVariantList probabilities = row.data(ClassifiedImageList::ProbabilitiesRole).toList();
        QCOMPARE(labels.size(), 5);
        for (int i = 0; i < 5; ++i) {
            const QJsonObject entry = top.at(i).toObject();
            QCOMPARE(entry.value("label").toString(), labels.at(i));
            QVERIFY(entry.value("label").toString().startsWith(QLatin1String("class ")));
            QVERIFY(std::abs(entry.value("prob").toDouble() - probabilities.at(i).toDouble()) < 1e-5);
            if (i > 0)
                QVERIFY(entry.value("prob").toDouble() <= top.at(i - 1).toObject().value("prob").toDouble());
        }

        // Unchecking stops it without the window waiting for the service's thread.
        QElapsedTimer clock;
        clock.start();
        QTest::mouseClick(&tab.serveButton(), Qt::LeftButton);
        const qint64 clickMilliseconds = clock.elapsed();
        QTRY_VERIFY_WITH_TIMEOUT(!tab.modelServer().isActive(), kTimeoutMilliseconds);
        qInfo("stop: %lld ms in the click, %lld ms until the service's thread had ended", clickMilliseconds,
              clock.elapsed());
        QVERIFY(!tab.serveButton().isChecked());
        QCOMPARE(tab.serveButton().text(), QStringLiteral("Serve this model"));
        QVERIFY(tab.modelServer().url().isEmpty());
        QVERIFY(!copy->isVisible());
        QVERIFY(!answers(url));
    }

    void followsTheModelAndShowsWhatFails()
    {
        MainWindow window;
        ClassifyTab& tab = showClassifyTab(window);
        const QString first = startServing(tab);
        QVERIFY2(!first.isEmpty(), qPrintable(tab.serveStatus()));

        tab.setModelChoice(ModelChoice::file(tinyCheckpoint));
        QTRY_VERIFY_WITH_TIMEOUT(!tab.modelServer().url().isEmpty(), kTimeoutMilliseconds);
        QVERIFY2(tab.serveStatus().contains(tab.modelServer().url()), qPrintable(tab.serveStatus()));
        const QJsonObject model = jsonOf(clientFor(tab.modelServer().url()).Get("/v1/model"));
        QVERIFY2(model.value("model").toString().contains(QLatin1String("tiny")),
                 qPrintable(model.value("model").toString()));

        const QString notAModel = environment.path(QStringLiteral("notes.pth"));
        QFile notes(notAModel);
        QVERIFY(notes.open(QIODevice::WriteOnly));
        notes.write("not a state dict\n");
        notes.close();
        const QString served = tab.modelServer().url();
        tab.setModelChoice(ModelChoice::file(notAModel));
        QTRY_VERIFY_WITH_TIMEOUT(!tab.modelServer().isActive(), kTimeoutMilliseconds);
        QVERIFY2(tab.serveStatus().contains(QLatin1String("could not be loaded")), qPrintable(tab.serveStatus()));
        QVERIFY(tab.serveStatus().contains(QLatin1String("notes.pth")));
        QVERIFY(!tab.serveButton().isChecked());
        QVERIFY(!answers(served));
    }

    void busyPortIsShownAndTheWindowKeepsWorking()
    {
        BusyPort busy;
        QVERIFY(busy.port > 0);
        AppSettings::setServePort(busy.port);
        auto window = std::make_unique<MainWindow>();
        ClassifyTab& tab = showClassifyTab(*window);
        QCOMPARE(startServing(tab), QString());
        QTRY_VERIFY_WITH_TIMEOUT(!tab.modelServer().isActive(), kTimeoutMilliseconds);
        QVERIFY2(tab.serveStatus().contains(QStringLiteral("Port %1").arg(busy.port)), qPrintable(tab.serveStatus()));
        QVERIFY(tab.serveStatus().contains(QLatin1String("in use")));
        QVERIFY(!tab.serveButton().isChecked());
        QVERIFY(tab.serveButton().isEnabled());

        tab.addUrls({QUrl::fromLocalFile(kPhoto)});
        QTRY_COMPARE_WITH_TIMEOUT(tab.images().count(ClassifiedImageList::State::Classified), 1, kTimeoutMilliseconds);

        // A port another workbench service listens on is just as busy.
        ModelServer other;
        other.start(tinyCheckpoint, ampwb::InferencePrecision::Fp32, QStringLiteral("127.0.0.1"), 0);
        QTRY_VERIFY_WITH_TIMEOUT(!other.url().isEmpty(), kTimeoutMilliseconds);
        const int otherPort = QUrl(other.url()).port();
        AppSettings::setServePort(otherPort);
        QCOMPARE(startServing(tab), QString());
        QTRY_VERIFY_WITH_TIMEOUT(!tab.modelServer().isActive(), kTimeoutMilliseconds);
        QVERIFY2(tab.serveStatus().contains(QStringLiteral("Port %1").arg(otherPort)), qPrintable(tab.serveStatus()));
        QVERIFY(answers(other.url()));

        // Another port from the settings serves; closing the window stops the service.
        AppSettings::setServePort(0);
        const QString url = startServing(tab);
        QVERIFY2(!url.isEmpty(), qPrintable(tab.serveStatus()));
        QVERIFY(!tab.serveStatus().contains(QLatin1String("in use")));
        QVERIFY(answers(url));
        window->close();
        QElapsedTimer clock;
        clock.start();
        window.reset();
        qInfo("closing the window while serving: %lld ms", clock.elapsed());
        QVERIFY(!answers(url));
    }

    void uncheckingWhileTheModelLoadsServesNothing()
    {
        MainWindow window;
        ClassifyTab& tab = showClassifyTab(window);
        QTest::mouseClick(&tab.serveButton(), Qt::LeftButton);
        QVERIFY(tab.modelServer().isActive());
        QTest::mouseClick(&tab.serveButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!tab.modelServer().isActive(), kTimeoutMilliseconds);
        QVERIFY(tab.modelServer().url().isEmpty());
        QVERIFY(!tab.serveButton().isChecked());
        QCOMPARE(tab.serveStatus(), QString());
    }
};

QTEST_MAIN(ServeActionTest)
#include "ServeActionTest.moc"
