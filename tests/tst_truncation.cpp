// Truncated stacks: stacks cut at their producer's depth limit are found per table (at a
// known limit that several stacks reach and none exceeds), counted as producers count
// them (Go: logical frames with inlined calls; others: locations), and can be grouped
// under a "[truncated]" root with the totals unchanged. Hand-built profiles, and the
// shared Go CPU profile whose deepest stacks are cut at 64.
#include "ModelHelpers.h"
#include "ProfileBuilder.h"
#include "TestData.h"
#include "TruncatedStacks.h"

#include <QtTest>

using namespace embers;
using namespace embers::test;

namespace {

std::vector<std::string> chain(const std::string &prefix, int depth)
{
    std::vector<std::string> out;
    for (int i = 0; i < depth; ++i)
        out.push_back(prefix + std::to_string(i));
    return out;
}

int64_t sumOfStacks(const StackTable &t, size_t column)
{
    int64_t sum = 0;
    for (size_t s = 0; s < t.stackCount(); ++s)
        sum += t.value(s, column);
    return sum;
}

QString rootName(const StackTable &t, uint32_t node)
{
    while (t.nodeParent(node) != StackTable::kRoot)
        node = t.nodeParent(node);
    return QString::fromStdString(t.frameName(t.nodeFrame(node)));
}

} // namespace

class TestTruncation : public QObject
{
    Q_OBJECT

private slots:
    void stacksAtTheLimitAreCut()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        // Three stacks of exactly 64 frames (their roots are deep callers), two shallow.
        auto deep = chain("d", 64);
        b.sample(deep, {5});
        deep.back() = "leafB";
        b.sample(deep, {3});
        auto other = chain("e", 64);
        b.sample(other, {2});
        b.sample({"main", "run", "work"}, {7});
        b.sample({"main", "run"}, {1});
        const StackTable t = *tableOf(b);
        const StackTruncation tr = detectTruncation(t);
        QCOMPARE(tr.limit, 64);
        QCOMPARE(tr.truncatedStacks, size_t(3));
        // Every node of the cut stacks is flagged; main's are not.
        for (size_t s = 0; s < t.stackCount(); ++s) {
            const bool cut = rootName(t, t.stackNodes[s]) != QLatin1String("main");
            QCOMPARE(bool(tr.stack[s]), cut);
            QCOMPARE(bool(tr.node[t.stackNodes[s]]), cut);
        }

        // Grouped: the three under "[truncated]", the rest where they were; same totals.
        auto grouped = groupTruncated(t, tr);
        QVERIFY(grouped);
        QCOMPARE(grouped->totals, t.totals);
        QCOMPARE(sumOfStacks(*grouped, 0), sumOfStacks(t, 0));
        QCOMPARE(grouped->stackCount(), t.stackCount());
        QStringList roots;
        for (uint32_t c = grouped->firstChild(0); c < grouped->childEnd(0); ++c)
            roots << QString::fromStdString(grouped->frameName(grouped->nodeFrame(c)));
        QCOMPARE(roots, (QStringList{"main", "[truncated]"}));
        int64_t underGroup = 0;
        for (size_t s = 0; s < grouped->stackCount(); ++s) {
            if (rootName(*grouped, grouped->stackNodes[s]) == QLatin1String("[truncated]"))
                underGroup += grouped->value(s, 0);
        }
        QCOMPARE(underGroup, int64_t(5 + 3 + 2));
        // Trie invariants: parents first, children contiguous.
        for (uint32_t node = 1; node < grouped->nodeCount(); ++node) {
            const uint32_t p = grouped->nodeParent(node);
            QVERIFY(p < node);
            QVERIFY(grouped->firstChild(p) <= node && node < grouped->childEnd(p));
        }
        // The grouped table still knows its cut stacks (one frame deeper now).
        const StackTruncation again = detectTruncation(*grouped);
        QCOMPARE(again.truncatedStacks, size_t(3));
        QCOMPARE(again.limit, 64);
        QVERIFY(again.groupNode != StackTable::kNoFrame);
        QVERIFY(again.node[again.groupNode]);
    }

    void deeperStacksMeanNoLimit()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample(chain("d", 64), {5});
        b.sample(chain("e", 64), {5});
        b.sample(chain("f", 70), {1}); // a stack past 64: 64 is no limit here
        const StackTruncation tr = detectTruncation(*tableOf(b));
        QCOMPARE(tr.limit, 0);
        QVERIFY(!tr.any());
    }

    void oneStackAtTheLimitIsNotEnough()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample(chain("d", 32), {5});
        b.sample({"main"}, {5});
        QVERIFY(!detectTruncation(*tableOf(b)).any());
    }

    void goCountsInlinedFrames()
    {
        // 63 locations, the outermost holding two lines (an inlined call): Go's 64
        // logical frames. Another stack of 64 locations. Cut at 64 both.
        ProfileBuilder b;
        b.sampleType("samples", "count");
        std::vector<uint64_t> leafFirst;
        for (int i = 0; i < 62; ++i)
            leafFirst.push_back(b.locationOf("g" + std::to_string(i)));
        leafFirst.push_back(b.location({{"inner", 5}, {"outer", 9}}));
        b.sampleIds(leafFirst, {4});
        std::vector<uint64_t> plain;
        for (int i = 0; i < 64; ++i)
            plain.push_back(b.locationOf("p" + std::to_string(i)));
        b.sampleIds(plain, {6});
        b.sample({"main", "x"}, {1});
        const StackTable t = *tableOf(b);
        const StackTruncation tr = detectTruncation(t);
        QCOMPARE(tr.limit, 64);
        QCOMPARE(tr.truncatedStacks, size_t(2));
    }

    void realGoCpuProfileIsCutAt64()
    {
        // Its deepest stacks have 64 locations (255 samples' worth), none more.
        LoadResult r =
            loadProfile(sharedProfiles() + QStringLiteral("/real/go/cpu-parser.pb.gz"), {});
        QVERIFY(r.profile);
        std::string error;
        StackTableOptions o;
        o.granularity = Granularity::FileFunctions;
        auto t = StackTable::build({r.profile}, o, &error);
        QVERIFY(t);
        const StackTruncation tr = detectTruncation(*t);
        QCOMPARE(tr.limit, 64);
        QVERIFY(tr.truncatedStacks > 0);
        auto grouped = groupTruncated(*t, tr);
        QVERIFY(grouped);
        QCOMPARE(sumOfStacks(*grouped, 1), sumOfStacks(*t, 1));
        QCOMPARE(grouped->stackCount(), t->stackCount());
    }
};

QTEST_GUILESS_MAIN(TestTruncation)
#include "tst_truncation.moc"
