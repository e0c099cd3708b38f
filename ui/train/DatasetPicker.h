#pragma once

#include <QWidget>

class QComboBox;
class QLineEdit;
class QToolButton;

/// Chooses what to train on: the installed Fashion-MNIST, synthetic images, an image
/// folder (one subfolder per class) or a CIFAR-10 binary folder. Speaks the engine's
/// dataset strings ("fashion-mnist", "synthetic", "cifar10:DIR", DIR).
class DatasetPicker : public QWidget {
    Q_OBJECT
public:
    explicit DatasetPicker(QWidget* parent = nullptr);

    std::string spec() const;
    void setSpec(const std::string& spec);
    bool isSynthetic() const;
    /// What stops this choice from working (e.g. the Debian package is missing), or empty.
    QString problem() const;

Q_SIGNALS:
    void changed();

private:
    enum Kind { FashionMnist, Synthetic, ImageFolder, Cifar10 };
    Kind kind() const;
    void browse();
    void updateFolderRow();

    QComboBox* kindBox;
    QLineEdit* folderEdit;
    QToolButton* browseButton;
};
