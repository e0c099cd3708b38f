#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

class QFile;

/// The complete lines another process appends to a text file, read a piece at a time as
/// `tail -F` reads them: only the bytes added since the last read, never a last line that
/// has no newline yet, and the whole file again when it was truncated or replaced.
class FileTail {
public:
    explicit FileTail(QString path);

    /// What one read found.
    struct Lines {
        QList<QByteArray> lines; ///< complete lines, without their line ends
        /// The file was truncated or replaced since the last read: `lines` start at its first line.
        bool rewritten = false;
        /// More complete lines may follow than `maxBytes` let this read take.
        bool moreToRead = false;
    };

    /// The complete lines added since the last read, at most about `maxBytes` of them; none
    /// while the file is missing.
    Lines readAppended(qint64 maxBytes);
    /// Reads from the file's first line again.
    void rewind();

    const QString& path() const { return filePath; }

private:
    /// Whether the bytes before `offset` are still the ones read last (the file was only appended to).
    bool stillAppendedTo(QFile& file) const;

    QString filePath;
    qint64 offset = 0;
    QByteArray lastBytesRead;
};
