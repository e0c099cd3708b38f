#include "runs/RunsTab.h"

#include "EngineController.h"
#include "EngineText.h"
#include "FlowLayout.h"
#include "charts/TrainingCharts.h"
#include "evaluation/EvaluationWindow.h"
#include "run/RunFolder.h"
#include "run/TrainingConfig.h"
#include "runs/RunCatalog.h"
#include "runs/RunFolderReader.h"
#include "runs/RunFollower.h"
#include "runs/RunPalette.h"
#include "runs/RunTableModel.h"

#include <QAction>
#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <exception>

namespace {

constexpr int kLegendLabelLength = 20;
constexpr int kDeviceColumnWidth = 280;
constexpr int kRowsShownAtFirst = 8;
/// How often the visible tab looks for runs that appeared or changed.
constexpr int kWatchMilliseconds = 2000;

/// A run's name short enough for chart legends: "compare-…181449/amp".
QString legendLabel(const QString& name)
{
    if (name.size() <= kLegendLabelLength)
        return name;
    const int kept = kLegendLabelLength - 1;
    return name.left(kept / 2 - 1) + QChar(0x2026) + name.right(kept - kept / 2 + 1);
}

bool isAmp(const RunRecord& run)
{
    return run.precision == QLatin1String("AMP");
}

/// FP32 runs before AMP ones, each kind in table order.
QList<RunRecord> plottingOrder(QList<RunRecord> runs)
{
    std::stable_sort(runs.begin(), runs.end(),
                     [](const RunRecord& a, const RunRecord& b) { return !isAmp(a) && isAmp(b); });
    return runs;
}

/// The runs' colours, in plotting order: the first FP32 run in FP32's colour and the first AMP run in AMP's, as in
/// the Train and Compare tabs; any other run (a run under a precision policy too) the palette's next colour.
QList<QColor> runColors(const QList<RunRecord>& runs)
{
    QList<QColor> colors;
    bool fp32Shown = false;
    bool ampShown = false;
    int next = 2; // the palette's first two are FP32's and AMP's
    for (const RunRecord& run : runs) {
        if (!run.policy.isEmpty()) {
            colors << RunPalette::at(next++);
            continue;
        }
        bool& shown = isAmp(run) ? ampShown : fp32Shown;
        colors << (shown ? RunPalette::at(next++)
                         : RunPalette::forPrecision(isAmp(run) ? ampwb::Precision::Amp : ampwb::Precision::Fp32));
        shown = true;
    }
    return colors;
}

QPushButton* button(const QString& text, const char* name, QWidget* parent)
{
    auto* result = new QPushButton(text, parent);
    result->setObjectName(QLatin1String(name));
    return result;
}

} // namespace

RunsTab::RunsTab(EngineController& controller, QWidget* parent)
    : QWidget(parent)
    , engine(controller)
    , model(new RunTableModel(this))
    , sortedModel(new QSortFilterProxyModel(this))
    , runsTable(new QTableView(this))
    , trainingCharts(new TrainingCharts(runHistories, QStringLiteral("runsCharts"), 3, this))
    , follower(new RunFollower(runHistories, this))
    , folderLabel(new QLabel(this))
    , followLabel(new QLabel(this))
    , openButton(button(tr("Open"), "openRun", this))
    , compareButton(button(tr("Compare"), "compareRuns", this))
    , renameButton(button(tr("Rename…"), "renameRun", this))
    , deleteButton(button(tr("Delete…"), "deleteRun", this))
    , folderButton(button(tr("Show folder"), "showFolder", this))
    , configButton(button(tr("Use configuration"), "useConfiguration", this))
    , resumeButton(button(tr("Resume"), "resumeRun", this))
    , evaluateButton(button(tr("Evaluate"), "evaluateRun", this))
{
    openButton->setToolTip(tr("Plot the selected runs below (or double-click a run)"));
    compareButton->setToolTip(tr("Compare the selected runs (two or more) in the Compare tab"));
    configButton->setToolTip(tr("Load the selected run's configuration into the configuration panel"));
    resumeButton->setToolTip(tr("Continue the selected stopped or failed run from its checkpoint in the Train tab"));
    evaluateButton->setToolTip(tr("Evaluate the selected run on its validation images: confusion matrix, per-class "
                                  "results, the most confident mistakes; with two runs selected, where they disagree"));
    auto* refreshButton = button(tr("Refresh"), "refreshRuns", this);
    auto* openFolderButton = button(tr("Open run folder…"), "openRunFolder", this);
    openFolderButton->setToolTip(tr("Plot a run from any folder, e.g. one a CLI or torchrun job is writing on a "
                                    "shared filesystem; its charts grow while the job runs"));
    folderLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    followLabel->setObjectName(QStringLiteral("followStatus"));
    followLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    followLabel->hide();

    sortedModel->setSourceModel(model);
    sortedModel->setSortRole(RunTableModel::kSortRole);
    runsTable->setObjectName(QStringLiteral("runsTable"));
    runsTable->setModel(sortedModel);
    runsTable->setSortingEnabled(true);
    runsTable->sortByColumn(RunTableModel::Date, Qt::DescendingOrder);
    runsTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    runsTable->setSelectionMode(QAbstractItemView::ExtendedSelection);
    runsTable->setAlternatingRowColors(true);
    runsTable->verticalHeader()->hide();
    runsTable->setWordWrap(false);
    runsTable->setTextElideMode(Qt::ElideMiddle);
    runsTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    runsTable->horizontalHeader()->setStretchLastSection(true);

    // On a narrow window the buttons wrap onto a second line rather than lose their texts.
    auto* buttons = new FlowLayout;
    for (QPushButton* each : {openButton, compareButton, evaluateButton, renameButton, deleteButton, folderButton,
                              configButton, resumeButton, refreshButton})
        buttons->addWidget(each);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("runsSplitter"));
    splitter->addWidget(runsTable);
    auto* chartsPane = new QWidget(splitter);
    auto* chartsLayout = new QVBoxLayout(chartsPane);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    chartsLayout->addWidget(followLabel);
    chartsLayout->addWidget(trainingCharts, 1);
    splitter->addWidget(chartsPane);
    // The table keeps room for kRowsShownAtFirst runs; the charts take what is left.
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({tableHeightFor(kRowsShownAtFirst), trainingCharts->sizeHint().height()});

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    // On a line without the run buttons, so a long path neither widens the window nor is cut.
    auto* folderLine = new QHBoxLayout;
    folderLine->addWidget(folderLabel, 1);
    folderLine->addWidget(openFolderButton);
    layout->addLayout(folderLine);
    layout->addWidget(splitter, 1);

    connect(refreshButton, &QPushButton::clicked, this, &RunsTab::refresh);
    connect(openFolderButton, &QPushButton::clicked, this, &RunsTab::openRunFolderWithDialog);
    connect(follower, &RunFollower::updated, this, [this] {
        const QString status = follower->status();
        followLabel->setText(status);
        followLabel->setVisible(!status.isEmpty());
    });
    watchTimer.setInterval(kWatchMilliseconds);
    connect(&watchTimer, &QTimer::timeout, this, &RunsTab::refreshIfChanged);
    watchTimer.start();
    connect(openButton, &QPushButton::clicked, this, &RunsTab::openSelected);
    connect(runsTable, &QTableView::doubleClicked, this, &RunsTab::openSelected);
    connect(compareButton, &QPushButton::clicked, this, &RunsTab::compareSelected);
    auto* evaluateMenu = new QMenu(evaluateButton);
    QAction* onValidation = evaluateMenu->addAction(tr("On its validation images"));
    onValidation->setObjectName(QStringLiteral("evaluateOnValidation"));
    QAction* onFolder = evaluateMenu->addAction(tr("On every image in a folder…"));
    onFolder->setObjectName(QStringLiteral("evaluateOnFolder"));
    onFolder->setToolTip(tr("A folder of class folders (as for training), e.g. photos the run has never seen"));
    evaluateButton->setMenu(evaluateMenu);
    connect(onValidation, &QAction::triggered, this, [this] { evaluateSelected(); });
    connect(onFolder, &QAction::triggered, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Folder of class folders to evaluate on"));
        if (!folder.isEmpty())
            evaluateSelected(folder);
    });
    connect(renameButton, &QPushButton::clicked, this, &RunsTab::renameWithDialog);
    connect(deleteButton, &QPushButton::clicked, this, &RunsTab::deleteWithConfirmation);
    connect(folderButton, &QPushButton::clicked, this, &RunsTab::openFolder);
    connect(configButton, &QPushButton::clicked, this, &RunsTab::useConfiguration);
    connect(resumeButton, &QPushButton::clicked, this, [this] {
        const QList<RunRecord> runs = selectedRuns();
        if (runs.size() == 1)
            Q_EMIT resumeRequested(runs.front().directory);
    });
    connect(runsTable->selectionModel(), &QItemSelectionModel::selectionChanged, this, &RunsTab::updateButtons);
    connect(&engine, &EngineController::workStarted, this, &RunsTab::updateButtons);
    connect(&engine, &EngineController::workFinished, this, [this] {
        refresh();
        updateButtons();
    });
    updateButtons();
}

int RunsTab::tableHeightFor(int rows) const
{
    return runsTable->horizontalHeader()->sizeHint().height() + rows * runsTable->verticalHeader()->defaultSectionSize()
         + runsTable->horizontalScrollBar()->sizeHint().height() + 2 * runsTable->frameWidth();
}

void RunsTab::setRunsDirectory(const QString& directory)
{
    runsDirectory = directory;
    folderLabel->setText(tr("Runs folder: %1").arg(QDir::toNativeSeparators(directory)));
    refresh();
}

void RunsTab::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    refresh();
}

void RunsTab::refresh()
{
    QStringList selected;
    for (const RunRecord& run : selectedRuns())
        selected << run.directory;
    listedFingerprint = RunCatalog::fingerprint(watchedFolders());
    QList<RunRecord> records = RunCatalog::scan(runsDirectory);
    for (const QString& folder : openedFolders) {
        for (const RunRecord& run : RunCatalog::scanOpened(folder)) {
            if (std::none_of(records.begin(), records.end(),
                             [&run](const RunRecord& listed) { return listed.directory == run.directory; }))
                records << run;
        }
    }
    model->setRecords(records);
    runsTable->resizeColumnsToContents();
    runsTable->setColumnWidth(RunTableModel::Device,
                              std::min(runsTable->columnWidth(RunTableModel::Device), kDeviceColumnWidth));
    selectRuns(selected);
    updateButtons();
}

QStringList RunsTab::watchedFolders() const
{
    return QStringList{runsDirectory} + openedFolders;
}

void RunsTab::refreshIfChanged()
{
    if (isVisible() && RunCatalog::fingerprint(watchedFolders()) != listedFingerprint)
        refresh();
}

bool RunsTab::openRunFolder(const QString& folder, QString* error)
{
    const QString path = QFileInfo(folder).absoluteFilePath();
    if (!openedFolders.contains(path) && QDir(path) != QDir(runsDirectory))
        openedFolders << path;
    refresh();
    const QList<RunRecord> runs = RunCatalog::scanOpened(path);
    if (runs.isEmpty()) {
        if (error)
            *error = tr("There is no run in %1 yet (no config.json). It is listed here as soon as one appears.")
                         .arg(QDir::toNativeSeparators(path));
        return false;
    }
    const auto newest = std::max_element(runs.begin(), runs.end(),
                                         [](const RunRecord& a, const RunRecord& b) { return a.created < b.created; });
    selectRuns({newest->directory});
    return openSelected();
}

void RunsTab::openRunFolderWithDialog()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Open run folder"));
    if (folder.isEmpty())
        return;
    QString error;
    if (!openRunFolder(folder, &error))
        QMessageBox::information(this, tr("Open run folder"), error);
}

QList<RunRecord> RunsTab::selectedRuns() const
{
    QModelIndexList rows = runsTable->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
    QList<RunRecord> runs;
    for (const QModelIndex& row : rows)
        runs << model->record(sortedModel->mapToSource(row).row());
    return runs;
}

void RunsTab::selectRuns(const QStringList& directories)
{
    QItemSelection selection;
    for (int row = 0; row < sortedModel->rowCount(); ++row) {
        const RunRecord& run = model->record(sortedModel->mapToSource(sortedModel->index(row, 0)).row());
        if (directories.contains(run.directory))
            selection.select(sortedModel->index(row, 0), sortedModel->index(row, RunTableModel::ColumnCount - 1));
    }
    runsTable->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
}

std::vector<RunHistory> RunsTab::readSelected() const
{
    std::vector<RunHistory> runs;
    const QList<RunRecord> records = plottingOrder(selectedRuns());
    const QList<QColor> colors = runColors(records);
    for (int index = 0; index < records.size(); ++index) {
        const RunRecord& record = records[index];
        if (auto run = RunFolderReader::read(record.directory, legendLabel(record.name), colors[index]))
            runs.push_back(std::move(*run));
    }
    return runs;
}

bool RunsTab::openSelected()
{
    const QList<RunRecord> records = plottingOrder(selectedRuns());
    if (records.isEmpty())
        return false;
    runHistories.clear();
    const QList<QColor> colors = runColors(records);
    for (int index = 0; index < records.size(); ++index)
        runHistories.add(
            RunFolderReader::withoutRows(records[index].directory, legendLabel(records[index].name), colors[index]));
    follower->followNewRuns();
    return true;
}

void RunsTab::compareSelected()
{
    std::vector<RunHistory> runs = readSelected();
    if (runs.size() >= 2)
        Q_EMIT compareRequested(runs);
}

bool RunsTab::renameRun(const RunRecord& run, const QString& newName, QString* error)
{
    const QFileInfo folder(run.inComparison ? QFileInfo(run.directory).absolutePath() : run.directory);
    const QString name = newName.trimmed();
    const auto fail = [&](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    if (!ampwb::isValidRunName(name.toStdString()))
        return fail(tr("A run name cannot be empty, start with a dot or contain slashes."));
    const QString target = folder.absoluteDir().filePath(name);
    if (QFileInfo::exists(target))
        return fail(tr("There is already a run called %1.").arg(name));
    if (!QDir().rename(folder.absoluteFilePath(), target))
        return fail(tr("Could not rename %1.").arg(QDir::toNativeSeparators(folder.absoluteFilePath())));
    refresh();
    return true;
}

bool RunsTab::deleteRuns(const QList<RunRecord>& runs, QString* error)
{
    bool allDeleted = true;
    for (const RunRecord& run : runs) {
        if (!QDir(run.directory).removeRecursively()) {
            allDeleted = false;
            if (error)
                *error = tr("Could not delete %1 completely.").arg(QDir::toNativeSeparators(run.directory));
        }
    }
    refresh();
    return allDeleted;
}

void RunsTab::renameWithDialog()
{
    const QList<RunRecord> runs = selectedRuns();
    if (runs.size() != 1)
        return;
    const RunRecord& run = runs.front();
    const QString current =
        QFileInfo(run.inComparison ? QFileInfo(run.directory).absolutePath() : run.directory).fileName();
    bool accepted = false;
    const QString name = QInputDialog::getText(this, tr("Rename run"),
                                               run.inComparison
                                                   ? tr("New name of the comparison folder (it holds both runs):")
                                                   : tr("New name:"),
                                               QLineEdit::Normal, current, &accepted);
    if (!accepted || name == current)
        return;
    QString error;
    if (!renameRun(run, name, &error))
        QMessageBox::warning(this, tr("Rename run"), error);
}

void RunsTab::deleteWithConfirmation()
{
    const QList<RunRecord> runs = selectedRuns();
    if (runs.isEmpty())
        return;
    QStringList names;
    for (const RunRecord& run : runs)
        names << run.name;
    QMessageBox question(QMessageBox::Warning, tr("Delete runs"),
                         tr("Delete %n run(s) and all their files? This cannot be undone.", nullptr,
                            static_cast<int>(runs.size())),
                         QMessageBox::NoButton, this);
    question.setObjectName(QStringLiteral("deleteConfirmation"));
    question.setInformativeText(names.join(QLatin1Char('\n')));
    QPushButton* deleteChoice = question.addButton(tr("Delete"), QMessageBox::DestructiveRole);
    // Enter, or a key pressed by mistake, keeps the runs: deleting takes a deliberate click.
    QPushButton* keepChoice = question.addButton(tr("Keep"), QMessageBox::RejectRole);
    question.setDefaultButton(keepChoice);
    question.setEscapeButton(keepChoice);
    question.exec();
    if (question.clickedButton() != deleteChoice)
        return;
    QString error;
    if (!deleteRuns(runs, &error))
        QMessageBox::warning(this, tr("Delete runs"), error);
}

void RunsTab::openFolder()
{
    for (const RunRecord& run : selectedRuns())
        QDesktopServices::openUrl(QUrl::fromLocalFile(run.directory));
}

void RunsTab::useConfiguration()
{
    const QList<RunRecord> runs = selectedRuns();
    if (runs.size() != 1)
        return;
    try {
        Q_EMIT configurationRequested(ampwb::RunFolder::readConfig(runs.front().directory.toStdString()));
    } catch (const std::exception& error) {
        QMessageBox::warning(this, tr("Use configuration"),
                             tr("Could not read the run's configuration: %1").arg(EngineText::describe(error)));
    }
}

void RunsTab::updateButtons()
{
    const qsizetype count = runsTable->selectionModel()->selectedRows().size();
    const bool idle = !engine.isBusy();
    openButton->setEnabled(count >= 1);
    compareButton->setEnabled(count >= 2);
    renameButton->setEnabled(count == 1 && idle);
    deleteButton->setEnabled(count >= 1 && idle);
    deleteButton->setToolTip(idle ? QString() : tr("Runs cannot be deleted while training runs"));
    folderButton->setEnabled(count >= 1);
    configButton->setEnabled(count == 1);
    const QList<RunRecord> runs = selectedRuns();
    resumeButton->setEnabled(idle && runs.size() == 1 && RunFolderReader::canResume(runs.front().directory));
    evaluateButton->setEnabled(
        (runs.size() == 1 || runs.size() == 2) && std::all_of(runs.begin(), runs.end(), [](const RunRecord& run) {
            return QFileInfo::exists(QDir(run.directory).filePath(QStringLiteral("checkpoint.pt")));
        }));
}

EvaluationWindow* RunsTab::evaluateSelected(const QString& folder)
{
    QList<RunRecord> runs = selectedRuns();
    if (runs.isEmpty() || runs.size() > 2)
        return nullptr;
    // A plain FP32 run is the one the other is measured against.
    const auto plainFp32 = [](const RunRecord& run) { return run.precision == "FP32" && run.policy.isEmpty(); };
    std::stable_sort(runs.begin(), runs.end(),
                     [&](const RunRecord& a, const RunRecord& b) { return plainFp32(a) && !plainFp32(b); });
    QStringList directories;
    QStringList names;
    for (const RunRecord& run : runs) {
        directories << run.directory;
        names << run.name;
    }
    return EvaluationWindow::open(directories, names, folder, this);
}
