#pragma once

#include "charts/AxisFit.h"
#include "charts/QCustomPlotNoKeywords.h"

#include <QFontMetrics>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <algorithm>
#include <utility>
#include <vector>

/// What on `plot` a reader could not read, one finding per line (empty: all of it readable): an axis title
/// longer than its axis (cut off at the plot's edge), tick labels that run into each other, a legend taller
/// than a third of the plot.
inline QString unreadableParts(const QCustomPlot& plot)
{
    QStringList findings;
    const QString name = plot.objectName();
    for (const QCPAxis* axis : plot.findChildren<QCPAxis*>()) {
        if (!axis->visible() || !axis->axisRect())
            continue;
        const bool vertical = axis->orientation() == Qt::Vertical;
        const int length = vertical ? axis->axisRect()->height() : axis->axisRect()->width();
        const QFontMetrics titleMetrics(axis->labelFont());
        if (titleMetrics.horizontalAdvance(axis->label()) > length)
            findings << QStringLiteral("%1: title \"%2\" is %3 px on an axis of %4 px")
                            .arg(name, axis->label())
                            .arg(titleMetrics.horizontalAdvance(axis->label()))
                            .arg(length);
        const QFontMetrics tickMetrics(axis->tickLabelFont());
        std::vector<std::pair<double, QString>> ticks; // pixel, label
        const QVector<double> positions = axis->tickVector();
        const QVector<QString> labels = axis->tickVectorLabels();
        for (int index = 0; index < std::min(positions.size(), labels.size()); ++index) {
            if (axis->range().contains(positions[index]) && !labels[index].isEmpty())
                ticks.emplace_back(axis->coordToPixel(positions[index]), labels[index]);
        }
        std::sort(ticks.begin(), ticks.end());
        for (size_t index = 1; index < ticks.size(); ++index) {
            const auto& [before, beforeLabel] = ticks[index - 1];
            const auto& [after, afterLabel] = ticks[index];
            const double needed = vertical ? tickMetrics.height() - 2.0
                                           : (tickMetrics.horizontalAdvance(beforeLabel)
                                              + tickMetrics.horizontalAdvance(afterLabel))
                                                 / 2.0;
            if (after - before < needed)
                findings << QStringLiteral("%1: tick labels \"%2\" and \"%3\" of \"%4\" %5 px apart")
                                .arg(name, beforeLabel, afterLabel, axisTitle(*axis))
                                .arg(after - before);
        }
    }
    // A legend below the plot takes no more than a third of its height; one beside it fits its height.
    const QCPLegend* legend = plot.legend;
    if (legend && legend->visible() && legend->layout() && legend->itemCount() > 0) {
        const QRect box = legend->outerRect();
        const bool beside = box.left() >= plot.axisRect()->right();
        if (box.height() > (beside ? plot.height() : plot.height() / 3))
            findings << QStringLiteral("%1: legend %2×%3 px %4 a plot of %5×%6 px")
                            .arg(name)
                            .arg(box.width())
                            .arg(box.height())
                            .arg(beside ? QStringLiteral("beside") : QStringLiteral("below"))
                            .arg(plot.width())
                            .arg(plot.height());
    }
    return findings.join(QLatin1Char('\n'));
}

/// unreadableParts of every plot shown inside `top`.
inline QString unreadableCharts(const QWidget& top)
{
    QStringList findings;
    for (QCustomPlot* plot : top.findChildren<QCustomPlot*>()) {
        if (!plot->isVisible())
            continue;
        plot->replot(); // as drawn at its present size: once to fit the ticks to it, once to draw them
        plot->replot();
        const QString found = unreadableParts(*plot);
        if (!found.isEmpty())
            findings << found;
    }
    return findings.join(QLatin1Char('\n'));
}
