// The Simplified Chinese translation is complete and loads: no unfinished, obsolete or
// vanished entries in the .ts file, and the window speaks Chinese once it is installed.
#include "EngineText.h"
#include "GuiTestEnvironment.h"
#include "MainWindow.h"
#include "Translations.h"
#include "modelfiles/ModelExport.h"
#include "modelfiles/ModelLoading.h"
#include "system/DeviceInfo.h"
#include "train/RunProgressWidget.h"
#include "train/TrainingConfigPanel.h"
#include "training/Comparison.h"
#include "training/Trainer.h"

#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTest>
#include <QXmlStreamReader>

#include <stdexcept>

class TranslationsTest : public QObject {
    Q_OBJECT

private:
    GuiTestEnvironment environment;

private Q_SLOTS:
    void chineseTranslationIsComplete()
    {
        QFile file(QStringLiteral(AMPWB_SOURCE_DIR "/translations/amp-workbench_zh_CN.ts"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        int messages = 0;
        QStringList problems;
        QString source;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            if (xml.name() == QLatin1String("TS"))
                QCOMPARE(xml.attributes().value(QLatin1String("language")), QLatin1String("zh_CN"));
            if (xml.name() == QLatin1String("message"))
                ++messages;
            if (xml.name() == QLatin1String("source"))
                source = xml.readElementText();
            if (xml.name() == QLatin1String("translation")) {
                const QString type = xml.attributes().value(QLatin1String("type")).toString();
                const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                if (type == QLatin1String("unfinished") || type == QLatin1String("obsolete")
                    || type == QLatin1String("vanished") || text.trimmed().isEmpty())
                    problems << QStringLiteral("%1: %2").arg(type.isEmpty() ? QStringLiteral("empty") : type, source);
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(messages > 100);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void languageFollowsTheSettingOrTheSystem()
    {
        QCOMPARE(Translations::resolve(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCOMPARE(Translations::resolve(QStringLiteral("en")), QStringLiteral("en"));
        const QString system = Translations::resolve(QString());
        QVERIFY(system == QLatin1String("en") || system == QLatin1String("zh_CN"));
    }

    void windowSpeaksChinese()
    {
        QVERIFY(Translations::install(QStringLiteral("zh_CN")));
        QCOMPARE(QCoreApplication::translate("ChartCatalog", "Loss scale"), QStringLiteral("损失缩放"));
        QCOMPARE(QCoreApplication::translate("TrainingConfigPanel", "AMP fp16 (with loss scaling)"),
                 QStringLiteral("AMP fp16（带损失缩放）"));
        MainWindow window;
        QCOMPARE(window.tabs().tabText(0), QStringLiteral("训练"));
        QCOMPARE(window.tabs().tabText(1), QStringLiteral("对比"));
        QCOMPARE(window.tabs().tabText(2), QStringLiteral("运行记录"));
        QCOMPARE(window.tabs().tabText(3), QStringLiteral("分类"));
        QCOMPARE(window.findChild<QPushButton*>(QStringLiteral("serveModel"))->text(),
                 QStringLiteral("提供此模型服务"));
        // A validation problem, under the configuration as the engine found it.
        ampwb::TrainingConfig config = environment.quickConfig(1);
        config.name = ".hidden";
        window.configPanel().setConfig(config);
        QCOMPARE(window.configPanel().problems(),
                 QStringList{
                     QStringLiteral("运行名称不能以点开头，也不能包含 / 或 \\：它是运行文件夹中的一个文件夹名。")});
    }

    void engineMessagesSpeakChinese()
    {
        QVERIFY(Translations::install(QStringLiteral("zh_CN")));
        using Code = ampwb::EngineMessage::Code;
        QCOMPARE(EngineText::render(ampwb::EngineMessage(Code::EpochsBelowOne)), QStringLiteral("轮数至少为 1。"));
        const QString verdict = EngineText::render(ampwb::EngineMessage(
            Code::VerdictAmpDidNotHelp, {"0.85", "1.18", ampwb::EngineMessage(Code::ReasonSmallBatch, {"8"})}));
        QVERIFY2(verdict.contains(QStringLiteral("0.85")) && verdict.contains(QStringLiteral("1.18"))
                     && verdict.contains(QStringLiteral("批量")) && !verdict.contains(QLatin1String("AMP did not"))
                     && !verdict.contains(QLatin1String("the batch")),
                 qPrintable(verdict));
        const QString tooShort = EngineText::render(ampwb::EngineMessage(
            Code::VerdictTooShortToTell, {"1.04", "9", ampwb::EngineMessage(Code::AdviceTrainMoreStepsOrInterleave)}));
        QVERIFY2(tooShort.contains(QStringLiteral("1.04")) && tooShort.contains(QStringLiteral("±9"))
                     && !tooShort.contains(QLatin1String("Too short")) && !tooShort.contains(QLatin1String("Train")),
                 qPrintable(tooShort));
        const QString tooShortInTurns = EngineText::render(ampwb::EngineMessage(
            Code::VerdictTooShortToTell, {"1.04", "9", ampwb::EngineMessage(Code::AdviceTrainMoreSteps)}));
        QVERIFY2(tooShortInTurns.contains(QStringLiteral("请训练更多步数"))
                     && !tooShortInTurns.contains(QLatin1String("Train")),
                 qPrintable(tooShortInTurns));
        // The verdict of two runs the engine measured, as the Compare tab shows it.
        ampwb::RunSummary fp32;
        fp32.state = ampwb::RunState::Finished;
        fp32.imagesPerSecond = 100.0;
        fp32.epochSeconds = 10.0;
        ampwb::RunSummary amp = fp32;
        amp.imagesPerSecond = 150.0;
        amp.epochSeconds = 7.0;
        const QString helped = EngineText::render(ampwb::comparisonVerdict(fp32, amp, 64, ampwb::DeviceInfo()));
        QCOMPARE(helped,
                 QStringLiteral("AMP 有帮助：吞吐量（稳态每秒图像数）为 FP32 的 1.50×，一轮用时为 FP32 的 0.70×。"));
        // Every kind of message has its translation: none comes back in English (but words from elsewhere).
        for (int value = 0; value <= static_cast<int>(ampwb::EngineMessage::kLastCode); ++value) {
            if (static_cast<Code>(value) == Code::Text)
                continue;
            const char* english = ampwb::englishText(static_cast<Code>(value));
            QVERIFY2(QCoreApplication::translate("EngineText", english) != QString::fromUtf8(english), english);
        }
    }

    void engineErrorsSpeakChinese()
    {
        QVERIFY(Translations::install(QStringLiteral("zh_CN")));
        // A file that is not a model, as the window tells why it cannot load it.
        const QString notes = environment.path(QStringLiteral("notes.pth"));
        QFile file(notes);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("a shopping list, not a state dict\n");
        file.close();
        QString loading;
        try {
            ampwb::loadClassifierModel(notes.toStdString());
        } catch (const std::exception& error) {
            loading = EngineText::describe(error);
        }
        QCOMPARE(
            loading,
            QStringLiteral("文件 %1 不是用 torch.save 保存的状态字典（不是可读取的 PyTorch zip 存档）。").arg(notes));

        // A run whose data folder is missing: the engine's error reaches the progress line in Chinese.
        const QString missing = environment.path(QStringLiteral("no-such-cifar"));
        ampwb::TrainingConfig config = environment.quickConfig(1);
        config.dataset = "cifar10:" + missing.toStdString();
        const ampwb::RunSummary failed = ampwb::Trainer(config).run();
        QCOMPARE(failed.message,
                 ampwb::EngineMessage(ampwb::EngineMessage::Code::CifarFolderMissing, {missing.toStdString()}));
        RunProgressWidget progress;
        progress.showStarted(ampwb::RunStarted(), QStringLiteral("FP32"));
        progress.showFinished(failed);
        const QString line = progress.findChild<QLabel*>(QStringLiteral("latestStep"))->text();
        QVERIFY2(line.endsWith(QStringLiteral("失败：CIFAR-10 文件夹 %1 不存在。").arg(missing)), qPrintable(line));

        // Words from elsewhere stay as they are.
        QCOMPARE(EngineText::describe(std::runtime_error("Tensor shapes differ")),
                 QStringLiteral("Tensor shapes differ"));
    }

    void engineDescriptionsSpeakChinese()
    {
        QVERIFY(Translations::install(QStringLiteral("zh_CN")));
        ampwb::DeviceInfo machine = ampwb::probeDevices();
        machine.cpuHasAmxBf16 = false;
        machine.cpuHasAvx512Bf16 = false;
        machine.cpuModel = "Model %2 CPU"; // a value with a place marker stays as it is
        for (int threads : {1, 2}) {
            machine.cpuThreads = threads;
            const QString device = EngineText::render(ampwb::deviceMessage(c10::Device(c10::kCPU), machine));
            QVERIFY2(device.contains(QStringLiteral("%1 个线程").arg(threads))
                         && device.contains(QStringLiteral("bf16 单元：无"))
                         && device.startsWith(QStringLiteral("CPU（Model %2 CPU，")),
                     qPrintable(device));
        }

        const ampwb::RunSummary run = ampwb::Trainer(environment.quickConfig(1)).run();
        const std::string checkpoint = run.runDirectory + "/checkpoint.pt";
        const QString fromRun = EngineText::render(*ampwb::loadClassifierModel(run.runDirectory).description);
        QVERIFY2(fromRun.startsWith(QStringLiteral("工作台运行 "))
                     && fromRun.endsWith(QStringLiteral("，10 个类别，32 像素")),
                 qPrintable(fromRun));
        const std::string exported = environment.path(QStringLiteral("tiny.pth")).toStdString();
        ampwb::exportStateDict(ampwb::loadClassifierModel(checkpoint), exported);
        const QString fromFile = EngineText::render(*ampwb::loadClassifierModel(exported).description);
        QCOMPARE(fromFile,
                 QStringLiteral("ResNet-18 state dict，10 个类别（%1）").arg(QString::fromStdString(exported)));

        QCOMPARE(EngineText::className(QStringLiteral("Ankle boot")), QStringLiteral("短靴"));
        QCOMPARE(EngineText::className(QStringLiteral("tabby, tabby cat")), QStringLiteral("tabby, tabby cat"));
    }
};

QTEST_MAIN(TranslationsTest)
#include "TranslationsTest.moc"
