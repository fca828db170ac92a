#include "FunctionTableWidget.h"

#include "FunctionTableModel.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace embers {

FunctionTableWidget::FunctionTableWidget(QWidget *parent)
    : QWidget(parent), m_model(new FunctionTableModel(this)),
      m_proxy(new QSortFilterProxyModel(this)), m_filter(new QLineEdit(this)),
      m_view(new QTreeView(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(FunctionTableModel::SortRole);
    m_proxy->setFilterKeyColumn(FunctionTableModel::NameColumn);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

    m_filter->setObjectName(QStringLiteral("functionFilter"));
    m_filter->setPlaceholderText(tr("Filter functions\u2026"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, m_proxy,
            &QSortFilterProxyModel::setFilterFixedString);

    m_view->setObjectName(QStringLiteral("functionTable"));
    m_view->setModel(m_proxy);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true); // lets the view skip measuring 100k rows
    m_view->setAlternatingRowColors(true);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(FunctionTableModel::SelfColumn, Qt::DescendingOrder);
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSortIndicatorShown(true);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    emit frameSelected(current.data(FunctionTableModel::FrameRole).toUInt());
            });
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex &index) {
        emit frameActivated(index.data(FunctionTableModel::FrameRole).toUInt());
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filter);
    layout->addWidget(m_view);
}

void FunctionTableWidget::setCapture(std::shared_ptr<const Capture> capture, int column)
{
    m_model->setCapture(std::move(capture), column);
    resizeColumns();
}

void FunctionTableWidget::setColumn(int column)
{
    // A column change resets the model; keep the user's frame selected across it.
    uint32_t frame;
    bool hadFrame = currentFrame(&frame);
    m_model->setColumn(column);
    if (hadFrame && m_model->rowOfFrame(frame) >= 0)
        selectFrame(frame);
}

bool FunctionTableWidget::currentFrame(uint32_t *frame) const
{
    QModelIndex current = m_view->currentIndex();
    if (!current.isValid())
        return false;
    *frame = current.data(FunctionTableModel::FrameRole).toUInt();
    return true;
}

void FunctionTableWidget::selectFrame(uint32_t frame)
{
    int row = m_model->rowOfFrame(frame);
    if (row < 0)
        return;
    QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!index.isValid()) {
        m_filter->clear();
        index = m_proxy->mapFromSource(m_model->index(row, 0));
    }
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
}

void FunctionTableWidget::resizeColumns()
{
    // Fixed widths from the font rather than ResizeToContents, which would measure rows
    // and make columns jump while scrolling.
    QHeaderView *header = m_view->header();
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
