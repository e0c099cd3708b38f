#pragma once

#include <QString>

/// The model the Classify tab uses, as the user chose it and the settings remember it:
/// the newest run, torchvision's ImageNet weights, or a file (a run's checkpoint.pt or a .pth).
struct ModelChoice {
    enum class Kind { LatestRun, Torchvision, File };

    Kind kind = Kind::LatestRun;
    QString path; ///< the file, for Kind::File

    static ModelChoice latestRun() { return {Kind::LatestRun, {}}; }
    static ModelChoice torchvision() { return {Kind::Torchvision, {}}; }
    static ModelChoice file(const QString& path) { return {Kind::File, path}; }

    /// "latest-run", "torchvision" or the file's path.
    QString toSetting() const;
    static ModelChoice fromSetting(const QString& setting);

    /// What loadClassifierModel is given: "torchvision", the file, or the newest run folder
    /// in `runsDirectory` that has a checkpoint (empty, with `problem` set, when there is none).
    QString modelName(const QString& runsDirectory, QString* problem) const;

    bool operator==(const ModelChoice& other) const { return kind == other.kind && path == other.path; }
};
