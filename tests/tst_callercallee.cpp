// CallerCallee: the callers (inverted) and callees trees of one function, on hand-checked
// stacks with direct and mutual recursion and inlining, and against a brute-force pass
// over the stacks of random profiles (outermost occurrence of each stack).
#include "CallTree.h"
#include "CallerCallee.h"
#include "FunctionTable.h"
#include "ModelHelpers.h"
#include "ProfileBuilder.h"
#include "StackTable.h"
#include "TrieHelpers.h"

#include <QtTest>

#include <random>

using namespace embers;
using namespace embers::test;

namespace {

uint32_t frameNamed(const StackTable &t, const std::string &name)
{
    for (uint32_t f = 0; f < t.frameCount(); ++f) {
        if (t.frameName(f) == name)
            return f;
    }
    qFatal("no frame %s", name.c_str());
}

// The sandwich by brute force: each stack through the function, cut at its outermost
// occurrence; callers read from there towards the root.
void bruteForce(const StackTable &t, uint32_t frame, size_t column,
                std::map<std::string, int64_t> *callers, std::map<std::string, int64_t> *callees)
{
    std::vector<uint32_t> frames;
    for (size_t s = 0; s < t.stackCount(); ++s) {
        t.stackFrames(s, frames);
        auto at = std::find_if(frames.begin(), frames.end(),
                               [&](uint32_t f) { return (f & kFrameMask) == frame; });
        if (at == frames.end())
            continue;
        std::vector<uint32_t> down{frame}, up{frame};
        down.insert(down.end(), at + 1, frames.end());
        for (auto it = std::make_reverse_iterator(at); it != frames.rend(); ++it)
            up.push_back(*it);
        (*callees)[foldedPath(t, down)] += t.value(s, column);
        (*callers)[foldedPath(t, up)] += t.value(s, column);
    }
}

} // namespace

class TestCallerCallee : public QObject
{
    Q_OBJECT

private slots:
    void recursionCountsOnce()
    {
        // f is called from a, from b and from main; it recurses directly (f -> f) and
        // through x (f -> x -> f). Each stack counts once: cum(f) = 10 + 5 + 3 + 2 = 20.
        ProfileBuilder b;
        b.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
        b.sample({"main", "a", "f", "g"}, {10, 100});
        b.sample({"main", "b", "f"}, {5, 50});
        b.sample({"main", "f", "f", "h"}, {3, 30});
        b.sample({"main", "f", "x", "f", "g"}, {2, 20});
        b.sample({"main", "a"}, {7, 70});
        auto t = tableOf(b);
        const uint32_t f = frameNamed(*t, "f");

        auto callers = CallerCallee::callers(*t, f);
        auto callees = CallerCallee::callees(*t, f);
        QVERIFY(callers && callees);
        QCOMPARE(trieProblems(*callers), QString());
        QCOMPARE(trieProblems(*callees), QString());

        const std::map<std::string, int64_t> expectedCallers{
            {"f;a;main", 10}, {"f;b;main", 5}, {"f;main", 5}};
        QCOMPARE(foldedStacks(*callers, 0), expectedCallers);
        const std::map<std::string, int64_t> expectedCallees{
            {"f;g", 10}, {"f", 5}, {"f;f;h", 3}, {"f;x;f;g", 2}};
        QCOMPARE(foldedStacks(*callees, 0), expectedCallees);
        // root, f, then a, b, main (sorted by frame), then main under a and under b.
        QCOMPARE(callers->nodeCount(), size_t(7));

        // Both trees total the function's cum, in every sample type, and keep the
        // profile's totals for percentages.
        const FunctionTable functions = FunctionTable::build(*t);
        auto calleeStacks = std::make_shared<const StackTable>(std::move(*callees));
        auto callerStacks = std::make_shared<const StackTable>(std::move(*callers));
        for (size_t column : {size_t(0), size_t(1)}) {
            CallTree up(callerStacks, column), down(calleeStacks, column);
            QCOMPARE(up.total(CallerCallee::kFunctionNode), functions.cum(f, column));
            QCOMPARE(down.total(CallerCallee::kFunctionNode), functions.cum(f, column));
            QCOMPARE(up.total(CallTree::kRoot), functions.cum(f, column));
            QCOMPARE(calleeStacks->totals[column], t->totals[column]);
        }
        CallTree down(calleeStacks, 1);
        QCOMPARE(down.frame(CallerCallee::kFunctionNode), f);
        QCOMPARE(down.self(CallerCallee::kFunctionNode), int64_t(50)); // f's own, at b
        // The inner f (f -> f -> h) is f's child, with what it called.
        uint32_t inner = UINT32_MAX;
        for (uint32_t c = down.firstChild(1); c < down.childEnd(1); ++c) {
            if (down.frame(c) == f)
                inner = c;
        }
        QVERIFY(inner != UINT32_MAX);
        QCOMPARE(down.total(inner), int64_t(30));
        // Frames mean the same in the derived tables.
        QCOMPARE(calleeStacks->frameName(f), std::string("f"));
        QCOMPARE(calleeStacks->frameCount(), t->frameCount());
    }

    void inlinedAndOutOfLineOccurrencesMerge()
    {
        // f inlined into a in one stack, called normally from main in another.
        ProfileBuilder b;
        b.sampleType("samples", "count");
        const uint64_t main = b.locationOf("main");
        const uint64_t fInA = b.location({{"f", 3}, {"a", 9}});
        const uint64_t f = b.locationOf("f"), g = b.locationOf("g");
        b.sampleIds({g, fInA, main}, {4});
        b.sampleIds({f, main}, {6});
        auto t = tableOf(b);
        const uint32_t frame = frameNamed(*t, "f");
        auto callers = CallerCallee::callers(*t, frame);
        auto callees = CallerCallee::callees(*t, frame);
        QVERIFY(callers && callees);
        QCOMPARE(trieProblems(*callers), QString());
        // One node for f, inlined or not (the merged node has no inline mark).
        const std::map<std::string, int64_t> up{{"f;a;main", 4}, {"f;main", 6}};
        QCOMPARE(foldedStacks(*callers, 0), up);
        const std::map<std::string, int64_t> down{{"f;g", 4}, {"f", 6}};
        QCOMPARE(foldedStacks(*callees, 0), down);
        QCOMPARE(CallTree(std::make_shared<const StackTable>(std::move(*callees)), 0)
                     .childCount(CallTree::kRoot),
                 uint32_t(1));
    }

    void rootAndAbsentFunctions()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main", "a"}, {3});
        b.sample({"main"}, {1});
        b.sample({"other"}, {2});
        auto t = tableOf(b);
        auto callers = CallerCallee::callers(*t, frameNamed(*t, "main"));
        QVERIFY(callers);
        QCOMPARE(foldedStacks(*callers, 0), (std::map<std::string, int64_t>{{"main", 4}}));
        auto callees = CallerCallee::callees(*t, frameNamed(*t, "main"));
        QCOMPARE(foldedStacks(*callees, 0),
                 (std::map<std::string, int64_t>{{"main;a", 3}, {"main", 1}}));

        // A frame that no stack passes through: the empty stack alone.
        const uint32_t absent = uint32_t(t->frameCount()); // no node uses it
        auto none = CallerCallee::callees(*t, absent);
        QVERIFY(none);
        QCOMPARE(none->nodeCount(), size_t(1));
        QCOMPARE(none->stackCount(), size_t(0));
        QCOMPARE(trieProblems(*none), QString());
        QCOMPARE(CallTree(std::make_shared<const StackTable>(std::move(*none)), 0).total(0),
                 int64_t(0));
    }

    void cancelStops()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main", "a"}, {3});
        auto t = tableOf(b);
        std::atomic_bool cancel{true};
        QVERIFY(!CallerCallee::callers(*t, frameNamed(*t, "a"), &cancel));
        QVERIFY(!CallerCallee::callees(*t, frameNamed(*t, "a"), &cancel));
    }

    void matchesBruteForceOnRandomProfiles()
    {
        std::mt19937 rng(12345);
        for (int round = 0; round < 40; ++round) {
            ProfileBuilder b;
            b.sampleType("samples", "count").sampleType("space", "bytes");
            const int functions = 3 + int(rng() % 8);
            const int samples = 1 + int(rng() % 60);
            for (int s = 0; s < samples; ++s) {
                std::vector<std::string> stack(1 + rng() % 12);
                for (std::string &name : stack)
                    name = "fn" + std::to_string(rng() % functions);
                b.sample(stack, {int64_t(rng() % 5), int64_t(rng() % 1000) - 100});
            }
            auto t = tableOf(b);
            const FunctionTable table = FunctionTable::build(*t);
            for (uint32_t f = 0; f < t->frameCount(); ++f) {
                auto callers = CallerCallee::callers(*t, f);
                auto callees = CallerCallee::callees(*t, f);
                QVERIFY(callers && callees);
                QCOMPARE(trieProblems(*callers), QString());
                QCOMPARE(trieProblems(*callees), QString());
                for (size_t column : {size_t(0), size_t(1)}) {
                    std::map<std::string, int64_t> up, down;
                    bruteForce(*t, f, column, &up, &down);
                    const auto gotUp = foldedStacks(*callers, column);
                    const auto gotDown = foldedStacks(*callees, column);
                    QVERIFY2(gotUp == up, qPrintable(QStringLiteral("callers of %1:%2\nexpected:%3")
                                                         .arg(f)
                                                         .arg(describe(gotUp), describe(up))));
                    QVERIFY2(gotDown == down,
                             qPrintable(QStringLiteral("callees of %1:%2\nexpected:%3")
                                            .arg(f)
                                            .arg(describe(gotDown), describe(down))));
                }
                const CallTree up(std::make_shared<const StackTable>(std::move(*callers)), 1);
                QCOMPARE(up.total(CallTree::kRoot), table.cum(f, 1));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestCallerCallee)
#include "tst_callercallee.moc"
