#include "charts/AxisFit.h"

#include "charts/QCustomPlotNoKeywords.h"

#include <QFontMetrics>

#include <algorithm>

namespace {

constexpr const char* kWholeTitle = "ampwbWholeTitle";
constexpr int kMostTicks = 6;

int axisLength(const QCPAxis& axis)
{
    return axis.orientation() == Qt::Vertical ? axis.axisRect()->height() : axis.axisRect()->width();
}

/// As many ticks as fit along `axis` with a gap between their labels: two lines of text apart on a
/// vertical axis, the widest label and two characters apart on a horizontal one.
int ticksThatFit(const QCPAxis& axis)
{
    const QFontMetrics metrics(axis.tickLabelFont());
    int spacing = 2 * metrics.height();
    if (axis.orientation() == Qt::Horizontal) {
        int widest = metrics.horizontalAdvance(QStringLiteral("0000"));
        for (const QString& label : axis.tickVectorLabels())
            widest = std::max(widest, metrics.horizontalAdvance(label));
        spacing = widest + 2 * metrics.horizontalAdvance(QLatin1Char('0')) + metrics.height();
    }
    return std::clamp(axisLength(axis) / spacing, 2, kMostTicks);
}

/// Shortens `axis`'s title to its length (a title never changes the layout: its line is there either way).
void fitTitle(QCPAxis& axis)
{
    const QVariant whole = axis.property(kWholeTitle);
    if (whole.isValid())
        axis.setLabel(QFontMetrics(axis.labelFont())
                          .elidedText(whole.toString(), Qt::ElideRight, std::max(axisLength(axis) - 4, 0)));
}

/// Gives `axis` as many ticks as fit; true when that changed the count (the ticks change at the next layout).
bool fitTicks(QCPAxis& axis)
{
    const QSharedPointer<QCPAxisTicker> ticker = axis.ticker();
    if (!ticker || qSharedPointerDynamicCast<QCPAxisTickerText>(ticker))
        return false;
    const int count = ticksThatFit(axis);
    if (count == ticker->tickCount())
        return false;
    ticker->setTickCount(count);
    return true;
}

} // namespace

void keepAxesReadable(QCustomPlot& plot)
{
    QObject::connect(&plot, &QCustomPlot::afterLayout, &plot, [&plot] {
        bool ticksChanged = false;
        for (QCPAxis* axis : plot.findChildren<QCPAxis*>()) {
            if (!axis->visible() || axisLength(*axis) <= 0)
                continue;
            fitTitle(*axis);
            ticksChanged = fitTicks(*axis) || ticksChanged;
        }
        if (ticksChanged)
            plot.replot(QCustomPlot::rpQueuedReplot);
    });
}

void setAxisTitle(QCPAxis& axis, const QString& title)
{
    axis.setProperty(kWholeTitle, title);
    axis.setLabel(title);
}

QString axisTitle(const QCPAxis& axis)
{
    const QVariant whole = axis.property(kWholeTitle);
    return whole.isValid() ? whole.toString() : axis.label();
}
