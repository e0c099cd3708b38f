#pragma once

#include "charts/QCustomPlotNoKeywords.h"
#include "run/TrainingMetrics.h"

#include <QList>
#include <QString>

#include <functional>
#include <vector>

class RunHistory;

/// One line (or set of markers) a chart draws for every run.
struct SeriesSpec {
    QString name;
    QString unit; ///< what the hover readout writes after a value ("ms", "img/s", "MB", "%"); empty: none
    /// Exactly one of these is set: a value per step or a value per epoch. NaN: no point.
    std::function<double(const ampwb::StepMetrics&)> stepValue;
    std::function<double(const ampwb::EpochMetrics&)> epochValue;
    /// Whether the series exists for a run (e.g. CUDA allocator figures only for CUDA runs).
    std::function<bool(const RunHistory&)> appliesTo;
    bool onRightAxis = false;
    bool smoothed = false;    ///< draw the debiased EMA of the values, with the chart's smoothing
    bool markersOnly = false; ///< no line, a marker at every point
    bool stepLine = false;    ///< hold each value until the next (for piecewise-constant series)
    Qt::PenStyle penStyle = Qt::SolidLine;
    double penWidth = 1.6;
    int alpha = 255;
    QCPScatterStyle::ScatterShape marker = QCPScatterStyle::ssNone;
};

/// What one chart shows.
struct ChartSpec {
    QString id; ///< file and settings name, e.g. "loss"
    QString title;
    QString leftAxisLabel;
    QString rightAxisLabel; ///< empty: no right axis
    bool log2Axis = false;  ///< left axis fixed to log₂ (the log-y toggle is then hidden)
    std::vector<SeriesSpec> series;
    QString emptyNote; ///< shown while there are no points (a default note when empty)
    /// What the chart must say about the runs it draws, on the chart itself (empty: nothing), e.g. that
    /// their loss scale is off and stays at 1.
    std::function<QString(const std::vector<RunHistory>&)> standingNote;
};
