// The strict unpickler and torch.save state-dict files: round trips, the opcodes
// Python writes, malformed input (named problems, never a crash), and pickle and zip bombs
// (refused before they are unpacked or built, in a few MB).
#include "model/ModelFileError.h"
#include "modelfiles/PickleReader.h"
#include "modelfiles/StateDictFile.h"

#include "TorchZip.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include <caffe2/serialize/inline_container.h>

#include <fstream>
#include <map>
#include <random>

using namespace ampwb;
using ampwb::test::TorchZipRecord;

namespace {

/// A small state dict with the dtypes and shapes ResNet state dicts hold (incl. a 0-d long).
StateDict smallStateDict()
{
    torch::manual_seed(3);
    StateDict stateDict;
    for (int layer = 0; layer < 12; ++layer) {
        const std::string prefix = "layer" + std::to_string(layer);
        stateDict.emplace_back(prefix + ".weight", torch::randn({4, 3, 3, 3}));
        stateDict.emplace_back(prefix + ".bias", torch::randn({4}));
        stateDict.emplace_back(prefix + ".num_batches_tracked", torch::tensor(int64_t(layer)));
    }
    stateDict.emplace_back("half", torch::randn({5}).to(torch::kHalf));
    stateDict.emplace_back("transposed", torch::randn({3, 4}).t());
    return stateDict;
}

std::string bytesOf(std::initializer_list<int> values)
{
    std::string bytes;
    for (const int value : values)
        bytes.push_back(static_cast<char>(value));
    return bytes;
}

/// BINUNICODE of `value`.
std::string text(const std::string& value)
{
    const auto size = static_cast<uint32_t>(value.size());
    return "X" + bytesOf({int(size & 0xff), int(size >> 8 & 0xff), int(size >> 16 & 0xff), int(size >> 24)}) + value;
}

/// The records of a torch.save archive, for stateDictFromPickle.
struct Archive {
    std::string pickle;
    std::map<std::string, std::string> records;

    RecordReader reader() const
    {
        return [this](const std::string& name) {
            const auto found = records.find(name);
            if (found == records.end())
                throw PickleError("no record " + name);
            return found->second;
        };
    }
};

Archive readArchive(const std::string& path)
{
    caffe2::serialize::PyTorchStreamReader reader(path);
    Archive archive;
    for (const std::string& name : reader.getAllRecords()) {
        const auto [data, size] = reader.getRecord(name);
        archive.records[name] = std::string(static_cast<const char*>(data.get()), size);
    }
    archive.pickle = archive.records.at("data.pkl");
    return archive;
}

/// `count` times `piece(i)`.
template <typename Piece>
std::string repeated(int count, Piece piece)
{
    std::string bytes;
    for (int i = 0; i < count; ++i)
        bytes += piece(i);
    return bytes;
}

std::string littleEndian32(uint32_t value)
{
    return bytesOf({int(value & 0xff), int(value >> 8 & 0xff), int(value >> 16 & 0xff), int(value >> 24)});
}

/// The zips of ClassifyPickleTest::pickleBombsAreRefusedWithinMemory, by row name.
std::vector<TorchZipRecord> bombRecords(const QString& row)
{
    const std::string start = bytesOf({0x80, 2});
    if (row == "100 MB of None, deflated (100 kB)") // the adversarial pass's file
        return {{"data.pkl", start, 'N', 100 * 1000 * 1000, ".", true}};
    if (row == "3 MiB of None, stored")
        return {{"data.pkl", start, 'N', 3 << 20, "."}};
    if (row == "3 MiB of MARKs, stored")
        return {{"data.pkl", start, '(', 3 << 20, "."}};
    if (row == "700,000 memo entries")
        return {{"data.pkl", start + "N" + repeated(700000, [](int i) { return "r" + littleEndian32(i); }) + "."}};
    if (row == "400,000 dicts")
        return {{"data.pkl", start + "}" + repeated(400000, [](int) { return text("k") + "}s"; }) + "."}};
    if (row == "100,000 dict entries")
        return {
            {"data.pkl", start + "}" + repeated(100000, [](int i) { return text(std::to_string(i)) + "Ns"; }) + "."}};
    if (row == "deflated data.pkl claiming 1000 bytes") // miniz stops at the claimed size
        return {{"data.pkl", start, 'N', 100 * 1000 * 1000, ".", true, 1000}};
    if (row == "256 MiB of tensor zeros, deflated") {
        const std::string elements = "J" + littleEndian32(64 << 20);
        const std::string pickle = start + "}" + text("w") + "ctorch._utils\n_rebuild_tensor_v2\n((" + text("storage")
                                 + "ctorch\nFloatStorage\n" + text("0") + text("cpu") + elements + "tQ"
                                 + bytesOf({'K', 0}) + elements + "\x85K\x01\x85\x89}tRs.";
        return {{"data.pkl", pickle}, {"data/0", "", '\0', uint64_t(256) << 20, "", true}};
    }
    return {};
}

PickleValue readPlain(const std::string& bytes)
{
    PickleReader reader(bytes.data(), bytes.size(), {});
    return reader.read();
}

} // namespace

class ClassifyPickleTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(directory.isValid());
        path = directory.filePath("small.pth").toStdString();
        expected = smallStateDict();
        writeStateDictFile(path, expected, {{"", 1}});
    }

    void writtenStateDictReadsBackInOrder()
    {
        const StateDict read = readStateDictFile(path);
        QCOMPARE(read.size(), expected.size());
        for (size_t i = 0; i < read.size(); ++i) {
            QCOMPARE(read[i].first, expected[i].first);
            QCOMPARE(read[i].second.scalar_type(), expected[i].second.scalar_type());
            QVERIFY(read[i].second.sizes() == expected[i].second.sizes());
            QVERIFY(torch::equal(read[i].second, expected[i].second));
        }
    }

    void readsMemoTuplesDictsAndProtocolFourFraming()
    {
        // PROTO 4, FRAME, OrderedDict via STACK_GLOBAL + MEMOIZE, SHORT_BINUNICODE keys,
        // values from BINGET/LONG_BINGET, TUPLE1/2/3, LONG1, BININT, BUILD with _metadata.
        const std::string bytes = bytesOf(
            {0x80, 4,   0x95, 0,   0,    0,    0,    0,    0,    0,    0,    0x8c, 11,   'c',  'o', 'l', 'l',
             'e',  'c', 't',  'i', 'o',  'n',  's',  0x94, 0x8c, 11,   'O',  'r',  'd',  'e',  'r', 'e', 'd',
             'D',  'i', 'c',  't', 0x94, 0x93, 0x94, ')',  'R',  0x94, '(',  0x8c, 1,    'a',  'K', 7,   0x85,
             'q',  9,   0x8c, 1,   'b',  'h',  9,    'J',  0xff, 0xff, 0xff, 0xff, 0x86, 0x8c, 1,   'c', 'j',
             9,    0,   0,    0,   0x8a, 2,    0x00, 0x80, 0x88, 0x87, 'u',  '}',  'X',  9,    0,   0,   0,
             '_',  'm', 'e',  't', 'a',  'd',  'a',  't',  'a',  '}',  's',  'b',  '.'});
        PickleReader reader(bytes.data(), bytes.size(), {});
        const PickleValue root = reader.read();
        QVERIFY(root.asDict());
        const PickleDict& dict = reader.dict(*root.asDict());
        QCOMPARE(dict.items.size(), size_t(3));
        QCOMPARE(dict.items[0].first, std::string("a"));
        QCOMPARE(*dict.items[0].second.asTuple()->at(0).asInteger(), int64_t(7));
        const PickleTuple& b = *dict.items[1].second.asTuple();
        QCOMPARE(b.size(), size_t(2));
        QCOMPARE(*b[1].asInteger(), int64_t(-1));
        const PickleTuple& c = *dict.items[2].second.asTuple();
        QCOMPARE(c.size(), size_t(3));
        QCOMPARE(*c[1].asInteger(), int64_t(-32768));
        QCOMPARE(*c[2].asBool(), true);
    }

    void rejectsMalformedPickles_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("problem");
        const auto row = [](const char* name, const std::string& bytes, const char* problem) {
            QTest::newRow(name) << QByteArray(bytes.data(), static_cast<int>(bytes.size())) << QString(problem);
        };
        row("empty", "", "ends in the middle");
        row("no STOP", bytesOf({0x80, 2, '}'}), "ends in the middle");
        row("unknown opcode", bytesOf({0x80, 2, 'i'}), "opcode 0x69 is not supported");
        row("protocol 6", bytesOf({0x80, 6, '}', '.'}), "protocol 6");
        row("pop from empty stack", bytesOf({0x80, 2, 's', '.'}), "stack is empty");
        row("pop below a MARK", bytesOf({0x80, 2, '}', '(', 's', '.'}), "stack is empty");
        row("TUPLE without MARK", bytesOf({0x80, 2, 't', '.'}), "needs a MARK");
        row("missing memo entry", bytesOf({0x80, 2, 'h', 5, '.'}), "memo has no entry 5");
        row("string past the end", bytesOf({0x80, 2, 'X', 0xff, 0xff, 0xff, 0x7f, 'a', '.'}), "ends in the middle");
        row("nine-byte LONG1", bytesOf({0x80, 2, 0x8a, 9, 1, 1, 1, 1, 1, 1, 1, 1, 1, '.'}), "does not fit 64 bits");
        row("SETITEM on a tuple", bytesOf({0x80, 2, ')', 'K', 1, 'K', 2, 's', '.'}), "not on a dict");
        row("int dict key", bytesOf({0x80, 2, '}', 'K', 1, 'K', 2, 's', '.'}), "not a str");
        row("odd SETITEMS", bytesOf({0x80, 2, '}', '(', 'X', 1, 0, 0, 0, 'k', 'u', '.'}), "key without a value");
        row("two values at STOP", bytesOf({0x80, 2, 'N', 'N', '.'}), "STOP with 2 values");
        row("open MARK at STOP", bytesOf({0x80, 2, 'N', '(', '.'}), "1 marks left");
        row("REDUCE on an int", bytesOf({0x80, 2, 'K', 1, ')', 'R', '.'}), "needs a global and a tuple");
        row("BUILD on a tuple", bytesOf({0x80, 2, ')', 'N', 'b', '.'}), "BUILD on a tuple");
        row("GLOBAL with a space", std::string("\x80\x02") + "cos\nsys tem\n.", "not a Python identifier");
        row("unterminated GLOBAL", std::string("\x80\x02") + "cos", "ends in the middle");
    }

    void rejectsMalformedPickles()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, problem);
        try {
            readPlain(bytes.toStdString());
            QFAIL("a malformed pickle was accepted");
        } catch (const PickleError& error) {
            QVERIFY2(QString(error.what()).contains(problem), error.what());
        }
    }

    void rejectsWhatIsNotAStateDict_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("problem");
        const auto row = [](const char* name, const std::string& bytes, const char* problem) {
            QTest::newRow(name) << QByteArray(bytes.data(), static_cast<int>(bytes.size())) << QString(problem);
        };
        row("os.system", std::string("\x80\x02") + "cos\nsystem\n" + text("ls") + "\x85R.", "os.system");
        row("a list", bytesOf({0x80, 2, ']', '.'}), "0x5d is not supported");
        row("top level int", bytesOf({0x80, 2, 'K', 1, '.'}), "holds a int, not a dict");
        row("value not a tensor", bytesOf({0x80, 2, '}'}) + text("w") + "K\x01s.", "entry 'w' is a int");
        const auto tensor = [](const std::string& storageType, const std::string& key, char numel, char offset,
                               char size, char stride) {
            return bytesOf({0x80, 2, '}'}) + text("w") + "ctorch._utils\n_rebuild_tensor_v2\n(" + "(" + text("storage")
                 + "ctorch\n" + storageType + "\n" + text(key) + text("cpu") + "K" + numel + "tQ" + "K" + offset + "K"
                 + size + "\x85K" + stride + "\x85\x89}tRs.";
        };
        row("valid tensor", tensor("FloatStorage", "0", 4, 0, 4, 1), "");
        row("tensor past its storage", tensor("FloatStorage", "0", 4, 1, 4, 1), "past the end of its storage");
        row("strided past its storage", tensor("FloatStorage", "0", 4, 0, 3, 2), "past the end of its storage");
        row("storage size mismatch", tensor("FloatStorage", "0", 5, 0, 4, 1), "holds 16 bytes, not 20");
        row("missing record", tensor("FloatStorage", "9", 4, 0, 4, 1), "no record data/9");
        row("record key with a slash", tensor("FloatStorage", "../x", 4, 0, 4, 1), "malformed");
        row("unknown storage type", tensor("ComplexStorage", "0", 4, 0, 4, 1), "torch.ComplexStorage");
    }

    void rejectsWhatIsNotAStateDict()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, problem);
        Archive archive;
        archive.records["data/0"] = std::string(16, '\0');
        try {
            const StateDict read = stateDictFromPickle(bytes.toStdString(), archive.reader());
            QVERIFY2(problem.isEmpty(), "a pickle that is not a state dict was accepted");
            QCOMPARE(read.size(), size_t(1));
            QCOMPARE(read[0].second.numel(), int64_t(4));
        } catch (const PickleError& error) {
            QVERIFY2(!problem.isEmpty() && QString(error.what()).contains(problem), error.what());
        }
    }

    void everyTruncationIsRejected()
    {
        const Archive archive = readArchive(path);
        for (size_t length = 0; length < archive.pickle.size(); ++length) {
            try {
                stateDictFromPickle(archive.pickle.substr(0, length), archive.reader());
                QFAIL(qPrintable(QString("a pickle cut at byte %1 was accepted").arg(length)));
            } catch (const PickleError&) {
            }
        }
    }

    void mutatedPicklesAreReadOrRejected()
    {
        const Archive archive = readArchive(path);
        std::mt19937 random(11);
        int accepted = 0;
        for (int trial = 0; trial < 20000; ++trial) {
            std::string bytes = archive.pickle;
            const int changes = 1 + static_cast<int>(random() % 4);
            for (int change = 0; change < changes; ++change)
                bytes[random() % bytes.size()] = static_cast<char>(random() % 256);
            try {
                stateDictFromPickle(bytes, archive.reader());
                ++accepted;
            } catch (const PickleError&) {
            }
        }
        qInfo("%d of 20000 mutated pickles still read as state dicts; the rest were rejected", accepted);
    }

    void damagedFilesGiveModelFileErrors()
    {
        std::ifstream in(path, std::ios::binary);
        const std::string original((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::mt19937 random(5);
        const std::string damaged = directory.filePath("damaged.pth").toStdString();
        for (int trial = 0; trial < 400; ++trial) {
            std::string bytes = trial % 4 == 0 ? original.substr(0, random() % original.size()) : original;
            if (trial % 4 != 0) {
                for (int change = 0; change < 8; ++change)
                    bytes[random() % bytes.size()] = static_cast<char>(random() % 256);
            }
            std::ofstream(damaged, std::ios::binary | std::ios::trunc) << bytes;
            try {
                readStateDictFile(damaged);
            } catch (const ModelFileError&) {
            }
        }
    }

    void foreignFilesAreNamed_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("problem");
        QTest::newRow("empty file") << QByteArray() << "not a state dict saved with torch.save";
        QTest::newRow("text") << QByteArray("hello\n") << "not a state dict saved with torch.save";
        QTest::newRow("legacy pickle") << QByteArray("\x80\x02\x8a\x0al\xfc\x9c", 7) << "pre-1.6 format";
        QTest::newRow("zip without data.pkl")
            << QByteArray("PK\x03\x04 broken", 11) << "not a state dict saved with torch.save";
    }

    void foreignFilesAreNamed()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, problem);
        const QString file = directory.filePath("foreign.pth");
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(content);
        out.close();
        try {
            readStateDictFile(file.toStdString());
            QFAIL("a foreign file was accepted");
        } catch (const ModelFileError& error) {
            QVERIFY2(QString(error.what()).contains(problem), error.what());
            QVERIFY2(QString(error.what()).contains(file), error.what());
        }
    }

    void pickleBombsAreRefusedWithinMemory_data()
    {
        QTest::addColumn<QString>("problem");
        // clang-format off
        QTest::newRow("100 MB of None, deflated (100 kB)") << "data.pkl would unpack to 100000003 bytes, more than the limit of 4194304 (4 MiB)";
        QTest::newRow("3 MiB of None, stored") << "more than 65536 values and MARKs on the stack at once";
        QTest::newRow("3 MiB of MARKs, stored") << "more than 65536 values and MARKs on the stack at once";
        QTest::newRow("700,000 memo entries") << "more than 65536 memo entries";
        QTest::newRow("400,000 dicts") << "more than 65536 dicts";
        QTest::newRow("100,000 dict entries") << "more than 65536 dict entries";
        QTest::newRow("deflated data.pkl claiming 1000 bytes") << "is not a usable state dict";
        QTest::newRow("256 MiB of tensor zeros, deflated") << "record data/0 would unpack from";
        // clang-format on
    }

    void pickleBombsAreRefusedWithinMemory()
    {
        QFETCH(QString, problem);
        const QString file = directory.filePath("bomb.pth");
        QCOMPARE(ampwb::test::writeTorchZip(file, bombRecords(QTest::currentDataTag())), QString());
        const bool peakKnown = ampwb::test::resetPeakResident();
        const int64_t before = ampwb::test::processMemoryBytes("VmRSS:");
        QElapsedTimer clock;
        clock.start();
        QString message;
        try {
            readStateDictFile(file.toStdString());
        } catch (const ModelFileError& error) {
            message = error.what();
        }
        const int64_t growth = ampwb::test::processMemoryBytes("VmHWM:") - before;
        qInfo("ended in %lld ms, peak resident memory grew by %.1f MB: %s", static_cast<long long>(clock.elapsed()),
              static_cast<double>(growth) / 1e6, qPrintable(message));
        QVERIFY2(!peakKnown || growth < 200 * 1000 * 1000,
                 qPrintable(QString("peak resident memory grew by %1 bytes").arg(growth)));
        QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY2(!message.isEmpty(), "a bomb was read as a state dict");
        QVERIFY2(message.contains(problem) && message.contains(file), qPrintable(message));
        if (!peakKnown)
            QSKIP("cannot reset this process's peak memory (/proc/self/clear_refs)");
    }

    void missingFileIsNamed()
    {
        try {
            readStateDictFile(directory.filePath("absent.pth").toStdString());
            QFAIL("a missing file was accepted");
        } catch (const ModelFileError& error) {
            QVERIFY2(QString(error.what()).contains("There is no model file"), error.what());
        }
    }

private:
    QTemporaryDir directory;
    std::string path;
    StateDict expected;
};

QTEST_GUILESS_MAIN(ClassifyPickleTest)
#include "ClassifyPickleTest.moc"
