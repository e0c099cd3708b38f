#pragma once

#include <QScrollArea>
#include <QWidget>

/// The scroll area `widget` sits in (the configuration panel's, for one), or nullptr.
inline QScrollArea* enclosingScrollArea(QWidget* widget)
{
    for (QWidget* parent = widget ? widget->parentWidget() : nullptr; parent; parent = parent->parentWidget()) {
        if (auto* scroll = qobject_cast<QScrollArea*>(parent))
            return scroll;
    }
    return nullptr;
}
