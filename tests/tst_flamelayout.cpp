// FlameLayout, FlameSearch, FrameColors and FrameLabels on hand-built profiles whose
// numbers are checked by hand.
#include "FlameLayout.h"
#include "FlameSearch.h"
#include "FrameColors.h"
#include "FrameLabels.h"
#include "ModelHelpers.h"
#include "ProfileBuilder.h"

#include <QtTest>

using namespace embers;
using namespace embers::test;

namespace {

std::string nameOf(const CallTree &tree, uint32_t node)
{
    return tree.stacks().strings[tree.stacks().frames[tree.frame(node)].name];
}

// "name@x+width" for every box of a row, for compact comparisons.
QStringList rowText(const FlameLayout &l, size_t row)
{
    QStringList out;
    for (const FlameBox &b : l.row(row)) {
        QString name = b.others ? QStringLiteral("(%1 small)").arg(b.others)
                                : QString::fromStdString(b.node == CallTree::kRoot
                                                             ? std::string("root")
                                                             : nameOf(*l.tree(), b.node));
        out << QStringLiteral("%1@%2+%3").arg(name).arg(b.x, 0, 'f', 1).arg(b.width, 0, 'f', 1);
    }
    return out;
}

ProfileBuilder basicProfile()
{
    // main 100: a 40 (b 30, c 10), d 20, self 40.
    ProfileBuilder b;
    b.sampleType("samples", "count");
    b.sample({"main", "a", "b"}, {30});
    b.sample({"main", "a", "c"}, {10});
    b.sample({"main", "d"}, {20});
    b.sample({"main"}, {40});
    return b;
}

} // namespace

class TestFlameLayout : public QObject
{
    Q_OBJECT

private slots:
    void widthsAreProportionalToTotals()
    {
        auto tree = treeOf(basicProfile());
        FlameLayout l(tree);
        l.layout(CallTree::kRoot, 1000.0);
        QCOMPARE(l.rowCount(), size_t(4));
        QCOMPARE(rowText(l, 0), QStringList{QStringLiteral("root@0.0+1000.0")});
        QCOMPARE(rowText(l, 1), QStringList{QStringLiteral("main@0.0+1000.0")});
        // Widest first, left-aligned; main's self (40) is the gap on the right.
        QCOMPARE(rowText(l, 2),
                 (QStringList{QStringLiteral("a@0.0+400.0"), QStringLiteral("d@400.0+200.0")}));
        QCOMPARE(rowText(l, 3),
                 (QStringList{QStringLiteral("b@0.0+300.0"), QStringLiteral("c@300.0+100.0")}));
        QCOMPARE(l.weight(nodeOf(*tree, {"main", "a"})), int64_t(40));
        QCOMPARE(l.scale(), 10.0);
    }

    void tiesAreOrderedByName()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main", "zeta"}, {10});
        b.sample({"main", "alpha"}, {10});
        b.sample({"main", "mid"}, {10});
        b.sample({"main", "big"}, {20});
        FlameLayout l(treeOf(b));
        l.layout(CallTree::kRoot, 500.0);
        QCOMPARE(
            rowText(l, 2),
            (QStringList{QStringLiteral("big@0.0+200.0"), QStringLiteral("alpha@200.0+100.0"),
                         QStringLiteral("mid@300.0+100.0"), QStringLiteral("zeta@400.0+100.0")}));
    }

    void focusFillsTheWidthWithItsAncestors()
    {
        auto tree = treeOf(basicProfile());
        FlameLayout l(tree);
        const uint32_t a = nodeOf(*tree, {"main", "a"});
        l.layout(a, 800.0);
        QCOMPARE(l.focus(), a);
        QCOMPARE(l.rowCount(), size_t(4));
        QCOMPARE(rowText(l, 0), QStringList{QStringLiteral("root@0.0+800.0")});
        QCOMPARE(rowText(l, 1), QStringList{QStringLiteral("main@0.0+800.0")});
        QCOMPARE(rowText(l, 2), QStringList{QStringLiteral("a@0.0+800.0")});
        QCOMPARE(rowText(l, 3),
                 (QStringList{QStringLiteral("b@0.0+600.0"), QStringLiteral("c@600.0+200.0")}));
        const std::vector<uint32_t> path{CallTree::kRoot, nodeOf(*tree, {"main"}), a};
        QCOMPARE(l.focusPath(), path);
        // d is outside the focused subtree: not laid out.
        QVERIFY(!l.findBox(nodeOf(*tree, {"main", "d"}), nullptr, nullptr));
        size_t row = 0, index = 0;
        QVERIFY(l.findBox(nodeOf(*tree, {"main", "a", "c"}), &row, &index));
        QCOMPARE(row, size_t(3));
        QCOMPARE(l.boxes()[index].x, 600.0);
    }

    void cullingKeepsTheParentsWidth()
    {
        // main 1005: big 1000 and five frames of 1.
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main", "big", "leaf"}, {1000});
        for (int i = 0; i < 5; ++i)
            b.sample({"main", "s" + std::to_string(i), "under"}, {1});
        auto tree = treeOf(b);
        FlameLayout l(tree);

        // At 1005 px every small frame is 1 px: all laid out.
        l.layout(CallTree::kRoot, 1005.0);
        QCOMPARE(l.row(2).size(), size_t(6));
        QCOMPARE(l.row(3).size(), size_t(6));

        // At 1000 px they are 0.995 px: merged into one box of 4.975 px at the end.
        l.layout(CallTree::kRoot, 1000.0);
        QCOMPARE(rowText(l, 1), QStringList{QStringLiteral("main@0.0+1000.0")});
        auto row2 = l.row(2);
        QCOMPARE(row2.size(), size_t(2));
        QCOMPARE(row2[0].node, nodeOf(*tree, {"main", "big"}));
        QCOMPARE(row2[1].others, 5u);
        QCOMPARE(row2[1].node, nodeOf(*tree, {"main"}));
        QVERIFY(qAbs(row2[1].x - 1000.0 * 1000 / 1005) < 1e-9);
        QVERIFY(qAbs(row2[1].width - 5 * 1000.0 / 1005) < 1e-9);
        QCOMPARE(l.othersWeight(row2[1]), int64_t(5));
        // Their subtrees are gone: only big's child below.
        QCOMPARE(rowText(l, 3), QStringList{QStringLiteral("leaf@0.0+995.0")});
        QCOMPARE(l.nodeAt(2, 999.0), FlameLayout::kNone); // "others" is not a node

        // At 100 px even the merged box (0.5 px) is too small: a gap, parent unchanged.
        l.layout(CallTree::kRoot, 100.0);
        QCOMPARE(rowText(l, 1), QStringList{QStringLiteral("main@0.0+100.0")});
        QCOMPARE(rowText(l, 2), QStringList{QStringLiteral("big@0.0+99.5")});

        // A larger minimum culls more.
        l.layout(CallTree::kRoot, 1005.0, 2.0);
        QCOMPARE(l.row(2).size(), size_t(2));
        QCOMPARE(l.row(2)[1].others, 5u);
    }

    void hitTestFindsTheBoxAndNothingInGaps()
    {
        auto tree = treeOf(basicProfile());
        FlameLayout l(tree);
        l.layout(CallTree::kRoot, 1000.0);
        const uint32_t a = nodeOf(*tree, {"main", "a"});
        const uint32_t d = nodeOf(*tree, {"main", "d"});
        const uint32_t c = nodeOf(*tree, {"main", "a", "c"});
        QCOMPARE(l.nodeAt(0, 500.0), CallTree::kRoot);
        QCOMPARE(l.nodeAt(2, 0.0), a);
        QCOMPARE(l.nodeAt(2, 399.9), a);
        QCOMPARE(l.nodeAt(2, 400.0), d);
        QCOMPARE(l.nodeAt(2, 599.9), d);
        QCOMPARE(l.nodeAt(2, 600.0), FlameLayout::kNone); // main's self: a gap
        QCOMPARE(l.nodeAt(2, 999.0), FlameLayout::kNone);
        QCOMPARE(l.nodeAt(3, 350.0), c);
        QCOMPARE(l.nodeAt(3, 450.0), FlameLayout::kNone); // under d: d has no children
        QCOMPARE(l.nodeAt(3, -1.0), FlameLayout::kNone);
        QCOMPARE(l.nodeAt(4, 10.0), FlameLayout::kNone);   // below the last row
        QCOMPARE(l.nodeAt(1, 1000.0), FlameLayout::kNone); // right edge is exclusive

        // Paint range helper: the first box whose right edge is past x.
        QCOMPARE(l.firstBoxFrom(3, 310.0), l.rowBegin(3) + 1);
        QCOMPARE(l.firstBoxFrom(3, 410.0), l.rowBegin(4));
    }

    void negativeValuesDoNotOverlap()
    {
        // A diff profile: a grew by 10, b shrank by 30; main's total is -20.
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main", "a"}, {10});
        b.sample({"main", "b"}, {-30});
        auto tree = treeOf(b);
        QCOMPARE(tree->total(nodeOf(*tree, {"main"})), int64_t(-20));
        // The tree's weights sum |value|: what widths measure.
        QCOMPARE(tree->weight(nodeOf(*tree, {"main"})), int64_t(40));
        QCOMPARE(tree->weight(nodeOf(*tree, {"main", "b"})), int64_t(30));
        QCOMPARE(tree->weight(CallTree::kRoot), int64_t(40));
        FlameLayout l(tree);
        QCOMPARE(l.weight(nodeOf(*tree, {"main"})), int64_t(40));
        l.layout(CallTree::kRoot, 400.0);
        QCOMPARE(rowText(l, 1), QStringList{QStringLiteral("main@0.0+400.0")});
        QCOMPARE(rowText(l, 2),
                 (QStringList{QStringLiteral("b@0.0+300.0"), QStringLiteral("a@300.0+100.0")}));
        // Focusing a node whose signed total is negative still fills the width.
        l.layout(nodeOf(*tree, {"main", "b"}), 400.0);
        QCOMPARE(rowText(l, 2), QStringList{QStringLiteral("b@0.0+400.0")});
    }

    void emptyAndZeroWidth()
    {
        FlameLayout none;
        none.layout(0, 100.0);
        QCOMPARE(none.rowCount(), size_t(0));
        QCOMPARE(none.nodeAt(0, 1.0), FlameLayout::kNone);

        FlameLayout l(treeOf(basicProfile()));
        l.layout(CallTree::kRoot, 0.0);
        QCOMPARE(l.rowCount(), size_t(0));
        QCOMPARE(l.nodeAt(0, 0.0), FlameLayout::kNone);
    }

    void searchCountsEachStackOnce()
    {
        // Tree: root -> alpha -> beta -> alpha -> beta (10), alpha -> beta (5 at beta),
        //       root -> gamma -> alpha (3), gamma (2 self). Total 20.
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"alpha", "beta", "alpha", "beta"}, {10});
        b.sample({"alpha", "beta"}, {5});
        b.sample({"gamma", "alpha"}, {3});
        b.sample({"gamma"}, {2});
        auto tree = treeOf(b);

        // alpha: outermost occurrences alpha (15) and gamma;alpha (3). A naive sum over
        // nodes would give 15 + 10 + 3 = 28, more than the profile.
        FlameSearchResult r = FlameSearch::run(*tree, QStringLiteral("^alpha$"), true);
        QVERIFY(r.valid);
        QCOMPARE(r.matchedTotal, int64_t(18));
        QCOMPARE(r.profileTotal, int64_t(20));
        QCOMPARE(r.matchedPercent, 90.0);
        QCOMPARE(r.matchedFrames, size_t(1));
        QCOMPARE(r.matchedNodes, size_t(3));
        const uint32_t inner = nodeOf(*tree, {"alpha", "beta", "alpha"});
        QVERIFY(r.matches(inner));
        QVERIFY(!r.isOutermostMatch(inner));
        QVERIFY(r.isOutermostMatch(nodeOf(*tree, {"gamma", "alpha"})));
        QVERIFY(!r.matches(nodeOf(*tree, {"gamma"})));

        // Nested matches of two functions: still 18, two frames, five boxes.
        r = FlameSearch::run(*tree, QStringLiteral("alpha|beta"), true);
        QCOMPARE(r.matchedTotal, int64_t(18));
        QCOMPARE(r.matchedFrames, size_t(2));
        QCOMPARE(r.matchedNodes, size_t(5));

        // beta occurs only under alpha: its outermost node holds all 15.
        r = FlameSearch::run(*tree, QStringLiteral("beta"), false);
        QCOMPARE(r.matchedTotal, int64_t(15));
        QCOMPARE(r.matchedPercent, 75.0);

        // Substring, case-insensitive by default; case-sensitive on request.
        r = FlameSearch::run(*tree, QStringLiteral("GAM"), false);
        QCOMPARE(r.matchedTotal, int64_t(5));
        QCOMPARE(r.matchedPercent, 25.0);
        r = FlameSearch::run(*tree, QStringLiteral("GAM"), false, Qt::CaseSensitive);
        QCOMPARE(r.matchedTotal, int64_t(0));
        QCOMPARE(r.matchedFrames, size_t(0));

        // Everything: the root's children.
        r = FlameSearch::run(*tree, QStringLiteral("a"), false);
        QCOMPARE(r.matchedTotal, int64_t(20));
        QCOMPARE(r.matchedPercent, 100.0);

        // Invalid and empty patterns match nothing and say so.
        r = FlameSearch::run(*tree, QStringLiteral("(alpha"), true);
        QVERIFY(!r.valid);
        QVERIFY(!r.error.isEmpty());
        QCOMPARE(r.matchedTotal, int64_t(0));
        r = FlameSearch::run(*tree, QString(), false);
        QVERIFY(!r.valid);
    }

    void deepStackLaysOutIteratively()
    {
        const int depth = 100000;
        std::vector<std::string> stack;
        stack.reserve(depth);
        for (int i = 0; i < depth; ++i)
            stack.push_back("f" + std::to_string(i % 7));
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample(stack, {5});
        b.sample({"f0", "other"}, {5});
        auto tree = treeOf(b);
        FlameLayout l(tree);
        l.layout(CallTree::kRoot, 1920.0);
        QCOMPARE(l.rowCount(), size_t(depth + 1));
        QCOMPARE(l.row(depth).size(), size_t(1));
        QCOMPARE(l.row(depth)[0].width, 960.0);

        // Find, hit-test and focus the deepest frame.
        uint32_t deepest = l.row(depth)[0].node;
        QCOMPARE(tree->depth(deepest), uint32_t(depth));
        size_t row = 0, index = 0;
        QVERIFY(l.findBox(deepest, &row, &index));
        QCOMPARE(row, size_t(depth));
        QCOMPARE(l.nodeAt(depth, 10.0), deepest);
        QCOMPARE(l.nodeAt(depth, 1000.0), FlameLayout::kNone);
        l.layout(deepest, 1920.0);
        QCOMPARE(l.rowCount(), size_t(depth + 1));
        QCOMPARE(l.focusPath().size(), size_t(depth + 1));
        QCOMPARE(l.row(depth)[0].width, 1920.0);

        // Search through the recursion counts the stack once.
        FlameSearchResult r = FlameSearch::run(*tree, QStringLiteral("f3"), false);
        QCOMPARE(r.matchedTotal, int64_t(5));
        QCOMPARE(r.matchedPercent, 50.0);
    }

    void packageNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("package");
        QTest::newRow("go") << "github.com/x/y.Func"
                            << "github.com/x/y";
        QTest::newRow("go method") << "github.com/x/y.(*T).M"
                                   << "github.com/x/y";
        QTest::newRow("runtime") << "runtime.mapiternext"
                                 << "runtime";
        QTest::newRow("c++") << "std::vector<int>::push_back"
                             << "std";
        QTest::newRow("java") << "com.example.Foo.bar"
                              << "com";
        QTest::newRow("plain") << "malloc"
                               << "";
        QTest::newRow("anon") << "(anonymous namespace)::f"
                              << "";
        QTest::newRow("slash in args") << "std::f<a/b>"
                                       << "";
    }
    void packageNames()
    {
        QFETCH(QString, name);
        QFETCH(QString, package);
        const std::string n = name.toStdString();
        QCOMPARE(QString::fromStdString(std::string(colors::packageName(n))), package);
    }

    void colorsAreStableWarmAndReadable()
    {
        using namespace colors;
        // A fixed hash and palette: the same colour on every build (pinned values).
        QCOMPARE(stableHash("runtime.mallocgc"), 0x9d94f18f96838de5ULL);
        const Rgb c = warmColor(stableHash("runtime.mallocgc"));
        QCOMPARE(c, (Rgb{242, 171, 102}));
        QCOMPARE(warmColor(0x0123456789abcdefULL), (Rgb{238, 185, 72}));
        // Warm: red is the strongest channel, blue the weakest.
        for (const char *name : {"main", "runtime.mallocgc", "a", "b", "std::sort", "x.y.z"}) {
            const Rgb w = warmColor(stableHash(name));
            QVERIFY2(w.r >= w.g && w.g >= w.b, name);
        }
        QVERIFY(!(c == warmColor(stableHash("runtime.growslice"))));

        QCOMPARE(textColorFor(Rgb{255, 230, 120}), (Rgb{0, 0, 0}));
        QCOMPARE(textColorFor(Rgb{120, 10, 10}), (Rgb{255, 255, 255}));
        QCOMPARE(textColorFor(Rgb{30, 30, 30}), (Rgb{255, 255, 255}));

        // Dimmed: greyer (channels closer together) and nearer the background.
        const Rgb d = dimmed(Rgb{230, 100, 30}, Rgb{255, 255, 255});
        QVERIFY(std::abs(int(d.r) - int(d.b)) < 230 - 30);
        QVERIFY(luminance(d) > luminance(Rgb{230, 100, 30}));
        const Rgb dd = dimmed(Rgb{230, 100, 30}, Rgb{20, 20, 20});
        QVERIFY(luminance(dd) < luminance(Rgb{230, 100, 30}));
        QCOMPARE(fromHsl(0, 1, 0.5), (Rgb{255, 0, 0}));
        QCOMPARE(fromHsl(120, 1, 0.25), (Rgb{0, 128, 0}));
    }

    void colorModesByFunctionAndPackage()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main.main", "pkg/a.F", "pkg/a.G"}, {1});
        auto tree = treeOf(b);
        const StackTable &t = tree->stacks();
        const uint32_t f = tree->frame(nodeOf(*tree, {"main.main", "pkg/a.F"}));
        const uint32_t g = tree->frame(nodeOf(*tree, {"main.main", "pkg/a.F", "pkg/a.G"}));
        using colors::ColorMode;
        QVERIFY(colors::frameColor(t, f, ColorMode::Function, false) !=
                colors::frameColor(t, g, ColorMode::Function, false));
        QCOMPARE(colors::frameColor(t, f, ColorMode::Package, false),
                 colors::frameColor(t, g, ColorMode::Package, false));
        QVERIFY(colors::frameColor(t, f, ColorMode::Function, true) !=
                colors::frameColor(t, f, ColorMode::Function, false));
    }

    void labels_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("steps");
        QTest::newRow("plain") << "main" << QStringList{};
        QTest::newRow("args") << "ns::f(int, char) const" << QStringList{"ns::f", "f"};
        QTest::newRow("templates") << "std::map<int, std::vector<int>>::find(int const&)"
                                   << QStringList{"std::map<int, std::vector<int>>::find",
                                                  "std::map<…>::find", "map<…>::find", "find"};
        QTest::newRow("operator") << "A::operator<<(int)"
                                  << QStringList{"A::operator<<", "operator<<"};
        QTest::newRow("call operator") << "operator()" << QStringList{};
        QTest::newRow("go") << "github.com/x/y.(*T).M" << QStringList{"y.(*T).M", "(*T).M"};
        QTest::newRow("go func") << "main.nest" << QStringList{"nest"};
        QTest::newRow("java") << "com.example.Foo.bar"
                              << QStringList{"example.Foo.bar", "Foo.bar", "bar"};
        QTest::newRow("anonymous") << "(anonymous namespace)::f" << QStringList{"f"};
        QTest::newRow("js anonymous") << "(anonymous)" << QStringList{};
    }
    void labels()
    {
        QFETCH(QString, name);
        QFETCH(QStringList, steps);
        QStringList got;
        for (const std::string &s : labels::shortenings(name.toStdString()))
            got << QString::fromStdString(s);
        QCOMPARE(got, steps);
    }
};

QTEST_GUILESS_MAIN(TestFlameLayout)
#include "tst_flamelayout.moc"
