#include "SettingsDialog.h"

#include "AppSettings.h"
#include "Translations.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

SettingsDialog::SettingsDialog(QWidget* parent)
    : QDialog(parent)
    , languageBox(new QComboBox(this))
    , runsFolderEdit(new QLineEdit(this))
    , servePortBox(new QSpinBox(this))
{
    setWindowTitle(tr("Settings"));
    languageBox->setObjectName(QStringLiteral("language"));
    languageBox->addItem(tr("System language"), QString());
    for (const auto& [code, name] : Translations::available())
        languageBox->addItem(name, code);
    languageBox->setCurrentIndex(std::max(0, languageBox->findData(AppSettings::language())));
    auto* languageNote = new QLabel(tr("A new language takes effect when AMP Workbench starts again."), this);
    languageNote->setWordWrap(true);

    runsFolderEdit->setObjectName(QStringLiteral("runsFolder"));
    runsFolderEdit->setText(AppSettings::runsDirectory());
    runsFolderEdit->setPlaceholderText(AppSettings::defaultRunsDirectory());
    auto* browse = new QToolButton(this);
    browse->setText(QStringLiteral("…"));
    browse->setToolTip(tr("Choose the folder"));
    connect(browse, &QToolButton::clicked, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Runs folder"), runsFolderEdit->text());
        if (!folder.isEmpty())
            runsFolderEdit->setText(folder);
    });
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(runsFolderEdit, 1);
    folderRow->addWidget(browse);

    servePortBox->setObjectName(QStringLiteral("servePort"));
    servePortBox->setRange(0, 65535);
    servePortBox->setSpecialValueText(tr("Any free port"));
    servePortBox->setValue(AppSettings::servePort());
    servePortBox->setToolTip(tr("Where “Serve this model” in the Classify tab listens, on this computer only"));

    auto* form = new QFormLayout;
    form->addRow(tr("Language:"), languageBox);
    form->addRow(QString(), languageNote);
    form->addRow(tr("Runs folder:"), folderRow);
    form->addRow(tr("Serving port:"), servePortBox);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("OK"));
    buttons->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    resize(560, sizeHint().height());
}

QString SettingsDialog::language() const
{
    return languageBox->currentData().toString();
}

QString SettingsDialog::runsDirectory() const
{
    const QString folder = runsFolderEdit->text().trimmed();
    return folder.isEmpty() ? AppSettings::defaultRunsDirectory() : folder;
}

int SettingsDialog::servePort() const
{
    return servePortBox->value();
}
