// Engine errors as messages: a real corrupt image, a real file that is not a model, a missing data folder, a
// real bad precision policy file, a torch.save archive with a cut pickle, a bad config.json and a steps.csv
// with a bad line throw errors that carry their code and arguments (nested where one error wraps another),
// whose what() is the English the engine always wrote; any other exception is words as they are; every code
// keeps its name for run files.
#include "EngineMessagePrinting.h"
#include "data/DataSource.h"
#include "data/ImageDecoding.h"
#include "model/ModelFileError.h"
#include "modelfiles/ModelLoading.h"
#include "modelfiles/StateDictFile.h"
#include "run/NumericCsv.h"
#include "run/PrecisionPolicy.h"
#include "run/TrainingConfig.h"
#include "system/EngineError.h"
#include "system/ErrorText.h"
#include "training/Comparison.h"
#include "training/PrecisionMeasurement.h"

#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include <caffe2/serialize/inline_container.h>

#include <stdexcept>
#include <string>

using namespace ampwb;
using Code = EngineMessage::Code;

namespace {

/// The error `action` throws, as the EngineError it must be (a failed check when it throws none or another).
template <typename Action>
EngineError engineErrorOf(Action&& action)
{
    try {
        action();
    } catch (const EngineError& error) {
        return error;
    } catch (const std::exception& other) {
        return EngineError(std::string("not an EngineError: ") + other.what());
    }
    return EngineError("no error");
}

bool writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace

class EngineErrorTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir folder;

private Q_SLOTS:
    void corruptImageCarriesItsCode()
    {
        const std::string path = folder.filePath(QStringLiteral("broken.jpg")).toStdString();
        QVERIFY(writeBytes(QString::fromStdString(path), QByteArray("this is no picture at all").repeated(8)));
        const EngineError error = engineErrorOf([&] { decodeImageFile(path); });
        QCOMPARE(error.message(), EngineMessage(Code::ImageFormatNotRead, {path}));
        QCOMPARE(std::string(error.what()),
                 "The image " + path
                     + " is not a JPEG, PNG, BMP, WebP or PBM/PGM/PPM file, or its header is damaged; other formats "
                       "are not read, as their size cannot be checked before decoding (save it as PNG or JPEG).");
        // Caught as the data error it is, too.
        QVERIFY_THROWS_EXCEPTION(DataError, decodeImageFile(path));
    }

    void wrongModelFileCarriesItsCode()
    {
        const std::string path = folder.filePath(QStringLiteral("notes.pth")).toStdString();
        QVERIFY(writeBytes(QString::fromStdString(path), "a shopping list, not a state dict\n"));
        const EngineError error = engineErrorOf([&] { loadClassifierModel(path); });
        QCOMPARE(error.message(), EngineMessage(Code::NotAStateDict, {path}));
        QCOMPARE(std::string(error.what()), "The file " + path
                                                + " is not a state dict saved with torch.save (not a readable "
                                                  "PyTorch zip archive).");
        QVERIFY_THROWS_EXCEPTION(ModelFileError, loadClassifierModel(path));
    }

    void missingDataFolderCarriesItsCode()
    {
        const std::string missing = folder.filePath(QStringLiteral("no-such-cifar")).toStdString();
        DataSourceOptions options;
        options.spec = "cifar10:" + missing;
        const EngineError error = engineErrorOf([&] { openDataSource(options); });
        QCOMPARE(error.message(), EngineMessage(Code::CifarFolderMissing, {missing}));
        QCOMPARE(std::string(error.what()), "The CIFAR-10 folder " + missing + " does not exist.");
    }

    void badPolicyFileCarriesItsCode()
    {
        const std::string path = folder.filePath(QStringLiteral("policy.json")).toStdString();
        QVERIFY(writeBytes(QString::fromStdString(path), R"({"name": "mine", "batchNormFp32": "yes"})"));
        const EngineError error = engineErrorOf([&] { readPrecisionPolicy(path); });
        QCOMPARE(error.message(),
                 EngineMessage(Code::PolicyRefused,
                               {path, EngineMessage(Code::PolicyFlagNotBoolean, {"batchNormFp32", "\"yes\""})}));
        QCOMPARE(std::string(error.what()),
                 "The precision policy " + path + " gives \"batchNormFp32\" \"yes\"; it must be true or false.");

        const std::string missing = folder.filePath(QStringLiteral("no-such-policy.json")).toStdString();
        const EngineError neither = engineErrorOf([&] { readPrecisionPolicy(missing); });
        QCOMPARE(neither.message().code(), Code::PolicyNeitherPresetNorFile);
        QCOMPARE(neither.message().arguments().front(), EngineMessage::Argument(missing));
        QVERIFY2(
            std::string(neither.what()).rfind("\"" + missing + "\" is neither a precision policy preset (fp32, ", 0)
                == 0,
            neither.what());
    }

    void cutPickleCarriesItsCodeInsideTheFilesError()
    {
        const std::string path = folder.filePath(QStringLiteral("cut.pth")).toStdString();
        {
            caffe2::serialize::PyTorchStreamWriter writer(path);
            const char cut[] = {'\x80', '\x02', 'J', '\x01', '\x02'}; // BININT wants four bytes; two follow
            writer.writeRecord("data.pkl", cut, sizeof cut);
            writer.writeEndOfFile();
        }
        const EngineError error = engineErrorOf([&] { readStateDictFile(path); });
        const EngineMessage cutShort(Code::PickleMalformed, {"2", EngineMessage(Code::PickleEndsInInstruction)});
        QCOMPARE(error.message(), EngineMessage(Code::StateDictUnusable, {path, cutShort}));
        QCOMPARE(std::string(error.what()), "The file " + path
                                                + " is not a usable state dict: Malformed pickle at byte 2: the data "
                                                  "ends in the middle of an instruction.");
    }

    void badConfigCarriesItsCode()
    {
        const EngineError wrongType = engineErrorOf([] { trainingConfigFromJson(R"({"epochs": "three"})"); });
        QCOMPARE(wrongType.message(), EngineMessage(Code::ConfigFieldWrongType, {"epochs"}));
        QCOMPARE(std::string(wrongType.what()), std::string("config field \"epochs\" has the wrong type"));

        const EngineError policy = engineErrorOf(
            [] { trainingConfigFromJson(R"({"precision_policy": {"otherwise": "fp8"}})"); });
        QCOMPARE(policy.message(),
                 EngineMessage(Code::PolicyRefused,
                               {EngineMessage(Code::InConfigField, {"precision_policy"}),
                                EngineMessage(Code::PolicyPrecisionInvalid, {"\"otherwise\"", "\"fp8\""})}));
        QCOMPARE(std::string(policy.what()),
                 std::string("The precision policy in config field \"precision_policy\" gives \"otherwise\" \"fp8\"; a "
                             "precision is \"fp32\", \"amp\", \"bf16\" or \"fp16\"."));
    }

    void badCsvLineCarriesItsCode()
    {
        const std::string path = folder.filePath(QStringLiteral("steps.csv")).toStdString();
        QVERIFY(writeBytes(QString::fromStdString(path), "step,loss\n1,0.5\n2,much\n"));
        const CsvRules rules{"step", 100, {}};
        const EngineError error = engineErrorOf([&] {
            NumericCsv::readStrictly(path, ReadLimits{1 << 20, 1024, "a test file", false}, rules);
        });
        QCOMPARE(error.message(),
                 EngineMessage(Code::FileLineRefused,
                               {path, "3", EngineMessage(Code::CellNotANumber, {"loss", "\"much\""})}));
        QCOMPARE(std::string(error.what()), path + " line 3: loss is \"much\", not a number.");
    }

    void refusedJobsCarryTheirCodes()
    {
        const EngineError noSteps = engineErrorOf([] { PrecisionMeasurement(TrainingConfig{}, 0); });
        QCOMPARE(noSteps.message(), EngineMessage(Code::SuggestionProfilesNoStep));
        QCOMPARE(std::string(noSteps.what()), std::string("A precision suggestion profiles at least one step."));

        // Three runs that left nothing behind: the fp16 run's missing gradient ranges are named.
        const std::string empty = folder.filePath(QStringLiteral("no-runs")).toStdString();
        const EngineError noGradients = engineErrorOf([&] { readPrecisionMeasurements(empty, empty, empty); });
        const std::string gradients = empty + "/gradstats.csv";
        QCOMPARE(noGradients.message(), EngineMessage(Code::SuggestionWithoutGradientRanges, {gradients}));
        QCOMPARE(std::string(noGradients.what()), gradients
                                                      + " holds no gradient ranges: without them no module can be "
                                                        "shown to keep its gradients in fp16.");

        TrainingConfig config;
        config.runsDirectory = folder.filePath(QStringLiteral("runs")).toStdString();
        config.precisionPolicy = readPrecisionPolicy("amp");
        Comparison threeWay(config, ComparisonOrder::Sequential, ComparisonRuns::ThreeWay);
        const EngineError refused = engineErrorOf([&] { threeWay.run(); });
        QCOMPARE(refused.message(), EngineMessage(Code::PolicyBesideThreeWay));
        QCOMPARE(std::string(refused.what()), std::string("A precision policy is the third run beside FP32 and AMP; a "
                                                          "three-way comparison has three already: compare the policy "
                                                          "without --three-way."));
    }

    void otherExceptionsAreTheirWords()
    {
        QCOMPARE(messageOf(std::runtime_error("Tensor shapes differ")), EngineMessage::text("Tensor shapes differ"));
        const EngineError words("libtorch said so");
        QCOMPARE(words.message().code(), Code::Text);
        QCOMPARE(std::string(words.what()), std::string("libtorch said so"));
        const EngineError coded(EngineMessage(Code::CannotAppend, {"/runs/a/steps.csv"}));
        QCOMPARE(messageOf(coded), coded.message());
        QCOMPARE(std::string(coded.what()), std::string("Cannot append to /runs/a/steps.csv (is the disk full?)."));
    }

    void everyCodeKeepsItsName()
    {
        QSet<QString> names;
        for (int value = 0; value <= static_cast<int>(EngineMessage::kLastCode); ++value) {
            const auto code = static_cast<Code>(value);
            const std::string name = codeName(code);
            QVERIFY2(!name.empty() && !names.contains(QString::fromStdString(name)), name.c_str());
            names.insert(QString::fromStdString(name));
            QCOMPARE(codeNamed(name), std::optional(code));
        }
        // Names already in run files stay as they are.
        QCOMPARE(codeName(Code::OutOfMemory), std::string("OutOfMemory"));
        QCOMPARE(codeName(Code::Text), std::string("Text"));
        QVERIFY(!codeNamed("SomethingNew"));
    }
};

QTEST_GUILESS_MAIN(EngineErrorTest)
#include "EngineErrorTest.moc"
