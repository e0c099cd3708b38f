#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

/// Measures how long the GUI thread is kept from its event loop: a timer asks to tick
/// every 10 ms and the longest gap between two ticks is the longest stall (plus 10 ms).
class GuiStallMeter : public QObject {
    Q_OBJECT
public:
    static constexpr int kTickMilliseconds = 10;

    explicit GuiStallMeter(QObject* parent = nullptr);

    /// Starts a new measurement.
    void start();
    /// Ends the measurement; longestGapMilliseconds() and ticks() keep its result.
    void stop();
    double longestGapMilliseconds() const { return longestGap; }
    int ticks() const { return tickCount; }

private:
    void tick();

    QTimer timer;
    QElapsedTimer sinceLastTick;
    double longestGap = 0.0;
    int tickCount = 0;
};
