#pragma once

#include "run/TrainingConfig.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QToolButton;
class WeightsDownloader;

/// Chooses where a run's weights start: random, torchvision's ImageNet weights (with a
/// Download… button when they are not in the torch hub cache yet), or a file or run folder;
/// and how to fine-tune: the new head alone, or the whole network with a smaller learning rate
/// for the backbone. Speaks the engine's TrainingConfig fields.
class StartingWeightsPicker : public QWidget {
    Q_OBJECT
public:
    explicit StartingWeightsPicker(QWidget* parent = nullptr);

    /// Sets initWeights, newHead, freezeBackbone and backboneLearningRateScale of `config` from the fields.
    void applyTo(ampwb::TrainingConfig& config) const;
    /// Shows those fields of `config`.
    void setFrom(const ampwb::TrainingConfig& config);
    /// What stops this choice from working (the ImageNet file is missing, no file chosen), or empty.
    QString problem() const;
    /// Warns under the fields when `imageSize` (0: the weights' own) is smaller than the ImageNet
    /// weights were trained at.
    void setImageSize(int imageSize);
    /// The address the Download button fetches from (torchvision's by default).
    void setDownloadUrl(const QString& url);

Q_SIGNALS:
    void changed();

private:
    enum Start { Random, ImageNet, File };
    Start start() const;
    void browseFile();
    void browseFolder();
    void download();
    void onDownloadFinished(const QString& error, bool cancelled);
    void updateFields();

    QComboBox* startBox;
    QLineEdit* fileEdit;
    QToolButton* fileButton;
    QToolButton* folderButton;
    QLabel* imageNetStatus;
    QPushButton* downloadButton;
    QProgressBar* downloadProgress;
    QPushButton* cancelButton;
    QCheckBox* newHead;
    QCheckBox* freezeBackbone;
    QDoubleSpinBox* backboneLearningRateScale;
    QLabel* imageSizeWarning;
    WeightsDownloader* downloader;
    QString downloadUrl;
    QString downloadError;
    int imageSize = 0;
};
