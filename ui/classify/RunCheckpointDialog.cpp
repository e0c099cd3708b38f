#include "classify/RunCheckpointDialog.h"

#include "runs/RunCatalog.h"
#include "runs/RunTableModel.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace {

QString checkpointOf(const QString& runDirectory)
{
    return QDir(runDirectory).filePath(QStringLiteral("checkpoint.pt"));
}

} // namespace

RunCheckpointDialog::RunCheckpointDialog(const QString& runsDirectory, QWidget* parent)
    : QDialog(parent)
    , runsFolder(runsDirectory)
    , runs(new RunTableModel(this))
    , list(new QTableView(this))
{
    setWindowTitle(tr("Choose a run's checkpoint"));
    QList<RunRecord> withCheckpoint;
    for (const RunRecord& run : RunCatalog::scan(runsDirectory)) {
        if (QFileInfo::exists(checkpointOf(run.directory)))
            withCheckpoint << run;
    }
    std::sort(withCheckpoint.begin(), withCheckpoint.end(),
              [](const RunRecord& a, const RunRecord& b) { return a.created > b.created; });
    runs->setRecords(withCheckpoint);

    list->setObjectName(QStringLiteral("runCheckpoints"));
    list->setModel(runs);
    list->setSelectionBehavior(QAbstractItemView::SelectRows);
    list->setSelectionMode(QAbstractItemView::SingleSelection);
    list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    list->verticalHeader()->hide();
    for (const int column :
         {RunTableModel::State, RunTableModel::Throughput, RunTableModel::PeakMemory, RunTableModel::Device})
        list->setColumnHidden(column, true);
    list->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    list->horizontalHeader()->setStretchLastSection(true);
    if (runs->rowCount() > 0)
        list->selectRow(0);
    connect(list, &QTableView::doubleClicked, this, &RunCheckpointDialog::acceptSelectedRun);

    auto* note =
        new QLabel(runs->rowCount() > 0
                       ? tr("Runs in %1 with a checkpoint, newest first:").arg(QDir::toNativeSeparators(runsDirectory))
                       : tr("No run in %1 has a checkpoint yet: a run writes one at the end of each epoch "
                            "and every five minutes while it trains.")
                             .arg(QDir::toNativeSeparators(runsDirectory)),
                   this);
    note->setWordWrap(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Classify with this run"));
    buttons->button(QDialogButtonBox::Ok)->setEnabled(runs->rowCount() > 0);
    QPushButton* other = buttons->addButton(tr("Other file…"), QDialogButtonBox::ActionRole);
    other->setObjectName(QStringLiteral("otherCheckpointFile"));
    connect(other, &QPushButton::clicked, this, &RunCheckpointDialog::chooseOtherFile);
    connect(buttons, &QDialogButtonBox::accepted, this, &RunCheckpointDialog::acceptSelectedRun);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addWidget(list, 1);
    layout->addWidget(buttons);
    resize(760, 420);
}

void RunCheckpointDialog::acceptSelectedRun()
{
    const QModelIndexList selected = list->selectionModel()->selectedRows();
    if (selected.isEmpty())
        return;
    chosen = checkpointOf(runs->record(selected.front().row()).directory);
    accept();
}

void RunCheckpointDialog::chooseOtherFile()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("Choose a run's checkpoint"), runsFolder,
                                                      tr("Run checkpoints (checkpoint.pt)"));
    if (file.isEmpty())
        return;
    chosen = file;
    accept();
}
