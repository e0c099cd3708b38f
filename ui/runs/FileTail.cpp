#include "runs/FileTail.h"

#include <QFile>

#include <algorithm>

namespace {

/// How many of the bytes read last are compared to tell an appended file from a replaced one.
constexpr qsizetype kComparedBytes = 256;

} // namespace

FileTail::FileTail(QString path)
    : filePath(std::move(path))
{
}

void FileTail::rewind()
{
    offset = 0;
    lastBytesRead.clear();
}

bool FileTail::stillAppendedTo(QFile& file) const
{
    if (file.size() < offset)
        return false;
    return file.seek(offset - lastBytesRead.size()) && file.read(lastBytesRead.size()) == lastBytesRead;
}

FileTail::Lines FileTail::readAppended(qint64 maxBytes)
{
    Lines result;
    QFile file(filePath);
    if (!file.open(QIODevice::ReadOnly))
        return result;
    if (offset > 0 && !stillAppendedTo(file)) {
        result.rewritten = true;
        rewind();
    }
    const qint64 available = file.size() - offset;
    if (available <= 0 || !file.seek(offset))
        return result;
    QByteArray chunk = file.read(std::min(available, maxBytes));
    const qsizetype end = chunk.lastIndexOf('\n');
    if (end < 0)
        return result;
    chunk.truncate(end + 1);
    offset += chunk.size();
    lastBytesRead = (lastBytesRead + chunk).right(kComparedBytes);
    result.moreToRead = available > maxBytes;
    chunk.chop(1);
    for (QByteArray& line : chunk.split('\n')) {
        if (line.endsWith('\r'))
            line.chop(1);
        result.lines << line;
    }
    return result;
}
