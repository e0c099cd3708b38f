// writeFileAtomically on real files: a pipe, a folder or a socket in the target's place is
// refused and left as it was; a symlink to a file is written through, so the link stays a
// link; a link planted where the temporary goes is replaced, not written through.
#include "system/AtomicFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace ampwb;

namespace {

QByteArray contentOf(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("(unreadable)");
}

/// A listening Unix socket bound at `path`; its descriptor, or -1.
int bindSocket(const QString& path)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const QByteArray bytes = path.toLocal8Bit();
    if (fd < 0 || bytes.size() >= static_cast<int>(sizeof address.sun_path))
        return -1;
    std::copy(bytes.begin(), bytes.end(), address.sun_path);
    return ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 ? fd : -1;
}

} // namespace

class AtomicFileTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(scratch.isValid()); }

    void specialFilesAreRefusedAndKept_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("called");
        QTest::newRow("pipe") << "pipe"
                              << "a pipe";
        QTest::newRow("folder") << "folder"
                                << "a folder";
        QTest::newRow("socket") << "socket"
                                << "a socket";
        QTest::newRow("link to a pipe") << "link"
                                        << "a pipe";
    }

    void specialFilesAreRefusedAndKept()
    {
        QFETCH(QString, kind);
        QFETCH(QString, called);
        const QString path = scratch.filePath(kind);
        int socket = -1;
        if (kind == QLatin1String("pipe"))
            QCOMPARE(::mkfifo(path.toLocal8Bit().constData(), 0600), 0);
        else if (kind == QLatin1String("folder"))
            QVERIFY(QDir().mkpath(path));
        else if (kind == QLatin1String("socket"))
            QVERIFY((socket = bindSocket(path)) >= 0);
        else
            QVERIFY(::mkfifo((path + "-target").toLocal8Bit().constData(), 0600) == 0
                    && QFile::link(path + "-target", path));

        bool wrote = false;
        try {
            writeFileAtomically(path.toStdString(), [&](const std::string& temporary) {
                wrote = true;
                QFile(QString::fromStdString(temporary)).open(QIODevice::WriteOnly);
            });
            QFAIL("writing over a special file was not refused");
        } catch (const std::runtime_error& error) {
            QVERIFY2(QString::fromUtf8(error.what()).contains(called + QStringLiteral(", not a file")), error.what());
        }
        QVERIFY(!wrote);
        struct stat after {};
        QCOMPARE(::stat(path.toLocal8Bit().constData(), &after), 0);
        QVERIFY(!S_ISREG(after.st_mode));
        QVERIFY(!QFileInfo::exists(path + QStringLiteral(".partial")));
        if (socket >= 0)
            ::close(socket);
    }

    void deviceIsNeverReplaceable()
    {
        // Only asked, never written: a failing test must not replace the machine's /dev/null.
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, requireReplaceable("/dev/null"));
        requireReplaceable(scratch.filePath(QStringLiteral("not-there-yet")).toStdString());
    }

    void linkToAFileIsWrittenThrough()
    {
        const QString target = scratch.filePath(QStringLiteral("target.txt"));
        const QString link = scratch.filePath(QStringLiteral("link.txt"));
        writeTextAtomically(target.toStdString(), "old");
        QVERIFY(QFile::link(target, link));
        writeTextAtomically(link.toStdString(), "new");
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(contentOf(target), QByteArray("new"));
    }

    void plantedTemporaryLinkIsNotWrittenThrough()
    {
        const QString victim = scratch.filePath(QStringLiteral("victim.txt"));
        const QString path = scratch.filePath(QStringLiteral("result.txt"));
        writeTextAtomically(victim.toStdString(), "keep me");
        QVERIFY(QFile::link(victim, path + QStringLiteral(".partial")));
        writeTextAtomically(path.toStdString(), "result");
        QCOMPARE(contentOf(victim), QByteArray("keep me"));
        QCOMPARE(contentOf(path), QByteArray("result"));
        QVERIFY(!QFileInfo(path).isSymLink());
    }

private:
    QTemporaryDir scratch;
};

QTEST_GUILESS_MAIN(AtomicFileTest)
#include "AtomicFileTest.moc"
