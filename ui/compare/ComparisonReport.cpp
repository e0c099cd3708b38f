#include "compare/ComparisonReport.h"

#include "charts/ChartPanel.h"
#include "compare/ComparisonTable.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace {

constexpr QSize kChartSize(900, 520);

} // namespace

bool ComparisonReport::write(const QString& path, const ComparisonTable& table, const QList<ChartPanel*>& charts,
                             QString* error) const
{
    const QFileInfo target(path);
    const bool html = target.suffix().startsWith(QLatin1String("htm"), Qt::CaseInsensitive);
    const QString chartFolderName = target.completeBaseName() + QStringLiteral("_charts");
    const QDir chartFolder(target.absoluteDir().filePath(chartFolderName));
    if (!chartFolder.mkpath(QStringLiteral("."))) {
        if (error)
            *error = tr("Cannot create the folder %1.").arg(QDir::toNativeSeparators(chartFolder.path()));
        return false;
    }
    QStringList images;
    for (ChartPanel* chart : charts) {
        const QString file = chart->id() + QStringLiteral(".png");
        if (!chart->exportTo(chartFolder.filePath(file), kChartSize)) {
            if (error)
                *error = tr("Cannot write %1.").arg(QDir::toNativeSeparators(chartFolder.filePath(file)));
            return false;
        }
        images << chartFolderName + QLatin1Char('/') + file;
    }

    QString text;
    if (html) {
        text = QStringLiteral("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%1</title>\n"
                              "<style>body{font-family:sans-serif;max-width:1000px;margin:2em auto}"
                              "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 10px}"
                              "td{text-align:right}img{max-width:100%}</style></head><body>\n")
                   .arg(title.toHtmlEscaped());
        text += QStringLiteral("<h1>%1</h1>\n<p>%2</p>\n").arg(title.toHtmlEscaped(), details.toHtmlEscaped());
        if (!setup.isEmpty()) {
            text += QStringLiteral("<ul>\n");
            for (const QString& item : setup.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
                text += QStringLiteral("<li>%1</li>\n")
                            .arg(item.mid(item.startsWith(QLatin1String("- ")) ? 2 : 0).toHtmlEscaped());
            text += QStringLiteral("</ul>\n");
        }
        text += table.toHtml();
        text += QStringLiteral("<p><strong>%1</strong></p>\n").arg(verdict.toHtmlEscaped());
        for (const QString& image : images)
            text += QStringLiteral("<p><img src=\"%1\" alt=\"%1\"></p>\n").arg(image.toHtmlEscaped());
        text += QStringLiteral("</body></html>\n");
    } else {
        text = QStringLiteral("# %1\n\n%2\n\n").arg(title, details);
        if (!setup.isEmpty())
            text += setup + QLatin1Char('\n');
        text += table.toMarkdown();
        text += QStringLiteral("\n**%1**\n\n").arg(verdict);
        for (const QString& image : images)
            text += QStringLiteral("![%1](%2)\n\n").arg(QFileInfo(image).baseName(), image);
    }

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text) || file.write(text.toUtf8()) < 0 || !file.commit()) {
        if (error)
            *error = tr("Cannot write %1.").arg(QDir::toNativeSeparators(path));
        return false;
    }
    return true;
}
