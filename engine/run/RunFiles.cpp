#include "run/RunFiles.h"

#include "run/GradientRanges.h"
#include "run/NumericCsv.h"
#include "run/RunFileFormat.h"
#include "run/RunFolder.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <exception>
#include <map>
#include <type_traits>
#include <utility>

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

/// ResNet-18's parameter tensors: gradstats.csv's rows per measured step.
constexpr uint64_t kResNet18ParameterTensors = 62;
/// The longest parameter name a gradstats.csv row is read with (ResNet-18's are under 30 characters).
constexpr size_t kLongestParameterName = 256;
/// The widest whole number RunFolder writes ("-9223372036854775808"; an int's "-2147483648") and the widest
/// decimal, with its ten significant digits ("-1.234567891e-308").
constexpr size_t kWidestWholeNumber = 20;
constexpr size_t kWidestInt = 11;
constexpr size_t kWidestDecimal = 17;

template <typename Field>
constexpr size_t widestCell()
{
    if constexpr (std::is_same_v<Field, bool>)
        return 1;
    else if constexpr (std::is_integral_v<Field>)
        return sizeof(Field) > 4 ? kWidestWholeNumber : kWidestInt;
    else
        return kWidestDecimal;
}

/// The longest line of a CSV file in `Format` (StepsCsv, EpochsCsv, RanksCsv): its widest row or its header,
/// with a byte to spare for a carriage return.
template <typename Format>
size_t widestLine()
{
    size_t row = 0;
    size_t header = 0;
    const typename Format::Row sample{};
    Format::forEachColumn(sample, [&](const char* name, const auto& field) {
        row += widestCell<std::decay_t<decltype(field)>>() + 1;
        header += std::strlen(name) + 1;
    });
    return std::max(row, header);
}

/// How a resume reads a CSV file in `Format`: its first column from 1 to kMaxRunSteps, whole numbers where
/// the format holds counts, bytes and flags.
template <typename Format>
CsvRules rulesOf()
{
    CsvRules rules;
    rules.maxKey = kMaxRunSteps;
    const typename Format::Row sample{};
    Format::forEachColumn(sample, [&rules](const char* name, const auto& field) {
        if (rules.keyColumn.empty())
            rules.keyColumn = name;
        else if (!std::is_floating_point_v<std::decay_t<decltype(field)>>)
            rules.wholeColumns.push_back(name);
    });
    return rules;
}

ReadLimits limitsOf(const char* file, const char* rowsAre, uint64_t rows, size_t line)
{
    // RunFolder writes a line at a time: a last line without its line break is a write a crash cut short, which
    // a resume drops (it rewrites the file up to its checkpoint) rather than refuse the run for it.
    return {(rows + 1) * line, line,
            std::string("a ") + file + " holds at most " + std::to_string(rows) + " " + rowsAre
                + ", one line of at most " + std::to_string(line) + " bytes each",
            true};
}

/// Checks gradstats.csv as RunFiles::checkForResume does.
void checkGradientStats(const std::string& path)
{
    readLinesOf(path, runFileLimits(RunFile::GradientStats), [&path](const std::string& line, int64_t number) {
        const auto refuse = [&](EngineMessage what) {
            throw FileRefused(
                EngineMessage(EngineMessage::Code::FileLineRefused, {path, std::to_string(number), std::move(what)}));
        };
        if (std::optional<EngineMessage> binary = binaryContent(line))
            refuse(std::move(*binary));
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            refuse(EngineMessage(number == 1 ? EngineMessage::Code::BlankLineForHeader
                                             : EngineMessage::Code::BlankLineForRow));
        if (number == 1) {
            if (line.rfind("step,", 0) != 0)
                refuse(EngineMessage(EngineMessage::Code::NotGradientStatsHeader));
            return;
        }
        const std::optional<GradientStatsRow> row = parseGradientStatsLine(line);
        if (!row || !csvRowKey(line))
            refuse(EngineMessage(EngineMessage::Code::NotGradientStatsRow));
        if (row->step < 1 || row->step > kMaxRunSteps)
            refuse(EngineMessage(EngineMessage::Code::StepOutOfRange,
                                 {std::to_string(row->step), std::to_string(kMaxRunSteps)}));
    });
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

/// epochs.csv's rows; throws FileRefused when it is refused.
std::vector<EpochMetrics> epochsOf(const std::string& directory)
{
    const std::optional<NumericCsv> csv = NumericCsv::read(RunFolder(directory).epochsPath(),
                                                           runFileLimits(RunFile::Epochs));
    return csv ? rowsOf<EpochsCsv>(*csv) : std::vector<EpochMetrics>{};
}

/// How many ranks trained the run, as config.json says (1 when it cannot say).
int worldSizeOf(const std::string& directory)
{
    try {
        return std::max(1, RunFolder::readWorldSize(directory));
    } catch (const std::exception&) {
        return 1;
    }
}

} // namespace

ReadLimits runFileLimits(RunFile file, int worldSize)
{
    const auto steps = static_cast<uint64_t>(kMaxRunSteps);
    switch (file) {
    case RunFile::Steps: return limitsOf(fileName(file), "steps", steps, widestLine<StepsCsv>());
    case RunFile::Epochs: return limitsOf(fileName(file), "epochs", steps, widestLine<EpochsCsv>());
    case RunFile::Ranks:
        return limitsOf(fileName(file), "rows (one per step and rank)",
                        steps * static_cast<uint64_t>(std::max(1, worldSize)), widestLine<RanksCsv>());
    case RunFile::GradientStats: break;
    }
    // step, parameter, elements, zeros, non_finite: whole numbers and a name; loss_scale; the rest whole numbers.
    const size_t wholeCells = 4 + 3 * 4 + kLog2Bins;
    const size_t line = std::max(gradientStatsHeader().size() + 1,
                                 wholeCells * (kWidestWholeNumber + 1) + kLongestParameterName + kWidestDecimal + 2);
    return limitsOf(fileName(file), "rows (one per parameter tensor of ResNet-18 and step)",
                    steps * kResNet18ParameterTensors, line);
}

const char* fileName(RunFile file)
{
    switch (file) {
    case RunFile::Steps: return "steps.csv";
    case RunFile::Epochs: return "epochs.csv";
    case RunFile::Ranks: return "ranks.csv";
    case RunFile::GradientStats: break;
    }
    return "gradstats.csv";
}

std::optional<RunFiles> RunFiles::read(const std::string& directory, std::string* problem)
{
    const RunFolder folder(directory);
    RunFiles run;
    try {
        const std::optional<NumericCsv> stepsCsv = NumericCsv::read(folder.stepsPath(), runFileLimits(RunFile::Steps));
        if (!stepsCsv)
            return std::nullopt;
        run.steps = rowsOf<StepsCsv>(*stepsCsv);
        run.epochs = epochsOf(directory);
        const ReadLimits ranksLimits = runFileLimits(RunFile::Ranks, worldSizeOf(directory));
        if (const std::optional<NumericCsv> ranksCsv = NumericCsv::read(folder.ranksPath(), ranksLimits))
            attachRankSteps(rowsOf<RanksCsv>(*ranksCsv), run.steps);
    } catch (const std::exception& error) {
        if (problem)
            *problem = error.what();
        return std::nullopt;
    }
    try {
        run.config = RunFolder::readConfig(directory);
    } catch (const std::exception&) {
        // Without a readable config.json the run still reads; it just cannot be repeated.
    }
    run.summary = RunFolder::readSummary(directory);

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
    try {
        return epochsOf(directory);
    } catch (const std::exception&) {
        return {};
    }
}

void RunFiles::checkForResume(const std::string& directory)
{
    const RunFolder folder(directory);
    try {
        NumericCsv::checkStrictly(folder.stepsPath(), runFileLimits(RunFile::Steps), rulesOf<StepsCsv>());
        NumericCsv::checkStrictly(folder.epochsPath(), runFileLimits(RunFile::Epochs), rulesOf<EpochsCsv>());
        NumericCsv::checkStrictly(folder.ranksPath(), runFileLimits(RunFile::Ranks, worldSizeOf(directory)),
                                  rulesOf<RanksCsv>());
        checkGradientStats(folder.gradientStatsPath());
    } catch (const FileRefused& refused) {
        throw FileRefused(EngineMessage(EngineMessage::Code::ResumeRefusedRunKept, {refused.message()}));
    }
}

} // namespace ampwb
