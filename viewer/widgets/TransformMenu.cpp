#include "TransformMenu.h"

#include "TransformController.h"

#include <QMenu>
#include <QRegularExpression>

namespace embers {

namespace {

// The frame's name, file and binary; from its origins where the frame has none (the
// functions granularity keeps no file, a named frame no binary).
struct Resources
{
    QString name, file, binary;
};

Resources resourcesOf(const StackTable &t, uint32_t frame)
{
    const Frame &f = t.frames[frame];
    Resources r;
    r.name = QString::fromStdString(t.strings[f.name]);
    r.file = QString::fromStdString(t.strings[f.file]);
    r.binary = QString::fromStdString(t.strings[f.objfile]);
    for (uint32_t o : t.origins.of(frame)) {
        const FrameOrigin &origin = t.origins.origins[o];
        if (r.file.isEmpty() && origin.file != 0)
            r.file = QString::fromStdString(t.strings[origin.file]);
        if (r.binary.isEmpty() && origin.mapping != FrameOrigin::kNoMapping && origin.mapping != 0)
            r.binary = QString::fromStdString(t.strings[origin.mapping]);
    }
    return r;
}

QString shortened(const QString &s)
{
    return s.size() > 50 ? s.left(48) + QStringLiteral("\u2026") : s;
}

} // namespace

void TransformMenu::addActions(QMenu *menu, TransformController *controller, uint32_t frame,
                               uint32_t node)
{
    const std::shared_ptr<const StackTable> table = controller->shownTable();
    if (!table || frame >= table->frameCount())
        return;
    const StackTable &t = *table;
    const Resources r = resourcesOf(t, frame);
    const QString name = QString::fromStdString(t.frameName(frame));
    auto push = [controller](TransformKind kind, std::string pattern, std::vector<uint32_t> frames,
                             QString label) {
        return [=] { controller->push(Transform{kind, pattern, frames, true}, label); };
    };
    const std::vector<uint32_t> just{frame};
    const QString shortName = shortened(name);

    QAction *a = menu->addAction(QObject::tr("Focus on Function"),
                                 push(TransformKind::FocusFunction, {}, just, name));
    a->setObjectName(QStringLiteral("focusFunction"));
    a->setToolTip(QObject::tr("Root the graph at %1, its callers merged").arg(shortName));
    if (node != kNone && node < t.nodeCount()) {
        std::vector<uint32_t> path = callPathOf(t, node);
        QStringList names;
        for (uint32_t f : path)
            names << QString::fromStdString(t.strings[t.frames[f & kFrameMask].name]);
        a = menu->addAction(
            QObject::tr("Focus on This Call Path"),
            push(TransformKind::FocusSubtree, {}, path, names.join(QStringLiteral(" \u203A "))));
        a->setObjectName(QStringLiteral("focusSubtree"));
    }
    const std::string anchored =
        "^" + QRegularExpression::escape(r.name.isEmpty() ? name : r.name).toStdString() + "$";
    a = menu->addAction(QObject::tr("Show From Here"),
                        push(TransformKind::ShowFrom, anchored, {}, name));
    a->setObjectName(QStringLiteral("showFrom"));
    menu->addSeparator();
    a = menu->addAction(QObject::tr("Merge into Caller (Hide)"),
                        push(TransformKind::MergeFunction, {}, just, name));
    a->setObjectName(QStringLiteral("mergeFunction"));
    a = menu->addAction(QObject::tr("Drop Samples with This Function"),
                        push(TransformKind::DropFunction, {}, just, name));
    a->setObjectName(QStringLiteral("dropFunction"));
    menu->addSeparator();
    a = menu->addAction(QObject::tr("Collapse Recursion"),
                        push(TransformKind::CollapseRecursion, {}, just, name));
    a->setObjectName(QStringLiteral("collapseRecursion"));
    a = menu->addAction(QObject::tr("Collapse Direct Recursion Everywhere"),
                        push(TransformKind::CollapseDirectRecursion, {}, {}, QString()));
    a->setObjectName(QStringLiteral("collapseDirectRecursion"));
    a = menu->addAction(r.file.isEmpty() ? QObject::tr("Collapse File")
                                         : QObject::tr("Collapse File %1").arg(shortened(r.file)),
                        push(TransformKind::CollapseFile, r.file.toStdString(), {}, r.file));
    a->setObjectName(QStringLiteral("collapseFile"));
    a->setEnabled(!r.file.isEmpty());
    const QString package = QString::fromStdString(packageOfFunction(r.name.toStdString()));
    a = menu->addAction(package.isEmpty()
                            ? QObject::tr("Collapse Package")
                            : QObject::tr("Collapse Package %1").arg(shortened(package)),
                        push(TransformKind::CollapsePackage, package.toStdString(), {}, package));
    a->setObjectName(QStringLiteral("collapsePackage"));
    a->setEnabled(!package.isEmpty());
    const QString library = r.binary.section(QLatin1Char('/'), -1);
    a = menu->addAction(library.isEmpty()
                            ? QObject::tr("Collapse Library")
                            : QObject::tr("Collapse Library %1").arg(shortened(library)),
                        push(TransformKind::CollapseLibrary, r.binary.toStdString(), {}, library));
    a->setObjectName(QStringLiteral("collapseLibrary"));
    a->setEnabled(!r.binary.isEmpty());
}

} // namespace embers
