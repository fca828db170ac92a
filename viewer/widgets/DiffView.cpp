#include "DiffView.h"
#include "CopyActions.h"

#include "BackgroundJob.h"
#include "CaptureDescription.h"
#include "DiffLegend.h"
#include "DiffTableModel.h"
#include "ElidedLabel.h"
#include "FlameGraphView.h"
#include "LineCostSources.h"
#include "ModelRoles.h"
#include "NextTurn.h"
#include "SourcePane.h"
#include "SourceView.h"
#include "Units.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace embers {

DiffView::DiffView(std::shared_ptr<const Comparison> comparison, QWidget *parent)
    : QWidget(parent), m_comparison(std::move(comparison)),
      // The diff cannot stop early: a newer setting waits for the running one.
      m_job(new BackgroundJob(this, BackgroundJob::Overlap::Wait)),
      m_lineCosts(std::make_unique<ComparisonLineCosts>(m_comparison)),
      m_sourceFrame(StackTable::kNoFrame)
{
    const StackTable &stacks = *m_comparison->stacks;
    m_sampleType = SampleType(size_t(std::max(0, stacks.defaultColumn)));

    m_title = new ElidedLabel(this);
    const QStringList names = CaptureDescription::displayNames(m_comparison->captures);
    m_title->setText(tr("Base: %1  \u2192  New: %2").arg(names[0], names[1]));
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);

    m_sampleTypeCombo = new QComboBox(this);
    m_sampleTypeCombo->setObjectName(QStringLiteral("diffSampleType"));
    for (size_t c = 0; c < stacks.columnsPerGroup(); ++c)
        m_sampleTypeCombo->addItem(
            QString::fromStdString(stacks.columns[c].type + " (" + stacks.columns[c].unit + ")"));
    m_sampleTypeCombo->setCurrentIndex(int(m_sampleType.column()));
    m_sampleTypeCombo->setToolTip(tr("Sample type"));

    m_normalize = new QCheckBox(tr("Normalise"), this);
    m_normalize->setChecked(true);
    m_normalize->setToolTip(tr("Scale the base to the new capture's total, so that captures of "
                               "different length compare fairly; off: absolute values"));

    m_palette = new QComboBox(this);
    m_palette->addItem(tr("Red / green"));
    m_palette->addItem(tr("Orange / blue (colour-blind safe)"));
    m_palette->setToolTip(tr("Colours of grown and shrunk frames"));

    m_hideNoise = new QCheckBox(tr("Hide noise"), this);
    m_hideNoise->setToolTip(tr("Changes within sampling noise: left uncoloured in the graph and "
                               "out of the table"));

    m_legend = new DiffLegend(this);

    m_busy = new QLabel(tr("Computing\u2026"), this);
    m_busy->setVisible(false);

    auto *controls = new QHBoxLayout;
    controls->addWidget(m_title);
    controls->addStretch(1);
    controls->addWidget(m_busy);
    controls->addWidget(m_sampleTypeCombo);
    controls->addWidget(m_normalize);
    controls->addWidget(m_palette);
    controls->addWidget(m_hideNoise);

    m_all = new QToolButton(this);
    m_all->setText(tr("All frames"));
    m_all->setToolTip(tr("Show the whole profile (Esc)"));
    m_search = new QLineEdit(this);
    m_search->setPlaceholderText(tr("Search functions"));
    m_search->setClearButtonEnabled(true);
    m_search->setMaximumWidth(280);
    m_searchResult = new QLabel(this);
    auto *graphBar = new QHBoxLayout;
    graphBar->addWidget(m_all);
    graphBar->addWidget(m_search);
    graphBar->addWidget(m_searchResult);
    graphBar->addStretch(1);
    graphBar->addWidget(m_legend);

    m_view = new FlameGraphView(this);
    m_view->setObjectName(QStringLiteral("diffFlameGraph"));
    m_showSource = new QAction(tr("Show &Source"), this);
    m_showSource->setObjectName(QStringLiteral("showSource"));
    m_showSource->setShortcut(Qt::CTRL | Qt::Key_U);
    m_showSource->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(m_showSource);
    auto addShowSource = [this](QMenu *menu, uint32_t frame) {
        QAction *item =
            menu->addAction(m_showSource->text(), this, [this, frame] { showSource(frame); });
        item->setShortcut(m_showSource->shortcut());
        item->setObjectName(QStringLiteral("showSourceItem"));
    };
    CopyActions::installCopyMenu(m_view, addShowSource);

    m_kind = new QComboBox(this);
    m_kind->addItem(tr("All changes"), int(DiffTableModel::Kind::All));
    m_kind->addItem(tr("New"), int(DiffTableModel::Kind::New));
    m_kind->addItem(tr("Removed"), int(DiffTableModel::Kind::Removed));
    m_kind->addItem(tr("Grew"), int(DiffTableModel::Kind::Grew));
    m_kind->addItem(tr("Shrank"), int(DiffTableModel::Kind::Shrank));
    m_tableFilter = new QLineEdit(this);
    m_tableFilter->setPlaceholderText(tr("Filter functions"));
    m_tableFilter->setClearButtonEnabled(true);
    auto *tableBar = new QHBoxLayout;
    tableBar->addWidget(m_kind);
    tableBar->addWidget(m_tableFilter, 1);

    m_model = new DiffTableModel(this);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("diffTable"));
    m_table->setModel(m_model);
    m_table->setSortingEnabled(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    CopyActions::installRowCopy(m_table);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideLeft);
    m_table->sortByColumn(DiffTableModel::TotalDeltaColumn, Qt::DescendingOrder);
    sizeColumns();

    auto *graphPart = new QWidget(this);
    auto *graphLayout = new QVBoxLayout(graphPart);
    graphLayout->setContentsMargins(0, 0, 0, 0);
    graphLayout->addLayout(graphBar);
    graphLayout->addWidget(m_view, 1);
    auto *tablePart = new QWidget(this);
    auto *tableLayout = new QVBoxLayout(tablePart);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addLayout(tableBar);
    tableLayout->addWidget(m_table, 1);
    m_source = new SourcePane(this);
    m_source->setObjectName(QStringLiteral("diffSourcePane"));
    m_viewTabs = new QTabWidget(this);
    m_viewTabs->setObjectName(QStringLiteral("diffViewTabs"));
    m_viewTabs->setDocumentMode(true);
    m_viewTabs->addTab(graphPart, tr("Flame &Graph"));
    m_viewTabs->addTab(m_source, tr("Source")); // Ctrl+U opens it
    m_viewTabs->setTabToolTip(
        1, tr("A function's source lines with their totals before, after and the change (Show "
              "Source on a function)"));
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_viewTabs);
    splitter->addWidget(tablePart);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(splitter, 1);

    connect(m_sampleTypeCombo, &QComboBox::currentIndexChanged, this,
            [this](int index) { setSampleType(SampleType(size_t(index))); });
    connect(m_normalize, &QCheckBox::toggled, this, &DiffView::setNormalized);
    connect(m_palette, &QComboBox::currentIndexChanged, this, [this](int i) {
        const auto p = i == 1 ? colors::DiffPalette::BlueOrange : colors::DiffPalette::RedGreen;
        m_view->setDiffPalette(p);
        m_legend->setPalette(p);
        m_source->view()->setDiffPalette(p);
    });
    connect(m_hideNoise, &QCheckBox::toggled, this, [this](bool hide) {
        m_view->setHideNoise(hide);
        m_model->setHideNoise(hide);
    });
    connect(m_kind, &QComboBox::currentIndexChanged, this,
            [this] { m_model->setKind(DiffTableModel::Kind(m_kind->currentData().toInt())); });
    connect(m_tableFilter, &QLineEdit::textChanged, m_model, &DiffTableModel::setNameFilter);
    connect(m_all, &QToolButton::clicked, m_view, &FlameGraphView::resetFocus);
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        if (text.isEmpty())
            m_view->clearSearch();
        else
            m_view->setSearch(text, false);
        updateSearchLabel();
    });
    connect(m_search, &QLineEdit::returnPressed, m_view, &FlameGraphView::nextMatch);
    // The function picked in the table lights up in the graph, and the other way round.
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                m_view->setHighlightFrame(current.isValid() ? current.data(FrameRole).toUInt()
                                                            : FlameGraphView::kNoFrame);
            });
    connect(m_view, &FlameGraphView::nodeSelected, this, [this](quint32 frame) {
        const int row = m_model->rowOfFrame(frame);
        if (row >= 0)
            m_table->scrollTo(m_model->index(row, 0));
    });
    // Show Source: Ctrl+U on the table's current function, a double-click on a box, the
    // context menus of both.
    connect(m_showSource, &QAction::triggered, this, [this] {
        const QModelIndex current = m_table->currentIndex();
        if (current.isValid())
            showSource(current.data(FrameRole).toUInt());
    });
    connect(m_view, &FlameGraphView::nodeDoubleClicked, this,
            [this](quint32 frame) { showSource(frame); });
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_table, &QWidget::customContextMenuRequested, this, [this, addShowSource](QPoint pos) {
        const QModelIndex index = m_table->indexAt(pos);
        if (!index.isValid())
            return;
        QMenu menu(this);
        addShowSource(&menu, index.data(FrameRole).toUInt());
        menu.exec(m_table->viewport()->mapToGlobal(pos));
    });
    // A line picked in the source lights up its function in the graph and the table.
    connect(m_source, &SourcePane::lineFramesActivated, this,
            [this](const std::vector<uint32_t> &frames) {
                const std::vector<uint32_t> picked =
                    m_lineCosts->comparisonFrames(*m_source->costsTable(), frames);
                if (picked.empty())
                    return;
                m_view->setHighlightFrame(picked.front());
                const int row = m_model->rowOfFrame(picked.front());
                if (row >= 0) {
                    m_table->setCurrentIndex(m_model->index(row, 0));
                    m_table->scrollTo(m_model->index(row, 0));
                }
            });
    recompute();
}

DiffView::~DiffView() = default;

void DiffView::showSource(uint32_t frame)
{
    if (frame >= m_comparison->stacks->frameCount())
        return;
    m_sourceFrame = frame;
    m_viewTabs->setCurrentWidget(m_source);
    m_source->show(m_lineCosts->request(frame, m_sampleType, m_normalized));
}

std::function<PageSources(JobControl &, QString *)> DiffView::pageSourcesJob() const
{
    QStringList paths;
    for (const std::shared_ptr<const Capture> &capture : m_comparison->captures)
        paths = capture->paths + paths; // the new capture's folders first, as Show Source
    return [lines = m_lineCosts->linesJob(), type = m_sampleType,
            scale = m_diff ? m_diff->baseScale() : 1.0,
            find = windowSourceFinder(paths, nullptr)](JobControl &control, QString *error) {
        const std::shared_ptr<const Comparison> at = lines(control, error);
        const SampleType inGroup = at ? at->sampleTypeOr(type) : SampleType();
        if (inGroup.isNone())
            return PageSources();
        const size_t c = inGroup.column();
        const StackTable *stacks = at->stacks.get();
        const FunctionTable *functions = at->functions.get();
        return collectPageSources({{stacks, functions, at->columnOf(0, c), scale},
                                   {stacks, functions, at->columnOf(1, c), 1}},
                                  find);
    };
}

bool DiffView::isBusy() const
{
    return m_job->isRunning() || !m_diff || !m_tableShown;
}

void DiffView::setSampleType(SampleType type)
{
    if (type.isNone() || type.column() >= m_comparison->stacks->columnsPerGroup() ||
        type == m_sampleType)
        return;
    m_sampleType = type;
    m_sampleTypeCombo->setCurrentIndex(int(type.column()));
    recompute();
}

void DiffView::setNormalized(bool normalized)
{
    if (normalized == m_normalized)
        return;
    m_normalized = normalized;
    m_normalize->setChecked(normalized);
    recompute();
}

void DiffView::recompute()
{
    // The source shown follows the sample type and the normalisation too.
    if (m_sourceFrame != StackTable::kNoFrame)
        m_source->show(m_lineCosts->request(m_sourceFrame, m_sampleType, m_normalized));
    // Busy until the new table is shown: between the computation's end and the table's
    // turn, what is shown is the old result.
    m_tableShown = false;
    m_busy->setVisible(true);
    m_job->run(
        [comparison = m_comparison, type = m_sampleType, normalized = m_normalized](JobControl &) {
            Result r;
            r.sampleType = type;
            // Side by side: the tree is mostly memory traffic, the table mostly arithmetic.
            inParallel(
                [&] {
                    r.tree = std::make_shared<const DiffTree>(comparison->stacks, type.column(),
                                                              normalized);
                },
                [&] {
                    r.functions = std::make_shared<FunctionDiff>(FunctionDiff::build(
                        *comparison->stacks, *comparison->functions, type.column(), normalized));
                });
            return r;
        },
        [this](const Result &r) { showResult(r); });
}

void DiffView::showResult(const Result &r)
{
    m_busy->setVisible(false);
    m_diff = r.tree;
    m_view->setDiff(m_diff);
    m_legend->setNoiseShown(m_diff->hasNoiseTest());
    m_hideNoise->setEnabled(m_diff->hasNoiseTest());
    if (!m_diff->hasNoiseTest())
        m_hideNoise->setToolTip(tr("This profile has no sample counts: no noise test"));
    // The table in the next turn of the event loop, so that the graph's layout and the
    // table's sort of 200k functions are two short stalls rather than one long one.
    runOnNextTurn(this, [this, r] {
        if (m_diff != r.tree || m_job->isRunning())
            return; // a newer result replaced it, or is coming
        m_model->setDiff(m_comparison->stacks, std::move(*r.functions), r.sampleType.column());
        m_tableShown = true;
        updateSearchLabel();
        emit diffShown();
    });
}

void DiffView::sizeColumns()
{
    // Widths from the font, not from measuring rows: 200k rows of text are slow to
    // measure, and columns that follow their contents jump with every recomputation.
    QHeaderView *header = m_table->horizontalHeader();
    const QFontMetrics fm = m_table->fontMetrics();
    const int value = fm.horizontalAdvance(QStringLiteral("+9,999.99 MiB"));
    const int percent = fm.horizontalAdvance(QStringLiteral("+999.9%"));
    const int change = std::max(fm.horizontalAdvance(DiffTableModel::tr("noise")),
                                fm.horizontalAdvance(DiffTableModel::tr("real")));
    for (int c = DiffTableModel::SelfBeforeColumn; c < DiffTableModel::ColumnCount; ++c) {
        const bool isPercent = c == DiffTableModel::SelfDeltaPercentColumn ||
                               c == DiffTableModel::TotalDeltaPercentColumn;
        const int contents = c == DiffTableModel::ChangeColumn ? change
                             : isPercent                       ? percent
                                                               : value;
        const int title = header->fontMetrics().horizontalAdvance(
            m_model->headerData(c, Qt::Horizontal).toString());
        header->resizeSection(c, std::max(contents, title) + 24);
    }
    // The name takes what the numbers leave.
    header->setSectionResizeMode(DiffTableModel::NameColumn, QHeaderView::Stretch);
}

void DiffView::updateSearchLabel()
{
    const FlameSearchResult &s = m_view->currentSearch();
    if (m_search->text().isEmpty()) {
        m_searchResult->clear();
    } else if (!s.valid) {
        m_searchResult->setText(s.error.isEmpty() ? QString() : s.error);
    } else {
        m_searchResult->setText(
            tr("Matched: %1 of the new capture")
                .arg(QString::number(s.matchedPercent, 'f', 1) + QLatin1Char('%')));
    }
}

} // namespace embers
