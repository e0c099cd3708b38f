// The CLI's option parser on its own: values, the `=` form, flags, `--`, positional arguments,
// refused options, number conversions and their mistakes, and the help list written from the rows.
#include "OptionTable.h"
#include "OptionValue.h"

#include <QStringList>
#include <QtTest>

#include <functional>
#include <optional>
#include <string>
#include <vector>

using namespace ampwb::cli;

namespace {

/// What the test table stores into.
struct Settings {
    std::string model;
    long long epochs = 1;
    double learningRate = 0.1;
    long long port = 8080;
    int mode = 0;
    std::string schedule;
    bool json = false;
    std::vector<std::string> files;
};

std::optional<int> parseMode(const std::string& text)
{
    if (text == "fast")
        return 1;
    if (text == "slow")
        return 2;
    return std::nullopt;
}

OptionTable tableFor(Settings& s)
{
    OptionTable table;
    table.add({
        {"--model", "FILE", "the model to read", [&s](const OptionValue& v) { s.model = v.text(); }},
        {"--epochs", "N", "passes over the data\n(default 1)",
         [&s](const OptionValue& v) { s.epochs = v.wholeNumber(); }},
        {"--json", "", "one JSON object per line", [&s](const OptionValue&) { s.json = true; }},
    });
    table.addGroup("Tuning:",
                   {
                       {"--lr", "X", "learning rate", [&s](const OptionValue& v) { s.learningRate = v.number(); }},
                       {"--port", "N", "port (0 picks a free one)",
                        [&s](const OptionValue& v) { s.port = v.wholeNumberBetween(0, 65535); }},
                       {"--mode", "fast|slow", "how to run",
                        [&s](const OptionValue& v) { s.mode = v.oneOf(parseMode(v.text()), "fast or slow"); }},
                       {"--schedule", "constant|step|cosine", "(default step)",
                        [&s](const OptionValue& v) { s.schedule = v.text(); }},
                   });
    table.refuse("--resume", "--resume is only for `train`.");
    return table;
}

OptionTable tableWithFiles(Settings& s)
{
    OptionTable table = tableFor(s);
    table.takePositional([&s](const std::string& file) { s.files.push_back(file); });
    return table;
}

std::vector<std::string> toStrings(const QStringList& list)
{
    std::vector<std::string> strings;
    for (const QString& item : list)
        strings.push_back(item.toStdString());
    return strings;
}

/// The UsageError's message, or "no mistake" when `parse` throws none.
QString mistakeOf(const std::function<void()>& parse)
{
    try {
        parse();
    } catch (const UsageError& error) {
        return QString::fromStdString(error.what());
    }
    return QStringLiteral("no mistake");
}

} // namespace

class OptionTableTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void valuesAreStored_data();
    void valuesAreStored();
    void numbersAreConverted();
    void flagsAreSet();
    void mistakesNameTheOption_data();
    void mistakesNameTheOption();
    void positionalArgumentsAndDoubleDash();
    void helpIsAskedAfterTheOptionsAreStored();
    void helpListsEveryRow();
    void helpColumnFollowsTheLongestName();
    void helpLeavesOutARefusedRow();
};

void OptionTableTest::valuesAreStored_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("model");
    QTest::newRow("--model FILE") << QStringList{"--model", "m.pth"} << "m.pth";
    QTest::newRow("--model=FILE") << QStringList{"--model=m.pth"} << "m.pth";
    QTest::newRow("= in the value") << QStringList{"--model=a=b.pth"} << "a=b.pth";
    QTest::newRow("empty after =") << QStringList{"--model="} << "";
    QTest::newRow("value led by a dash") << QStringList{"--model", "-m.pth"} << "-m.pth";
    QTest::newRow("value that looks like an option") << QStringList{"--model", "--json"} << "--json";
    QTest::newRow("the last one wins") << QStringList{"--model", "a.pth", "--model=b.pth"} << "b.pth";
}

void OptionTableTest::valuesAreStored()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, model);
    Settings settings;
    QCOMPARE(tableFor(settings).parse(toStrings(arguments)), ParseOutcome::Parsed);
    QCOMPARE(QString::fromStdString(settings.model), model);
    QVERIFY(!settings.json);
}

void OptionTableTest::numbersAreConverted()
{
    Settings settings;
    tableFor(settings).parse({"--epochs", "-3", "--lr=5e-4", "--port", "65535", "--mode", "slow"});
    QCOMPARE(settings.epochs, -3LL);
    QCOMPARE(settings.learningRate, 5e-4);
    QCOMPARE(settings.port, 65535LL);
    QCOMPARE(settings.mode, 2);
    tableFor(settings).parse({"--port=0", "--epochs=12", "--lr", "3"});
    QCOMPARE(settings.port, 0LL);
    QCOMPARE(settings.epochs, 12LL);
    QCOMPARE(settings.learningRate, 3.0);
}

void OptionTableTest::flagsAreSet()
{
    Settings settings;
    tableFor(settings).parse({"--model", "m.pth"});
    QVERIFY(!settings.json);
    tableFor(settings).parse({"--json"});
    QVERIFY(settings.json);
}

void OptionTableTest::mistakesNameTheOption_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown option") << QStringList{"--bogus"} << "Unknown option \"--bogus\".";
    QTest::newRow("unknown short option") << QStringList{"-x"} << "Unknown option \"-x\".";
    QTest::newRow("unknown with a value") << QStringList{"--bogus=1"} << "Unknown option \"--bogus=1\".";
    QTest::newRow("flag with a value") << QStringList{"--json=yes"} << "Unknown option \"--json=yes\".";
    QTest::newRow("--help with a value") << QStringList{"--help=yes"} << "Unknown option \"--help=yes\".";
    QTest::newRow("missing value") << QStringList{"--json", "--epochs"} << "--epochs needs a value.";
    QTest::newRow("word for a whole number")
        << QStringList{"--epochs", "two"} << "--epochs expects a whole number, not \"two\".";
    QTest::newRow("fraction for a whole number")
        << QStringList{"--epochs=1.5"} << "--epochs expects a whole number, not \"1.5\".";
    QTest::newRow("empty whole number") << QStringList{"--epochs="} << "--epochs expects a whole number, not \"\".";
    QTest::newRow("trailing space") << QStringList{"--epochs", "3 "} << "--epochs expects a whole number, not \"3 \".";
    QTest::newRow("too large") << QStringList{"--epochs", "99999999999999999999"}
                               << "--epochs expects a whole number, not \"99999999999999999999\".";
    QTest::newRow("not a number") << QStringList{"--lr", "0.1x"} << "--lr expects a number, not \"0.1x\".";
    QTest::newRow("empty number") << QStringList{"--lr", ""} << "--lr expects a number, not \"\".";
    QTest::newRow("above the range") << QStringList{"--port", "65536"} << "--port must be between 0 and 65535.";
    QTest::newRow("below the range") << QStringList{"--port=-1"} << "--port must be between 0 and 65535.";
    QTest::newRow("not one of the words")
        << QStringList{"--mode", "medium"} << "--mode must be fast or slow, not \"medium\".";
    QTest::newRow("refused option") << QStringList{"--resume", "runs/a"} << "--resume is only for `train`.";
    QTest::newRow("refused option with =") << QStringList{"--resume=runs/a"} << "--resume is only for `train`.";
    QTest::newRow("positional argument") << QStringList{"--json", "stray"} << "Unexpected argument \"stray\".";
    QTest::newRow("option after --") << QStringList{"--", "--json"} << "Unexpected argument \"--json\".";
    QTest::newRow("mistake after --help") << QStringList{"--help", "--bogus"} << "Unknown option \"--bogus\".";
}

void OptionTableTest::mistakesNameTheOption()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    Settings settings;
    const OptionTable table = tableFor(settings);
    QCOMPARE(mistakeOf([&] { table.parse(toStrings(arguments)); }), message);
}

void OptionTableTest::positionalArgumentsAndDoubleDash()
{
    Settings settings;
    QCOMPARE(tableWithFiles(settings).parse({"a.jpg", "--json", "-", "--", "--model", "-h", "b.jpg"}),
             ParseOutcome::Parsed);
    QCOMPARE(settings.files, (std::vector<std::string>{"a.jpg", "-", "--model", "-h", "b.jpg"}));
    QVERIFY(settings.json);
    QVERIFY(settings.model.empty());
}

void OptionTableTest::helpIsAskedAfterTheOptionsAreStored()
{
    Settings settings;
    QCOMPARE(tableFor(settings).parse({"--epochs", "3", "--help", "--json"}), ParseOutcome::HelpAsked);
    QCOMPARE(settings.epochs, 3LL);
    QVERIFY(settings.json);
    QCOMPARE(tableFor(settings).parse({"-h"}), ParseOutcome::HelpAsked);
    QCOMPARE(tableWithFiles(settings).parse({"--", "--help"}), ParseOutcome::Parsed);
    QCOMPARE(settings.files, std::vector<std::string>{"--help"});
}

void OptionTableTest::helpListsEveryRow()
{
    Settings settings;
    // Explanations start two columns after the longest name, at most at column 26; a longer name
    // puts its explanation on the next line. Refused options and --help are not listed.
    const QString expected = QStringLiteral("  --model FILE            the model to read\n"
                                            "  --epochs N              passes over the data\n"
                                            "                          (default 1)\n"
                                            "  --json                  one JSON object per line\n"
                                            "Tuning:\n"
                                            "  --lr X                  learning rate\n"
                                            "  --port N                port (0 picks a free one)\n"
                                            "  --mode fast|slow        how to run\n"
                                            "  --schedule constant|step|cosine\n"
                                            "                          (default step)\n");
    QCOMPARE(QString::fromStdString(tableFor(settings).help()), expected);
}

void OptionTableTest::helpColumnFollowsTheLongestName()
{
    bool force = false;
    OptionTable table;
    table.add({
        {"--out", "FILE", "where to write", [](const OptionValue&) {}},
        {"--force", "", "replace existing files", [&force](const OptionValue&) { force = true; }},
    });
    QCOMPARE(QString::fromStdString(table.help()), QStringLiteral("  --out FILE  where to write\n"
                                                                  "  --force     replace existing files\n"));
    table.parse({"--force"});
    QVERIFY(force);
}

void OptionTableTest::helpLeavesOutARefusedRow()
{
    // A command that shares its rows with others but refuses one of them (`precision suggest` refuses train's
    // --precision) does not list it, and its column follows the rows it lists.
    OptionTable table;
    table.add({
        {"--out", "FILE", "where to write", [](const OptionValue&) {}},
        {"--precision-policy", "NAME", "a policy", [](const OptionValue&) {}},
    });
    table.refuse("--precision-policy", "--precision-policy does not go with this command.");
    QCOMPARE(QString::fromStdString(table.help()), QStringLiteral("  --out FILE  where to write\n"));
    QCOMPARE(mistakeOf([&] {
                 table.parse({"--precision-policy", "amp"});
             }),
             QStringLiteral("--precision-policy does not go with this command."));
}

QTEST_GUILESS_MAIN(OptionTableTest)
#include "OptionTableTest.moc"
