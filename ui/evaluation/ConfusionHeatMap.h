#pragma once

#include "evaluation/ConfusionMatrix.h"

#include <QStringList>
#include <QWidget>

#include <optional>

/// A confusion matrix as a heat map: true classes down, predicted classes across, class names
/// on both axes, each cell shaded by its count or by its share of its row (row-normalised).
/// The cell under the mouse is explained in words (cellExplained); a click chooses a cell.
class ConfusionHeatMap : public QWidget {
    Q_OBJECT
public:
    explicit ConfusionHeatMap(QWidget* parent = nullptr);

    void setMatrix(const ampwb::ConfusionMatrix& matrix, const QStringList& classNames);
    /// Shades and labels cells by their share of the row instead of their count.
    void setRowNormalised(bool normalised);
    bool isRowNormalised() const { return rowNormalised; }

    struct Cell {
        int trueClass = 0;
        int predictedClass = 0;
        bool operator==(const Cell& other) const
        {
            return trueClass == other.trueClass && predictedClass == other.predictedClass;
        }
    };
    /// The chosen cell (outlined), if any.
    std::optional<Cell> chosenCell() const { return chosen; }
    void chooseCell(std::optional<Cell> cell);
    /// The cell at `point` in widget coordinates, if it is on one.
    std::optional<Cell> cellAt(const QPoint& point) const;
    /// Where cell `cell` is drawn.
    QRect cellRect(const Cell& cell) const;
    /// The sentence that explains `cell`, e.g. "12 Shirt images (8.0 % of them) were taken for T-shirt/top".
    QString explain(const Cell& cell) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void cellExplained(const QString& text);
    void cellChosen(std::optional<ConfusionHeatMap::Cell> cell);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    /// The matrix's square: where the cells go, below and right of the axis labels.
    QRect gridRect() const;
    int labelWidth() const;
    /// The band for an axis title ("Predicted class" above, "True class" on the left).
    int titleBand() const;
    double share(const Cell& cell) const;

    ampwb::ConfusionMatrix matrix{1};
    QStringList names;
    bool rowNormalised = false;
    std::optional<Cell> chosen;
};
