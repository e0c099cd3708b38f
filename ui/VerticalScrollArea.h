#pragma once

#include <QScrollArea>

/// A scroll area that scrolls its content up and down only, and is never narrower than the content's minimum
/// width (plus the scroll bar), so nothing in it is cut off at the side; it follows the content's minimum as it
/// changes (a table that gains columns).
class VerticalScrollArea : public QScrollArea {
    Q_OBJECT
public:
    explicit VerticalScrollArea(QWidget* content, QWidget* parent = nullptr);

    QSize minimumSizeHint() const override;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};
