#include "DisplayFormat.h"

#include "training/TrainingMetrics.h"

#include <QLocale>

#include <cmath>

namespace {

const QString kUnknown = QStringLiteral("–");

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
