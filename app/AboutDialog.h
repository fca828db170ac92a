// AboutDialog: Help > About Embers. The version and the Qt it runs on, Embers' licence,
// and the third-party notices (packaging/THIRD-PARTY-NOTICES.md, embedded) — the same
// texts as in the package's documentation folder.
#pragma once

#include <QDialog>

class QTabWidget;
class QTextBrowser;

namespace embers {

class AboutDialog : public QDialog
{
    Q_OBJECT
public:
    explicit AboutDialog(QWidget *parent = nullptr);

    QTabWidget *tabs() const { return m_tabs; }
    QTextBrowser *licenseView() const { return m_license; }
    QTextBrowser *noticesView() const { return m_notices; }

    // The embedded texts (empty if missing from the resources).
    static QString licenseText();
    static QString noticesMarkdown();

private:
    QWidget *createAboutPage();

    QTabWidget *m_tabs;
    QTextBrowser *m_license;
    QTextBrowser *m_notices;
};

} // namespace embers
