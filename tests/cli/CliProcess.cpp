#include "CliProcess.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

QString CliResult::describe() const
{
    return QStringLiteral("exit %1%2\n--- stdout:\n%3\n--- stderr:\n%4")
        .arg(exitCode)
        .arg(status == QProcess::CrashExit ? QStringLiteral(" (crashed)") : QString())
        .arg(out.right(3000), err.right(3000));
}

QString cliPath()
{
    return QStringLiteral(AMPWB_CLI_PATH);
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
