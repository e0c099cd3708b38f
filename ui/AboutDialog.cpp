#include "AboutDialog.h"

#include "system/VersionReport.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

AboutDialog::AboutDialog(QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("About AMP Workbench"));

    auto* icon = new QLabel(this);
    icon->setPixmap(QIcon(QStringLiteral(":/icons/amp-workbench.svg")).pixmap(64, 64));
    icon->setAlignment(Qt::AlignTop);
    auto* text = new QLabel(tr("<h3>AMP Workbench %1</h3><p>Trains torchvision's ResNet-18 in FP32 or with automatic "
                               "mixed precision (AMP) and shows what mixed precision buys on this data and this "
                               "machine.</p>")
                                    .arg(QString::fromStdString(ampwb::workbenchVersion()))
                                + tr("<p>Free software under the GNU General Public License, version 3 or any later "
                                     "version (%1), with no warranty: <a href=\"%2\">%2</a></p>")
                                      .arg(QString::fromStdString(ampwb::workbenchLicense()),
                                           QStringLiteral("https://www.gnu.org/licenses/gpl-3.0.html")),
                            this);
    text->setObjectName(QStringLiteral("about"));
    text->setWordWrap(true);
    text->setOpenExternalLinks(true);
    auto* heading = new QHBoxLayout;
    heading->addWidget(icon);
    heading->addWidget(text, 1);

    const QString report = versionLines().join(QLatin1Char('\n'));
    auto* versions = new QPlainTextEdit(report, this);
    versions->setObjectName(QStringLiteral("versions"));
    versions->setReadOnly(true);
    versions->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    versions->setLineWrapMode(QPlainTextEdit::NoWrap);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* copy = buttons->addButton(tr("&Copy versions"), QDialogButtonBox::ActionRole);
    copy->setObjectName(QStringLiteral("copyVersions"));
    connect(copy, &QPushButton::clicked, this, [report] { QApplication::clipboard()->setText(report); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(heading);
    layout->addWidget(new QLabel(tr("Versions (paste them into a bug report):"), this));
    layout->addWidget(versions, 1);
    layout->addWidget(buttons);
    resize(640, 380);
}

QStringList AboutDialog::versionLines()
{
    QStringList lines;
    for (const std::string& line : ampwb::versionReport("amp-workbench", {{"Qt", qVersion()}}))
        lines.append(QString::fromStdString(line));
    return lines;
}
