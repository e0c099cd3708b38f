#pragma once

// Helpers shared by the engine suites: the reference Python (Debian's torch and
// torchvision), reading the tensors it writes, and small file utilities.

#include <QByteArray>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QtTest>

#include <torch/serialize.h>
#include <torch/types.h>
#include <torch/utils.h>

#include <map>
#include <string>
#include <vector>

namespace ampwb::test {

/// The interpreter that has torch + torchvision (AMPWB_REFERENCE_PYTHON), or why there is none.
struct ReferencePython {
    QString program;
    QString whyMissing;
};

inline const ReferencePython& referencePython()
{
    static const ReferencePython found = [] {
        ReferencePython result;
        const QString program = QStringLiteral(AMPWB_REFERENCE_PYTHON);
        if (program.isEmpty()) {
            result.whyMissing = QStringLiteral("AMPWB_REFERENCE_PYTHON is empty: configure with AMPWB_PYTHON "
                                               "naming the Python of the torch wheel");
            return result;
        }
        QProcess probe;
        probe.start(program, {QStringLiteral("-c"), QStringLiteral("import torch, torchvision, PIL")});
        if (!probe.waitForFinished(180000) || probe.exitStatus() != QProcess::NormalExit || probe.exitCode() != 0) {
            result.whyMissing = program
                              + QStringLiteral(" cannot import torch, torchvision and PIL (run "
                                               "installer/install-build-deps.sh): ")
                              + QString::fromLocal8Bit(probe.readAllStandardError()).trimmed().right(300);
            return result;
        }
        result.program = program;
        return result;
    }();
    return found;
}

/// Skips the current test function when the reference implementation is not available.
#define AMPWB_REQUIRE_REFERENCE_PYTHON()                                                                               \
    do {                                                                                                               \
        if (ampwb::test::referencePython().program.isEmpty())                                                          \
            QSKIP(qPrintable(QStringLiteral("No reference implementation: ")                                           \
                             + ampwb::test::referencePython().whyMissing));                                            \
    } while (false)

/// Path of a script in tests/python.
inline QString referenceScript(const char* fileName)
{
    return QStringLiteral(AMPWB_SOURCE_DIR "/tests/python/") + QString::fromUtf8(fileName);
}

/// Runs a reference script with the reference interpreter; returns an empty string on
/// success, otherwise what went wrong (exit code and the end of stderr).
inline QString runReferenceScript(const char* fileName, const QStringList& arguments, int timeoutMs = 300000)
{
    QProcess process;
    process.start(referencePython().program, QStringList{referenceScript(fileName)} + arguments);
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return QStringLiteral("%1 did not finish in %2 s").arg(QString::fromUtf8(fileName)).arg(timeoutMs / 1000);
    }
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return QStringLiteral("%1 exited with %2: %3")
            .arg(QString::fromUtf8(fileName))
            .arg(process.exitCode())
            .arg(QString::fromLocal8Bit(process.readAllStandardError()).right(2000));
    return {};
}

/// The whole content of a file (empty when unreadable).
inline QByteArray readBytes(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

inline bool writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

/// A plain {str: Tensor} dict written by `torch.save` in Python, read with torch::pickle_load
/// (libtorch 1.13 reads plain dicts, not the OrderedDict of `state_dict()`).
inline std::map<std::string, torch::Tensor> loadTensorDict(const QString& path)
{
    const QByteArray bytes = readBytes(path);
    const std::vector<char> data(bytes.begin(), bytes.end());
    const torch::IValue value = torch::pickle_load(data);
    std::map<std::string, torch::Tensor> tensors;
    for (const auto& item : value.toGenericDict())
        tensors.emplace(item.key().toStringRef(), item.value().toTensor());
    return tensors;
}

/// "shape [2, 3] dtype Float" for failure messages.
inline QString describe(const torch::Tensor& tensor)
{
    QStringList sizes;
    for (int64_t size : tensor.sizes())
        sizes << QString::number(size);
    return QStringLiteral("[%1] %2").arg(sizes.join(QStringLiteral(", ")),
                                         QString::fromStdString(std::string(c10::toString(tensor.scalar_type()))));
}

} // namespace ampwb::test
