// Granularity: frames by address (pprof's -addresses) on hand-built profiles, symbolised
// and not; which granularities a profile offers; frames mapped between granularities;
// and the page's "Frames:" selector, which builds the model again off the GUI thread
// and keeps the sample type, the selection and the transforms (to a finer granularity,
// on all of a function's frames); the truncated stacks found once per table. (The -addresses tables
// equal go tool pprof's in tst_pprof_parity, granularity-manifest.tsv.)
#include "BackgroundPool.h"
#include "CallerCalleeView.h"
#include "CapturePage.h"
#include "FlameGraphView.h"
#include "FlamePanel.h"
#include "FunctionTableWidget.h"
#include "GranularityChooser.h"
#include "ModelHelpers.h"
#include "ProfileBuilder.h"
#include "Regranulate.h"
#include "TestData.h"
#include "Transform.h"
#include "TransformController.h"
#include "TruncatedStacks.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtTest>

using namespace embers;
using namespace embers::test;

namespace {

constexpr int kTimeoutMs = 60000;

std::optional<StackTable> build(const ProfilePtr &p, Granularity g)
{
    StackTableOptions o;
    o.granularity = g;
    std::string error;
    auto t = StackTable::build({p}, o, &error);
    if (!t)
        qFatal("%s", error.c_str());
    return t;
}

QStringList frameNames(const StackTable &t)
{
    QStringList out;
    for (uint32_t f = 0; f < t.frameCount(); ++f)
        out << QString::fromStdString(t.frameName(f));
    out.sort();
    return out;
}

uint32_t frameNamed(const StackTable &t, const std::string &name)
{
    for (uint32_t f = 0; f < t.frameCount(); ++f) {
        if (t.strings[t.frames[f].name] == name)
            return f;
    }
    return StackTable::kNoFrame;
}

// main -> work at two of main's lines and four of work's: work's lines 10 and 12 called
// from main's line 3, 14 from line 4, and 30 through other.
ProfileBuilder twoLinesOfOneFunction()
{
    ProfileBuilder b;
    b.sampleType("samples", "count");
    const uint64_t main3 = b.location({{"main", 3}}, "w.go");
    const uint64_t main4 = b.location({{"main", 4}}, "w.go");
    const uint64_t other = b.location({{"other", 20}}, "w.go");
    b.sampleIds({b.location({{"work", 10}}, "w.go"), main3}, {5});
    b.sampleIds({b.location({{"work", 12}}, "w.go"), main3}, {3});
    b.sampleIds({b.location({{"work", 14}}, "w.go"), main4}, {2});
    b.sampleIds({b.location({{"work", 30}}, "w.go"), other, main4}, {4});
    return b;
}

int64_t sumOfStacks(const StackTable &t, size_t column = 0)
{
    int64_t sum = 0;
    for (size_t s = 0; s < t.stackCount(); ++s)
        sum += t.value(s, column);
    return sum;
}

std::vector<int64_t> linesOf(const StackTable &t, const std::vector<uint32_t> &frames)
{
    std::vector<int64_t> lines;
    for (uint32_t f : frames)
        lines.push_back(f == StackTable::kNoFrame ? -1 : t.frames[f & kFrameMask].line);
    return lines;
}

} // namespace

class TestGranularity : public QObject
{
    Q_OBJECT

private slots:
    void addressesKeepLocationsApart()
    {
        // f at two addresses (lines 10 and 12), g inlined into f at the first one.
        ProfileBuilder b;
        b.sampleType("samples", "count");
        const uint64_t main = b.location({{"main", 3}}, "m.go");
        const uint64_t f1 = b.location({{"g", 20}, {"f", 10}}, "m.go");
        const uint64_t f2 = b.location({{"f", 12}}, "m.go");
        auto &proto = b.proto();
        proto.mutable_location(0)->set_address(0x1000);
        proto.mutable_location(1)->set_address(0x2000);
        proto.mutable_location(2)->set_address(0x2010);
        b.sampleIds({f1, main}, {3});
        b.sampleIds({f2, main}, {4});
        LoadResult r = b.load();
        QVERIFY(r.profile);

        auto functions = build(r.profile, Granularity::Functions);
        QCOMPARE(frameNames(*functions), (QStringList{"f", "g", "main"}));
        auto addresses = build(r.profile, Granularity::Addresses);
        // pprof's -addresses names: address, function, file:line; inlined g shares f's address.
        QCOMPARE(frameNames(*addresses),
                 (QStringList{"0000000000001000 main m.go:3", "0000000000002000 f m.go:10",
                              "0000000000002000 g m.go:20", "0000000000002010 f m.go:12"}));
        QCOMPARE(addresses->nodeCount(), size_t(1 + 1 + 2 + 1)); // main; f@10, g; f@12
        QCOMPARE(granularityFromName("addresses"), std::optional(Granularity::Addresses));

        // Every granularity this profile can tell apart is offered.
        QCOMPARE(availableGranularities({r.profile}),
                 (std::vector{Granularity::Functions, Granularity::FileFunctions,
                              Granularity::Lines, Granularity::Addresses}));

        // The selection maps to the same function (the first of its finer frames), and back.
        const uint32_t f = frameNamed(*functions, "f");
        const uint32_t fAt = mapFrame(*functions, f, *addresses);
        QVERIFY(fAt != StackTable::kNoFrame);
        QCOMPARE(addresses->strings[addresses->frames[fAt].name], std::string("f"));
        QCOMPARE(mapFrame(*addresses, fAt, *functions), f);
        QCOMPARE(mapFrame(*functions, StackTable::kNoFrame, *addresses), StackTable::kNoFrame);
    }

    void unsymbolisedFramesByAddress()
    {
        // No functions: locations in a binary (one mapping) and one with no mapping.
        ProfileBuilder b;
        b.sampleType("samples", "count");
        auto &proto = b.proto();
        auto *m = proto.add_mapping();
        m->set_id(1);
        m->set_memory_start(0x400000);
        m->set_memory_limit(0x800000);
        m->set_filename(b.str("/usr/bin/server"));
        const uint64_t addresses[] = {0x401000, 0x402000, 0x403000};
        for (int i = 0; i < 3; ++i) {
            auto *l = proto.add_location();
            l->set_id(uint64_t(i + 1));
            l->set_address(addresses[i]);
            l->set_mapping_id(i < 2 ? 1 : 0);
        }
        b.sampleIds({2, 1}, {5});
        b.sampleIds({3, 1}, {2});
        LoadResult r = b.load();
        QVERIFY(r.profile);

        // Functions: one frame per binary (pprof's "[server]"); addresses: one per location.
        auto functions = build(r.profile, Granularity::Functions);
        QCOMPARE(frameNames(*functions), (QStringList{"<unknown>", "[server]"}));
        auto byAddress = build(r.profile, Granularity::Addresses);
        QCOMPARE(frameNames(*byAddress),
                 (QStringList{"0000000000401000 [server]", "0000000000402000 [server]",
                              "0000000000403000 <unknown>"}));
        QCOMPARE(availableGranularities({r.profile}),
                 (std::vector{Granularity::Functions, Granularity::Addresses}));
    }

    void theSelectorRebuildsTheModel()
    {
        CapturePage page({sharedProfiles() + QStringLiteral("/real/go/cpu-parser.pb.gz")});
        page.resize(1200, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.load();
        QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
        GranularityChooser *chooser = page.granularityChooser();
        QVERIFY(chooser->isEnabled());
        QComboBox *combo = chooser->combo();
        QCOMPARE(combo->count(), 4);
        QCOMPARE(combo->currentData().toInt(), int(Granularity::FileFunctions));
        QCOMPARE(combo->itemText(3), GranularityChooser::displayName(Granularity::Addresses));

        // Another sample type than the default, and a function selected.
        QCOMPARE(page.sampleType(), SampleType(1));
        page.setSampleType(SampleType(0));
        const auto before = page.capture();
        const uint32_t parseTerm = frameNamed(*before->stacks, "main.(*parser).parseTerm");
        QVERIFY(parseTerm != StackTable::kNoFrame);
        page.selectFrame(parseTerm);

        // A choice that is taken back before it is done is dropped.
        QSignalSpy rebuilt(page.document(), &CaptureDocument::captureReplaced);
        chooser->choose(Granularity::Lines);
        QVERIFY(chooser->isBuilding());
        chooser->choose(Granularity::FileFunctions);
        QVERIFY(!chooser->isBuilding());

        chooser->choose(Granularity::Addresses);
        QTRY_COMPARE_WITH_TIMEOUT(rebuilt.count(), 1, kTimeoutMs);
        QCOMPARE(page.capture()->stacks->granularity, Granularity::Addresses);
        QCOMPARE(page.shownCapture()->stacks->granularity, Granularity::Addresses);
        QCOMPARE(page.capture()->profiles, before->profiles); // not read again
        QCOMPARE(page.sampleType(), SampleType(0));
        QVERIFY(page.capture()->stacks->frameCount() > before->stacks->frameCount());
        // Same totals; the selection is on one of parseTerm's addresses.
        QCOMPARE(page.capture()->stacks->totals, before->stacks->totals);
        auto selectedName = [&page] {
            const uint32_t f = page.callerCallee()->frame();
            const StackTable &t = *page.capture()->stacks;
            return f < t.frameCount() ? t.strings[t.frames[f].name] : std::string();
        };
        QTRY_COMPARE_WITH_TIMEOUT(selectedName(), std::string("main.(*parser).parseTerm"),
                                  kTimeoutMs);
        QVERIFY(page.capture()->stacks->frames[page.callerCallee()->frame()].address != 0);
        QCOMPARE(combo->currentData().toInt(), int(Granularity::Addresses));

        // Back to functions: fewer frames than functions + file had, or as many.
        chooser->choose(Granularity::Functions);
        QTRY_COMPARE_WITH_TIMEOUT(rebuilt.count(), 2, kTimeoutMs);
        QCOMPARE(page.capture()->stacks->granularity, Granularity::Functions);
        QVERIFY(page.capture()->stacks->frameCount() <= before->stacks->frameCount());
        QCOMPARE(page.sampleType(), SampleType(0));
    }

    void transformsFollowTheirFunctions()
    {
        // A focus on a picked function, then another granularity: the focus is on the
        // same function among the new frames (addresses: all of its addresses), and the
        // graph shows the same stacks through it.
        CapturePage page({sharedProfiles() + QStringLiteral("/real/go/cpu-parser.pb.gz")});
        page.resize(1200, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.load();
        QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
        const auto before = page.capture();
        const uint32_t parseTerm = frameNamed(*before->stacks, "main.(*parser).parseTerm");
        QVERIFY(parseTerm != StackTable::kNoFrame);
        TransformController *transforms = page.transforms();
        transforms->push({TransformKind::FocusFunction, {}, {parseTerm}});
        QTRY_VERIFY_WITH_TIMEOUT(!transforms->isBusy(), kTimeoutMs);
        const size_t column = page.sampleType().column();
        // The values left in the shown stacks (totals stay the whole profile's, as pprof's).
        auto shownSum = [&page, column] {
            const StackTable &t = *page.shownCapture()->stacks;
            int64_t sum = 0;
            for (size_t s = 0; s < t.stackCount(); ++s)
                sum += t.value(s, column);
            return sum;
        };
        const int64_t focused = shownSum();
        QVERIFY(focused > 0 && focused < before->stacks->totals[column]);

        QSignalSpy rebuilt(page.document(), &CaptureDocument::captureReplaced);
        page.granularityChooser()->choose(Granularity::Addresses);
        QTRY_COMPARE_WITH_TIMEOUT(rebuilt.count(), 1, kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!transforms->isBusy(), kTimeoutMs);
        const StackTable &now = *page.capture()->stacks;
        QCOMPARE(now.granularity, Granularity::Addresses);
        QVERIFY(now.frameCount() != before->stacks->frameCount());
        QCOMPARE(transforms->transforms().size(), size_t(1));
        const uint32_t mapped = transforms->transforms()[0].frames.at(0);
        QCOMPARE(now.strings[now.frames[mapped].name], std::string("main.(*parser).parseTerm"));
        QTRY_VERIFY_WITH_TIMEOUT(page.shownCapture()->stacks != page.capture()->stacks, kTimeoutMs);
        QVERIFY(transforms->transforms()[0].frames.size() > 1);
        for (uint32_t f : transforms->transforms()[0].frames)
            QCOMPARE(now.strings[now.frames[f].name], std::string("main.(*parser).parseTerm"));
        QCOMPARE(shownSum(), focused);
    }

    void mappedFramesFollowTheirFunctions()
    {
        // The same stacks built in another order: other frame indices. Transforms on
        // picked functions take the new indices; one whose function is gone is dropped.
        ProfileBuilder one, two;
        one.sampleType("samples", "count");
        two.sampleType("samples", "count");
        one.sample({"main", "a"}, {1}).sample({"main", "b"}, {2}).sample({"main", "c"}, {3});
        two.sample({"main", "b"}, {2}).sample({"main", "a"}, {1});
        const auto from = tableOf(one), to = tableOf(two);
        const uint32_t a = frameNamed(*from, "a"), c = frameNamed(*from, "c");
        QVERIFY(a != frameNamed(*to, "a"));
        TransformController transforms;
        transforms.push({TransformKind::FocusFunction, {}, {a}});
        transforms.push({TransformKind::MergeFunction, {}, {c}});
        transforms.push({TransformKind::Focus, "b", {}});
        transforms.mapFrames(*from, *to);
        QCOMPARE(transforms.transforms().size(), size_t(2));
        QCOMPARE(transforms.transforms()[0].frames, std::vector<uint32_t>{frameNamed(*to, "a")});
        QCOMPARE(transforms.transforms()[1].pattern, std::string("b"));
        transforms.undo(); // one step back: the list as it was
        QCOMPARE(transforms.transforms().size(), size_t(3));
    }

    void transformsTakeEveryFinerFrame()
    {
        ProfileBuilder b = twoLinesOfOneFunction();
        LoadResult r = b.load();
        QVERIFY(r.profile);
        auto functions =
            std::make_shared<const StackTable>(*build(r.profile, Granularity::Functions));
        auto lines = std::make_shared<const StackTable>(*build(r.profile, Granularity::Lines));
        const uint32_t main = frameNamed(*functions, "main"), work = frameNamed(*functions, "work");

        // A function is each of its lines: focus, merge and drop take them all.
        TransformController transforms;
        transforms.push({TransformKind::FocusFunction, {}, {work}});
        transforms.push({TransformKind::DropFunction, {}, {work}});
        transforms.push({TransformKind::FocusSubtree, {}, {main, work}});
        transforms.mapFrames(*functions, *lines);
        QCOMPARE(transforms.transforms().size(), size_t(3));
        const Transform focus = transforms.transforms()[0], drop = transforms.transforms()[1];
        QCOMPARE(linesOf(*lines, focus.frames), (std::vector<int64_t>{10, 12, 14, 30}));
        QCOMPARE(linesOf(*lines, drop.frames), (std::vector<int64_t>{10, 12, 14, 30}));
        // The call path main > work: main at each of its lines, then work at each of its.
        // It stands for three paths by line (main 3 > work 10, main 3 > work 12, main 4 >
        // work 14), not for main 4 > other > work 30.
        const Transform path = transforms.transforms()[2];
        QCOMPARE(linesOf(*lines, path.frames),
                 (std::vector<int64_t>{3, 4, -1, 10, 12, 14, 30, -1}));

        // Applied, they keep (or drop) what they did by function: 14 samples through work,
        // 10 through the path, counted by hand.
        for (const auto &[t, kept] :
             {std::pair{focus, 14}, std::pair{drop, 0}, std::pair{path, 10}}) {
            const TransformResult result = applyTransform(lines, t);
            QVERIFY(result.table);
            QVERIFY(result.matched);
            QCOMPARE(sumOfStacks(*result.table), int64_t(kept));
        }
        for (const auto &[t, kept] :
             {std::pair{Transform{TransformKind::FocusFunction, {}, {work}}, 14},
              std::pair{Transform{TransformKind::FocusSubtree, {}, {main, work}}, 10}})
            QCOMPARE(sumOfStacks(*applyTransform(functions, t).table), int64_t(kept));

        // A path picked after another transform (main > work once other is merged away)
        // matches in the table that transform leaves, at lines too: 14 samples.
        const Transform merge{TransformKind::MergeFunction, {}, {frameNamed(*functions, "other")}};
        const Transform byFunction{TransformKind::FocusSubtree, {}, {main, work}};
        QCOMPARE(
            sumOfStacks(*applyTransform(applyTransform(functions, merge).table, byFunction).table),
            int64_t(14));
        TransformController afterMerge;
        afterMerge.push(merge);
        afterMerge.push(byFunction);
        afterMerge.mapFrames(*functions, *lines);
        QCOMPARE(afterMerge.transforms().size(), size_t(2));
        const TransformResult merged = applyTransform(lines, afterMerge.transforms()[0]);
        const TransformResult focused = applyTransform(merged.table, afterMerge.transforms()[1]);
        QVERIFY(focused.matched);
        QCOMPARE(sumOfStacks(*focused.table), int64_t(14));

        // Back to functions: one frame again, one path.
        transforms.mapFrames(*lines, *functions);
        QCOMPARE(transforms.transforms()[0].frames, std::vector<uint32_t>{work});
        QCOMPARE(transforms.transforms()[2].frames, (std::vector<uint32_t>{main, work}));
    }

    void callPathStepsMatchEveryPath()
    {
        // A call path with a set of frames at a depth focuses on every path through them.
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main", "a", "x"}, {1})
            .sample({"main", "b", "x"}, {2})
            .sample({"main", "c"}, {4});
        const auto t = tableOf(b);
        const uint32_t main = frameNamed(*t, "main"), a = frameNamed(*t, "a"),
                       bb = frameNamed(*t, "b");
        const std::vector<std::vector<uint32_t>> steps{{main}, {a, bb}};
        const std::vector<uint32_t> frames = callPathOfSteps(steps);
        QCOMPARE(frames,
                 (std::vector<uint32_t>{main, StackTable::kNoFrame, a, bb, StackTable::kNoFrame}));
        QCOMPARE(callPathSteps(frames), steps);
        // One frame per depth: the plain path, as callPathOf gives it.
        QCOMPARE(callPathOfSteps({{main}, {a}}), (std::vector<uint32_t>{main, a}));
        QCOMPARE(callPathSteps({main, a}), (std::vector<std::vector<uint32_t>>{{main}, {a}}));

        const TransformResult r = applyTransform(t, {TransformKind::FocusSubtree, {}, frames});
        QVERIFY(r.matched);
        QCOMPARE(sumOfStacks(*r.table), int64_t(1 + 2));
        QStringList roots;
        for (uint32_t c = r.table->firstChild(StackTable::kRoot);
             c < r.table->childEnd(StackTable::kRoot); ++c)
            roots << QString::fromStdString(r.table->frameName(r.table->nodeFrame(c)));
        roots.sort();
        QCOMPARE(roots, (QStringList{"a", "b"}));
        // Sets match whatever the inline bits; a single frame matches exactly.
        const TransformResult inlined =
            applyTransform(t, {TransformKind::FocusSubtree,
                               {},
                               callPathOfSteps({{main}, {a | kInlineBit, bb | kInlineBit}})});
        QCOMPARE(sumOfStacks(*inlined.table), int64_t(3));
        QVERIFY(
            !applyTransform(t, {TransformKind::FocusSubtree, {}, {main, a | kInlineBit}}).matched);
    }

    void focusedCallPathFollowsToLines()
    {
        // In the window: a call path focused by function, then Frames: Lines. The chip
        // still matches and the graph shows the same samples.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lines.pb.gz"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(twoLinesOfOneFunction().gzip());
        file.close();
        CapturePage page({path});
        page.load();
        QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
        const StackTable &opened = *page.capture()->stacks;
        TransformController *transforms = page.transforms();
        transforms->push({TransformKind::FocusSubtree,
                          {},
                          {frameNamed(opened, "main"), frameNamed(opened, "work")}});
        QTRY_VERIFY_WITH_TIMEOUT(!transforms->isBusy() && transforms->matched(0), kTimeoutMs);
        QCOMPARE(sumOfStacks(*page.shownCapture()->stacks), int64_t(10));

        QSignalSpy rebuilt(page.document(), &CaptureDocument::captureReplaced);
        page.granularityChooser()->choose(Granularity::Lines);
        QTRY_COMPARE_WITH_TIMEOUT(rebuilt.count(), 1, kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(page.shownCapture()->stacks->granularity == Granularity::Lines &&
                                     page.shownCapture()->stacks != page.capture()->stacks,
                                 kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!transforms->isBusy(), kTimeoutMs);
        QVERIFY(transforms->matched(0)); // no "(no match)"
        QCOMPARE(sumOfStacks(*page.shownCapture()->stacks), int64_t(10));
        // Its roots: work at the three lines the path reaches.
        const StackTable &shown = *page.shownCapture()->stacks;
        std::vector<int64_t> roots;
        for (uint32_t c = shown.firstChild(StackTable::kRoot);
             c < shown.childEnd(StackTable::kRoot); ++c)
            roots.push_back(shown.frames[shown.nodeFrame(c) & kFrameMask].line);
        std::sort(roots.begin(), roots.end());
        QCOMPARE(roots, (std::vector<int64_t>{10, 12, 14}));
    }

    void truncatedStacksAreFlaggedAndGrouped()
    {
        // The shared Go CPU profile's deepest stacks are cut at 64 frames.
        CapturePage page({sharedProfiles() + QStringLiteral("/real/go/cpu-parser.pb.gz")});
        page.load();
        QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
        QAction *group = page.groupTruncatedToggle();
        QTRY_VERIFY_WITH_TIMEOUT(group->isEnabled(), kTimeoutMs); // found off the GUI thread
        QVERIFY(!group->isChecked());
        QVERIFY(group->toolTip().contains(QLatin1String("64")));

        // The tooltip of a box only cut stacks pass through says so.
        const auto shown = page.shownCapture();
        const StackTruncation cut = detectTruncation(*shown->stacks);
        uint32_t cutNode = 0;
        while (cutNode < cut.node.size() && !cut.node[cutNode])
            ++cutNode;
        QVERIFY(cutNode < cut.node.size());
        FlameGraphView *view = page.flamePanel()->view();
        QTRY_VERIFY_WITH_TIMEOUT(view->tree() != nullptr, kTimeoutMs);
        view->toolTipText(cutNode); // starts finding them, off the GUI thread
        QTRY_VERIFY_WITH_TIMEOUT(view->toolTipText(cutNode).contains(QLatin1String(
                                     "Stack truncated at 64 frames: its real root is unknown")),
                                 kTimeoutMs);
        QVERIFY(!view->toolTipText(0).contains(QLatin1String("truncated")));

        // Grouped: the model itself changes, so the graph and the table agree.
        QSignalSpy rebuilt(page.document(), &CaptureDocument::captureReplaced);
        group->setChecked(true);
        QTRY_COMPARE_WITH_TIMEOUT(rebuilt.count(), 1, kTimeoutMs);
        const StackTable &t = *page.shownCapture()->stacks;
        const StackTruncation again = detectTruncation(t);
        QVERIFY(again.groupNode != StackTable::kNoFrame);
        QCOMPARE(t.frameName(t.nodeFrame(again.groupNode)), std::string("[truncated]"));
        QCOMPARE(again.truncatedStacks, cut.truncatedStacks);
        QCOMPARE(t.totals, shown->stacks->totals);
        QTRY_VERIFY_WITH_TIMEOUT(group->isChecked(), kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(view->tree() && &view->tree()->stacks() == &t, kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(
            view->toolTipText(again.groupNode).contains(QLatin1String("real roots")), kTimeoutMs);
        // A granularity change keeps the grouping.
        page.granularityChooser()->choose(Granularity::Functions);
        QTRY_COMPARE_WITH_TIMEOUT(rebuilt.count(), 2, kTimeoutMs);
        QVERIFY(detectTruncation(*page.capture()->stacks).groupNode != StackTable::kNoFrame);
        // And off again (once the toggle knows the new capture).
        QTRY_VERIFY_WITH_TIMEOUT(group->isEnabled() && group->isChecked(), kTimeoutMs);
        group->setChecked(false);
        QTRY_COMPARE_WITH_TIMEOUT(rebuilt.count(), 3, kTimeoutMs);
        QCOMPARE(detectTruncation(*page.capture()->stacks).groupNode, StackTable::kNoFrame);
        QCOMPARE(page.capture()->stacks->granularity, Granularity::Functions);
    }

    void truncationIsFoundOncePerTable()
    {
        // The page's toggle and the flame graph's tooltip ask about the same table: one
        // pass over its nodes answers both. (The tests before leave passes queued for
        // their tables, gone since, which would count here: let them finish first.)
        backgroundPool()->waitForDone();
        const uint64_t before = truncationDetectionCount();
        CapturePage page({sharedProfiles() + QStringLiteral("/real/go/cpu-parser.pb.gz")});
        page.load();
        QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(page.groupTruncatedToggle()->isEnabled(), kTimeoutMs);
        FlameGraphView *view = page.flamePanel()->view();
        QTRY_VERIFY_WITH_TIMEOUT(view->tree() != nullptr, kTimeoutMs);
        QCOMPARE(&view->tree()->stacks(), page.capture()->stacks.get());
        // A node only cut stacks pass through: the deepest node's root-side ancestor chain.
        const StackTable &t = *page.capture()->stacks;
        uint32_t deepest = 0, depth = 0;
        for (uint32_t node = 1; node < t.nodeCount(); ++node) {
            uint32_t d = 0;
            for (uint32_t n = node; n != StackTable::kRoot; n = t.nodeParent(n))
                ++d;
            if (d > depth)
                std::tie(deepest, depth) = std::tuple(node, d);
        }
        QVERIFY(depth >= 64); // cut at 64 locations (more frames with inlined calls)
        QTRY_VERIFY_WITH_TIMEOUT(
            view->toolTipText(deepest).contains(QLatin1String("Stack truncated at 64 frames")),
            kTimeoutMs);
        QCOMPARE(truncationDetectionCount() - before, uint64_t(1));
        // Another sample type: another call tree of the same table, no new pass.
        page.setSampleType(SampleType(0));
        QTRY_VERIFY_WITH_TIMEOUT(view->tree() && view->tree()->column() == 0, kTimeoutMs);
        QVERIFY(view->toolTipText(deepest).contains(QLatin1String("Stack truncated")));
        QCOMPARE(truncationDetectionCount() - before, uint64_t(1));
    }

    void unsymbolisedProfileOffersAddresses()
    {
        CapturePage page(
            {sharedProfiles() + QStringLiteral("/pprof-testdata/cppbench.cpu_no_samples_type")});
        page.load();
        QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
        QComboBox *combo = page.granularityChooser()->combo();
        QCOMPARE(combo->count(), 2);
        QCOMPARE(combo->currentData().toInt(), int(Granularity::Functions));
        QCOMPARE(combo->itemData(1).toInt(), int(Granularity::Addresses));
        QSignalSpy rebuilt(page.document(), &CaptureDocument::captureReplaced);
        page.granularityChooser()->choose(Granularity::Addresses);
        QTRY_COMPARE_WITH_TIMEOUT(rebuilt.count(), 1, kTimeoutMs);
        // pprof -addresses: 109 locations (README of pprof-testdata), each its own frame.
        QVERIFY(page.capture()->stacks->frameCount() > 100);
    }
};

QTEST_MAIN(TestGranularity)
#include "tst_granularity.moc"
