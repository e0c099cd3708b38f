#pragma once

#include "evaluation/ModelEvaluation.h"

#include <QImage>
#include <QList>
#include <QListWidget>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <vector>

/// The images a model got wrong, most confidently wrong first: thumbnail, true class and the
/// model's answer; the tooltip holds the top five with their probabilities, a click shows the
/// image large. Shows at most kShown images; showCell() narrows it to one cell of the
/// confusion matrix (a diagonal cell: the right answers given with the least confidence).
class MistakesGallery : public QListWidget {
    Q_OBJECT
public:
    explicit MistakesGallery(QWidget* parent = nullptr);

    static constexpr int kShown = 60;
    static constexpr int kImagePixels = 256;

    void setEvaluation(std::shared_ptr<const ampwb::ModelEvaluation> evaluation);
    /// Shows the images of true class `trueClass` answered `predictedClass`; -1, -1: every mistake.
    void showCell(int trueClass, int predictedClass);
    /// The dataset indices shown, in order.
    const std::vector<int64_t>& shownIndices() const { return shown; }
    /// Whether the shown images' thumbnails have arrived.
    bool hasThumbnails() const { return !images.isEmpty(); }
    /// The thumbnails for a thumbnailsWanted() request.
    void showThumbnails(int request, const std::vector<int64_t>& indices, const QList<QImage>& images);

Q_SIGNALS:
    /// Images to read for the items shown (a request number: only the newest is used).
    void thumbnailsWanted(int request, const std::vector<int64_t>& indices);

private:
    void showLarge(QListWidgetItem* item) const;

    std::shared_ptr<const ampwb::ModelEvaluation> evaluation;
    std::vector<int64_t> shown;
    std::vector<size_t> shownPredictions; ///< positions in evaluation->predictions
    QList<QImage> images;
    int request = 0;
};
