#pragma once

#include <QCoreApplication>
#include <QSize>
#include <QString>

class QImage;

/// What a model learned from, as far as its card tells: the side of its input and
/// whether its images were grayscale.
struct LearnedImages {
    int side = 0;
    bool grayscale = false;
};

/// How an image to classify differs from the images a model learned from.
struct Unlikeness {
    bool colour = false; ///< a colour picture for a model that learned from grayscale images
    bool large = false;  ///< a picture four times the side of a small model's (≤ 64 px) input: its detail is lost

    bool any() const { return colour || large; }
    Unlikeness& operator|=(const Unlikeness& other);
};

/// Says plainly when images do not look like a model's training data (a 28 px grayscale
/// Fashion-MNIST model given colour photos), so a confident answer is not taken at its word.
class TrainingDataLikeness {
    Q_DECLARE_TR_FUNCTIONS(TrainingDataLikeness)
public:
    /// The largest input side counted as a small-image model.
    static constexpr int kSmallModelSide = 64;
    /// How many times the model's side an image must be to count as large for it.
    static constexpr int kLargeFactor = 4;
    /// The mean spread between a pixel's channels (0–255) above which an image has colour.
    static constexpr double kColourSpread = 12.0;

    /// Whether an image has colour: its pixels' channels differ by more than kColourSpread on average.
    static bool hasColour(const QImage& image);
    /// How an image of `size` (in colour or not) differs from what `model` learned from.
    static Unlikeness unlikeness(const LearnedImages& model, QSize size, bool colour);
    /// The warning for `count` images that differ in the ways `seen`: what the model learned
    /// from, and where to find a model for photos.
    static QString warning(const LearnedImages& model, int count, Unlikeness seen);
};
