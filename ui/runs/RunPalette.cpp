#include "runs/RunPalette.h"

#include <array>

namespace {

constexpr std::array<QRgb, 10> kColors{0x1f77b4, 0xe6550d, 0x2ca02c, 0x9467bd, 0x8c564b,
                                       0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf, 0xd62728};

} // namespace

QColor RunPalette::forPrecision(ampwb::Precision precision)
{
    return at(precision == ampwb::Precision::Amp ? 1 : 0);
}

QColor RunPalette::at(int index)
{
    return QColor(kColors[static_cast<size_t>(index) % kColors.size()]);
}
