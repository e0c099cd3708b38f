#include "SmallDisk.h"

#include <QDir>
#include <QProcess>

SmallDisk::SmallDisk(const QString& path, qint64 bytes)
    : mountPoint(path)
{
    QDir().mkpath(path);
    QProcess mount;
    mount.start(QStringLiteral("mount"), {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                                          QStringLiteral("size=%1").arg(bytes), QStringLiteral("tmpfs"), path});
    mounted = mount.waitForFinished(30000) && mount.exitStatus() == QProcess::NormalExit && mount.exitCode() == 0;
    error = mount.error() == QProcess::FailedToStart ? mount.errorString()
                                                     : QString::fromLocal8Bit(mount.readAllStandardError()).trimmed();
}

SmallDisk::~SmallDisk()
{
    if (mounted)
        QProcess::execute(QStringLiteral("umount"), {mountPoint});
}
