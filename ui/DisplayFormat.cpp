#include "DisplayFormat.h"

#include "run/TrainingMetrics.h"

#include <QLocale>
#include <QRegularExpression>
#include <QUrl>

#include <cmath>

namespace {

const QString kUnknown = QStringLiteral("–");

/// `address` for display: a line may break after each '/' (zero-width space), not after a '-' (word joiner).
QString breakableAfterSlashes(const QString& address)
{
    QString shown;
    for (const QChar character : address) {
        shown += QString(character).toHtmlEscaped();
        if (character == QLatin1Char('/'))
            shown += QChar(0x200B);
        else if (character == QLatin1Char('-'))
            shown += QChar(0x2060);
    }
    return shown;
}

} // namespace

QString DisplayFormat::duration(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0.0)
        return kUnknown;
    const auto total = static_cast<qint64>(std::llround(seconds));
    const QChar zero(QLatin1Char('0'));
    if (total >= 3600)
        return QStringLiteral("%1:%2:%3")
            .arg(total / 3600)
            .arg(total / 60 % 60, 2, 10, zero)
            .arg(total % 60, 2, 10, zero);
    return QStringLiteral("%1:%2").arg(total / 60).arg(total % 60, 2, 10, zero);
}

QString DisplayFormat::seconds(double value)
{
    if (std::isfinite(value) && value >= 0.0 && value < 120.0)
        return tr("%1 s").arg(number(value, 1));
    return duration(value);
}

QString DisplayFormat::memory(int64_t bytes)
{
    if (bytes <= 0)
        return kUnknown;
    const double megabytes = static_cast<double>(bytes) / 1e6;
    if (megabytes >= 1000.0)
        return tr("%1 GB").arg(number(megabytes / 1000.0, 2));
    return tr("%1 MB").arg(number(megabytes, 0));
}

QString DisplayFormat::throughput(double imagesPerSecond)
{
    if (!std::isfinite(imagesPerSecond) || imagesPerSecond <= 0.0)
        return kUnknown;
    return tr("%1 img/s").arg(number(imagesPerSecond, imagesPerSecond < 10.0 ? 1 : 0));
}

QString DisplayFormat::percent(double fraction)
{
    if (!std::isfinite(fraction))
        return kUnknown;
    return tr("%1 %").arg(number(fraction * 100.0, 2));
}

QString DisplayFormat::accuracy(double fraction, const ampwb::RunSummary& run)
{
    return run.validated ? percent(fraction) : kUnknown;
}

QString DisplayFormat::number(double value, int decimals)
{
    if (!std::isfinite(value))
        return kUnknown;
    return QLocale().toString(value, 'f', decimals);
}

QString DisplayFormat::withBreakableLinks(const QString& text)
{
    // A web address, or a path from the root after a space, up to what ends a sentence or a parenthesis.
    static const QRegularExpression address(QStringLiteral(R"((?:https?://|(?<=\s)/)[^\s()]*[^\s().,;:])"));
    QString rich;
    qsizetype done = 0;
    for (const QRegularExpressionMatch& found : address.globalMatch(text)) {
        const QString target = found.captured();
        const QUrl url = target.startsWith(QLatin1Char('/')) ? QUrl::fromLocalFile(target) : QUrl(target);
        rich += text.mid(done, found.capturedStart() - done).toHtmlEscaped();
        rich += QStringLiteral("<a href=\"%1\">%2</a>")
                    .arg(url.toString(QUrl::FullyEncoded).toHtmlEscaped(), breakableAfterSlashes(target));
        done = found.capturedEnd();
    }
    return rich + text.mid(done).toHtmlEscaped();
}
