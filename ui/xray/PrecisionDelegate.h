#pragma once

#include <QStyledItemDelegate>

/// Edits a precision cell with a choice of fp32, bf16, fp16 and amp; a choice takes effect at once.
class PrecisionDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override;

private:
    void commitAndClose();
};
