#include "FunctionTableWidget.h"
#include "CopyActions.h"

#include "FunctionTableModel.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

namespace embers {

namespace {

// Rows are picked whole: no focus frame around the one cell that has the keyboard focus.
class RowDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        option->state &= ~QStyle::State_HasFocus;
    }
};

} // namespace

FunctionTableWidget::FunctionTableWidget(QWidget *parent)
    : QWidget(parent), m_model(new FunctionTableModel(this)), m_filter(new QLineEdit(this)),
      m_view(new QTableView(this))
{
    m_filter->setObjectName(QStringLiteral("functionFilter"));
    m_filter->setPlaceholderText(tr("Filter functions\u2026"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, m_model, &FunctionTableModel::setFilter);

    m_view->setObjectName(QStringLiteral("functionTable"));
    m_view->setModel(m_model);
    // A table view rather than a tree view: it never walks the rows (a tree view lays
    // out every row of a 100k-row model when it is reset).
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->setShowGrid(false);
    m_view->setWordWrap(false);
    m_view->setCornerButtonEnabled(false);
    m_view->setTabKeyNavigation(false);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    CopyActions::installRowCopy(m_view);
    m_view->setItemDelegate(new RowDelegate(m_view));
    m_view->horizontalHeader()->setHighlightSections(false);
    m_view->setAlternatingRowColors(true);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(FunctionTableModel::SelfColumn, Qt::DescendingOrder);
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_view->horizontalHeader()->setSortIndicatorShown(true);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    emit frameSelected(current.data(FrameRole).toUInt());
            });
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex &index) {
        emit frameActivated(index.data(FrameRole).toUInt());
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filter);
    layout->addWidget(m_view);
}

void FunctionTableWidget::setCapture(std::shared_ptr<const Capture> capture, SampleType type)
{
    m_model->setCapture(std::move(capture), type);
    resizeColumns();
}

void FunctionTableWidget::setSampleType(SampleType type)
{
    // A change resets the model; keep the user's frame selected across it.
    uint32_t frame;
    bool hadFrame = currentFrame(&frame);
    m_model->setSampleType(type);
    if (hadFrame && m_model->rowOfFrame(frame) >= 0)
        selectFrame(frame);
}

bool FunctionTableWidget::currentFrame(uint32_t *frame) const
{
    QModelIndex current = m_view->currentIndex();
    if (!current.isValid())
        return false;
    *frame = current.data(FrameRole).toUInt();
    return true;
}

void FunctionTableWidget::selectFrame(uint32_t frame)
{
    int row = m_model->rowOfFrame(frame);
    if (row < 0 && !m_filter->text().isEmpty()) {
        m_filter->clear(); // the filter may hide it
        row = m_model->rowOfFrame(frame);
    }
    if (row < 0)
        return;
    const QModelIndex index = m_model->index(row, 0);
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
}

void FunctionTableWidget::resizeColumns()
{
    // Fixed widths from the font rather than ResizeToContents, which would measure rows
    // and make columns jump while scrolling.
    QHeaderView *header = m_view->horizontalHeader();
    const QFontMetrics fm = m_view->fontMetrics();
    const int value = fm.horizontalAdvance(QStringLiteral("9,999.99 MiB")) + 24;
    const int percent = fm.horizontalAdvance(QStringLiteral("100.00 %")) + 24;
    header->setSectionResizeMode(FunctionTableModel::NameColumn, QHeaderView::Stretch);
    for (int c = FunctionTableModel::SelfColumn; c < m_model->columnCount(); ++c) {
        header->setSectionResizeMode(c, QHeaderView::Interactive);
        bool isPercent = c == FunctionTableModel::SelfPercentColumn ||
                         c == FunctionTableModel::TotalPercentColumn;
        header->resizeSection(c, qMax(isPercent ? percent : value, header->sectionSizeHint(c)));
    }
}

} // namespace embers
