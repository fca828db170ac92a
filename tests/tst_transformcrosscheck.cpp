// Transforms on the unique stacks (Transform.h), each result checked against another way
// of computing it: a brute-force rewrite of every stack, frame by frame, on random
// profiles; the fast paths against the general rules; a large trie rewritten on two
// threads; function tables that follow from their source's against tables built from
// scratch; and a build with frames split by origin, merged back, equal to a plain build.
#include "DerivedStackTable.h"
#include "FunctionTable.h"
#include "FunctionTableReuse.h"
#include "PprofTransforms.h"
#include "ProfileBuilder.h"
#include "StackFilter.h"
#include "StackLabels.h"
#include "TestData.h"
#include "TransformHelpers.h"
#include "TrieHelpers.h"
#include "TrieRewrite.h"

#include <QtTest>

#include <random>
#include <set>

using namespace embers;
using namespace embers::test;

namespace {

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

// A data table of a "file" column: the shared profiles at these relative paths.
void sharedProfileRows(std::initializer_list<const char *> relative)
{
    QTest::addColumn<QString>("file");
    for (const char *f : relative)
        QTest::newRow(f) << sharedProfiles() + QLatin1Char('/') + QLatin1String(f);
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

class TestTransformCrossCheck : public QObject
{
    Q_OBJECT

private slots:
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
        // Values as large as a profile can hold: taking a function's samples out is exact.
        ProfileBuilder huge;
        huge.sampleType("bytes", "bytes");
        huge.sample({"main", "a"}, {INT64_MAX / 2});
        huge.sample({"main", "b"}, {INT64_MAX / 2 + 1});
        const TablePtr h = build(huge);
        QCOMPARE(h->totals[0], INT64_MAX);
        const TablePtr hk = apply(h, TransformKind::DropFunction, {}, {frameNamed(*h, "b")});
        QCOMPARE(functionTableFollowing(hk, h, nullptr)->cum(frameNamed(*h, "main"), 0),
                 int64_t(INT64_MAX / 2));
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

QTEST_GUILESS_MAIN(TestTransformCrossCheck)
#include "tst_transformcrosscheck.moc"
