#pragma once

#include "OptionTable.h"

#include <string>
#include <utility>

namespace ampwb::cli {

/// A subcommand of amp-workbench-cli: its option table, the help around the option list, and its work.
/// main.cpp's dispatcher parses the arguments through options(), prints help() for `--help`, calls run()
/// and turns mistakes into exit codes.
class Command {
public:
    virtual ~Command() = default;
    Command(const Command&) = delete;
    Command& operator=(const Command&) = delete;

    /// The options, each row storing into this command's settings.
    const OptionTable& options() const { return table; }
    /// What `--help` prints: the usage and description, the option list, then any closing notes.
    std::string help() const { return introduction + table.help() + notes; }
    /// Does the work with the parsed settings and returns the exit code; throws UsageError for settings
    /// that are missing or do not fit together.
    virtual int run() = 0;

protected:
    /// `introduction` ends with a blank line; `notes` starts with one.
    explicit Command(std::string introduction, std::string notes = {})
        : introduction(std::move(introduction))
        , notes(std::move(notes))
    {
    }

    OptionTable table;

private:
    std::string introduction;
    std::string notes;
};

} // namespace ampwb::cli
