#include "LabelsPanel.h"

#include "StackLabels.h"
#include "TransformController.h"
#include "Units.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace embers {

namespace {

enum Column { NameColumn, CostColumn, ShareColumn };

// A label value as an exact regex for a tag filter: anchored, and with no bare comma
// (the filter splits its regexes at commas).
QString exactValue(const QString &value)
{
    QString rx = QRegularExpression::escape(value);
    rx.replace(QStringLiteral("\\,"), QStringLiteral("\\x2c"));
    return rx;
}

// A numeric key's values as pprof's -tags lists them: scaled in the key's unit, samples
// summed by the printed value, the largest first.
std::vector<LabelValueTotal> numericValues(const StackLabels &labels, uint32_t key,
                                           const std::string &unit, size_t column)
{
    const LabelSets &sets = *labels.labelSets;
    std::vector<LabelValueTotal> out;
    std::unordered_map<std::string, size_t> index;
    for (size_t e = 0; e < labels.size(); ++e) {
        for (const LabelSets::Label &l : sets.set(labels.sets[e])) {
            if (l.key != key || l.str != 0)
                continue;
            auto [it, added] = index.emplace(units::scaledLabel(l.num, unit, "auto"), out.size());
            if (added)
                out.push_back({it->first, std::vector<int64_t>(labels.columns, 0)});
            for (size_t c = 0; c < labels.columns; ++c)
                out[it->second].totals[c] =
                    addSaturating(out[it->second].totals[c], labels.valuesOf(e)[c]);
        }
    }
    auto magnitude = [](int64_t v) { return v < 0 ? (v == INT64_MIN ? INT64_MAX : -v) : v; };
    std::sort(out.begin(), out.end(), [&](const LabelValueTotal &a, const LabelValueTotal &b) {
        const int64_t x = magnitude(a.totals[column]), y = magnitude(b.totals[column]);
        return x != y ? x > y : a.value < b.value;
    });
    return out;
}

} // namespace

LabelsPanel::LabelsPanel(TransformController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller)
{
    m_empty = new QLabel;
    m_empty->setObjectName(QStringLiteral("labelsEmpty"));
    m_empty->setWordWrap(true);
    m_tree = new QTreeWidget;
    m_tree->setObjectName(QStringLiteral("labelsTree"));
    m_tree->setColumnCount(3);
    m_tree->setHeaderLabels({tr("Label"), tr("Cost"), tr("Share")});
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    m_tree->header()->setStretchLastSection(false);
    m_tree->setToolTip(tr("Check values to keep or exclude their samples; double-click a "
                          "value to keep only it"));
    connect(m_tree, &QTreeWidget::itemChanged, this, &LabelsPanel::updateButtons);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, &LabelsPanel::updateButtons);
    connect(m_tree, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem *item) {
        if (!item->parent() || item->data(0, NumericRole).toBool())
            return;
        const QString key = item->data(0, KeyRole).toString();
        const QString expression = key + QLatin1Char('=') + QLatin1Char('^') +
                                   exactValue(item->text(NameColumn)) + QLatin1Char('$');
        m_controller->push(Transform{TransformKind::TagFocus, expression.toStdString(), {}, true},
                           key + QLatin1Char('=') + item->text(NameColumn));
    });

    m_keep = new QPushButton(tr("&Keep Checked"));
    m_keep->setObjectName(QStringLiteral("labelsKeep"));
    m_keep->setToolTip(tr("Keep only the samples with a checked value (pprof's -tagfocus)"));
    connect(m_keep, &QPushButton::clicked, this, &LabelsPanel::keepChecked);
    m_exclude = new QPushButton(tr("E&xclude Checked"));
    m_exclude->setObjectName(QStringLiteral("labelsExclude"));
    m_exclude->setToolTip(tr("Drop the samples with a checked value (pprof's -tagignore)"));
    connect(m_exclude, &QPushButton::clicked, this, &LabelsPanel::excludeChecked);
    m_group = new QPushButton(tr("&Group by Label"));
    m_group->setObjectName(QStringLiteral("labelsGroup"));
    m_group->setToolTip(tr("A root frame per value of the selected label (pprof's -tagroot)"));
    connect(m_group, &QPushButton::clicked, this, &LabelsPanel::groupBySelected);
    m_leaves = new QPushButton(tr("L&abel Leaves"));
    m_leaves->setObjectName(QStringLiteral("labelsLeaves"));
    m_leaves->setToolTip(tr("A leaf frame per value of the selected label, below where each "
                            "sample was taken (pprof's -tagleaf)"));
    connect(m_leaves, &QPushButton::clicked, this, &LabelsPanel::labelLeavesBySelected);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_keep);
    buttons->addWidget(m_exclude);
    buttons->addWidget(m_group);
    buttons->addWidget(m_leaves);
    buttons->addStretch();

    m_rangeKey = new QComboBox;
    m_rangeKey->setObjectName(QStringLiteral("labelsRangeKey"));
    m_range = new QLineEdit;
    m_range->setObjectName(QStringLiteral("labelsRange"));
    m_range->setPlaceholderText(tr("e.g. 1kb:4mb, :64b, 32b"));
    m_range->setClearButtonEnabled(true);
    m_rangeApply = new QPushButton(tr("Filter &Range"));
    m_rangeApply->setObjectName(QStringLiteral("labelsRangeApply"));
    m_rangeApply->setToolTip(tr("Keep the samples whose numeric label is in the range "
                                "(from:to, :to, from:, or one value; units as pprof's)"));
    connect(m_rangeApply, &QPushButton::clicked, this, &LabelsPanel::filterRange);
    connect(m_range, &QLineEdit::returnPressed, this, &LabelsPanel::filterRange);
    auto *range = new QHBoxLayout;
    auto *rangeLabel = new QLabel(tr("Numeric:"));
    range->addWidget(rangeLabel);
    range->addWidget(m_rangeKey);
    range->addWidget(m_range, 1);
    range->addWidget(m_rangeApply);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_empty);
    layout->addWidget(m_tree, 1);
    layout->addLayout(buttons);
    layout->addLayout(range);
    refresh();
}

void LabelsPanel::setCapture(std::shared_ptr<const Capture> capture, SampleType type)
{
    if (capture == m_capture && type == m_sampleType)
        return;
    m_capture = std::move(capture);
    m_sampleType = type;
    m_dirty = true;
    if (isVisible())
        refresh();
}

void LabelsPanel::setSampleType(SampleType type)
{
    setCapture(m_capture, type);
}

void LabelsPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        refresh();
}

QTreeWidgetItem *LabelsPanel::keyItem(const QString &key) const
{
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        if (m_tree->topLevelItem(i)->data(0, KeyRole).toString() == key)
            return m_tree->topLevelItem(i);
    }
    return nullptr;
}

void LabelsPanel::refresh()
{
    m_dirty = false;
    QSignalBlocker block(m_tree);
    m_tree->clear();
    m_rangeKey->clear();
    const StackTable *t = m_capture ? m_capture->stacks.get() : nullptr;
    const StackLabels *labels = t ? t->sampleLabels.get() : nullptr;
    const bool any = labels && labels->labelSets && labels->labelSets->count() > 1 &&
                     !labels->labelSets->keys().empty();
    m_empty->setVisible(!any);
    m_empty->setText(m_capture ? tr("This capture has no labels. Profilers add them per "
                                    "request, thread or allocation size (pprof labels).")
                               : QString());
    m_tree->setVisible(any);
    for (QWidget *w : std::initializer_list<QWidget *>{m_keep, m_exclude, m_group, m_leaves,
                                                       m_rangeKey, m_range, m_rangeApply})
        w->setEnabled(any);
    if (!any || !m_sampleType.isIn(*t)) {
        updateButtons();
        return;
    }
    const LabelSets &sets = *labels->labelSets;
    const size_t column = m_sampleType.column();
    const std::string &unit = m_sampleType.describedIn(*t).unit;
    auto human = [&](int64_t v) { return QString::fromStdString(units::humanValue(v, unit)); };
    for (uint32_t keyId : sets.keys()) {
        const std::string key = sets.strings[keyId];
        const std::string numUnit = sets.numUnit(key);
        const bool numeric = !numUnit.empty();
        std::vector<LabelValueTotal> values = numeric
                                                  ? numericValues(*labels, keyId, numUnit, column)
                                                  : labels->valuesOf(key, column);
        int64_t total = 0;
        for (const LabelValueTotal &v : values)
            total = addSaturating(total, v.totals[column]);

        auto *keyItem = new QTreeWidgetItem(m_tree);
        QString name = QString::fromStdString(key);
        if (numeric) {
            // The range of the key's numbers, in their unit.
            int64_t low = std::numeric_limits<int64_t>::max();
            int64_t high = std::numeric_limits<int64_t>::min();
            for (uint32_t s = 0; s < sets.count(); ++s) {
                for (const LabelSets::Label &l : sets.set(s)) {
                    if (l.key != keyId || l.str != 0)
                        continue;
                    low = std::min(low, l.num);
                    high = std::max(high, l.num);
                }
            }
            name = tr("%1 (%2, %3 \u2013 %4)")
                       .arg(name, QString::fromStdString(numUnit),
                            QString::fromStdString(units::scaledLabel(low, numUnit, "auto")),
                            QString::fromStdString(units::scaledLabel(high, numUnit, "auto")));
            m_rangeKey->addItem(QString::fromStdString(key));
        }
        keyItem->setText(NameColumn, name);
        keyItem->setText(CostColumn, human(total));
        keyItem->setData(0, KeyRole, QString::fromStdString(key));
        keyItem->setData(0, CostRole, qint64(total));
        keyItem->setData(0, NumericRole, numeric);
        keyItem->setToolTip(NameColumn, tr("%n value(s)", nullptr, int(values.size())));
        for (const LabelValueTotal &v : values) {
            const int64_t cost = v.totals[column];
            auto *item = new QTreeWidgetItem(keyItem);
            item->setText(NameColumn, QString::fromStdString(v.value));
            item->setText(CostColumn, human(cost));
            item->setText(ShareColumn, total != 0
                                           ? QStringLiteral("%1 %").arg(QLocale().toString(
                                                 100.0 * double(cost) / double(total), 'f', 2))
                                           : QString());
            item->setTextAlignment(CostColumn, Qt::AlignRight | Qt::AlignVCenter);
            item->setTextAlignment(ShareColumn, Qt::AlignRight | Qt::AlignVCenter);
            item->setData(0, KeyRole, QString::fromStdString(key));
            item->setData(0, CostRole, qint64(cost));
            item->setData(0, NumericRole, numeric);
            if (!numeric)
                item->setCheckState(NameColumn, Qt::Unchecked);
        }
        keyItem->setTextAlignment(CostColumn, Qt::AlignRight | Qt::AlignVCenter);
        keyItem->setExpanded(values.size() <= 20);
    }
    m_tree->resizeColumnToContents(CostColumn);
    m_tree->resizeColumnToContents(ShareColumn);
    m_rangeKey->setEnabled(m_rangeKey->count() > 0);
    m_range->setEnabled(m_rangeKey->count() > 0);
    m_rangeApply->setEnabled(m_rangeKey->count() > 0);
    updateButtons();
}

void LabelsPanel::updateButtons()
{
    bool anyChecked = false;
    for (int i = 0; i < m_tree->topLevelItemCount() && !anyChecked; ++i) {
        QTreeWidgetItem *key = m_tree->topLevelItem(i);
        for (int j = 0; j < key->childCount() && !anyChecked; ++j)
            anyChecked = key->child(j)->checkState(NameColumn) == Qt::Checked;
    }
    m_keep->setEnabled(anyChecked);
    m_exclude->setEnabled(anyChecked);
    m_group->setEnabled(m_tree->currentItem() != nullptr);
    m_leaves->setEnabled(m_group->isEnabled());
}

void LabelsPanel::keepChecked()
{
    filterChecked(true);
}

void LabelsPanel::excludeChecked()
{
    filterChecked(false);
}

void LabelsPanel::filterChecked(bool keep)
{
    // One filter per key: values of a key are alternatives, keys must all match.
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *keyItem = m_tree->topLevelItem(i);
        QStringList rx, names;
        for (int j = 0; j < keyItem->childCount(); ++j) {
            QTreeWidgetItem *value = keyItem->child(j);
            if (value->checkState(NameColumn) != Qt::Checked)
                continue;
            rx << exactValue(value->text(NameColumn));
            names << value->text(NameColumn);
            value->setCheckState(NameColumn, Qt::Unchecked);
        }
        if (rx.isEmpty())
            continue;
        const QString key = keyItem->data(0, KeyRole).toString();
        const QString expression =
            key + QStringLiteral("=^(?:") + rx.join(QLatin1Char('|')) + QStringLiteral(")$");
        m_controller->push(Transform{keep ? TransformKind::TagFocus : TransformKind::TagIgnore,
                                     expression.toStdString(),
                                     {},
                                     true},
                           key + QLatin1Char('=') + names.join(QLatin1Char('|')));
    }
}

void LabelsPanel::groupBySelected()
{
    pushForSelectedKey(TransformKind::TagRoot);
}

void LabelsPanel::labelLeavesBySelected()
{
    pushForSelectedKey(TransformKind::TagLeaf);
}

void LabelsPanel::pushForSelectedKey(TransformKind kind)
{
    QTreeWidgetItem *item = m_tree->currentItem();
    if (!item)
        return;
    const QString key = item->data(0, KeyRole).toString();
    m_controller->push(Transform{kind, key.toStdString(), {}, true}, key);
}

void LabelsPanel::filterRange()
{
    const QString range = m_range->text().trimmed();
    if (range.isEmpty() || m_rangeKey->currentIndex() < 0)
        return;
    const QString expression = m_rangeKey->currentText() + QLatin1Char('=') + range;
    m_controller->push(Transform{TransformKind::TagFocus, expression.toStdString(), {}, true},
                       expression);
    m_range->clear();
}

} // namespace embers
