#include "ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace embers {

namespace {

QString keyText(const QKeySequence &sequence)
{
    return sequence.toString(QKeySequence::NativeText);
}

// An action's text as a label: no mnemonic '&' (a doubled "&&" is a literal one).
QString plainText(const QAction *action)
{
    QString text = action->text();
    text.replace(QLatin1String("&&"), QLatin1String("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    return text;
}

void collect(const QList<QAction *> &actions, QList<ShortcutsDialog::Entry> &entries)
{
    for (QAction *action : actions) {
        if (action->menu()) {
            collect(action->menu()->actions(), entries);
            continue;
        }
        const QList<QKeySequence> shortcuts = action->shortcuts();
        if (shortcuts.isEmpty() || action->isSeparator())
            continue;
        QStringList keys;
        for (const QKeySequence &s : shortcuts)
            keys << keyText(s);
        entries.append({keys.join(QLatin1String(", ")), plainText(action), shortcuts.front()});
    }
}

} // namespace

ShortcutsDialog::Group ShortcutsDialog::fromActions(const QString &title,
                                                    const QList<QAction *> &actions)
{
    Group group{title, {}};
    collect(actions, group.entries);
    return group;
}

QList<ShortcutsDialog::Group> ShortcutsDialog::viewGroups()
{
    const auto key = [](QKeyCombination combination) { return QKeySequence(combination); };
    QList<Group> groups;

    Group flame{tr("Flame graph"), {}};
    flame.entries = {
        {tr("Click"), tr("Focus on a frame: it and its callers fill the width"), {}},
        {keyText(key(Qt::Key_Up)), tr("Select the caller (the callee in the flame orientation)"),
         key(Qt::Key_Up)},
        {keyText(key(Qt::Key_Down)),
         tr("Select the widest callee (the caller in the flame orientation)"), key(Qt::Key_Down)},
        {keyText(key(Qt::Key_Left)), tr("Select the previous sibling"), key(Qt::Key_Left)},
        {keyText(key(Qt::Key_Right)), tr("Select the next sibling"), key(Qt::Key_Right)},
        {keyText(key(Qt::Key_Return)), tr("Focus on the selected frame"), key(Qt::Key_Return)},
        {keyText(key(Qt::Key_Escape)), tr("Show the whole profile"), key(Qt::Key_Escape)},
        {tr("%1, back mouse button").arg(keyText(key(Qt::ALT | Qt::Key_Left))),
         tr("Back to the previous focus"), key(Qt::ALT | Qt::Key_Left)},
        {tr("%1, forward mouse button").arg(keyText(key(Qt::ALT | Qt::Key_Right))),
         tr("Forward to the next focus"), key(Qt::ALT | Qt::Key_Right)},
        {keyText(key(Qt::Key_F3)), tr("Next search match"), key(Qt::Key_F3)},
        {keyText(key(Qt::SHIFT | Qt::Key_F3)), tr("Previous search match"),
         key(Qt::SHIFT | Qt::Key_F3)},
        {keyText(key(Qt::CTRL | Qt::Key_Plus)), tr("Zoom in"), key(Qt::CTRL | Qt::Key_Plus)},
        {keyText(key(Qt::CTRL | Qt::Key_Minus)), tr("Zoom out"), key(Qt::CTRL | Qt::Key_Minus)},
        {keyText(key(Qt::CTRL | Qt::Key_0)), tr("Reset the zoom"), key(Qt::CTRL | Qt::Key_0)},
        {tr("Ctrl+Wheel"), tr("Zoom in or out around the pointer"), {}},
        {tr("Shift+Wheel"), tr("Scroll sideways"), {}},
    };
    groups.append(flame);

    Group search{tr("Search"), {}};
    search.entries = {
        {keyText(QKeySequence(QKeySequence::Find)), tr("Search functions in the flame graph"),
         QKeySequence(QKeySequence::Find)},
        {keyText(key(Qt::Key_Return)), tr("In the search field: next match"), key(Qt::Key_Return)},
        {keyText(key(Qt::SHIFT | Qt::Key_Return)), tr("In the search field: previous match"),
         key(Qt::SHIFT | Qt::Key_Return)},
    };
    groups.append(search);

    Group table{tr("Function table"), {}};
    table.entries = {
        {tr("%1, %2").arg(keyText(key(Qt::Key_Up)), keyText(key(Qt::Key_Down))),
         tr("Select a function: its boxes light up in the flame graph"), key(Qt::Key_Down)},
        {tr("%1, double-click").arg(keyText(key(Qt::Key_Return))),
         tr("Focus the flame graph on the function"), key(Qt::Key_Return)},
        // In every table, tab-separated.
        {keyText(QKeySequence(QKeySequence::Copy)), tr("Copy Row"), {}},
    };
    groups.append(table);

    // The capture page's tabs and toggle, by their mnemonics.
    Group page{tr("Capture page"), {}};
    page.entries = {
        {keyText(key(Qt::ALT | Qt::Key_G)), tr("Show the flame graph"), {}},
        {keyText(key(Qt::ALT | Qt::Key_C)),
         tr("Show the callers and callees of the selected function"),
         {}},
        {keyText(key(Qt::ALT | Qt::Key_I)), tr("Hide or show V8's idle and program frames"), {}},
        {keyText(key(Qt::CTRL | Qt::Key_I)), tr("Invert Graph (Bottom-Up)"), {}},
        {tr("%1, double-click a box").arg(keyText(key(Qt::CTRL | Qt::Key_U))),
         tr("Show Source"),
         {}},
        {keyText(key(Qt::ALT | Qt::Key_L)), tr("Show the labels"), {}},
        {keyText(key(Qt::ALT | Qt::Key_B)), tr("Show the bottom-up tree"), {}},
    };
    groups.append(page);

    Group transforms{tr("Transforms"), {}};
    transforms.entries = {
        {tr("Right-click"), tr("On a box or a table row: focus, merge, drop, collapse\u2026"), {}},
        {keyText(key(Qt::CTRL | Qt::Key_Z)), tr("Undo the last change to the transforms"),
         key(Qt::CTRL | Qt::Key_Z)},
        {keyText(key(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)), tr("Redo it"),
         key(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)},
    };
    groups.append(transforms);
    return groups;
}

ShortcutsDialog::ShortcutsDialog(const QList<Group> &groups, QWidget *parent)
    : QDialog(parent), m_groups(groups), m_tree(new QTreeWidget)
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));

    m_tree->setObjectName(QStringLiteral("shortcutList"));
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Shortcut"), tr("Action")});
    m_tree->setRootIsDecorated(false);
    m_tree->setItemsExpandable(false);
    m_tree->setSelectionMode(QAbstractItemView::NoSelection);
    m_tree->setFocusPolicy(Qt::NoFocus);
    m_tree->setWordWrap(true);
    for (const Group &group : groups) {
        if (group.entries.isEmpty())
            continue;
        auto *heading = new QTreeWidgetItem(m_tree, {group.title});
        QFont bold = heading->font(0);
        bold.setBold(true);
        heading->setFont(0, bold);
        heading->setFirstColumnSpanned(true);
        heading->setFlags(Qt::ItemIsEnabled);
        for (const Entry &entry : group.entries) {
            auto *item = new QTreeWidgetItem(heading, {entry.keys, entry.action});
            item->setFlags(Qt::ItemIsEnabled);
        }
    }
    m_tree->expandAll();
    m_tree->header()->setStretchLastSection(true);
    m_tree->resizeColumnToContents(0);
    m_tree->setColumnWidth(0, m_tree->columnWidth(0) + 24);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tree, 1);
    layout->addWidget(buttons);
    resize(760, 640);
}

} // namespace embers
