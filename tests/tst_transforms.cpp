// Transforms on the unique stacks (Transform.h): each kind on hand-built stacks whose
// results are worked out by hand from pprof's rules (profile/filter.go) or the window's,
// including recursion and inlined frames; a brute-force rewrite of every stack, frame by
// frame, on random profiles; labels (-tagfocus, -tagignore, -tagroot); the transform stack
// (toggle, undo, reuse); and a build with frames split by origin, merged back, equal to a
// plain build.
#include "CallTree.h"
#include "DerivedStackTable.h"
#include "FunctionTable.h"
#include "FunctionTableReuse.h"
#include "InvertedStacks.h"
#include "ModelHelpers.h"
#include "PprofTransforms.h"
#include "ProfileBuilder.h"
#include "StackFilter.h"
#include "StackLabels.h"
#include "TagFilter.h"
#include "TestData.h"
#include "TransformStack.h"
#include "TrieHelpers.h"
#include "TrieRewrite.h"

#include <QtTest>

#include <random>
#include <set>

using namespace embers;
using namespace embers::test;

namespace {

using Stacks = std::map<std::string, int64_t>;
using TablePtr = std::shared_ptr<const StackTable>;

TablePtr build(const ProfileBuilder &b, StackTableOptions options = {})
{
    LoadResult r = b.load();
    if (!r.profile)
        qFatal("%s", qPrintable(r.error));
    std::string error;
    auto t = StackTable::build({r.profile}, options, &error);
    if (!t)
        qFatal("%s", error.c_str());
    return std::make_shared<const StackTable>(std::move(*t));
}

TablePtr withLabels(const ProfileBuilder &b)
{
    StackTableOptions o;
    o.keepLabels = true;
    return build(b, o);
}

uint32_t frameNamed(const StackTable &t, const std::string &name)
{
    for (uint32_t f = 0; f < t.frameCount(); ++f) {
        if (t.frameName(f) == name)
            return f;
    }
    qFatal("no frame %s", name.c_str());
}

bool sameTables(const FunctionTable &a, const FunctionTable &b, size_t columns)
{
    if (a.frameCount() != b.frameCount())
        return false;
    for (uint32_t f = 0; f < a.frameCount(); ++f) {
        for (size_t c = 0; c < columns; ++c) {
            if (a.flat(f, c) != b.flat(f, c) || a.cum(f, c) != b.cum(f, c))
                return false;
        }
    }
    return true;
}

TablePtr apply(const TablePtr &t, TransformKind kind, const std::string &pattern,
               std::vector<uint32_t> frames = {}, bool *matched = nullptr)
{
    TransformResult r = applyTransform(t, Transform{kind, pattern, std::move(frames), true});
    if (!r.table)
        qFatal("%s", r.error.c_str());
    if (matched)
        *matched = r.matched;
    const QString problems = trieProblems(*r.table);
    if (!problems.isEmpty())
        qFatal("%s", qPrintable(problems));
    return r.table;
}

// A data table of a "file" column: the shared profiles at these relative paths.
void sharedProfileRows(std::initializer_list<const char *> relative)
{
    QTest::addColumn<QString>("file");
    for (const char *f : relative)
        QTest::newRow(f) << sharedProfiles() + QLatin1Char('/') + QLatin1String(f);
}

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

// A location with lines innermost first: {"peek", "parse"} is peek inlined into parse.
uint64_t inlined(ProfileBuilder &b, std::vector<std::string> innermostFirst)
{
    std::vector<std::pair<std::string, int64_t>> lines;
    for (const std::string &name : innermostFirst)
        lines.push_back({name, 1});
    return b.location(lines);
}

std::string functionName(uint32_t i)
{
    std::string name(1, 'f');
    name += std::to_string(i);
    return name;
}

// Stacks as frame lists (root first, kInlineBit kept), for the brute-force rules.
using FrameList = std::vector<uint32_t>;

Stacks foldedOf(const StackTable &t, const std::vector<std::pair<FrameList, int64_t>> &stacks)
{
    Stacks out;
    for (const auto &[frames, value] : stacks)
        out[foldedPath(t, frames)] += value;
    return out;
}

// Locations of a stack: each starts at a frame that is not inlined.
std::vector<FrameList> groupsOf(const FrameList &stack)
{
    std::vector<FrameList> groups;
    for (uint32_t f : stack) {
        if (!(f & kInlineBit) || groups.empty())
            groups.emplace_back();
        groups.back().push_back(f);
    }
    return groups;
}

// A group's frames with the first one made the location's outermost.
FrameList regrouped(FrameList frames)
{
    if (!frames.empty())
        frames.front() &= kFrameMask;
    return frames;
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

    // Each rewrite against the same rule applied to every stack, frame by frame.
    void matchesBruteForceOnRandomProfiles()
    {
        std::mt19937 rng(7);
        for (int round = 0; round < 40; ++round) {
            ProfileBuilder b;
            b.sampleType("samples", "count");
            const int functions = 3 + int(rng() % 5);
            std::vector<uint64_t> locations;
            for (int l = 0; l < 10; ++l) {
                std::vector<std::string> lines;
                const int count = rng() % 4 == 0 ? 2 + int(rng() % 2) : 1;
                for (int i = 0; i < count; ++i)
                    lines.push_back(functionName(rng() % functions));
                locations.push_back(inlined(b, lines));
            }
            for (int s = 0; s < 30; ++s) {
                std::vector<uint64_t> ids(rng() % 9);
                for (uint64_t &id : ids)
                    id = locations[rng() % locations.size()];
                b.sampleIds(ids, {int64_t(1 + rng() % 100)});
            }
            const TablePtr t = build(b);
            std::vector<std::pair<FrameList, int64_t>> stacks;
            for (size_t s = 0; s < t->stackCount(); ++s) {
                FrameList frames;
                t->stackFrames(s, frames);
                stacks.push_back({frames, t->value(s, 0)});
            }
            const uint32_t pick = uint32_t(rng() % functions);
            const std::string name = functionName(pick);
            const std::string regex =
                "^(" + name + "|" + functionName((pick + 1) % functions) + ")$";
            FrameMask mask(t->frameCount(), 0);
            for (uint32_t f = 0; f < t->frameCount(); ++f) {
                const std::string n = t->frameName(f);
                mask[f] = QRegularExpression(QString::fromStdString(regex))
                              .match(QString::fromStdString(n))
                              .hasMatch();
            }
            auto matches = [&](uint32_t f) { return mask[f & kFrameMask] != 0; };
            uint32_t only = kNone;
            for (uint32_t f = 0; f < t->frameCount(); ++f)
                only = t->frameName(f) == name ? f : only;
            std::vector<uint32_t> onlyFrames;
            if (only != kNone)
                onlyFrames.push_back(only);

            auto expect =
                [&](const std::function<std::optional<FrameList>(const FrameList &)> &rule) {
                    std::vector<std::pair<FrameList, int64_t>> out;
                    for (const auto &[frames, value] : stacks) {
                        if (std::optional<FrameList> r = rule(frames))
                            out.push_back({*r, value});
                    }
                    return foldedOf(*t, out);
                };
            auto check =
                [&](const char *what, TransformKind kind, const std::string &pattern,
                    const std::vector<uint32_t> &frames,
                    const std::function<std::optional<FrameList>(const FrameList &)> &rule) {
                    const Stacks want = expect(rule);
                    const Stacks got = foldedStacks(*apply(t, kind, pattern, frames), 0);
                    if (got != want)
                        QFAIL(qPrintable(QStringLiteral("round %1, %2 %3:\nwant%4\ngot%5")
                                             .arg(round)
                                             .arg(QLatin1String(what),
                                                  QString::fromStdString(pattern), describe(want),
                                                  describe(got))));
                };

            check("focus", TransformKind::Focus, regex, {},
                  [&](const FrameList &s) -> std::optional<FrameList> {
                      if (std::any_of(s.begin(), s.end(), matches))
                          return s;
                      return std::nullopt;
                  });
            check("ignore", TransformKind::Ignore, regex, {},
                  [&](const FrameList &s) -> std::optional<FrameList> {
                      if (s.empty() || std::any_of(s.begin(), s.end(), matches))
                          return std::nullopt;
                      return s;
                  });
            auto removing = [&](bool keepMatching) {
                return [&, keepMatching](const FrameList &s) -> std::optional<FrameList> {
                    FrameList out;
                    for (const FrameList &g : groupsOf(s)) {
                        FrameList kept;
                        for (uint32_t f : g) {
                            if (matches(f) == keepMatching)
                                kept.push_back(f);
                        }
                        kept = regrouped(kept);
                        out.insert(out.end(), kept.begin(), kept.end());
                    }
                    if (out.empty())
                        return std::nullopt;
                    return out;
                };
            };
            check("hide", TransformKind::Hide, regex, {}, removing(false));
            check("show", TransformKind::Show, regex, {}, removing(true));
            check("show_from", TransformKind::ShowFrom, regex, {},
                  [&](const FrameList &s) -> std::optional<FrameList> {
                      // Every location loses its frames above its outermost match; the
                      // stack starts at the outermost location with a match.
                      FrameList out;
                      bool started = false;
                      for (const FrameList &g : groupsOf(s)) {
                          auto m = std::find_if(g.begin(), g.end(), matches);
                          if (m == g.end()) {
                              if (started)
                                  out.insert(out.end(), g.begin(), g.end());
                              continue;
                          }
                          started = true;
                          const FrameList cut = regrouped(FrameList(m, g.end()));
                          out.insert(out.end(), cut.begin(), cut.end());
                      }
                      if (!started)
                          return std::nullopt;
                      return out;
                  });
            if (only == kNone)
                continue;
            auto isOnly = [&](uint32_t f) { return (f & kFrameMask) == only; };
            check("focus-function", TransformKind::FocusFunction, "", onlyFrames,
                  [&](const FrameList &s) -> std::optional<FrameList> {
                      auto m = std::find_if(s.begin(), s.end(), isOnly);
                      if (m == s.end())
                          return std::nullopt;
                      return regrouped(FrameList(m, s.end()));
                  });
            check("merge-function", TransformKind::MergeFunction, "", onlyFrames,
                  [&](const FrameList &s) -> std::optional<FrameList> {
                      FrameList out;
                      for (const FrameList &g : groupsOf(s)) {
                          FrameList kept;
                          for (uint32_t f : g) {
                              if (!isOnly(f))
                                  kept.push_back(f);
                          }
                          kept = regrouped(kept);
                          out.insert(out.end(), kept.begin(), kept.end());
                      }
                      return out;
                  });
            check("drop-function", TransformKind::DropFunction, "", onlyFrames,
                  [&](const FrameList &s) -> std::optional<FrameList> {
                      if (std::any_of(s.begin(), s.end(), isOnly))
                          return std::nullopt;
                      return s;
                  });
            check("collapse-direct-recursion", TransformKind::CollapseDirectRecursion, "", {},
                  [&](const FrameList &s) -> std::optional<FrameList> {
                      FrameList out;
                      for (uint32_t f : s) {
                          if (out.empty() || (out.back() & kFrameMask) != (f & kFrameMask))
                              out.push_back(f);
                      }
                      return out;
                  });
            check("collapse-recursion", TransformKind::CollapseRecursion, "", onlyFrames,
                  [&](const FrameList &s) -> std::optional<FrameList> {
                      auto first = std::find_if(s.begin(), s.end(), isOnly);
                      if (first == s.end())
                          return s;
                      auto last = std::find_if(s.rbegin(), s.rend(), isOnly).base();
                      FrameList out(s.begin(), first + 1);
                      out.insert(out.end(), last, s.end());
                      return out;
                  });
        }
    }

    // A trie big enough to be grown on two threads: rewriting it frame for frame gives it
    // back as it was, and merging a function gives what merging it in every stack gives.
    void largeTrie()
    {
        std::mt19937 rng(11);
        ProfileBuilder b;
        b.sampleType("samples", "count");
        std::vector<uint64_t> locations;
        for (int l = 0; l < 3000; ++l)
            locations.push_back(b.locationOf(functionName(uint32_t(l))));
        for (int s = 0; s < 40000; ++s) {
            std::vector<uint64_t> ids(4 + rng() % 12);
            for (uint64_t &id : ids)
                id = locations[rng() % (rng() % 4 == 0 ? 20 : locations.size())];
            b.sampleIds(ids, {int64_t(1 + rng() % 9)});
        }
        const TablePtr t = build(b);
        QVERIFY2(t->nodeCount() >= (1u << 18), "too small to be grown on two threads");
        TrieRewrite identity;
        identity.frameOf = t->nodeFrames;
        std::optional<StackTable> same =
            rewriteTrie(*t, derivedStackTable(*t), identity, nullptr, nullptr);
        QVERIFY(same);
        QVERIFY(sameTrie(*same, *t));

        const uint32_t merged = frameNamed(*t, functionName(3));
        Stacks want;
        std::vector<uint32_t> frames;
        for (size_t s = 0; s < t->stackCount(); ++s) {
            t->stackFrames(s, frames);
            std::erase(frames, merged);
            want[foldedPath(*t, frames)] += t->value(s, 0);
        }
        QCOMPARE(foldedStacks(*apply(t, TransformKind::MergeFunction, "", {merged}), 0), want);

        // A function table whose build is cancelled stops (a stale run in the window); one
        // with a flag never set is the same as one without.
        std::atomic_bool stop(true), go(false);
        (void)FunctionTable::build(*t, &stop);
        const FunctionTable plain = FunctionTable::build(*t),
                            flagged = FunctionTable::build(*t, &go);
        for (uint32_t f = 0; f < t->frameCount(); ++f)
            QVERIFY(plain.cum(f, 0) == flagged.cum(f, 0) && plain.flat(f, 0) == flagged.flat(f, 0));

        // Big enough for the shortcuts' two threads too: the same tables as the general rules.
        for (TransformKind kind : {TransformKind::Focus, TransformKind::Ignore, TransformKind::Hide,
                                   TransformKind::CollapseDirectRecursion}) {
            const Transform transform{kind, "^" + functionName(3) + "$", {}, true};
            TransformContext general;
            general.fastPaths = false;
            const TransformResult want = applyTransform(t, transform, general);
            const TransformResult got = applyTransform(t, transform);
            QVERIFY(want.table && got.table);
            QVERIFY2(sameTrie(*got.table, *want.table), transformKindName(kind));
        }
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

    // The shortcuts (unchanged subtrees copied whole, filters that only remove nodes) give
    // exactly what the general rules give: the same nodes in the same order, the same
    // stacks, values and labels. On random profiles with direct and indirect recursion,
    // inlined frames and labels, for every kind, on rare functions (few changes: the
    // shortcuts apply) and common ones (many: they step aside).
    void fastPathsMatchGeneralRules()
    {
        std::mt19937 rng(23);
        // Under the sanitizers half the rounds (all six take tens of seconds there).
        for (int round = 0; round < (test::kSanitized ? 3 : 6); ++round) {
            ProfileBuilder b;
            b.sampleType("samples", "count").sampleType("bytes", "bytes");
            const int functions = 120;
            std::vector<uint64_t> locations;
            for (int f = 0; f < functions; ++f) {
                // Packages "p0".."p9"; one location in eight is an inlined pair.
                const std::string name = "p" + std::to_string(f % 10) + "." + functionName(f);
                if (rng() % 8 == 0)
                    locations.push_back(inlined(b, {name, "p9.inl" + std::to_string(f % 3)}));
                else
                    locations.push_back(b.locationOf(name));
            }
            const char *routes[] = {"/a", "/b", "/c"};
            for (int s = 0; s < 3000; ++s) {
                std::vector<uint64_t> rootFirst;
                const int depth = 2 + int(rng() % 14);
                for (int d = 0; d < depth; ++d) {
                    const uint32_t r = rng() % 100;
                    if (!rootFirst.empty() && r < 12)
                        rootFirst.push_back(rootFirst.back()); // direct recursion
                    else if (rootFirst.size() > 2 && r < 20)
                        rootFirst.push_back(rootFirst[rng() % rootFirst.size()]); // indirect
                    else // skewed: low indices are common, high ones rare
                        rootFirst.push_back(locations[std::min<uint32_t>(
                            uint32_t(functions - 1), (rng() % 40) * (rng() % 4))]);
                }
                std::reverse(rootFirst.begin(), rootFirst.end());
                b.sampleIds(rootFirst, {int64_t(1 + rng() % 9), int64_t(rng() % 5000) - 100});
                auto *l = b.proto().mutable_sample(s)->add_label();
                l->set_key(b.str("route"));
                l->set_str(b.str(routes[rng() % 3]));
            }
            const TablePtr t = withLabels(b);
            // Functions by how many nodes they are on: the rarest used one, and a common one.
            std::vector<uint32_t> uses(t->frameCount(), 0);
            for (uint32_t node = 1; node < t->nodeCount(); ++node)
                ++uses[t->nodeFrame(node) & kFrameMask];
            std::vector<uint32_t> used;
            for (uint32_t f = 0; f < t->frameCount(); ++f) {
                if (uses[f])
                    used.push_back(f);
            }
            std::sort(used.begin(), used.end(),
                      [&](uint32_t a, uint32_t c) { return uses[a] < uses[c]; });
            QVERIFY(used.size() > 10);
            for (uint32_t f : {used.front(), used[used.size() / 2], used.back()}) {
                const std::string name = t->strings[t->frames[f].name];
                const std::string regex =
                    "^" + QRegularExpression::escape(QString::fromStdString(name)).toStdString() +
                    "$";
                uint32_t deepest = 0; // a node of the function, for a call path
                for (uint32_t node = 1; node < t->nodeCount(); ++node) {
                    if ((t->nodeFrame(node) & kFrameMask) == f)
                        deepest = node;
                }
                const std::vector<Transform> transforms = {
                    {TransformKind::Focus, regex, {}, true},
                    {TransformKind::Ignore, regex, {}, true},
                    {TransformKind::Hide, regex, {}, true},
                    {TransformKind::Show, regex, {}, true},
                    {TransformKind::ShowFrom, regex, {}, true},
                    {TransformKind::FocusFunction, {}, {f}, true},
                    {TransformKind::FocusSubtree, {}, callPathOf(*t, deepest), true},
                    {TransformKind::MergeFunction, {}, {f}, true},
                    {TransformKind::DropFunction, {}, {f}, true},
                    {TransformKind::CollapseDirectRecursion, {}, {f}, true},
                    {TransformKind::CollapseDirectRecursion, {}, {}, true},
                    {TransformKind::CollapseRecursion, {}, {f}, true},
                    {TransformKind::CollapsePackage, packageOfFunction(name), {}, true},
                    {TransformKind::TagFocus, "route=/a", {}, true},
                    {TransformKind::TagIgnore, "route=/b", {}, true},
                    {TransformKind::TagRoot, "route", {}, true},
                };
                for (const Transform &transform : transforms) {
                    TransformContext general;
                    general.fastPaths = false;
                    const TransformResult want = applyTransform(t, transform, general);
                    const TransformResult got = applyTransform(t, transform);
                    const QByteArray what = QByteArray(transformKindName(transform.kind)) + " " +
                                            QByteArray::fromStdString(name) + ", round " +
                                            QByteArray::number(round);
                    QVERIFY2(want.table && got.table, what);
                    QVERIFY2(trieProblems(*got.table).isEmpty(), what);
                    QVERIFY2(sameTrie(*got.table, *want.table), what);
                    QVERIFY2(got.matched == want.matched, what);
                    QVERIFY2(got.table->totals == want.table->totals, what);
                    QVERIFY2(got.table->frameCount() == want.table->frameCount(), what);
                    QVERIFY2(bool(got.table->sampleLabels) == bool(want.table->sampleLabels), what);
                    if (want.table->sampleLabels) {
                        const StackLabels &a = *got.table->sampleLabels,
                                          &w = *want.table->sampleLabels;
                        QVERIFY2(a.nodes == w.nodes && a.sets == w.sets && a.values == w.values,
                                 what);
                    }
                }
            }
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

    // A transform's function table follows from its source's (a filter's by taking out
    // the stacks it drops, and back; a merge's by moving the flat of the stacks that ended
    // in the merged frames): equal to the tables built from scratch, on real profiles.
    void filterFunctionTablesFollow_data()
    {
        sharedProfileRows({"real/go/cpu-parser.pb.gz", "real/node/kvworker-time.pb.gz",
                           "real/go/heap-cache.pb.gz", "pprof-testdata/sample.cpu"});
    }

    void filterFunctionTablesFollow()
    {
        QFETCH(QString, file);
        LoadResult r = loadProfile(file);
        QVERIFY2(r.profile, qPrintable(r.error));
        std::string error;
        auto built = StackTable::build({r.profile}, {}, &error);
        QVERIFY(built);
        const TablePtr source = std::make_shared<const StackTable>(std::move(*built));
        const auto sourceTable =
            std::make_shared<const FunctionTable>(FunctionTable::build(*source));
        const FunctionTable &sourceFunctions = *sourceTable;
        // Drop the samples through one function of a few picked along the table: a filter
        // with few dropped stacks (the update) and one with many (a build).
        int updated = 0;
        for (uint32_t f = 1; f < source->frameCount();
             f += std::max<uint32_t>(1, source->frameCount() / 7)) {
            const TablePtr kept =
                applyTransform(source, Transform{TransformKind::DropFunction, {}, {f}, true}).table;
            QVERIFY(kept);
            if (kept == source)
                continue; // the function was in no stack
            QVERIFY(kept->derivedFrom && kept->derivedFrom->of.lock() == source &&
                    kept->derivedFrom->kind == StackDerivation::Kind::Subset);
            const auto fresh = std::make_shared<const FunctionTable>(FunctionTable::build(*kept));
            QVERIFY(sameTables(*functionTableFollowing(kept, source, sourceTable), *fresh,
                               source->columnCount()));
            // Undoing the filter: the source's table from the filtered one's.
            QVERIFY(sameTables(*functionTableFollowing(source, kept, fresh), sourceFunctions,
                               source->columnCount()));
            // The update itself, whatever share of the stacks went.
            const auto direct = FunctionTable::acrossSubset(
                sourceFunctions, *source, kept->derivedFrom->kept, FunctionTable::Step::Apply);
            QVERIFY(direct && sameTables(*direct, *fresh, source->columnCount()));
            ++updated;
        }
        QVERIFY(updated >= 6);
        // Merging functions into their callers: each merged function's flat goes to its
        // callers, cum stays for the rest; equal to a build, for a function picked along the
        // table and for pprof's -hide of a pattern.
        for (uint32_t f = 1; f < source->frameCount();
             f += std::max<uint32_t>(1, source->frameCount() / 5)) {
            const TablePtr merged = apply(source, TransformKind::MergeFunction, {}, {f});
            if (merged == source)
                continue;
            QVERIFY(merged->derivedFrom &&
                    merged->derivedFrom->kind == StackDerivation::Kind::FramesMerged);
            QVERIFY(sameTables(*functionTableFollowing(merged, source, sourceTable),
                               FunctionTable::build(*merged), source->columnCount()));
            ++updated;
        }
        const TablePtr hidden = apply(source, TransformKind::Hide, "^(main|runtime)\\.");
        QVERIFY(sameTables(*functionTableFollowing(hidden, source, sourceTable),
                           FunctionTable::build(*hidden), source->columnCount()));
        // Collapsing direct recursion keeps each stack's functions and leaf: the table is
        // the source's (checked against a build), shared rather than built.
        const TablePtr collapsed = apply(source, TransformKind::CollapseDirectRecursion, {});
        if (collapsed != source) {
            QVERIFY(sameTables(FunctionTable::build(*collapsed), sourceFunctions,
                               source->columnCount()));
            QCOMPARE(functionTableFollowing(collapsed, source, sourceTable), sourceTable);
        }
    }

    // Collapsing a function's recursion or a package: the table follows from the shown
    // one (both ways for recursion), equal to a build, at two granularities.
    void collapseFunctionTablesFollow_data()
    {
        sharedProfileRows({"real/go/cpu-parser.pb.gz", "real/node/kvworker-time.pb.gz",
                           "real/synthetic/synth-S-seed2.pb.gz", "real/go/heap-cache.pb.gz"});
    }

    void collapseFunctionTablesFollow()
    {
        QFETCH(QString, file);
        LoadResult r = loadProfile(file);
        QVERIFY2(r.profile, qPrintable(r.error));
        int recursions = 0, packages = 0;
        for (Granularity g : {Granularity::FileFunctions, Granularity::Lines}) {
            StackTableOptions options;
            options.granularity = g;
            std::string error;
            auto built = StackTable::build({r.profile}, options, &error);
            QVERIFY(built);
            const TablePtr source = std::make_shared<const StackTable>(std::move(*built));
            const auto sourceTable =
                std::make_shared<const FunctionTable>(FunctionTable::build(*source));
            const size_t columns = source->columnCount();
            std::set<std::string> packagesTried;
            // About 40 functions along the table; under the sanitizers, a tenth of them
            // from the large profile (all 40 take minutes there).
            const uint32_t picks = largeUnderSanitizers(file) ? 4 : 40;
            for (uint32_t f = 1; f < source->frameCount();
                 f += std::max<uint32_t>(1, source->frameCount() / picks)) {
                // All the function's frames (one per line at Lines), as the window passes them.
                std::vector<uint32_t> frames;
                const std::string &name = source->strings[source->frames[f].name];
                for (uint32_t o = 0; o < source->frameCount(); ++o) {
                    if (source->frames[o].name == source->frames[f].name)
                        frames.push_back(o);
                }
                const TablePtr collapsed =
                    apply(source, TransformKind::CollapseRecursion, {}, frames);
                if (collapsed != source) {
                    QVERIFY(collapsed->derivedFrom &&
                            collapsed->derivedFrom->kind ==
                                StackDerivation::Kind::RecursionCollapsed);
                    const auto fresh =
                        std::make_shared<const FunctionTable>(FunctionTable::build(*collapsed));
                    QVERIFY2(sameTables(*functionTableFollowing(collapsed, source, sourceTable),
                                        *fresh, columns),
                             name.c_str());
                    QVERIFY2(sameTables(*functionTableFollowing(source, collapsed, fresh),
                                        *sourceTable, columns),
                             name.c_str());
                    ++recursions;
                }
                const std::string package = packageOfFunction(name);
                if (package.empty() || !packagesTried.insert(package).second)
                    continue;
                const TablePtr folded = apply(source, TransformKind::CollapsePackage, package);
                if (folded == source || !folded->derivedFrom)
                    continue;
                QCOMPARE(folded->derivedFrom->kind, StackDerivation::Kind::FramesCollapsed);
                QVERIFY2(sameTables(*functionTableFollowing(folded, source, sourceTable),
                                    FunctionTable::build(*folded), columns),
                         package.c_str());
                ++packages;
            }
        }
        QVERIFY(recursions >= 1);
        QVERIFY(packages >= 4);
    }

    void filterFunctionTablesCountRecursionOnce()
    {
        // main -> f -> f -> g (16), main -> f -> h (4), main -> h (2): dropping h's
        // samples leaves f's cum 16 (not 32), main's 16.
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main", "f", "f", "g"}, {16});
        b.sample({"main", "f", "h"}, {4});
        b.sample({"main", "h"}, {2});
        const TablePtr t = build(b);
        const FunctionTable all = FunctionTable::build(*t);
        const TablePtr kept = apply(t, TransformKind::DropFunction, {}, {frameNamed(*t, "h")});
        const auto followed = FunctionTable::acrossSubset(all, *t, kept->derivedFrom->kept,
                                                          FunctionTable::Step::Apply);
        QVERIFY(followed);
        QCOMPARE(followed->cum(frameNamed(*t, "f"), 0), int64_t(16));
        QCOMPARE(followed->cum(frameNamed(*t, "main"), 0), int64_t(16));
        QCOMPARE(followed->flat(frameNamed(*t, "g"), 0), int64_t(16));
        QCOMPARE(followed->cum(frameNamed(*t, "h"), 0), int64_t(0));
        // f -> f folded: f's cum stays 20, the table is the source's.
        const TablePtr folded = apply(t, TransformKind::CollapseDirectRecursion, {});
        QVERIFY(folded != t && folded->derivedFrom->of.lock() == t &&
                folded->derivedFrom->kind == StackDerivation::Kind::SameFunctions);
        QCOMPARE(FunctionTable::build(*folded).cum(frameNamed(*t, "f"), 0), int64_t(20));
        // Merging g into its caller: main -> f -> f -> g now ends in f, whose flat becomes 16;
        // cum counts f once per stack still (20), g has none left.
        const TablePtr noG = apply(t, TransformKind::MergeFunction, {}, {frameNamed(*t, "g")});
        const auto withoutG = FunctionTable::acrossMergedFrames(all, *t, noG->derivedFrom->frames);
        QVERIFY(withoutG);
        QCOMPARE(withoutG->flat(frameNamed(*t, "f"), 0), int64_t(16));
        QCOMPARE(withoutG->cum(frameNamed(*t, "f"), 0), int64_t(20));
        QCOMPARE(withoutG->flat(frameNamed(*t, "g"), 0), int64_t(0));
        QCOMPARE(withoutG->cum(frameNamed(*t, "g"), 0), int64_t(0));
        QCOMPARE(withoutG->cum(frameNamed(*t, "main"), 0), int64_t(22));
        // main -> f -> g -> f -> h (8), main -> f -> g (2), main -> g -> f -> g -> f (1):
        // collapsing f's recursion leaves main -> f -> h, where g no longer is (its cum
        // 11 -> 3), and main -> g -> f, where g still is; flats stay.
        ProfileBuilder rb;
        rb.sampleType("samples", "count");
        rb.sample({"main", "f", "g", "f", "h"}, {8});
        rb.sample({"main", "f", "g"}, {2});
        rb.sample({"main", "g", "f", "g", "f"}, {1});
        const TablePtr rt = build(rb);
        const FunctionTable rAll = FunctionTable::build(*rt);
        QCOMPARE(rAll.cum(frameNamed(*rt, "g"), 0), int64_t(11));
        const TablePtr noRecursion =
            apply(rt, TransformKind::CollapseRecursion, {}, {frameNamed(*rt, "f")});
        const auto collapsedF = FunctionTable::acrossCollapsedRecursion(
            rAll, *rt, noRecursion->derivedFrom->frames, FunctionTable::Step::Apply);
        QVERIFY(collapsedF);
        QCOMPARE(collapsedF->cum(frameNamed(*rt, "g"), 0), int64_t(3));
        QCOMPARE(collapsedF->cum(frameNamed(*rt, "f"), 0), int64_t(11));
        QCOMPARE(collapsedF->cum(frameNamed(*rt, "h"), 0), int64_t(8));
        QCOMPARE(collapsedF->flat(frameNamed(*rt, "f"), 0), int64_t(1));
        QCOMPARE(collapsedF->flat(frameNamed(*rt, "g"), 0), int64_t(2));
        const auto undone = FunctionTable::acrossCollapsedRecursion(
            *collapsedF, *rt, noRecursion->derivedFrom->frames, FunctionTable::Step::Undo);
        QVERIFY(undone && sameTables(*undone, rAll, 1));
        // main -> pkg.a -> x -> pkg.b (4), main -> pkg.a (1), main -> y (2): collapsing pkg
        // gives one new frame with flat 5 and cum 5 (once per stack); pkg.a and pkg.b go.
        ProfileBuilder pb;
        pb.sampleType("samples", "count");
        pb.sample({"main", "pkg.a", "x", "pkg.b"}, {4});
        pb.sample({"main", "pkg.a"}, {1});
        pb.sample({"main", "y"}, {2});
        const TablePtr pt = build(pb);
        const TablePtr noPkg = apply(pt, TransformKind::CollapsePackage, "pkg");
        QCOMPARE(noPkg->derivedFrom->kind, StackDerivation::Kind::FramesCollapsed);
        const uint32_t into = noPkg->derivedFrom->into;
        QCOMPARE(noPkg->frameName(into), std::string("pkg"));
        const auto pkgFolded = FunctionTable::acrossCollapsedFrames(
            FunctionTable::build(*pt), *pt, noPkg->derivedFrom->frames, into);
        QVERIFY(pkgFolded);
        QCOMPARE(pkgFolded->flat(into, 0), int64_t(5));
        QCOMPARE(pkgFolded->cum(into, 0), int64_t(5));
        QCOMPARE(pkgFolded->cum(frameNamed(*pt, "pkg.a"), 0), int64_t(0));
        QCOMPARE(pkgFolded->flat(frameNamed(*pt, "pkg.b"), 0), int64_t(0));
        QCOMPARE(pkgFolded->cum(frameNamed(*pt, "x"), 0), int64_t(4));
        QCOMPARE(pkgFolded->cum(frameNamed(*pt, "main"), 0), int64_t(7));
        // Values whose sums could saturate are left to build().
        ProfileBuilder huge;
        huge.sampleType("bytes", "bytes");
        huge.sample({"main", "a"}, {INT64_MAX - 1});
        huge.sample({"main", "b"}, {INT64_MAX - 1});
        const TablePtr h = build(huge);
        const TablePtr hk = apply(h, TransformKind::DropFunction, {}, {frameNamed(*h, "b")});
        QVERIFY(!FunctionTable::acrossSubset(FunctionTable::build(*h), *h, hk->derivedFrom->kept,
                                             FunctionTable::Step::Apply));
        QCOMPARE(functionTableFollowing(hk, h, nullptr)->cum(frameNamed(*h, "main"), 0),
                 int64_t(INT64_MAX - 1));
    }

    // A build whose frames are split by origin, merged back, is the plain build (for
    // every sample type, the same stacks), so that filtering it changes nothing else.
    void splitOriginsMergeBack_data()
    {
        sharedProfileRows({"real/go/cpu-parser.pb.gz", "real/node/kvworker-time.pb.gz",
                           "real/synthetic/synth-S-seed2.pb.gz", "pprof-testdata/sample.cpu"});
    }

    void splitOriginsMergeBack()
    {
        QFETCH(QString, file);
        // Six tables per row, all their stacks folded to text: over a minute for the large
        // profile under the sanitizers, where the other rows take the same paths.
        if (largeUnderSanitizers(file))
            QSKIP("the large profile under the sanitizers");
        LoadResult r = loadProfile(file);
        QVERIFY2(r.profile, qPrintable(r.error));
        for (Granularity g :
             {Granularity::Functions, Granularity::FileFunctions, Granularity::Lines}) {
            for (bool noInlines : {false, true}) {
                StackTableOptions plain;
                plain.granularity = g;
                plain.noInlines = noInlines;
                plain.pprofNames = true;
                StackTableOptions split = plain;
                split.noInlines = false;
                split.origins = FrameOriginMode::Split;
                std::string error;
                auto a = StackTable::build({r.profile}, plain, &error);
                auto b = StackTable::build({r.profile}, split, &error);
                QVERIFY(a && b);
                QVERIFY(b->frameCount() >= a->frameCount());
                const TablePtr merged =
                    finishForReport(std::make_shared<const StackTable>(std::move(*b)), noInlines);
                QCOMPARE(trieProblems(*merged), QString());
                QCOMPARE(merged->nodeCount(), a->nodeCount());
                for (size_t c = 0; c < a->columnCount(); ++c)
                    QCOMPARE(foldedStacks(*merged, c), foldedStacks(*a, c));
                QCOMPARE(merged->totals, a->totals);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestTransforms)
#include "tst_transforms.moc"
