// Engine messages in English: each kind's text with its arguments in place, nested messages, values
// holding a place marker left as they are; the table of texts whole (every code has its own text, with
// its markers numbered from 1); deviceMessage() and describeDevice() for the CPU and CUDA.
#include "EngineMessagePrinting.h"
#include "system/DeviceInfo.h"
#include "system/EngineMessage.h"

#include <QRegularExpression>
#include <QSet>
#include <QtTest>

#include <string>
#include <vector>

using namespace ampwb;
using Code = EngineMessage::Code;

Q_DECLARE_METATYPE(EngineMessage)

class EngineMessageTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void english_data()
    {
        QTest::addColumn<EngineMessage>("message");
        QTest::addColumn<QString>("english");
        QTest::newRow("no arguments") << EngineMessage(Code::EpochsBelowOne)
                                      << QStringLiteral("Epochs must be at least 1.");
        QTest::newRow("backslash kept") << EngineMessage(Code::RunNameNotAFolderName)
                                        << QStringLiteral("A run name cannot start with a dot or contain / or \\: it "
                                                          "names a folder in the runs folder.");
        QTest::newRow("one argument") << EngineMessage(Code::ReasonSmallBatch, {"8"})
                                      << QStringLiteral("the batch is small (8), so per-step overhead dominates.");
        QTest::newRow("five arguments")
            << EngineMessage(Code::AccuracyDifferenceTold, {"-10.00", "4.15", "+0.200", "0.040", "25"})
            << QStringLiteral("Accuracy: top-1 -10.00 pt (±4.15 on the validation sample), and the training losses "
                              "differ by +0.200 (±0.040) over the last 25 steps: a difference these runs can tell.");
        QTest::newRow("nested reason")
            << EngineMessage(Code::VerdictAmpDidNotHelp, {"0.85", "1.18", EngineMessage(Code::ReasonSmallBatch, {"8"})})
            << QStringLiteral("AMP did not help here: 0.85× the FP32 throughput (steady-state images/s), and an epoch "
                              "took 1.18× as long. Likely reason: the batch is small (8), so per-step overhead "
                              "dominates.");
        QTest::newRow("nested advice")
            << EngineMessage(Code::VerdictTooShortToTell, {"1.04", "9", EngineMessage(Code::AdviceTrainMoreSteps)})
            << QStringLiteral("Too short to tell: AMP ran at 1.04× the FP32 throughput, but the step times of these "
                              "runs leave ±9 % of uncertainty (95 %). Train more steps.");
        QTest::newRow("marker in a value") << EngineMessage(Code::CpuDevice, {"Model %2 CPU", "4", "%1"})
                                           << QStringLiteral("CPU (Model %2 CPU, 4 threads, bf16 units: %1)");
        QTest::newRow("marker in a nested value")
            << EngineMessage(Code::VerdictRunFailed, {"Cannot write /tmp/%1/steps.csv."})
            << QStringLiteral("No verdict: a run failed (Cannot write /tmp/%1/steps.csv.).");
        QTest::newRow("missing argument")
            << EngineMessage(Code::StateDictModel, {"10"}) << QStringLiteral("ResNet-18 state dict, 10 classes (%2)");
    }

    void english()
    {
        QFETCH(EngineMessage, message);
        QFETCH(QString, english);
        QCOMPARE(QString::fromStdString(message.english()), english);
    }

    void substituteIsOnePass()
    {
        QCOMPARE(substitute("%1 and %2", {"%2", "x"}), std::string("%2 and x"));
        QCOMPARE(substitute("%2 before %1", {"a", "b"}), std::string("b before a"));
        QCOMPARE(substitute("100 % sure, %3 left, %0 too, ends in %", {"a"}),
                 std::string("100 % sure, %3 left, %0 too, ends in %"));
    }

    void everyCodeHasItsOwnText()
    {
        const QRegularExpression marker(QStringLiteral("%(\\d)"));
        QSet<QString> texts;
        for (int value = 0; value <= static_cast<int>(EngineMessage::kLastCode); ++value) {
            const auto code = static_cast<Code>(value);
            const QString text = QString::fromUtf8(englishText(code));
            QVERIFY2(!text.isEmpty(), qPrintable(QString::number(value)));
            QVERIFY2(!texts.contains(text), qPrintable(text)); // two codes with one text would share a translation
            texts.insert(text);
            // Markers %1 … %n, each at least once: a message with n arguments leaves none unused.
            int highest = 0;
            QSet<int> numbers;
            for (auto found = marker.globalMatch(text); found.hasNext();) {
                const int number = found.next().captured(1).toInt();
                numbers.insert(number);
                highest = std::max(highest, number);
            }
            QCOMPARE(numbers.size(), highest);
            std::vector<EngineMessage::Argument> arguments(static_cast<size_t>(highest), "value");
            QVERIFY2(!QString::fromStdString(EngineMessage(code, arguments).english()).contains(marker),
                     qPrintable(text));
        }
    }

    void equalityLooksIntoNestedMessages()
    {
        const EngineMessage verdict(Code::VerdictAmpDidNotHelp,
                                    {"0.85", "1.18", EngineMessage(Code::ReasonNoBf16Units)});
        QCOMPARE(verdict,
                 EngineMessage(Code::VerdictAmpDidNotHelp, {"0.85", "1.18", EngineMessage(Code::ReasonNoBf16Units)}));
        QVERIFY(verdict
                != EngineMessage(Code::VerdictAmpDidNotHelp, {"0.85", "1.18", EngineMessage(Code::ReasonNoFp16Units)}));
        // A nested message is not its English text.
        QVERIFY(verdict
                != EngineMessage(Code::VerdictAmpDidNotHelp,
                                 {"0.85", "1.18", EngineMessage(Code::ReasonNoBf16Units).english()}));
        QVERIFY(EngineMessage(Code::ReasonSmallBatch, {"8"}) != EngineMessage(Code::ReasonSmallImages, {"8"}));
    }

    void devicesAsMessages()
    {
        DeviceInfo machine;
        machine.cpuModel = "Model %2 CPU";
        machine.cpuThreads = 1;
        const c10::Device cpu(c10::kCPU);
        QCOMPARE(deviceMessage(cpu, machine),
                 EngineMessage(Code::CpuDeviceOneThread, {"Model %2 CPU", EngineMessage(Code::NoBf16Units)}));
        QCOMPARE(describeDevice(cpu, machine), std::string("CPU (Model %2 CPU, 1 thread, bf16 units: none)"));
        machine.cpuThreads = 96;
        machine.cpuHasAvx512Bf16 = true;
        QCOMPARE(describeDevice(cpu, machine), std::string("CPU (Model %2 CPU, 96 threads, bf16 units: AVX512-BF16)"));
        machine.cpuHasAmxBf16 = true;
        QCOMPARE(deviceMessage(cpu, machine), EngineMessage(Code::CpuDevice, {"Model %2 CPU", "96", "AMX-BF16"}));
        const c10::Device cuda(c10::kCUDA, 0);
        QCOMPARE(describeDevice(cuda, machine), std::string("CUDA (GPU)"));
        machine.gpuName = "NVIDIA H200, 139.8 GiB";
        QCOMPARE(deviceMessage(cuda, machine), EngineMessage(Code::CudaDevice, {"NVIDIA H200, 139.8 GiB"}));
        QCOMPARE(describeDevice(cuda, machine), std::string("CUDA (NVIDIA H200, 139.8 GiB)"));
    }
};

QTEST_GUILESS_MAIN(EngineMessageTest)
#include "EngineMessageTest.moc"
