// A small real file system for full-disk tests.
#pragma once

#include <QString>

/// A tmpfs of a given size mounted at a folder while the object lives. Mounting needs
/// root (CI runs as root); `mounted` says whether it worked and `error` why not.
class SmallDisk {
public:
    SmallDisk(const QString& path, qint64 bytes);
    ~SmallDisk();
    SmallDisk(const SmallDisk&) = delete;
    SmallDisk& operator=(const SmallDisk&) = delete;

    bool mounted = false;
    QString error;

private:
    QString mountPoint;
};
