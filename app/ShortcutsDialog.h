// ShortcutsDialog: Help > Keyboard Shortcuts. Every key and mouse shortcut of the window,
// in groups: the menus' (read from their actions, so always current) and the views'
// own keys (the flame graph's keyPressEvent, the search field, the function table).
#pragma once

#include <QDialog>
#include <QKeySequence>
#include <QList>
#include <QString>

class QAction;
class QTreeWidget;

namespace embers {

class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    struct Entry
    {
        QString keys;          // as shown: "Ctrl+O", "Alt+Left, Back mouse button"
        QString action;        // what it does
        QKeySequence sequence; // the key to press (empty for mouse gestures)
    };
    struct Group
    {
        QString title;
        QList<Entry> entries;
    };

    explicit ShortcutsDialog(const QList<Group> &groups, QWidget *parent = nullptr);

    // The actions that have a shortcut (menus' submenus included), as one group.
    static Group fromActions(const QString &title, const QList<QAction *> &actions);
    // The keys the views handle themselves: flame graph, search, function table.
    static QList<Group> viewGroups();

    QList<Group> groups() const { return m_groups; }
    QTreeWidget *tree() const { return m_tree; }

private:
    QList<Group> m_groups;
    QTreeWidget *m_tree;
};

} // namespace embers
