#include "xray/PrecisionDelegate.h"

#include "xray/PolicyText.h"

#include <QComboBox>

#include <algorithm>

QWidget* PrecisionDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const
{
    auto* box = new QComboBox(parent);
    box->setObjectName(QStringLiteral("precisionEditor"));
    for (const ampwb::ModulePrecision precision : {ampwb::ModulePrecision::Fp32, ampwb::ModulePrecision::Bf16,
                                                   ampwb::ModulePrecision::Fp16, ampwb::ModulePrecision::Amp})
        box->addItem(PolicyText::precisionName(precision));
    connect(box, &QComboBox::activated, this, &PrecisionDelegate::commitAndClose);
    return box;
}

void PrecisionDelegate::commitAndClose()
{
    auto* box = qobject_cast<QWidget*>(sender());
    Q_EMIT commitData(box);
    Q_EMIT closeEditor(box);
}

void PrecisionDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const
{
    auto* box = static_cast<QComboBox*>(editor);
    box->setCurrentIndex(std::max(0, box->findText(index.data(Qt::EditRole).toString())));
}

void PrecisionDelegate::setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const
{
    model->setData(index, static_cast<QComboBox*>(editor)->currentText(), Qt::EditRole);
}
