#pragma once

#include "xray/OperatorProfile.h"

#include <optional>
#include <string>

namespace ampwb {

/// Where a run keeps the profile of steps `first`…`last`: <run>/profile/steps-<first>-<last>.
std::string profileDirectory(const std::string& runDirectory, int64_t firstStep, int64_t lastStep);

/// Writes a profile into `directory` (made if missing): trace.json (Chrome's trace event format,
/// which Perfetto and chrome://tracing open: every recorded range with its class, module, pass,
/// dtypes and shapes), profile.json (the tables, read back by readProfile), classes.csv,
/// modules.csv and operators.csv. Each file is replaced atomically; throws std::runtime_error
/// with the reason (a full disk, a folder that cannot be made) when one cannot be written.
void writeProfile(const std::string& directory, const ProfiledSteps& steps, const std::string& precision);

/// A profile written by writeProfile, its classes and modules (not its operators); nullopt when
/// `directory` holds none or its profile.json cannot be read.
std::optional<OperatorProfile> readProfile(const std::string& directory);

/// The newest profile a run folder holds (the one of the latest steps); nullopt when it has none.
std::optional<std::string> latestProfileDirectory(const std::string& runDirectory);

} // namespace ampwb
