#pragma once

#include "charts/ChartExporter.h"

#include <QSet>
#include <QWidget>

class QCPItemText;
class QCPLayoutGrid;
class QCPItemTracer;
class QCustomPlot;
class QToolButton;

/// A chart with its tools: zoom and pan with the mouse (double-click or "Reset view" to
/// follow the data again), a log-y toggle, export as PNG/SVG/PDF/CSV and copy, a readout of the
/// values under the mouse, and legend entries that hide and show their series when clicked.
/// The property of a chart's graph that holds the unit its readout writes after a value.
inline constexpr const char* kUnitProperty = "ampwbUnit";

class ChartPanel : public QWidget {
    Q_OBJECT
public:
    ChartPanel(QString id, const QString& title, QWidget* parent = nullptr);

    const QString& id() const { return chartId; }
    QCustomPlot& plot() const { return *customPlot; }

    bool isLogarithmic() const;
    void setLogarithmic(bool logarithmic);
    /// Whether the panel offers the log-y toggle (charts with a fixed log axis do not).
    void setLogToggleVisible(bool visible);
    /// The base of the logarithmic axis (10 unless a chart asks for 2).
    void setLogBase(double base);

    /// What the chart says while it has no points.
    void setEmptyNote(const QString& note);
    /// A line at the top of the plot that stays while there are points (empty: none).
    void setStandingNote(const QString& note);
    QString standingNoteText() const;

    /// Follows the data again: fits the axes to it and keeps them fitted as it grows.
    void resetView();
    /// Whether the axes follow the data (false once the user zooms or pans).
    bool isFollowingData() const { return followingData; }

    /// Writes the chart to `path` (format from the suffix: .png, .svg, .pdf or .csv).
    bool exportTo(const QString& path, QSize size = {});

    /// What the hover readout says for the mouse at `position` (in the plot's pixels): the x of the nearest
    /// point within reach and every shown series' value there, one per line; empty when no point is near.
    QString readoutAt(const QPoint& position) const;
    /// The readout shown now (empty when the mouse is away from the data).
    const QString& hoverReadout() const { return shownReadout; }
    /// Hides or shows the series named `name` (as its legend entry does when clicked).
    void setSeriesHidden(const QString& name, bool hidden);
    bool isSeriesHidden(const QString& name) const { return hiddenSeries.contains(name); }

Q_SIGNALS:
    void logarithmicChanged(bool logarithmic);

protected:
    /// Fits the axes to the data when following it, then replots (once, on the next event loop pass).
    void fitAndReplot();
    /// Fits the axes to the data when following it, and the legend to its entries; no replot.
    void fitToData();
    /// The name of the x column in CSV exports.
    virtual QString xColumnName() const = 0;
    /// An x value as the readout shows it ("step 120", "0:05:10").
    virtual QString describeX(double x) const = 0;
    void setXAxisLabel(const QString& label);
    /// Fits the legend and the axes to the plot's new size; hides the readout when the mouse leaves the plot.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fitAxes();
    /// The legend below the plot in as many columns as its widest entry allows (none cut off), or beside it.
    void placeLegend();
    void exportWithDialog(ChartExporter::Format format);
    void applyValueScale();
    void showReadout(const QPoint& position);
    /// Shows hidden series faded in the legend and leaves them out of the plot and its fit.
    void applyHiddenSeries();

    QString chartId;
    QCustomPlot* customPlot;
    QToolButton* logButton;
    QCPLayoutGrid* legendBox; ///< the legend, and under it the room it leaves when beside the plot
    QCPItemText* emptyNote;
    QCPItemText* standingNote;
    QCPItemTracer* tracer;
    QString shownReadout;
    QSet<QString> hiddenSeries;
    double logBase = 10.0;
    bool followingData = true;
};
