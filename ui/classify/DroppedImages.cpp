#include "classify/DroppedImages.h"

#include "data/ImageDecoding.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QMimeData>

#include <algorithm>

bool mayHoldImages(const QMimeData& data)
{
    return data.hasUrls() || data.hasImage();
}

DroppedImages readDroppedImages(const QMimeData& data)
{
    if (data.hasUrls())
        return {data.urls(), {}};
    if (data.hasImage())
        return {{}, qvariant_cast<QImage>(data.imageData())};
    DroppedImages dropped;
    for (const QString& line : data.text().split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QString entry = line.trimmed();
        const QUrl url(entry);
        if (url.isLocalFile())
            dropped.urls << url;
        else if (QFileInfo(entry).isAbsolute() && QFileInfo::exists(entry))
            dropped.urls << QUrl::fromLocalFile(entry);
    }
    return dropped;
}

std::vector<DroppedUrl> readDroppedUrls(const QList<QUrl>& urls)
{
    std::vector<DroppedUrl> dropped;
    for (const QUrl& url : urls) {
        DroppedUrl item;
        item.url = url;
        if (!url.isLocalFile()) {
            item.kind = DroppedUrl::Kind::NotLocal;
        } else {
            item.path = url.toLocalFile();
            if (QFileInfo(item.path).isDir()) {
                item.kind = DroppedUrl::Kind::Folder;
                item.files = imagesInFolder(item.path);
            } else {
                item.files = QStringList{item.path};
            }
        }
        dropped.push_back(std::move(item));
    }
    return dropped;
}

QStringList imagesInFolder(const QString& folder)
{
    QStringList images;
    QDirIterator files(folder, QDir::Files | QDir::Readable, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QString path = files.next();
        if (ampwb::isImageFileName(path.toStdString()))
            images << path;
    }
    std::sort(images.begin(), images.end());
    return images;
}
