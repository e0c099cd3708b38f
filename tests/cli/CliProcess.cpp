#include "CliProcess.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>

QString CliResult::describe() const
{
    return QStringLiteral("exit %1%2\n--- stdout:\n%3\n--- stderr:\n%4")
        .arg(exitCode)
        .arg(status == QProcess::CrashExit ? QStringLiteral(" (crashed)") : QString())
        .arg(out.right(3000), err.right(3000));
}

QString cliPath()
{
    // AMPWB_CLI_UNDER_TEST runs a suite against another build of the CLI (an earlier one, to see a test fail).
    return qEnvironmentVariable("AMPWB_CLI_UNDER_TEST", QStringLiteral(AMPWB_CLI_PATH));
}

CliResult runCli(const QStringList& arguments, const QString& workingDirectory, int timeoutMs)
{
    QProcess process;
    process.setWorkingDirectory(workingDirectory);
    process.start(cliPath(), arguments);
    CliResult result;
    result.finished = process.waitForFinished(timeoutMs);
    if (!result.finished) {
        process.kill();
        process.waitForFinished();
    }
    result.status = process.exitStatus();
    result.exitCode = process.exitCode();
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

QList<QJsonObject> jsonLines(const QString& text)
{
    QList<QJsonObject> objects;
    for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(line.toUtf8(), &error);
        if (error.error != QJsonParseError::NoError || !document.isObject())
            objects << QJsonObject{{QStringLiteral("invalid"), line}};
        else
            objects << document.object();
    }
    return objects;
}

QStringList eventsOf(const QList<QJsonObject>& objects)
{
    QStringList events;
    for (const QJsonObject& object : objects)
        events << (object.contains(QLatin1String("invalid"))
                       ? QStringLiteral("<invalid: %1>").arg(object.value(QLatin1String("invalid")).toString())
                       : object.value(QLatin1String("event")).toString());
    return events;
}

QJsonObject readJsonFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QStringList tinyRun(const QString& runDirectory, const QString& name, int maxSteps)
{
    return {QStringLiteral("--data"),
            QStringLiteral("synthetic"),
            QStringLiteral("--image-size"),
            QStringLiteral("32"),
            QStringLiteral("--batch-size"),
            QStringLiteral("16"),
            QStringLiteral("--synthetic-size"),
            QStringLiteral("64"),
            QStringLiteral("--max-steps"),
            QString::number(maxSteps),
            QStringLiteral("--workers"),
            QStringLiteral("1"),
            QStringLiteral("--validation-limit"),
            QStringLiteral("32"),
            QStringLiteral("--run-dir"),
            runDirectory,
            QStringLiteral("--name"),
            name};
}

QMap<int, double> lossesOf(const QString& runFolder)
{
    QFile file(runFolder + QStringLiteral("/steps.csv"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QStringList header = QString::fromUtf8(file.readLine()).trimmed().split(QLatin1Char(','));
    const int lossColumn = header.indexOf(QStringLiteral("loss"));
    QMap<int, double> losses;
    while (!file.atEnd()) {
        const QStringList cells = QString::fromUtf8(file.readLine()).trimmed().split(QLatin1Char(','));
        const int step = cells.value(0).toInt();
        if (losses.contains(step))
            return {};
        losses.insert(step, cells.value(lossColumn).toDouble());
    }
    return losses;
}

bool sameLosses(const QMap<int, double>& actual, const QMap<int, double>& expected, QString* why)
{
    if (actual.keys() != expected.keys()) {
        *why = QStringLiteral("steps differ: %1 rows vs %2").arg(actual.size()).arg(expected.size());
        return false;
    }
    for (auto it = expected.begin(); it != expected.end(); ++it) {
        if (std::abs(actual.value(it.key()) - it.value()) > 1e-6 * std::abs(it.value())) {
            *why = QStringLiteral("step %1: loss %2, uninterrupted %3")
                       .arg(it.key())
                       .arg(actual.value(it.key()), 0, 'g', 10)
                       .arg(it.value(), 0, 'g', 10);
            return false;
        }
    }
    return true;
}
