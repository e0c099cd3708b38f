#include "xray/PrecisionColumn.h"

#include "EngineText.h"
#include "xray/PolicyText.h"

#include "model/PolicyModules.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLocale>
#include <QPalette>
#include <QStringList>
#include <QTableWidget>

namespace {

/// The ResNet-18 module a policy can name at `path`; none for "relu", "maxpool", "loss", "optimizer"…
const ampwb::PolicyModule* policyModule(const QString& path)
{
    return ampwb::findPolicyModule(path.toStdString());
}

constexpr ampwb::ModulePrecision kPrecisions[] = {ampwb::ModulePrecision::Fp32, ampwb::ModulePrecision::Bf16,
                                                  ampwb::ModulePrecision::Fp16, ampwb::ModulePrecision::Amp};

QString orNone(const std::optional<double>& value, int decimals, double scale = 1.0)
{
    return value ? QLocale().toString(*value * scale, 'f', decimals) : PrecisionColumn::tr("—");
}

/// Why the suggestion chose a module's precision, by its rule.
QString reasonText(const ampwb::ModuleChoice& choice, const ampwb::SuggestionRule& rule)
{
    return EngineText::render(ampwb::describeChoiceReason(choice.reason, rule));
}

/// The measurements behind a choice, on a few lines.
QString measurementsText(const ampwb::ModuleChoice& choice, const ampwb::SuggestionRule& rule)
{
    return PrecisionColumn::tr("Forward and backward per step: fp32 %1 ms, bf16 %2 ms, fp16 %3 ms.\n"
                               "Gradients flushed to zero at the worst step: fp16 %4 %, bf16 %5 %.\n"
                               "Chosen: %6 (%7).")
        .arg(orNone(choice.fp32Milliseconds, 2), orNone(choice.bf16Milliseconds, 2), orNone(choice.fp16Milliseconds, 2),
             orNone(choice.fp16FlushedFraction, 3, 100.0), orNone(choice.bf16FlushedFraction, 3, 100.0),
             PolicyText::precisionName(choice.chosen), reasonText(choice, rule));
}

QTableWidgetItem* cellAt(QTableWidget& table, int row, int column)
{
    if (!table.item(row, column))
        table.setItem(row, column, new QTableWidgetItem);
    return table.item(row, column);
}

} // namespace

PrecisionColumn::PrecisionColumn(QTableWidget& precisionTable, int precisionColumn, QComboBox& otherwiseBox,
                                 QCheckBox& reducedWeightsBox, QObject* parent)
    : QObject(parent)
    , table(precisionTable)
    , column(precisionColumn)
    , otherwise(otherwiseBox)
    , reducedWeights(reducedWeightsBox)
{
    for (const ampwb::ModulePrecision precision : kPrecisions)
        otherwise.addItem(PolicyText::precisionName(precision), static_cast<int>(precision));
    otherwise.setToolTip(tr("The autocast region around the modules: the precision of every module left in "
                            "italics. ReLU, pooling and the shortcuts' additions compute in the type their input "
                            "arrives in; the loss in fp32 inside autocast (bf16, fp16, AMP), in its input's type "
                            "under fp32"));
    reducedWeights.setText(tr("Weights stored reduced"));
    reducedWeights.setToolTip(tr("Store each convolution's and the head's weights in the precision its module "
                                 "computes in, with fp32 master copies that the optimizer steps (Apex O2's "
                                 "weights): no casts of the weights in each step; batch norms' weights stay fp32"));
    connect(&otherwise, &QComboBox::currentIndexChanged, this, &PrecisionColumn::onOtherwiseChosen);
    connect(&reducedWeights, &QCheckBox::toggled, this, [this](bool on) { chosen.reducedWeights = on; });
    connect(&table, &QTableWidget::itemChanged, this, &PrecisionColumn::onItemChanged);
    prefill(std::nullopt);
}

void PrecisionColumn::prefill(const std::optional<ampwb::PrecisionPolicy>& policy)
{
    chosen = policy.value_or(ampwb::PrecisionPolicy{});
    chosen.name = "x-ray";
    suggested.clear();
    const QSignalBlocker quiet(reducedWeights);
    reducedWeights.setChecked(chosen.reducedWeights);
    showOtherwise();
    fill();
}

void PrecisionColumn::showSuggestion(const ampwb::PrecisionSuggestion& suggestion)
{
    chosen = suggestion.policy;
    chosen.name = "x-ray";
    chosen.reducedWeights = reducedWeights.isChecked();
    suggestedBy = suggestion.rule;
    suggested.clear();
    for (const ampwb::ModuleChoice& choice : suggestion.choices) {
        suggested[choice.module] = choice;
        if (!choice.batchNorm.empty()) // chosen with its convolution
            suggested[choice.batchNorm] = choice;
    }
    showOtherwise();
    fill();
}

void PrecisionColumn::showOtherwise()
{
    const QSignalBlocker quiet(otherwise);
    otherwise.setCurrentIndex(otherwise.findData(static_cast<int>(chosen.otherwise)));
}

void PrecisionColumn::fill()
{
    const bool sorting = table.isSortingEnabled();
    table.setSortingEnabled(false);
    filling = true;
    const QColor inherited = table.palette().color(QPalette::Disabled, QPalette::Text);
    for (int row = 0; row < table.rowCount(); ++row) {
        const QTableWidgetItem* name = table.item(row, 0);
        const QString module = name ? name->text() : QString();
        const ampwb::PolicyModule* named = policyModule(module);
        const bool nameable = named != nullptr;
        const std::string path = module.toStdString();
        const bool outside = ampwb::outsidePolicyReach(path);
        const bool set = chosen.modules.count(path) > 0;
        // Between modules (ReLU, pooling, an addition) the type is that of the module whose output comes in.
        const std::string feeding = nameable ? std::string() : ampwb::moduleFeeding(path);
        QTableWidgetItem* cell = cellAt(table, row, column);
        cell->setText(outside            ? tr("—")
                      : nameable         ? PolicyText::precisionName(chosen.precisionOf(path, named->isBatchNorm))
                      : !feeding.empty() ? PolicyText::precisionName(chosen.precisionOf(feeding, true))
                                         : PolicyText::precisionName(chosen.otherwise));
        cell->setFlags(nameable ? Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable
                                : Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        QFont font = table.font();
        font.setItalic(!set);
        cell->setFont(font);
        if (!nameable)
            cell->setForeground(inherited);
        else
            cell->setData(Qt::ForegroundRole, {});
        const auto choice = outside ? suggested.end() : suggested.find(nameable ? path : feeding);
        QString tip = nameable ? (set ? tr("Set for %1. Double-click to choose another precision.").arg(module)
                                      : tr("From the policy's rule (in italics). Double-click to set a precision "
                                           "for %1.")
                                            .arg(module))
                    : outside  ? tr("%1 is the step's work outside the model (the optimizer on the fp32 "
                                     "weights, and the step's own work): no policy reaches it.")
                                    .arg(module)
                    : !feeding.empty()
                        ? tr("A policy cannot name %1: autocast lowers none of its operators, so they compute in the "
                             "type %2 hands them.")
                              .arg(module, QString::fromStdString(feeding))
                        : tr("A policy cannot name %1: it runs in the region chosen for everything else.").arg(module);
        if (choice != suggested.end())
            tip += QLatin1Char('\n') + measurementsText(choice->second, suggestedBy);
        cell->setToolTip(tip);
        QTableWidgetItem* reason = cellAt(table, row, column + 1);
        reason->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        reason->setText(choice != suggested.end() ? reasonText(choice->second, suggestedBy) : QString());
        reason->setToolTip(choice != suggested.end() ? measurementsText(choice->second, suggestedBy) : QString());
    }
    filling = false;
    table.setColumnHidden(column + 1, suggested.empty());
    table.setSortingEnabled(sorting);
}

void PrecisionColumn::onItemChanged(QTableWidgetItem* item)
{
    if (filling || item->column() != column || !table.item(item->row(), 0))
        return;
    const QString module = table.item(item->row(), 0)->text();
    const auto precision = ampwb::parseModulePrecision(item->text().toStdString());
    if (policyModule(module) && precision)
        chosen.modules[module.toStdString()] = *precision;
    fill();
}

void PrecisionColumn::onOtherwiseChosen()
{
    chosen.otherwise = static_cast<ampwb::ModulePrecision>(otherwise.currentData().toInt());
    fill();
}
