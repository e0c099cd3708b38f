#pragma once

#include <QSize>
#include <QString>

class QCustomPlot;

/// Writes a chart as an image (PNG, SVG, PDF), its data as CSV, or copies it.
class ChartExporter {
public:
    enum class Format { Png, Svg, Pdf, Csv };

    /// The format a file name asks for by its suffix; PNG when the suffix is unknown.
    static Format formatOf(const QString& path);
    /// Writes `plot` to `path` in `format`; `size` empty: the plot's size on screen.
    /// CSV holds one row per point: series, the x value (column named `xColumn`), value.
    static bool save(QCustomPlot& plot, const QString& path, Format format, const QString& xColumn, QSize size = {});
    static void copyToClipboard(QCustomPlot& plot);

private:
    static bool saveSvg(QCustomPlot& plot, const QString& path, QSize size);
    static bool saveCsv(const QCustomPlot& plot, const QString& path, const QString& xColumn);
};
