#include "CompareDialog.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace embers {

CompareDialog::CompareDialog(const QStringList &names, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Compare Captures"));
    m_actions = new QButtonGroup(this);
    auto *layout = new QVBoxLayout(this);
    const struct
    {
        Action action;
        QString text;
    } actions[] = {
        {Action::Diff, tr("&Diff: what changed from a base capture to a new one")},
        {Action::SideBySide, tr("&Side by side: flame graphs next to each other, linked")},
        {Action::Table, tr("&Table: every function's share in each capture")},
        {Action::Merge, tr("&Merge: one capture with the samples of all")},
    };
    for (const auto &a : actions) {
        auto *button = new QRadioButton(a.text, this);
        m_actions->addButton(button, int(a.action));
        layout->addWidget(button);
    }

    m_base = new QComboBox(this);
    m_new = new QComboBox(this);
    m_base->addItems(names);
    m_new->addItems(names);
    m_base->setCurrentIndex(0);
    m_new->setCurrentIndex(names.size() > 1 ? 1 : 0);
    auto *diffPage = new QWidget(this);
    auto *form = new QFormLayout(diffPage);
    form->addRow(tr("&Base:"), m_base);
    form->addRow(tr("&New:"), m_new);

    m_list = new QListWidget(this);
    for (const QString &name : names) {
        auto *item = new QListWidgetItem(name, m_list);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
    }
    m_pages = new QStackedWidget(this);
    m_pages->addWidget(diffPage);
    m_pages->addWidget(m_list);
    layout->addWidget(m_pages, 1);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_actions, &QButtonGroup::idToggled, this, [this](int, bool on) {
        if (!on)
            return;
        m_pages->setCurrentIndex(action() == Action::Diff ? 0 : 1);
        updateOk();
    });
    connect(m_base, &QComboBox::currentIndexChanged, this, &CompareDialog::updateOk);
    connect(m_new, &QComboBox::currentIndexChanged, this, &CompareDialog::updateOk);
    connect(m_list, &QListWidget::itemChanged, this, &CompareDialog::updateOk);
    setAction(names.size() == 2 ? Action::Diff : Action::Table);
}

CompareDialog::Action CompareDialog::action() const
{
    return Action(m_actions->checkedId());
}

void CompareDialog::setAction(Action action)
{
    m_actions->button(int(action))->setChecked(true);
}

QList<int> CompareDialog::chosen() const
{
    if (action() == Action::Diff)
        return {m_base->currentIndex(), m_new->currentIndex()};
    QList<int> rows;
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->checkState() == Qt::Checked)
            rows << i;
    }
    return rows;
}

void CompareDialog::setChecked(const QList<int> &indices)
{
    for (int i = 0; i < m_list->count(); ++i)
        m_list->item(i)->setCheckState(indices.contains(i) ? Qt::Checked : Qt::Unchecked);
    if (indices.size() >= 2) {
        m_base->setCurrentIndex(indices[0]);
        m_new->setCurrentIndex(indices[1]);
    }
}

void CompareDialog::updateOk()
{
    const QList<int> rows = chosen();
    const bool ok = action() == Action::Diff ? rows[0] != rows[1] : rows.size() >= 2;
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
}

} // namespace embers
