#pragma once

#include <QStyledItemDelegate>

/// Draws a row of the Classify tab's list: the thumbnail, the image's name and latency,
/// and its top classes as labelled probability bars (or why it could not be read).
class ClassificationDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

    /// Bars drawn per row (the classifier's top-k).
    static constexpr int kBars = 5;
};
