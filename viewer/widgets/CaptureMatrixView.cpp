#include "CaptureMatrixView.h"
#include "CopyActions.h"

#include "BackgroundJob.h"
#include "CaptureMatrixModel.h"
#include "SampleTypeChoice.h"
#include "SparklineDelegate.h"
#include "TrendChart.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace embers {

CaptureMatrixView::CaptureMatrixView(QWidget *parent)
    : QWidget(parent), m_model(new CaptureMatrixModel(this)), m_sampleType(new QComboBox),
      m_self(new QCheckBox(tr("S&elf instead of total"))), m_show(new QComboBox),
      m_filter(new QLineEdit), m_count(new QLabel), m_busy(new QLabel), m_view(new QTableView),
      m_chart(new TrendChart), m_trendJob(new BackgroundJob(this))
{
    m_sampleType->setObjectName(QStringLiteral("matrixSampleType"));
    m_sampleType->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *typeLabel = new QLabel(tr("&Sample type:"));
    typeLabel->setBuddy(m_sampleType);
    connect(m_sampleType, &QComboBox::activated, this,
            [this](int index) { setSampleType(sampleTypeAt(m_sampleType, index)); });

    m_self->setObjectName(QStringLiteral("matrixSelf"));
    m_self->setToolTip(tr("Compare the functions' own samples (self) instead of everything "
                          "they call (total)"));
    connect(m_self, &QCheckBox::toggled, this, &CaptureMatrixView::setSelfShares);

    m_show->setObjectName(QStringLiteral("matrixVerdicts"));
    m_show->addItem(tr("All functions"), int(CaptureMatrixModel::TrendFilter::All));
    //: shows only the functions whose verdict is not "steady"
    m_show->addItem(tr("Changed"), int(CaptureMatrixModel::TrendFilter::Changed));
    //: shows only the functions growing steadily across the captures
    m_show->addItem(tr("Leak suspects"), int(CaptureMatrixModel::TrendFilter::LeakSuspects));
    m_show->setToolTip(tr("Which functions to list, by what they did across the captures"));
    auto *showLabel = new QLabel(tr("Sho&w:"));
    showLabel->setBuddy(m_show);
    connect(m_show, &QComboBox::activated, this, [this] {
        m_model->setTrendFilter(CaptureMatrixModel::TrendFilter(m_show->currentData().toInt()));
        updateCount();
    });
    m_busy->setObjectName(QStringLiteral("matrixBusy"));
    m_busy->setText(tr("Finding changes…"));
    m_busy->setForegroundRole(QPalette::PlaceholderText);
    m_busy->hide();

    m_filter->setObjectName(QStringLiteral("matrixFilter"));
    m_filter->setPlaceholderText(tr("Filter functions\u2026"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMaximumWidth(360);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_model->setFilter(text);
        updateCount();
    });
    m_count->setForegroundRole(QPalette::PlaceholderText);

    m_view->setObjectName(QStringLiteral("captureMatrix"));
    m_view->setModel(m_model);
    m_view->setItemDelegate(new QStyledItemDelegate(m_view));
    m_view->setSortingEnabled(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    CopyActions::installRowCopy(m_view);
    m_view->setAlternatingRowColors(true);
    m_view->setShowGrid(false);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideLeft); // the end of a name is the most specific part
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    QHeaderView *header = m_view->horizontalHeader();
    header->setStretchLastSection(false);
    header->setSortIndicatorShown(true);
    header->setTextElideMode(Qt::ElideMiddle);
    header->setHighlightSections(false);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                showSeries();
                if (current.isValid())
                    emit frameSelected(current.data(FrameRole).toUInt());
            });
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex &index) {
        emit frameActivated(index.data(FrameRole).toUInt());
    });
    // Show Source: a row's context menu (the clicked capture's lines) or Ctrl+U.
    auto *showSource = new QAction(tr("Show &Source"), m_view);
    showSource->setObjectName(QStringLiteral("showSource"));
    showSource->setShortcut(Qt::CTRL | Qt::Key_U);
    showSource->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_view->addAction(showSource);
    connect(showSource, &QAction::triggered, this, [this] {
        const QModelIndex current = m_view->currentIndex();
        if (current.isValid())
            emit sourceRequested(current.data(FrameRole).toUInt(),
                                 captureOfColumn(current.column()));
    });
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view, &QWidget::customContextMenuRequested, this, [this, showSource](QPoint pos) {
        const QModelIndex index = m_view->indexAt(pos);
        if (!index.isValid() || m_model->captureCount() == 0)
            return;
        const uint32_t frame = index.data(FrameRole).toUInt();
        const size_t capture = captureOfColumn(index.column());
        QMenu menu(this);
        //: Context menu of the all-captures table: a capture's source lines of the function
        QAction *item = menu.addAction(
            tr("Show &Source in %1").arg(m_model->captureNames().value(qsizetype(capture))), this,
            [this, frame, capture] { emit sourceRequested(frame, capture); });
        item->setShortcut(showSource->shortcut());
        item->setObjectName(QStringLiteral("showSourceItem"));
        menu.addSeparator();
        CopyActions::addActions(&menu, m_model->comparison()->stacks, frame);
        if (auto *copyRow = m_view->findChild<QAction *>(QStringLiteral("copyRow")))
            menu.addAction(copyRow);
        menu.exec(m_view->viewport()->mapToGlobal(pos));
    });
    connect(m_model, &CaptureMatrixModel::sampleTypeChanged, this,
            &CaptureMatrixView::sampleTypeChanged);
    connect(m_model, &CaptureMatrixModel::sampleTypeChanged, this, &CaptureMatrixView::findChanges);
    connect(m_model, &QAbstractItemModel::modelReset, this, &CaptureMatrixView::updateCount);
    connect(m_model, &QAbstractItemModel::modelReset, this, &CaptureMatrixView::showSeries);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(6, 4, 6, 2);
    bar->addWidget(typeLabel);
    bar->addWidget(m_sampleType);
    bar->addSpacing(16);
    bar->addWidget(m_self);
    bar->addSpacing(16);
    bar->addWidget(showLabel);
    bar->addWidget(m_show);
    bar->addSpacing(8);
    bar->addWidget(m_busy);
    bar->addStretch(1);
    bar->addWidget(m_count);
    bar->addSpacing(8);
    bar->addWidget(m_filter, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    auto *split = new QSplitter(Qt::Vertical);
    split->setObjectName(QStringLiteral("matrixSplit"));
    split->setChildrenCollapsible(false);
    split->addWidget(m_view);
    split->addWidget(m_chart);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);
}

bool CaptureMatrixView::isFindingChanges() const
{
    return m_trendJob->isRunning();
}

void CaptureMatrixView::findChanges()
{
    const std::shared_ptr<const Comparison> &comparison = m_model->comparison();
    const SampleType type = m_model->sampleType();
    if (!comparison || type.isNone()) {
        m_trendJob->cancel();
        m_busy->hide();
        return;
    }
    m_busy->show();
    m_trendJob->run(
        [comparison, column = type.column()](JobControl &control) {
            auto trend = std::make_shared<Trend>(
                Trend::build(*comparison, column, TrendOptions{}, control.cancelFlag()));
            return std::shared_ptr<const Trend>(std::move(trend));
        },
        [this, comparison, type](const std::shared_ptr<const Trend> &trend) {
            m_busy->hide();
            if (trend->cancelled || comparison != m_model->comparison() ||
                type != m_model->sampleType())
                return;
            // The reset keeps neither the current row nor the scroll: put them back.
            const QModelIndex current = m_view->currentIndex();
            const bool hadFrame = current.isValid();
            const uint32_t frame = hadFrame ? current.data(FrameRole).toUInt() : 0;
            m_model->setTrend(trend);
            if (hadFrame)
                selectFrame(frame);
            else if (m_model->rowCount() > 0) // something in the chart from the start
                m_view->setCurrentIndex(m_model->index(0, 0));
            emit trendShown();
        });
}

size_t CaptureMatrixView::captureOfColumn(int column) const
{
    for (int c = 0; c < m_model->captureCount(); ++c) {
        if (m_model->captureColumn(c) == column)
            return size_t(c);
    }
    return size_t(std::max(m_model->captureCount() - 1, 0));
}

void CaptureMatrixView::showSeries()
{
    const QModelIndex current = m_view->currentIndex();
    const std::shared_ptr<const Comparison> &comparison = m_model->comparison();
    if (!current.isValid() || !comparison || m_model->sampleType().isNone()) {
        m_chart->clear();
        return;
    }
    const size_t row = size_t(m_model->matrix().rowOfFrame(current.data(FrameRole).toUInt()));
    const QString name = m_model->index(current.row(), 0).data().toString();
    const std::string &unit = comparison->stacks->columns[m_model->sampleType().column()].unit;
    const QStringList &names = m_model->captureNames();
    const TrendRow *trend = m_model->trendRow(row);
    if (trend) {
        m_chart->setSeries(name, trend, unit, names);
        return;
    }
    // Before the verdicts: the values alone.
    TrendRow values;
    for (size_t c = 0; c < m_model->matrix().captureCount(); ++c)
        values.values.push_back(comparison->functions->cum(
            m_model->matrix().frame(row), comparison->columnOf(c, m_model->sampleType().column())));
    m_chart->setSeries(name, &values, unit, names, false);
}

CaptureMatrixView::CaptureMatrixView(std::shared_ptr<const Comparison> comparison, SampleType type,
                                     QWidget *parent)
    : CaptureMatrixView(parent)
{
    setComparison(std::move(comparison), type);
}

void CaptureMatrixView::setComparison(std::shared_ptr<const Comparison> comparison, SampleType type)
{
    m_model->setComparison(std::move(comparison), type);
    m_sampleType->clear();
    if (const auto &cmp = m_model->comparison(); cmp && cmp->stacks)
        fillSampleTypes(m_sampleType, *cmp->stacks, cmp->stacks->columnsPerGroup(),
                        m_model->sampleType());
    // Where the summary columns are depends on the number of captures.
    for (int c = 0; c < m_model->columnCount(); ++c)
        m_view->setItemDelegateForColumn(c, nullptr);
    if (m_model->columnCount() > 0)
        m_view->setItemDelegateForColumn(m_model->trendColumn(), new SparklineDelegate(m_view));
    m_view->sortByColumn(m_model->medianColumn(), Qt::DescendingOrder);
    // The verdict next to the name: with many captures the columns after them scroll
    // out of sight, and what changed is what the table is opened for.
    QHeaderView *header = m_view->horizontalHeader();
    if (m_model->columnCount() > 0) {
        const int columns[] = {m_model->verdictColumn(), m_model->changeAtColumn(),
                               m_model->pValueColumn()};
        for (int i = 0; i < 3; ++i)
            header->moveSection(header->visualIndex(columns[i]), 1 + i);
    }
    resizeColumns();
}

void CaptureMatrixView::setSampleType(SampleType type)
{
    // A new sample type resets the model; keep the user's function selected across it.
    const QModelIndex current = m_view->currentIndex();
    const bool hadFrame = current.isValid();
    const uint32_t frame = hadFrame ? current.data(FrameRole).toUInt() : 0;
    m_model->setSampleType(type);
    selectSampleType(m_sampleType, m_model->sampleType());
    if (hadFrame)
        selectFrame(frame);
}

SampleType CaptureMatrixView::sampleType() const
{
    return m_model->sampleType();
}

void CaptureMatrixView::setSelfShares(bool self)
{
    {
        const QSignalBlocker block(m_self);
        m_self->setChecked(self);
    }
    const QModelIndex current = m_view->currentIndex();
    const bool hadFrame = current.isValid();
    const uint32_t frame = hadFrame ? current.data(FrameRole).toUInt() : 0;
    m_model->setMeasure(self ? CaptureMatrix::Measure::Self : CaptureMatrix::Measure::Total);
    if (hadFrame)
        selectFrame(frame);
}

bool CaptureMatrixView::selfShares() const
{
    return m_model->measure() == CaptureMatrix::Measure::Self;
}

void CaptureMatrixView::selectFrame(uint32_t frame)
{
    if (m_model->matrix().rowOfFrame(frame) < 0)
        return;
    if (m_model->rowOfFrame(frame) < 0)
        m_filter->clear(); // the filter hides it
    const QModelIndex index = m_model->index(m_model->rowOfFrame(frame), 0);
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
}

void CaptureMatrixView::resizeColumns()
{
    // Fixed widths from the font rather than ResizeToContents, which would measure rows.
    QHeaderView *header = m_view->horizontalHeader();
    if (m_model->columnCount() == 0)
        return;
    const QFontMetrics fm = m_view->fontMetrics();
    const int percent = fm.horizontalAdvance(QStringLiteral("100.00 %")) + 28;
    const int present = fm.horizontalAdvance(QStringLiteral("99 of 99")) + 28;
    header->setSectionResizeMode(CaptureMatrixModel::kFunctionColumn, QHeaderView::Stretch);
    header->setMinimumSectionSize(fm.horizontalAdvance(QStringLiteral("100 %")) + 16);
    for (int c = 1; c < m_model->columnCount(); ++c) {
        header->setSectionResizeMode(c, QHeaderView::Interactive);
        const int title =
            fm.horizontalAdvance(m_model->headerData(c, Qt::Horizontal).toString()) + 28;
        int width = percent;
        if (c == m_model->presentColumn())
            width = present;
        else if (c == m_model->trendColumn())
            width = std::max(90, m_model->captureCount() * 14 + 16);
        else if (c == m_model->verdictColumn())
            width = fm.horizontalAdvance(CaptureMatrixModel::verdictText(TrendVerdict::Appeared)) +
                    fm.horizontalAdvance(QStringLiteral("MM"));
        else if (c == m_model->changeAtColumn())
            width = fm.horizontalAdvance(QStringLiteral("#999")) + 28;
        // Capture names can be long: up to a limit, then the header elides them.
        header->resizeSection(c, std::clamp(title, width, std::max(width, 190)));
    }
}

void CaptureMatrixView::updateCount()
{
    const int shown = m_model->rowCount(), all = int(m_model->matrix().rowCount());
    m_count->setText(shown == all ? tr("%n function(s)", nullptr, all)
                                  //: functions shown by the filter, of all: "12 of 340 functions"
                                  : tr("%1 of %n function(s)", nullptr, all).arg(shown));
}

} // namespace embers
