#include "ComparisonWindow.h"
#include "ScreenFit.h"

#include "CaptureMatrixView.h"
#include "DiffView.h"
#include "SideBySideView.h"

#include <QFileInfo>
#include <QLabel>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace embers {

ComparisonWindow::ComparisonWindow(std::vector<std::shared_ptr<const Capture>> captures, Mode mode,
                                   QWidget *parent)
    : QWidget(parent, Qt::Window), m_mode(mode), m_captures(std::move(captures))
{
    setAttribute(Qt::WA_DeleteOnClose);
    m_status = new QLabel(this);
    m_status->setAlignment(Qt::AlignCenter);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_tabs->hide();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_status);
    layout->addWidget(m_tabs, 1);
    resize(sizeForScreen(this, QSize(1400, 900)));
    connect(&m_watcher, &QFutureWatcher<ComparisonResult>::finished, this,
            &ComparisonWindow::comparisonDone);
    start();
}

void ComparisonWindow::setCaptures(std::vector<std::shared_ptr<const Capture>> captures)
{
    m_captures = std::move(captures);
    if (m_watcher.isRunning())
        m_restart = true; // when the running one is done
    else
        start();
}

void ComparisonWindow::start()
{
    m_restart = false;
    updateTitle();
    if (!m_comparison) {
        m_status->setText(tr("Comparing %n captures\u2026", nullptr, int(m_captures.size())));
        m_status->show();
    }
    m_watcher.setFuture(
        QtConcurrent::run([captures = m_captures] { return compareCaptures(captures); }));
}

void ComparisonWindow::updateTitle()
{
    QStringList names;
    for (const auto &c : m_captures) {
        for (const QString &p : c->paths)
            names << QFileInfo(p).fileName();
    }
    //: Window title: the compared files, then the application name
    setWindowTitle(tr("Compare %1 \u2014 Embers").arg(names.join(QStringLiteral(", "))));
}

ComparisonWindow::~ComparisonWindow()
{
    m_watcher.waitForFinished();
}

QString ComparisonWindow::errorText() const
{
    return m_comparison ? QString() : m_status->text();
}

void ComparisonWindow::comparisonDone()
{
    if (m_restart) { // already out of date
        start();
        return;
    }
    ComparisonResult r = m_watcher.result();
    if (!r.comparison) {
        m_status->setText(tr("Cannot compare: %1").arg(r.error));
        m_status->show();
        m_tabs->hide();
        return;
    }
    // Views of an earlier comparison give way, and the new ones open on the same tab.
    const bool replacing = m_comparison != nullptr;
    if (replacing) {
        QWidget *current = m_tabs->currentWidget();
        m_mode = current && current == m_diff         ? Mode::Diff
                 : current && current == m_sideBySide ? Mode::SideBySide
                                                      : Mode::Table;
        while (m_tabs->count() > 0) {
            QWidget *page = m_tabs->widget(0);
            m_tabs->removeTab(0);
            delete page;
        }
        m_diff = nullptr;
        m_sideBySide = nullptr;
        m_matrix = nullptr;
    }
    m_comparison = r.comparison;
    m_status->hide();
    if (m_comparison->captureCount() == 2) {
        m_diff = new DiffView(m_comparison, m_tabs);
        m_tabs->addTab(m_diff, tr("Diff"));
    }
    m_sideBySide = new SideBySideView(m_comparison, -1, m_tabs);
    m_tabs->addTab(m_sideBySide, tr("Side by side"));
    m_matrix = new CaptureMatrixView(m_comparison, -1, m_tabs);
    m_tabs->addTab(m_matrix, tr("All captures"));
    switch (m_mode) {
    case Mode::Diff:
        m_tabs->setCurrentWidget(m_diff ? static_cast<QWidget *>(m_diff) : m_matrix);
        break;
    case Mode::SideBySide:
        m_tabs->setCurrentWidget(m_sideBySide);
        break;
    case Mode::Table:
        m_tabs->setCurrentWidget(m_matrix);
        break;
    }
    m_tabs->show();
    emit ready();
}

} // namespace embers
