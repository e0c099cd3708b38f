#include "train/DatasetPicker.h"

#include "data/IdxDataset.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QToolButton>
#include <QVBoxLayout>

namespace {

const std::string kCifarPrefix = "cifar10:";

} // namespace

DatasetPicker::DatasetPicker(QWidget* parent)
    : QWidget(parent)
    , kindBox(new QComboBox(this))
    , folderEdit(new QLineEdit(this))
    , browseButton(new QToolButton(this))
{
    kindBox->setObjectName(QStringLiteral("datasetKind"));
    kindBox->addItem(tr("Fashion-MNIST (installed)"), FashionMnist);
    kindBox->addItem(tr("Synthetic images"), Synthetic);
    kindBox->addItem(tr("Image folder…"), ImageFolder);
    kindBox->addItem(tr("CIFAR-10 folder…"), Cifar10);
    kindBox->setItemData(0, tr("Debian's dataset-fashion-mnist package: 60,000 training and 10,000 test images, 28 px"),
                         Qt::ToolTipRole);
    kindBox->setItemData(1, tr("Random images of learnable patterns, generated on the fly; needs no files"),
                         Qt::ToolTipRole);
    kindBox->setItemData(2, tr("A folder with one subfolder of images per class (optionally inside train/ and val/)"),
                         Qt::ToolTipRole);
    kindBox->setItemData(3, tr("The folder of CIFAR-10's binary version (data_batch_1.bin … test_batch.bin)"),
                         Qt::ToolTipRole);
    folderEdit->setObjectName(QStringLiteral("datasetFolder"));
    folderEdit->setPlaceholderText(tr("Folder"));
    browseButton->setText(QStringLiteral("…"));
    browseButton->setToolTip(tr("Choose the folder"));

    auto* folderRow = new QHBoxLayout;
    folderRow->setContentsMargins(0, 0, 0, 0);
    folderRow->addWidget(folderEdit, 1);
    folderRow->addWidget(browseButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(kindBox);
    layout->addLayout(folderRow);

    connect(kindBox, &QComboBox::currentIndexChanged, this, [this] {
        updateFolderRow();
        Q_EMIT changed();
    });
    connect(folderEdit, &QLineEdit::textChanged, this, &DatasetPicker::changed);
    connect(browseButton, &QToolButton::clicked, this, &DatasetPicker::browse);
    updateFolderRow();
}

DatasetPicker::Kind DatasetPicker::kind() const
{
    return static_cast<Kind>(kindBox->currentData().toInt());
}

std::string DatasetPicker::spec() const
{
    const std::string folder = QDir::cleanPath(folderEdit->text().trimmed()).toStdString();
    switch (kind()) {
    case FashionMnist: return "fashion-mnist";
    case Synthetic: return "synthetic";
    case Cifar10: return kCifarPrefix + folder;
    case ImageFolder: break;
    }
    return folderEdit->text().trimmed().isEmpty() ? std::string() : folder;
}

void DatasetPicker::setSpec(const std::string& spec)
{
    const QSignalBlocker blocker(kindBox);
    if (spec == "fashion-mnist") {
        kindBox->setCurrentIndex(kindBox->findData(FashionMnist));
    } else if (spec == "synthetic") {
        kindBox->setCurrentIndex(kindBox->findData(Synthetic));
    } else if (spec.rfind(kCifarPrefix, 0) == 0) {
        kindBox->setCurrentIndex(kindBox->findData(Cifar10));
        folderEdit->setText(QString::fromStdString(spec.substr(kCifarPrefix.size())));
    } else {
        kindBox->setCurrentIndex(kindBox->findData(ImageFolder));
        folderEdit->setText(QString::fromStdString(spec));
    }
    updateFolderRow();
    Q_EMIT changed();
}

bool DatasetPicker::isSynthetic() const
{
    return kind() == Synthetic;
}

QString DatasetPicker::problem() const
{
    switch (kind()) {
    case FashionMnist:
        if (!QFileInfo(QString::fromLatin1(ampwb::kFashionMnistDirectory)).isDir())
            return tr("Fashion-MNIST is not installed: install the Debian package dataset-fashion-mnist "
                      "(sudo apt install dataset-fashion-mnist), or choose another dataset.");
        return {};
    case Synthetic: return {};
    case ImageFolder:
    case Cifar10: break;
    }
    const QString folder = folderEdit->text().trimmed();
    if (folder.isEmpty())
        return tr("Choose the dataset's folder.");
    if (!QFileInfo(folder).isDir())
        return tr("The folder %1 does not exist.").arg(QDir::toNativeSeparators(folder));
    // One listing of the folder itself, cheap enough for every change; the images are checked at start.
    if (kind() == ImageFolder && QDir(folder).entryList(QDir::Dirs | QDir::NoDotAndDotDot).isEmpty())
        return tr("The folder %1 has no class folders: put each class's images in a subfolder named after the "
                  "class.")
            .arg(QDir::toNativeSeparators(folder));
    return {};
}

void DatasetPicker::browse()
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, kind() == Cifar10 ? tr("CIFAR-10 folder") : tr("Image folder"), folderEdit->text());
    if (!folder.isEmpty())
        folderEdit->setText(folder);
}

void DatasetPicker::updateFolderRow()
{
    const bool needsFolder = kind() == ImageFolder || kind() == Cifar10;
    folderEdit->setVisible(needsFolder);
    browseButton->setVisible(needsFolder);
}
