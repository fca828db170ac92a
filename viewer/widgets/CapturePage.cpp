#include "CapturePage.h"

#include "FlamePanel.h"

#include "CaptureDescription.h"
#include "CaptureLoader.h"
#include "FunctionTableModel.h"
#include "FunctionTableWidget.h"
#include "ProfileSummary.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QTabWidget>
#include <QVBoxLayout>

namespace embers {

namespace {

// A layout that centres `content` horizontally and vertically in `page`.
void centre(QWidget *page, QLayout *content)
{
    auto *outer = new QVBoxLayout(page);
    outer->addStretch(2);
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addLayout(content, 0);
    row->addStretch(1);
    outer->addLayout(row);
    outer->addStretch(3);
}

} // namespace

CapturePage::CapturePage(const QStringList &paths, QWidget *parent)
    : QWidget(parent), m_paths(paths), m_loader(new CaptureLoader(this)),
      m_stack(new QStackedWidget(this))
{
    m_loadingPage = createLoadingPage();
    m_errorPage = createErrorPage();
    m_contentPage = createContentPage();
    m_stack->addWidget(m_loadingPage);
    m_stack->addWidget(m_errorPage);
    m_stack->addWidget(m_contentPage);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);

    connect(m_loader, &CaptureLoader::progress, this, &CapturePage::showProgress);
    connect(m_loader, &CaptureLoader::finished, this, &CapturePage::showCapture);
    connect(m_loader, &CaptureLoader::failed, this, &CapturePage::showError);
    connect(m_loader, &CaptureLoader::cancelled, this, [this] {
        m_error = tr("Loading was cancelled.");
        m_errorTitle->setText(
            tr("%1 was not opened").arg(CaptureDescription::displayName(m_paths)));
        m_errorLabel->setText(m_error);
        m_stack->setCurrentWidget(m_errorPage);
        setState(State::Cancelled);
        emit cancelled();
    });
}

CapturePage::~CapturePage() = default;

QWidget *CapturePage::createLoadingPage()
{
    auto *page = new QWidget;
    m_loadingLabel = new QLabel;
    m_loadingLabel->setAlignment(Qt::AlignCenter);
    m_progressBar = new QProgressBar;
    m_progressBar->setObjectName(QStringLiteral("loadingProgress"));
    m_progressBar->setMinimumWidth(400);
    m_progressBar->setTextVisible(false);
    m_cancelButton = new QPushButton(tr("Cancel"));
    m_cancelButton->setObjectName(QStringLiteral("cancelButton"));
    connect(m_cancelButton, &QPushButton::clicked, this, &CapturePage::cancel);

    auto *content = new QVBoxLayout;
    content->addWidget(m_loadingLabel);
    content->addWidget(m_progressBar);
    content->addWidget(m_cancelButton, 0, Qt::AlignHCenter);
    centre(page, content);
    return page;
}

QWidget *CapturePage::createErrorPage()
{
    auto *page = new QWidget;
    auto *icon = new QLabel;
    const int size = style()->pixelMetric(QStyle::PM_MessageBoxIconSize, nullptr, this);
    icon->setPixmap(
        style()->standardIcon(QStyle::SP_MessageBoxCritical, nullptr, this).pixmap(size));
    icon->setAlignment(Qt::AlignTop);
    m_errorTitle = new QLabel;
    QFont bold = m_errorTitle->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.2);
    m_errorTitle->setFont(bold);
    m_errorLabel = new QLabel;
    m_errorLabel->setObjectName(QStringLiteral("errorLabel"));
    m_errorLabel->setTextFormat(Qt::PlainText);
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A wrapped label's size hint is narrow; messages are a sentence or two with a path.
    m_errorLabel->setMinimumWidth(480);
    m_errorLabel->setMaximumWidth(720);

    auto *retry = new QPushButton(tr("Try Again"));
    retry->setObjectName(QStringLiteral("retryButton"));
    connect(retry, &QPushButton::clicked, this, &CapturePage::load);
    auto *close = new QPushButton(tr("Close"));
    close->setObjectName(QStringLiteral("closeButton"));
    connect(close, &QPushButton::clicked, this, &CapturePage::closeRequested);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(retry);
    buttons->addWidget(close);

    auto *text = new QVBoxLayout;
    text->addWidget(m_errorTitle);
    text->addWidget(m_errorLabel);
    text->addSpacing(12);
    text->addLayout(buttons);
    auto *content = new QHBoxLayout;
    content->addWidget(icon, 0, Qt::AlignTop);
    content->addSpacing(12);
    content->addLayout(text);
    centre(page, content);
    return page;
}

QWidget *CapturePage::createContentPage()
{
    auto *page = new QWidget;
    m_sampleTypeCombo = new QComboBox;
    m_sampleTypeCombo->setObjectName(QStringLiteral("sampleTypeCombo"));
    m_sampleTypeCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *typeLabel = new QLabel(tr("&Sample type:"));
    typeLabel->setBuddy(m_sampleTypeCombo);
    connect(m_sampleTypeCombo, &QComboBox::activated, this,
            [this](int index) { setCurrentColumn(m_sampleTypeCombo->itemData(index).toInt()); });

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(6, 6, 6, 0);
    bar->addWidget(typeLabel);
    bar->addWidget(m_sampleTypeCombo);
    bar->addStretch();

    m_flamegraphArea = new QWidget;
    m_flamegraphArea->setObjectName(QStringLiteral("flamegraphArea"));
    m_flamegraphArea->setMinimumHeight(120);
    auto *flameLayout = new QVBoxLayout(m_flamegraphArea);
    flameLayout->setContentsMargins(0, 0, 0, 0);
    m_flame = new FlamePanel;
    flameLayout->addWidget(m_flame);

    m_functionTable = new FunctionTableWidget;
    m_summary = new ProfileSummary;
    m_summary->setObjectName(QStringLiteral("profileSummary"));
    m_tabs = new QTabWidget;
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_functionTable, tr("&Functions"));
    m_tabs->addTab(m_summary, tr("S&ummary"));
    connect(m_functionTable, &FunctionTableWidget::frameSelected, this,
            &CapturePage::frameSelected);
    connect(m_functionTable, &FunctionTableWidget::frameActivated, this,
            &CapturePage::frameActivated);
    // One selection for both views: a table row highlights the function's boxes, a
    // double-click focuses it; a box picked in the graph selects its row.
    connect(m_functionTable, &FunctionTableWidget::frameSelected, m_flame,
            &FlamePanel::highlightFrame);
    connect(m_functionTable, &FunctionTableWidget::frameActivated, m_flame,
            &FlamePanel::focusFrame);
    connect(m_flame, &FlamePanel::frameSelected, this, &CapturePage::selectFrame);

    m_splitter = new QSplitter(Qt::Vertical);
    m_splitter->setObjectName(QStringLiteral("captureSplitter"));
    m_splitter->setChildrenCollapsible(false);
    m_splitter->addWidget(m_flamegraphArea);
    m_splitter->addWidget(m_tabs);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    // Stretch factors only share out extra space; the table's size hint would take most
    // of it, so start from proportions (QSplitter scales them to its height).
    m_splitter->setSizes({3000, 2000});

    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_splitter, 1);
    return page;
}

void CapturePage::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}

void CapturePage::load()
{
    m_capture.reset();
    m_error.clear();
    m_column = -1;
    m_loadingLabel->setText(tr("Opening %1\u2026").arg(CaptureDescription::displayName(m_paths)));
    m_progressBar->setRange(0, 0); // busy until the first report
    m_cancelButton->setEnabled(true);
    m_cancelButton->setText(tr("Cancel"));
    m_stack->setCurrentWidget(m_loadingPage);
    // Loading again (Try Again) is a state change even from Loading's point of view.
    m_state = State::Loading;
    emit stateChanged(State::Loading);
    m_loader->load(m_paths);
}

void CapturePage::cancel()
{
    if (m_state != State::Loading)
        return;
    m_cancelButton->setEnabled(false);
    m_cancelButton->setText(tr("Cancelling\u2026"));
    m_loader->cancel();
}

void CapturePage::showProgress(qint64 bytesDone, qint64 bytesTotal)
{
    if (bytesTotal > 0 && bytesDone < bytesTotal) {
        // Scaled to permille: QProgressBar takes int and files can pass 2 GiB.
        m_progressBar->setRange(0, 1000);
        m_progressBar->setValue(int(1000 * bytesDone / bytesTotal));
        QLocale locale;
        m_progressBar->setToolTip(
            tr("%1 of %2 read")
                .arg(locale.formattedDataSize(bytesDone), locale.formattedDataSize(bytesTotal)));
    } else if (bytesDone > 0) {
        // Everything is read; the model is being built, which reports no progress.
        m_progressBar->setRange(0, 0);
        m_loadingLabel->setText(
            tr("Building the call tree of %1\u2026").arg(CaptureDescription::displayName(m_paths)));
    }
    emit progress(bytesDone, bytesTotal);
}

void CapturePage::showCapture(std::shared_ptr<const Capture> capture)
{
    m_capture = std::move(capture);
    const StackTable &stacks = *m_capture->stacks;
    m_column = stacks.defaultColumn;

    m_sampleTypeCombo->clear();
    for (size_t i = 0; i < stacks.columnCount(); ++i) {
        m_sampleTypeCombo->addItem(CaptureDescription::sampleType(stacks.columns[i]), int(i));
        m_sampleTypeCombo->setItemData(int(i), CaptureDescription::total(stacks, int(i)),
                                       Qt::ToolTipRole);
    }
    m_sampleTypeCombo->setCurrentIndex(m_column);
    m_sampleTypeCombo->setEnabled(stacks.columnCount() > 1);

    m_functionTable->setCapture(m_capture, m_column);
    m_flame->setCapture(m_capture, m_column);
    m_summary->setCapture(m_capture);
    m_stack->setCurrentWidget(m_contentPage);
    setState(State::Loaded);
    emit loaded(m_capture);
}

void CapturePage::showError(const QString &error)
{
    m_error = error;
    m_errorTitle->setText(tr("Could not open %1").arg(CaptureDescription::displayName(m_paths)));
    m_errorLabel->setText(error);
    m_stack->setCurrentWidget(m_errorPage);
    setState(State::Failed);
}

void CapturePage::setCurrentColumn(int column)
{
    if (!m_capture || column == m_column || column < 0 ||
        size_t(column) >= m_capture->stacks->columnCount())
        return;
    m_column = column;
    m_sampleTypeCombo->setCurrentIndex(column);
    m_functionTable->setColumn(column);
    m_flame->setColumn(column);
    emit columnChanged(column);
}

void CapturePage::selectFrame(uint32_t frame)
{
    m_functionTable->selectFrame(frame);
}

} // namespace embers
