#pragma once

// Helpers shared by the serve suites: a real `amp-workbench-cli serve` process on a free
// loopback port, and the model the Classify suites use (torchvision's ResNet-18 with a
// prototype head that recognises photo k as class k).

#include "ClassifyTestSupport.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <csignal>

namespace ampwb::test {

/// `amp-workbench-cli serve … --port 0`, started and stopped as a user would.
class ServeProcess {
public:
    /// Starts the server and waits (up to two minutes) for its "Serving on URL" line.
    /// Returns "" on success, else what went wrong.
    QString start(const QStringList& arguments)
    {
        process.start(QStringLiteral(AMPWB_CLI_PATH), QStringList{"serve", "--port", "0"} + arguments);
        QElapsedTimer clock;
        clock.start();
        const QRegularExpression serving(QStringLiteral("Serving on http://([0-9.]+):([0-9]+)/"));
        while (clock.elapsed() < 120000) {
            process.waitForReadyRead(200);
            output += process.readAllStandardOutput();
            const auto match = serving.match(QString::fromUtf8(output));
            if (match.hasMatch()) {
                host = match.captured(1);
                port = match.captured(2).toInt();
                return {};
            }
            if (process.state() == QProcess::NotRunning)
                return QStringLiteral("serve exited: ") + QString::fromLocal8Bit(process.readAllStandardError());
        }
        return QStringLiteral("serve did not print its URL within two minutes");
    }

    /// Sends `signal` and waits for the process to end; returns its exit code (-1 if it crashed or hung).
    int stop(int signal = SIGTERM)
    {
        if (process.state() == QProcess::NotRunning)
            return process.exitCode();
        ::kill(static_cast<pid_t>(process.processId()), signal);
        if (!process.waitForFinished(60000)) {
            process.kill();
            process.waitForFinished();
            return -1;
        }
        output += process.readAllStandardOutput();
        return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    }

    ~ServeProcess() { stop(); }

    QString url() const { return QStringLiteral("http://%1:%2/").arg(host).arg(port); }
    qint64 processId() const { return process.processId(); }

    QProcess process;
    QByteArray output;
    QString host;
    int port = 0;
};

/// Saves the prototype model for `photos` as `directory`/ten.pth with class names
/// "photo-0" … "photo-9" in `directory`/ten.txt; "" on success, else what went wrong.
inline QString writePrototypeModel(const QString& directory, const QStringList& photos)
{
    QFile labels(directory + "/ten.txt");
    if (!labels.open(QIODevice::WriteOnly))
        return QStringLiteral("cannot write the labels");
    for (int k = 0; k < 10; ++k)
        labels.write(QStringLiteral("photo-%1\n").arg(k).toUtf8());
    labels.close();
    return runReference(QStringList{"state-dict", directory + "/ten.pth", "--classes", "10", "--prototypes"} + photos);
}

} // namespace ampwb::test
