#include "ConfusionHeatMap.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace {

constexpr int kMinimumCell = 22;
constexpr int kMaximumLabel = 140;

/// White to deep blue as `level` goes from 0 to 1.
QColor shade(double level)
{
    const double t = std::clamp(level, 0.0, 1.0);
    return QColor::fromRgbF(static_cast<float>(1.0 - 0.85 * t), static_cast<float>(1.0 - 0.65 * t),
                            static_cast<float>(1.0 - 0.25 * t));
}

} // namespace

ConfusionHeatMap::ConfusionHeatMap(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void ConfusionHeatMap::setMatrix(const ampwb::ConfusionMatrix& confusion, const QStringList& classNames)
{
    matrix = confusion;
    names = classNames;
    chosen.reset();
    updateGeometry();
    update();
}

void ConfusionHeatMap::setRowNormalised(bool normalised)
{
    rowNormalised = normalised;
    update();
}

void ConfusionHeatMap::chooseCell(std::optional<Cell> cell)
{
    if (chosen == cell)
        return;
    chosen = cell;
    update();
    Q_EMIT cellChosen(chosen);
}

int ConfusionHeatMap::labelWidth() const
{
    int widest = 0;
    for (const QString& name : names)
        widest = std::max(widest, fontMetrics().horizontalAdvance(name));
    return std::min(widest, kMaximumLabel) + 16;
}

int ConfusionHeatMap::titleBand() const
{
    return fontMetrics().height() + 4;
}

QRect ConfusionHeatMap::gridRect() const
{
    const int label = titleBand() + labelWidth();
    const int classes = static_cast<int>(matrix.classCount());
    const int side = std::min(width() - label - 4, height() - label - 4);
    const int cell = std::max(1, side / std::max(1, classes));
    return {label, label, cell * classes, cell * classes};
}

QRect ConfusionHeatMap::cellRect(const Cell& cell) const
{
    const QRect grid = gridRect();
    const int side = grid.width() / static_cast<int>(std::max<int64_t>(1, matrix.classCount()));
    return {grid.left() + cell.predictedClass * side, grid.top() + cell.trueClass * side, side, side};
}

std::optional<ConfusionHeatMap::Cell> ConfusionHeatMap::cellAt(const QPoint& point) const
{
    const QRect grid = gridRect();
    if (!grid.contains(point) || matrix.classCount() == 0)
        return std::nullopt;
    const int side = grid.width() / static_cast<int>(matrix.classCount());
    const Cell cell{(point.y() - grid.top()) / side, (point.x() - grid.left()) / side};
    if (cell.trueClass >= matrix.classCount() || cell.predictedClass >= matrix.classCount())
        return std::nullopt;
    return cell;
}

double ConfusionHeatMap::share(const Cell& cell) const
{
    const int64_t support = matrix.support(cell.trueClass);
    return support > 0 ? double(matrix.count(cell.trueClass, cell.predictedClass)) / double(support) : 0.0;
}

QString ConfusionHeatMap::explain(const Cell& cell) const
{
    const int64_t count = matrix.count(cell.trueClass, cell.predictedClass);
    const QString percent = QString::number(100.0 * share(cell), 'f', 1);
    const QString trueName = names.value(cell.trueClass);
    if (cell.trueClass == cell.predictedClass)
        return tr("%n %1 image(s) (%2 % of them) were recognised as %1", "", static_cast<int>(count))
            .arg(trueName, percent);
    return tr("%n %1 image(s) (%2 % of them) were taken for %3", "", static_cast<int>(count))
        .arg(trueName, percent, names.value(cell.predictedClass));
}

QSize ConfusionHeatMap::minimumSizeHint() const
{
    const int side = titleBand() + labelWidth() + kMinimumCell * static_cast<int>(matrix.classCount()) + 4;
    return {side, side};
}

QSize ConfusionHeatMap::sizeHint() const
{
    const int side = titleBand() + labelWidth() + 2 * kMinimumCell * static_cast<int>(matrix.classCount()) + 4;
    return {side, side};
}

void ConfusionHeatMap::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    const int classes = static_cast<int>(matrix.classCount());
    if (matrix.total() == 0 || classes == 0)
        return;
    const QRect grid = gridRect();
    const int side = grid.width() / classes;
    int64_t largest = 1;
    for (int row = 0; row < classes; ++row)
        for (int column = 0; column < classes; ++column)
            largest = std::max(largest, matrix.count(row, column));
    QFont small = font();
    small.setPointSizeF(std::max(6.0, std::min(font().pointSizeF(), side / 3.2)));
    for (int row = 0; row < classes; ++row) {
        for (int column = 0; column < classes; ++column) {
            const Cell cell{row, column};
            const double level = rowNormalised ? share(cell) : double(matrix.count(row, column)) / double(largest);
            const QRect area = cellRect(cell);
            painter.fillRect(area, shade(level));
            painter.setPen(level > 0.55 ? Qt::white : Qt::black);
            painter.setFont(small);
            const QString text = rowNormalised ? QString::number(100.0 * share(cell), 'f', 0)
                                               : QString::number(matrix.count(row, column));
            if (painter.fontMetrics().horizontalAdvance(text) < side - 2)
                painter.drawText(area, Qt::AlignCenter, text);
        }
    }
    painter.setFont(font());
    painter.setPen(palette().text().color());
    const int band = titleBand();
    const int label = labelWidth();
    for (int each = 0; each < classes; ++each) {
        const QString name = fontMetrics().elidedText(names.value(each), Qt::ElideRight, label - 6);
        painter.drawText(QRect(band, grid.top() + each * side, label - 4, side), Qt::AlignRight | Qt::AlignVCenter,
                         name);
        painter.save();
        painter.translate(grid.left() + each * side, band + label - 4);
        painter.rotate(-90);
        painter.drawText(QRect(0, 0, label - 4, side), Qt::AlignLeft | Qt::AlignVCenter, name);
        painter.restore();
    }
    // The axes' titles: the columns are what the model said, the rows what the image was.
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.drawText(QRect(grid.left(), 0, grid.width(), band), Qt::AlignCenter, tr("Predicted class"));
    painter.save();
    painter.translate(0, grid.bottom());
    painter.rotate(-90);
    painter.drawText(QRect(0, 0, grid.height(), band), Qt::AlignCenter, tr("True class"));
    painter.restore();
    painter.setFont(font());
    painter.setPen(QPen(palette().text().color(), 1));
    painter.drawRect(grid.adjusted(0, 0, -1, -1));
    if (chosen) {
        painter.setPen(QPen(QColor(220, 60, 20), 3));
        painter.drawRect(cellRect(*chosen).adjusted(1, 1, -2, -2));
    }
}

void ConfusionHeatMap::mouseMoveEvent(QMouseEvent* event)
{
    const std::optional<Cell> cell = cellAt(event->position().toPoint());
    Q_EMIT cellExplained(cell ? explain(*cell) : QString());
}

void ConfusionHeatMap::mousePressEvent(QMouseEvent* event)
{
    const std::optional<Cell> cell = cellAt(event->position().toPoint());
    chooseCell(cell && cell == chosen ? std::nullopt : cell);
}

void ConfusionHeatMap::leaveEvent(QEvent*)
{
    Q_EMIT cellExplained(QString());
}
