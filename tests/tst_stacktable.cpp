// The model: unique stacks as a trie (the merged call tree), flat/cum per function,
// recursion counted once, frames identified by content, merging several profiles,
// drop_frames, totals with negative and diff-base samples. Hand-checked small cases.
#include "CallTree.h"
#include "DerivedStackTable.h"
#include "FunctionTable.h"
#include "ProfileBuilder.h"
#include "StackTable.h"
#include "TopReport.h"

#include <QtTest>

using namespace embers;
using namespace embers::test;

namespace {

std::shared_ptr<const StackTable> build(const std::vector<ProfilePtr> &profiles,
                                        Granularity g = Granularity::Functions,
                                        std::string *error = nullptr)
{
    StackTableOptions o;
    o.granularity = g;
    std::string e;
    auto t = StackTable::build(profiles, o, error ? error : &e);
    if (!t)
        return nullptr;
    return std::make_shared<const StackTable>(std::move(*t));
}

ProfilePtr load(const ProfileBuilder &b)
{
    LoadResult r = b.load();
    if (!r.profile)
        qFatal("%s", qPrintable(r.error));
    return r.profile;
}

uint32_t frameNamed(const StackTable &t, const std::string &name)
{
    for (uint32_t f = 0; f < t.frameCount(); ++f) {
        if (t.frameName(f) == name)
            return f;
    }
    qFatal("no frame %s", name.c_str());
}

// The child of `node` whose frame is named `name`.
uint32_t child(const CallTree &tree, uint32_t node, const std::string &name)
{
    for (uint32_t c = tree.firstChild(node); c < tree.childEnd(node); ++c) {
        if (tree.stacks().frameName(tree.frame(c)) == name)
            return c;
    }
    return UINT32_MAX;
}

} // namespace

class TestStackTable : public QObject
{
    Q_OBJECT

private slots:
    void treeShapeAndValues()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
        b.sample({"main", "a", "b"}, {10, 100});
        b.sample({"main", "a"}, {5, 50});
        b.sample({"main", "d"}, {3, 30});
        b.sample({"main", "a", "b"}, {1, 10}); // same stack again: summed
        auto t = build({load(b)});
        QVERIFY(t);
        QCOMPARE(t->nodeCount(), size_t(5)); // root, main, a, d, b
        QCOMPARE(t->stackCount(), size_t(3));
        CallTree tree(t, 1);
        const uint32_t main = child(tree, CallTree::kRoot, "main");
        const uint32_t a = child(tree, main, "a"), d = child(tree, main, "d");
        const uint32_t bb = child(tree, a, "b");
        QVERIFY(main != UINT32_MAX && a != UINT32_MAX && d != UINT32_MAX && bb != UINT32_MAX);
        QCOMPARE(tree.total(CallTree::kRoot), int64_t(190));
        QCOMPARE(tree.total(main), int64_t(190));
        QCOMPARE(tree.self(main), int64_t(0));
        QCOMPARE(tree.total(a), int64_t(160));
        QCOMPARE(tree.self(a), int64_t(50));
        QCOMPARE(tree.total(bb), int64_t(110));
        QCOMPARE(tree.total(d), int64_t(30));
        QCOMPARE(tree.depth(bb), 3u);
        QCOMPARE(tree.parent(bb), a);
        // Breadth-first, children contiguous: every node's children follow each other.
        for (uint32_t n = 0; n < t->nodeCount(); ++n) {
            for (uint32_t c = t->firstChild(n); c < t->childEnd(n); ++c)
                QCOMPARE(t->nodeParent(c), n);
            QVERIFY(n == 0 || t->nodeParent(n) < n);
        }
        CallTree samples(t, 0);
        QCOMPARE(samples.total(a), int64_t(16));
        QCOMPARE(t->totals, (std::vector<int64_t>{19, 190}));
    }

    // cum counts a function once per stack, however deep it recurses; flat goes to the leaf.
    void recursionCountsOnce()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main", "a", "b", "a", "b", "c"}, {7});
        b.sample({"main", "b", "b", "b"}, {2});
        auto t = build({load(b)});
        FunctionTable ft = FunctionTable::build(*t);
        auto flat = [&](const char *n) { return ft.flat(frameNamed(*t, n), 0); };
        auto cum = [&](const char *n) { return ft.cum(frameNamed(*t, n), 0); };
        QCOMPARE(cum("main"), int64_t(9));
        QCOMPARE(cum("a"), int64_t(7));
        QCOMPARE(cum("b"), int64_t(9));
        QCOMPARE(cum("c"), int64_t(7));
        QCOMPARE(flat("c"), int64_t(7));
        QCOMPARE(flat("b"), int64_t(2));
        QCOMPARE(flat("a"), int64_t(0));
        // The tree keeps every call path, recursion included.
        CallTree tree(t, 0);
        QCOMPARE(tree.nodeCount(), size_t(1 + 6 + 3));
    }

    // Same function name in two files: one row by function (pprof's default), two by
    // file+function. V8's unnamed functions in one file stay apart by line.
    void frameIdentityByContent()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        uint64_t getA = b.location({{"get", 10}}, "kvstore.js");
        uint64_t getB = b.location({{"get", 20}}, "undici/index.js");
        uint64_t anon1 = b.location({{"(anonymous)", 5}}, "app.js");
        uint64_t anon2 = b.location({{"(anonymous)", 50}}, "app.js");
        b.sampleIds({getA}, {1})
            .sampleIds({getB}, {2})
            .sampleIds({anon1}, {4})
            .sampleIds({anon2}, {8});
        ProfilePtr p = load(b);
        auto byFunction = build({p}, Granularity::Functions);
        auto byFile = build({p}, Granularity::FileFunctions);
        auto byLine = build({p}, Granularity::Lines);
        QCOMPARE(byFunction->frameCount(), size_t(2));
        QCOMPARE(byFile->frameCount(), size_t(4));
        QCOMPARE(byFile->frameName(frameNamed(*byFile, "get kvstore.js")),
                 std::string("get kvstore.js"));
        QCOMPARE(byLine->frameName(frameNamed(*byLine, "get undici/index.js:20")),
                 std::string("get undici/index.js:20"));
        FunctionTable ft = FunctionTable::build(*byFunction);
        QCOMPARE(ft.flat(frameNamed(*byFunction, "get"), 0), int64_t(3));
    }

    // A derived table's new frames (a collapsed package, a label's root): a frame that is
    // there already is found, whether looked for by the first scan or through the index
    // later adds build; a new one is appended once.
    void frameAdderFindsOrAppends()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        const uint64_t f = b.location({{"f", 1}}, "a.go");
        const uint64_t g = b.location({{"g", 2}}, "a.go");
        b.sampleIds({g, f}, {1});
        auto t = build({load(b)});
        const uint32_t fFrame = frameNamed(*t, "f"), gFrame = frameNamed(*t, "g");
        for (bool existingFirst : {true, false}) {
            StackTable out = derivedStackTable(*t);
            const size_t before = out.frameCount();
            FrameAdder adder(out);
            Frame added;
            added.name = out.strings.intern("pkg");
            if (existingFirst)
                QCOMPARE(adder.add(out.frames[gFrame]), gFrame);
            const uint32_t pkg = adder.add(added);
            QCOMPARE(pkg, uint32_t(before));
            QCOMPARE(out.frameCount(), before + 1);
            QCOMPARE(out.frameName(pkg), std::string("pkg"));
            QCOMPARE(adder.add(added), pkg);
            QCOMPARE(adder.add(out.frames[fFrame]), fFrame);
            QCOMPARE(out.frameCount(), before + 1);
        }
    }

    // Profiles merge by content: different ids, same names -> same frames and nodes.
    // Only the sample types common to all remain, in the finest unit.
    void mergeProfiles()
    {
        ProfileBuilder one, two;
        one.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
        one.sample({"main", "work"}, {2, 20000000});
        two.idStride(7, 1000);
        two.sampleType("cpu", "milliseconds");
        two.sample({"main", "idle"}, {5});
        two.sample({"main", "work"}, {3});
        auto t = build({load(one), load(two)});
        QVERIFY(t);
        QCOMPARE(t->columnCount(), size_t(1));
        QCOMPARE(t->columns[0].type, std::string("cpu"));
        QCOMPARE(t->columns[0].unit, std::string("nanoseconds"));
        FunctionTable ft = FunctionTable::build(*t);
        QCOMPARE(ft.cum(frameNamed(*t, "work"), 0), int64_t(23000000));
        QCOMPARE(ft.cum(frameNamed(*t, "main"), 0), int64_t(28000000));
        QCOMPARE(t->totals[0], int64_t(28000000));
        QCOMPARE(t->nodeCount(), size_t(4)); // root, main, work, idle

        ProfileBuilder other;
        other.sampleType("alloc_space", "bytes");
        other.sample({"main"}, {1});
        std::string error;
        QVERIFY(!build({load(one), load(other)}, Granularity::Functions, &error));
        QVERIFY2(error.find("no sample type in common") != std::string::npos, error.c_str());
    }

    void mergedHeader()
    {
        ProfileBuilder one, two;
        for (ProfileBuilder *b : {&one, &two}) {
            b->sampleType("samples", "count");
            b->sample({"main"}, {1});
        }
        one.proto().set_time_nanos(2000);
        one.proto().set_duration_nanos(10);
        one.proto().set_period(5);
        one.proto().add_comment(one.str("shared"));
        two.proto().set_time_nanos(1000);
        two.proto().set_duration_nanos(20);
        two.proto().set_period(9);
        two.proto().add_comment(two.str("shared"));
        two.proto().add_comment(two.str("only two"));
        auto t = build({load(one), load(two)});
        QCOMPARE(t->header.timeNanos, int64_t(1000));
        QCOMPARE(t->header.durationNanos, int64_t(30));
        QCOMPARE(t->header.period, int64_t(9));
        QCOMPARE(t->header.comments, (std::vector<std::string>{"shared", "only two"}));
    }

    // drop_frames cuts a matched frame and everything it calls; the value lands on the
    // caller. Matches before the first kept frame (from the root) are not cut.
    void dropFrames()
    {
        ProfileBuilder b;
        b.sampleType("space", "bytes");
        b.sample({"main", "alloc", "malloc", "sbrk"}, {64});
        b.sample({"malloc", "worker"}, {8});
        b.proto().set_drop_frames(b.str("malloc|sbrk"));
        auto t = build({load(b)});
        FunctionTable ft = FunctionTable::build(*t);
        QCOMPARE(ft.flat(frameNamed(*t, "alloc"), 0), int64_t(64));
        QCOMPARE(ft.cum(frameNamed(*t, "malloc"), 0), int64_t(8)); // only the root one stays
        QCOMPARE(ft.flat(frameNamed(*t, "worker"), 0), int64_t(8));
        StackTableOptions keepAll;
        keepAll.dropFrames = false;
        std::string error;
        auto all = StackTable::build({load(b)}, keepAll, &error);
        QCOMPARE(FunctionTable::build(*all).flat(frameNamed(*all, "sbrk"), 0), int64_t(64));
    }

    // A sample without locations counts in the total (as the root's self), not in any
    // function. Negative values (diffs) are kept signed.
    void totalsNoLocationsAndNegatives()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main", "a"}, {10});
        b.sample({}, {3});
        b.sample({"main", "b"}, {-4});
        auto t = build({load(b)});
        QCOMPARE(t->totals[0], int64_t(17)); // sum of |value|, as pprof's report total
        CallTree tree(t, 0);
        QCOMPARE(tree.total(CallTree::kRoot), int64_t(9));
        QCOMPARE(tree.self(CallTree::kRoot), int64_t(3));
        FunctionTable ft = FunctionTable::build(*t);
        QCOMPARE(ft.cum(frameNamed(*t, "main"), 0), int64_t(6));
        QCOMPARE(ft.flat(frameNamed(*t, "b"), 0), int64_t(-4));
    }

    // In a -diff_base profile the total is the base samples' (pprof::base=true) alone.
    void diffBaseTotal()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main", "a"}, {-10});
        b.sample({"main", "a"}, {25});
        auto *label = b.proto().mutable_sample(0)->add_label();
        label->set_key(b.str("pprof::base"));
        label->set_str(b.str("true"));
        auto t = build({load(b)});
        QCOMPARE(t->totals[0], int64_t(10));
        FunctionTable ft = FunctionTable::build(*t);
        QCOMPARE(ft.cum(frameNamed(*t, "a"), 0), int64_t(15));
    }

    // Which column counts the samples behind a shown one (the tooltips' "N samples").
    void countColumnFor()
    {
        StackTable cpu;
        cpu.columns = {{"samples", "count"}, {"cpu", "nanoseconds"}};
        QCOMPARE(cpu.countColumnFor(1), 0);
        QCOMPARE(cpu.countColumnFor(0), -1); // a count itself
        QCOMPARE(cpu.countColumnFor(2), -1); // no such column

        // Go's heap profile: each space pairs with the objects of its prefix.
        StackTable heap;
        heap.columns = {{"alloc_objects", "count"},
                        {"alloc_space", "bytes"},
                        {"inuse_objects", "count"},
                        {"inuse_space", "bytes"}};
        QCOMPARE(heap.countColumnFor(1), 0);
        QCOMPARE(heap.countColumnFor(3), 2);
        QCOMPARE(heap.countColumnFor(2), -1);

        // "samples" wins over a paired prefix, whatever the case; none: -1.
        StackTable mixed;
        mixed.columns = {{"wall_objects", "count"}, {"Wall_time", "ms"}, {"Samples", "Count"}};
        QCOMPARE(mixed.countColumnFor(1), 2);
        StackTable alone;
        alone.columns = {{"space", "bytes"}, {"time", "ns"}};
        QCOMPARE(alone.countColumnFor(0), -1);

        // Captures combined side by side: within the shown column's capture.
        StackTable combined;
        combined.groups = 2;
        combined.columns = {{"samples", "count"},
                            {"cpu", "nanoseconds"},
                            {"samples", "count"},
                            {"cpu", "nanoseconds"}};
        QCOMPARE(combined.countColumnFor(1), 0);
        QCOMPARE(combined.countColumnFor(3), 2);
    }

    // The largest value a profile can hold is kept exactly; values whose magnitudes add up
    // beyond it, or -2^63 (whose magnitude is beyond it), are refused with the type named.
    void valuesBeyondInt64AreRefused()
    {
        ProfileBuilder largest;
        largest.sampleType("samples", "count");
        largest.sample({"main"}, {INT64_MAX - 5});
        largest.sample({"main", "x"}, {5});
        auto t = build({load(largest)});
        QVERIFY(t);
        QCOMPARE(t->totals[0], INT64_MAX);
        QCOMPARE(CallTree(t, 0).total(CallTree::kRoot), INT64_MAX);

        ProfileBuilder past;
        past.sampleType("cpu", "nanoseconds");
        past.sample({"main"}, {INT64_MAX - 5});
        past.sample({"main", "x"}, {6});
        std::string error;
        QVERIFY(!build({load(past)}, Granularity::Functions, &error));
        QCOMPARE(error, std::string("the values of sample type cpu/nanoseconds add up beyond "
                                    "what a profile can hold (9223372036854775807)"));

        // Negative values (a diff base's) count by their magnitude.
        ProfileBuilder negative;
        negative.sampleType("samples", "count");
        negative.sample({"main"}, {INT64_MIN + 6});
        negative.sample({"main", "x"}, {-6});
        error.clear();
        QVERIFY(!build({load(negative)}, Granularity::Functions, &error));
        QVERIFY2(error.find("beyond what a profile can hold") != std::string::npos, error.c_str());

        ProfileBuilder minimum;
        minimum.sampleType("samples", "count");
        minimum.sample({"main"}, {INT64_MIN});
        QVERIFY(!build({load(minimum)}, Granularity::Functions, &error));

        // Each profile fits, the two merged do not.
        ProfileBuilder half;
        half.sampleType("samples", "count");
        half.sample({"main"}, {INT64_MAX / 2 + 1});
        QVERIFY(build({load(half)}));
        QVERIFY(!build({load(half), load(half)}, Granularity::Functions, &error));
    }

    // pprof's "(inline)" and "(partial-inline)": an edge into a shown row counts once per
    // stack of nonzero value, with the flag of its rootmost call.
    void topInlineLabels()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
        const uint64_t fInG = b.location({{"f", 1}, {"g", 2}}); // f inlined into g
        const uint64_t bInA = b.location({{"b", 1}, {"a", 2}}); // b inlined into a
        // main -> g -> f(inlined): every sample has some cpu.
        b.sampleIds({fInG, b.locationOf("main")}, {1, 10});
        // main -> h -> f, not inlined: counted, but of no cpu.
        b.sample({"main", "h", "f"}, {1, 0});
        // a -> b(inlined) -> a -> b: the second call of the edge a -> b is not inlined,
        // but only the first one counts.
        b.sampleIds({b.locationOf("b"), b.locationOf("a"), bInA}, {1, 10});
        auto t = build({load(b)});
        QVERIFY(t);
        const FunctionTable functions = FunctionTable::build(*t);
        auto labels = [&](int column) {
            TopOptions o;
            o.column = column;
            o.nodeFraction = 0;
            o.edgeFraction = 0;
            std::map<std::string, std::string> out;
            for (const TopRow &r : buildTopTable(*t, functions, o).rows)
                out[r.name] = r.inlineLabel;
            return out;
        };
        const auto bySamples = labels(0), byCpu = labels(1);
        QCOMPARE(bySamples.at("f"), std::string("(partial-inline)"));
        QCOMPARE(byCpu.at("f"), std::string("(inline)")); // main -> h -> f weighs nothing
        QCOMPARE(bySamples.at("b"), std::string("(inline)"));
        QCOMPARE(byCpu.at("b"), std::string("(inline)"));
        for (const char *plain : {"main", "g", "a"})
            QCOMPARE(bySamples.at(plain), std::string());
        QVERIFY(!byCpu.count("h")); // no cpu: no row
    }

    void cancelStopsTheBuild()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main"}, {1});
        std::atomic_bool cancel{true};
        StackTableOptions o;
        o.cancel = &cancel;
        std::string error;
        QVERIFY(!StackTable::build({load(b)}, o, &error));
        QCOMPARE(error, std::string("cancelled"));
    }
};

QTEST_GUILESS_MAIN(TestStackTable)
#include "tst_stacktable.moc"
