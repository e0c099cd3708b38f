#pragma once

#include "TrainingEvent.h"

#include <QPushButton>

class EngineController;

/// "Profile the next 5 steps": asks the work in progress to record the operators of its runs'
/// next steps for the X-ray (EngineController::profileNextSteps). Enabled while work runs; says
/// "Profiling…" until the profile it asked for arrives.
class ProfileButton : public QPushButton {
    Q_OBJECT
public:
    /// Steps each request profiles.
    static constexpr int kSteps = 5;

    explicit ProfileButton(EngineController& engine, QWidget* parent = nullptr);

private:
    void onEvents(const TrainingEvents& events);
    void showIdle();

    EngineController& engine;
};
