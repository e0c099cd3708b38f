#include "charts/RedrawPacer.h"

#include <algorithm>
#include <cmath>
#include <utility>

RedrawPacer::RedrawPacer(std::function<void()> redrawFunction, double redrawShare, QObject* parent)
    : QObject(parent)
    , redraw(std::move(redrawFunction))
    , share(std::clamp(redrawShare, 1e-3, 1.0))
{
    waiting.setSingleShot(true);
    connect(&waiting, &QTimer::timeout, this, &RedrawPacer::redrawNow);
}

void RedrawPacer::request()
{
    if (waiting.isActive())
        return;
    const double gap = lastCost / share;
    const double elapsed = sinceLastRedraw.isValid() ? static_cast<double>(sinceLastRedraw.nsecsElapsed()) / 1e6 : gap;
    if (elapsed >= gap)
        redrawNow();
    else
        waiting.start(static_cast<int>(std::ceil(gap - elapsed)));
}

void RedrawPacer::redrawNow()
{
    waiting.stop();
    sinceLastRedraw.start();
    redraw();
    lastCost = static_cast<double>(sinceLastRedraw.nsecsElapsed()) / 1e6;
}
