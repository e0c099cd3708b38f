#pragma once

#include <QObject>

class QWidget;

/// Lets the mouse wheel change a spin box or a choice box only once the user has clicked or tabbed into
/// it. Over an unfocused one the wheel goes on scrolling what holds it (the configuration panel), so a
/// value never changes because it came under the pointer while the user scrolled.
class FocusedWheel : public QObject {
    Q_OBJECT
public:
    /// Guards every spin box and choice box inside `container` (and gives them click-or-tab focus).
    static void guardFieldsIn(QWidget* container);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    using QObject::QObject;
};
