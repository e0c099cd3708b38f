#pragma once

#include <QDialog>

class QComboBox;
class QLineEdit;
class QSpinBox;

/// The workbench's preferences: language (applied at the next start), runs folder and the
/// port the Classify tab serves its model on.
class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget* parent = nullptr);

    /// "" (follow the system), "en" or "zh_CN".
    QString language() const;
    QString runsDirectory() const;
    /// 0: any free port.
    int servePort() const;

private:
    QComboBox* languageBox;
    QLineEdit* runsFolderEdit;
    QSpinBox* servePortBox;
};
