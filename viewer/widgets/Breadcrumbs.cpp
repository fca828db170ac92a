#include "Breadcrumbs.h"

#include "CallTree.h"

#include <QFontMetricsF>

namespace embers {

Breadcrumbs::Breadcrumbs(QWidget *parent) : QLabel(parent)
{
    setTextInteractionFlags(Qt::TextBrowserInteraction);
    setMinimumWidth(50);
    // The crumbs fit themselves to the width they are given, not the other way round.
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    connect(this, &QLabel::linkActivated, this,
            [this](const QString &node) { emit nodeActivated(node.toUInt()); });
}

void Breadcrumbs::setPath(QList<quint32> path, std::function<QString(quint32)> nameOf)
{
    m_path = std::move(path);
    m_nameOf = std::move(nameOf);
    layoutCrumbs();
}

void Breadcrumbs::setPath(QList<quint32> path, std::shared_ptr<const CallTree> tree)
{
    if (!tree) {
        setPath({}, std::function<QString(quint32)>());
        return;
    }
    setPath(std::move(path), [tree](quint32 node) {
        if (node == CallTree::kRoot)
            return tr("all");
        const StackTable &t = tree->stacks();
        const uint32_t frame = tree->frame(node);
        const std::string &own = t.strings[t.frames[frame].name];
        QString name = QString::fromStdString(own.empty() ? t.frameName(frame) : own);
        if (name.size() > 48)
            name = name.left(47) + QStringLiteral("…");
        return name;
    });
}

void Breadcrumbs::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    layoutCrumbs();
}

void Breadcrumbs::layoutCrumbs()
{
    if (m_path.isEmpty() || !m_nameOf) {
        clear();
        return;
    }
    const QList<quint32> &path = m_path;
    auto crumb = [&](quint32 node) {
        const QString name = m_nameOf(node).toHtmlEscaped();
        if (node == path.back())
            return QStringLiteral("<b>%1</b>").arg(name);
        return QStringLiteral("<a href=\"%1\">%2</a>").arg(node).arg(name);
    };
    QFont boldFont = font();
    boldFont.setBold(true);
    const QFontMetricsF fm(font()), boldFm(boldFont);
    const qreal gap = fm.horizontalAdvance(QStringLiteral("\u00a0 › \u00a0"));
    const qreal available = contentsRect().width();
    // The root and the focus always; then the focus's ancestors while they fit.
    qreal used = fm.horizontalAdvance(m_nameOf(path.front()));
    if (path.size() > 1)
        used += gap + boldFm.horizontalAdvance(m_nameOf(path.back()));
    qsizetype first = path.size() - 1; // the first crumb after the root that is shown
    const qreal ellipsis = gap + fm.horizontalAdvance(QStringLiteral("…"));
    while (first > 1) {
        const qreal more = gap + fm.horizontalAdvance(m_nameOf(path[first - 1]));
        if (used + more + (first - 1 > 1 ? ellipsis : 0) > available)
            break;
        used += more;
        --first;
    }
    QStringList crumbs{crumb(path.front())};
    if (first > 1)
        crumbs << QStringLiteral("…");
    for (qsizetype i = std::max<qsizetype>(first, 1); i < path.size(); ++i)
        crumbs << crumb(path[i]);
    setText(crumbs.join(QStringLiteral("&nbsp; › &nbsp;")));
}

} // namespace embers
