#include "classify/TrainingDataLikeness.h"

#include <QImage>

#include <algorithm>

Unlikeness& Unlikeness::operator|=(const Unlikeness& other)
{
    colour = colour || other.colour;
    large = large || other.large;
    return *this;
}

bool TrainingDataLikeness::hasColour(const QImage& image)
{
    const QImage rgb = image.convertToFormat(QImage::Format_RGB888);
    if (rgb.isNull())
        return false;
    double spread = 0.0;
    for (int y = 0; y < rgb.height(); ++y) {
        const uchar* pixel = rgb.constScanLine(y);
        for (int x = 0; x < rgb.width(); ++x, pixel += 3) {
            const auto [low, high] = std::minmax({pixel[0], pixel[1], pixel[2]});
            spread += high - low;
        }
    }
    return spread / (double(rgb.width()) * rgb.height()) > kColourSpread;
}

Unlikeness TrainingDataLikeness::unlikeness(const LearnedImages& model, QSize size, bool colour)
{
    Unlikeness result;
    result.colour = model.grayscale && colour;
    result.large = model.side > 0 && model.side <= kSmallModelSide
                && std::min(size.width(), size.height()) >= kLargeFactor * model.side;
    return result;
}

QString TrainingDataLikeness::warning(const LearnedImages& model, int count, Unlikeness seen)
{
    const QString side = QString::number(model.side);
    QString text;
    if (seen.colour && seen.large)
        text = tr("%n image(s) are large colour pictures, and this model learned from %1×%1 px grayscale images.",
                  nullptr, count)
                   .arg(side);
    else if (seen.colour)
        text = tr("%n image(s) are in colour, and this model learned from grayscale images.", nullptr, count);
    else
        text = tr("%n image(s) are much larger than the %1×%1 px images this model learned from: shrunk to %1 px, "
                  "their detail is lost.",
                  nullptr, count)
                   .arg(side);
    return text + QLatin1Char(' ')
         + tr("Its answers for them mean little. For photos, choose “torchvision ImageNet weights” as the model, or "
              "fine-tune from them on your own image folders (Train tab, Start from: ImageNet).");
}
