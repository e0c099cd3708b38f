#include "classify/ClassificationDelegate.h"

#include "DisplayFormat.h"
#include "EngineText.h"
#include "classify/ClassificationWorker.h"
#include "classify/ClassifiedImageList.h"

#include <QApplication>
#include <QPainter>

#include <algorithm>

namespace {

constexpr int kMargin = 6;
constexpr int kGap = 10;
constexpr int kThumbnail = ClassificationWorker::kThumbnailPixels;
constexpr int kWidestText = 680; ///< name, latency, labels, bars and percentages

int lineHeight(const QStyleOptionViewItem& option)
{
    return option.fontMetrics.height() + 2;
}

} // namespace

QSize ClassificationDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex&) const
{
    const int text = lineHeight(option) * (1 + kBars) + 4;
    return {kThumbnail + 480, 2 * kMargin + std::max(kThumbnail, text)};
}

void ClassificationDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                                   const QModelIndex& index) const
{
    QStyleOptionViewItem panel = option;
    initStyleOption(&panel, index);
    panel.text.clear();
    panel.icon = {};
    QStyle* style = option.widget ? option.widget->style() : QApplication::style();
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &panel, painter, option.widget);

    painter->save();
    const QRect area = option.rect.adjusted(kMargin, kMargin, -kMargin, -kMargin);
    const QImage thumbnail = index.data(Qt::DecorationRole).value<QImage>();
    const QRect thumbnailBox(area.left(), area.top(), kThumbnail, kThumbnail);
    if (!thumbnail.isNull()) {
        QRect placed(QPoint(), thumbnail.size());
        placed.moveCenter(thumbnailBox.center());
        painter->drawImage(placed, thumbnail);
    } else {
        painter->fillRect(thumbnailBox, option.palette.alternateBase());
    }

    const bool selected = option.state & QStyle::State_Selected;
    const QPalette::ColorRole textRole = selected ? QPalette::HighlightedText : QPalette::Text;
    const QColor textColor = option.palette.color(textRole);
    QColor dimColor = textColor;
    dimColor.setAlphaF(0.65f);
    const int line = lineHeight(option);
    const QRect textArea(thumbnailBox.right() + kGap, area.top(),
                         std::min(kWidestText, area.right() - thumbnailBox.right() - kGap), area.height());

    const auto state = static_cast<ClassifiedImageList::State>(index.data(ClassifiedImageList::StateRole).toInt());
    QString latency;
    if (state == ClassifiedImageList::State::Classified)
        latency = tr("%1 ms").arg(DisplayFormat::number(index.data(ClassifiedImageList::LatencyRole).toDouble(), 1));
    const int latencyWidth = option.fontMetrics.horizontalAdvance(latency) + kGap;
    QFont bold = option.font;
    bold.setBold(true);
    painter->setFont(bold);
    painter->setPen(textColor);
    const QRect nameBox(textArea.left(), textArea.top(), textArea.width() - latencyWidth, line);
    painter->drawText(nameBox, Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetrics(bold).elidedText(index.data(Qt::DisplayRole).toString(), Qt::ElideMiddle,
                                                    nameBox.width()));
    painter->setFont(option.font);
    painter->setPen(dimColor);
    painter->drawText(QRect(textArea.left(), textArea.top(), textArea.width(), line), Qt::AlignRight | Qt::AlignVCenter,
                      latency);

    const QRect body(textArea.left(), textArea.top() + line + 4, textArea.width(), textArea.height() - line - 4);
    if (state == ClassifiedImageList::State::Waiting) {
        painter->drawText(body, Qt::AlignLeft | Qt::AlignTop, tr("Waiting to be classified…"));
    } else if (state == ClassifiedImageList::State::Failed) {
        painter->setPen(selected ? textColor : QColor(0xc0, 0x20, 0x20));
        painter->drawText(body, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                          index.data(ClassifiedImageList::ErrorRole).toString());
    } else {
        const QStringList labels = index.data(ClassifiedImageList::LabelsRole).toStringList();
        const QVariantList probabilities = index.data(ClassifiedImageList::ProbabilitiesRole).toList();
        const int labelWidth = std::min(220, body.width() / 3);
        const int percentWidth = option.fontMetrics.horizontalAdvance(DisplayFormat::percent(1.0)) + kGap;
        const int barWidth = std::max(20, body.width() - labelWidth - percentWidth - 2 * kGap);
        for (int bar = 0; bar < std::min<int>(kBars, static_cast<int>(labels.size())); ++bar) {
            const int top = body.top() + bar * line;
            const double probability = probabilities.value(bar).toDouble();
            painter->setPen(textColor);
            painter->drawText(QRect(body.left(), top, labelWidth, line), Qt::AlignLeft | Qt::AlignVCenter,
                              option.fontMetrics.elidedText(EngineText::className(labels[bar]), Qt::ElideRight,
                                                            labelWidth));
            const QRect track(body.left() + labelWidth + kGap, top + 3, barWidth, line - 6);
            painter->fillRect(track, option.palette.color(QPalette::Midlight));
            QRect filled = track;
            filled.setWidth(static_cast<int>(track.width() * std::clamp(probability, 0.0, 1.0)));
            const QColor topColor = selected ? textColor : option.palette.color(QPalette::Highlight);
            painter->fillRect(filled, bar == 0 ? topColor : option.palette.color(QPalette::Mid));
            painter->setPen(dimColor);
            painter->drawText(QRect(track.right() + kGap, top, percentWidth, line), Qt::AlignRight | Qt::AlignVCenter,
                              DisplayFormat::percent(probability));
        }
    }
    painter->restore();
}
