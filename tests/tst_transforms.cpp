// Transforms on the unique stacks (Transform.h): each kind on hand-built stacks whose
// results are worked out by hand from pprof's rules (profile/filter.go) or the window's,
// including recursion and inlined frames; labels (-tagfocus, -tagignore, -tagroot); the
// inverted (bottom-up) stacks; and the transform stack (toggle, undo, reuse). The results
// checked against other ways of computing them are in tst_transformcrosscheck.
#include "CallTree.h"
#include "InvertedStacks.h"
#include "PprofTransforms.h"
#include "ProfileBuilder.h"
#include "TagFilter.h"
#include "TransformHelpers.h"
#include "TransformStack.h"
#include "TrieHelpers.h"

#include <QtTest>

#include <random>

using namespace embers;
using namespace embers::test;

namespace {

// main -> a -> b (1), main -> c (2), main -> a -> c (4), main -> d -> a -> c (8)
ProfileBuilder simple()
{
    ProfileBuilder b;
    b.sampleType("samples", "count");
    b.sample({"main", "a", "b"}, {1});
    b.sample({"main", "c"}, {2});
    b.sample({"main", "a", "c"}, {4});
    b.sample({"main", "d", "a", "c"}, {8});
    return b;
}

} // namespace

class TestTransforms : public QObject
{
    Q_OBJECT

private slots:
    void focusAndIgnore()
    {
        const TablePtr t = build(simple());
        bool matched = false;
        TablePtr f = apply(t, TransformKind::Focus, "^a$", {}, &matched);
        QVERIFY(matched);
        QCOMPARE(foldedStacks(*f, 0),
                 (Stacks{{"main;a;b", 1}, {"main;a;c", 4}, {"main;d;a;c", 8}}));
        QCOMPARE(f->totals, t->totals); // percentages stay of the whole profile
        TablePtr i = apply(t, TransformKind::Ignore, "^c$");
        QCOMPARE(foldedStacks(*i, 0), (Stacks{{"main;a;b", 1}}));
        // Frame indices mean the same in the derived table.
        QCOMPARE(i->frameCount(), t->frameCount());
        QCOMPARE(i->frameName(frameNamed(*t, "a")), std::string("a"));
        // A regex that matches nothing changes nothing, and says so.
        TransformResult none = applyTransform(t, {TransformKind::Ignore, "zzz", {}, true});
        QCOMPARE(none.table, t);
        QVERIFY(!none.matched);
        // A bad regex is an error.
        QVERIFY(!applyTransform(t, {TransformKind::Focus, "(", {}, true}).table);
    }

    void hideMergesIntoCallers()
    {
        const TablePtr t = build(simple());
        TablePtr h = apply(t, TransformKind::Hide, "^a$");
        // main;a;c and main;c become one stack; d;a;c becomes d;c.
        QCOMPARE(foldedStacks(*h, 0), (Stacks{{"main;b", 1}, {"main;c", 6}, {"main;d;c", 8}}));
        const uint32_t main = frameNamed(*h, "main");
        uint32_t mainNode = 0;
        for (uint32_t c = h->firstChild(0); c < h->childEnd(0); ++c)
            mainNode = h->nodeFrame(c) == main ? c : mainNode;
        QCOMPARE(h->childEnd(mainNode) - h->firstChild(mainNode), 3u); // b, c, d: c merged
        // Everything hidden: pprof drops the samples that are left with no frame.
        TablePtr all = apply(t, TransformKind::Hide, ".");
        QCOMPARE(all->stackCount(), size_t(0));
        QCOMPARE(all->nodeCount(), size_t(1));
        // The window's merge keeps the cost, at the root when nothing is left.
        TablePtr merged = apply(t, TransformKind::MergeFunction, "", {frameNamed(*t, "main")});
        QCOMPARE(foldedStacks(*merged, 0),
                 (Stacks{{"a;b", 1}, {"c", 2}, {"a;c", 4}, {"d;a;c", 8}}));
    }

    void showKeepsOnlyMatchingFrames()
    {
        const TablePtr t = build(simple());
        TablePtr s = apply(t, TransformKind::Show, "^(main|c)$");
        QCOMPARE(foldedStacks(*s, 0), (Stacks{{"main", 1}, {"main;c", 14}}));
    }

    void showFromStartsAtTheOutermostMatch()
    {
        const TablePtr t = build(simple());
        TablePtr s = apply(t, TransformKind::ShowFrom, "^[ac]$");
        // Stacks start at their outermost a or c; main;a;b has a; all have one.
        QCOMPARE(foldedStacks(*s, 0), (Stacks{{"a;b", 1}, {"c", 2}, {"a;c", 12}}));
        TablePtr none = apply(t, TransformKind::ShowFrom, "^b$");
        QCOMPARE(foldedStacks(*none, 0), (Stacks{{"b", 1}}));
    }

    // pprof treats a location's inlined lines as one unit for -focus/-ignore, takes lines
    // out of it for -hide/-show (the outermost one left is no longer inlined), and cuts a
    // location above its outermost line that -show_from matches, in every stack.
    void inlinedFrames()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        const uint64_t main = b.locationOf("main");
        const uint64_t peekInParse = inlined(b, {"peek", "parse"});
        const uint64_t parse = b.locationOf("parse");
        const uint64_t work = b.locationOf("work"), other = b.locationOf("other");
        b.sampleIds({work, peekInParse, main}, {1});
        b.sampleIds({other, parse, main}, {2});
        b.sampleIds({peekInParse, main}, {4});
        const TablePtr t = build(b);
        QCOMPARE(foldedStacks(*t, 0), (Stacks{{"main;parse;peek+;work", 1},
                                              {"main;parse;other", 2},
                                              {"main;parse;peek+", 4}}));

        // Focus on the inlined function keeps the stacks through its location.
        QCOMPARE(foldedStacks(*apply(t, TransformKind::Focus, "peek"), 0),
                 (Stacks{{"main;parse;peek+;work", 1}, {"main;parse;peek+", 4}}));
        // Hiding the outer function leaves peek as its location's outermost frame.
        QCOMPARE(foldedStacks(*apply(t, TransformKind::Hide, "^parse$"), 0),
                 (Stacks{{"main;peek;work", 1}, {"main;other", 2}, {"main;peek", 4}}));
        QCOMPARE(foldedStacks(*apply(t, TransformKind::Show, "peek|work"), 0),
                 (Stacks{{"peek;work", 1}, {"peek", 4}}));
        // show_from=peek: the location loses parse; stacks start there.
        QCOMPARE(foldedStacks(*apply(t, TransformKind::ShowFrom, "peek"), 0),
                 (Stacks{{"peek;work", 1}, {"peek", 4}}));
        // show_from=main|peek: stacks start at main, and the location is cut to peek in
        // them too, while parse stays where it is its own location.
        QCOMPARE(foldedStacks(*apply(t, TransformKind::ShowFrom, "^main$|peek"), 0),
                 (Stacks{{"main;peek;work", 1}, {"main;parse;other", 2}, {"main;peek", 4}}));
        // noinlines after the fact, as pprof aggregates after filtering.
        QCOMPARE(foldedStacks(*finishForReport(t, true), 0),
                 (Stacks{{"main;parse;work", 1}, {"main;parse;other", 2}, {"main;parse", 4}}));
    }

    void recursion()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main", "f", "f", "f", "g"}, {1});
        b.sample({"main", "f", "f"}, {2});
        b.sample({"main", "f", "g", "f", "h"}, {4});
        b.sample({"main", "f", "g", "k"}, {8});
        b.sample({"main", "f", "g", "f", "g", "f", "x"}, {16});
        const TablePtr t = build(b);
        const uint32_t f = frameNamed(*t, "f"), g = frameNamed(*t, "g");

        QCOMPARE(foldedStacks(*apply(t, TransformKind::CollapseDirectRecursion, "", {f}), 0),
                 (Stacks{{"main;f;g", 1},
                         {"main;f", 2},
                         {"main;f;g;f;h", 4},
                         {"main;f;g;k", 8},
                         {"main;f;g;f;g;f;x", 16}}));
        // Direct recursion of every function; g -> f -> g is not direct.
        QCOMPARE(foldedStacks(*apply(t, TransformKind::CollapseDirectRecursion, ""), 0),
                 foldedStacks(*apply(t, TransformKind::CollapseDirectRecursion, "", {f}), 0));
        // Indirect: everything between the outermost f and the innermost one goes.
        QCOMPARE(foldedStacks(*apply(t, TransformKind::CollapseRecursion, "", {f}), 0),
                 (Stacks{{"main;f;g", 1},
                         {"main;f", 2},
                         {"main;f;h", 4},
                         {"main;f;g;k", 8},
                         {"main;f;x", 16}}));
        QCOMPARE(foldedStacks(*apply(t, TransformKind::CollapseRecursion, "", {g}), 0),
                 (Stacks{{"main;f;f;f;g", 1},
                         {"main;f;f", 2},
                         {"main;f;g;f;h", 4},
                         {"main;f;g;k", 8},
                         {"main;f;g;f;x", 16}}));
        // Focus on g: each stack from its outermost g; callers merged.
        QCOMPARE(foldedStacks(*apply(t, TransformKind::FocusFunction, "", {g}), 0),
                 (Stacks{{"g", 1}, {"g;f;h", 4}, {"g;k", 8}, {"g;f;g;f;x", 16}}));
        // Merging f removes every f (its self cost goes to its caller).
        QCOMPARE(
            foldedStacks(*apply(t, TransformKind::MergeFunction, "", {f}), 0),
            (Stacks{
                {"main;g", 1}, {"main", 2}, {"main;g;h", 4}, {"main;g;k", 8}, {"main;g;g;x", 16}}));
        QCOMPARE(foldedStacks(*apply(t, TransformKind::DropFunction, "", {g}), 0),
                 (Stacks{{"main;f;f", 2}}));
        // Totals are the source's: percentages stay of the whole profile.
        QCOMPARE(apply(t, TransformKind::DropFunction, "", {g})->totals, t->totals);
    }

    void focusSubtree()
    {
        const TablePtr t = build(simple());
        const uint32_t main = frameNamed(*t, "main"), a = frameNamed(*t, "a");
        QCOMPARE(foldedStacks(*apply(t, TransformKind::FocusSubtree, "", {main, a}), 0),
                 (Stacks{{"a;b", 1}, {"a;c", 4}}));
        QCOMPARE(foldedStacks(*apply(t, TransformKind::FocusSubtree, "", {main}), 0),
                 foldedStacks(*t, 0));
        // A node of the table names its path.
        const uint32_t d = frameNamed(*t, "d");
        uint32_t dNode = 0;
        for (uint32_t node = 1; node < t->nodeCount(); ++node)
            dNode = t->nodeFrame(node) == d ? node : dNode;
        QCOMPARE(callPathOf(*t, dNode), (std::vector<uint32_t>{main, d}));
        QCOMPARE(foldedStacks(*apply(t, TransformKind::FocusSubtree, "", callPathOf(*t, dNode)), 0),
                 (Stacks{{"d;a;c", 8}}));
        bool matched = true;
        QCOMPARE(apply(t, TransformKind::FocusSubtree, "", {a}, &matched)->stackCount(), size_t(0));
        QVERIFY(!matched);
    }

    void collapseResources()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main.main", "example.com/db.Query", "example.com/db.(*Conn).exec", "net.Read"},
                 {1});
        b.sample({"main.main", "example.com/db.Query", "main.callback", "example.com/db.Scan"},
                 {2});
        b.sample({"main.main", "ns::Cache::Get(int)", "ns::Cache::Find(int)"}, {4});
        const TablePtr t = build(b);
        QCOMPARE(packageOfFunction("example.com/db.(*Conn).exec"), std::string("example.com/db"));
        QCOMPARE(packageOfFunction("ns::Cache::Get(int)"), std::string("ns::Cache"));
        QCOMPARE(packageOfFunction("std::map<int, a::b>::find"),
                 std::string("std::map<int, a::b>"));
        QCOMPARE(packageOfFunction("main"), std::string());
        TablePtr c = apply(t, TransformKind::CollapsePackage, "example.com/db");
        QCOMPARE(foldedStacks(*c, 0),
                 (Stacks{{"main.main;example.com/db;net.Read", 1},
                         {"main.main;example.com/db;main.callback;example.com/db", 2},
                         {"main.main;ns::Cache::Get(int);ns::Cache::Find(int)", 4}}));
        QCOMPARE(c->frameCount(), t->frameCount() + 1); // the package's frame, added at the end
        QCOMPARE(foldedStacks(*apply(t, TransformKind::CollapsePackage, "ns::Cache"), 0)
                     .count("main.main;ns::Cache"),
                 size_t(1));
    }

    void filesAndBinaries()
    {
        // Same-named functions of two files are one frame at the functions granularity;
        // a focus on one file keeps what its own function did, as pprof's does.
        ProfileBuilder b;
        b.sampleType("samples", "count");
        const uint64_t main = b.locationOf("main");
        const uint64_t getA = b.location({{"get", 1}}, "store.js");
        const uint64_t getB = b.location({{"get", 1}}, "url.js");
        b.sampleIds({getA, main}, {1});
        b.sampleIds({getB, main}, {2});
        StackTableOptions split;
        split.origins = FrameOriginMode::Split;
        const TablePtr listed = build(b), exact = build(b, split);
        QCOMPARE(foldedStacks(*listed, 0), (Stacks{{"main;get", 3}}));
        QCOMPARE(
            foldedStacks(*finishForReport(apply(exact, TransformKind::Focus, "store"), false), 0),
            (Stacks{{"main;get", 1}}));
        // Listed origins: the frame matches when any of its functions does.
        QCOMPARE(foldedStacks(*apply(listed, TransformKind::Focus, "store"), 0),
                 (Stacks{{"main;get", 3}}));
        QCOMPARE(foldedStacks(*finishForReport(apply(exact, TransformKind::Hide, "url"), false), 0),
                 (Stacks{{"main;get", 1}, {"main", 2}}));
        TablePtr byFile = apply(listed, TransformKind::CollapseFile, "url.js");
        QCOMPARE(foldedStacks(*byFile, 0), (Stacks{{"main;url.js", 3}})); // listed: both
    }

    void labels()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        auto label = [&](int sample, const std::string &key, const std::string &value) {
            auto *l = b.proto().mutable_sample(sample)->add_label();
            l->set_key(b.str(key));
            l->set_str(b.str(value));
        };
        auto number = [&](int sample, const std::string &key, int64_t n, const std::string &unit) {
            auto *l = b.proto().mutable_sample(sample)->add_label();
            l->set_key(b.str(key));
            l->set_num(n);
            if (!unit.empty())
                l->set_num_unit(b.str(unit));
        };
        b.sample({"main", "a"}, {1});
        label(0, "route", "/users");
        number(0, "size", 2048, "bytes");
        b.sample({"main", "a"}, {2});
        label(1, "route", "/items");
        number(1, "size", 100, "bytes");
        b.sample({"main", "b"}, {4});
        label(2, "route", "/users");
        label(2, "thread", "t1");
        b.sample({"main", "b"}, {8}); // no labels
        const TablePtr t = withLabels(b);
        QVERIFY(t->sampleLabels);
        QCOMPARE(t->sampleLabels->size(), size_t(4)); // two stacks, four label sets
        QCOMPARE(t->sampleLabels->labelSets->numUnit("size"), std::string("bytes"));
        // The values of a label with their totals, as the window lists them.
        const std::vector<LabelValueTotal> routes = t->sampleLabels->valuesOf("route", 0);
        QCOMPARE(routes.size(), size_t(2));
        QCOMPARE(routes[0].value, std::string("/users"));
        QCOMPARE(routes[0].totals, std::vector<int64_t>{5});
        QCOMPARE(routes[1].value, std::string("/items"));
        QCOMPARE(routes[1].totals, std::vector<int64_t>{2});
        const std::vector<LabelValueTotal> sizes = t->sampleLabels->valuesOf("size", 0);
        QCOMPARE(sizes.size(), size_t(2));
        QCOMPARE(sizes[0].value, std::string("100B")); // 2 > 1
        QCOMPARE(sizes[1].value, std::string("2kB"));

        auto folded = [&](TransformKind kind, const std::string &pattern) {
            return foldedStacks(*apply(t, kind, pattern), 0);
        };
        QCOMPARE(folded(TransformKind::TagFocus, "route=/users"),
                 (Stacks{{"main;a", 1}, {"main;b", 4}}));
        QCOMPARE(folded(TransformKind::TagIgnore, "route=users"),
                 (Stacks{{"main;a", 2}, {"main;b", 8}}));
        // No key: every regex must match some "key:value".
        QCOMPARE(folded(TransformKind::TagFocus, "route:/users,thread:t"), (Stacks{{"main;b", 4}}));
        QCOMPARE(folded(TransformKind::TagFocus, "route:/users,thread:x"), Stacks{});
        // Key with several regexes: any of them.
        QCOMPARE(folded(TransformKind::TagFocus, "route=items,thread"), (Stacks{{"main;a", 2}}));
        // Numeric ranges, in the key's unit.
        QCOMPARE(folded(TransformKind::TagFocus, "size=1kb:4kb"), (Stacks{{"main;a", 1}}));
        QCOMPARE(folded(TransformKind::TagFocus, "size=:1kb"), (Stacks{{"main;a", 2}}));
        QCOMPARE(folded(TransformKind::TagFocus, "size=2kb"), (Stacks{{"main;a", 1}}));
        QCOMPARE(folded(TransformKind::TagFocus, "100b:"), (Stacks{{"main;a", 3}}));
        QVERIFY(TagFilter::parse("size=1kb:4kb", nullptr)->isRange());
        QVERIFY(!TagFilter::parse("v1", nullptr)->isRange()); // digits inside: a regex
        QVERIFY(!TagFilter::parse("route=(", nullptr));

        // Root frames per value, outermost key first; no value: a frame that names the key
        // (pprof's is unnamed, "<unknown>" in its reports: see the command line's tests).
        QCOMPARE(folded(TransformKind::TagRoot, "route"), (Stacks{{"/users;main;a", 1},
                                                                  {"/items;main;a", 2},
                                                                  {"/users;main;b", 4},
                                                                  {"(no route);main;b", 8}}));
        QCOMPARE(folded(TransformKind::TagRoot, "thread,size"),
                 (Stacks{{"(no thread);2kB;main;a", 1},
                         {"(no thread);100B;main;a", 2},
                         {"t1;(no size);main;b", 4},
                         {"(no thread);(no size);main;b", 8}}));
        // Leaf frames: the same frames below each stack, the last key innermost; a stack
        // that ends inside another (main;a here ends nowhere else) keeps its children.
        QCOMPARE(folded(TransformKind::TagLeaf, "route"), (Stacks{{"main;a;/users", 1},
                                                                  {"main;a;/items", 2},
                                                                  {"main;b;/users", 4},
                                                                  {"main;b;(no route)", 8}}));
        QCOMPARE(folded(TransformKind::TagLeaf, "thread,size"),
                 (Stacks{{"main;a;(no thread);2kB", 1},
                         {"main;a;(no thread);100B", 2},
                         {"main;b;t1;(no size)", 4},
                         {"main;b;(no thread);(no size)", 8}}));
        {
            ProfileBuilder inner;
            inner.sampleType("samples", "count");
            inner.sample({"main"}, {1});
            inner.sample({"main", "a"}, {2});
            auto *l = inner.proto().mutable_sample(0)->add_label();
            l->set_key(inner.str("route"));
            l->set_str(inner.str("a")); // a label frame named like main's child
            const TablePtr leafed = apply(withLabels(inner), TransformKind::TagLeaf, "route");
            QCOMPARE(foldedStacks(*leafed, 0), (Stacks{{"main;a", 1}, {"main;a;(no route)", 2}}));
            QCOMPARE(CallTree(leafed, 0).total(StackTable::kRoot), int64_t(3));
        }
        // Labels follow the stacks through later transforms.
        TablePtr rooted = apply(t, TransformKind::TagRoot, "route");
        TablePtr hidden = apply(rooted, TransformKind::Hide, "^main$");
        QCOMPARE(foldedStacks(*apply(hidden, TransformKind::TagFocus, "size=100b"), 0),
                 (Stacks{{"/items;a", 2}}));
        // A bare number is in no unit, so it never equals a size in bytes (as in pprof).
        QCOMPARE(foldedStacks(*apply(hidden, TransformKind::TagFocus, "size=100"), 0), Stacks{});
        // A focus can match the label frames (pprof adds them before filtering).
        QCOMPARE(foldedStacks(*apply(rooted, TransformKind::Focus, "^/items$"), 0),
                 (Stacks{{"/items;main;a", 2}}));
        // Without the labels kept, label transforms fail.
        QVERIFY(!applyTransform(build(b), {TransformKind::TagFocus, "route=x", {}, true}).table);
    }

    void invertedStacks()
    {
        // Bottom-up: every stack leaf first; roots are where samples were taken.
        ProfileBuilder b = simple();
        b.sample({"main", "f", "g", "f"}, {16});
        const TablePtr t = build(b);
        const TablePtr inv = invertedStackTable(*t);
        QVERIFY(inv);
        QCOMPARE(trieProblems(*inv), QString());
        QCOMPARE(foldedStacks(*inv, 0), (Stacks{{"b;a;main", 1},
                                                {"c;main", 2},
                                                {"c;a;main", 4},
                                                {"c;a;d;main", 8},
                                                {"f;g;f;main", 16}}));
        QCOMPARE(inv->totals, t->totals);
        // A root's total is its function's self cost; recursion counts a sample once.
        auto tree = std::make_shared<CallTree>(inv, 0);
        std::map<std::string, int64_t> roots;
        for (uint32_t n = tree->firstChild(CallTree::kRoot); n < tree->childEnd(CallTree::kRoot);
             ++n)
            roots[inv->frameName(tree->frame(n))] = tree->total(n);
        QCOMPARE(roots, (std::map<std::string, int64_t>{{"b", 1}, {"c", 14}, {"f", 16}}));

        // Inlined and out-of-line calls of a function meet in one root.
        ProfileBuilder i;
        i.sampleType("samples", "count");
        const uint64_t main = i.locationOf("main");
        const uint64_t peekInParse = inlined(i, {"peek", "parse"});
        const uint64_t peek = i.locationOf("peek"), work = i.locationOf("work");
        i.sampleIds({work, peekInParse, main}, {1});
        i.sampleIds({peekInParse, main}, {4});
        i.sampleIds({peek, main}, {16});
        const TablePtr inl = invertedStackTable(*build(i));
        QCOMPARE(trieProblems(*inl), QString());
        QCOMPARE(foldedStacks(*inl, 0),
                 (Stacks{{"work;peek;parse;main", 1}, {"peek;parse;main", 4}, {"peek;main", 16}}));
        QCOMPARE(inl->childEnd(StackTable::kRoot) - inl->firstChild(StackTable::kRoot), 2u);

        // Cancelled: nothing.
        std::atomic_bool cancel{true};
        QVERIFY(!invertedStackTable(*t, &cancel));
    }

    // On random tries (direct recursion, inlined frames, stacks that end at inner nodes),
    // each stack of the bottom-up table is a source stack reversed, inline bits dropped,
    // with the values of the stacks that reverse to it added up.
    void invertedStacksReverseEveryStack()
    {
        using FrameStacks = std::map<std::vector<uint32_t>, std::vector<int64_t>>;
        auto add = [](FrameStacks &to, const std::vector<uint32_t> &frames, const StackTable &t,
                      size_t s) {
            std::vector<int64_t> &values = to[frames];
            values.resize(t.columnCount(), 0);
            for (size_t c = 0; c < t.columnCount(); ++c)
                values[c] += t.value(s, c);
        };
        std::mt19937 rng(11);
        // The largest is grown in runs by two threads below its first wide depth (81k items
        // in 1,600 groups, past the 64k and 256 where that starts).
        for (uint32_t nodes : {300u, 5000u, 150000u}) {
            TrieShape shape;
            shape.nodes = nodes;
            shape.functions = 40;
            const StackTable in = randomTrie(rng, shape);
            FrameStacks want, got;
            std::vector<uint32_t> frames;
            for (size_t s = 0; s < in.stackCount(); ++s) {
                in.stackFrames(s, frames);
                std::reverse(frames.begin(), frames.end());
                for (uint32_t &f : frames)
                    f &= kFrameMask;
                add(want, frames, in, s);
            }
            const TablePtr inv = invertedStackTable(in);
            QVERIFY(inv);
            QCOMPARE(trieProblems(*inv), QString());
            for (size_t s = 0; s < inv->stackCount(); ++s) {
                inv->stackFrames(s, frames);
                add(got, frames, *inv, s);
            }
            QCOMPARE(inv->stackCount(), want.size()); // one stack per reversed path
            QVERIFY(got == want);
            QCOMPARE(inv->totals, in.totals);
        }
    }

    void transformStack()
    {
        const TablePtr t = build(simple());
        TransformStack stack(t);
        QVERIFY(stack.apply().ok);
        QCOMPARE(stack.result(), t);
        stack.push({TransformKind::Focus, "^a$", {}, true});
        stack.push({TransformKind::Hide, "^main$", {}, true});
        QVERIFY(stack.pending());
        QVERIFY(stack.apply().ok);
        const TablePtr both = stack.result();
        QCOMPARE(foldedStacks(*both, 0), (Stacks{{"a;b", 1}, {"a;c", 4}, {"d;a;c", 8}}));
        QCOMPARE(stack.matched(), (std::vector<bool>{true, true}));

        // Toggling the first off re-applies the second only; on again reuses both.
        stack.setEnabled(0, false);
        QVERIFY(stack.apply().ok);
        QCOMPARE(foldedStacks(*stack.result(), 0),
                 (Stacks{{"a;b", 1}, {"c", 2}, {"a;c", 4}, {"d;a;c", 8}}));
        stack.setEnabled(0, true);
        QVERIFY(stack.apply().ok);
        QCOMPARE(stack.result(), both);

        // Undo and redo step through the edits.
        stack.undo();
        QVERIFY(!stack.transforms()[0].enabled);
        stack.undo();
        QVERIFY(stack.apply().ok);
        QCOMPARE(stack.result(), both);
        stack.undo();
        QCOMPARE(stack.transforms().size(), size_t(1));
        QVERIFY(stack.apply().ok);
        QCOMPARE(foldedStacks(*stack.result(), 0),
                 (Stacks{{"main;a;b", 1}, {"main;a;c", 4}, {"main;d;a;c", 8}}));
        stack.redo();
        QVERIFY(stack.apply().ok);
        QCOMPARE(stack.result(), both);
        stack.remove(0);
        QVERIFY(stack.apply().ok);
        QCOMPARE(foldedStacks(*stack.result(), 0),
                 (Stacks{{"a;b", 1}, {"c", 2}, {"a;c", 4}, {"d;a;c", 8}}));
        stack.pop();
        QVERIFY(stack.apply().ok);
        QCOMPARE(stack.result(), t);

        // A failing transform: the stack says which, and keeps the last good table.
        stack.push({TransformKind::Focus, "^a$", {}, true});
        stack.push({TransformKind::Ignore, "(", {}, true});
        TransformStack::Outcome o = stack.apply();
        QVERIFY(!o.ok);
        QCOMPARE(o.failedIndex, size_t(1));
        QCOMPARE(foldedStacks(*stack.result(), 0),
                 (Stacks{{"main;a;b", 1}, {"main;a;c", 4}, {"main;d;a;c", 8}}));

        // Cancelled: nothing applied.
        std::atomic_bool cancel{true};
        TransformStack other(t);
        other.push({TransformKind::Hide, "^a$", {}, true});
        o = other.apply(&cancel);
        QVERIFY(!o.ok && o.cancelled);
    }
};

QTEST_GUILESS_MAIN(TestTransforms)
#include "tst_transforms.moc"
