#include "ProfileButton.h"

#include "EngineController.h"

ProfileButton::ProfileButton(EngineController& controller, QWidget* parent)
    : QPushButton(parent)
    , engine(controller)
{
    setObjectName(QStringLiteral("profileSteps"));
    setToolTip(tr("Records every operator of the next %1 steps of the run in progress (each run of a comparison) "
                  "for the X-ray tab: time by kind of work, dtype, module and autocast's casts. The run folder gets "
                  "trace.json (Perfetto, chrome://tracing) and CSV tables. The profiled steps run slower.")
                   .arg(kSteps));
    showIdle();
    connect(this, &QPushButton::clicked, this, [this] {
        engine.profileNextSteps(kSteps);
        setEnabled(false);
        setText(tr("Profiling…"));
    });
    connect(&engine, &EngineController::workStarted, this, &ProfileButton::showIdle);
    connect(&engine, &EngineController::workFinished, this, &ProfileButton::showIdle);
    connect(&engine, &EngineController::eventsArrived, this, &ProfileButton::onEvents);
}

void ProfileButton::onEvents(const TrainingEvents& events)
{
    for (const TrainingEvent& event : events)
        if (std::holds_alternative<ampwb::ProfileTaken>(event))
            showIdle();
}

void ProfileButton::showIdle()
{
    setText(tr("Profile the next %1 steps").arg(kSteps));
    setEnabled(engine.isBusy());
}
