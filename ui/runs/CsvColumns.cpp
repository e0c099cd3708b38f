#include "runs/CsvColumns.h"

#include <QFile>

#include <cstdlib>

bool CsvColumns::load(const QString& path)
{
    index.clear();
    rows.clear();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QList<QByteArray> lines = file.readAll().split('\n');
    if (lines.isEmpty())
        return true;
    const QList<QByteArray> names = lines.front().trimmed().split(',');
    for (int column = 0; column < names.size(); ++column)
        index.insert(QString::fromUtf8(names[column]), column);
    for (qsizetype line = 1; line < lines.size(); ++line) {
        const QByteArray text = lines[line].trimmed();
        if (text.isEmpty())
            continue;
        const QList<QByteArray> cells = text.split(',');
        if (cells.size() != names.size())
            continue;
        std::vector<double> row;
        row.reserve(static_cast<size_t>(cells.size()));
        for (const QByteArray& cell : cells)
            row.push_back(std::strtod(cell.constData(), nullptr));
        rows.push_back(std::move(row));
    }
    return true;
}

double CsvColumns::value(size_t row, const QString& column) const
{
    const auto found = index.constFind(column);
    return found == index.constEnd() ? 0.0 : rows[row][static_cast<size_t>(*found)];
}
