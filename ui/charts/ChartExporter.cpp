#include "charts/ChartExporter.h"

#include "charts/QCustomPlotNoKeywords.h"

#include <QClipboard>
#include <QFileInfo>
#include <QGuiApplication>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QTextStream>

#include <cmath>

namespace {

QString quoted(QString text)
{
    return QLatin1Char('"') + text.replace(QLatin1Char('"'), QLatin1String("\"\"")) + QLatin1Char('"');
}

} // namespace

ChartExporter::Format ChartExporter::formatOf(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("svg"))
        return Format::Svg;
    if (suffix == QLatin1String("pdf"))
        return Format::Pdf;
    if (suffix == QLatin1String("csv"))
        return Format::Csv;
    return Format::Png;
}

bool ChartExporter::save(QCustomPlot& plot, const QString& path, Format format, const QString& xColumn, QSize size)
{
    if (size.isEmpty())
        size = plot.size();
    switch (format) {
    case Format::Png: return plot.savePng(path, size.width(), size.height(), 2.0);
    case Format::Svg: return saveSvg(plot, path, size);
    case Format::Pdf: return plot.savePdf(path, size.width(), size.height());
    case Format::Csv: return saveCsv(plot, path, xColumn);
    }
    return false;
}

bool ChartExporter::saveSvg(QCustomPlot& plot, const QString& path, QSize size)
{
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(plot.objectName());
    QCPPainter painter;
    if (!painter.begin(&generator))
        return false;
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    plot.toPainter(&painter, size.width(), size.height());
    return painter.end();
}

bool ChartExporter::saveCsv(const QCustomPlot& plot, const QString& path, const QString& xColumn)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text))
        return false;
    QTextStream out(&file);
    out.setRealNumberPrecision(10);
    out << "series," << xColumn << ",value\n";
    for (int index = 0; index < plot.graphCount(); ++index) {
        const QCPGraph* graph = plot.graph(index);
        const QString series = quoted(graph->name());
        for (const QCPGraphData& point : *graph->data()) {
            if (std::isfinite(point.value))
                out << series << ',' << point.key << ',' << point.value << '\n';
        }
    }
    out.flush();
    return file.commit();
}

void ChartExporter::copyToClipboard(QCustomPlot& plot)
{
    QGuiApplication::clipboard()->setPixmap(plot.toPixmap());
}
