#pragma once

#include <QString>

class QCPAxis;
class QCustomPlot;

/// Keeps `plot`'s axes readable at whatever size it is given: after each layout, a title longer than its
/// axis is shortened with "…" (the whole title stays what axisTitle returns), and an axis whose ticks would
/// run into each other gets fewer of them (the plot is then drawn again once). Axes with ticks placed by
/// hand (QCPAxisTickerText) keep theirs.
void keepAxesReadable(QCustomPlot& plot);

/// Sets `axis`'s title; keepAxesReadable shortens it where the axis is shorter than the title.
void setAxisTitle(QCPAxis& axis, const QString& title);
/// `axis`'s whole title, as set, however it is shown.
QString axisTitle(const QCPAxis& axis);
