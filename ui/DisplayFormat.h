#pragma once

#include <QCoreApplication>
#include <QString>

#include <cstdint>

namespace ampwb {
struct RunSummary;
}

/// How figures are written for people: durations, memory, rates, percentages.
class DisplayFormat {
    Q_DECLARE_TR_FUNCTIONS(DisplayFormat)
public:
    /// "m:ss" or "h:mm:ss"; "–" for unknown.
    static QString duration(double seconds);
    /// "12.3 s" below two minutes, else as duration().
    static QString seconds(double seconds);
    /// "382 MB" or "1.25 GB" (decimal units, as the engine's reports use).
    static QString memory(int64_t bytes);
    /// "412 img/s".
    static QString throughput(double imagesPerSecond);
    /// "84.21 %" for a fraction of 0.8421.
    static QString percent(double fraction);
    /// A run's final accuracy as percent(), or "–" when the run was not validated.
    static QString accuracy(double fraction, const ampwb::RunSummary& run);
    /// A number with `decimals` decimals in the user's locale; "–" for NaN/Inf.
    static QString number(double value, int decimals);
    /// `text` as rich text for a word-wrapped label, its web addresses and absolute paths links (to open, or to
    /// copy whole) whose lines break after a '/', never at a hyphen ("resnet18-" / "f37072fd.pth").
    static QString withBreakableLinks(const QString& text);
};
