// Every item model of Embers under QAbstractItemModelTester, through the changes the
// window puts it through: the capture list (added, loading, loaded, failed, removed), the
// bottom-up tree (new trees, another sample type, none), the captures matrix (another
// type, measure, filter, sort), the diff table (kind, noise, filter, sort) and the
// function table (type, filter, sort). The tester fails the test on any broken contract
// (rows, parents, signals); the checks beside it are the models' own invariants. The
// labels panel and the shortcuts dialog show QTreeWidget, whose model is Qt's: it fails
// the tester on any tree of two levels (every column of a row has the row's children).
#include "BottomUpModel.h"
#include "CallTree.h"
#include "Capture.h"
#include "CaptureHelpers.h"
#include "CaptureListModel.h"
#include "CaptureMatrixModel.h"
#include "Comparison.h"
#include "DiffTableModel.h"
#include "FunctionDiff.h"
#include "FunctionTableModel.h"
#include "InvertedStacks.h"
#include "ModelRoles.h"
#include "TestData.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace embers;
using namespace embers::test;

namespace {

using Tester = QAbstractItemModelTester;
constexpr auto kQtTest = QAbstractItemModelTester::FailureReportingMode::QtTest;

std::shared_ptr<const Capture> openShared(const QString &relative)
{
    return openOne(sharedProfiles() + QLatin1Char('/') + relative);
}

// Each row's sort key down a column, in the order shown.
std::vector<double> sortKeys(const QAbstractItemModel &model, int column)
{
    std::vector<double> keys;
    for (int r = 0; r < model.rowCount(); ++r)
        keys.push_back(model.index(r, column).data(SortRole).toDouble());
    return keys;
}

} // namespace

class TestItemModels : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(!sharedProfiles().isEmpty(), "run through ctest"); }

    void captureList()
    {
        CaptureListModel model;
        Tester tester(&model, kQtTest);
        const QString cpuPath = sharedProfiles() + QStringLiteral("/real/go/cpu-parser.pb.gz");
        const quint64 cpu = model.addCapture({cpuPath});
        const quint64 bad = model.addCapture({QStringLiteral("/nonexistent/x.pb.gz")});
        QCOMPARE(model.rowCount(), 2);
        QVERIFY(cpu != bad);
        QCOMPARE(model.index(0).data(IdRole).value<quint64>(), cpu);
        QCOMPARE(model.index(0).data(PathsRole).toStringList(), QStringList{cpuPath});

        model.setLoading(cpu);
        model.setProgress(cpu, 10, 100);
        model.setLoaded(cpu, openShared(QStringLiteral("real/go/cpu-parser.pb.gz")));
        model.setFailed(bad, QStringLiteral("x.pb.gz: no such file"));
        QCOMPARE(model.index(0).data(StateRole).value<CaptureListModel::State>(),
                 CaptureListModel::State::Loaded);
        QCOMPARE(model.index(1).data(StateRole).value<CaptureListModel::State>(),
                 CaptureListModel::State::Failed);
        QVERIFY(!model.index(0).data(DetailsRole).toStringList().isEmpty());

        model.removeCapture(cpu);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0).data(IdRole).value<quint64>(), bad);
        model.removeCapture(bad);
        QCOMPARE(model.rowCount(), 0);
    }

    // The tree model: each function's self cost at the top, its callers below.
    void bottomUpTree()
    {
        const auto capture = openShared(QStringLiteral("real/go/heap-cache.pb.gz"));
        const auto inverted = invertedStackTable(*capture->stacks);
        BottomUpModel model;
        Tester tester(&model, kQtTest);
        for (size_t column = 0; column < inverted->columnCount(); ++column) {
            model.setTree(std::make_shared<const CallTree>(inverted, column));
            QVERIFY(model.rowCount() > 0);
            // Self costs add up to the capture's total, and the biggest comes first.
            qint64 sum = 0, previous = std::numeric_limits<qint64>::max();
            for (int r = 0; r < model.rowCount(); ++r) {
                const qint64 cost = model.index(r, 0).data(CostRole).toLongLong();
                QVERIFY(cost <= previous);
                previous = cost;
                sum += cost;
                // What came through the callers is at most the function's own.
                const QModelIndex function = model.index(r, 0);
                qint64 callers = 0;
                for (int c = 0; c < model.rowCount(function); ++c) {
                    const QModelIndex caller = model.index(c, 0, function);
                    QCOMPARE(model.parent(caller), function);
                    callers += caller.data(CostRole).toLongLong();
                }
                QVERIFY(callers <= cost);
            }
            QCOMPARE(sum, qint64(inverted->totals[column]));
        }
        model.setTree(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void captureMatrix()
    {
        const auto comparison =
            compareOrStop({openShared(QStringLiteral("real/go/diff-render-base.pb.gz")),
                           openShared(QStringLiteral("real/go/diff-render-slow.pb.gz"))});
        CaptureMatrixModel model;
        Tester tester(&model, kQtTest);
        model.setComparison(comparison);
        QVERIFY(!model.sampleType().isNone());
        const int rows = model.rowCount();
        QVERIFY(rows > 0);
        for (size_t type = 0; type < comparison->stacks->columnsPerGroup(); ++type) {
            model.setSampleType(SampleType(type));
            QCOMPARE(model.sampleType(), SampleType(type));
        }
        model.setSampleType(SampleType(99)); // not a type of the comparison: ignored
        QVERIFY(model.sampleType().isIn(*comparison->stacks));
        model.setMeasure(CaptureMatrix::Measure::Self);
        model.sort(model.medianColumn(), Qt::DescendingOrder);
        const std::vector<double> keys = sortKeys(model, model.medianColumn());
        QVERIFY(std::is_sorted(keys.rbegin(), keys.rend()));
        model.setFilter(QStringLiteral("render"));
        QVERIFY(model.rowCount() > 0 && model.rowCount() < rows);
        for (int r = 0; r < model.rowCount(); ++r)
            QVERIFY(model.index(r, 0).data().toString().contains(QLatin1String("render")));
        model.setFilter({});
        model.setComparison(nullptr);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), 0);
    }

    void diffTable()
    {
        const auto comparison =
            compareOrStop({openShared(QStringLiteral("real/go/diff-render-base.pb.gz")),
                           openShared(QStringLiteral("real/go/diff-render-slow.pb.gz"))});
        const SampleType type = comparison->sampleTypeOr({});
        DiffTableModel model;
        Tester tester(&model, kQtTest);
        model.setDiff(
            comparison->stacks,
            FunctionDiff::build(*comparison->stacks, *comparison->functions, type.column(), false),
            type.column());
        const int rows = model.rowCount();
        QVERIFY(rows > 0);
        model.setKind(DiffTableModel::Kind::Grew);
        QVERIFY(model.rowCount() > 0 && model.rowCount() < rows);
        for (int r = 0; r < model.rowCount(); ++r)
            QVERIFY(model.row(r).cumDelta() > 0 || model.row(r).flatDelta() > 0);
        model.setKind(DiffTableModel::Kind::All);
        model.sort(DiffTableModel::TotalDeltaColumn, Qt::DescendingOrder);
        const std::vector<double> keys = sortKeys(model, DiffTableModel::TotalDeltaColumn);
        QVERIFY(std::is_sorted(keys.rbegin(), keys.rend()));
        model.setHideNoise(true);
        QVERIFY(model.rowCount() < rows);
        for (int r = 0; r < model.rowCount(); ++r)
            QVERIFY(!model.index(r, 0).data(NoiseRole).toBool());
        model.setHideNoise(false);
        model.setNameFilter(QStringLiteral("minify"));
        QVERIFY(model.rowCount() > 0 && model.rowCount() < rows);
        model.setNameFilter({});
        QCOMPARE(model.rowCount(), rows);
    }

    void functionTable()
    {
        const auto capture = openShared(QStringLiteral("real/go/heap-cache.pb.gz"));
        FunctionTableModel model;
        Tester tester(&model, kQtTest);
        model.setCapture(capture, SampleType::defaultOf(*capture->stacks));
        const int rows = model.rowCount();
        QVERIFY(rows > 0);
        for (size_t type = 0; type < capture->stacks->columnCount(); ++type) {
            model.setSampleType(SampleType(type));
            model.sort(FunctionTableModel::SelfColumn, Qt::DescendingOrder);
            const std::vector<double> keys = sortKeys(model, FunctionTableModel::SelfColumn);
            QVERIFY(std::is_sorted(keys.rbegin(), keys.rend()));
            for (int r = 0; r < model.rowCount(); ++r)
                QCOMPARE(model.index(r, 0).data(TotalCostRole).toLongLong(),
                         qint64(capture->stacks->totals[type]));
        }
        model.setFilter(QStringLiteral("runtime"));
        QVERIFY(model.rowCount() > 0 && model.rowCount() < rows);
        model.setCapture(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(TestItemModels)
#include "tst_itemmodels.moc"
