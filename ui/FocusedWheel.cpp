#include "FocusedWheel.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QWidget>

void FocusedWheel::guardFieldsIn(QWidget* container)
{
    auto* guard = new FocusedWheel(container);
    for (QWidget* field : container->findChildren<QWidget*>()) {
        if (!qobject_cast<QAbstractSpinBox*>(field) && !qobject_cast<QComboBox*>(field))
            continue;
        field->setFocusPolicy(Qt::StrongFocus); // a wheel turn no longer takes the focus
        field->installEventFilter(guard);
    }
}

bool FocusedWheel::eventFilter(QObject* watched, QEvent* event)
{
    auto* field = static_cast<QWidget*>(watched);
    if (event->type() != QEvent::Wheel || field->hasFocus())
        return false;
    // Qt hands a wheel event on to the parents only when no widget on the way took it, and never past a spin
    // box: deliver it up the chain here, to the first that takes it (the scroll area's viewport).
    for (QWidget* holder = field->parentWidget(); holder; holder = holder->parentWidget()) {
        event->accept(); // handlers that do not use it ignore it
        if (QCoreApplication::sendEvent(holder, event) && event->isAccepted())
            break;
        if (holder->isWindow())
            break;
    }
    event->accept();
    return true;
}
