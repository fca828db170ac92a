// CaptureDocument, without widgets: a load announces the whole model at once; one call tree
// per table and sample type, built off the GUI thread for big tables; V8's pseudo-frames
// dropped and brought back; transforms applied to the base; another granularity keeps the
// sample type; the bottom-up model while it is wanted; load errors and cancels.
#include "CaptureDocument.h"
#include "CaptureLoader.h"
#include "TestData.h"
#include "TransformController.h"

#include <QSignalSpy>
#include <QtTest>

#include <memory>

using namespace embers;
using namespace embers::test;

namespace {

constexpr int kTimeoutMs = 60000;
using Change = CaptureDocument::Change;

QString profile(const QString &relative)
{
    return sharedProfiles() + QStringLiteral("/") + relative;
}

// What a table's stacks hold in one sample type, summed.
int64_t stackSum(const StackTable &t, SampleType type)
{
    int64_t sum = 0;
    for (size_t s = 0; s < t.stackCount(); ++s)
        sum += t.value(s, type.column());
    return sum;
}

CaptureDocument::Changes changesOf(const QSignalSpy &spy, qsizetype i)
{
    return spy.at(i).at(0).value<CaptureDocument::Changes>();
}

bool loaded(CaptureDocument &doc)
{
    doc.load();
    return QTest::qWaitFor([&] { return doc.state() != CaptureDocument::State::Loading; },
                           kTimeoutMs) &&
           doc.state() == CaptureDocument::State::Loaded;
}

} // namespace

class TestCaptureDocument : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY2(!sharedProfiles().isEmpty(), "run through ctest");
        qRegisterMetaType<std::shared_ptr<const embers::Capture>>();
    }

    void aLoadAnnouncesTheWholeModelAtOnce()
    {
        CaptureDocument doc({profile(QStringLiteral("real/go/cpu-parser.pb.gz"))});
        QSignalSpy changed(&doc, &CaptureDocument::changed);
        QVERIFY(loaded(doc));
        // One announcement: a view never sees a capture without its sample type or trees.
        QCOMPARE(changed.count(), 1);
        const CaptureDocument::Changes what = changesOf(changed, 0);
        for (Change c : {Change::CaptureChanged, Change::SampleTypeChanged, Change::BaseChanged,
                         Change::ShownChanged, Change::TreesChanged})
            QVERIFY(what.testFlag(c));
        const StackTable &t = *doc.capture()->stacks;
        QCOMPARE(doc.sampleType(), SampleType::defaultOf(t));
        QCOMPARE(doc.base(), doc.capture());
        QCOMPARE(doc.shown(), doc.capture());
        QVERIFY(!doc.inverted());
        // The tree the load built is the one shown: not built again.
        QCOMPARE(doc.tree(), doc.capture()->tree);
    }

    void oneTreePerTableAndSampleType()
    {
        CaptureDocument doc({profile(QStringLiteral("real/go/cpu-parser.pb.gz"))});
        QVERIFY(loaded(doc));
        const StackTable &t = *doc.capture()->stacks;
        QVERIFY(t.columnCount() >= 2);
        const SampleType first = doc.sampleType();
        for (size_t c = 0; c < t.columnCount(); ++c) {
            const SampleType type(c);
            QSignalSpy changed(&doc, &CaptureDocument::changed);
            const bool same = type == doc.sampleType();
            doc.setSampleType(type);
            if (same) {
                QCOMPARE(changed.count(), 0); // nothing changed
            } else {
                QCOMPARE(changed.count(), 1);
                QVERIFY(changesOf(changed, 0).testFlag(Change::SampleTypeChanged));
                QVERIFY(changesOf(changed, 0).testFlag(Change::TreesChanged));
            }
            const auto tree = doc.tree();
            QVERIFY(tree);
            QCOMPARE(tree->column(), c);
            QCOMPARE(&tree->stacks(), &t);
            QCOMPARE(tree->total(CallTree::kRoot), stackSum(t, type));
            QCOMPARE(doc.tree(), tree); // asked again: the same tree
        }
        doc.setSampleType(first);
        QCOMPARE(doc.tree(), doc.capture()->tree);
        // Types the capture does not have are ignored.
        doc.setSampleType(SampleType(t.columnCount()));
        QCOMPARE(doc.sampleType(), first);
    }

    void bigTablesGetTheirTreesOffTheGuiThread()
    {
        CaptureDocument doc({profile(QStringLiteral("real/go/cpu-parser.pb.gz"))});
        doc.setBackgroundTreeNodes(1); // every table counts as big
        QVERIFY(loaded(doc));
        const StackTable &t = *doc.capture()->stacks;
        const SampleType other(doc.sampleType().column() == 0 ? 1 : 0);
        QSignalSpy changed(&doc, &CaptureDocument::changed);
        doc.setSampleType(other);
        // Announced at once, with no tree yet; the tree follows.
        QCOMPARE(changed.count(), 1);
        QVERIFY(!doc.tree());
        QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 2, kTimeoutMs);
        QVERIFY(changesOf(changed, 1).testFlag(Change::TreesChanged));
        QVERIFY(doc.tree());
        QCOMPARE(doc.tree()->column(), other.column());
        QCOMPARE(doc.tree()->total(CallTree::kRoot), stackSum(t, other));

        // Back and forth: the capture's own tree and the one built are both kept.
        const auto built = doc.tree();
        doc.setSampleType(SampleType(other.column() == 0 ? 1 : 0));
        QCOMPARE(doc.tree(), doc.capture()->tree);
        doc.setSampleType(other);
        QCOMPARE(doc.tree(), built);
    }

    void pseudoFramesAreDroppedAndBroughtBack()
    {
        CaptureDocument doc({profile(QStringLiteral("real/node/kvworker-time.pb.gz"))});
        QVERIFY(loaded(doc));
        QVERIFY(doc.hasPseudoFrames());
        const std::shared_ptr<const Capture> full = doc.capture();
        doc.setPseudoFramesHidden(true);
        QVERIFY(doc.isFiltering());
        QCOMPARE(doc.shown(), full); // until the filtered table is there
        QTRY_VERIFY_WITH_TIMEOUT(doc.base() != full, kTimeoutMs);
        QVERIFY(!doc.isFiltering());
        QCOMPARE(doc.shown(), doc.base());
        const StackTable &shown = *doc.shown()->stacks;
        for (size_t c = 0; c < shown.columnCount(); ++c) {
            const SampleType type(c);
            QVERIFY(doc.pseudoFramesCost(type) > 0);
            QCOMPARE(shown.totals[c], full->stacks->totals[c] - doc.pseudoFramesCost(type));
        }
        QCOMPARE(doc.tree()->total(CallTree::kRoot), stackSum(shown, doc.sampleType()));
        const std::shared_ptr<const Capture> filtered = doc.base();

        // Back at once, and hidden again from what was built.
        doc.setPseudoFramesHidden(false);
        QCOMPARE(doc.shown(), full);
        doc.setPseudoFramesHidden(true);
        QVERIFY(!doc.isFiltering());
        QCOMPARE(doc.shown(), filtered);
    }

    void transformsApplyToTheBase()
    {
        CaptureDocument doc({profile(QStringLiteral("real/go/cpu-parser.pb.gz"))});
        QVERIFY(loaded(doc));
        const std::shared_ptr<const Capture> full = doc.capture();
        doc.transforms()->push(Transform{TransformKind::Focus, "quicksort", {}, true});
        QTRY_VERIFY_WITH_TIMEOUT(doc.shown() != full, kTimeoutMs);
        QCOMPARE(doc.base(), full);
        const StackTable &shown = *doc.shown()->stacks;
        QVERIFY(shown.nodeCount() < full->stacks->nodeCount());
        QCOMPARE(doc.tree()->total(CallTree::kRoot), stackSum(shown, doc.sampleType()));
        doc.transforms()->pop();
        QTRY_COMPARE_WITH_TIMEOUT(doc.shown(), full, kTimeoutMs);
    }

    void anotherGranularityKeepsTheSampleType()
    {
        CaptureDocument doc({profile(QStringLiteral("real/go/cpu-parser.pb.gz"))});
        QVERIFY(loaded(doc));
        const std::shared_ptr<const Capture> before = doc.capture();
        const SampleType other(doc.sampleType().column() == 0 ? 1 : 0);
        doc.setSampleType(other);
        QSignalSpy replaced(&doc, &CaptureDocument::captureReplaced);
        doc.setGranularity(Granularity::Lines);
        QVERIFY(doc.isRegranulating());
        QCOMPARE(doc.chosenGranularity(), Granularity::Lines);
        QTRY_COMPARE_WITH_TIMEOUT(replaced.count(), 1, kTimeoutMs);
        QCOMPARE(replaced.at(0).at(0).value<std::shared_ptr<const Capture>>(), before);
        QVERIFY(!doc.isRegranulating());
        QCOMPARE(doc.granularity(), Granularity::Lines);
        QCOMPARE(doc.sampleType(), other);
        QCOMPARE(doc.shown(), doc.capture());
        QCOMPARE(doc.tree()->column(), other.column());
        QVERIFY(doc.capture()->stacks->frameCount() > before->stacks->frameCount());

        // Cancelled: nothing is replaced.
        doc.setGranularity(Granularity::Functions);
        doc.cancelRegranulate();
        QVERIFY(!doc.isRegranulating());
        QTest::qWait(200);
        QCOMPARE(replaced.count(), 1);
        QCOMPARE(doc.granularity(), Granularity::Lines);
    }

    void theBottomUpModelWhileItIsWanted()
    {
        CaptureDocument doc({profile(QStringLiteral("real/go/cpu-parser.pb.gz"))});
        QVERIFY(loaded(doc));
        doc.setInvertedWanted(true);
        QTRY_VERIFY_WITH_TIMEOUT(doc.inverted() && doc.invertedTree(), kTimeoutMs);
        // Each stack reversed: the same total, other roots.
        QCOMPARE(doc.invertedTree()->total(CallTree::kRoot), doc.tree()->total(CallTree::kRoot));
        QVERIFY(doc.inverted()->stacks != doc.shown()->stacks);
        doc.setInvertedWanted(false);
        QVERIFY(!doc.inverted());
        QVERIFY(!doc.invertedTree());
    }

    void loadErrorsNameTheFile()
    {
        const QString path = profile(QStringLiteral("pprof-testdata/not-pprof/java.cpu"));
        CaptureDocument doc({path});
        QSignalSpy states(&doc, &CaptureDocument::stateChanged);
        QVERIFY(!loaded(doc));
        QCOMPARE(doc.state(), CaptureDocument::State::Failed);
        QVERIFY2(doc.errorText().startsWith(path + QLatin1Char(':')), qPrintable(doc.errorText()));
        QVERIFY(!doc.capture());
        QCOMPARE(states.count(), 2); // Loading, Failed
    }

    void aCancelledLoadLeavesNothing()
    {
        CaptureDocument doc({profile(kLargeSharedProfile)});
        doc.load();
        doc.cancelLoad();
        QTRY_VERIFY_WITH_TIMEOUT(doc.state() != CaptureDocument::State::Loading, kTimeoutMs);
        QCOMPARE(doc.state(), CaptureDocument::State::Cancelled);
        QVERIFY(!doc.capture());
        QVERIFY(!doc.loader()->isLoading());
    }
};

QTEST_GUILESS_MAIN(TestCaptureDocument)
#include "tst_capturedocument.moc"
