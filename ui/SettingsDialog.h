#pragma once

#include <QDialog>

class QComboBox;
class QLineEdit;

/// The workbench's preferences: language (applied at the next start) and runs folder.
class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget* parent = nullptr);

    /// "" (follow the system), "en" or "zh_CN".
    QString language() const;
    QString runsDirectory() const;

private:
    QComboBox* languageBox;
    QLineEdit* runsFolderEdit;
};
