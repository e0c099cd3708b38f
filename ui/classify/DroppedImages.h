#pragma once

#include <QImage>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <vector>

class QMimeData;

/// What a drop or the clipboard offers to classify: URLs (files, folders, or others that
/// cannot be classified) or image data; neither when it holds nothing to classify.
struct DroppedImages {
    QList<QUrl> urls;
    QImage image;

    bool isEmpty() const { return urls.isEmpty() && image.isNull(); }
};

/// One dropped URL, read: a file, a folder with the images found in it, or not a local file.
struct DroppedUrl {
    enum class Kind { File, Folder, NotLocal };

    Kind kind = Kind::File;
    QUrl url;
    QString path;      ///< the local file or folder; empty when not local
    QStringList files; ///< what to classify: the file itself, or the folder's images (maybe none)
};

/// Whether a drag may carry something to classify (URLs or image data), so it can be accepted.
bool mayHoldImages(const QMimeData& data);
/// Reads a drop or the clipboard: its URLs when it has some, else its image data, else the
/// file URLs and absolute paths of existing files in its text, one a line.
DroppedImages readDroppedImages(const QMimeData& data);
/// Reads each URL: a local folder is searched for images (imagesInFolder), any other local
/// path is taken as it is (whoever reads it says when it is no image).
std::vector<DroppedUrl> readDroppedUrls(const QList<QUrl>& urls);
/// The readable files with an image extension in `folder` and its subfolders, sorted by path.
QStringList imagesInFolder(const QString& folder);
