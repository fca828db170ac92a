#include "ComparisonWindow.h"

#include "BackgroundJob.h"
#include "CaptureDescription.h"
#include "CaptureExport.h"
#include "CaptureMatrixView.h"
#include "ComparisonGranularity.h"
#include "DiffView.h"
#include "GranularityChooser.h"
#include "ScreenFit.h"
#include "SideBySideView.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace embers {

ComparisonWindow::ComparisonWindow(std::vector<std::shared_ptr<const Capture>> captures, Mode mode,
                                   QWidget *parent)
    : QWidget(parent, Qt::Window), m_mode(mode), m_captures(std::move(captures)),
      // A newer set of captures waits for the running comparison to stop.
      m_job(new BackgroundJob(this, BackgroundJob::Overlap::Wait))
{
    setAttribute(Qt::WA_DeleteOnClose);
    m_status = new QLabel(this);
    m_status->setAlignment(Qt::AlignCenter);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_granularityNote = new QLabel(this);
    m_granularityNote->setObjectName(QStringLiteral("granularityNote"));
    m_granularityNote->setWordWrap(true);
    m_granularityNote->setTextFormat(Qt::PlainText);
    m_granularityNote->setContentsMargins(6, 2, 6, 2);
    m_granularityNote->hide();
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_tabs->hide();
    // The diff as a web page to share, from the Diff tab.
    auto *corner = new QWidget(m_tabs);
    auto *cornerLayout = new QHBoxLayout(corner);
    cornerLayout->setContentsMargins(0, 0, 4, 0);
    m_exportNote = new QLabel(corner);
    m_exportButton = new QPushButton(tr("Export HTML Page\u2026"), corner);
    m_exportButton->setObjectName(QStringLiteral("exportDiffHtml"));
    m_exportButton->setToolTip(
        tr("Save the diff as shown as one web page that anyone can open in a browser, offline"));
    m_exportSource = new QCheckBox(tr("With source"), corner);
    m_exportSource->setObjectName(QStringLiteral("exportDiffWithSource"));
    m_exportSource->setToolTip(
        tr("Put each function's source lines, before and after, in the page, where this "
           "machine has them: whoever opens it reads that code"));
    cornerLayout->addWidget(m_exportNote);
    cornerLayout->addWidget(m_exportSource);
    cornerLayout->addWidget(m_exportButton);
    m_tabs->setCornerWidget(corner, Qt::TopRightCorner);
    connect(m_exportButton, &QPushButton::clicked, this, [this] {
        exportDiffAsHtml(this, m_diff, windowTitle(), m_exportSource->isChecked(),
                         [this](const QString &text) { m_exportNote->setText(text); });
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        const bool onDiff = m_diff && m_tabs->currentWidget() == m_diff;
        m_exportButton->setVisible(onDiff);
        m_exportSource->setVisible(onDiff);
        m_exportNote->clear();
    });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_status);
    layout->addWidget(m_granularityNote);
    layout->addWidget(m_tabs, 1);
    resize(sizeForScreen(this, QSize(1400, 900)));
    start();
}

void ComparisonWindow::setCaptures(std::vector<std::shared_ptr<const Capture>> captures)
{
    m_captures = std::move(captures);
    start();
}

void ComparisonWindow::start()
{
    updateTitle();
    if (!m_comparison) {
        // Building a capture again takes longer than comparing: say which are.
        const Granularity finest = finestGranularity(m_captures);
        QStringList rebuilt;
        const QStringList names = CaptureDescription::displayNames(m_captures);
        for (size_t i = 0; i < m_captures.size(); ++i) {
            if (m_captures[i]->stacks->granularity != finest)
                rebuilt << names[qsizetype(i)];
        }
        const int n = int(m_captures.size());
        QString text = tr("Comparing %n captures\u2026", nullptr, n);
        if (!rebuilt.isEmpty())
            //: %1: the captures built again; %2: the granularity (Lines...)
            text = tr("Comparing %n captures (building %1 again at %2 first)\u2026", nullptr, n)
                       .arg(rebuilt.join(QStringLiteral(", ")),
                            GranularityChooser::displayName(finest));
        m_status->setText(text);
        m_status->show();
    }
    // Captures opened at a coarser granularity are built again (seconds on a big one):
    // a newer set of captures or closing the window cancels that.
    m_job->run([captures = m_captures](
                   JobControl &control) { return compareCaptures(captures, control.cancelFlag()); },
               [this](const ComparisonResult &result) { comparisonDone(result); });
}

void ComparisonWindow::updateTitle()
{
    const QStringList names = CaptureDescription::displayNames(m_captures);
    //: Window title: the compared files, then the application name
    setWindowTitle(tr("Compare %1 \u2014 Embers").arg(names.join(QStringLiteral(", "))));
}

ComparisonWindow::~ComparisonWindow() = default;

QString ComparisonWindow::errorText() const
{
    return m_comparison ? QString() : m_status->text();
}

void ComparisonWindow::comparisonDone(const ComparisonResult &r)
{
    if (!r.comparison) {
        m_status->setText(tr("Cannot compare: %1").arg(r.error));
        m_status->show();
        m_granularityNote->hide();
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
    updateGranularityNote();
    if (m_comparison->captureCount() == 2) {
        m_diff = new DiffView(m_comparison, m_tabs);
        m_tabs->addTab(m_diff, tr("Diff"));
    }
    m_sideBySide = new SideBySideView(m_comparison, {}, m_tabs);
    m_tabs->addTab(m_sideBySide, tr("Side by side"));
    m_matrix = new CaptureMatrixView(m_comparison, {}, m_tabs);
    m_tabs->addTab(m_matrix, tr("All captures"));
    // A capture's lines are the side-by-side view's Source tab.
    connect(m_matrix, &CaptureMatrixView::sourceRequested, this,
            [this](uint32_t frame, size_t capture) {
                m_tabs->setCurrentWidget(m_sideBySide);
                m_sideBySide->showSource(capture, frame);
            });
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

void ComparisonWindow::updateGranularityNote()
{
    QStringList rebuilt;
    const StackTable &stacks = *m_comparison->stacks;
    const QStringList names = CaptureDescription::displayNames(m_comparison->captures);
    for (size_t i = 0; i < m_comparison->captureCount(); ++i) {
        const Granularity opened = m_comparison->openedAt[i];
        if (opened == stacks.granularity)
            continue;
        //: A capture and the granularity its page shows, e.g. "cpu.pb.gz (Functions)"
        rebuilt << tr("%1 (%2)").arg(names[qsizetype(i)], GranularityChooser::displayName(opened));
    }
    m_granularityNote->setVisible(!rebuilt.isEmpty());
    if (rebuilt.isEmpty())
        return;
    //: %1: a granularity (Lines...); %2: the captures built again, with their pages' own
    m_granularityNote->setText(
        tr("Frames: %1, the finest of these captures. Built again at %1 for this comparison "
           "only, their pages unchanged: %2.")
            .arg(GranularityChooser::displayName(stacks.granularity),
                 rebuilt.join(QStringLiteral(", "))));
}

} // namespace embers
