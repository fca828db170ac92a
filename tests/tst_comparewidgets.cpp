// The many-captures table and the linked side-by-side flame graphs, offscreen: values
// checked by hand on three small captures, invariants against each real capture opened
// alone, and the panes' linking driven by clicks and mouse moves on their boxes.
#include "Breadcrumbs.h"
#include "CaptureHelpers.h"
#include "CaptureMatrix.h"
#include "CaptureMatrixModel.h"
#include "CaptureMatrixView.h"
#include "Comparison.h"
#include "FlameGraphView.h"
#include "ModelHelpers.h"
#include "ProfileBuilder.h"
#include "SideBySideView.h"
#include "SourcePane.h"
#include "SourceView.h"
#include "TestData.h"
#include "TrendChart.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <cmath>
#include <map>

using namespace embers;
using namespace embers::test;

namespace {

// Three captures, samples and cpu (10 ms a sample). Shares of total (cum), by hand:
//            early  middle  late
//   main      100    100    100
//   a          50     25     —
//   b          50     —      40
//   c          —      75     60
ProfileBuilder early()
{
    ProfileBuilder b;
    b.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
    b.sample({"main", "a"}, {50, 500'000'000});
    b.sample({"main", "b"}, {50, 500'000'000});
    return b;
}

ProfileBuilder middle()
{
    ProfileBuilder b;
    b.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
    b.sample({"main", "a"}, {25, 250'000'000});
    b.sample({"main", "c"}, {75, 750'000'000});
    return b;
}

ProfileBuilder late()
{
    ProfileBuilder b;
    b.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
    b.sample({"main", "b"}, {40, 400'000'000});
    b.sample({"main", "c"}, {60, 600'000'000});
    return b;
}

long rowNamed(const CaptureMatrix &m, const StackTable &stacks, const std::string &name)
{
    for (size_t row = 0; row < m.rowCount(); ++row) {
        if (stacks.frameName(m.frame(row)) == name)
            return long(row);
    }
    return -1;
}

// The function names of the table's rows, top to bottom.
QStringList namesInOrder(const QAbstractItemModel *model)
{
    QStringList names;
    for (int r = 0; r < model->rowCount(); ++r)
        names << model->index(r, CaptureMatrixModel::kFunctionColumn).data().toString();
    return names;
}

} // namespace

class TestCompareWidgets : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::vector<std::shared_ptr<const Capture>> m_captures;
    std::shared_ptr<const Comparison> m_comparison;

    QString write(const QString &name, const ProfileBuilder &b)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(b.gzip()) < 0)
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    uint32_t node(const std::vector<std::string> &path) const
    {
        const CallTree tree(m_comparison->stacks, 0);
        return nodeOf(tree, path);
    }

    static QPoint centreOf(const FlameGraphView *view, uint32_t node)
    {
        const QRectF r = view->nodeRect(node);
        if (r.isEmpty())
            qFatal("node %u is not laid out", node);
        return r.center().toPoint();
    }

private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(m_dir.isValid());
        m_captures = {openOne(write(QStringLiteral("early.pb.gz"), early())),
                      openOne(write(QStringLiteral("middle.pb.gz"), middle())),
                      openOne(write(QStringLiteral("late.pb.gz"), late()))};
        m_comparison = compareOrStop(m_captures);
        QCOMPARE(m_comparison->captureCount(), size_t(3));
    }

    void matrixHandChecked()
    {
        const StackTable &stacks = *m_comparison->stacks;
        for (size_t column : {size_t(0), size_t(1)}) { // samples and cpu agree here
            const CaptureMatrix m = CaptureMatrix::build(*m_comparison, column);
            QCOMPARE(m.captureCount(), size_t(3));
            QCOMPARE(m.rowCount(), size_t(4)); // main, a, b, c
            const long a = rowNamed(m, stacks, "a");
            QVERIFY(a >= 0);
            QCOMPARE(m.share(size_t(a), 0), 50.0);
            QCOMPARE(m.share(size_t(a), 1), 25.0);
            QCOMPARE(m.share(size_t(a), 2), 0.0);
            QVERIFY(m.present(size_t(a), 0) && m.present(size_t(a), 1));
            QVERIFY(!m.present(size_t(a), 2));
            QCOMPARE(m.minShare(size_t(a)), 0.0);
            QCOMPARE(m.medianShare(size_t(a)), 25.0);
            QCOMPARE(m.maxShare(size_t(a)), 50.0);
            QCOMPARE(m.presentCount(size_t(a)), size_t(2));
            // Least squares through (0, 50), (1, 25), (2, 0): -25 points per capture.
            QCOMPARE(m.slope(size_t(a)), -25.0);

            const long c = rowNamed(m, stacks, "c");
            QCOMPARE(m.medianShare(size_t(c)), 60.0);
            QCOMPARE(m.maxShare(size_t(c)), 75.0);
            QCOMPARE(m.slope(size_t(c)), 30.0); // (0, 0), (1, 75), (2, 60)
            const long main = rowNamed(m, stacks, "main");
            QCOMPARE(m.medianShare(size_t(main)), 100.0);
            QCOMPARE(m.presentCount(size_t(main)), size_t(3));
            QCOMPARE(m.slope(size_t(main)), 0.0);
        }
        // Self: main has no samples of its own, but is present everywhere.
        const CaptureMatrix self =
            CaptureMatrix::build(*m_comparison, 1, CaptureMatrix::Measure::Self);
        const long main = rowNamed(self, stacks, "main");
        QCOMPARE(self.maxShare(size_t(main)), 0.0);
        QCOMPARE(self.presentCount(size_t(main)), size_t(3));
        QCOMPARE(self.share(size_t(rowNamed(self, stacks, "b")), 2), 40.0);
        // A column outside the group: nothing.
        QCOMPARE(CaptureMatrix::build(*m_comparison, 2).rowCount(), size_t(0));
    }

    void medianOfEvenAndOddCounts()
    {
        QCOMPARE(CaptureMatrix::median({}), 0.0);
        QCOMPARE(CaptureMatrix::median({7}), 7.0);
        QCOMPARE(CaptureMatrix::median({3, 1, 2}), 2.0);
        QCOMPARE(CaptureMatrix::median({4, 1, 3, 2}), 2.5);
        QCOMPARE(CaptureMatrix::median({0, 0, 10, 10}), 5.0);
    }

    void matrixMatchesEachCaptureAlone()
    {
        // Three captures of one Node service: every capture's column of the table is that
        // capture's own function table, opened alone (shares summed by name, as frames of
        // one name may differ by file).
        const QString dir = sharedProfiles() + QStringLiteral("/real/node/");
        std::vector<std::shared_ptr<const Capture>> captures;
        for (const char *name : {"kvworker-diff-base", "kvworker-diff-slow", "kvworker-time"})
            captures.push_back(openOne(dir + QLatin1String(name) + QStringLiteral(".pb.gz")));
        const auto cmp = compareOrStop(captures);
        for (size_t column = 0; column < cmp->stacks->columnsPerGroup(); ++column) {
            const CaptureMatrix m = CaptureMatrix::build(*cmp, column);
            for (size_t i = 0; i < captures.size(); ++i) {
                const Capture &alone = *captures[i];
                std::map<std::string, double> expected, got;
                size_t frames = 0;
                const double total = double(alone.stacks->totals[column]);
                for (uint32_t f = 0; f < alone.functions->frameCount(); ++f) {
                    if (alone.functions->flat(f, column) == 0 &&
                        alone.functions->cum(f, column) == 0)
                        continue;
                    ++frames;
                    expected[alone.stacks->frameName(f)] +=
                        100.0 * double(alone.functions->cum(f, column)) / total;
                }
                size_t present = 0;
                for (size_t row = 0; row < m.rowCount(); ++row) {
                    if (!m.present(row, i))
                        continue;
                    ++present;
                    got[cmp->stacks->frameName(m.frame(row))] += m.share(row, i);
                }
                QCOMPARE(present, frames);
                QCOMPARE(got.size(), expected.size());
                for (const auto &[name, share] : expected)
                    QVERIFY2(std::abs(got[name] - share) < 1e-9, name.c_str());
            }
            for (size_t row = 0; row < m.rowCount(); ++row) {
                QVERIFY(m.presentCount(row) >= 1); // a row per function sampled somewhere
                QVERIFY(m.minShare(row) <= m.medianShare(row));
                QVERIFY(m.medianShare(row) <= m.maxShare(row));
            }
        }
    }

    void modelTextAndHeaders()
    {
        CaptureMatrixModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setComparison(m_comparison, SampleType(1));
        QCOMPARE(model.columnCount(), 1 + 3 + 5 + 3); // and the verdict, its capture, its p-value
        QCOMPARE(model.headerData(model.captureColumn(0), Qt::Horizontal).toString(),
                 QStringLiteral("early.pb.gz"));
        // The capture's full path in its header's tooltip.
        QVERIFY(model.headerData(model.captureColumn(2), Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains(m_dir.filePath(QStringLiteral("late.pb.gz"))));
        const int a = model.rowOfFrame(
            model.matrix().frame(size_t(rowNamed(model.matrix(), *m_comparison->stacks, "a"))));
        auto text = [&](int column) { return model.index(a, column).data().toString(); };
        QCOMPARE(text(CaptureMatrixModel::kFunctionColumn), QStringLiteral("a"));
        QCOMPARE(text(model.captureColumn(0)), QStringLiteral("50.00 %"));
        QCOMPARE(text(model.captureColumn(1)), QStringLiteral("25.00 %"));
        QCOMPARE(text(model.captureColumn(2)), QStringLiteral("—"));
        QCOMPARE(text(model.minColumn()), QStringLiteral("0.00 %"));
        QCOMPARE(text(model.medianColumn()), QStringLiteral("25.00 %"));
        QCOMPARE(text(model.maxColumn()), QStringLiteral("50.00 %"));
        QCOMPARE(text(model.presentColumn()), QStringLiteral("2 of 3"));
        QCOMPARE(model.index(a, model.medianColumn()).data(SortRole), QVariant(25.0));
        const QVariantList shares = model.index(a, model.trendColumn()).data(SharesRole).toList();
        QCOMPARE(shares, (QVariantList{50.0, 25.0, 0.0}));
        const QVariantList present = model.index(a, model.trendColumn()).data(PresentRole).toList();
        QCOMPARE(present, (QVariantList{true, true, false}));
        QCOMPARE(CaptureMatrixModel::percentText(0.001), QStringLiteral("< 0.01 %"));
    }

    void viewSortsAndFilters()
    {
        CaptureMatrixView view(m_comparison, SampleType(1));
        view.resize(900, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const CaptureMatrixModel *model = view.model();
        // By median, largest first: main 100, c 60, b 40, a 25.
        QCOMPARE(view.view()->horizontalHeader()->sortIndicatorSection(), model->medianColumn());
        QCOMPARE(namesInOrder(view.model()),
                 (QStringList{QStringLiteral("main"), QStringLiteral("c"), QStringLiteral("b"),
                              QStringLiteral("a")}));
        view.view()->sortByColumn(CaptureMatrixModel::kFunctionColumn, Qt::AscendingOrder);
        QCOMPARE(namesInOrder(view.model()),
                 (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"),
                              QStringLiteral("main")}));
        // By the first capture, largest first: absent (c) below every share.
        view.view()->sortByColumn(model->captureColumn(0), Qt::DescendingOrder);
        QCOMPARE(namesInOrder(view.model()).first(), QStringLiteral("main"));
        QCOMPARE(namesInOrder(view.model()).last(), QStringLiteral("c"));
        // By trend, rising first: c (+30), main (0), b (-5), a (-25).
        view.view()->sortByColumn(model->trendColumn(), Qt::DescendingOrder);
        QCOMPARE(namesInOrder(view.model()),
                 (QStringList{QStringLiteral("c"), QStringLiteral("main"), QStringLiteral("b"),
                              QStringLiteral("a")}));

        view.filterEdit()->setText(QStringLiteral("A")); // case-insensitive
        QCOMPARE(namesInOrder(view.model()),
                 (QStringList{QStringLiteral("main"), QStringLiteral("a")}));
        view.filterEdit()->clear();

        // Self: a's own share in the middle capture; selection kept across the reset.
        QSignalSpy selected(&view, &CaptureMatrixView::frameSelected);
        const uint32_t c = model->frameAt(model->rowOfFrame(
            model->matrix().frame(size_t(rowNamed(model->matrix(), *m_comparison->stacks, "c")))));
        view.selectFrame(c);
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected.last().at(0).toUInt(), c);
        view.selfToggle()->setChecked(true);
        QVERIFY(view.selfShares());
        QCOMPARE(view.view()->currentIndex().data(FrameRole).toUInt(), c);
        const int mainRow = model->rowOfFrame(model->matrix().frame(
            size_t(rowNamed(model->matrix(), *m_comparison->stacks, "main"))));
        QCOMPARE(model->index(mainRow, model->maxColumn()).data().toString(),
                 QStringLiteral("0.00 %"));

        // Another sample type keeps the table's shape.
        QSignalSpy typeChanged(&view, &CaptureMatrixView::sampleTypeChanged);
        view.setSampleType(SampleType(0));
        QCOMPARE(typeChanged.count(), 1);
        QCOMPARE(view.sampleTypeCombo()->currentData().toInt(), 0);
        QCOMPARE(view.model()->rowCount(), 4);
    }

    // Show Source from the table: the clicked capture's column names the capture; other
    // columns and Ctrl+U take the newest.
    void matrixShowSourcePicksTheCapture()
    {
        CaptureMatrixView view(m_comparison, SampleType(1));
        view.resize(900, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const CaptureMatrixModel *model = view.model();
        QSignalSpy requested(&view, &CaptureMatrixView::sourceRequested);
        const uint32_t b =
            model->matrix().frame(size_t(rowNamed(model->matrix(), *m_comparison->stacks, "b")));
        const int row = model->rowOfFrame(b);
        QTableView *table = view.view();
        auto rightClick = [&](int column) {
            const QRect cell = table->visualRect(model->index(row, column));
            QString text;
            QTimer::singleShot(0, [&] {
                auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
                QVERIFY(menu);
                for (QAction *a : menu->actions()) {
                    if (a->objectName() == QLatin1String("showSourceItem")) {
                        text = a->text();
                        a->trigger();
                    }
                }
                menu->close();
            });
            emit table->customContextMenuRequested(cell.center());
            return text;
        };
        const QString second = model->captureNames()[1];
        QCOMPARE(rightClick(model->captureColumn(1)), QStringLiteral("Show &Source in ") + second);
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.last().at(0).toUInt(), b);
        QCOMPARE(requested.last().at(1).value<size_t>(), size_t(1));
        rightClick(model->medianColumn());
        QCOMPARE(requested.count(), 2);
        QCOMPARE(requested.last().at(1).value<size_t>(), size_t(2));
        // Ctrl+U on the current row, from the function's column.
        table->setCurrentIndex(model->index(row, CaptureMatrixModel::kFunctionColumn));
        view.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&view));
        table->setFocus();
        QTest::keyClick(table, Qt::Key_U, Qt::ControlModifier);
        QCOMPARE(requested.count(), 3);
        QCOMPARE(requested.last().at(0).toUInt(), b);
        QCOMPARE(requested.last().at(1).value<size_t>(), size_t(2));
    }

    // A series of eight captures: "steady" stays, "shifted" doubles from the fifth on,
    // "climb" grows every capture. The verdicts arrive off the GUI thread; the filter
    // keeps what changed or only the climbers; the chart draws the selected series.
    void viewFindsChangesAcrossCaptures()
    {
        std::vector<std::shared_ptr<const Capture>> series;
        std::vector<int64_t> shifted, climb;
        for (int i = 0; i < 8; ++i) {
            shifted.push_back(i < 4 ? 100 : 200);
            climb.push_back(40 + 30 * i);
            ProfileBuilder b;
            b.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
            b.sample({"main", "steady"}, {300, 3'000'000'000});
            b.sample({"main", "shifted"}, {shifted.back(), shifted.back() * 10'000'000});
            b.sample({"main", "climb"}, {climb.back(), climb.back() * 10'000'000});
            series.push_back(openOne(write(QStringLiteral("series-%1.pb.gz").arg(i), b)));
        }
        CaptureMatrixView view(compareOrStop(series), SampleType(0));
        view.resize(1000, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY(view.model()->trend() != nullptr);
        QVERIFY(!view.isFindingChanges());
        QSignalSpy shown(&view, &CaptureMatrixView::trendShown);
        const CaptureMatrixModel *model = view.model();
        auto cell = [&](const char *name, int column) {
            const int row = int(namesInOrder(model).indexOf(QLatin1String(name)));
            return row < 0 ? QStringLiteral("(hidden)")
                           : model->index(row, column).data().toString();
        };
        QCOMPARE(cell("shifted", model->verdictColumn()), QStringLiteral("Grew"));
        QCOMPARE(cell("shifted", model->changeAtColumn()), QStringLiteral("#5"));
        QCOMPARE(cell("climb", model->verdictColumn()), QStringLiteral("Growing"));
        QCOMPARE(cell("climb", model->changeAtColumn()), QString());
        QCOMPARE(cell("steady", model->verdictColumn()), QStringLiteral("Steady"));
        QVERIFY(cell("shifted", model->pValueColumn()).toDouble() < 1e-6);

        // Sorted by verdict: what changed first, the surest first; steady last.
        view.view()->sortByColumn(model->verdictColumn(), Qt::DescendingOrder);
        QCOMPARE(namesInOrder(model).last(), QStringLiteral("steady"));

        QComboBox *show = view.verdictFilter();
        show->setCurrentIndex(show->findData(int(CaptureMatrixModel::TrendFilter::Changed)));
        emit show->activated(show->currentIndex());
        QVERIFY(!namesInOrder(model).contains(QStringLiteral("steady")));
        QVERIFY(namesInOrder(model).contains(QStringLiteral("shifted")));
        QVERIFY(namesInOrder(model).contains(QStringLiteral("climb")));
        show->setCurrentIndex(show->findData(int(CaptureMatrixModel::TrendFilter::LeakSuspects)));
        emit show->activated(show->currentIndex());
        QVERIFY(namesInOrder(model).contains(QStringLiteral("climb")));
        QVERIFY(!namesInOrder(model).contains(QStringLiteral("shifted")));

        show->setCurrentIndex(0);
        emit show->activated(0);
        const int shiftedRow = int(namesInOrder(model).indexOf(QStringLiteral("shifted")));
        view.view()->setCurrentIndex(model->index(shiftedRow, 0));
        TrendChart *chart = view.chart();
        QCOMPARE(chart->changeAt(), 4);
        QCOMPARE(chart->verdict(), TrendVerdict::Grew);
        std::vector<int64_t> expected;
        for (int64_t v : shifted)
            expected.push_back(v); // sample type 0: samples
        QCOMPARE(chart->values(), expected);

        // Another sample type: computed again; the selection stays on "shifted".
        view.setSampleType(SampleType(1));
        QVERIFY(view.isFindingChanges());
        QTRY_COMPARE(shown.count(), 1);
        QCOMPARE(chart->values().back(), int64_t(200 * 10'000'000));
        QCOMPARE(chart->changeAt(), 4);
    }

    void sideBySideShowsEachCapture()
    {
        SideBySideView view(m_comparison, SampleType(1));
        QCOMPARE(view.paneCount(), 3);
        QCOMPARE(view.sampleType(), SampleType(1));
        QCOMPARE(view.paneTitle(1)->text(), QStringLiteral("middle.pb.gz"));
        QCOMPARE(view.paneTitle(1)->toolTip(), m_dir.filePath(QStringLiteral("middle.pb.gz")));
        for (int i = 0; i < 3; ++i) {
            const FlameGraphView *pane = view.paneView(i);
            QCOMPARE(pane->tree()->column(), m_comparison->columnOf(size_t(i), 1));
            QCOMPARE(&pane->tree()->stacks(), m_comparison->stacks.get()); // one trie
            QCOMPARE(pane->tree()->total(CallTree::kRoot), int64_t(1'000'000'000));
        }
        // The tooltip's sample count is the pane's own capture's, not the first one's.
        const uint32_t c = node({"main", "c"});
        QVERIFY2(view.paneView(1)->toolTipText(c).contains(QStringLiteral("Samples: 75")),
                 qPrintable(view.paneView(1)->toolTipText(c)));
        QVERIFY2(view.paneView(2)->toolTipText(c).contains(QStringLiteral("Samples: 60")),
                 qPrintable(view.paneView(2)->toolTipText(c)));
    }

    void sideBySideLinksFocus()
    {
        SideBySideView view(m_comparison, SampleType(1));
        view.resize(1200, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        std::vector<std::unique_ptr<QSignalSpy>> spies;
        for (int i = 0; i < 3; ++i)
            spies.push_back(
                std::make_unique<QSignalSpy>(view.paneView(i), &FlameGraphView::focusChanged));

        // A click on a's box in the first pane focuses a in all three, once each.
        const uint32_t a = node({"main", "a"});
        FlameGraphView *first = view.paneView(0);
        QTest::mouseClick(first->viewport(), Qt::LeftButton, {}, centreOf(first, a));
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(view.paneView(i)->focusNode(), a);
            QCOMPARE(spies[size_t(i)]->count(), 1);
        }
        // The focus is the bold crumb (where the graph is); its ancestors are links.
        QVERIFY(view.breadcrumbs()->text().contains(QStringLiteral("<b>a</b>")));
        QVERIFY(view.breadcrumbs()->text().contains(QStringLiteral(">main</a>")));
        // The late capture never sampled a: it says so instead of drawing empty boxes.
        QVERIFY(!view.paneShowsPlaceholder(0));
        QVERIFY(!view.paneShowsPlaceholder(1));
        QVERIFY(view.paneShowsPlaceholder(2));
        QVERIFY(view.panePlaceholderText(2).contains(QStringLiteral("<b>a</b>")));

        // Focus from another pane, and back to everything.
        const uint32_t c = node({"main", "c"});
        view.paneView(1)->setFocusNode(c);
        QCOMPARE(view.paneView(0)->focusNode(), c);
        QCOMPARE(view.paneView(2)->focusNode(), c);
        QVERIFY(view.paneShowsPlaceholder(0));
        QVERIFY(!view.paneShowsPlaceholder(2));
        view.resetFocus();
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(view.paneView(i)->focusNode(), quint32(CallTree::kRoot));
            QVERIFY(!view.paneShowsPlaceholder(i));
        }

        // Another sample type keeps the focus in every pane.
        view.setFocusNode(a);
        view.setSampleType(SampleType(0));
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(view.paneView(i)->tree()->column(), m_comparison->columnOf(size_t(i), 0));
            QCOMPARE(view.paneView(i)->focusNode(), a);
        }
        QVERIFY(view.paneShowsPlaceholder(2));

        // A function from a table: its widest box over all captures (main -> c).
        const uint32_t cFrame = view.paneView(0)->tree()->frame(c);
        view.focusFrame(cFrame);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(view.paneView(i)->focusNode(), c);
    }

    void sideBySideCopiesNamesAndStacks()
    {
        SideBySideView view(m_comparison, SampleType(1));
        view.resize(1200, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        FlameGraphView *first = view.paneView(0);
        const uint32_t a = node({"main", "a"});
        const QPoint pos = centreOf(first, a);
        QClipboard *clipboard = QGuiApplication::clipboard();
        for (const char *action : {"copyCallStack", "copyFunctionName"}) {
            clipboard->clear();
            bool found = false;
            // The menu is modal: pick the action once it shows.
            QTimer::singleShot(0, [&] {
                auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
                QVERIFY(menu);
                for (QAction *a : menu->actions()) {
                    if (a->objectName() == QLatin1String(action)) {
                        found = true;
                        a->trigger();
                    }
                }
                menu->close();
            });
            QContextMenuEvent event(QContextMenuEvent::Mouse, pos,
                                    first->viewport()->mapToGlobal(pos));
            QApplication::sendEvent(first->viewport(), &event);
            QVERIFY2(found, action);
            QCOMPARE(clipboard->text(), QLatin1String(action) == QLatin1String("copyCallStack")
                                            ? QStringLiteral("a\nmain")
                                            : QStringLiteral("a"));
        }
    }

    void sideBySideLinksHover()
    {
        SideBySideView view(m_comparison, SampleType(1));
        view.resize(1200, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const uint32_t b = node({"main", "b"});
        const uint32_t bFrame = view.paneView(0)->tree()->frame(b);
        FlameGraphView *first = view.paneView(0);
        QTest::mouseMove(first->viewport(), centreOf(first, b));
        QTRY_COMPARE(first->hoveredNode(), b);
        QCOMPARE(view.paneView(1)->highlightFrame(), bFrame);
        QCOMPARE(view.paneView(2)->highlightFrame(), bFrame);
        QCOMPARE(first->highlightFrame(), FlameGraphView::kNoFrame); // not in the pane itself

        // Off every box: the highlight goes.
        QTest::mouseMove(first->viewport(), QPoint(10, first->viewport()->height() - 5));
        QTRY_COMPARE(first->hoveredNode(), FlameGraphView::kNoNode);
        QCOMPARE(view.paneView(1)->highlightFrame(), FlameGraphView::kNoFrame);
        QCOMPARE(view.paneView(2)->highlightFrame(), FlameGraphView::kNoFrame);

        // A highlight from outside (a table's selection) stays under hovers.
        const uint32_t cFrame = first->tree()->frame(node({"main", "c"}));
        view.highlightFrame(cFrame);
        QTest::mouseMove(first->viewport(), centreOf(first, b));
        QTRY_COMPARE(view.paneView(2)->highlightFrame(), bFrame);
        QTest::mouseMove(first->viewport(), QPoint(10, first->viewport()->height() - 5));
        QTRY_COMPARE(view.paneView(2)->highlightFrame(), cFrame);
        QCOMPARE(first->highlightFrame(), cFrame);
    }

    void sideBySideSearchesEveryPane()
    {
        SideBySideView view(m_comparison, SampleType(1));
        view.resize(1200, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        // Typed in the one field: every pane searches, each with its own matched share.
        QTest::keyClicks(view.searchField(), QStringLiteral("c"));
        for (int i = 0; i < 3; ++i)
            QTRY_COMPARE(view.paneView(i)->searchPattern(), QStringLiteral("c"));
        const double expected[] = {0.0, 75.0, 60.0};
        for (int i = 0; i < 3; ++i)
            QCOMPARE(view.paneView(i)->currentSearch().matchedPercent, expected[i]);
        QCOMPARE(view.paneMatchLabel(1)->text(), QStringLiteral("Matched: 75.0%"));
        QCOMPARE(view.paneMatchLabel(2)->text(), QStringLiteral("Matched: 60.0%"));
        QCOMPARE(view.paneMatchLabel(0)->text(), QStringLiteral("Matched: 0.0%"));

        view.setSearch(QStringLiteral("^(a|b)$"), true);
        const double both[] = {100.0, 25.0, 40.0};
        for (int i = 0; i < 3; ++i)
            QCOMPARE(view.paneView(i)->currentSearch().matchedPercent, both[i]);

        view.searchField()->clear();
        for (int i = 0; i < 3; ++i) {
            QTRY_VERIFY(view.paneView(i)->searchPattern().isEmpty());
            QVERIFY(view.paneMatchLabel(i)->text().isEmpty());
        }
    }

    // Show Source from a pane: that capture's lines, another capture's from the combo, the
    // sample type followed, a clicked line lighting up its function in every pane.
    void sideBySideShowsEachCapturesLines()
    {
        const QString source = m_dir.filePath(QStringLiteral("work.go"));
        {
            QFile f(source);
            QVERIFY(f.open(QIODevice::WriteOnly));
            for (int line = 1; line <= 25; ++line)
                f.write("// line " + QByteArray::number(line) + "\n");
        }
        // work's samples by line; main (line 20) calls it. cpu: 10 ms a sample.
        auto capture = [&](const QString &name,
                           const std::vector<std::pair<int64_t, int64_t>> &lines) {
            ProfileBuilder b;
            b.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
            const uint64_t main = b.location({{"main", 20}}, source.toStdString());
            for (const auto &[line, samples] : lines)
                b.sampleIds({b.location({{"work", line}}, source.toStdString()), main},
                            {samples, samples * 10'000'000});
            return openOne(write(name, b));
        };
        const auto comparison =
            compareOrStop({capture(QStringLiteral("lines-a.pb.gz"), {{5, 10}, {6, 4}}),
                           capture(QStringLiteral("lines-b.pb.gz"), {{6, 20}, {7, 3}}),
                           capture(QStringLiteral("lines-c.pb.gz"), {{5, 1}})});
        SideBySideView view(comparison, SampleType(0));
        view.resize(1200, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(!view.viewTabs()->isTabEnabled(1)); // nothing to show yet
        const uint32_t work = nodeOf(*view.paneView(1)->tree(), {"main", "work"});
        QVERIFY(work != 0);
        SourcePane *pane = view.sourcePane();
        QSignalSpy shown(pane, &SourcePane::sourceShown);
        auto cums = [pane] {
            std::map<int64_t, int64_t> out;
            for (const LineCost &c : pane->view()->costs().fileLines)
                out[c.line] = c.cum;
            return out;
        };
        using Lines = std::map<int64_t, int64_t>;

        // The second pane's context menu.
        FlameGraphView *second = view.paneView(1);
        const QPoint pos = centreOf(second, work);
        bool found = false;
        QTimer::singleShot(0, [&] {
            auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
            QVERIFY(menu);
            for (QAction *a : menu->actions()) {
                if (a->objectName() == QLatin1String("showSourceItem")) {
                    found = true;
                    a->trigger();
                }
            }
            menu->close();
        });
        QContextMenuEvent event(QContextMenuEvent::Mouse, pos,
                                second->viewport()->mapToGlobal(pos));
        QApplication::sendEvent(second->viewport(), &event);
        QVERIFY(found);
        QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1 && !pane->isBusy(), 30000);
        QCOMPARE(view.viewTabs()->currentIndex(), 1);
        QCOMPARE(view.sourceCaptureCombo()->currentIndex(), 1);
        QCOMPARE(pane->functionName(), QStringLiteral("work"));
        QCOMPARE(pane->foundFile(), source);
        QVERIFY(!pane->view()->costs().compared);
        QCOMPARE(cums(), (Lines{{6, 20}, {7, 3}, {20, 23}}));

        // Another capture's lines, from the combo.
        view.sourceCaptureCombo()->setCurrentIndex(0);
        emit view.sourceCaptureCombo()->activated(0);
        QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 2 && !pane->isBusy(), 30000);
        QCOMPARE(cums(), (Lines{{5, 10}, {6, 4}, {20, 14}}));

        // The sample type: cpu time, 10 ms a sample.
        view.setSampleType(SampleType(1));
        QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 3 && !pane->isBusy(), 30000);
        QCOMPARE(cums(), (Lines{{5, 100'000'000}, {6, 40'000'000}, {20, 140'000'000}}));

        // A double-click on the third pane's box.
        view.viewTabs()->setCurrentIndex(0);
        FlameGraphView *third = view.paneView(2);
        QTest::mouseDClick(third->viewport(), Qt::LeftButton, {}, centreOf(third, work));
        QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 4 && !pane->isBusy(), 30000);
        QCOMPARE(view.viewTabs()->currentIndex(), 1);
        QCOMPARE(view.sourceCaptureCombo()->currentIndex(), 2);
        QCOMPARE(cums(), (Lines{{5, 10'000'000}, {20, 10'000'000}}));

        // A line's function lights up in every pane.
        view.highlightFrame(FlameGraphView::kNoFrame);
        emit pane->view()->lineActivated(5);
        const uint32_t workFrame = second->tree()->frame(work);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(view.paneView(i)->highlightFrame(), workFrame);
        if (const QString shots = qEnvironmentVariable("EMBERS_SCREENSHOT_DIR"); !shots.isEmpty())
            view.grab().save(shots + QStringLiteral("/side-by-side-source.png"));
    }

    // Not a check: EMBERS_SCREENSHOTS=DIR writes the documentation's pictures of both
    // widgets with real captures (docs/images/side-by-side.png, capture-matrix.png).
    void screenshots()
    {
        const QString out = QString::fromLocal8Bit(qgetenv("EMBERS_SCREENSHOTS"));
        if (out.isEmpty())
            QSKIP("set EMBERS_SCREENSHOTS=DIR to write the pictures");
        const QString go = sharedProfiles() + QStringLiteral("/real/go/");
        const QString node = sharedProfiles() + QStringLiteral("/real/node/");
        QFont font(QStringLiteral("DejaVu Sans"), 9);

        const auto pair = compareOrStop({openOne(go + QStringLiteral("diff-render-base.pb.gz")),
                                         openOne(go + QStringLiteral("diff-render-slow.pb.gz"))});
        SideBySideView sides(pair);
        sides.setFont(font);
        sides.resize(1400, 300);
        sides.show();
        QVERIFY(QTest::qWaitForWindowExposed(&sides));
        // Searching "renderWidget" in both; the mouse over main.crc in the base capture lights up
        // main.crc in the slow one.
        sides.setSearch(QStringLiteral("renderWidget"));
        FlameGraphView *base = sides.paneView(0);
        const CallTree &tree = *base->tree();
        uint32_t crc = 0;
        for (uint32_t n = 1; n < tree.nodeCount() && !crc; ++n) {
            if (tree.stacks().frameName(tree.frame(n)) == "main.crc" &&
                !base->nodeRect(n).isEmpty())
                crc = n;
        }
        QVERIFY(crc != 0);
        QTest::mouseMove(base->viewport(), base->nodeRect(crc).center().toPoint());
        QTRY_COMPARE(base->hoveredNode(), crc);
        QTest::qWait(50); // let the headers lay out their new text
        QVERIFY(sides.grab().save(out + QStringLiteral("/side-by-side.png")));

        const auto three =
            compareOrStop({openOne(node + QStringLiteral("kvworker-diff-base.pb.gz")),
                           openOne(node + QStringLiteral("kvworker-diff-slow.pb.gz")),
                           openOne(node + QStringLiteral("kvworker-time.pb.gz"))});
        CaptureMatrixView matrix(three);
        matrix.setFont(font);
        matrix.resize(1400, 520);
        matrix.show();
        QVERIFY(QTest::qWaitForWindowExposed(&matrix));
        QTRY_VERIFY(matrix.model()->trend() != nullptr);
        matrix.view()->selectRow(2);
        QTest::qWait(50);
        QVERIFY(matrix.grab().save(out + QStringLiteral("/capture-matrix.png")));
    }
};

QTEST_MAIN(TestCompareWidgets)
#include "tst_comparewidgets.moc"
