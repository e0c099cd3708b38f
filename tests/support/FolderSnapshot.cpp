#include "FolderSnapshot.h"

#include <QDir>
#include <QFile>

#include <algorithm>

#include <sys/stat.h>
#include <unistd.h>

QMap<QString, QByteArray> snapshotOf(const QString& folder)
{
    QMap<QString, QByteArray> entries;
    const QStringList names = QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::System
                                                     | QDir::NoDotAndDotDot);
    for (const QString& name : names) {
        const QString path = folder + QLatin1Char('/') + name;
        const QByteArray native = QFile::encodeName(path);
        struct stat info {};
        if (::lstat(native.constData(), &info) != 0) {
            entries.insert(name, QByteArrayLiteral("(gone)"));
            continue;
        }
        QByteArray state = QByteArray::number(static_cast<qulonglong>(info.st_mode)) + ' '
                         + QByteArray::number(static_cast<qlonglong>(info.st_size)) + ' '
                         + QByteArray::number(static_cast<qlonglong>(info.st_mtim.tv_sec)) + '.'
                         + QByteArray::number(static_cast<qlonglong>(info.st_mtim.tv_nsec));
        if (S_ISLNK(info.st_mode)) {
            char target[4096];
            const ssize_t length = ::readlink(native.constData(), target, sizeof target);
            state += " -> " + QByteArray(target, static_cast<int>(std::max<ssize_t>(length, 0)));
        } else if (S_ISREG(info.st_mode) && info.st_size < (qlonglong(64) << 20)) {
            QFile file(path);
            if (file.open(QIODevice::ReadOnly))
                state += '\n' + file.readAll();
        }
        entries.insert(name, state);
    }
    return entries;
}

QString differenceBetween(const QMap<QString, QByteArray>& before, const QMap<QString, QByteArray>& after)
{
    for (auto entry = before.begin(); entry != before.end(); ++entry) {
        if (!after.contains(entry.key()))
            return entry.key() + QStringLiteral(" disappeared");
        if (after.value(entry.key()) != entry.value())
            return entry.key() + QStringLiteral(" changed");
    }
    for (auto entry = after.begin(); entry != after.end(); ++entry)
        if (!before.contains(entry.key()))
            return entry.key() + QStringLiteral(" appeared");
    return {};
}
