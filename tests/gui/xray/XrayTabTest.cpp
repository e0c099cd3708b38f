// The X-ray in the real window: the Compare tab's Profile button during a comparison fills the X-ray
// tab (FP32 against AMP by kind of work, the sentence, the modules, the AMP run's gradient ranges),
// and a run or comparison folder opens in it afterwards.
#include "EngineController.h"
#include "GuiTestEnvironment.h"
#include "MainWindow.h"
#include "TableColumns.h"
#include "compare/CompareTab.h"
#include "run/PrecisionPolicy.h"
#include "run/RunFolder.h"
#include "train/RunProgressWidget.h"
#include "train/TrainTab.h"
#include "train/TrainingConfigPanel.h"
#include "xray/GradientRangeChart.h"
#include "xray/ProfileButton.h"
#include "xray/XrayTab.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>

class XrayTabTest : public QObject {
    Q_OBJECT

private:
    GuiTestEnvironment environment;
    QString comparisonFolder;

    static double number(const QTableWidget& table, int row, int column)
    {
        return table.item(row, column)->data(Qt::UserRole).toDouble();
    }

    static int rowOf(const QTableWidget& table, const QString& module)
    {
        for (int row = 0; row < table.rowCount(); ++row)
            if (table.item(row, 0)->text() == module)
                return row;
        return -1;
    }

    static QTableWidgetItem& precisionOf(const QTableWidget& table, const QString& module)
    {
        return *table.item(rowOf(table, module), XrayTab::kPrecisionColumn);
    }

    static QString json(const ampwb::PrecisionPolicy& policy)
    {
        return QString::fromStdString(ampwb::precisionPolicyJson(policy, -1));
    }

    /// Chooses `precision` for `module` in the precision column's own editor, as a user does.
    static void chooseInEditor(XrayTab& xray, const QString& module, const QString& precision)
    {
        QTableWidget& table = *xray.moduleTable();
        xray.findChild<QTabWidget*>(QStringLiteral("xrayViews"))->setCurrentIndex(1);
        QTableWidgetItem& cell = precisionOf(table, module);
        table.setCurrentItem(&cell);
        table.editItem(&cell);
        auto* editor = table.findChild<QComboBox*>(QStringLiteral("precisionEditor"));
        QVERIFY(editor);
        const int index = editor->findText(precision);
        QVERIFY(index >= 0);
        editor->setCurrentIndex(index);
        Q_EMIT editor->activated(index); // what choosing it in the open list emits
        QCOMPARE(cell.text(), precision);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete); // the closed editor goes
        QVERIFY(!table.findChild<QComboBox*>(QStringLiteral("precisionEditor")));
    }

private Q_SLOTS:
    void profileButtonDuringAComparisonFillsTheXray()
    {
        MainWindow window;
        window.setGeometry(0, 0, 1600, 1000);
        window.show();
        ampwb::TrainingConfig config = environment.quickConfig(6);
        config.gradientStatsEvery = 2;
        window.configPanel().setConfig(config);
        window.compareTab().interleaveBox().setChecked(false);
        auto* button = window.compareTab().findChild<ProfileButton*>(QStringLiteral("profileSteps"));
        QVERIFY(button);
        QVERIFY(!button->isEnabled()); // nothing runs yet
        QSignalSpy finished(&window.engine(), &EngineController::workFinished);
        window.compareAction().trigger();
        QVERIFY(button->isEnabled());
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(button->text(), QStringLiteral("Profiling…"));
        QVERIFY(!button->isEnabled());
        QVERIFY(finished.wait(180000));
        QVERIFY(!button->isEnabled()); // idle again: nothing to profile
        QCOMPARE(button->text(), QStringLiteral("Profile the next 5 steps"));

        XrayTab& xray = window.xrayTab();
        const QTableWidget& classes = *xray.classTable();
        QCOMPARE(classes.columnCount(), 8);
        QCOMPARE(classes.rowCount(), 12); // no row of both convolution gradients together: timed apart
        QCOMPARE(classes.item(1, 0)->text(), QStringLiteral("Convolution input gradient"));
        QCOMPARE(classes.item(2, 0)->text(), QStringLiteral("Convolution weight gradient"));
        for (int row : {1, 2})
            QVERIFY(number(classes, row, 1) > 0.0 && number(classes, row, 4) > 0.0);
        QCOMPARE(classes.horizontalHeaderItem(1)->text(), QStringLiteral("FP32 ms"));
        QCOMPARE(classes.item(0, 0)->text(), QStringLiteral("Convolution forward"));
        QCOMPARE(classes.item(0, 3)->text(), QStringLiteral("float32"));
        QCOMPARE(classes.item(0, 6)->text(), QStringLiteral("bfloat16"));
        QVERIFY(number(classes, 0, 1) > 0.0 && number(classes, 0, 4) > 0.0);
        QVERIFY2(classes.item(0, 7)->text().endsWith(QChar(0x00D7)), qPrintable(classes.item(0, 7)->text()));
        QCOMPARE(number(classes, 0, 7), number(classes, 0, 1) / number(classes, 0, 4));
        QCOMPARE(classes.item(10, 0)->text(), QStringLiteral("Casts"));
        QCOMPARE(number(classes, 10, 1), 0.0); // FP32 casts nothing
        QVERIFY(number(classes, 9, 4) > 0.0);
        double shares = 0.0;
        for (int row = 0; row < classes.rowCount(); ++row)
            shares += number(classes, row, 5);
        QVERIFY2(std::abs(shares - 1.0) < 1e-9, qPrintable(QString::number(shares)));
        QVERIFY2(xray.sentenceLabel()->text().startsWith(QLatin1String("AMP's step ")),
                 qPrintable(xray.sentenceLabel()->text()));
        QVERIFY(xray.sentenceLabel()->text().contains(QLatin1String("Its convolutions run")));
        // Kinds of work named after the first are written in lower case inside the sentence.
        QVERIFY2(!xray.sentenceLabel()->text().contains(QRegularExpression(QStringLiteral(" and [A-Z][a-z]"))),
                 qPrintable(xray.sentenceLabel()->text()));

        // The AMP run's modules, heaviest first; a click on a header sorts by that column.
        QTableWidget& modules = *xray.moduleTable();
        // ResNet-18: 4 stem modules, 8 blocks of 6 (the block, conv1, bn1, relu, conv2, bn2), 3 downsamples,
        // avgpool and fc; then the loss, the optimizer and the step's own work.
        QCOMPARE(modules.rowCount(), 60);
        for (int row = 1; row < modules.rowCount(); ++row)
            QVERIFY(number(modules, row - 1, 4) >= number(modules, row, 4));
        QTest::mouseClick(modules.horizontalHeader()->viewport(), Qt::LeftButton, {},
                          QPoint(modules.horizontalHeader()->sectionViewportPosition(3) + 5, 5));
        const int castColumn = modules.horizontalHeader()->sortIndicatorSection();
        QCOMPARE(castColumn, 3);
        for (int row = 1; row < modules.rowCount(); ++row) {
            const bool ascending = modules.horizontalHeader()->sortIndicatorOrder() == Qt::AscendingOrder;
            const double before = number(modules, row - 1, 3);
            const double after = number(modules, row, 3);
            QVERIFY(ascending ? before <= after : before >= after);
        }

        // The AMP run's gradient ranges, followed while it trained: steps 1, 2, 4 and 6.
        QCOMPARE(xray.gradientChart()->layerCount(), 62);
        QCOMPARE(xray.gradientChart()->shownStep(), 6);

        const QStringList folders = QDir(environment.runsDirectory()).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QCOMPARE(folders.size(), 1);
        comparisonFolder = QDir(environment.runsDirectory()).filePath(folders.front());
        QVERIFY(QFileInfo::exists(comparisonFolder + QStringLiteral("/amp/profile/steps-2-6/trace.json")));

        // On a laptop's screen the kinds of work are whole (side by side with the modules they were cut to "…f…").
        window.resize(1366, 768);
        window.tabs().setCurrentWidget(&xray);
        QTRY_VERIFY2(classes.isVisible() && classes.columnWidth(0) >= columnNeeds(classes, 0),
                     qPrintable(columnWidths(classes)));
    }

    void aFolderOpensInTheXray()
    {
        QVERIFY(!comparisonFolder.isEmpty());
        EngineController engine;
        XrayTab xray(engine);
        QVERIFY(xray.sentenceLabel()->text().startsWith(QLatin1String("No profile yet")));
        QVERIFY(xray.openFolder(comparisonFolder));
        QCOMPARE(xray.classTable()->columnCount(), 8);
        QCOMPARE(xray.classTable()->item(0, 6)->text(), QStringLiteral("bfloat16"));
        // "is … faster/slower", or "took …× FP32's" when the profiled steps' spread covers the difference.
        QVERIFY(xray.sentenceLabel()->text().startsWith(QLatin1String("AMP's step ")));
        QCOMPARE(xray.gradientChart()->shownStep(), 6);

        // One run: its own columns only.
        QVERIFY(xray.openFolder(comparisonFolder + QStringLiteral("/fp32")));
        QCOMPARE(xray.classTable()->columnCount(), 4);
        QCOMPARE(xray.classTable()->item(0, 3)->text(), QStringLiteral("float32"));
        QVERIFY2(xray.sentenceLabel()->text().startsWith(QLatin1String("Convolutions take")),
                 qPrintable(xray.sentenceLabel()->text()));

        QString error;
        QVERIFY(!xray.openFolder(environment.path(QStringLiteral("nothing-here")), &error));
        QVERIFY2(error.contains(QLatin1String("holds no profile")), qPrintable(error));
        QCOMPARE(xray.classTable()->columnCount(), 4); // what was shown stays
    }

    void thePrecisionColumnIsEditableOnlyOnModulesAPolicyNames()
    {
        QVERIFY(!comparisonFolder.isEmpty());
        EngineController engine;
        XrayTab xray(engine);
        xray.show();
        QVERIFY(xray.openFolder(comparisonFolder));
        QTableWidget& table = *xray.moduleTable();
        const int column = XrayTab::kPrecisionColumn;
        QCOMPARE(table.horizontalHeaderItem(column)->text(), QStringLiteral("Precision"));
        QVERIFY(table.isColumnHidden(column + 1)); // no suggestion's reasons yet
        const QStringList unnameable{"relu", "maxpool", "avgpool", "loss", "optimizer", "(step)"};
        int editable = 0;
        int fixed = 0;
        for (int row = 0; row < table.rowCount(); ++row) {
            const QString module = table.item(row, 0)->text();
            const bool nameable = !unnameable.contains(module) && !module.endsWith(QLatin1String(".relu"));
            QCOMPARE(bool(table.item(row, column)->flags() & Qt::ItemIsEditable), nameable);
            // No policy yet: amp everywhere in the model; the optimizer and the step's own work are outside it.
            const bool outside = module == QLatin1String("optimizer") || module == QLatin1String("(step)");
            QCOMPARE(table.item(row, column)->text(), outside ? QStringLiteral("—") : QStringLiteral("amp"));
            for (int other = 0; other < column; ++other)
                QVERIFY(!(table.item(row, other)->flags() & Qt::ItemIsEditable));
            (nameable ? editable : fixed) += 1;
        }
        QVERIFY(editable > 0 && fixed > 0);
        for (const char* module : {"conv1", "layer4.0.conv1", "layer4.0.downsample", "fc", "relu", "loss"})
            QVERIFY2(rowOf(table, module) >= 0, qPrintable(module));

        chooseInEditor(xray, QStringLiteral("fc"), QStringLiteral("fp32"));
        chooseInEditor(xray, QStringLiteral("layer4.0"), QStringLiteral("bf16"));
        QVERIFY(!precisionOf(table, QStringLiteral("fc")).font().italic()); // set by the user
        // Inside layer4.0, what the column set for the block, in italics: the policy's rule, not a choice.
        QCOMPARE(precisionOf(table, QStringLiteral("layer4.0.conv1")).text(), QStringLiteral("bf16"));
        QVERIFY(precisionOf(table, QStringLiteral("layer4.0.conv1")).font().italic());
        QCOMPARE(precisionOf(table, QStringLiteral("layer3.0.conv1")).text(), QStringLiteral("amp"));
        // A row a policy cannot name is not edited: setting its text changes no policy.
        precisionOf(table, QStringLiteral("relu")).setText(QStringLiteral("fp16"));
        QCOMPARE(precisionOf(table, QStringLiteral("relu")).text(), QStringLiteral("amp"));

        // Between modules the type is that of the module whose output comes in: the block's ReLU computes in
        // layer4.0.bn1's bf16; the loss runs in the region around the modules.
        QCOMPARE(precisionOf(table, QStringLiteral("layer4.0.relu")).text(), QStringLiteral("bf16"));
        QVERIFY(precisionOf(table, QStringLiteral("layer4.0.relu")).toolTip().contains(QLatin1String("layer4.0.bn1")));
        QCOMPARE(precisionOf(table, QStringLiteral("loss")).text(), QStringLiteral("amp"));

        xray.otherwiseBox()->setCurrentIndex(xray.otherwiseBox()->findText(QStringLiteral("fp32")));
        QCOMPARE(precisionOf(table, QStringLiteral("relu")).text(), QStringLiteral("fp32"));
        QCOMPARE(precisionOf(table, QStringLiteral("loss")).text(), QStringLiteral("fp32"));
        QCOMPARE(precisionOf(table, QStringLiteral("layer4.0.relu")).text(), QStringLiteral("bf16"));
        QCOMPARE(precisionOf(table, QStringLiteral("layer3.0.conv1")).text(), QStringLiteral("fp32"));
        ampwb::PrecisionPolicy expected;
        expected.name = "x-ray";
        expected.otherwise = ampwb::ModulePrecision::Fp32;
        expected.modules = {{"fc", ampwb::ModulePrecision::Fp32}, {"layer4.0", ampwb::ModulePrecision::Bf16}};
        QCOMPARE(json(xray.columnPolicy()), json(expected));

        // The Train tab's policy fills the column afresh.
        xray.setActivePolicy(ampwb::presetPrecisionPolicy("bf16-everywhere"));
        QCOMPARE(precisionOf(table, QStringLiteral("fc")).text(), QStringLiteral("bf16"));
        QCOMPARE(xray.otherwiseBox()->currentText(), QStringLiteral("bf16"));
        QVERIFY(xray.columnPolicy().modules.empty());
    }

    void aSuggestionFillsTheColumnAndSaysWhy()
    {
        QVERIFY(!comparisonFolder.isEmpty());
        EngineController engine;
        XrayTab xray(engine);
        QVERIFY(xray.openFolder(comparisonFolder));
        ampwb::PrecisionSuggestion suggestion;
        suggestion.policy.name = "suggested";
        suggestion.policy.otherwise = ampwb::ModulePrecision::Bf16;
        suggestion.policy.modules = {{"conv1", ampwb::ModulePrecision::Fp16},
                                     {"bn1", ampwb::ModulePrecision::Fp16},
                                     {"fc", ampwb::ModulePrecision::Fp32}};
        ampwb::ModuleChoice conv1{
            "conv1", 2.0, 1.5, 1.0, 0.0001, 0.0, ampwb::ModulePrecision::Fp16, ampwb::ChoiceReason::Fastest, "bn1"};
        ampwb::ModuleChoice fc{
            "fc", 0.5, 0.49, 0.6, 0.2, 0.0, ampwb::ModulePrecision::Fp32, ampwb::ChoiceReason::NotFasterEnough, ""};
        ampwb::ModuleChoice rest{"",
                                 3.0,
                                 2.0,
                                 4.0,
                                 std::nullopt,
                                 std::nullopt,
                                 ampwb::ModulePrecision::Bf16,
                                 ampwb::ChoiceReason::FollowsTheModules,
                                 ""};
        suggestion.choices = {conv1, fc, rest};
        suggestion.rule.minimumGain = 0.1; // the reasons quote the rule's own numbers
        xray.showSuggestion(suggestion);

        QTableWidget& table = *xray.moduleTable();
        const int reasons = XrayTab::kPrecisionColumn + 1;
        QVERIFY(!table.isColumnHidden(reasons));
        QCOMPARE(precisionOf(table, QStringLiteral("conv1")).text(), QStringLiteral("fp16"));
        QCOMPARE(precisionOf(table, QStringLiteral("fc")).text(), QStringLiteral("fp32"));
        QCOMPARE(precisionOf(table, QStringLiteral("layer1.0.conv1")).text(), QStringLiteral("bf16"));
        QCOMPARE(precisionOf(table, QStringLiteral("relu")).text(), QStringLiteral("fp16")); // bn1's output
        QCOMPARE(precisionOf(table, QStringLiteral("loss")).text(), QStringLiteral("bf16"));
        QCOMPARE(xray.otherwiseBox()->currentText(), QStringLiteral("bf16"));
        QCOMPARE(table.item(rowOf(table, QStringLiteral("conv1")), reasons)->text(), QStringLiteral("fastest allowed"));
        // The stem's batch norm was chosen with its convolution: the same precision, reason and measurements.
        QCOMPARE(precisionOf(table, QStringLiteral("bn1")).text(), QStringLiteral("fp16"));
        QCOMPARE(table.item(rowOf(table, QStringLiteral("bn1")), reasons)->text(), QStringLiteral("fastest allowed"));
        QCOMPARE(table.item(rowOf(table, QStringLiteral("bn1")), reasons)->toolTip(),
                 table.item(rowOf(table, QStringLiteral("conv1")), reasons)->toolTip());
        QCOMPARE(table.item(rowOf(table, QStringLiteral("fc")), reasons)->text(),
                 QStringLiteral("bf16 or fp16 faster by under 10 %"));
        QCOMPARE(table.item(rowOf(table, QStringLiteral("relu")), reasons)->toolTip(),
                 table.item(rowOf(table, QStringLiteral("conv1")), reasons)->toolTip()); // counted with its input's
        QVERIFY(table.item(rowOf(table, QStringLiteral("loss")), reasons)
                    ->text()
                    .startsWith(QLatin1String("follows the modules"))); // the choice for everything else
        QVERIFY(table.item(rowOf(table, QStringLiteral("layer1.0.conv1")), reasons)->text().isEmpty());
        // The optimizer is outside the model: no policy reaches it, so no precision or reason is shown for it.
        const int optimizer = rowOf(table, QStringLiteral("optimizer"));
        QVERIFY(optimizer >= 0);
        QCOMPARE(table.item(optimizer, XrayTab::kPrecisionColumn)->text(), QStringLiteral("—"));
        QVERIFY(table.item(optimizer, reasons)->text().isEmpty());
        QVERIFY(!(table.item(optimizer, XrayTab::kPrecisionColumn)->flags() & Qt::ItemIsEditable));
        const QString behind = table.item(rowOf(table, QStringLiteral("fc")), reasons)->toolTip();
        QVERIFY2(behind.contains(QLatin1String("fp32 0.50 ms")) && behind.contains(QLatin1String("fp16 20.000 %")),
                 qPrintable(behind));
        ampwb::PrecisionPolicy expected = suggestion.policy;
        expected.name = "x-ray";
        QCOMPARE(json(xray.columnPolicy()), json(expected));
    }

    void trainWithThisPolicyRecordsItInTheRun()
    {
        QVERIFY(!comparisonFolder.isEmpty());
        MainWindow window;
        window.show();
        window.configPanel().setConfig(environment.quickConfig(2));
        XrayTab& xray = window.xrayTab();
        QVERIFY(xray.openFolder(comparisonFolder));
        chooseInEditor(xray, QStringLiteral("fc"), QStringLiteral("fp32"));
        chooseInEditor(xray, QStringLiteral("layer1.0.conv1"), QStringLiteral("bf16"));
        // Weights stored in their modules' precision, fp32 masters for the optimizer.
        auto* reducedWeights = xray.findChild<QCheckBox*>(QStringLiteral("xrayReducedWeights"));
        QVERIFY(reducedWeights && !reducedWeights->isChecked());
        reducedWeights->click();
        ampwb::PrecisionPolicy expected;
        expected.name = "x-ray";
        expected.modules = {{"fc", ampwb::ModulePrecision::Fp32}, {"layer1.0.conv1", ampwb::ModulePrecision::Bf16}};
        expected.reducedWeights = true;
        QSignalSpy finished(&window.engine(), &EngineController::workFinished);
        QTest::mouseClick(xray.trainWithPolicyButton(), Qt::LeftButton);
        QVERIFY(window.engine().isBusy());
        QCOMPARE(window.engine().work(), EngineController::Work::Training);
        QVERIFY(!xray.trainWithPolicyButton()->isEnabled());
        QCOMPARE(window.tabs().currentWidget(), &window.trainTab()); // started as Start does
        QCOMPARE(window.configPanel().findChild<QComboBox*>(QStringLiteral("precisionPolicy"))->currentText(),
                 QStringLiteral("From the X-ray tab"));
        QVERIFY(finished.wait(120000));
        QVERIFY(xray.trainWithPolicyButton()->isEnabled());
        const auto& run = window.trainTab().histories().at(0);
        QVERIFY(run.summary && run.summary->state == ampwb::RunState::Finished);
        const ampwb::TrainingConfig saved = ampwb::RunFolder::readConfig(run.directory.toStdString());
        QVERIFY(saved.precisionPolicy);
        QCOMPARE(json(*saved.precisionPolicy), json(expected));
        QVERIFY(saved.precision == ampwb::Precision::Amp);
        // The progress line names the policy the run computed by (its tooltip keeps what the run found).
        const QString started =
            window.trainTab().progress().findChild<QLabel*>(QStringLiteral("latestStep"))->toolTip();
        QVERIFY2(started.contains(QLatin1String("under the precision policy x-ray: amp, and fp32 in fc")),
                 qPrintable(started));
        // The column keeps what trained; the Train tab's policy is now this one.
        QCOMPARE(json(xray.columnPolicy()), json(expected));
        QCOMPARE(json(*window.configPanel().precisionPolicy()), json(expected));
    }

    void suggestPrecisionsMeasuresThemAndFillsTheColumn()
    {
        MainWindow window;
        window.show();
        window.configPanel().setConfig(environment.quickConfig(2));
        XrayTab& xray = window.xrayTab();
        int suggestions = 0;
        connect(&window.engine(), &EngineController::suggestionMade, this, [&] { ++suggestions; });
        QSignalSpy finished(&window.engine(), &EngineController::workFinished);

        // Stopped at once: no suggestion, and it says so.
        QTest::mouseClick(xray.suggestButton(), Qt::LeftButton);
        QCOMPARE(window.engine().work(), EngineController::Work::Suggestion);
        QCOMPARE(xray.suggestButton()->text(), QStringLiteral("Stop measuring"));
        QVERIFY(!xray.trainWithPolicyButton()->isEnabled());
        QTest::mouseClick(xray.suggestButton(), Qt::LeftButton);
        QVERIFY(window.engine().isStopping());
        QVERIFY(finished.wait(120000));
        QCOMPARE(suggestions, 0);
        QVERIFY2(xray.suggestionLabel()->text().contains(QLatin1String("without a suggestion")),
                 qPrintable(xray.suggestionLabel()->text()));
        QCOMPARE(xray.suggestButton()->text(), QStringLiteral("Suggest precisions"));

        QTest::mouseClick(xray.suggestButton(), Qt::LeftButton);
        QVERIFY(window.engine().isBusy());
        QVERIFY(finished.wait(300000));
        QCOMPARE(suggestions, 1);
        QVERIFY2(xray.suggestionLabel()->text().startsWith(QLatin1String("Suggested from")),
                 qPrintable(xray.suggestionLabel()->text()));
        const QTableWidget& table = *xray.moduleTable();
        const int reasons = XrayTab::kPrecisionColumn + 1;
        QVERIFY(table.rowCount() > 0);
        QVERIFY(!table.isColumnHidden(reasons));
        const int conv1 = rowOf(table, QStringLiteral("conv1"));
        QVERIFY(conv1 >= 0);
        QVERIFY(!table.item(conv1, reasons)->text().isEmpty());
        QVERIFY(ampwb::parseModulePrecision(table.item(conv1, XrayTab::kPrecisionColumn)->text().toStdString()));
        QVERIFY(!xray.columnPolicy().modules.empty());
    }

    void theLastProfileStaysWhileAnotherRunTrains()
    {
        QVERIFY(!comparisonFolder.isEmpty());
        MainWindow window;
        window.show();
        XrayTab& xray = window.xrayTab();
        QVERIFY(xray.openFolder(comparisonFolder));
        const QString comparisonSentence = xray.sentenceLabel()->text();
        window.configPanel().setConfig(environment.quickConfig(2));
        QSignalSpy finished(&window.engine(), &EngineController::workFinished);
        window.startAction().trigger();
        // Kept, and said to be the earlier work's, until this run is profiled.
        QCOMPARE(xray.classTable()->columnCount(), 8);
        QVERIFY2(xray.sentenceLabel()->text().startsWith(QLatin1String("Profile of the earlier work")),
                 qPrintable(xray.sentenceLabel()->text()));
        QVERIFY(xray.sentenceLabel()->text().endsWith(comparisonSentence));
        QVERIFY(finished.wait(120000));
        QCOMPARE(xray.classTable()->columnCount(), 8);
        QVERIFY(xray.openFolder(comparisonFolder));
        QCOMPARE(xray.sentenceLabel()->text(), comparisonSentence); // opened again: no longer "earlier"
    }

    void trainTabOffersTheProfileButton()
    {
        MainWindow window;
        auto* button = window.trainTab().findChild<ProfileButton*>(QStringLiteral("profileSteps"));
        QVERIFY(button);
        QVERIFY(!button->isEnabled());
        QVERIFY(button->toolTip().contains(QLatin1String("trace.json")));
    }
};

QTEST_MAIN(XrayTabTest)
#include "XrayTabTest.moc"
