#include "FlameToolTip.h"

#include "Units.h"

#include <QStringList>

#include <cmath>

namespace embers {

namespace {

QString percentText(double value, double total)
{
    if (total == 0)
        return QStringLiteral("-");
    const double p = 100.0 * value / total;
    return QString::number(p, 'f', std::fabs(p) < 10 ? 2 : 1) + QLatin1Char('%');
}

QString human(int64_t value, const std::string &unit)
{
    return QString::fromStdString(units::humanValue(value, unit));
}

} // namespace

void FlameToolTip::setTree(std::shared_ptr<const CallTree> tree,
                           std::shared_ptr<const DiffTree> diff)
{
    m_tree = std::move(tree);
    m_diff = std::move(diff);
    if (!m_countTreeSetByUser) {
        m_countTree.reset();
        m_countTreeResolved = false;
    }
}

void FlameToolTip::setCountTree(std::shared_ptr<const CallTree> countTree)
{
    m_countTreeSetByUser = countTree != nullptr;
    m_countTree = std::move(countTree);
    m_countTreeResolved = m_countTreeSetByUser;
}

const CallTree *FlameToolTip::countTree() const
{
    if (!m_countTreeResolved && m_tree) {
        m_countTreeResolved = true;
        const int c = m_tree->stacks().countColumnFor(m_tree->column());
        if (c >= 0) {
            // Aliasing: the tree keeps its StackTable alive.
            std::shared_ptr<const StackTable> stacks(m_tree, &m_tree->stacks());
            m_countTree = std::make_shared<const CallTree>(stacks, size_t(c));
        }
    }
    if (m_countTree && m_tree && &m_countTree->stacks() == &m_tree->stacks())
        return m_countTree.get();
    return nullptr;
}

QString FlameToolTip::text(quint32 node, quint32 focusNode) const
{
    if (!m_tree || node == FlamePainter::kNoNode || node >= m_tree->nodeCount())
        return {};
    if (m_diff)
        return diffText(node);
    const StackTable &t = m_tree->stacks();
    const std::string &unit =
        m_tree->column() < t.columns.size() ? t.columns[m_tree->column()].unit : std::string();
    const int64_t total = m_tree->total(node);
    const int64_t self = m_tree->self(node);
    const int64_t all = FlameSearch::profileTotal(*m_tree);
    const int64_t focus = m_tree->total(focusNode);

    QStringList lines;
    if (node == CallTree::kRoot) {
        lines << (m_rootDescription.isEmpty() ? tr("root (the whole profile)") : m_rootDescription);
    } else {
        const Frame &f = t.frames[m_tree->frame(node)];
        QString name = QString::fromStdString(t.strings[f.name]);
        if (name.isEmpty())
            name = m_names.nodeName(node);
        lines << name;
        const std::string &file = t.strings[f.file];
        if (!file.empty()) {
            const int64_t line = f.line != 0 ? f.line : f.startLine;
            lines << (line != 0
                          ? QStringLiteral("%1:%2").arg(QString::fromStdString(file)).arg(line)
                          : QString::fromStdString(file));
        }
        if (f.address != 0)
            lines << QStringLiteral("0x%1").arg(f.address, 0, 16);
        if (m_tree->isInlined(node))
            lines << tr("(inlined)");
        if (m_frameNote) {
            const QString note = m_frameNote(t, m_tree->frame(node));
            if (!note.isEmpty())
                lines << note;
        }
    }
    // A share of the focus only for the focus and what is under it: the frames drawn
    // above it are its callers, more than all of it.
    bool underFocus = false;
    for (quint32 n = node; focusNode != CallTree::kRoot; n = m_tree->parent(n)) {
        underFocus = n == focusNode;
        if (underFocus || n == CallTree::kRoot)
            break;
    }
    if (underFocus)
        lines << tr("Total: %1 (%2 of all, %3 of focus)")
                     .arg(human(total, unit), percentText(double(total), double(all)),
                          percentText(double(total), double(focus)));
    else
        lines << tr("Total: %1 (%2 of all)")
                     .arg(human(total, unit), percentText(double(total), double(all)));
    lines << tr("Self: %1 (%2 of all)")
                 .arg(human(self, unit), percentText(double(self), double(all)));
    if (const QString cut = m_truncation.note(m_tree, node); !cut.isEmpty())
        lines << cut;
    if (const CallTree *counts = countTree()) {
        const SampleColumn &column = t.columns[counts->column()];
        const QString value = human(counts->total(node), column.unit);
        const QString type = QString::fromStdString(column.type);
        if (type.compare(QLatin1String("samples"), Qt::CaseInsensitive) == 0 ||
            type.compare(QLatin1String("sample"), Qt::CaseInsensitive) == 0)
            lines << tr("Samples: %1").arg(value);
        else
            lines << tr("Count: %1 (%2)").arg(value, type);
    }
    return lines.join(QLatin1Char('\n'));
}

QString FlameToolTip::diffText(quint32 node) const
{
    const DiffTree &d = *m_diff;
    const StackTable &t = d.stacks();
    const std::string &unit = t.columns[d.column()].unit;
    QStringList lines;
    if (node == CallTree::kRoot) {
        lines << (m_rootDescription.isEmpty() ? tr("root (the whole profile)") : m_rootDescription);
    } else {
        const Frame &f = t.frames[m_tree->frame(node)];
        lines << m_names.nodeName(node);
        const std::string &file = t.strings[f.file];
        if (!file.empty() && t.strings[f.name].size() > 0)
            lines << QString::fromStdString(file);
    }
    auto signedHuman = [&](int64_t v) -> QString {
        return (v > 0 ? QStringLiteral("+") : QString()) + human(v, unit);
    };
    const int64_t before = d.before(node), after = d.after(node), delta = d.delta(node);
    switch (d.change(node)) {
    case Change::Added:
        lines << tr("New: only in the new capture");
        break;
    case Change::Removed:
        lines << tr("Removed: only in the base capture");
        break;
    default:
        break;
    }
    lines << tr("Total: %1 → %2").arg(human(before, unit), human(after, unit));
    const double relative = d.relativeChange(node);
    lines << (std::isfinite(relative)
                  ? tr("Change: %1 (%2)")
                        .arg(signedHuman(delta), (relative > 0 ? QStringLiteral("+") : QString()) +
                                                     percentText(relative, 1.0))
                  : tr("Change: %1").arg(signedHuman(delta)));
    lines
        << tr("Self: %1 → %2").arg(human(d.beforeSelf(node), unit), human(d.afterSelf(node), unit));
    const int64_t all = d.newTotal();
    lines << tr("Share of all: %1 → %2")
                 .arg(percentText(double(before), double(d.isNormalized() ? all : d.baseTotal())),
                      percentText(double(after), double(all)));
    if (d.isNormalized())
        lines << tr("Base scaled by %1 to the new capture's total")
                     .arg(QString::number(d.baseScale(), 'g', 3));
    if (d.hasNoiseTest()) {
        const double p = d.pValue(node);
        const QString pText = p < 0.0001 ? QStringLiteral("< 0.0001") : QString::number(p, 'g', 2);
        lines << (d.isNoise(node) ? tr("Within sampling noise (p = %1)").arg(pText)
                                  : tr("Beyond sampling noise (p = %1)").arg(pText));
    }
    return lines.join(QLatin1Char('\n'));
}

QString FlameToolTip::othersText(const FlameBox &box, int64_t weight) const
{
    const StackTable &t = m_tree->stacks();
    const std::string &unit = t.columns[m_tree->column()].unit;
    return m_names.othersText(box) + QLatin1Char('\n') +
           tr("Total: %1 (%2 of all)")
               .arg(human(weight, unit),
                    percentText(double(weight), double(FlameSearch::profileTotal(*m_tree))));
}

} // namespace embers
