#include "BottomUpView.h"
#include "CopyActions.h"

#include "BottomUpModel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>

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
                    emit frameSelected(current.data(FrameRole).toUInt());
            });
}

void BottomUpView::setTree(std::shared_ptr<const CallTree> tree)
{
    if (tree == m_model->tree())
        return;
    m_model->setTree(tree);
    m_view->setVisible(tree != nullptr);
    m_pending->setVisible(tree == nullptr);
    if (tree)
        m_view->resizeColumnToContents(BottomUpModel::CostColumn);
}

} // namespace embers
