#include "FlowLayout.h"

#include <QStyle>
#include <QWidget>

#include <algorithm>

FlowLayout::FlowLayout(QWidget* parent)
    : QLayout(parent)
{
    setContentsMargins(0, 0, 0, 0);
}

FlowLayout::~FlowLayout()
{
    qDeleteAll(items);
}

void FlowLayout::addItem(QLayoutItem* item)
{
    items.append(item);
}

int FlowLayout::count() const
{
    return static_cast<int>(items.size());
}

QLayoutItem* FlowLayout::itemAt(int index) const
{
    return index >= 0 && index < items.size() ? items.at(index) : nullptr;
}

QLayoutItem* FlowLayout::takeAt(int index)
{
    return index >= 0 && index < items.size() ? items.takeAt(index) : nullptr;
}

Qt::Orientations FlowLayout::expandingDirections() const
{
    return {};
}

bool FlowLayout::hasHeightForWidth() const
{
    return true;
}

int FlowLayout::heightForWidth(int width) const
{
    return arrange(QRect(0, 0, width, 0), false);
}

QSize FlowLayout::minimumSize() const
{
    QSize smallest;
    for (const QLayoutItem* item : items)
        smallest = smallest.expandedTo(item->minimumSize());
    const QMargins margins = contentsMargins();
    return smallest.grownBy(margins);
}

QSize FlowLayout::sizeHint() const
{
    int width = 0;
    int height = 0;
    for (const QLayoutItem* item : items) {
        if (item->isEmpty())
            continue;
        width += (width > 0 ? gap() : 0) + item->sizeHint().width();
        height = std::max(height, item->sizeHint().height());
    }
    return QSize(width, height).grownBy(contentsMargins());
}

void FlowLayout::setGeometry(const QRect& rect)
{
    QLayout::setGeometry(rect);
    arrange(rect, true);
}

int FlowLayout::gap() const
{
    if (spacing() >= 0)
        return spacing();
    const QWidget* parent = parentWidget();
    const int styled = parent ? parent->style()->pixelMetric(QStyle::PM_LayoutHorizontalSpacing, nullptr, parent) : -1;
    return styled >= 0 ? styled : 6;
}

int FlowLayout::arrange(const QRect& rect, bool place) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    int top = area.top();
    QList<QLayoutItem*> line;
    int lineWidth = 0;
    int lineHeight = 0;
    // Each line's items side by side at their preferred widths (no wider than the line), centred on the line.
    const auto finishLine = [&] {
        int left = area.left();
        for (QLayoutItem* item : line) {
            const QSize size = item->sizeHint().boundedTo(QSize(area.width(), QWIDGETSIZE_MAX));
            if (place)
                item->setGeometry(QRect(QPoint(left, top + (lineHeight - size.height()) / 2), size));
            left += size.width() + gap();
        }
        top += lineHeight + gap();
        line.clear();
        lineWidth = 0;
        lineHeight = 0;
    };
    for (QLayoutItem* item : items) {
        if (item->isEmpty())
            continue;
        const QSize size = item->sizeHint();
        if (!line.isEmpty() && lineWidth + gap() + size.width() > area.width())
            finishLine();
        lineWidth += (line.isEmpty() ? 0 : gap()) + size.width();
        lineHeight = std::max(lineHeight, size.height());
        line.append(item);
    }
    if (!line.isEmpty())
        finishLine();
    const int used = top > area.top() ? top - gap() - area.top() : 0;
    return used + contentsMargins().top() + contentsMargins().bottom();
}
