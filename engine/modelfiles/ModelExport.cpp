#include "modelfiles/ModelExport.h"

#include "model/ModelFileError.h"
#include "model/ResNet18StateDict.h"
#include "modelfiles/StateDictFile.h"
#include "system/AtomicFile.h"

#include <filesystem>

namespace ampwb {

void checkMayWrite(const std::string& path, bool replaceExisting)
{
    try {
        requireReplaceable(path);
    } catch (const std::runtime_error& notAFile) {
        throw ModelFileError(notAFile.what());
    }
    std::error_code error;
    if (!replaceExisting && std::filesystem::exists(path, error))
        throw ModelFileError("The file " + path + " already exists; choose another name or allow replacing it.");
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
        throw ModelFileError(error.what());
    }
}

} // namespace ampwb
