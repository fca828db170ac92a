// Comparing captures whose pages show different granularities (the Frames menu): the
// comparison is made at the finest of them, the coarser captures built again for it
// alone (their pages keep theirs). Hand-checked: one function at two lines whose samples
// move from one line to the other between the captures.
#include "CaptureListModel.h"
#include "CapturePage.h"
#include "Comparison.h"
#include "ComparisonGranularity.h"
#include "ComparisonWindow.h"
#include "DiffTableModel.h"
#include "DiffView.h"
#include "GranularityChooser.h"
#include "MainWindow.h"
#include "ProfileBuilder.h"

#include <QCheckBox>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace embers;
using namespace embers::test;

namespace {

constexpr int kTimeoutMs = 60000;
constexpr int64_t kPeriod = 10'000'000; // 10 ms a sample

// main -> work, the samples at work's lines 10 and 12 (and, when given, main -> other).
QByteArray capture(int64_t atLine10, int64_t atLine12, int64_t inOther = 0)
{
    ProfileBuilder b;
    b.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
    const uint64_t main = b.location({{"main", 3}}, "w.go");
    const uint64_t line10 = b.location({{"work", 10}}, "w.go");
    const uint64_t line12 = b.location({{"work", 12}}, "w.go");
    b.sampleIds({line10, main}, {atLine10, atLine10 * kPeriod});
    b.sampleIds({line12, main}, {atLine12, atLine12 * kPeriod});
    if (inOther)
        b.sampleIds({b.location({{"other", 20}}, "w.go"), main}, {inOther, inOther * kPeriod});
    return b.gzip();
}

QString write(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

// The frame of `name` at `line` (0: any line), or kNoFrame.
uint32_t frameOf(const StackTable &t, const std::string &name, int64_t line)
{
    for (uint32_t f = 0; f < t.frameCount(); ++f) {
        if (t.strings[t.frames[f].name] == name && (line == 0 || t.frames[f].line == line))
            return f;
    }
    return StackTable::kNoFrame;
}

std::shared_ptr<const Capture> open(const QString &path, Granularity g)
{
    OpenOptions o;
    o.model.granularity = g;
    OpenResult r = openCapture({path}, o);
    if (!r.capture)
        qFatal("%s", qPrintable(r.error));
    return r.capture;
}

} // namespace

class TestCompareGranularity : public QObject
{
    Q_OBJECT

private slots:
    void init() { QStandardPaths::setTestModeEnabled(true); }

    void coreComparesAtTheFinest()
    {
        QTemporaryDir dir;
        const QString a = write(dir, QStringLiteral("a.pb.gz"), capture(5, 3));
        const QString b = write(dir, QStringLiteral("b.pb.gz"), capture(2, 7, 4));
        const auto base = open(a, Granularity::Functions), next = open(b, Granularity::Lines);
        QCOMPARE(finestGranularity({base, next}), Granularity::Lines);

        ComparisonResult r = compareCaptures({base, next});
        QVERIFY2(r.comparison, qPrintable(r.error));
        const Comparison &c = *r.comparison;
        QCOMPARE(c.stacks->granularity, Granularity::Lines);
        QCOMPARE(c.openedAt, (std::vector{Granularity::Functions, Granularity::Lines}));
        QCOMPARE(c.captures[1], next);                               // already there: as it was
        QCOMPARE(c.captures[0]->profiles, base->profiles);           // built again, not read again
        QCOMPARE(base->stacks->granularity, Granularity::Functions); // the input unchanged
        // Each group's totals are its capture's.
        for (size_t col = 0; col < 2; ++col) {
            QCOMPARE(c.stacks->totals[c.columnOf(0, col)], base->stacks->totals[col]);
            QCOMPARE(c.stacks->totals[c.columnOf(1, col)], next->stacks->totals[col]);
        }
        // Per line, as counted by hand: work:10 5 -> 2, work:12 3 -> 7, other 0 -> 4.
        const uint32_t at10 = frameOf(*c.stacks, "work", 10), at12 = frameOf(*c.stacks, "work", 12);
        QVERIFY(at10 != StackTable::kNoFrame && at12 != StackTable::kNoFrame);
        QCOMPARE(c.functions->flat(at10, c.columnOf(0, 0)), int64_t(5));
        QCOMPARE(c.functions->flat(at10, c.columnOf(1, 0)), int64_t(2));
        QCOMPARE(c.functions->flat(at12, c.columnOf(0, 0)), int64_t(3));
        QCOMPARE(c.functions->flat(at12, c.columnOf(1, 1)), 7 * kPeriod);

        // A merge too: one capture at lines, the sums per line.
        MergeResult m = mergeCaptures({base, next});
        QVERIFY2(m.capture, qPrintable(m.error));
        const StackTable &merged = *m.capture->stacks;
        QCOMPARE(merged.granularity, Granularity::Lines);
        QCOMPARE(m.capture->functions->flat(frameOf(merged, "work", 12), 0), int64_t(3 + 7));
        QCOMPARE(merged.totals[0], int64_t(5 + 3 + 2 + 7 + 4));
    }

    void cancelledStopsTheRebuild()
    {
        QTemporaryDir dir;
        const auto base =
            open(write(dir, QStringLiteral("a.pb.gz"), capture(5, 3)), Granularity::Functions);
        const auto next =
            open(write(dir, QStringLiteral("b.pb.gz"), capture(1, 1)), Granularity::Addresses);
        std::atomic_bool cancel = true;
        ComparisonResult r = compareCaptures({base, next}, &cancel);
        QVERIFY(!r.comparison);
        QVERIFY(!r.error.isEmpty());
    }

    void windowDiffOfAFunctionsAndALinesPage()
    {
        QTemporaryDir dir;
        const QString a = write(dir, QStringLiteral("before.pb.gz"), capture(5, 3));
        const QString b = write(dir, QStringLiteral("after.pb.gz"), capture(2, 7, 4));
        MainWindow w;
        w.openFiles({a, b});
        for (int row = 0; row < 2; ++row)
            QTRY_COMPARE_WITH_TIMEOUT(w.captureModel()->state(row), CaptureListModel::State::Loaded,
                                      kTimeoutMs);
        // The new capture's page shows lines; the base's stays at its default.
        CapturePage *before = w.capturePage(0), *after = w.capturePage(1);
        const Granularity opened = before->capture()->stacks->granularity;
        QVERIFY(opened < Granularity::Lines);
        QSignalSpy rebuilt(after->document(), &CaptureDocument::captureReplaced);
        after->granularityChooser()->choose(Granularity::Lines);
        QTRY_COMPARE_WITH_TIMEOUT(rebuilt.count(), 1, kTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(w.captureModel()->capture(1)->stacks->granularity,
                                  Granularity::Lines, kTimeoutMs);

        ComparisonWindow *cw = w.compareCaptures({0, 1}, CompareDialog::Action::Diff);
        QVERIFY(cw);
        // While it works, the window says which capture it builds again (the status line,
        // which errorText() reads until the comparison is there).
        QVERIFY(!cw->isReady());
        QVERIFY(cw->errorText().contains(QLatin1String("before.pb.gz")));
        QVERIFY(cw->errorText().contains(GranularityChooser::displayName(Granularity::Lines)));
        QTRY_VERIFY_WITH_TIMEOUT(cw->isReady(), kTimeoutMs);
        QVERIFY2(cw->errorText().isEmpty(), qPrintable(cw->errorText()));
        const auto comparison = cw->comparison();
        QCOMPARE(comparison->stacks->granularity, Granularity::Lines);
        // The note names the capture built again and the granularity its page shows.
        QVERIFY(!cw->granularityNote()->isHidden());
        QVERIFY(cw->granularityNote()->text().contains(QLatin1String("before.pb.gz")));
        QVERIFY(!cw->granularityNote()->text().contains(QLatin1String("after.pb.gz")));
        QVERIFY(cw->granularityNote()->text().contains(GranularityChooser::displayName(opened)));
        // The pages are as they were.
        QCOMPARE(before->capture()->stacks->granularity, opened);
        QCOMPARE(w.captureModel()->capture(0)->stacks->granularity, opened);
        QCOMPARE(after->capture()->stacks->granularity, Granularity::Lines);

        // The diff per line, raw values (not normalised), counted by hand.
        DiffView *diff = cw->diffView();
        diff->normalizeToggle()->setChecked(false);
        // isBusy() is false too while the result of the change waits in the event queue.
        QTRY_VERIFY_WITH_TIMEOUT(!diff->isBusy() && diff->tableModel()->diff().baseScale == 1.0,
                                 kTimeoutMs);
        const StackTable &t = *comparison->stacks;
        const size_t cpu = diff->sampleType().column();
        QCOMPARE(t.columns[cpu].type, std::string("cpu"));
        auto rowOf = [&](const std::string &name, int64_t line) -> FunctionDiffRow {
            const uint32_t frame = frameOf(t, name, line);
            for (const FunctionDiffRow &r : diff->tableModel()->diff().rows) {
                if (r.frame == frame)
                    return r;
            }
            qFatal("no row for %s:%lld", name.c_str(), static_cast<long long>(line));
        };
        const FunctionDiffRow at10 = rowOf("work", 10), at12 = rowOf("work", 12);
        QCOMPARE(at10.flatBefore, 5 * kPeriod);
        QCOMPARE(at10.flatAfter, 2 * kPeriod);
        QCOMPARE(at12.flatBefore, 3 * kPeriod);
        QCOMPARE(at12.flatAfter, 7 * kPeriod);
        const FunctionDiffRow other = rowOf("other", 20);
        QCOMPARE(other.cumBefore, int64_t(0));
        QCOMPARE(other.cumAfter, 4 * kPeriod);
        // main holds everything: the two captures' totals.
        const FunctionDiffRow main = rowOf("main", 0);
        QCOMPARE(main.cumBefore, before->capture()->stacks->totals[cpu]);
        QCOMPARE(main.cumAfter, after->capture()->stacks->totals[cpu]);
        QCOMPARE(main.cumAfter, (2 + 7 + 4) * kPeriod);
        cw->close();
    }
};

QTEST_MAIN(TestCompareGranularity)
#include "tst_comparegranularity.moc"
