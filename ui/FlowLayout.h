#pragma once

#include <QLayout>
#include <QList>

/// Lays its widgets out left to right like a line of words: where the next one no longer fits, it starts a new
/// line. A row of buttons in it wraps on a narrow window instead of cutting their texts ("Evaluat"), and its
/// smallest width is that of its widest widget.
class FlowLayout : public QLayout {
public:
    explicit FlowLayout(QWidget* parent = nullptr);
    ~FlowLayout() override;

    void addItem(QLayoutItem* item) override;
    int count() const override;
    QLayoutItem* itemAt(int index) const override;
    QLayoutItem* takeAt(int index) override;
    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect& rect) override;

private:
    /// Places the items inside `rect` (only measures when `place` is false); returns the height they take.
    int arrange(const QRect& rect, bool place) const;
    int gap() const;

    QList<QLayoutItem*> items;
};
