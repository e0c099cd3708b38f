#include "GuiStallMeter.h"

#include <algorithm>

GuiStallMeter::GuiStallMeter(QObject* parent)
    : QObject(parent)
{
    timer.setInterval(kTickMilliseconds);
    timer.setTimerType(Qt::PreciseTimer);
    connect(&timer, &QTimer::timeout, this, &GuiStallMeter::tick);
}

void GuiStallMeter::start()
{
    longestGap = 0.0;
    tickCount = 0;
    sinceLastTick.start();
    timer.start();
}

void GuiStallMeter::stop()
{
    timer.stop();
}

void GuiStallMeter::tick()
{
    const double gap = static_cast<double>(sinceLastTick.nsecsElapsed()) / 1e6;
    sinceLastTick.start();
    longestGap = std::max(longestGap, gap);
    ++tickCount;
}
