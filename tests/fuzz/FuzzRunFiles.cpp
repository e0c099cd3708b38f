// Fuzz target: a run folder's CSV files as the window reads them (RunFiles::read, tolerant) and as a resume
// checks them before it rewrites them (RunFiles::checkForResume, then RunFolder's truncation). The input's
// first line names the file it becomes (steps.csv, epochs.csv, ranks.csv or gradstats.csv); without one of
// those names the whole input is steps.csv.
#include "FuzzInput.h"

#include "run/RunFiles.h"
#include "run/RunFolder.h"

#include <algorithm>
#include <filesystem>
#include <string>

namespace fs = std::filesystem;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const std::string directory = "/tmp/ampwb-fuzz-" + std::to_string(::getpid()) + "-run";
    fs::remove_all(directory);
    fs::create_directories(directory);
    std::string input(reinterpret_cast<const char*>(data), size);
    std::string name = "steps.csv";
    const size_t firstLineEnd = input.find('\n');
    const std::string firstLine = input.substr(0, firstLineEnd);
    for (const char* file : {"steps.csv", "epochs.csv", "ranks.csv", "gradstats.csv"}) {
        if (firstLine == file && firstLineEnd != std::string::npos) {
            name = file;
            input.erase(0, firstLineEnd + 1);
        }
    }
    {
        std::ofstream out(directory + "/" + name, std::ios::binary | std::ios::trunc);
        out << input;
    }

    std::string problem;
    const std::optional<ampwb::RunFiles> read = ampwb::RunFiles::read(directory, &problem);
    if (name == "steps.csv" && !read && problem.empty())
        __builtin_trap(); // a steps.csv that is there either reads or is refused with a reason
    bool resumable = true;
    try {
        ampwb::RunFiles::checkForResume(directory);
    } catch (const ampwb::FileRefused& refused) {
        // The refusal names the file, and the line when a line is at fault.
        if (std::string(refused.what()).rfind(directory + "/" + name + " ", 0) != 0)
            __builtin_trap();
        resumable = false;
    }
    if (!resumable)
        return 0;
    // A steps.csv that passed the check reads whole: every line after the header is a step (but an unfinished
    // last line, which a write cut short leaves and a resume drops).
    const auto lines = static_cast<size_t>(std::count(input.begin(), input.end(), '\n'));
    if (name == "steps.csv" && (!read || read->steps.size() != (lines > 0 ? lines - 1 : 0)))
        __builtin_trap();
    // What the check passed, the resume's truncation reads too.
    ampwb::RunFolder folder(directory);
    folder.openLogs(1, 1);
    folder.openGradientStats(1);
    folder.openRankSteps(1);
    return 0;
}
