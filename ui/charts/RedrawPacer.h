#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <functional>

/// Paces the redraws that arriving data asks for, so that they take at most a set share of
/// the GUI thread's time: after a redraw that took T ms the next one comes T / share ms after it
/// began, at the earliest. Requests in between are merged into that one redraw.
class RedrawPacer : public QObject {
    Q_OBJECT
public:
    /// `redraw` draws; `share` is in (0, 1].
    RedrawPacer(std::function<void()> redraw, double share, QObject* parent = nullptr);

    /// Redraws now if the last redraw began long enough ago, else once it has.
    void request();
    /// Whether a requested redraw waits for its turn.
    bool isPending() const { return waiting.isActive(); }
    /// The time the last redraw took, in milliseconds (0 before the first).
    double lastRedrawMilliseconds() const { return lastCost; }

private:
    void redrawNow();

    std::function<void()> redraw;
    double share;
    QTimer waiting;
    QElapsedTimer sinceLastRedraw;
    double lastCost = 0.0;
};
