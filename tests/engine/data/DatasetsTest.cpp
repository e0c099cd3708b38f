// Datasets: IDX (Fashion-MNIST/MNIST), CIFAR-10 binary, ImageFolder (OpenCV decoding),
// synthetic, and openDataSource — on files written here byte by byte and on the real
// Fashion-MNIST package.
#include "data/Cifar10Dataset.h"
#include "data/DataSource.h"
#include "data/IdxDataset.h"
#include "data/SyntheticDataset.h"
#ifdef AMPWB_WITH_OPENCV
#include "data/ImageDecoding.h"
#include "data/ImageFolderDataset.h"
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#endif

#include "TestSupport.h"

#include <QDir>
#include <QTemporaryDir>

#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <thread>
#include <unistd.h>

using namespace ampwb;

namespace {

/// Whether a call threw DataError, and its message.
struct Outcome {
    bool threwDataError = false;
    QString message;
};

template <typename Call>
Outcome outcomeOf(Call&& call)
{
    Outcome outcome;
    try {
        call();
        outcome.message = QStringLiteral("(no exception)");
    } catch (const DataError& error) {
        outcome.threwDataError = true;
        outcome.message = QString::fromUtf8(error.what());
    } catch (const std::exception& error) {
        outcome.message = QStringLiteral("(not a DataError) ") + QString::fromUtf8(error.what());
    }
    return outcome;
}

QByteArray bigEndian(uint32_t value)
{
    QByteArray bytes(4, '\0');
    for (int i = 0; i < 4; ++i)
        bytes[i] = static_cast<char>((value >> (24 - 8 * i)) & 0xff);
    return bytes;
}

/// An IDX file of unsigned bytes: magic 0x0000 08 <dims>, big-endian extents, then the data.
QByteArray idx(const std::vector<uint32_t>& extents, const QByteArray& payload, uint32_t magic = 0)
{
    QByteArray bytes = bigEndian(magic != 0 ? magic : 0x0800u | static_cast<uint32_t>(extents.size()));
    for (uint32_t extent : extents)
        bytes += bigEndian(extent);
    return bytes + payload;
}

QByteArray sequence(int count, int start = 0, int step = 1)
{
    QByteArray bytes(count, '\0');
    for (int i = 0; i < count; ++i)
        bytes[i] = static_cast<char>((start + i * step) & 0xff);
    return bytes;
}

/// gzip-compressed bytes (zlib's deflate with the gzip wrapper, as `gzip` writes).
QByteArray gzipped(const QByteArray& raw)
{
    z_stream stream{};
    if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return {};
    QByteArray out(static_cast<int>(deflateBound(&stream, static_cast<uLong>(raw.size())) + 64), '\0');
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(raw.data()));
    stream.avail_in = static_cast<uInt>(raw.size());
    stream.next_out = reinterpret_cast<Bytef*>(out.data());
    stream.avail_out = static_cast<uInt>(out.size());
    const int result = deflate(&stream, Z_FINISH);
    out.resize(static_cast<int>(stream.total_out));
    deflateEnd(&stream);
    return result == Z_STREAM_END ? out : QByteArray();
}

/// The three test images (2 rows × 3 columns) and labels used by the IDX tests.
const int kIdxImages = 3;
const int kIdxRows = 2;
const int kIdxColumns = 3;
QByteArray idxPixels()
{
    // image n, pixel k (row-major) = 40·n + 7·k, and one saturated pixel.
    QByteArray pixels(kIdxImages * kIdxRows * kIdxColumns, '\0');
    for (int n = 0; n < kIdxImages; ++n)
        for (int k = 0; k < kIdxRows * kIdxColumns; ++k)
            pixels[n * 6 + k] = static_cast<char>(40 * n + 7 * k);
    pixels[17] = static_cast<char>(255);
    return pixels;
}
const uint8_t kIdxLabels[kIdxImages] = {3, 0, 9};

QByteArray cifarRecord(int record, uint8_t label)
{
    QByteArray bytes(3073, '\0');
    bytes[0] = static_cast<char>(label);
    // Planar: 1024 red bytes (row-major 32×32), then 1024 green, then 1024 blue.
    for (int c = 0; c < 3; ++c)
        for (int y = 0; y < 32; ++y)
            for (int x = 0; x < 32; ++x)
                bytes[1 + c * 1024 + y * 32 + x] = static_cast<char>((record * 31 + c * 77 + y * 3 + x * 5) & 0xff);
    return bytes;
}

torch::Tensor expectedCifarImage(int record)
{
    auto image = torch::empty({3, 32, 32}, torch::kUInt8);
    auto access = image.accessor<uint8_t, 3>();
    for (int c = 0; c < 3; ++c)
        for (int y = 0; y < 32; ++y)
            for (int x = 0; x < 32; ++x)
                access[c][y][x] = static_cast<uint8_t>((record * 31 + c * 77 + y * 3 + x * 5) & 0xff);
    return image;
}

#ifdef AMPWB_WITH_OPENCV
/// A small BGR image of one colour.
cv::Mat solid(int width, int height, cv::Scalar bgr)
{
    return cv::Mat(height, width, CV_8UC3, bgr);
}

bool writeImage(const QString& file, const cv::Mat& image)
{
    QDir().mkpath(QFileInfo(file).absolutePath());
    return cv::imwrite(file.toStdString(), image);
}
#endif

} // namespace

class DatasetsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    // IDX
    void idxReadsExactPixelsAndLabels_data();
    void idxReadsExactPixelsAndLabels();
    void idxDirectoryFindsBothSplits_data();
    void idxDirectoryFindsBothSplits();
    void idxErrorsNameTheFile_data();
    void idxErrorsNameTheFile();
    void fashionMnistPackage();

    // CIFAR-10
    void cifarReadsExactRecords_data();
    void cifarReadsExactRecords();
    void cifarRejectsPartialRecords_data();
    void cifarRejectsPartialRecords();
    void cifarRejectsLabelsBeyondTenClasses();
    void cifarFolderWithoutBatches();

    // ImageFolder and decoding
    void imageFolderClassesLabelsAndHeldOutFiles();
    void imageFolderTrainValidationLayout_data();
    void imageFolderTrainValidationLayout();
    void imageFolderFollowsLinksWithoutLooping();
    void imageFolderRejectsBadTrees_data();
    void imageFolderRejectsBadTrees();
    void decodeGivesRgbChannelsFirst_data();
    void decodeGivesRgbChannelsFirst();
    void decodeReplicatesGrayscale();
    void decodeDropsAlpha();
    void undecodableFilesThrowNamingTheFile_data();
    void undecodableFilesThrowNamingTheFile();
    void oversizedImagesAreRefusedBeforeDecoding_data();
    void oversizedImagesAreRefusedBeforeDecoding();
    void imageFileNames_data();
    void imageFileNames();

    // Synthetic and openDataSource
    void syntheticImagesDependOnlyOnIndexAndSeed();
    void syntheticSplits();
    void missingSourcesAreNamed_data();
    void missingSourcesAreNamed();
    void missingPackageMessageNamesThePackage();

private:
    QTemporaryDir scratch;
    int folderCounter = 0;
    QString freshFolder();
};

void DatasetsTest::initTestCase()
{
    torch::set_num_threads(1);
    QVERIFY(scratch.isValid());
}

QString DatasetsTest::freshFolder()
{
    const QString folder = scratch.filePath(QStringLiteral("case-%1").arg(++folderCounter));
    QDir().mkpath(folder);
    return folder;
}

// ---------------------------------------------------------------------------- IDX

void DatasetsTest::idxReadsExactPixelsAndLabels_data()
{
    QTest::addColumn<bool>("gzip");
    QTest::newRow("raw") << false;
    QTest::newRow("gzip") << true;
}

void DatasetsTest::idxReadsExactPixelsAndLabels()
{
    QFETCH(bool, gzip);
    const QString folder = freshFolder();
    const QByteArray images = idx({kIdxImages, kIdxRows, kIdxColumns}, idxPixels());
    const QByteArray labels = idx({kIdxImages}, QByteArray(reinterpret_cast<const char*>(kIdxLabels), kIdxImages));
    const QString imagesPath = folder + (gzip ? "/images.gz" : "/images");
    const QString labelsPath = folder + (gzip ? "/labels.gz" : "/labels");
    QVERIFY(ampwb::test::writeBytes(imagesPath, gzip ? gzipped(images) : images));
    QVERIFY(ampwb::test::writeBytes(labelsPath, gzip ? gzipped(labels) : labels));

    IdxDataset dataset(imagesPath.toStdString(), labelsPath.toStdString(), fashionMnistClassNames());
    QCOMPARE(dataset.size(), int64_t(kIdxImages));
    QCOMPARE(dataset.classCount(), int64_t(10));
    const QByteArray pixels = idxPixels();
    for (int n = 0; n < kIdxImages; ++n) {
        QCOMPARE(dataset.label(n), int64_t(kIdxLabels[n]));
        const torch::Tensor image = dataset.image(n);
        QCOMPARE(image.sizes().vec(), (std::vector<int64_t>{1, kIdxRows, kIdxColumns}));
        QCOMPARE(image.scalar_type(), torch::kUInt8);
        for (int y = 0; y < kIdxRows; ++y)
            for (int x = 0; x < kIdxColumns; ++x)
                QCOMPARE(image[0][y][x].item<int>(), int(static_cast<uint8_t>(pixels[n * 6 + y * kIdxColumns + x])));
    }
    QCOMPARE(dataset.image(2)[0][1][2].item<int>(), 255);
}

void DatasetsTest::idxDirectoryFindsBothSplits_data()
{
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<bool>("gzip");
    QTest::newRow("name.gz") << QStringLiteral(".gz") << true;
    QTest::newRow("name") << QString() << false;
    QTest::newRow("name.idx") << QStringLiteral(".idx") << false;
}

void DatasetsTest::idxDirectoryFindsBothSplits()
{
    QFETCH(QString, suffix);
    QFETCH(bool, gzip);
    const QString folder = freshFolder();
    const auto write = [&](const QString& stem, const QByteArray& content) {
        return ampwb::test::writeBytes(folder + "/" + stem + suffix, gzip ? gzipped(content) : content);
    };
    // 4 training images of 5×5 and 2 test images; labels 0..3 and 9, 8.
    QVERIFY(write(QStringLiteral("train-images-idx3-ubyte"), idx({4, 5, 5}, sequence(100, 1))));
    QVERIFY(write(QStringLiteral("train-labels-idx1-ubyte"), idx({4}, sequence(4))));
    QVERIFY(write(QStringLiteral("t10k-images-idx3-ubyte"), idx({2, 5, 5}, sequence(50, 200))));
    QVERIFY(write(QStringLiteral("t10k-labels-idx1-ubyte"), idx({2}, sequence(2, 9, -1))));

    const DataSplits splits = openIdxDirectory(folder.toStdString(), fashionMnistClassNames(), "Fashion-MNIST");
    QCOMPARE(splits.train->size(), int64_t(4));
    QCOMPARE(splits.validation->size(), int64_t(2));
    QCOMPARE(splits.nativeImageSize, int64_t(5));
    QCOMPARE(splits.train->label(3), int64_t(3));
    QCOMPARE(splits.validation->label(0), int64_t(9));
    QCOMPARE(splits.validation->label(1), int64_t(8));
    QCOMPARE(splits.train->image(1)[0][0][0].item<int>(), 26); // byte 25 of 1, 2, 3, …
    QCOMPARE(splits.validation->image(1)[0][4][4].item<int>(), (200 + 49) & 0xff);
    QVERIFY2(QString::fromStdString(splits.description).contains(folder), splits.description.c_str());

    // The same folder through openDataSource, as a user writes it.
    DataSourceOptions options;
    options.spec = "mnist:" + folder.toStdString();
    const DataSplits viaSource = openDataSource(options);
    QCOMPARE(viaSource.train->size(), int64_t(4));
    QCOMPARE(viaSource.train->classNames().front(), std::string("0"));
}

void DatasetsTest::idxErrorsNameTheFile_data()
{
    QTest::addColumn<QByteArray>("images");
    QTest::addColumn<QByteArray>("labels");
    QTest::addColumn<bool>("labelsExist");
    QTest::addColumn<QString>("culprit"); // which file the message must name: images, labels or both

    const QByteArray goodImages = idx({kIdxImages, kIdxRows, kIdxColumns}, idxPixels());
    const QByteArray goodLabels = idx({kIdxImages}, QByteArray(reinterpret_cast<const char*>(kIdxLabels), kIdxImages));
    QTest::newRow("images truncated (raw)") << goodImages.left(goodImages.size() - 5) << goodLabels << true << "images";
    QTest::newRow("images truncated (gzip)")
        << gzipped(goodImages.left(goodImages.size() - 5)) << goodLabels << true << "images";
    const QByteArray compressed = gzipped(goodImages);
    QTest::newRow("gzip stream cut short") << compressed.left(compressed.size() / 2) << goodLabels << true << "images";
    QTest::newRow("header cut short") << goodImages.left(10) << goodLabels << true << "images";
    QTest::newRow("empty images file") << QByteArray() << goodLabels << true << "images";
    QTest::newRow("wrong magic") << idx({kIdxImages, kIdxRows, kIdxColumns}, idxPixels(), 0x00000903u) << goodLabels
                                 << true << "images";
    QTest::newRow("labels file as images") << goodLabels << goodLabels << true << "images";
    QTest::newRow("images file as labels") << goodImages << goodImages << true << "labels";
    QTest::newRow("label 10 of 10 classes")
        << goodImages << idx({3}, QByteArray("\x01\x0a\x02", 3)) << true << "labels";
    QTest::newRow("label 255") << goodImages << gzipped(idx({3}, QByteArray("\x01\x02\xff", 3))) << true << "labels";
    QTest::newRow("labels missing") << goodImages << QByteArray() << false << "labels";
    QTest::newRow("2 labels for 3 images") << goodImages << idx({2}, QByteArray("\x01\x02", 2)) << true << "both";
}

void DatasetsTest::idxErrorsNameTheFile()
{
    QFETCH(QByteArray, images);
    QFETCH(QByteArray, labels);
    QFETCH(bool, labelsExist);
    QFETCH(QString, culprit);
    const QString folder = freshFolder();
    const QString imagesPath = folder + "/images-idx3-ubyte";
    const QString labelsPath = folder + "/labels-idx1-ubyte";
    QVERIFY(ampwb::test::writeBytes(imagesPath, images));
    if (labelsExist)
        QVERIFY(ampwb::test::writeBytes(labelsPath, labels));

    const Outcome outcome = outcomeOf(
        [&] { IdxDataset dataset(imagesPath.toStdString(), labelsPath.toStdString(), fashionMnistClassNames()); });
    QVERIFY2(outcome.threwDataError, qPrintable(outcome.message));
    if (culprit != QLatin1String("labels"))
        QVERIFY2(outcome.message.contains(imagesPath), qPrintable(outcome.message));
    if (culprit != QLatin1String("images"))
        QVERIFY2(outcome.message.contains(labelsPath), qPrintable(outcome.message));
}

void DatasetsTest::fashionMnistPackage()
{
    if (!QFileInfo::exists(QString::fromUtf8(kFashionMnistDirectory)))
        QSKIP("The Debian package dataset-fashion-mnist is not installed.");
    DataSourceOptions options;
    options.spec = "fashion-mnist";
    const DataSplits splits = openDataSource(options);
    QCOMPARE(splits.train->size(), int64_t(60000));
    QCOMPARE(splits.validation->size(), int64_t(10000));
    QCOMPARE(splits.nativeImageSize, int64_t(28));
    QVERIFY(QString::fromStdString(splits.description).contains(QLatin1String("Fashion-MNIST")));
    const std::vector<std::string> names{"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
                                         "Sandal",      "Shirt",   "Sneaker",  "Bag",   "Ankle boot"};
    QCOMPARE(splits.train->classNames(), names);

    // The dataset is balanced: 6,000 training and 1,000 test images per class.
    std::vector<int64_t> trainCounts(10, 0), testCounts(10, 0);
    for (int64_t i = 0; i < splits.train->size(); ++i)
        ++trainCounts.at(static_cast<size_t>(splits.train->label(i)));
    for (int64_t i = 0; i < splits.validation->size(); ++i)
        ++testCounts.at(static_cast<size_t>(splits.validation->label(i)));
    for (int c = 0; c < 10; ++c) {
        QVERIFY2(trainCounts[c] == 6000, qPrintable(QStringLiteral("class %1: %2").arg(c).arg(trainCounts[c])));
        QVERIFY2(testCounts[c] == 1000, qPrintable(QStringLiteral("class %1: %2").arg(c).arg(testCounts[c])));
    }
    for (int64_t index : {int64_t(0), int64_t(59999)}) {
        const torch::Tensor image = splits.train->image(index);
        QCOMPARE(image.sizes().vec(), (std::vector<int64_t>{1, 28, 28}));
        QCOMPARE(image.scalar_type(), torch::kUInt8);
        // Fashion-MNIST images are dark-background garments: a black border, bright pixels inside.
        QCOMPARE(image[0][0][0].item<int>(), 0);
        QVERIFY(image.max().item<int>() > 100);
    }
}

// ---------------------------------------------------------------------------- CIFAR-10

void DatasetsTest::cifarReadsExactRecords_data()
{
    QTest::addColumn<bool>("inSubfolder");
    QTest::newRow("folder") << false;
    QTest::newRow("cifar-10-batches-bin subfolder") << true;
}

void DatasetsTest::cifarReadsExactRecords()
{
    QFETCH(bool, inSubfolder);
    const QString root = freshFolder();
    const QString folder = inSubfolder ? root + "/cifar-10-batches-bin" : root;
    QDir().mkpath(folder);
    // data_batch_1: records 0-2, data_batch_2: records 3-4, test_batch: record 5.
    const uint8_t labels[6] = {6, 9, 0, 1, 9, 4};
    QByteArray batch1, batch2, test;
    for (int r = 0; r < 3; ++r)
        batch1 += cifarRecord(r, labels[r]);
    for (int r = 3; r < 5; ++r)
        batch2 += cifarRecord(r, labels[r]);
    test = cifarRecord(5, labels[5]);
    QVERIFY(ampwb::test::writeBytes(folder + "/data_batch_1.bin", batch1));
    QVERIFY(ampwb::test::writeBytes(folder + "/data_batch_2.bin", batch2));
    QVERIFY(ampwb::test::writeBytes(folder + "/test_batch.bin", test));
    QVERIFY(ampwb::test::writeBytes(folder + "/batches.meta.txt",
                                    "plane\ncar\nbird\ncat\ndeer\ndog\nfrog\nhorse\nship\ntruck\n\n"));

    const DataSplits splits = openCifar10Directory(root.toStdString());
    QCOMPARE(splits.train->size(), int64_t(5));
    QCOMPARE(splits.validation->size(), int64_t(1));
    QCOMPARE(splits.nativeImageSize, int64_t(32));
    QCOMPARE(splits.train->classNames().front(), std::string("plane"));
    QCOMPARE(splits.train->classNames().back(), std::string("truck"));
    for (int r = 0; r < 5; ++r) {
        QCOMPARE(splits.train->label(r), int64_t(labels[r]));
        const torch::Tensor image = splits.train->image(r);
        QCOMPARE(image.sizes().vec(), (std::vector<int64_t>{3, 32, 32}));
        QVERIFY2(torch::equal(image, expectedCifarImage(r)), qPrintable(QStringLiteral("record %1").arg(r)));
    }
    QCOMPARE(splits.validation->label(0), int64_t(4));
    QVERIFY(torch::equal(splits.validation->image(0), expectedCifarImage(5)));

    DataSourceOptions options;
    options.spec = "cifar10:" + root.toStdString();
    QCOMPARE(openDataSource(options).train->size(), int64_t(5));
}

void DatasetsTest::cifarRejectsPartialRecords_data()
{
    QTest::addColumn<int>("bytes");
    QTest::newRow("two records and a byte") << 2 * 3073 + 1;
    QTest::newRow("one record less a byte") << 3072;
    QTest::newRow("empty") << 0;
}

void DatasetsTest::cifarRejectsPartialRecords()
{
    QFETCH(int, bytes);
    const QString file = freshFolder() + "/data_batch_1.bin";
    QByteArray content = cifarRecord(0, 1) + cifarRecord(1, 2) + cifarRecord(2, 3);
    QVERIFY(ampwb::test::writeBytes(file, content.left(bytes)));
    const Outcome outcome = outcomeOf([&] { Cifar10Dataset dataset({file.toStdString()}, {"a", "b", "c", "d"}); });
    QVERIFY2(outcome.threwDataError, qPrintable(outcome.message));
    QVERIFY2(outcome.message.contains(file), qPrintable(outcome.message));
}

void DatasetsTest::cifarRejectsLabelsBeyondTenClasses()
{
    const QString file = freshFolder() + "/data_batch_1.bin";
    QVERIFY(ampwb::test::writeBytes(file, cifarRecord(0, 3) + cifarRecord(1, 10)));
    std::vector<std::string> names;
    for (int c = 0; c < 10; ++c)
        names.push_back(std::to_string(c));
    const Outcome outcome = outcomeOf([&] { Cifar10Dataset dataset({file.toStdString()}, names); });
    QVERIFY2(outcome.threwDataError, qPrintable(outcome.message));
    QVERIFY2(outcome.message.contains(QLatin1String("10")), qPrintable(outcome.message));
}

void DatasetsTest::cifarFolderWithoutBatches()
{
    const QString folder = freshFolder();
    QVERIFY(ampwb::test::writeBytes(folder + "/test_batch.bin", cifarRecord(0, 1)));
    const Outcome outcome = outcomeOf([&] { openCifar10Directory(folder.toStdString()); });
    QVERIFY2(outcome.threwDataError, qPrintable(outcome.message));
    QVERIFY2(outcome.message.contains(folder) && outcome.message.contains(QLatin1String("data_batch_1.bin")),
             qPrintable(outcome.message));
}

// ---------------------------------------------------------------------------- ImageFolder

void DatasetsTest::imageFolderClassesLabelsAndHeldOutFiles()
{
#ifndef AMPWB_WITH_OPENCV
    QSKIP("This engine build has no OpenCV (no ImageFolder support).");
#else
    const QString root = freshFolder();
    // Created out of order; sorted by name (bytewise, as Python's sorted()): "Mouse" < "ant" < "zebra".
    const std::vector<std::pair<QString, int>> classes{{"zebra", 5}, {"ant", 12}, {"Mouse", 25}};
    const QStringList formats{"png", "jpg", "bmp", "webp"};
    for (const auto& [name, count] : classes) {
        for (int i = 0; i < count; ++i) {
            const QString file = QStringLiteral("%1/%2/img%3.%4")
                                     .arg(root, name)
                                     .arg(i, 2, 10, QLatin1Char('0'))
                                     .arg(formats[i % formats.size()]);
            QVERIFY2(writeImage(file, solid(6, 4, cv::Scalar(10 * i, 100, 200))), qPrintable(file));
        }
        QVERIFY(ampwb::test::writeBytes(root + "/" + name + "/notes.txt", "not an image"));
    }
    QVERIFY(writeImage(root + "/.thumbnails/img.png", solid(6, 4, cv::Scalar(0, 0, 0)))); // hidden: not a class
    QVERIFY(writeImage(root + "/stray.png", solid(6, 4, cv::Scalar(0, 0, 0))));           // not in a class folder

    const ImageFolderDataset all = ImageFolderDataset::scan(root.toStdString());
    QCOMPARE(all.classNames(), (std::vector<std::string>{"Mouse", "ant", "zebra"}));
    QCOMPARE(all.size(), int64_t(42));

    const DataSplits splits = openImageFolder(root.toStdString());
    QCOMPARE(splits.train->classNames(), all.classNames());
    QCOMPARE(splits.validation->classNames(), all.classNames());
    QCOMPARE(splits.nativeImageSize, int64_t(0));
    // Every tenth file of each class (in name order) is held out: the 10th and 20th of
    // Mouse's 25, the 10th of ant's 12, none of zebra's 5.
    const auto& train = static_cast<const ImageFolderDataset&>(*splits.train).entries();
    const auto& validation = static_cast<const ImageFolderDataset&>(*splits.validation).entries();
    QStringList held;
    for (const auto& entry : validation)
        held << QStringLiteral("%1:%2").arg(entry.label).arg(QFileInfo(QString::fromStdString(entry.path)).fileName());
    QCOMPARE(held, (QStringList{"0:img09.jpg", "0:img19.webp", "1:img09.jpg"}));
    QCOMPARE(train.size(), size_t(39));
    std::vector<int> trainPerClass(3, 0);
    for (const auto& entry : train) {
        const QString file = QString::fromStdString(entry.path);
        ++trainPerClass.at(static_cast<size_t>(entry.label));
        QVERIFY2(file.startsWith(root + "/" + QString::fromStdString(all.classNames()[static_cast<size_t>(entry.label)])
                                 + "/"),
                 qPrintable(file));
    }
    QCOMPARE(trainPerClass, (std::vector<int>{23, 11, 5}));
    // Training files stay in name order within their class.
    QCOMPARE(QFileInfo(QString::fromStdString(train.front().path)).fileName(), QStringLiteral("img00.png"));
    // Mouse/img04.png (lossless), written as BGR (40, 100, 200): RGB (200, 100, 40).
    const torch::Tensor image = splits.train->image(4);
    QCOMPARE(image.sizes().vec(), (std::vector<int64_t>{3, 4, 6}));
    QCOMPARE(image.scalar_type(), torch::kUInt8);
    QCOMPARE(image[0][0][0].item<int>(), 200);
    QCOMPARE(image[1][3][5].item<int>(), 100);
    QCOMPARE(image[2][0][0].item<int>(), 40);
#endif
}

void DatasetsTest::imageFolderFollowsLinksWithoutLooping()
{
#ifndef AMPWB_WITH_OPENCV
    QSKIP("This engine build has no OpenCV (no ImageFolder support).");
#else
    const QString root = freshFolder();
    const QString elsewhere = freshFolder();
    for (const QString& file : {root + "/cat/a.png", root + "/cat/b.png", root + "/dog/c.png", elsewhere + "/d.png"})
        QVERIFY2(writeImage(file, solid(6, 4, cv::Scalar(0, 100, 200))), qPrintable(file));
    const auto link = [](const QString& target, const QString& path) {
        return ::symlink(target.toLocal8Bit().constData(), path.toLocal8Bit().constData()) == 0;
    };
    QVERIFY(link("self.png", root + "/cat/self.png")); // a link to itself: unreadable, listed
    QVERIFY(link("..", root + "/cat/up"));             // the image folder: not entered
    QVERIFY(link(".", root + "/cat/here"));            // its own folder: entered once
    QVERIFY(link("../dog", root + "/cat/dogs"));       // another class: its images keep their label
    QVERIFY(link(elsewhere, root + "/dog/more"));      // a folder elsewhere: followed, once
    QVERIFY(link(root + "/dog", elsewhere + "/back")); // and back again
    QVERIFY(link("loop", root + "/loop"));             // a link to itself beside the classes

    std::vector<std::string> unusable;
    const ImageFolderDataset scanned = ImageFolderDataset::scan(root.toStdString(), &unusable);
    QCOMPARE(scanned.classNames(), (std::vector<std::string>{"cat", "dog"}));
    QStringList found;
    for (const auto& entry : scanned.entries())
        found << QStringLiteral("%1:%2")
                     .arg(entry.label)
                     .arg(QString::fromStdString(entry.path).mid(entry.path.rfind('/') + 1));
    QCOMPARE(found, (QStringList{"0:a.png", "0:b.png", "1:c.png", "1:d.png"}));
    QCOMPARE(unusable.size(), size_t(1));
    QVERIFY2(QString::fromStdString(unusable.front()).startsWith(root + "/cat/self.png: cannot be read ("),
             unusable.front().c_str());
#endif
}

void DatasetsTest::imageFolderTrainValidationLayout_data()
{
    QTest::addColumn<QString>("validationName");
    QTest::newRow("train + val") << QStringLiteral("val");
    QTest::newRow("train + test") << QStringLiteral("test");
    QTest::newRow("train + validation") << QStringLiteral("validation");
}

void DatasetsTest::imageFolderTrainValidationLayout()
{
#ifndef AMPWB_WITH_OPENCV
    QSKIP("This engine build has no OpenCV (no ImageFolder support).");
#else
    QFETCH(QString, validationName);
    const QString root = freshFolder();
    for (const QString& name : {QStringLiteral("dogs"), QStringLiteral("cats")}) {
        for (int i = 0; i < 12; ++i)
            QVERIFY(writeImage(QStringLiteral("%1/train/%2/%3.png").arg(root, name).arg(i),
                               solid(3, 3, cv::Scalar(i, 0, 0))));
        for (int i = 0; i < 2; ++i)
            QVERIFY(writeImage(QStringLiteral("%1/%2/%3/%4.png").arg(root, validationName, name).arg(i),
                               solid(3, 3, cv::Scalar(0, i, 0))));
    }
    const DataSplits splits = openImageFolder(root.toStdString());
    // With explicit splits nothing is held out of train/.
    QCOMPARE(splits.train->size(), int64_t(24));
    QCOMPARE(splits.validation->size(), int64_t(4));
    QCOMPARE(splits.train->classNames(), (std::vector<std::string>{"cats", "dogs"}));
    for (const auto& entry : static_cast<const ImageFolderDataset&>(*splits.train).entries())
        QVERIFY2(QString::fromStdString(entry.path).startsWith(root + "/train/"), entry.path.c_str());
    for (const auto& entry : static_cast<const ImageFolderDataset&>(*splits.validation).entries())
        QVERIFY2(QString::fromStdString(entry.path).startsWith(root + "/" + validationName + "/"), entry.path.c_str());
    QCOMPARE(splits.validation->label(0), int64_t(0));
    QCOMPARE(splits.validation->label(3), int64_t(1));
    QVERIFY(QString::fromStdString(static_cast<const ImageFolderDataset&>(*splits.validation).entries()[3].path)
                .contains(QLatin1String("/dogs/")));
#endif
}

void DatasetsTest::imageFolderRejectsBadTrees_data()
{
    QTest::addColumn<QStringList>("files");
    QTest::newRow("one class") << QStringList{"only/a.png", "only/b.png"};
    QTest::newRow("no images") << QStringList{"a/readme.txt", "b/readme.txt"};
    QTest::newRow("a class of unusable files") << QStringList{"a/1.png", "b/empty.jpg"};
    QTest::newRow("validation classes differ")
        << QStringList{"train/a/1.png", "train/b/1.png", "val/a/1.png", "val/c/1.png"};
}

void DatasetsTest::imageFolderRejectsBadTrees()
{
#ifndef AMPWB_WITH_OPENCV
    QSKIP("This engine build has no OpenCV (no ImageFolder support).");
#else
    QFETCH(QStringList, files);
    const QString root = freshFolder();
    for (const QString& file : files) {
        if (file.endsWith(QLatin1String(".png"))) {
            QVERIFY(writeImage(root + "/" + file, solid(2, 2, cv::Scalar(1, 2, 3))));
        } else {
            QDir().mkpath(QFileInfo(root + "/" + file).absolutePath());
            QVERIFY(ampwb::test::writeBytes(root + "/" + file, file.endsWith(QLatin1String(".jpg")) ? "" : "text"));
        }
    }
    const Outcome outcome = outcomeOf([&] { openImageFolder(root.toStdString()); });
    QVERIFY2(outcome.threwDataError, qPrintable(outcome.message));
    QVERIFY2(outcome.message.contains(root), qPrintable(outcome.message));
#endif
}

void DatasetsTest::decodeGivesRgbChannelsFirst_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<bool>("lossless");
    QTest::newRow("png") << QStringLiteral("png") << true;
    QTest::newRow("bmp") << QStringLiteral("bmp") << true;
    QTest::newRow("webp") << QStringLiteral("webp") << true; // OpenCV writes lossless WebP by default
    QTest::newRow("jpg") << QStringLiteral("jpg") << false;
}

void DatasetsTest::decodeGivesRgbChannelsFirst()
{
#ifndef AMPWB_WITH_OPENCV
    QSKIP("This engine build has no OpenCV.");
#else
    QFETCH(QString, format);
    QFETCH(bool, lossless);
    const QString folder = freshFolder();

    // A pure red image, 7 wide and 5 high: OpenCV writes BGR, so red is (0, 0, 255).
    const QString redFile = folder + "/red." + format;
    QVERIFY(writeImage(redFile, solid(7, 5, cv::Scalar(0, 0, 255))));
    const torch::Tensor red = decodeImageFile(redFile.toStdString());
    QCOMPARE(red.sizes().vec(), (std::vector<int64_t>{3, 5, 7}));
    QCOMPARE(red.scalar_type(), torch::kUInt8);
    const int tolerance = lossless ? 0 : 3;
    QVERIFY2(red[0].min().item<int>() >= 255 - tolerance, qPrintable(QString::number(red[0].min().item<int>())));
    QVERIFY2(red[1].max().item<int>() <= tolerance, qPrintable(QString::number(red[1].max().item<int>())));
    QVERIFY2(red[2].max().item<int>() <= tolerance, qPrintable(QString::number(red[2].max().item<int>())));

    if (!lossless)
        return;
    // Every pixel distinct in position: R = 255 on the left 4 columns, B = 255 on the right 3,
    // G = 40 · row. Checks height/width order and the channel order pixel by pixel.
    cv::Mat pattern(5, 7, CV_8UC3);
    auto expected = torch::empty({3, 5, 7}, torch::kUInt8);
    for (int y = 0; y < 5; ++y) {
        for (int x = 0; x < 7; ++x) {
            const uint8_t r = x < 4 ? 255 : 0, g = static_cast<uint8_t>(40 * y), b = x < 4 ? 0 : 255;
            pattern.at<cv::Vec3b>(y, x) = cv::Vec3b(b, g, r);
            expected[0][y][x] = r;
            expected[1][y][x] = g;
            expected[2][y][x] = b;
        }
    }
    const QString patternFile = folder + "/pattern." + format;
    QVERIFY(writeImage(patternFile, pattern));
    const torch::Tensor decoded = decodeImageFile(patternFile.toStdString());
    QVERIFY2(torch::equal(decoded, expected), qPrintable(ampwb::test::describe(decoded)));
    QVERIFY(decoded.is_contiguous());
#endif
}

void DatasetsTest::decodeReplicatesGrayscale()
{
#ifndef AMPWB_WITH_OPENCV
    QSKIP("This engine build has no OpenCV.");
#else
    cv::Mat gray(6, 9, CV_8UC1);
    for (int y = 0; y < 6; ++y)
        for (int x = 0; x < 9; ++x)
            gray.at<uint8_t>(y, x) = static_cast<uint8_t>(y * 40 + x * 3);
    const QString file = freshFolder() + "/gray.png";
    QVERIFY(writeImage(file, gray));
    const torch::Tensor decoded = decodeImageFile(file.toStdString());
    QCOMPARE(decoded.sizes().vec(), (std::vector<int64_t>{3, 6, 9}));
    for (int c = 0; c < 3; ++c)
        for (int y = 0; y < 6; ++y)
            for (int x = 0; x < 9; ++x)
                QCOMPARE(decoded[c][y][x].item<int>(), y * 40 + x * 3);
#endif
}

void DatasetsTest::decodeDropsAlpha()
{
#ifndef AMPWB_WITH_OPENCV
    QSKIP("This engine build has no OpenCV.");
#else
    cv::Mat bgra(3, 4, CV_8UC4, cv::Scalar(30, 60, 240, 20)); // B, G, R, A
    const QString file = freshFolder() + "/alpha.png";
    QVERIFY(writeImage(file, bgra));
    const torch::Tensor decoded = decodeImageFile(file.toStdString());
    QCOMPARE(decoded.sizes().vec(), (std::vector<int64_t>{3, 3, 4}));
    QCOMPARE(decoded[0][1][1].item<int>(), 240);
    QCOMPARE(decoded[1][1][1].item<int>(), 60);
    QCOMPARE(decoded[2][1][1].item<int>(), 30);
#endif
}

void DatasetsTest::undecodableFilesThrowNamingTheFile_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<bool>("exists");
    QTest::addColumn<bool>("leftOutByScan"); // recognisably unusable from its size or signature
    QTest::newRow("zero-byte jpg") << QStringLiteral("empty.jpg") << QByteArray() << true << true;
    QTest::newRow("text named png") << QStringLiteral("notes.png") << QByteArray("just some text\n") << true << true;
    QTest::newRow("png signature only") << QStringLiteral("cut.png") << QByteArray("\x89PNG\r\n\x1a\n", 8) << true
                                        << false;
    QTest::newRow("missing file") << QStringLiteral("missing.jpg") << QByteArray() << false << false;
}

void DatasetsTest::undecodableFilesThrowNamingTheFile()
{
#ifndef AMPWB_WITH_OPENCV
    QSKIP("This engine build has no OpenCV.");
#else
    QFETCH(QString, fileName);
    QFETCH(QByteArray, content);
    QFETCH(bool, exists);
    QFETCH(bool, leftOutByScan);
    const QString root = freshFolder();
    const QString file = root + "/broken/" + fileName;
    QDir().mkpath(root + "/broken");
    if (exists)
        QVERIFY(ampwb::test::writeBytes(file, content));
    const Outcome direct = outcomeOf([&] { decodeImageFile(file.toStdString()); });
    QVERIFY2(direct.threwDataError, qPrintable(direct.message));
    QVERIFY2(direct.message.contains(file), qPrintable(direct.message));
    if (!exists)
        return;

    // Inside an ImageFolder: beside a good image of its class, plus another class.
    QVERIFY(writeImage(root + "/broken/ok.png", solid(2, 2, cv::Scalar(1, 2, 3))));
    QVERIFY(writeImage(root + "/good/ok.png", solid(2, 2, cv::Scalar(1, 2, 3))));
    const DataSplits splits = openImageFolder(root.toStdString());
    const auto& entries = static_cast<const ImageFolderDataset&>(*splits.train).entries();
    const auto listed = std::find_if(entries.begin(), entries.end(), [&](const ImageFolderDataset::Entry& entry) {
        return entry.path == file.toStdString();
    });
    if (leftOutByScan) {
        // Left out when the folder is opened, and reported as "path: reason".
        QCOMPARE(splits.train->size(), int64_t(2));
        QVERIFY(listed == entries.end());
        QCOMPARE(splits.unusableFiles.size(), size_t(1));
        QVERIFY2(QString::fromStdString(splits.unusableFiles.front()).startsWith(file + ": "),
                 splits.unusableFiles.front().c_str());
    } else {
        // Only decoding can tell: the dataset lists it and image() throws naming it.
        QCOMPARE(splits.train->size(), int64_t(3));
        QVERIFY(listed != entries.end());
        QVERIFY(splits.unusableFiles.empty());
        const Outcome viaDataset = outcomeOf([&] { splits.train->image(listed - entries.begin()); });
        QVERIFY2(viaDataset.threwDataError && viaDataset.message.contains(file), qPrintable(viaDataset.message));
    }
#endif
}

void DatasetsTest::oversizedImagesAreRefusedBeforeDecoding_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("png") << QStringLiteral("png");
    QTest::newRow("bmp") << QStringLiteral("bmp");
    QTest::newRow("jpg") << QStringLiteral("jpg");
    QTest::newRow("webp") << QStringLiteral("webp");
}

void DatasetsTest::oversizedImagesAreRefusedBeforeDecoding()
{
#ifndef AMPWB_WITH_OPENCV
    QSKIP("This engine build has no OpenCV.");
#else
    QFETCH(QString, format);
    // A real 16×16 image whose header is then edited to declare 16,000 × 16,000 pixels
    // (256 megapixels, 768 MB decoded): it must be refused from the header alone.
    const QString file = freshFolder() + "/huge." + format;
    QVERIFY(writeImage(file, solid(16, 16, cv::Scalar(10, 20, 30))));
    QByteArray bytes = ampwb::test::readBytes(file);
    const auto put = [&](int offset, uint32_t value, int size, bool big) {
        for (int i = 0; i < size; ++i)
            bytes[offset + i] = static_cast<char>((value >> (8 * (big ? size - 1 - i : i))) & 0xff);
    };
    if (format == QLatin1String("png")) {
        put(16, 16000, 4, true); // IHDR width
        put(20, 16000, 4, true); // IHDR height
    } else if (format == QLatin1String("bmp")) {
        put(18, 16000, 4, false);
        put(22, 16000, 4, false);
    } else if (format == QLatin1String("jpg")) {
        const int frame = bytes.indexOf(QByteArray("\xff\xc0", 2)); // baseline start of frame
        QVERIFY(frame > 0);
        put(frame + 5, 16000, 2, true); // height
        put(frame + 7, 16000, 2, true); // width
    } else {
        QVERIFY2(bytes.mid(12, 4) == "VP8L", bytes.mid(12, 4).constData()); // OpenCV writes lossless WebP
        const uint32_t bits = static_cast<uint8_t>(bytes[21]) | static_cast<uint8_t>(bytes[22]) << 8
                            | static_cast<uint8_t>(bytes[23]) << 16 | uint32_t(static_cast<uint8_t>(bytes[24])) << 24;
        put(21, (bits & 0xF0000000u) | 15999u | (15999u << 14), 4, false);
    }
    QVERIFY(ampwb::test::writeBytes(file, bytes));
    const Outcome outcome = outcomeOf([&] { decodeImageFile(file.toStdString()); });
    QVERIFY2(outcome.threwDataError, qPrintable(outcome.message));
    QVERIFY2(outcome.message.contains(file) && outcome.message.contains(QLatin1String("16000")),
             qPrintable(outcome.message));
#endif
}

void DatasetsTest::imageFileNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("a.jpg") << "a.jpg" << true;
    QTest::newRow("A.JPG") << "A.JPG" << true;
    QTest::newRow("b.jpeg") << "dir/b.jpeg" << true;
    QTest::newRow("c.PNG") << "c.PNG" << true;
    QTest::newRow("d.bmp") << "d.bmp" << true;
    QTest::newRow("e.webp") << "e.webp" << true;
    QTest::newRow("f.gif") << "f.gif" << false;
    QTest::newRow("g.png.txt") << "g.png.txt" << false;
    QTest::newRow("png") << "png" << false;
    QTest::newRow("jpg.d/h") << "jpg.d/h" << false;
}

void DatasetsTest::imageFileNames()
{
#ifndef AMPWB_WITH_OPENCV
    QSKIP("This engine build has no OpenCV.");
#else
    QFETCH(QString, name);
    QFETCH(bool, accepted);
    QCOMPARE(isImageFileName(name.toStdString()), accepted);
#endif
}

// ---------------------------------------------------------------------------- synthetic, openDataSource

void DatasetsTest::syntheticImagesDependOnlyOnIndexAndSeed()
{
    const SyntheticDataset first(1000, 16, 10, 42);
    const SyntheticDataset second(1000, 16, 10, 42);
    const SyntheticDataset otherSeed(1000, 16, 10, 43);
    QCOMPARE(first.size(), int64_t(1000));
    QCOMPARE(first.classCount(), int64_t(10));
    std::vector<int64_t> counts(10, 0);
    for (int64_t i = 0; i < first.size(); ++i) {
        const int64_t label = first.label(i);
        QVERIFY(label >= 0 && label < 10);
        QCOMPARE(second.label(i), label);
        ++counts[static_cast<size_t>(label)];
    }
    // Random labels over ten classes: each of 1,000 draws lands in a class with p = 0.1
    // (binomial sd ≈ 9.5), so every class has between 50 and 150.
    for (int c = 0; c < 10; ++c)
        QVERIFY2(counts[c] > 50 && counts[c] < 150, qPrintable(QStringLiteral("class %1: %2").arg(c).arg(counts[c])));

    for (int64_t i : {int64_t(0), int64_t(1), int64_t(999)}) {
        const torch::Tensor image = first.image(i);
        QCOMPARE(image.sizes().vec(), (std::vector<int64_t>{3, 16, 16}));
        QCOMPARE(image.scalar_type(), torch::kUInt8);
        QVERIFY(torch::equal(image, first.image(i)));
        QVERIFY(torch::equal(image, second.image(i)));
        QVERIFY(!torch::equal(image, otherSeed.image(i)));
        QVERIFY(!torch::equal(image, first.image((i + 1) % 1000)));
        // Random bytes: far from constant.
        QVERIFY(image.to(torch::kFloat).std().item<float>() > 40.0f);
    }
    // Images are made on demand, so concurrent calls must agree too.
    std::vector<torch::Tensor> fromThreads(4);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] { fromThreads[t] = first.image(500); });
    for (auto& thread : threads)
        thread.join();
    for (const auto& image : fromThreads)
        QVERIFY(torch::equal(image, first.image(500)));
}

void DatasetsTest::syntheticSplits()
{
    DataSourceOptions options;
    options.spec = "synthetic";
    options.imageSize = 24;
    options.syntheticTrainSize = 100;
    options.syntheticValidationSize = 20;
    options.seed = 5;
    const DataSplits splits = openDataSource(options);
    QCOMPARE(splits.train->size(), int64_t(100));
    QCOMPARE(splits.validation->size(), int64_t(20));
    QCOMPARE(splits.nativeImageSize, int64_t(24));
    QCOMPARE(splits.train->image(0).sizes().vec(), (std::vector<int64_t>{3, 24, 24}));
    // The validation half is not a copy of the training half.
    QVERIFY(!torch::equal(splits.train->image(0), splits.validation->image(0)));
    // The same seed gives the same data.
    QVERIFY(torch::equal(openDataSource(options).train->image(7), splits.train->image(7)));
}

void DatasetsTest::missingSourcesAreNamed_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("named");
    // clang-format off
    QTest::newRow("fashion-mnist:/nonexistent") << "fashion-mnist:/nonexistent/fashion" << "/nonexistent/fashion";
    QTest::newRow("mnist:/nonexistent") << "mnist:/nonexistent/mnist" << "/nonexistent/mnist";
    QTest::newRow("cifar10:/nonexistent") << "cifar10:/nonexistent/cifar" << "/nonexistent/cifar";
    QTest::newRow("image folder /nonexistent") << "/nonexistent/photos" << "/nonexistent/photos";
    QTest::newRow("empty") << "" << "";
    // clang-format on
}

void DatasetsTest::missingSourcesAreNamed()
{
    QFETCH(QString, spec);
    QFETCH(QString, named);
    DataSourceOptions options;
    options.spec = spec.toStdString();
    const Outcome outcome = outcomeOf([&] { openDataSource(options); });
    QVERIFY2(outcome.threwDataError, qPrintable(outcome.message));
    QVERIFY2(!outcome.message.isEmpty() && outcome.message.contains(named), qPrintable(outcome.message));
}

void DatasetsTest::missingPackageMessageNamesThePackage()
{
    // The package hint appears only for the default folder; it can be observed only where
    // the package is not installed.
    if (QFileInfo::exists(QString::fromUtf8(kFashionMnistDirectory)))
        QSKIP("dataset-fashion-mnist is installed, so its missing-package message cannot be observed.");
    DataSourceOptions options;
    options.spec = "fashion-mnist";
    const Outcome outcome = outcomeOf([&] { openDataSource(options); });
    QVERIFY2(outcome.threwDataError, qPrintable(outcome.message));
    QVERIFY2(outcome.message.contains(QLatin1String("dataset-fashion-mnist")), qPrintable(outcome.message));
    QVERIFY2(outcome.message.contains(QLatin1String(kFashionMnistDirectory)), qPrintable(outcome.message));
}

QTEST_GUILESS_MAIN(DatasetsTest)
#include "DatasetsTest.moc"
