// Runs amp-workbench-cli as a real process and reads what it prints and writes.
#pragma once

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QProcess>
#include <QString>
#include <QStringList>

/// How one run of the CLI ended and what it printed.
struct CliResult {
    bool finished = false;
    QProcess::ExitStatus status = QProcess::NormalExit;
    int exitCode = -1;
    QString out;
    QString err;
    /// Exit code and the tail of both streams, for failure messages.
    QString describe() const;
};

/// The CLI under test (AMPWB_CLI_PATH, or the environment's AMPWB_CLI_UNDER_TEST when set).
QString cliPath();

/// Runs the CLI to completion (killed after timeoutMs).
CliResult runCli(const QStringList& arguments, const QString& workingDirectory, int timeoutMs = 240000);

/// One JSON object per non-empty line; an invalid line becomes {"invalid": line}.
QList<QJsonObject> jsonLines(const QString& text);

/// The "event" of each object ("<invalid: …>" for lines that were not JSON).
QStringList eventsOf(const QList<QJsonObject>& objects);

/// A JSON file's top-level object (empty when unreadable).
QJsonObject readJsonFile(const QString& path);

/// The arguments of a tiny synthetic run of `maxSteps` steps in runDirectory/name.
QStringList tinyRun(const QString& runDirectory, const QString& name, int maxSteps = 4);

/// step → loss from a run folder's steps.csv; a repeated step number is an error (returns empty).
QMap<int, double> lossesOf(const QString& runFolder);

/// Whether two runs have the same steps with the same losses (to a relative 1e-6); says why not in `why`.
bool sameLosses(const QMap<int, double>& actual, const QMap<int, double>& expected, QString* why);
