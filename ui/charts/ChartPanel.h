#pragma once

#include "charts/ChartExporter.h"

#include <QWidget>

class QCPItemText;
class QCustomPlot;
class QToolButton;

/// A chart with its tools: zoom and pan with the mouse (double-click or "Reset view" to
/// follow the data again), a log-y toggle, export as PNG/SVG/PDF/CSV and copy.
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

    /// Follows the data again: fits the axes to it and keeps them fitted as it grows.
    void resetView();
    /// Whether the axes follow the data (false once the user zooms or pans).
    bool isFollowingData() const { return followingData; }

    /// Writes the chart to `path` (format from the suffix: .png, .svg, .pdf or .csv).
    bool exportTo(const QString& path, QSize size = {});

Q_SIGNALS:
    void logarithmicChanged(bool logarithmic);

protected:
    /// Fits the axes to the data when following it, then replots (once, on the next event loop pass).
    void fitAndReplot();
    /// The name of the x column in CSV exports.
    virtual QString xColumnName() const = 0;
    void setXAxisLabel(const QString& label);
    void resizeEvent(QResizeEvent* event) override;

private:
    void fitAxes();
    /// As many legend columns as the widest entry allows, so no entry is cut off.
    void fitLegendColumns();
    void exportWithDialog(ChartExporter::Format format);
    void applyValueScale();

    QString chartId;
    QCustomPlot* customPlot;
    QToolButton* logButton;
    QCPItemText* emptyNote;
    double logBase = 10.0;
    bool followingData = true;
};
