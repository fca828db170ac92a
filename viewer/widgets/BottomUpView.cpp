#include "BottomUpView.h"
#include "CopyActions.h"

#include "BottomUpModel.h"

#include <QFutureWatcher>
#include <QHeaderView>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace embers {

BottomUpView::BottomUpView(QWidget *parent)
    : QWidget(parent), m_model(new BottomUpModel(this)), m_view(new QTreeView)
{
    m_view->setObjectName(QStringLiteral("bottomUpTree"));
    m_view->setModel(m_model);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->header()->setSectionResizeMode(BottomUpModel::NameColumn, QHeaderView::Stretch);
    m_view->header()->setStretchLastSection(false);
    CopyActions::installRowCopy(m_view);
    m_pending = new QLabel(tr("Building the bottom-up tree\u2026"));
    m_pending->setAlignment(Qt::AlignCenter);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_pending);
    layout->addWidget(m_view, 1);
    m_view->hide();
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    emit frameSelected(current.data(BottomUpModel::FrameRole).toUInt());
            });
}

void BottomUpView::setCapture(std::shared_ptr<const Capture> capture, int column)
{
    if (capture == m_capture && column == m_column)
        return;
    m_capture = std::move(capture);
    m_column = column;
    showTree();
}

void BottomUpView::setColumn(int column)
{
    setCapture(m_capture, column);
}

void BottomUpView::showTree()
{
    const quint64 request = ++m_request;
    auto show = [this](std::shared_ptr<const CallTree> tree) {
        m_model->setTree(tree);
        m_view->setVisible(tree != nullptr);
        m_pending->setVisible(tree == nullptr);
        if (tree)
            m_view->resizeColumnToContents(BottomUpModel::CostColumn);
    };
    if (!m_capture || m_column < 0 || size_t(m_column) >= m_capture->stacks->columnCount()) {
        show(nullptr);
        return;
    }
    if (m_capture->tree && m_capture->tree->column() == size_t(m_column)) {
        show(m_capture->tree);
        return;
    }
    // Another sample type's tree is a pass over every node: off the GUI thread when big.
    std::shared_ptr<const StackTable> stacks = m_capture->stacks;
    const size_t column = size_t(m_column);
    if (stacks->nodeCount() < (size_t(1) << 20)) {
        show(std::make_shared<const CallTree>(stacks, column));
        return;
    }
    show(nullptr);
    auto *watcher = new QFutureWatcher<std::shared_ptr<const CallTree>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, request, show] {
        watcher->deleteLater();
        if (request == m_request)
            show(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([stacks, column]() -> std::shared_ptr<const CallTree> {
        return std::make_shared<const CallTree>(stacks, column);
    }));
}

} // namespace embers
