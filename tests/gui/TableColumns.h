#pragma once

#include <QAbstractItemView>
#include <QHeaderView>
#include <QString>
#include <QStringList>
#include <QTableView>

/// The width the column's widest text needs (public on QAbstractItemView, protected on QTableView).
inline int columnNeeds(const QTableView& table, int column)
{
    return static_cast<const QAbstractItemView&>(table).sizeHintForColumn(column);
}

/// Each shown column at least as wide as its widest text, and all of them inside the table: nothing behind
/// a scrollbar.
inline bool showsEveryColumnWhole(const QTableView& table)
{
    for (int column = 0; column < table.model()->columnCount(); ++column) {
        if (!table.isColumnHidden(column) && table.columnWidth(column) < columnNeeds(table, column))
            return false;
    }
    return table.horizontalHeader()->length() <= table.viewport()->width();
}

/// "widths/needed 67/67 67/67 141/141, shown 264 px": what a failed showsEveryColumnWhole saw.
inline QString columnWidths(const QTableView& table)
{
    QStringList widths;
    for (int column = 0; column < table.model()->columnCount(); ++column)
        widths << QStringLiteral("%1/%2").arg(table.columnWidth(column)).arg(columnNeeds(table, column));
    return QStringLiteral("widths/needed %1, shown %2 px")
        .arg(widths.join(QLatin1Char(' ')))
        .arg(table.viewport()->width());
}

/// Every row inside the table's viewport: none cut off at the bottom.
inline bool showsEveryRow(const QTableView& table)
{
    return table.verticalHeader()->length() <= table.viewport()->height();
}
