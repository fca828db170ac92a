// FunctionTableModel on real captures: structure (QAbstractItemModelTester), values equal
// to FunctionTable's and to `go tool pprof -top`, its own sorting and filtering, sample type
// switch.
#include "Capture.h"
#include "FunctionTableModel.h"
#include "Units.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QtTest>

using namespace embers;

class TestFunctionTableModel : public QObject
{
    Q_OBJECT

    static std::shared_ptr<const Capture> open(const QString &relativePath)
    {
        OpenOptions options;
        options.model.granularity = Granularity::FileFunctions;
        OpenResult r = openCapture(
            {qEnvironmentVariable("EMBERS_PROFILES") + QLatin1Char('/') + relativePath}, options);
        if (!r.capture)
            qWarning("%s", qPrintable(r.error));
        return r.capture;
    }

    static int rowOfName(const QAbstractItemModel &model, const QString &prefix)
    {
        for (int row = 0; row < model.rowCount(); ++row) {
            if (model.index(row, FunctionTableModel::NameColumn)
                    .data()
                    .toString()
                    .startsWith(prefix))
                return row;
        }
        return -1;
    }

    static qint64 sortValue(const QAbstractItemModel &model, int row, int column)
    {
        return model.index(row, column).data(SortRole).toLongLong();
    }

    std::shared_ptr<const Capture> m_cpu;

private slots:
    void initTestCase()
    {
        QVERIFY2(!qEnvironmentVariableIsEmpty("EMBERS_PROFILES"), "run through ctest");
        m_cpu = open(QStringLiteral("real/go/cpu-parser.pb.gz"));
        QVERIFY(m_cpu);
    }

    void passesModelTester()
    {
        FunctionTableModel model;
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(
            &proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCapture(m_cpu);
        QVERIFY(model.rowCount() > 0);
        model.setSampleType(SampleType(0));
        proxy.setSortRole(SortRole);
        proxy.sort(FunctionTableModel::SelfColumn, Qt::DescendingOrder);
        proxy.setFilterFixedString(QStringLiteral("parse"));
        model.sort(FunctionTableModel::TotalColumn, Qt::DescendingOrder);
        model.setFilter(QStringLiteral("PARSE"));
        model.setSampleType(SampleType(1));
        model.setCapture(open(QStringLiteral("real/go/heap-cache.pb.gz")));
        model.setCapture(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void rowsMatchFunctionTable()
    {
        FunctionTableModel model;
        model.setCapture(m_cpu);
        const StackTable &stacks = *m_cpu->stacks;
        const FunctionTable &functions = *m_cpu->functions;
        const int column = stacks.defaultColumn;
        QCOMPARE(model.sampleType(), SampleType(column));
        QCOMPARE(stacks.columns[size_t(column)].type, std::string("cpu"));

        // `go tool pprof -top -granularity=filefunctions` lists 16 functions.
        QCOMPARE(model.rowCount(), 16);
        int expectedRows = 0;
        for (uint32_t f = 0; f < functions.frameCount(); ++f)
            expectedRows +=
                functions.flat(f, size_t(column)) != 0 || functions.cum(f, size_t(column)) != 0;
        QCOMPARE(model.rowCount(), expectedRows);

        for (int row = 0; row < model.rowCount(); ++row) {
            const uint32_t frame = model.index(row, 0).data(FrameRole).toUInt();
            QCOMPARE(model.frameAt(row), frame);
            QCOMPARE(model.rowOfFrame(frame), row);
            // The name column shows the function's name; the tooltip adds its file.
            QCOMPARE(model.index(row, FunctionTableModel::NameColumn).data().toString(),
                     QString::fromStdString(stacks.strings[stacks.frames[frame].name]));
            QCOMPARE(
                model.index(row, FunctionTableModel::NameColumn).data(Qt::ToolTipRole).toString(),
                QString::fromStdString(stacks.frameName(frame)));
            QCOMPARE(sortValue(model, row, FunctionTableModel::SelfColumn),
                     functions.flat(frame, size_t(column)));
            QCOMPARE(sortValue(model, row, FunctionTableModel::TotalColumn),
                     functions.cum(frame, size_t(column)));
            QCOMPARE(model.index(row, FunctionTableModel::SelfColumn).data().toString(),
                     QString::fromStdString(
                         units::humanValue(functions.flat(frame, size_t(column)), "nanoseconds")));
        }

        // Known values, as `go tool pprof -top` prints them.
        const int row = rowOfName(model, QStringLiteral("main.countSubsets"));
        QVERIFY(row >= 0);
        QCOMPARE(sortValue(model, row, FunctionTableModel::SelfColumn), Q_INT64_C(1676000000));
        QCOMPARE(model.index(row, FunctionTableModel::SelfColumn).data().toString(),
                 QStringLiteral("1.68 s"));
        QCOMPARE(model.index(row, FunctionTableModel::SelfPercentColumn).data().toString(),
                 QStringLiteral("22.67 %"));
        const int factor = rowOfName(model, QStringLiteral("main.(*parser).parseFactor"));
        QVERIFY(factor >= 0);
        QCOMPARE(sortValue(model, factor, FunctionTableModel::TotalColumn), Q_INT64_C(3212000000));
        QCOMPARE(model.index(factor, FunctionTableModel::TotalPercentColumn).data().toString(),
                 QStringLiteral("43.45 %"));
        QCOMPARE(model.index(factor, 0).data(TotalCostRole).toLongLong(),
                 stacks.totals[size_t(column)]);
    }

    void samplesColumn()
    {
        FunctionTableModel model;
        model.setCapture(m_cpu);
        QCOMPARE(model.columnCount(), 6);
        QCOMPARE(model.samplesType(), SampleType(0)); // samples/count
        QCOMPARE(model.headerData(FunctionTableModel::SamplesColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Samples"));
        const int row = rowOfName(model, QStringLiteral("main.countSubsets"));
        QCOMPARE(model.index(row, FunctionTableModel::SamplesColumn).data().toString(),
                 QStringLiteral("419"));

        // A heap profile counts objects; the count goes with the type shown.
        FunctionTableModel heap;
        heap.setCapture(open(QStringLiteral("real/go/heap-cache.pb.gz")));
        QCOMPARE(heap.sampleType(), SampleType(3));  // inuse_space
        QCOMPARE(heap.samplesType(), SampleType(2)); // inuse_objects
        QCOMPARE(heap.headerData(FunctionTableModel::SamplesColumn, Qt::Horizontal).toString(),
                 QStringLiteral("inuse_objects"));
        heap.setSampleType(SampleType(1));           // alloc_space
        QCOMPARE(heap.samplesType(), SampleType(0)); // alloc_objects
        const int entry = rowOfName(heap, QStringLiteral("main.newEntry"));
        QCOMPARE(sortValue(heap, entry, FunctionTableModel::SamplesColumn),
                 heap.capture()->functions->flat(heap.frameAt(entry), 0));
        QCOMPARE(heap.columnCount(), 6);

        // A profile with no "count" sample type has no Samples column.
        FunctionTableModel cpuOnly;
        cpuOnly.setCapture(open(QStringLiteral("pprof-testdata/cppbench.cpu_no_samples_type")));
        QVERIFY(cpuOnly.capture());
        QVERIFY(cpuOnly.samplesType().isNone());
        QCOMPARE(cpuOnly.columnCount(), 5);
        QVERIFY(!cpuOnly.headerData(5, Qt::Horizontal).isValid());
    }

    void sortsItself()
    {
        FunctionTableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.sort(FunctionTableModel::SelfColumn, Qt::DescendingOrder);
        model.setCapture(m_cpu); // sorted as it arrives

        qint64 largest = 0;
        for (int row = 0; row < model.rowCount(); ++row)
            largest = qMax(largest, sortValue(model, row, FunctionTableModel::SelfColumn));
        QCOMPARE(sortValue(model, 0, FunctionTableModel::SelfColumn), largest);
        QVERIFY(model.index(0, 0).data().toString().startsWith(QLatin1String("main.countSubsets")));
        auto checkOrder = [&](int column, Qt::SortOrder order) {
            for (int row = 1; row < model.rowCount(); ++row) {
                const qint64 a = sortValue(model, row - 1, column),
                             b = sortValue(model, row, column);
                QVERIFY(order == Qt::DescendingOrder ? a >= b : a <= b);
                if (a == b) // ties by frame, so the order is stable
                    QVERIFY(model.frameAt(row - 1) < model.frameAt(row));
                QCOMPARE(model.rowOfFrame(model.frameAt(row)), row);
            }
        };
        checkOrder(FunctionTableModel::SelfColumn, Qt::DescendingOrder);

        // A persistent index (the view's current row) follows its frame through a sort.
        const QPersistentModelIndex current = model.index(0, FunctionTableModel::TotalColumn);
        const uint32_t frame = model.frameAt(0);
        // Numbers sort as numbers, not as their text ("980 ms" < "1.14 s").
        model.sort(FunctionTableModel::TotalColumn, Qt::AscendingOrder);
        checkOrder(FunctionTableModel::TotalColumn, Qt::AscendingOrder);
        QVERIFY(current.isValid());
        QCOMPARE(model.frameAt(current.row()), frame);
        QCOMPARE(current.column(), int(FunctionTableModel::TotalColumn));

        // The order is kept when the sample type changes.
        model.setSampleType(SampleType(0));
        checkOrder(FunctionTableModel::TotalColumn, Qt::AscendingOrder);

        // Names sort alphabetically, ignoring case.
        model.sort(FunctionTableModel::NameColumn, Qt::AscendingOrder);
        for (int row = 1; row < model.rowCount(); ++row)
            QVERIFY(model.index(row - 1, 0)
                        .data()
                        .toString()
                        .compare(model.index(row, 0).data().toString(), Qt::CaseInsensitive) <= 0);
    }

    void switchingColumnChangesValues()
    {
        FunctionTableModel model;
        model.setCapture(m_cpu);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy changed(&model, &FunctionTableModel::sampleTypeChanged);
        const uint32_t frame = model.frameAt(rowOfName(model, QStringLiteral("main.countSubsets")));

        model.setSampleType(SampleType(0)); // samples/count
        QCOMPARE(model.sampleType(), SampleType(0));
        QCOMPARE(reset.count(), 1);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.front().front().toInt(), 0);
        const int row = model.rowOfFrame(frame);
        QCOMPARE(sortValue(model, row, FunctionTableModel::SelfColumn), Q_INT64_C(419));
        QCOMPARE(model.index(row, FunctionTableModel::SelfColumn).data().toString(),
                 QStringLiteral("419"));
        QCOMPARE(model.index(row, 0).data(TotalCostRole).toLongLong(), Q_INT64_C(1848));

        model.setSampleType(SampleType(0)); // no change, no reset
        model.setSampleType(SampleType(7)); // out of range, ignored
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.sampleType(), SampleType(0));

        // The heap profile: the row set depends on the type (inuse drops freed objects).
        FunctionTableModel heap;
        heap.setCapture(open(QStringLiteral("real/go/heap-cache.pb.gz")));
        QCOMPARE(heap.sampleType(),
                 SampleType(3)); // inuse_space: no default_sample_type, so the last
        const int inuseRows = heap.rowCount();
        heap.setSampleType(SampleType(1)); // alloc_space
        QVERIFY(heap.rowCount() > inuseRows);
        const int entry = rowOfName(heap, QStringLiteral("main.newEntry"));
        QVERIFY(entry >= 0);
        QVERIFY(heap.index(entry, FunctionTableModel::SelfColumn)
                    .data()
                    .toString()
                    .endsWith(QLatin1String("MiB")));
    }

    void filtersByName()
    {
        FunctionTableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCapture(m_cpu);
        const int all = model.rowCount();
        const uint32_t countSubsets =
            model.frameAt(rowOfName(model, QStringLiteral("main.countSubsets")));
        const QPersistentModelIndex current = model.index(model.rowOfFrame(countSubsets), 0);

        model.setFilter(QStringLiteral("COUNTsub"));
        QCOMPARE(model.rowCount(), 1);
        QVERIFY(model.index(0, 0).data().toString().startsWith(QLatin1String("main.countSubsets")));
        QCOMPARE(current.row(), 0); // the current row followed its frame

        const QString needle = QStringLiteral("(*PARSER)");
        model.setFilter(needle);
        QVERIFY(!current.isValid()); // filtered out
        QCOMPARE(model.rowOfFrame(countSubsets), -1);
        QVERIFY(model.rowCount() >= 4); // parseExpr, parseTerm, parseFactor, peek, ...
        QVERIFY(model.rowCount() < all);
        for (int row = 0; row < model.rowCount(); ++row)
            QVERIFY(model.index(row, 0).data().toString().contains(needle, Qt::CaseInsensitive));

        // The filter stays across a change of sample type.
        model.setSampleType(SampleType(0));
        for (int row = 0; row < model.rowCount(); ++row)
            QVERIFY(model.index(row, 0).data().toString().contains(needle, Qt::CaseInsensitive));

        model.setFilter(QStringLiteral("no such function"));
        QCOMPARE(model.rowCount(), 0);
        model.setFilter(QString());
        model.setSampleType(SampleType(1));
        QCOMPARE(model.rowCount(), all);
    }
};

QTEST_GUILESS_MAIN(TestFunctionTableModel)
#include "tst_functiontablemodel.moc"
