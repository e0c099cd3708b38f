#pragma once

#include <QDialog>
#include <QStringList>

/// Help ▸ About: what the workbench is, and the same version report as `--version`
/// (workbench, libtorch, Qt, OpenCV, bf16 and CUDA), with a button that copies it.
class AboutDialog : public QDialog {
    Q_OBJECT
public:
    explicit AboutDialog(QWidget* parent = nullptr);

    /// The lines `amp-workbench --version` prints and the dialog shows.
    static QStringList versionLines();
};
