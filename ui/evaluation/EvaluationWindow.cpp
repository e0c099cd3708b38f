#include "EvaluationWindow.h"

#include "evaluation/ConfusionHeatMap.h"
#include "evaluation/EvaluationWorker.h"
#include "evaluation/MistakesGallery.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace {

constexpr int kConfusionsListed = 10;
constexpr int kDisagreementsListed = 200;

/// A table cell that shows `text` and sorts by `value`.
class NumberItem : public QTableWidgetItem {
public:
    NumberItem(const QString& text, double value)
        : QTableWidgetItem(text)
        , number(value)
    {
        setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    bool operator<(const QTableWidgetItem& other) const override
    {
        const auto* numeric = dynamic_cast<const NumberItem*>(&other);
        return numeric ? number < numeric->number : QTableWidgetItem::operator<(other);
    }

private:
    double number;
};

QString fraction(double value)
{
    return QString::number(value, 'f', 3);
}

QString percent(double value)
{
    return QString::number(100.0 * value, 'f', 2) + QStringLiteral(" %");
}

QStringList namesOf(const std::vector<std::string>& names)
{
    QStringList list;
    for (const std::string& name : names)
        list << QString::fromStdString(name);
    return list;
}

} // namespace

EvaluationWindow* EvaluationWindow::open(const QStringList& models, const QStringList& names, const QString& folder,
                                         QWidget* parent, ampwb::ClassifierOptions classifier)
{
    ampwb::EvaluationJob job;
    job.model = models.front().toStdString();
    if (models.size() == 2)
        job.against = models.back().toStdString();
    if (!folder.isEmpty()) {
        job.data = folder.toStdString();
        job.wholeFolder = true;
    }
    job.classifier = classifier;
    auto* window = new EvaluationWindow(std::move(job), names.front(), names.size() == 2 ? names.back() : QString(),
                                        parent);
    window->show();
    return window;
}

EvaluationWindow::EvaluationWindow(ampwb::EvaluationJob job, const QString& name, const QString& againstName,
                                   QWidget* parent)
    : QWidget(parent, Qt::Window)
    , firstName(name)
    , everyImage(job.wholeFolder)
    , arithmetic(QString::fromStdString(ampwb::toString(job.classifier.precision)))
    , secondName(againstName)
    , worker(new EvaluationWorker(this))
    , heading(new QLabel(this))
    , progress(new QProgressBar(this))
    , cancel(new QPushButton(tr("Cancel"), this))
    , status(new QLabel(this))
    , matrix(new ConfusionHeatMap(this))
    , readout(new QLabel(this))
    , normalised(new QCheckBox(tr("Share of each true class (row-normalised)"), this))
    , tabs(new QTabWidget(this))
    , perClass(new QTableWidget(this))
    , confusions(new QListWidget(this))
    , galleryCaption(new QLabel(this))
    , allMistakes(new QPushButton(tr("All mistakes"), this))
    , mistakes(new MistakesGallery(this))
    , agreementPage(new QWidget(this))
    , agreementSummary(new QLabel(agreementPage))
    , disagreements(new QListWidget(agreementPage))
{
    setAttribute(Qt::WA_DeleteOnClose);
    setObjectName(QStringLiteral("evaluationWindow"));
    setWindowTitle(secondName.isEmpty() ? tr("Evaluation — %1").arg(firstName)
                                        : tr("Evaluation — %1 against %2").arg(firstName, secondName));
    heading->setWordWrap(true);
    const QString folder = QString::fromStdString(job.data);
    if (everyImage)
        heading->setText(tr("Evaluating %1 on the images in %2…").arg(firstName, folder));
    else
        heading->setText(secondName.isEmpty()
                             ? tr("Evaluating %1 on its validation images…").arg(firstName)
                             : tr("Evaluating %1 and %2 on the same validation images…").arg(firstName, secondName));
    status->setWordWrap(true);
    status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    readout->setWordWrap(true);
    readout->setMinimumHeight(2 * fontMetrics().height());
    cancel->setObjectName(QStringLiteral("cancelEvaluation"));

    perClass->setColumnCount(secondName.isEmpty() ? 5 : 6);
    QStringList headers{tr("Class"), tr("Precision"), tr("Recall"), tr("F1"), tr("Support")};
    if (!secondName.isEmpty())
        headers << tr("Recall, %1").arg(secondName);
    perClass->setHorizontalHeaderLabels(headers);
    perClass->setEditTriggers(QAbstractItemView::NoEditTriggers);
    perClass->setSelectionBehavior(QAbstractItemView::SelectRows);
    perClass->verticalHeader()->hide();
    perClass->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto* galleryPage = new QWidget(this);
    auto* galleryLayout = new QVBoxLayout(galleryPage);
    auto* captionRow = new QHBoxLayout;
    galleryCaption->setWordWrap(true);
    captionRow->addWidget(galleryCaption, 1);
    captionRow->addWidget(allMistakes);
    galleryLayout->addLayout(captionRow);
    galleryLayout->addWidget(mistakes);

    auto* agreementLayout = new QVBoxLayout(agreementPage);
    agreementSummary->setWordWrap(true);
    agreementSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    agreementLayout->addWidget(agreementSummary);
    agreementLayout->addWidget(disagreements, 1);

    tabs->addTab(perClass, tr("Per class"));
    tabs->addTab(confusions, tr("Top confusions"));
    tabs->addTab(galleryPage, tr("Mistakes"));
    if (!secondName.isEmpty())
        tabs->addTab(agreementPage, tr("Agreement"));
    else
        agreementPage->hide();

    auto* matrixPage = new QWidget(this);
    auto* matrixLayout = new QVBoxLayout(matrixPage);
    matrixLayout->setContentsMargins(0, 0, 0, 0);
    matrixLayout->addWidget(matrix, 1);
    matrixLayout->addWidget(readout);
    matrixLayout->addWidget(normalised);
    results = new QSplitter(this);
    results->addWidget(matrixPage);
    results->addWidget(tabs);
    results->setStretchFactor(0, 1);
    results->setStretchFactor(1, 1);

    auto* top = new QHBoxLayout;
    top->addWidget(progress, 1);
    top->addWidget(cancel);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addLayout(top);
    layout->addWidget(status);
    layout->addWidget(results, 1);
    results->setEnabled(false);

    connect(cancel, &QPushButton::clicked, this, [this] {
        worker->cancel();
        cancel->setEnabled(false);
        heading->setText(tr("Stopping after the images in progress…"));
    });
    connect(normalised, &QCheckBox::toggled, matrix, &ConfusionHeatMap::setRowNormalised);
    connect(matrix, &ConfusionHeatMap::cellExplained, readout, &QLabel::setText);
    connect(matrix, &ConfusionHeatMap::cellChosen, this, [this](std::optional<ConfusionHeatMap::Cell> cell) {
        if (cell)
            mistakes->showCell(cell->trueClass, cell->predictedClass);
        else
            mistakes->showCell(-1, -1);
        describeGallery();
        if (cell)
            tabs->setCurrentWidget(mistakes->parentWidget());
    });
    connect(allMistakes, &QPushButton::clicked, this, [this] { matrix->chooseCell(std::nullopt); });
    connect(confusions, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
        matrix->chooseCell(
            ConfusionHeatMap::Cell{item->data(Qt::UserRole).toInt(), item->data(Qt::UserRole + 1).toInt()});
    });
    connect(mistakes, &MistakesGallery::thumbnailsWanted, this,
            [this](int request, const std::vector<int64_t>& indices) {
                worker->loadThumbnails(request, indices, MistakesGallery::kImagePixels);
            });
    connect(worker, &EvaluationWorker::thumbnailsLoaded, mistakes, &MistakesGallery::showThumbnails);
    connect(worker, &EvaluationWorker::progressed, this, &EvaluationWindow::showProgress);
    connect(worker, &EvaluationWorker::finished, this, &EvaluationWindow::showResult);
    connect(worker, &EvaluationWorker::failed, this, &EvaluationWindow::showFailure);
    progress->setRange(0, 0);
    resize(1100, 720);
    worker->start(std::move(job));
}

EvaluationWindow::~EvaluationWindow() = default;

bool EvaluationWindow::isRunning() const
{
    return running;
}

void EvaluationWindow::showProgress(qint64 done, qint64 total)
{
    // Two models go through the same images one after the other: the bar covers both.
    if (done < lastDone)
        ++pass;
    lastDone = done;
    const int models = secondName.isEmpty() ? 1 : 2;
    const qint64 reached = pass * total + done;
    progress->setRange(0, static_cast<int>(total * models));
    progress->setValue(static_cast<int>(reached));
    progress->setFormat(tr("%1 of %2 images").arg(reached).arg(total * models));
}

void EvaluationWindow::showFailure(const QString& message)
{
    running = false;
    progress->setRange(0, 1);
    progress->setValue(0);
    cancel->setEnabled(false);
    heading->setText(tr("The evaluation could not be done."));
    status->setText(message);
    Q_EMIT ended();
}

void EvaluationWindow::showResult(std::shared_ptr<const ampwb::EvaluationJobResult> result)
{
    running = false;
    cancel->setEnabled(false);
    if (result->cancelled) {
        heading->setText(tr("Cancelled; nothing was written."));
        Q_EMIT ended();
        return;
    }
    outcome = result;
    const ampwb::ModelEvaluation& evaluation = result->evaluation;
    const QString source = QString::fromStdString(result->source);
    heading->setText(everyImage ? tr("%1 on every image of %2").arg(firstName, source)
                                : tr("%1 on the validation images of %2").arg(firstName, source));
    progress->setRange(0, 1);
    progress->setValue(1);
    progress->setFormat(tr("Done"));
    QStringList lines{tr("%n image(s), top-1 %1, %2 images/s", "", static_cast<int>(evaluation.confusion.total()))
                          .arg(percent(evaluation.confusion.accuracy()))
                          .arg(evaluation.imagesPerSecond(), 0, 'f', 0)};
    if (result->runsOwn)
        lines << runsOwnSentence(*result->runsOwn, evaluation);
    if (!evaluation.unreadableImages.empty())
        lines << tr("%n image(s) could not be read and were skipped, the first: %1", "",
                    static_cast<int>(evaluation.unreadableImages.size()))
                     .arg(QString::fromStdString(evaluation.unreadableImages.front()));
    if (!result->folder.empty())
        lines << tr("Written to %1 (confusion.csv, per-class.csv, predictions.csv)")
                     .arg(QString::fromStdString(result->folder));
    status->setText(lines.join('\n'));
    // A wrapped label's height follows its width only after the layout has run again; keep every line in view.
    status->setMinimumHeight(fontMetrics().lineSpacing() * static_cast<int>(lines.size()));
    matrix->setMatrix(evaluation.confusion, namesOf(evaluation.classNames));
    mistakes->setEvaluation(std::shared_ptr<const ampwb::ModelEvaluation>(result, &result->evaluation));
    fillPerClass(*result);
    fillConfusions(*result);
    fillAgreement(*result);
    describeGallery();
    results->setEnabled(true);
    Q_EMIT ended();
}

QString EvaluationWindow::runsOwnSentence(const ampwb::RunsOwnValidation& run,
                                          const ampwb::ModelEvaluation& evaluation) const
{
    const int64_t images = evaluation.confusion.total();
    const int64_t correct = evaluation.confusion.correct();
    const auto runCorrect = std::llround(run.top1 * static_cast<double>(run.images));
    const QString measured = tr("The run measured top-1 %1 (%2 of %3 images) in %4 as it ended.")
                                 .arg(percent(run.top1))
                                 .arg(runCorrect)
                                 .arg(run.images)
                                 .arg(QString::fromStdString(run.arithmetic));
    if (run.images != images)
        return measured + QLatin1Char(' ')
             + tr("This evaluation read %1 of them: the others could not be read.").arg(images);
    const QString here = correct == runCorrect
                           ? tr("Here, in %1 with batch norm folded in (as Classify and serve run it): the same count.")
                                 .arg(arithmetic)
                           : tr("Here, in %1 with batch norm folded in (as Classify and serve run it): %2 of them. The "
                                "arithmetic decides a few borderline images differently; the weights and the images "
                                "are the same.")
                                 .arg(arithmetic)
                                 .arg(correct);
    return measured + QLatin1Char(' ') + here;
}

void EvaluationWindow::fillPerClass(const ampwb::EvaluationJobResult& result)
{
    const ampwb::ConfusionMatrix& confusion = result.evaluation.confusion;
    perClass->setSortingEnabled(false);
    perClass->setRowCount(static_cast<int>(confusion.classCount()));
    for (int row = 0; row < confusion.classCount(); ++row) {
        auto* name = new NumberItem(QString::fromStdString(result.evaluation.classNames[static_cast<size_t>(row)]),
                                    row);
        name->setTextAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        perClass->setItem(row, 0, name);
        perClass->setItem(row, 1, new NumberItem(fraction(confusion.precision(row)), confusion.precision(row)));
        perClass->setItem(row, 2, new NumberItem(fraction(confusion.recall(row)), confusion.recall(row)));
        perClass->setItem(row, 3, new NumberItem(fraction(confusion.f1(row)), confusion.f1(row)));
        perClass->setItem(row, 4,
                          new NumberItem(QString::number(confusion.support(row)), double(confusion.support(row))));
        if (result.second) {
            const double recall = result.second->confusion.recall(row);
            perClass->setItem(row, 5, new NumberItem(fraction(recall), recall));
        }
    }
    perClass->setSortingEnabled(true);
}

void EvaluationWindow::fillConfusions(const ampwb::EvaluationJobResult& result)
{
    confusions->clear();
    const QStringList names = namesOf(result.evaluation.classNames);
    for (const auto& confusion : result.evaluation.confusion.topConfusions(kConfusionsListed)) {
        if (confusion.count == 0)
            break;
        auto* item = new QListWidgetItem(tr("%1 × %2 taken for %3")
                                             .arg(confusion.count)
                                             .arg(names.value(static_cast<int>(confusion.trueClass)),
                                                  names.value(static_cast<int>(confusion.predictedClass))),
                                         confusions);
        item->setData(Qt::UserRole, static_cast<int>(confusion.trueClass));
        item->setData(Qt::UserRole + 1, static_cast<int>(confusion.predictedClass));
    }
    if (confusions->count() == 0)
        new QListWidgetItem(tr("No image was taken for another class."), confusions);
}

void EvaluationWindow::fillAgreement(const ampwb::EvaluationJobResult& result)
{
    if (!result.agreement || !result.second)
        return;
    const ampwb::PredictionAgreement& agreement = *result.agreement;
    agreementSummary->setText(
        tr("%1: top-1 %2. %3: top-1 %4.\nThe same top-1 answer on %5 of %6 images (%7); %8 answered differently.\n"
           "Probability given to the true class, %3 minus %1: mean %9, largest %10.")
            .arg(firstName, percent(result.evaluation.confusion.accuracy()), secondName,
                 percent(result.second->confusion.accuracy()))
            .arg(agreement.agreeing)
            .arg(agreement.images)
            .arg(percent(agreement.agreement()))
            .arg(agreement.disagreements.size())
            .arg(QString::asprintf("%+.4f", agreement.meanTrueClassDifference),
                 QString::asprintf("%+.4f", agreement.largestTrueClassDifference)));
    disagreements->clear();
    if (agreement.disagreements.empty())
        new QListWidgetItem(tr("The two models give every image the same answer."), disagreements);
    const QStringList names = namesOf(result.evaluation.classNames);
    for (const ampwb::Disagreement& disagreement : agreement.disagreements) {
        if (disagreements->count() >= kDisagreementsListed)
            break;
        new QListWidgetItem(tr("%1 (%2): %3 says %4, %5 says %6")
                                .arg(QString::fromStdString(disagreement.name),
                                     names.value(static_cast<int>(disagreement.trueClass)), firstName,
                                     names.value(static_cast<int>(disagreement.firstClass)), secondName,
                                     names.value(static_cast<int>(disagreement.secondClass))),
                            disagreements);
    }
}

void EvaluationWindow::describeGallery()
{
    const std::optional<ConfusionHeatMap::Cell> cell = matrix->chosenCell();
    const int shown = static_cast<int>(mistakes->shownIndices().size());
    if (!cell)
        galleryCaption->setText(
            tr("The %n most confidently wrong image(s); click a cell of the matrix to see its images.", "", shown));
    else
        galleryCaption->setText(matrix->explain(*cell) + QStringLiteral(" — ") + tr("%n shown", "", shown));
    allMistakes->setEnabled(cell.has_value());
}
