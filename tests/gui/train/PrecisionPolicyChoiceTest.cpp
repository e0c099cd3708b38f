// The configuration panel's precision policy: a preset goes into the configuration built and disables what it
// overrides, a policy file is read (a bad one is refused with its error and changes nothing), and a configuration
// carrying a policy shows it.
#include "GuiTestEnvironment.h"
#include "run/PrecisionPolicy.h"
#include "train/TrainingConfigPanel.h"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QMessageBox>
#include <QTest>

namespace {

QString json(const std::optional<ampwb::PrecisionPolicy>& policy)
{
    return policy ? QString::fromStdString(ampwb::precisionPolicyJson(*policy, -1)) : QStringLiteral("none");
}

void writeFile(const QString& path, const QByteArray& text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

} // namespace

class PrecisionPolicyChoiceTest : public QObject {
    Q_OBJECT

private:
    GuiTestEnvironment environment;

    static QComboBox& policyBox(TrainingConfigPanel& panel)
    {
        return *panel.findChild<QComboBox*>(QStringLiteral("precisionPolicy"));
    }

    static void choose(TrainingConfigPanel& panel, const QString& key)
    {
        const int index = policyBox(panel).findData(key);
        QVERIFY2(index >= 0, qPrintable(key));
        policyBox(panel).setCurrentIndex(index);
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(environment.isValid()); }

    void aPresetGoesIntoTheConfigurationAndDisablesWhatItOverrides()
    {
        TrainingConfigPanel panel(false);
        panel.show();
        panel.setConfig(environment.quickConfig(2));
        auto* precision = panel.findChild<QComboBox*>(QStringLiteral("precision"));
        auto* description = panel.findChild<QLabel*>(QStringLiteral("policyDescription"));
        QVERIFY(!panel.config().precisionPolicy);
        QVERIFY(precision->isEnabled());
        QVERIFY(!description->isVisible());
        const QString presetTip = policyBox(panel)
                                      .itemData(policyBox(panel).findData(QStringLiteral("preset:fp32")),
                                                Qt::ToolTipRole)
                                      .toString();
        QVERIFY2(presetTip.contains(QLatin1String("fp32")), qPrintable(presetTip));

        // Nothing reduced and no "amp" part: the precision has nothing left to decide.
        choose(panel, QStringLiteral("preset:fp32"));
        ampwb::TrainingConfig config = panel.config();
        QCOMPARE(json(config.precisionPolicy), json(ampwb::presetPrecisionPolicy("fp32")));
        QVERIFY(config.precision == ampwb::Precision::Fp32);
        QVERIFY(!precision->isEnabled());
        QVERIFY2(precision->toolTip().contains(QLatin1String("policy")), qPrintable(precision->toolTip()));
        QVERIFY(description->isVisible());
        QCOMPARE(description->text(), QStringLiteral("Active precision policy: fp32: fp32"));
        QVERIFY(panel.problems().isEmpty());

        // Its "amp" parts compute in the AMP type the precision chooses: that choice stays open.
        choose(panel, QStringLiteral("preset:amp-batchnorm-fp32"));
        config = panel.config();
        QCOMPARE(json(config.precisionPolicy), json(ampwb::presetPrecisionPolicy("amp-batchnorm-fp32")));
        QVERIFY(config.precision == ampwb::Precision::Amp);
        QVERIFY(precision->isEnabled());
        QVERIFY(precision->toolTip().contains(QLatin1String("\"amp\"")));
        QCOMPARE(description->text(),
                 QStringLiteral("Active precision policy: amp-batchnorm-fp32: amp; batch norms in fp32"));

        choose(panel, QStringLiteral("none"));
        QVERIFY(!panel.config().precisionPolicy);
        QVERIFY(precision->isEnabled());
        QVERIFY(!description->isVisible());
    }

    void aPolicyFileIsReadAndABadOneChangesNothing()
    {
        TrainingConfigPanel panel(false);
        panel.show();
        panel.setConfig(environment.quickConfig(2));
        choose(panel, QStringLiteral("preset:amp"));

        const QString bad = environment.path(QStringLiteral("bad-policy.json"));
        writeFile(bad, R"({"name": "broken", "otherwise": "fp8"})");
        QVERIFY(!panel.openPolicyFile(bad));
        auto* error = panel.findChild<QMessageBox*>(QStringLiteral("policyFileError"));
        QVERIFY(error);
        QVERIFY(error->isVisible());
        QVERIFY(!error->isModal()); // the window goes on
        QVERIFY2(error->informativeText().contains(QLatin1String("fp8")), qPrintable(error->informativeText()));
        QCOMPARE(policyBox(panel).currentData().toString(), QStringLiteral("preset:amp"));
        QCOMPARE(json(panel.config().precisionPolicy), json(ampwb::presetPrecisionPolicy("amp")));
        QVERIFY(!panel.openPolicyFile(environment.path(QStringLiteral("no-such-policy.json"))));
        QCOMPARE(policyBox(panel).currentData().toString(), QStringLiteral("preset:amp"));

        ampwb::PrecisionPolicy mine;
        mine.name = "mine";
        mine.otherwise = ampwb::ModulePrecision::Fp32;
        mine.modules = {{"layer1", ampwb::ModulePrecision::Bf16}, {"fc", ampwb::ModulePrecision::Amp}};
        const QString good = environment.path(QStringLiteral("mine.json"));
        writeFile(good, QByteArray::fromStdString(ampwb::precisionPolicyJson(mine)));
        QVERIFY(panel.openPolicyFile(good));
        QCOMPARE(policyBox(panel).currentText(), QStringLiteral("Policy \"mine\""));
        QCOMPARE(json(panel.config().precisionPolicy), json(mine));
        QVERIFY(panel.config().precision == ampwb::Precision::Amp);

        // "Open a policy file…" asks without blocking the window, and the choice stays until a file is read.
        choose(panel, QStringLiteral("open"));
        QCOMPARE(policyBox(panel).currentText(), QStringLiteral("Policy \"mine\""));
        auto* dialog = panel.findChild<QFileDialog*>(QStringLiteral("policyFileDialog"));
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        dialog->reject();
        QCOMPARE(json(panel.config().precisionPolicy), json(mine));
    }

    void aConfigurationWithAPolicyShowsIt()
    {
        TrainingConfigPanel panel(false);
        ampwb::TrainingConfig config = environment.quickConfig(2);
        config.precisionPolicy = ampwb::presetPrecisionPolicy("bf16-everywhere");
        panel.setConfig(config);
        QCOMPARE(policyBox(panel).currentData().toString(), QStringLiteral("preset:bf16-everywhere"));

        ampwb::PrecisionPolicy xray;
        xray.name = "x-ray";
        xray.modules = {{"layer4", ampwb::ModulePrecision::Fp32}};
        config.precisionPolicy = xray;
        panel.setConfig(config);
        QCOMPARE(policyBox(panel).currentText(), QStringLiteral("From the X-ray tab"));
        QCOMPARE(json(panel.config().precisionPolicy), json(xray));

        // A policy naming many modules: counted on the line, each named in its tooltip.
        xray.modules = {{"conv1", ampwb::ModulePrecision::Fp32},  {"layer1", ampwb::ModulePrecision::Fp32},
                        {"layer2", ampwb::ModulePrecision::Fp32}, {"layer3", ampwb::ModulePrecision::Fp32},
                        {"layer4", ampwb::ModulePrecision::Fp32}, {"fc", ampwb::ModulePrecision::Bf16}};
        config.precisionPolicy = xray;
        panel.setConfig(config);
        auto* description = panel.findChild<QLabel*>(QStringLiteral("policyDescription"));
        QCOMPARE(description->text(),
                 QStringLiteral("Active precision policy: x-ray: amp, and fp32 in 5 modules, and bf16 in one module"));
        QCOMPARE(description->toolTip(),
                 QStringLiteral("x-ray: amp, and fp32 in conv1, layer1, layer2, layer3, layer4, and bf16 in fc"));

        config.precisionPolicy.reset();
        panel.setConfig(config);
        QCOMPARE(policyBox(panel).currentData().toString(), QStringLiteral("none"));
        QVERIFY(!panel.config().precisionPolicy);
    }
};

QTEST_MAIN(PrecisionPolicyChoiceTest)
#include "PrecisionPolicyChoiceTest.moc"
