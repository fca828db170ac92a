#include "CopyActions.h"

#include "CallTree.h"
#include "FlameGraphView.h"

#include <QAbstractItemView>
#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QMenu>
#include <QTableView>
#include <QTreeView>

namespace embers {

QString CopyActions::functionName(const StackTable &t, uint32_t frame)
{
    const std::string &own = t.strings[t.frames[frame].name];
    return QString::fromStdString(own.empty() ? t.frameName(frame) : own);
}

QString CopyActions::callStack(const StackTable &t, uint32_t node)
{
    QStringList lines;
    for (; node != StackTable::kRoot && node < t.nodeCount(); node = t.nodeParent(node))
        lines << QString::fromStdString(t.frameName(t.nodeFrame(node) & kFrameMask));
    return lines.join(QLatin1Char('\n'));
}

QString CopyActions::rowText(const QAbstractItemView *view, const QModelIndex &index)
{
    const QHeaderView *header = nullptr;
    if (auto *table = qobject_cast<const QTableView *>(view))
        header = table->horizontalHeader();
    else if (auto *tree = qobject_cast<const QTreeView *>(view))
        header = tree->header();
    QStringList cells;
    const int columns = index.model()->columnCount(index.parent());
    for (int visual = 0; visual < columns; ++visual) {
        const int column = header ? header->logicalIndex(visual) : visual;
        if (header && header->isSectionHidden(column))
            continue;
        cells << index.siblingAtColumn(column).data(Qt::DisplayRole).toString();
    }
    return cells.join(QLatin1Char('\t'));
}

void CopyActions::addActions(QMenu *menu, std::shared_ptr<const StackTable> stacks, uint32_t frame,
                             uint32_t node)
{
    if (!stacks || frame >= stacks->frameCount())
        return;
    QAction *name = menu->addAction(QObject::tr("Copy Function Name"), menu, [stacks, frame] {
        QGuiApplication::clipboard()->setText(functionName(*stacks, frame));
    });
    name->setObjectName(QStringLiteral("copyFunctionName"));
    if (node == kNone || node >= stacks->nodeCount())
        return;
    QAction *stack = menu->addAction(QObject::tr("Copy Call Stack"), menu, [stacks, node] {
        QGuiApplication::clipboard()->setText(callStack(*stacks, node));
    });
    stack->setObjectName(QStringLiteral("copyCallStack"));
}

void CopyActions::installRowCopy(QAbstractItemView *view)
{
    auto *copy = new QAction(QObject::tr("Copy Row"), view);
    copy->setObjectName(QStringLiteral("copyRow"));
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    QObject::connect(copy, &QAction::triggered, view, [view] {
        const QModelIndex current = view->currentIndex();
        if (current.isValid())
            QGuiApplication::clipboard()->setText(rowText(view, current));
    });
    view->addAction(copy);
}

void CopyActions::installCopyMenu(FlameGraphView *view,
                                  std::function<void(QMenu *menu, uint32_t frame)> addFirst)
{
    QObject::connect(view, &FlameGraphView::nodeContextMenu, view,
                     [view, addFirst](quint32 frame, quint32 node, QPoint globalPos) {
                         const std::shared_ptr<const CallTree> &tree = view->tree();
                         if (!tree)
                             return;
                         QMenu menu(view);
                         menu.setObjectName(QStringLiteral("copyMenu"));
                         if (addFirst) {
                             addFirst(&menu, frame);
                             menu.addSeparator();
                         }
                         addActions(&menu, {tree, &tree->stacks()}, frame, node);
                         menu.exec(globalPos);
                     });
}

} // namespace embers
