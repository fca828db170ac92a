// CompareDialog: File > Compare. Picks what to do with the open captures: a diff of two
// (which one is the base), side-by-side panes, the table across several, or a merge.
#pragma once

#include <QDialog>
#include <QList>
#include <QStringList>

class QButtonGroup;
class QComboBox;
class QDialogButtonBox;
class QListWidget;
class QStackedWidget;

namespace embers {

class CompareDialog : public QDialog
{
    Q_OBJECT
public:
    enum class Action { Diff, SideBySide, Table, Merge };
    Q_ENUM(Action)

    // `names`: the loaded captures, in the capture list's order.
    explicit CompareDialog(const QStringList &names, QWidget *parent = nullptr);

    Action action() const;
    void setAction(Action action);
    // The chosen captures (indices into `names`): base then new for a diff.
    QList<int> chosen() const;
    void setChecked(const QList<int> &indices);

    QComboBox *baseCombo() const { return m_base; }
    QComboBox *newCombo() const { return m_new; }
    QListWidget *list() const { return m_list; }

private:
    void updateOk();

    QButtonGroup *m_actions;
    QStackedWidget *m_pages;
    QComboBox *m_base;
    QComboBox *m_new;
    QListWidget *m_list;
    QDialogButtonBox *m_buttons;
};

} // namespace embers
