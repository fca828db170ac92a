// StackFilter: dropping the stacks through some frames (pprof's -ignore, V8's idle and
// program frames). Hand-checked stacks, a brute-force comparison on random profiles, and
// `go tool pprof -top -ignore=...` references on real profiles (tests/data/stack-filter,
// made by its generate.sh).
#include "CallTree.h"
#include "Capture.h"
#include "FunctionTable.h"
#include "ModelHelpers.h"
#include "ProfileBuilder.h"
#include "StackFilter.h"
#include "StackTable.h"
#include "TestData.h"
#include "TopReport.h"
#include "TrieHelpers.h"

#include <QtTest>

#include <random>

using namespace embers;
using namespace embers::test;

namespace {

// A V8-shaped wall-time profile: 100 samples, 35 of them in pseudo-frames.
ProfileBuilder v8Profile()
{
    ProfileBuilder b;
    b.sampleType("sample", "count").sampleType("wall", "nanoseconds");
    b.sample({"processImmediate", "fetch", "work"}, {30, 30'000});
    b.sample({"processImmediate", "fetch", "helper"}, {15, 15'000});
    b.sample({"processImmediate", "fetch"}, {5, 5'000});
    b.sample({"(program)"}, {10, 10'000});
    b.sample({"(idle)"}, {20, 20'000});
    b.sample({"Node.js", "Garbage Collection"}, {4, 4'000});
    b.sample({"Node.js", "Non JS threads activity"}, {15, 15'000});
    b.sample({"processImmediate", "(garbage collector)"}, {1, 1'000});
    return b;
}

} // namespace

class TestStackFilter : public QObject
{
    Q_OBJECT

private slots:
    void dropsV8PseudoFrames()
    {
        auto t = tableOf(v8Profile());
        const FrameMask mask = StackFilter::v8PseudoFrames(*t);
        QCOMPARE(std::count(mask.begin(), mask.end(), 1), 4);
        QVERIFY(StackFilter::anyStackThrough(*t, mask));
        QCOMPARE(StackFilter::totalThrough(*t, mask), (std::vector<int64_t>{35, 35'000}));

        auto kept = StackFilter::withoutFrames(*t, mask, StackFilter::Totals::Recomputed);
        QVERIFY(kept);
        QCOMPARE(trieProblems(*kept), QString());
        const std::map<std::string, int64_t> expected{{"processImmediate;fetch;work", 30'000},
                                                      {"processImmediate;fetch;helper", 15'000},
                                                      {"processImmediate;fetch", 5'000},
                                                      {"Node.js;Non JS threads activity", 15'000}};
        QCOMPARE(foldedStacks(*kept, 1), expected);
        QCOMPARE(kept->totals, (std::vector<int64_t>{65, 65'000}));
        // root, processImmediate, Node.js, fetch, Non JS..., helper, work: the pseudo-frames'
        // nodes are gone, and the shared Node.js stays for the stack it still carries.
        QCOMPARE(kept->nodeCount(), size_t(7));
        // Frame indices mean the same in both tables.
        QCOMPARE(kept->frameCount(), t->frameCount());
        for (uint32_t f = 0; f < t->frameCount(); ++f)
            QCOMPARE(kept->frameName(f), t->frameName(f));

        const CallTree tree(std::make_shared<const StackTable>(std::move(*kept)), 1);
        QCOMPARE(tree.total(CallTree::kRoot), int64_t(65'000));

        auto whole = StackFilter::withoutFrames(*t, mask, StackFilter::Totals::Kept);
        QVERIFY(whole);
        QCOMPARE(whole->totals, t->totals);
        QCOMPARE(foldedStacks(*whole, 1), expected);
    }

    void pseudoFramesAreMatchedByExactName()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main", "(program)x"}, {1});
        b.sample({"idle"}, {1});
        b.sample({"collectGarbage Collection"}, {1});
        auto t = tableOf(b);
        const FrameMask mask = StackFilter::v8PseudoFrames(*t);
        QVERIFY(!StackFilter::anyStackThrough(*t, mask));
        QCOMPARE(StackFilter::totalThrough(*t, mask), std::vector<int64_t>{0});
    }

    void nothingAndEverything()
    {
        auto t = tableOf(v8Profile());
        auto same = StackFilter::withoutFrames(*t, FrameMask(t->frameCount(), 0),
                                               StackFilter::Totals::Recomputed);
        QVERIFY(same);
        QVERIFY(sameTrie(*same, *t));
        QCOMPARE(same->totals, t->totals);

        auto none = StackFilter::withoutFrames(*t, FrameMask(t->frameCount(), 1),
                                               StackFilter::Totals::Recomputed);
        QVERIFY(none);
        QCOMPARE(trieProblems(*none), QString());
        QCOMPARE(none->nodeCount(), size_t(1));
        QCOMPARE(none->stackCount(), size_t(0));
        QCOMPARE(none->totals, (std::vector<int64_t>{0, 0}));

        std::atomic_bool cancel{true};
        QVERIFY(!StackFilter::withoutFrames(*t, FrameMask(t->frameCount(), 0),
                                            StackFilter::Totals::Kept, &cancel));
    }

    void matchesBruteForceOnRandomProfiles()
    {
        std::mt19937 rng(777);
        for (int round = 0; round < 60; ++round) {
            ProfileBuilder b;
            b.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
            const int functions = 3 + int(rng() % 10);
            for (int s = 0, samples = 1 + int(rng() % 80); s < samples; ++s) {
                std::vector<std::string> stack(rng() % 10); // empty stacks too
                for (std::string &name : stack)
                    name = "fn" + std::to_string(rng() % functions);
                b.sample(stack, {1 + int64_t(rng() % 4), int64_t(rng() % 100000)});
            }
            auto t = tableOf(b);
            FrameMask mask(t->frameCount(), 0);
            for (uint8_t &m : mask)
                m = rng() % 4 == 0;
            auto kept = StackFilter::withoutFrames(*t, mask, StackFilter::Totals::Recomputed);
            QVERIFY(kept);
            QCOMPARE(trieProblems(*kept), QString());

            std::vector<int64_t> totals(2, 0);
            std::vector<uint32_t> frames;
            for (size_t column : {size_t(0), size_t(1)}) {
                std::map<std::string, int64_t> expected;
                for (size_t s = 0; s < t->stackCount(); ++s) {
                    t->stackFrames(s, frames);
                    if (std::any_of(frames.begin(), frames.end(),
                                    [&](uint32_t f) { return mask[f & kFrameMask] != 0; }))
                        continue;
                    expected[foldedPath(*t, frames)] += t->value(s, column);
                    totals[column] += t->value(s, column);
                }
                const auto got = foldedStacks(*kept, column);
                QVERIFY2(got == expected, qPrintable(describe(got) + QStringLiteral("\nexpected:") +
                                                     describe(expected)));
            }
            QCOMPARE(kept->totals, totals);
            const std::vector<int64_t> through = StackFilter::totalThrough(*t, mask);
            for (size_t c = 0; c < 2; ++c)
                QCOMPARE(through[c], t->totals[c] - totals[c]);
        }
    }

    void pprofIgnore_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("sampleIndex");
        QTest::addColumn<QString>("flags");
        QTest::addColumn<QString>("ignore");
        QTest::addColumn<QString>("reference");
        const QString dir = testData() + QStringLiteral("/stack-filter/");
        const QList<QByteArray> lines = readText(dir + QStringLiteral("manifest.tsv")).split('\n');
        int count = 0;
        for (const QByteArray &line : lines.mid(1)) {
            const QList<QByteArray> f = line.split('\t');
            if (f.size() < 6)
                continue;
            QTest::newRow(f[4].constData())
                << sharedProfiles() + QStringLiteral("/real/") + QString::fromUtf8(f[0])
                << QString::fromUtf8(f[1]) << QString::fromUtf8(f[2]) << QString::fromUtf8(f[3])
                << dir + QString::fromUtf8(f[4]);
            ++count;
        }
        QVERIFY2(count >= 8, "tests/data/stack-filter/manifest.tsv lists too few references");
    }

    // The filtered table's -top report is pprof's, line for line, but for the filter
    // lines pprof adds to the header.
    void pprofIgnore()
    {
        QFETCH(QString, file);
        QFETCH(QString, sampleIndex);
        QFETCH(QString, flags);
        QFETCH(QString, ignore);
        QFETCH(QString, reference);

        OpenOptions options;
        options.model.pprofNames = true;
        options.buildTree = false;
        const OpenResult opened = openCapture({file}, options);
        QVERIFY2(opened.capture, qPrintable(opened.error));
        const StackTable &source = *opened.capture->stacks;
        const QRegularExpression rx(ignore);
        QVERIFY(rx.isValid());
        const FrameMask mask = StackFilter::framesMatching(source, rx);
        QVERIFY(StackFilter::anyStackThrough(source, mask));
        const bool relative = flags.contains(QLatin1String("-relative_percentages"));
        auto filtered = StackFilter::withoutFrames(
            source, mask, relative ? StackFilter::Totals::Recomputed : StackFilter::Totals::Kept);
        QVERIFY(filtered);
        QCOMPARE(trieProblems(*filtered), QString());

        TopOptions top;
        if (flags.contains(QLatin1String("-nodefraction=0")))
            top.nodeFraction = 0;
        std::string error;
        top.column = filtered->columnByName(sampleIndex.toStdString(), &error);
        QVERIFY2(top.column >= 0, error.c_str());
        const FunctionTable functions = FunctionTable::build(*filtered);
        const QList<QByteArray> ours =
            QByteArray::fromStdString(
                formatTopReport(*filtered, buildTopTable(*filtered, functions, top), top))
                .split('\n');
        QList<QByteArray> theirs = readText(reference).split('\n');
        QVERIFY(theirs.size() > 8);
        const qsizetype filters = theirs.indexOf("Active filters:");
        QVERIFY(filters > 0);
        theirs.remove(filters, 2);
        for (qsizetype i = 0; i < std::max(ours.size(), theirs.size()); ++i) {
            if (ours.value(i) != theirs.value(i))
                QFAIL(qPrintable(QStringLiteral("line %1 differs:\n   embers: %2\n    pprof: %3")
                                     .arg(i + 1)
                                     .arg(QString::fromUtf8(ours.value(i)),
                                          QString::fromUtf8(theirs.value(i)))));
        }
    }
};

QTEST_GUILESS_MAIN(TestStackFilter)
#include "tst_stackfilter.moc"
