#include "training/RunFiles.h"

#include "training/NumericCsv.h"
#include "training/RunFileFormat.h"
#include "training/RunFolder.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <map>

namespace ampwb {
namespace {

void assignCell(double cell, double& field)
{
    field = cell;
}

void assignCell(double cell, int64_t& field)
{
    field = std::isfinite(cell) ? static_cast<int64_t>(std::llround(cell)) : 0;
}

void assignCell(double cell, int& field)
{
    field = std::isfinite(cell) ? static_cast<int>(std::lround(cell)) : 0;
}

void assignCell(double cell, bool& field)
{
    field = cell != 0.0;
}

/// The rows of a CSV file in `Format` (StepsCsv, EpochsCsv, RanksCsv); columns the file lacks read as 0.
template <typename Format>
std::vector<typename Format::Row> rowsOf(const NumericCsv& csv)
{
    using Row = typename Format::Row;
    std::vector<std::optional<size_t>> fileColumns;
    const Row sample{};
    Format::forEachColumn(sample, [&](const char* name, const auto&) { fileColumns.push_back(csv.column(name)); });

    std::vector<Row> rows(csv.rowCount());
    for (size_t row = 0; row < rows.size(); ++row) {
        size_t index = 0;
        Format::forEachColumn(rows[row], [&](const char*, auto& field) {
            const std::optional<size_t> column = fileColumns[index++];
            assignCell(column ? csv.cell(row, *column) : 0.0, field);
        });
    }
    return rows;
}

/// Puts each rank's row with the step it belongs to (ranks.csv lists them in the order they arrived).
void attachRankSteps(const std::vector<RankStep>& rows, std::vector<StepMetrics>& steps)
{
    std::map<int64_t, StepMetrics*> byNumber;
    for (StepMetrics& step : steps)
        byNumber[step.step] = &step;
    for (const RankStep& row : rows) {
        const auto found = byNumber.find(row.step);
        if (found != byNumber.end())
            found->second->ranks.push_back(row);
    }
}

} // namespace

std::optional<RunFiles> RunFiles::read(const std::string& directory)
{
    const RunFolder folder(directory);
    const std::optional<NumericCsv> stepsCsv = NumericCsv::read(folder.stepsPath());
    if (!stepsCsv)
        return std::nullopt;
    RunFiles run;
    try {
        run.config = RunFolder::readConfig(directory);
    } catch (const std::exception&) {
        // Without a readable config.json the run still reads; it just cannot be repeated.
    }
    run.summary = RunFolder::readSummary(directory);
    run.steps = rowsOf<StepsCsv>(*stepsCsv);
    run.epochs = readEpochs(directory);
    if (const std::optional<NumericCsv> ranksCsv = NumericCsv::read(folder.ranksPath()))
        attachRankSteps(rowsOf<RanksCsv>(*ranksCsv), run.steps);

    int64_t stepsPerEpoch = 0;
    for (const StepMetrics& step : run.steps)
        stepsPerEpoch = std::max(stepsPerEpoch, step.stepInEpoch);
    for (StepMetrics& step : run.steps) {
        step.stepsPerEpoch = stepsPerEpoch;
        MemoryUsage& memory = step.memory;
        memory.isCuda = run.summary ? run.summary->memoryIsCuda : memory.residentBytes == 0 && memory.reservedBytes > 0;
    }
    return run;
}

std::vector<EpochMetrics> RunFiles::readEpochs(const std::string& directory)
{
    const std::optional<NumericCsv> csv = NumericCsv::read(RunFolder(directory).epochsPath());
    return csv ? rowsOf<EpochsCsv>(*csv) : std::vector<EpochMetrics>{};
}

} // namespace ampwb
