// Zip archives laid out as torch.save writes them (archive/data.pkl, archive/version, …), built record by
// record, so a test can craft damaged and malicious .pth files: a record's bytes are made piece by piece
// and deflated as they are made, so a 100 MB record never sits in memory.
#pragma once

#include <QString>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ampwb::test {

/// One record: `head`, then `fill` repeated `fillCount` times, then `tail`.
struct TorchZipRecord {
    TorchZipRecord(std::string name, std::string head, char fill = '\0', uint64_t fillCount = 0, std::string tail = {},
                   bool deflated = false, uint64_t claimedBytes = 0)
        : name(std::move(name))
        , head(std::move(head))
        , fill(fill)
        , fillCount(fillCount)
        , tail(std::move(tail))
        , deflated(deflated)
        , claimedBytes(claimedBytes)
    {
    }

    std::string name; ///< inside the archive's folder: "data.pkl", "data/0", "version"
    std::string head;
    char fill;
    uint64_t fillCount;
    std::string tail;
    bool deflated;
    /// The size the zip's directory claims for the unpacked record; 0: its real size.
    uint64_t claimedBytes;
};

/// Writes `records` into a zip at `path`, each as "archive/<name>", after the records torch.save writes
/// beside data.pkl (byteorder, version) unless `records` names them. Returns "" or what went wrong.
QString writeTorchZip(const QString& path, const std::vector<TorchZipRecord>& records);

/// This process's /proc/self/status field ("VmHWM:", "VmRSS:") in bytes; -1 when unreadable.
int64_t processMemoryBytes(const char* field);

/// Resets this process's peak resident memory (VmHWM) to what it holds now; false when the kernel refuses.
bool resetPeakResident();

} // namespace ampwb::test
