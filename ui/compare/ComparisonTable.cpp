#include "compare/ComparisonTable.h"

#include "DisplayFormat.h"
#include "runs/RunHistory.h"
#include "system/MeasurementNoise.h"

#include <QHeaderView>

#include <cmath>

namespace {

QString ratioText(double value)
{
    return std::isfinite(value) && value > 0.0 ? ComparisonTable::tr("%1×").arg(DisplayFormat::number(value, 2))
                                               : QStringLiteral("–");
}

QString signedNumber(double value, int decimals)
{
    if (!std::isfinite(value))
        return QStringLiteral("–");
    const QString text = DisplayFormat::number(std::abs(value), decimals);
    return (value < 0.0 ? QStringLiteral("−") : QStringLiteral("+")) + text;
}

/// An accuracy difference in points, with its 95 % margin when both validation counts are known, on a second line
/// (on one, the ratio column alone kept the Compare tab wider than a laptop's screen); "within noise" on a third.
QString accuracyChange(double other, int64_t otherImages, double first, int64_t firstImages)
{
    const QString difference = ComparisonTable::tr("%1 pt").arg(signedNumber((other - first) * 100.0, 2));
    const double margin = ampwb::accuracyDifferenceMargin(other, otherImages, first, firstImages);
    if (margin <= 0.0)
        return difference;
    const QString marginText = DisplayFormat::number(margin * 100.0, 2);
    return std::abs(other - first) <= margin
             ? ComparisonTable::tr("%1\n(±%2,\nwithin noise)").arg(difference, marginText)
             : ComparisonTable::tr("%1\n(±%2)").arg(difference, marginText);
}

/// One run's epoch time against the first's, in the direction it went.
QString epochTimeChange(double otherSeconds, double firstSeconds)
{
    if (!(otherSeconds > 0.0 && firstSeconds > 0.0))
        return QStringLiteral("–");
    return otherSeconds <= firstSeconds ? ComparisonTable::tr("%1 faster").arg(ratioText(firstSeconds / otherSeconds))
                                        : ComparisonTable::tr("%1 slower").arg(ratioText(otherSeconds / firstSeconds));
}

/// One run's throughput over the first's, with the 95 % margin their step times leave when known.
QString throughputChange(const ampwb::RunSummary& other, const ampwb::RunSummary& first)
{
    const QString ratio = ratioText(other.imagesPerSecond / first.imagesPerSecond);
    const double margin = ampwb::throughputRatioMargin(other.imagesPerSecondError, first.imagesPerSecondError);
    if (margin <= 0.0 || ratio == QStringLiteral("–"))
        return ratio;
    return ComparisonTable::tr("%1 (±%2 %)").arg(ratio, DisplayFormat::number(margin * 100.0, 0));
}

/// A cell's or a row label's text on one line, for a report.
QString oneLine(QString text)
{
    return text.replace(QLatin1Char('\n'), QLatin1Char(' '));
}

QString stateText(ampwb::RunState state)
{
    switch (state) {
    case ampwb::RunState::Running: return ComparisonTable::tr("running");
    case ampwb::RunState::Finished: return ComparisonTable::tr("finished");
    case ampwb::RunState::Stopped: return ComparisonTable::tr("stopped");
    case ampwb::RunState::Failed: return ComparisonTable::tr("failed");
    }
    return {};
}

} // namespace

ComparisonTable::ComparisonTable(QWidget* parent)
    : QTableWidget(parent)
{
    setObjectName(QStringLiteral("comparisonTable"));
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::ContiguousSelection);
    setAlternatingRowColors(true);
    verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Every column as wide as its text, the last one too (stretched, it took what the panel had left and its
    // ratios wrapped into "13… slo…"); never narrower than its columns: the side panel widens, the charts reflow.
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed); // every row shown: the side panel scrolls instead
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    showRuns({});
}

void ComparisonTable::setCell(int row, int column, const QString& text)
{
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    setItem(row, column, item);
}

void ComparisonTable::showRuns(const std::vector<RunHistory>& runs)
{
    clear();
    const int runCount = static_cast<int>(runs.size());
    const int ratioCount = std::max(0, runCount - 1);
    setRowCount(RowCount);
    setColumnCount(runCount + ratioCount);

    bool projected = false;
    bool cuda = false;
    bool interleaved = false;
    for (const RunHistory& run : runs) {
        if (run.summary) {
            projected = projected || run.summary->epochSecondsProjected;
            cuda = cuda || run.summary->memoryIsCuda;
            interleaved = interleaved || run.summary->interleaved;
        }
    }
    // Row labels of two short lines: the table must fit beside the charts on a laptop's screen.
    QString memoryLabel = cuda ? tr("Peak memory\n(CUDA allocated)") : tr("Peak memory\n(process RSS)");
    if (interleaved)
        memoryLabel = cuda ? tr("Peak memory\n(CUDA, both runs\nat once)")
                           : tr("Peak memory\n(RSS, both runs\nat once)");
    setVerticalHeaderLabels({projected ? tr("Epoch time\n(projected)") : tr("Epoch time"), tr("Throughput"),
                             memoryLabel, tr("Final top-1"), tr("Final top-5"), tr("Skipped steps /\nNaN losses"),
                             tr("Run state")});
    QStringList headers;
    for (const RunHistory& run : runs)
        headers << run.label();
    for (int index = 1; index < runCount; ++index)
        headers << tr("%1\nvs %2").arg(runs[static_cast<size_t>(index)].label(), runs.front().label());
    setHorizontalHeaderLabels(headers);

    for (int column = 0; column < runCount; ++column) {
        const auto& summary = runs[static_cast<size_t>(column)].summary;
        if (!summary) {
            for (int row = 0; row < RowCount; ++row)
                setCell(row, column, QStringLiteral("–"));
            continue;
        }
        setCell(EpochTime, column, DisplayFormat::seconds(summary->epochSeconds));
        setCell(Throughput, column, DisplayFormat::throughput(summary->groupImagesPerSecond()));
        setCell(PeakMemory, column, DisplayFormat::memory(summary->peakMemoryBytes));
        setCell(Top1, column, DisplayFormat::accuracy(summary->finalTop1, *summary));
        setCell(Top5, column, DisplayFormat::accuracy(summary->finalTop5, *summary));
        setCell(Skipped, column, QStringLiteral("%1 / %2").arg(summary->skippedSteps).arg(summary->nonFiniteLosses));
        setCell(State, column, stateText(summary->state));
    }

    const auto& first = runs.empty() ? std::optional<ampwb::RunSummary>() : runs.front().summary;
    for (int index = 1; index < runCount; ++index) {
        const int column = runCount + index - 1;
        const auto& other = runs[static_cast<size_t>(index)].summary;
        for (int row = 0; row < RowCount; ++row)
            setCell(row, column, QString());
        if (!first || !other)
            continue;
        setCell(EpochTime, column, epochTimeChange(other->epochSeconds, first->epochSeconds));
        setCell(Throughput, column, throughputChange(*other, *first));
        if (first->peakMemoryBytes > 0)
            setCell(PeakMemory, column,
                    tr("%1 %").arg(signedNumber(
                        (static_cast<double>(other->peakMemoryBytes) / first->peakMemoryBytes - 1.0) * 100.0, 1)));
        if (!first->validated || !other->validated)
            continue;
        setCell(Top1, column,
                accuracyChange(other->finalTop1, other->validationImages, first->finalTop1, first->validationImages));
        setCell(Top5, column,
                accuracyChange(other->finalTop5, other->validationImages, first->finalTop5, first->validationImages));
    }
}

QString ComparisonTable::cellText(int row, int column) const
{
    const QTableWidgetItem* cell = item(row, column);
    return cell ? oneLine(cell->text()) : QString();
}

QString ComparisonTable::toMarkdown() const
{
    QString text = QStringLiteral("| ") + tr("Metric");
    QString rule = QStringLiteral("|---");
    for (int column = 0; column < columnCount(); ++column) {
        text += QStringLiteral(" | ") + oneLine(horizontalHeaderItem(column)->text());
        rule += QStringLiteral("|---:");
    }
    text += QStringLiteral(" |\n") + rule + QStringLiteral("|\n");
    for (int row = 0; row < rowCount(); ++row) {
        text += QStringLiteral("| ") + oneLine(verticalHeaderItem(row)->text());
        for (int column = 0; column < columnCount(); ++column)
            text += QStringLiteral(" | ") + cellText(row, column);
        text += QStringLiteral(" |\n");
    }
    return text;
}

QString ComparisonTable::toHtml() const
{
    QString html = QStringLiteral("<table>\n<tr><th>") + tr("Metric").toHtmlEscaped() + QStringLiteral("</th>");
    for (int column = 0; column < columnCount(); ++column)
        html += QStringLiteral("<th>") + oneLine(horizontalHeaderItem(column)->text()).toHtmlEscaped()
              + QStringLiteral("</th>");
    html += QStringLiteral("</tr>\n");
    for (int row = 0; row < rowCount(); ++row) {
        html += QStringLiteral("<tr><th>") + oneLine(verticalHeaderItem(row)->text()).toHtmlEscaped()
              + QStringLiteral("</th>");
        for (int column = 0; column < columnCount(); ++column) {
            html += QStringLiteral("<td>") + cellText(row, column).toHtmlEscaped() + QStringLiteral("</td>");
        }
        html += QStringLiteral("</tr>\n");
    }
    return html + QStringLiteral("</table>\n");
}
