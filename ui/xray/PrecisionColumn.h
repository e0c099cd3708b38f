#pragma once

#include "run/PrecisionPolicy.h"
#include "xray/PrecisionSuggestion.h"

#include <QObject>

#include <map>
#include <optional>
#include <string>

class QCheckBox;
class QComboBox;
class QTableWidget;
class QTableWidgetItem;

/// The X-ray's precision column: in a table whose first column names modules, the precision each module
/// computes in (editable where a policy can name the module, the rule's precision in italics where the user set
/// none), the suggestion's reason in the next column, and the policy they make.
class PrecisionColumn : public QObject {
    Q_OBJECT
public:
    /// The precisions go into `table`'s `column`, the suggestion's reasons into the one after it; `otherwise`
    /// chooses the precision of everything no module names, `reducedWeights` whether the policy stores weights in
    /// their module's precision (PrecisionPolicy::reducedWeights).
    PrecisionColumn(QTableWidget& table, int column, QComboBox& otherwise, QCheckBox& reducedWeights,
                    QObject* parent = nullptr);

    /// Starts from `policy`'s precisions (none: amp everywhere).
    void prefill(const std::optional<ampwb::PrecisionPolicy>& policy);
    /// Takes the suggestion's precisions and shows why each was chosen (the weights stored as they were).
    void showSuggestion(const ampwb::PrecisionSuggestion& suggestion);
    /// The policy the column shows, named "x-ray".
    const ampwb::PrecisionPolicy& policy() const { return chosen; }
    /// Sets the column's cells of every row (after the rows changed).
    void fill();

private:
    void onItemChanged(QTableWidgetItem* item);
    void onOtherwiseChosen();
    void showOtherwise();

    QTableWidget& table;
    int column;
    QComboBox& otherwise;
    QCheckBox& reducedWeights;
    ampwb::PrecisionPolicy chosen;
    /// by module ("": the policy's otherwise; a batch norm: the choice made with its convolution)
    std::map<std::string, ampwb::ModuleChoice> suggested;
    ampwb::SuggestionRule suggestedBy; ///< the rule `suggested` follows
    bool filling = false;
};
