#include "XrayTab.h"

#include "EngineController.h"
#include "run/RunFolder.h"
#include "xray/GradientRangeChart.h"
#include "xray/PrecisionColumn.h"
#include "xray/PrecisionDelegate.h"
#include "xray/ProfileButton.h"
#include "xray/ProfileComparison.h"
#include "xray/ProfileFiles.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

using ampwb::OperatorClass;

namespace {

QString className(OperatorClass kind)
{
    switch (kind) {
    case OperatorClass::ConvolutionForward: return XrayTab::tr("Convolution forward");
    case OperatorClass::ConvolutionInputGradient: return XrayTab::tr("Convolution input gradient");
    case OperatorClass::ConvolutionWeightGradient: return XrayTab::tr("Convolution weight gradient");
    case OperatorClass::ConvolutionBackward:
        return XrayTab::tr("Convolution backward (both gradients, not timed apart)");
    case OperatorClass::BatchNorm: return XrayTab::tr("Batch norm");
    case OperatorClass::Relu: return XrayTab::tr("ReLU");
    case OperatorClass::Add: return XrayTab::tr("Add (residual)");
    case OperatorClass::Pooling: return XrayTab::tr("Pooling");
    case OperatorClass::Linear: return XrayTab::tr("Linear (fc)");
    case OperatorClass::Loss: return XrayTab::tr("Loss");
    case OperatorClass::Optimizer: return XrayTab::tr("Optimizer");
    case OperatorClass::Cast: return XrayTab::tr("Casts");
    case OperatorClass::Other: break;
    }
    return XrayTab::tr("Other");
}

QString milliseconds(double value)
{
    return QLocale().toString(value, 'f', 2);
}

QString percent(double share)
{
    return XrayTab::tr("%1 %").arg(QLocale().toString(100.0 * share, 'f', 0));
}

QString times(double ratio)
{
    return XrayTab::tr("%1×").arg(QLocale().toString(ratio, 'f', 2));
}

QString fasterOrSlower(double speedUp)
{
    return speedUp >= 1.0 ? XrayTab::tr("%1 faster").arg(times(speedUp))
                          : XrayTab::tr("%1 slower").arg(times(1.0 / speedUp));
}

/// A number cell shown as `text` that sorts by its value.
class NumberItem : public QTableWidgetItem {
public:
    NumberItem(double value, const QString& text)
        : QTableWidgetItem(text)
    {
        setData(Qt::UserRole, value);
        setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    bool operator<(const QTableWidgetItem& other) const override
    {
        return data(Qt::UserRole).toDouble() < other.data(Qt::UserRole).toDouble();
    }
};

QString describeOne(const ampwb::OperatorProfile& profile)
{
    const double total = profile.operatorMilliseconds();
    if (total <= 0.0)
        return XrayTab::tr("The profile recorded no operator time.");
    QString text = XrayTab::tr("Convolutions take %1 of the operator time (in %2).")
                       .arg(percent(profile.convolutionMilliseconds() / total),
                            QString::fromStdString(profile.of(OperatorClass::ConvolutionForward).dtype));
    const ampwb::ClassTime& casts = profile.of(OperatorClass::Cast);
    if (casts.milliseconds > 0.0)
        text += QLatin1Char(' ')
              + XrayTab::tr("Autocast's casts take %1 (%2 per step).")
                    .arg(percent(casts.milliseconds / total), QLocale().toString(profile.castsPerStep, 'f', 0));
    return text;
}

/// A kind of work's name inside a sentence: its first letter in lower case, unless the name begins
/// with an acronym ("ReLU") or its script has no case.
QString inSentence(QString name)
{
    if (name.size() > 1 && name.at(0).isUpper() && name.at(1).isLower())
        name[0] = name.at(0).toLower();
    return name;
}

QString describeBoth(const ampwb::ProfileComparison& comparison)
{
    const double speedUp = comparison.stepSpeedUp();
    if (speedUp <= 0.0)
        return XrayTab::tr("The profiles hold no step times to compare.");
    const QString amp = QLocale().toString(comparison.ampStepMilliseconds, 'f', 0);
    const QString fp32 = QLocale().toString(comparison.fp32StepMilliseconds, 'f', 0);
    const QString margin = QLocale().toString(comparison.stepSpeedUpMargin() * 100.0, 'f', 0);
    QString text =
        comparison.tooFewStepsToTell()
            ? XrayTab::tr("AMP's step took %1 FP32's (%2 against %3 ms), within the ±%4 % these profiled steps leave: "
                          "too few to tell which is faster.")
                  .arg(times(1.0 / speedUp), amp, fp32, margin)
        : comparison.stepSpeedUpMargin() > 0.0
            ? XrayTab::tr("AMP's step is %1 than FP32's (%2 against %3 ms, ±%4 %).")
                  .arg(fasterOrSlower(speedUp), amp, fp32, margin)
            : XrayTab::tr("AMP's step is %1 than FP32's (%2 against %3 ms).").arg(fasterOrSlower(speedUp), amp, fp32);
    const ampwb::ClassComparison convolutions = comparison.convolutions();
    if (convolutions.speedUp() > 0.0)
        text += QLatin1Char(' ')
              + XrayTab::tr("Its convolutions run %1 and take %2 of its operator time.")
                    .arg(fasterOrSlower(convolutions.speedUp()), percent(convolutions.ampShare));
    const std::vector<ampwb::ClassComparison> added = comparison.addedByAmp();
    if (added.empty())
        return text + QLatin1Char(' ') + XrayTab::tr("No other kind of work takes longer than in FP32.");
    QStringList costs;
    double share = 0.0;
    for (size_t i = 0; i < std::min<size_t>(2, added.size()); ++i) {
        const QString name = className(added[i].kind);
        costs << XrayTab::tr("%1 (+%2 ms)")
                     .arg(i == 0 ? name : inSentence(name),
                          QLocale().toString(added[i].amp.milliseconds - added[i].fp32.milliseconds, 'f', 1));
        share += added[i].ampShare;
    }
    return text + QLatin1Char(' ')
         + XrayTab::tr("%1 cost it more than in FP32 and take %2 of its operator time.")
               .arg(costs.join(XrayTab::tr(" and ")), percent(share));
}

} // namespace

XrayTab::XrayTab(EngineController& controller, QWidget* parent)
    : QWidget(parent)
    , engine(controller)
    , sentence(new QLabel(this))
    , filesLabel(new QLabel(this))
    , classes(new QTableWidget(this))
    , modulesTitle(new QLabel(this))
    , modules(new QTableWidget(this))
    , otherwise(new QComboBox(this))
    , reducedWeights(new QCheckBox(this))
    , precisions(nullptr)
    , trainWithPolicy(new QPushButton(QIcon(QStringLiteral(":/icons/start.svg")), tr("Train with this policy"), this))
    , suggest(new QPushButton(tr("Suggest precisions"), this))
    , suggestionStatus(new QLabel(this))
    , gradients(new GradientRangeChart(this))
{
    sentence->setObjectName(QStringLiteral("xraySentence"));
    sentence->setWordWrap(true);
    QFont bold = sentence->font();
    bold.setBold(true);
    sentence->setFont(bold);
    sentence->setTextInteractionFlags(Qt::TextSelectableByMouse);
    filesLabel->setWordWrap(true);
    filesLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    classes->setObjectName(QStringLiteral("xrayClasses"));
    classes->setEditTriggers(QAbstractItemView::NoEditTriggers);
    classes->verticalHeader()->hide();
    modules->setObjectName(QStringLiteral("xrayModules"));
    modules->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::SelectedClicked
                             | QAbstractItemView::EditKeyPressed);
    modules->verticalHeader()->hide();
    modules->setColumnCount(kPrecisionColumn + 2);
    modules->setHorizontalHeaderLabels({tr("Module"), tr("Forward ms"), tr("Backward ms"), tr("Casts ms"),
                                        tr("Total ms"), tr("Precision"), tr("Why (suggestion)")});
    modules->horizontalHeaderItem(kPrecisionColumn)
        ->setToolTip(tr("The precision each module computes in under the policy this column makes: double-click "
                        "a module's cell to choose fp32, bf16, fp16 or amp"));
    modules->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The reasons take what is left (each whole in its tooltip): the numbers never scroll out of sight.
    modules->horizontalHeader()->setSectionResizeMode(kPrecisionColumn + 1, QHeaderView::Stretch);
    modules->setItemDelegateForColumn(kPrecisionColumn, new PrecisionDelegate(modules));
    otherwise->setObjectName(QStringLiteral("xrayOtherwise"));
    reducedWeights->setObjectName(QStringLiteral("xrayReducedWeights"));
    precisions = new PrecisionColumn(*modules, kPrecisionColumn, *otherwise, *reducedWeights, this);
    trainWithPolicy->setObjectName(QStringLiteral("xrayTrainWithPolicy"));
    trainWithPolicy->setToolTip(tr("Make the precision column the Train tab's precision policy and start a run "
                                   "with the configuration on the left"));
    connect(trainWithPolicy, &QPushButton::clicked, this, [this] { Q_EMIT trainRequested(precisions->policy()); });
    suggest->setObjectName(QStringLiteral("xraySuggest"));
    suggest->setToolTip(tr("Train a few steps of the configuration on the left in fp32, bf16 and fp16, profile them, "
                           "and fill the precision column with each module's fastest precision whose gradients stay "
                           "representable"));
    connect(suggest, &QPushButton::clicked, this, [this] {
        if (engine.work() == EngineController::Work::Suggestion)
            engine.requestStop();
        else
            Q_EMIT suggestionRequested();
    });
    suggestionStatus->setObjectName(QStringLiteral("xraySuggestionStatus"));
    suggestionStatus->setWordWrap(true);
    suggestionStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* profile = new ProfileButton(engine, this);
    auto* open = new QPushButton(QIcon(QStringLiteral(":/icons/runs.svg")), tr("Open run or comparison…"), this);
    open->setObjectName(QStringLiteral("xrayOpen"));
    open->setToolTip(tr("Show the profiles and gradient ranges a run folder (or a comparison folder) holds"));
    connect(open, &QPushButton::clicked, this, &XrayTab::chooseFolder);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(profile);
    buttons->addWidget(open);
    buttons->addStretch();

    auto* modulesBox = new QWidget(this);
    auto* modulesLayout = new QVBoxLayout(modulesBox);
    modulesLayout->setContentsMargins(0, 0, 0, 0);
    auto* policyRow = new QHBoxLayout;
    policyRow->addWidget(modulesTitle, 1);
    auto* otherwiseLabel = new QLabel(tr("Everything else:"), modulesBox);
    otherwiseLabel->setBuddy(otherwise);
    policyRow->addWidget(otherwiseLabel);
    policyRow->addWidget(otherwise);
    policyRow->addWidget(reducedWeights);
    policyRow->addWidget(suggest);
    policyRow->addWidget(trainWithPolicy);
    modulesLayout->addLayout(policyRow);
    modulesLayout->addWidget(suggestionStatus);
    modulesLayout->addWidget(modules);
    // The tables and the gradient ranges one at a time, each with the tab's whole width and height: on a
    // laptop's screen side by side the kinds of work were cut to "…f…", and one above the other the tables
    // showed two rows and the heat map lost its axis title.
    auto* views = new QTabWidget(this);
    views->setObjectName(QStringLiteral("xrayViews"));
    views->setDocumentMode(true);
    views->addTab(classes, tr("Kinds of work"));
    views->addTab(modulesBox, tr("Modules"));
    views->addTab(gradients, tr("Gradient ranges"));

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(sentence);
    layout->addWidget(filesLabel);
    layout->addWidget(views, 1);

    connect(&engine, &EngineController::eventsArrived, this, &XrayTab::onEvents);
    connect(&engine, &EngineController::suggestionMade, this, &XrayTab::onSuggestionMade);
    connect(&engine, &EngineController::stoppingChanged, this, &XrayTab::updatePolicyButtons);
    connect(&engine, &EngineController::workFinished, this, [this] {
        if (std::exchange(awaitingSuggestion, false))
            suggestionStatus->setText(tr("The measurement ended without a suggestion: it was stopped, or one of its "
                                         "runs failed (the status bar says why)."));
        updatePolicyButtons();
    });
    connect(&engine, &EngineController::workStarted, this, [this](EngineController::Work work) {
        awaitingSuggestion = work == EngineController::Work::Suggestion;
        if (awaitingSuggestion)
            suggestionStatus->setText(tr("Measuring precisions: preparing the data and the model…"));
        updatePolicyButtons();
        // The last profile stays until this work is profiled, said to be the earlier work's.
        profilesOfEarlierWork = fp32 || amp;
        showProfiles();
        gradients->clear();
        gradientStatsPath.clear();
    });
    clearProfiles();
}

bool XrayTab::openFolder(const QString& directory, QString* error)
{
    const QDir folder(directory);
    std::optional<ampwb::OperatorProfile> foundFp32;
    std::optional<ampwb::OperatorProfile> foundAmp;
    QStringList folders;
    QString gradientRun;
    const auto readRun = [&](const QString& run, std::optional<ampwb::OperatorProfile>& into) {
        if (const auto latest = ampwb::latestProfileDirectory(run.toStdString())) {
            into = ampwb::readProfile(*latest);
            if (into)
                folders << QString::fromStdString(*latest);
        }
        if (QFileInfo::exists(run + QStringLiteral("/gradstats.csv")))
            gradientRun = run;
    };
    if (folder.exists(QStringLiteral("fp32")) && folder.exists(QStringLiteral("amp"))) {
        readRun(folder.filePath(QStringLiteral("fp32")), foundFp32);
        readRun(folder.filePath(QStringLiteral("amp")), foundAmp);
    } else {
        ampwb::Precision precision = ampwb::Precision::Fp32;
        try {
            precision = ampwb::RunFolder::readConfig(directory.toStdString()).precision;
        } catch (const std::exception&) {
            // not a run folder: found below to hold nothing
        }
        readRun(directory, precision == ampwb::Precision::Amp ? foundAmp : foundFp32);
    }
    if (!foundFp32 && !foundAmp && gradientRun.isEmpty()) {
        if (error)
            *error = tr("%1 holds no profile and no gradient ranges. Profile a run with the Profile button "
                        "while it trains, or with `amp-workbench-cli profile`.")
                         .arg(QDir::toNativeSeparators(directory));
        return false;
    }
    fp32 = foundFp32;
    amp = foundAmp;
    profilesOfEarlierWork = false;
    profileFolders = folders;
    showProfiles();
    gradients->clear();
    if (!gradientRun.isEmpty())
        followGradientStatsOf(gradientRun);
    return true;
}

void XrayTab::onEvents(const TrainingEvents& events)
{
    bool stepped = false;
    for (const TrainingEvent& event : events) {
        if (const auto* started = std::get_if<ampwb::RunStarted>(&event)) {
            followGradientStatsOf(QString::fromStdString(started->runDirectory));
        } else if (const auto* step = std::get_if<ampwb::StepMetrics>(&event)) {
            stepped = true;
            if (awaitingSuggestion)
                suggestionStatus->setText(tr("Measuring precisions: the %1 run, step %2 of %3")
                                              .arg(step->precision == ampwb::Precision::Fp32
                                                       ? QStringLiteral("fp32")
                                                       : QString::fromStdString(ampwb::shortName(step->ampDtype)))
                                              .arg(step->step)
                                              .arg(step->totalSteps));
        } else if (const auto* taken = std::get_if<ampwb::ProfileTaken>(&event)) {
            if (!taken->error.empty()) {
                filesLabel->setText(
                    tr("The profile could not be written: %1").arg(QString::fromStdString(taken->error)));
                continue;
            }
            if (profilesOfEarlierWork) {
                clearProfiles();
                profilesOfEarlierWork = false;
            }
            (taken->precision == ampwb::Precision::Amp ? amp : fp32) = taken->profile;
            if (!taken->profileDirectory.empty())
                profileFolders << QString::fromStdString(taken->profileDirectory);
            showProfiles();
        }
    }
    if (stepped)
        followGradientStats();
}

void XrayTab::clearProfiles()
{
    fp32.reset();
    amp.reset();
    profileFolders.clear();
    showProfiles();
}

void XrayTab::showProfiles()
{
    const bool both = fp32 && amp;
    classes->clearContents();
    classes->setSortingEnabled(false);
    if (!fp32 && !amp) {
        sentence->setText(tr("No profile yet. Press \"Profile the next %1 steps\" while a run or comparison "
                             "trains, or open a folder profiled with `amp-workbench-cli profile`.")
                              .arg(ProfileButton::kSteps));
        filesLabel->clear();
        classes->setRowCount(0);
        modules->setRowCount(0);
        modulesTitle->setText(tr("Modules (none profiled yet)"));
        return;
    }
    const QStringList header = both ? QStringList{tr("Kind of work"), tr("FP32 ms"), tr("Share"), tr("dtype"),
                                                  tr("AMP ms"),       tr("Share"),   tr("dtype"), tr("AMP speed-up")}
                                    : QStringList{tr("Kind of work"), tr("ms per step"), tr("Share"), tr("dtype")};
    classes->setColumnCount(static_cast<int>(header.size()));
    classes->setHorizontalHeaderLabels(header);
    const ampwb::OperatorProfile& one = amp ? *amp : *fp32;
    const ampwb::ProfileComparison comparison = both ? ampwb::compareProfiles(*fp32, *amp) : ampwb::ProfileComparison();
    // Profiles of an older version hold both convolution gradients in one row; newer ones never.
    const auto shown = [&](OperatorClass kind) {
        return kind != OperatorClass::ConvolutionBackward || (fp32 && fp32->of(kind).milliseconds > 0.0)
            || (amp && amp->of(kind).milliseconds > 0.0);
    };
    classes->setRowCount(0);
    const double total = one.operatorMilliseconds();
    for (int k = 0; k < ampwb::kOperatorClassCount; ++k) {
        const auto kind = static_cast<OperatorClass>(k);
        if (!shown(kind))
            continue;
        const int line = classes->rowCount();
        classes->insertRow(line);
        classes->setItem(line, 0, new QTableWidgetItem(className(kind)));
        const auto side = [&](const ampwb::ClassTime& time, double share, int column) {
            classes->setItem(line, column, new NumberItem(time.milliseconds, milliseconds(time.milliseconds)));
            classes->setItem(line, column + 1, new NumberItem(share, percent(share)));
            classes->setItem(line, column + 2, new QTableWidgetItem(QString::fromStdString(time.dtype)));
        };
        if (both) {
            const ampwb::ClassComparison& row = comparison.classes[static_cast<size_t>(k)];
            side(row.fp32, row.fp32Share, 1);
            side(row.amp, row.ampShare, 4);
            classes->setItem(line, 7,
                             new NumberItem(row.speedUp(), row.speedUp() > 0.0 ? times(row.speedUp()) : tr("–")));
        } else {
            const ampwb::ClassTime& time = one.of(kind);
            side(time, total > 0.0 ? time.milliseconds / total : 0.0, 1);
        }
    }
    classes->resizeColumnsToContents(); // the kind of work whole; the last column takes what is left
    classes->horizontalHeader()->setStretchLastSection(true);
    const QString said = both ? describeBoth(comparison) : describeOne(one);
    sentence->setText(profilesOfEarlierWork
                          ? tr("Profile of the earlier work, kept until this one is profiled: %1").arg(said)
                          : said);
    QString steps = tr("steps %1–%2").arg(one.firstStep).arg(one.lastStep);
    if (one.clock == ampwb::RecordingClock::CudaEvents)
        steps += tr(", timed on the GPU by CUDA events at each operator's start and end (a gap in which the GPU "
                    "waited for the host counts to the operator around it)");
    filesLabel->setText(
        profileFolders.isEmpty()
            ? steps
            : tr("Profile of %1, per step (the profiled steps run slower than others). Files: %2 — trace.json opens "
                 "in Perfetto (ui.perfetto.dev) or chrome://tracing; classes.csv, modules.csv and operators.csv hold "
                 "the tables.")
                  .arg(steps, profileFolders.join(QStringLiteral(", "))));
    showModules(one);
    modulesTitle->setText(amp ? tr("Modules of the AMP run (click a header to sort)")
                              : tr("Modules of the FP32 run (click a header to sort)"));
}

void XrayTab::showModules(const ampwb::OperatorProfile& profile)
{
    modules->setSortingEnabled(false);
    modules->clearContents();
    modules->setRowCount(static_cast<int>(profile.modules.size()));
    for (int row = 0; row < modules->rowCount(); ++row) {
        const ampwb::ModuleTime& time = profile.modules[static_cast<size_t>(row)];
        modules->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(time.module)));
        modules->setItem(row, 1, new NumberItem(time.forwardMilliseconds, milliseconds(time.forwardMilliseconds)));
        modules->setItem(row, 2, new NumberItem(time.backwardMilliseconds, milliseconds(time.backwardMilliseconds)));
        modules->setItem(row, 3, new NumberItem(time.castMilliseconds, milliseconds(time.castMilliseconds)));
        modules->setItem(row, 4, new NumberItem(time.totalMilliseconds(), milliseconds(time.totalMilliseconds())));
        for (int column = 0; column < kPrecisionColumn; ++column) // only the precision is the user's to edit
            modules->item(row, column)->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    }
    precisions->fill();
    modules->setSortingEnabled(true);
    modules->sortByColumn(4, Qt::DescendingOrder);
}

void XrayTab::setActivePolicy(const std::optional<ampwb::PrecisionPolicy>& policy)
{
    if (policy == activePolicy)
        return;
    activePolicy = policy;
    if (!policy || !(*policy == precisions->policy()))
        precisions->prefill(policy);
}

const ampwb::PrecisionPolicy& XrayTab::columnPolicy() const
{
    return precisions->policy();
}

void XrayTab::showSuggestion(const ampwb::PrecisionSuggestion& suggestion)
{
    precisions->showSuggestion(suggestion);
}

void XrayTab::updatePolicyButtons()
{
    const bool measuring = engine.work() == EngineController::Work::Suggestion;
    trainWithPolicy->setEnabled(!engine.isBusy());
    suggest->setEnabled(!engine.isBusy() || (measuring && !engine.isStopping()));
    suggest->setText(measuring ? tr("Stop measuring") : tr("Suggest precisions"));
}

void XrayTab::onSuggestionMade(const ampwb::PrecisionSuggestion& suggestion, const QString& directory)
{
    awaitingSuggestion = false;
    // The modules' rows as the FP32 run profiled them, then the suggestion's precisions in them.
    const QString fp32Run = QDir(directory).filePath(QStringLiteral("fp32"));
    if (QFileInfo::exists(fp32Run))
        openFolder(fp32Run);
    showSuggestion(suggestion);
    suggestionStatus->setText(tr("Suggested from the runs in %1 (suggestion.md there explains each choice). "
                                 "Change any precision, then train with the policy.")
                                  .arg(QDir::toNativeSeparators(directory)));
}

void XrayTab::followGradientStatsOf(const QString& runDirectory)
{
    gradientStatsPath = runDirectory.isEmpty() ? QString() : runDirectory + QStringLiteral("/gradstats.csv");
    gradientStatsRead = 0;
    gradients->clear();
    followGradientStats();
}

void XrayTab::followGradientStats()
{
    if (gradientStatsPath.isEmpty() || QFileInfo(gradientStatsPath).size() <= gradientStatsRead)
        return;
    QFile file(gradientStatsPath);
    if (!file.open(QIODevice::ReadOnly) || !file.seek(gradientStatsRead))
        return;
    const QByteArray added = file.readAll();
    const qsizetype complete = added.lastIndexOf('\n') + 1; // a line still being written waits for the next call
    std::vector<ampwb::GradientStatsRow> rows;
    for (const QByteArray& line : added.left(complete).split('\n'))
        if (auto row = ampwb::parseGradientStatsLine(line.toStdString()))
            rows.push_back(std::move(*row));
    gradientStatsRead += complete;
    if (!rows.empty())
        gradients->appendMeasurements(rows);
}

void XrayTab::chooseFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Run or comparison folder to X-ray"));
    if (folder.isEmpty())
        return;
    QString error;
    if (!openFolder(folder, &error))
        QMessageBox::information(this, tr("X-ray"), error);
}
