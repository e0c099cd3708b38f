// Reading drops and the clipboard for the Classify tab, on real files in a temporary folder:
// nested folders searched for images, other files and unreadable entries left out, file URLs
// against other URLs, image data (also on the real clipboard) and text naming files.
#include "classify/DroppedImages.h"

#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QMimeData>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

Q_DECLARE_METATYPE(DroppedUrl::Kind)

namespace {

/// A small image with distinct pixels, so a copy that lost them shows.
QImage testImage()
{
    QImage image(7, 5, QImage::Format_RGB32);
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x)
            image.setPixel(x, y, qRgb(30 * x, 50 * y, 200 - 20 * x));
    }
    return image;
}

bool writeText(const QString& path, const QByteArray& text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

} // namespace

class DroppedImagesTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir folder;

    QString path(const QString& name) const { return folder.filePath(name); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(folder.isValid());
        // album/  a.jpg  B.PNG  notes.txt  photo.jpg.txt  folder.jpg/  inner/{c.bmp, readme.md, e.jpeg, deeper/d.webp}
        QVERIFY(QDir().mkpath(path(QStringLiteral("album/inner/deeper"))));
        QVERIFY(QDir().mkpath(path(QStringLiteral("album/folder.jpg"))));
        QVERIFY(QDir().mkpath(path(QStringLiteral("empty"))));
        const QImage image = testImage();
        QVERIFY(image.save(path(QStringLiteral("album/a.jpg")), "JPG"));
        QVERIFY(image.save(path(QStringLiteral("album/B.PNG")), "PNG"));
        QVERIFY(image.save(path(QStringLiteral("album/inner/c.bmp")), "BMP"));
        QVERIFY(image.save(path(QStringLiteral("album/inner/e.jpeg")), "JPG"));
        QVERIFY(QFile::copy(path(QStringLiteral("album/B.PNG")), path(QStringLiteral("album/inner/deeper/d.webp"))));
        QVERIFY(writeText(path(QStringLiteral("album/notes.txt")), "not an image"));
        QVERIFY(writeText(path(QStringLiteral("album/photo.jpg.txt")), "not an image either"));
        QVERIFY(writeText(path(QStringLiteral("album/inner/readme.md")), "# the inner folder"));
    }

    void foldersAreSearchedForImagesInSubfolders()
    {
        const QString album = path(QStringLiteral("album"));
        QCOMPARE(imagesInFolder(album),
                 (QStringList{album + QStringLiteral("/B.PNG"), album + QStringLiteral("/a.jpg"),
                              album + QStringLiteral("/inner/c.bmp"), album + QStringLiteral("/inner/deeper/d.webp"),
                              album + QStringLiteral("/inner/e.jpeg")}));
        QCOMPARE(imagesInFolder(album + QStringLiteral("/inner/deeper")),
                 QStringList{album + QStringLiteral("/inner/deeper/d.webp")});
    }

    void emptyAndMissingFoldersHoldNoImages()
    {
        QCOMPARE(imagesInFolder(path(QStringLiteral("empty"))), QStringList());
        QCOMPARE(imagesInFolder(path(QStringLiteral("no-such-folder"))), QStringList());
    }

    void unreadableEntriesAreLeftOut()
    {
        const QString shelf = path(QStringLiteral("shelf"));
        QVERIFY(QDir().mkpath(shelf + QStringLiteral("/locked")));
        const QImage image = testImage();
        QVERIFY(image.save(shelf + QStringLiteral("/open.png"), "PNG"));
        QVERIFY(image.save(shelf + QStringLiteral("/secret.png"), "PNG"));
        QVERIFY(image.save(shelf + QStringLiteral("/locked/hidden.png"), "PNG"));
        QVERIFY(QFile::link(shelf + QStringLiteral("/gone.png"), shelf + QStringLiteral("/dangling.png")));
        const auto folderPermissions = QFile::permissions(shelf + QStringLiteral("/locked"));
        const auto filePermissions = QFile::permissions(shelf + QStringLiteral("/secret.png"));
        QVERIFY(QFile::setPermissions(shelf + QStringLiteral("/secret.png"), QFileDevice::Permissions()));
        QVERIFY(QFile::setPermissions(shelf + QStringLiteral("/locked"), QFileDevice::Permissions()));
        const auto unlock = qScopeGuard([&] {
            QFile::setPermissions(shelf + QStringLiteral("/locked"), folderPermissions);
            QFile::setPermissions(shelf + QStringLiteral("/secret.png"), filePermissions);
        });

        // Permissions bind everyone but root, who can read anything.
        const QFileInfo secret(shelf + QStringLiteral("/secret.png"));
        const QFileInfo locked(shelf + QStringLiteral("/locked"));
        QStringList expected;
        if (locked.isReadable() && locked.isExecutable())
            expected << shelf + QStringLiteral("/locked/hidden.png");
        expected << shelf + QStringLiteral("/open.png");
        if (secret.isReadable()) {
            expected << secret.filePath();
            qInfo("this user reads files without read permission (root): only the dangling link is unreadable");
        }
        QCOMPARE(imagesInFolder(shelf), expected);
    }

    void droppedUrlsAreRead_data()
    {
        QTest::addColumn<QUrl>("url");
        QTest::addColumn<DroppedUrl::Kind>("kind");
        QTest::addColumn<QString>("localPath");
        QTest::addColumn<QStringList>("files");

        const QString album = path(QStringLiteral("album"));
        const auto file = [](const QString& name) { return QUrl::fromLocalFile(name); };
        QTest::newRow("image file") << file(album + QStringLiteral("/a.jpg")) << DroppedUrl::Kind::File
                                    << album + QStringLiteral("/a.jpg")
                                    << QStringList{album + QStringLiteral("/a.jpg")};
        // Taken as they are: the worker says they cannot be read as images.
        QTest::newRow("text file") << file(album + QStringLiteral("/notes.txt")) << DroppedUrl::Kind::File
                                   << album + QStringLiteral("/notes.txt")
                                   << QStringList{album + QStringLiteral("/notes.txt")};
        QTest::newRow("missing file") << file(album + QStringLiteral("/gone.jpg")) << DroppedUrl::Kind::File
                                      << album + QStringLiteral("/gone.jpg")
                                      << QStringList{album + QStringLiteral("/gone.jpg")};
        QTest::newRow("folder") << file(album + QStringLiteral("/inner")) << DroppedUrl::Kind::Folder
                                << album + QStringLiteral("/inner")
                                << QStringList{album + QStringLiteral("/inner/c.bmp"),
                                               album + QStringLiteral("/inner/deeper/d.webp"),
                                               album + QStringLiteral("/inner/e.jpeg")};
        QTest::newRow("folder named like an image")
            << file(album + QStringLiteral("/folder.jpg")) << DroppedUrl::Kind::Folder
            << album + QStringLiteral("/folder.jpg") << QStringList();
        QTest::newRow("empty folder") << file(path(QStringLiteral("empty"))) << DroppedUrl::Kind::Folder
                                      << path(QStringLiteral("empty")) << QStringList();
        QTest::newRow("web image") << QUrl(QStringLiteral("https://example.com/cat.jpg")) << DroppedUrl::Kind::NotLocal
                                   << QString() << QStringList();
        QTest::newRow("file on another computer") << QUrl(QStringLiteral("sftp://server/home/me/a.jpg"))
                                                  << DroppedUrl::Kind::NotLocal << QString() << QStringList();
    }

    void droppedUrlsAreRead()
    {
        QFETCH(QUrl, url);
        QFETCH(DroppedUrl::Kind, kind);
        QFETCH(QString, localPath);
        QFETCH(QStringList, files);
        const std::vector<DroppedUrl> dropped = readDroppedUrls({url});
        QCOMPARE(dropped.size(), std::size_t(1));
        QCOMPARE(dropped[0].url, url);
        QCOMPARE(dropped[0].kind, kind);
        QCOMPARE(dropped[0].path, localPath);
        QCOMPARE(dropped[0].files, files);
    }

    void droppedUrlsKeepTheirOrder()
    {
        const QList<QUrl> urls{QUrl(QStringLiteral("https://example.com/cat.jpg")),
                               QUrl::fromLocalFile(path(QStringLiteral("album/inner"))),
                               QUrl::fromLocalFile(path(QStringLiteral("album/a.jpg")))};
        const std::vector<DroppedUrl> dropped = readDroppedUrls(urls);
        QCOMPARE(dropped.size(), std::size_t(3));
        for (int i = 0; i < 3; ++i)
            QCOMPARE(dropped[i].url, urls[i]);
        QVERIFY(readDroppedUrls({}).empty());
    }

    void urlsAreReadBeforeImageDataAndText()
    {
        const QList<QUrl> urls{QUrl::fromLocalFile(path(QStringLiteral("album/a.jpg"))),
                               QUrl(QStringLiteral("https://example.com/cat.jpg"))};
        QMimeData data;
        data.setUrls(urls);
        data.setImageData(testImage());
        QVERIFY(mayHoldImages(data));
        const DroppedImages dropped = readDroppedImages(data);
        QCOMPARE(dropped.urls, urls);
        QVERIFY(dropped.image.isNull());
        QVERIFY(!dropped.isEmpty());
    }

    void imageDataIsRead()
    {
        QMimeData data;
        data.setImageData(testImage());
        QVERIFY(mayHoldImages(data));
        const DroppedImages dropped = readDroppedImages(data);
        QVERIFY(dropped.urls.isEmpty());
        QCOMPARE(dropped.image.convertToFormat(QImage::Format_RGB32), testImage());
    }

    void clipboardImageIsRead()
    {
        QClipboard* clipboard = QGuiApplication::clipboard();
        clipboard->setImage(testImage());
        const QMimeData* data = clipboard->mimeData();
        QVERIFY(data);
        QVERIFY(mayHoldImages(*data));
        const DroppedImages dropped = readDroppedImages(*data);
        QVERIFY(dropped.urls.isEmpty());
        QCOMPARE(dropped.image.convertToFormat(QImage::Format_RGB32), testImage());
    }

    void clipboardFileUrlsAreRead()
    {
        const QList<QUrl> urls{QUrl::fromLocalFile(path(QStringLiteral("album")))};
        auto* files = new QMimeData;
        files->setUrls(urls);
        QGuiApplication::clipboard()->setMimeData(files);
        const DroppedImages dropped = readDroppedImages(*QGuiApplication::clipboard()->mimeData());
        QCOMPARE(dropped.urls, urls);
        QVERIFY(dropped.image.isNull());
    }

    void textNamingFilesIsRead()
    {
        const QString image = path(QStringLiteral("album/a.jpg"));
        const QString folderPath = path(QStringLiteral("album/inner"));
        QMimeData data;
        data.setText(QUrl::fromLocalFile(image).toString() + QStringLiteral("\n\n   ") + folderPath
                     + QStringLiteral("  \nalbum/B.PNG\n") + path(QStringLiteral("album/gone.jpg"))
                     + QStringLiteral("\nhttps://example.com/cat.jpg\njust words\n"));
        QVERIFY(!mayHoldImages(data)); // dragging text is not offered as images
        const DroppedImages dropped = readDroppedImages(data);
        QCOMPARE(dropped.urls, (QList<QUrl>{QUrl::fromLocalFile(image), QUrl::fromLocalFile(folderPath)}));
        QVERIFY(dropped.image.isNull());
    }

    void nothingToClassifyIsEmpty()
    {
        QMimeData words;
        words.setText(QStringLiteral("just words\nhttps://example.com/cat.jpg"));
        QVERIFY(readDroppedImages(words).isEmpty());
        QMimeData html;
        html.setHtml(QStringLiteral("<img src=\"cat.jpg\">"));
        QVERIFY(!mayHoldImages(html));
        QVERIFY(readDroppedImages(html).isEmpty());
        QMimeData nothing;
        QVERIFY(!mayHoldImages(nothing));
        QVERIFY(readDroppedImages(nothing).isEmpty());
        QGuiApplication::clipboard()->setText(QStringLiteral("just words"));
        QVERIFY(readDroppedImages(*QGuiApplication::clipboard()->mimeData()).isEmpty());
    }
};

QTEST_MAIN(DroppedImagesTest)
#include "DroppedImagesTest.moc"
