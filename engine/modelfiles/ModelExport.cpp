#include "modelfiles/ModelExport.h"

#include "model/ModelFileError.h"
#include "model/ResNet18StateDict.h"
#include "modelfiles/StateDictFile.h"
#include "system/AtomicFile.h"
#include "system/ErrorText.h"

#include <filesystem>

namespace ampwb {

void checkMayWrite(const std::string& path, bool replaceExisting)
{
    try {
        requireReplaceable(path);
    } catch (const std::runtime_error& notAFile) {
        throw ModelFileError(messageOf(notAFile));
    }
    std::error_code error;
    if (!replaceExisting && std::filesystem::exists(path, error))
        throw ModelFileError(EngineMessage(EngineMessage::Code::FileExists, {path}));
}

void exportStateDict(const ClassifierModel& model, const std::string& path, bool replaceExisting)
{
    const std::string cardPath = modelCardPath(path);
    checkMayWrite(path, replaceExisting);
    checkMayWrite(cardPath, replaceExisting);
    writeStateDictFile(path, stateDictOf(*model.network), moduleVersionsOf(*model.network));
    try {
        writeTextAtomically(cardPath, toJson(model.card));
    } catch (const std::exception& error) {
        throw ModelFileError(messageOf(error));
    }
}

} // namespace ampwb
