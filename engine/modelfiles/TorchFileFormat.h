#pragma once

#include <string>

namespace ampwb {

/// What kind of file PyTorch or libtorch wrote, judged from its content, not its name.
enum class TorchFileFormat {
    StateDictArchive,   ///< `torch.save` zip archive (data.pkl + data/<key> records)
    TorchScriptArchive, ///< libtorch `torch::serialize` / TorchScript zip (has constants.pkl), e.g. a run's
                        ///< checkpoint.pt
    LegacyTorchSave,    ///< `torch.save` before PyTorch 1.6 (a bare pickle stream)
    Unknown,            ///< anything else, including an unreadable or damaged zip
};

/// Looks at the file; throws ModelFileError when it is missing or unreadable.
TorchFileFormat detectTorchFileFormat(const std::string& path);

} // namespace ampwb
