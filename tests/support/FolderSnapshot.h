// What a folder holds, down to each entry's bytes and modification time: for checking that an operation
// that was refused changed nothing in it.
#pragma once

#include <QMap>
#include <QString>

/// Each entry of `folder` (not recursing) by name: its kind, size and modification time (to the
/// nanosecond), a link's target, and a regular file's bytes when it is under 64 MB. Pipes and devices are
/// described, never opened.
QMap<QString, QByteArray> snapshotOf(const QString& folder);

/// The first difference between two snapshots in words ("steps.csv changed", "summary.json.partial
/// appeared"), or "" when there is none.
QString differenceBetween(const QMap<QString, QByteArray>& before, const QMap<QString, QByteArray>& after);
