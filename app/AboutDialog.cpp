#include "AboutDialog.h"

#include "AppIcon.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QTabWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace embers {

namespace {

QString resourceText(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

} // namespace

QString AboutDialog::licenseText()
{
    return resourceText(QStringLiteral(":/about/LICENSE"));
}

QString AboutDialog::noticesMarkdown()
{
    return resourceText(QStringLiteral(":/about/THIRD-PARTY-NOTICES.md"));
}

AboutDialog::AboutDialog(QWidget *parent)
    : QDialog(parent), m_tabs(new QTabWidget), m_license(new QTextBrowser),
      m_notices(new QTextBrowser)
{
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About Embers"));

    m_license->setObjectName(QStringLiteral("licenseText"));
    m_license->setPlainText(licenseText());
    m_license->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_license->setLineWrapMode(QTextEdit::NoWrap);

    m_notices->setObjectName(QStringLiteral("noticesText"));
    m_notices->setOpenExternalLinks(true);
    m_notices->setMarkdown(noticesMarkdown());

    m_tabs->addTab(createAboutPage(), tr("&About"));
    m_tabs->addTab(m_license, tr("&Licence"));
    m_tabs->addTab(m_notices, tr("&Third-Party Notices"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(buttons);
    resize(640, 520);
}

QWidget *AboutDialog::createAboutPage()
{
    auto *page = new QWidget;
    auto *icon = new QLabel;
    icon->setPixmap(appIcon().pixmap(96));
    icon->setAlignment(Qt::AlignTop);

    auto *text = new QLabel(
        tr("<h2>Embers %1</h2>"
           "<p>A flame graph viewer for pprof profiles.</p>"
           "<p>Built with Qt %2, running on Qt %3.</p>"
           "<p>Copyright \u00a9 2026 The Embers developers.<br>"
           "Embers is free software under the MIT licence.</p>"
           "<p>Embers uses Qt (LGPL-3.0), Protocol Buffers (BSD-3-Clause) and zlib "
           "(zlib licence); see the third-party notices.</p>"
           "<p><a href=\"%4\">%4</a></p>")
            .arg(QStringLiteral(EMBERS_VERSION), QStringLiteral(QT_VERSION_STR),
                 QString::fromLatin1(qVersion()), QStringLiteral("https://embers.dev/")));
    text->setObjectName(QStringLiteral("aboutText"));
    text->setWordWrap(true);
    text->setOpenExternalLinks(true);
    text->setTextInteractionFlags(Qt::TextBrowserInteraction);
    text->setAlignment(Qt::AlignTop | Qt::AlignLeft);

    auto *layout = new QHBoxLayout(page);
    layout->setContentsMargins(16, 16, 16, 16);
    layout->setSpacing(20);
    layout->addWidget(icon, 0, Qt::AlignTop);
    layout->addWidget(text, 1);
    return page;
}

} // namespace embers
