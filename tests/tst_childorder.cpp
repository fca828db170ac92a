// Sibling order in the flame graphs: by size (the default) or by name, chosen in the
// graph's bar; in a side-by-side comparison every pane orders siblings by their size over
// all captures, so the same frames come in the same order in every pane.
#include "CallTree.h"
#include "ChildOrderCombo.h"
#include "Comparison.h"
#include "FlameGraphView.h"
#include "FlameLayout.h"
#include "FlamePanel.h"
#include "ProfileBuilder.h"
#include "SideBySideView.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace embers;
using namespace embers::test;

namespace {

// main calls a, b and c; their sizes order them differently in each capture.
ProfileBuilder capture(int64_t a, int64_t b, int64_t c)
{
    ProfileBuilder p;
    p.sampleType("samples", "count");
    p.sample({"main", "a"}, {a});
    p.sample({"main", "b"}, {b});
    p.sample({"main", "c"}, {c});
    return p;
}

std::shared_ptr<const Capture> open(const QTemporaryDir &dir, const QString &name,
                                    const ProfileBuilder &b)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(b.gzip()) < 0)
        qFatal("cannot write %s", qPrintable(path));
    f.close();
    OpenResult r = openCapture({path});
    if (!r.capture)
        qFatal("%s", qPrintable(r.error));
    return r.capture;
}

// The names of the boxes in row 2 (main's callees), left to right.
QStringList row2(const FlameGraphView *view)
{
    QStringList names;
    const FlameLayout &l = view->layout();
    if (l.rowCount() < 3)
        return names;
    const StackTable &t = view->tree()->stacks();
    for (const FlameBox &b : l.row(2))
        names << QString::fromStdString(t.strings[t.frames[view->tree()->frame(b.node)].name]);
    return names;
}

} // namespace

class TestChildOrder : public QObject
{
    Q_OBJECT

private slots:
    void layoutOrdersBySizeOrName()
    {
        LoadResult r = capture(20, 50, 30).load();
        QVERIFY(r.profile);
        std::string error;
        auto t = StackTable::build({r.profile}, {}, &error);
        QVERIFY(t);
        auto tree =
            std::make_shared<const CallTree>(std::make_shared<const StackTable>(std::move(*t)), 0);
        FlameLayout l(tree);
        auto names = [&] {
            QStringList out;
            for (const FlameBox &b : l.row(2))
                out << QString::fromStdString(tree->stacks().frameName(tree->frame(b.node)));
            return out;
        };
        l.layout(CallTree::kRoot, 1000);
        QCOMPARE(names(), (QStringList{"b", "c", "a"}));
        l.setChildOrder(FlameLayout::ChildOrder::ByName);
        l.layout(CallTree::kRoot, 1000);
        QCOMPARE(names(), (QStringList{"a", "b", "c"}));
        // Boxes stay adjacent, each as wide as its share.
        QCOMPARE(l.row(2)[0].x, 0.0);
        QCOMPARE(l.row(2)[1].x, 200.0);
        QCOMPARE(l.row(2)[2].x, 700.0);
        // Sizes given from outside: a weighs most there.
        l.setChildOrder(FlameLayout::ChildOrder::BySize);
        const uint32_t main = tree->firstChild(CallTree::kRoot);
        auto weights = std::make_shared<std::vector<int64_t>>(tree->nodeCount(), 0);
        for (uint32_t c = tree->firstChild(main); c < tree->childEnd(main); ++c)
            (*weights)[c] = tree->stacks().frameName(tree->frame(c)) == "a" ? 100 : 1;
        l.setOrderWeights(weights);
        l.layout(CallTree::kRoot, 1000);
        QCOMPARE(names().front(), QStringLiteral("a"));
        QCOMPARE(l.row(2)[0].width, 200.0); // widths are still the tree's own
        l.setTree(tree);                    // a new tree forgets them
        l.layout(CallTree::kRoot, 1000);
        QCOMPARE(names(), (QStringList{"b", "c", "a"}));
    }

    void panelChoosesTheOrder()
    {
        LoadResult r = capture(20, 50, 30).load();
        std::string error;
        auto t = StackTable::build({r.profile}, {}, &error);
        auto c = std::make_shared<Capture>();
        c->profiles = {r.profile};
        c->stacks = std::make_shared<const StackTable>(std::move(*t));
        c->functions = std::make_shared<const FunctionTable>(FunctionTable::build(*c->stacks));
        c->tree = std::make_shared<const CallTree>(c->stacks, 0);
        FlamePanel panel;
        panel.resize(800, 400);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.showTree(c->tree);
        QTRY_COMPARE(row2(panel.view()), (QStringList{"b", "c", "a"}));
        panel.childOrderCombo()->setOrder(FlameLayout::ChildOrder::ByName);
        QCOMPARE(row2(panel.view()), (QStringList{"a", "b", "c"}));
        // Kept when the graph shows another tree.
        panel.showTree(std::make_shared<const CallTree>(c->stacks, 0));
        QTRY_COMPARE(row2(panel.view()), (QStringList{"a", "b", "c"}));
    }

    void panesLineUp()
    {
        QTemporaryDir dir;
        // Own orders: early a, b, c; late c, b, a. Over both: c (90), a (60), b (50).
        auto early = open(dir, QStringLiteral("early.pb.gz"), capture(50, 30, 20));
        auto late = open(dir, QStringLiteral("late.pb.gz"), capture(10, 20, 70));
        ComparisonResult r = compareCaptures({early, late});
        QVERIFY(r.comparison);
        SideBySideView view(r.comparison, SampleType(0));
        view.resize(1200, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_COMPARE(row2(view.paneView(0)), (QStringList{"c", "a", "b"}));
        QCOMPARE(row2(view.paneView(1)), row2(view.paneView(0)));
        // By name: the same in both too.
        auto *combo = view.findChild<ChildOrderCombo *>();
        QVERIFY(combo);
        combo->setOrder(FlameLayout::ChildOrder::ByName);
        QCOMPARE(row2(view.paneView(0)), (QStringList{"a", "b", "c"}));
        QCOMPARE(row2(view.paneView(1)), (QStringList{"a", "b", "c"}));
        // And when the panes get new trees (the comparison shown again).
        combo->setOrder(FlameLayout::ChildOrder::BySize);
        view.setComparison(r.comparison, SampleType(0));
        QTRY_COMPARE(row2(view.paneView(1)), (QStringList{"c", "a", "b"}));
    }
};

QTEST_MAIN(TestChildOrder)
#include "tst_childorder.moc"
