// The diff view: colours follow the sign of each change, removed frames stay visible,
// the tooltip says before -> after, normalising and the table's filters work. On the
// shared Go diff pair (renderWidget grew, minifyHTML was removed).
#include "CaptureHelpers.h"
#include "Comparison.h"
#include "DiffTableModel.h"
#include "DiffView.h"
#include "FlameGraphView.h"
#include "ModelHelpers.h"
#include "TestData.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QTableView>
#include <QtTest>

using namespace embers;
using namespace embers::test;

namespace {

QColor colourAt(FlameGraphView &view, quint32 node)
{
    const QRectF rect = view.nodeRect(node);
    if (rect.isEmpty())
        return {};
    const QImage image = view.viewport()->grab().toImage();
    // Just inside the top-left corner: no label text there.
    return image.pixelColor(QPoint(int(rect.left()) + 2, int(rect.top()) + 2));
}

} // namespace

class TestDiffView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void coloursFollowTheChange();
    void tooltipSaysBeforeAndAfter();
    void normaliseToggle();
    void tableFilters();
    void tableSortKeepsTheSelection();
    void namesWithoutFiles();
    void screenshot();

private:
    std::shared_ptr<const Comparison> m_comparison;
    std::unique_ptr<DiffView> m_view;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
    quint32 m_grew = 0, m_removed = 0;
};

void TestDiffView::initTestCase()
{
    const QString dir = sharedProfiles() + QStringLiteral("/real/go/");
    ComparisonResult r = compareCaptures({openOne(dir + QStringLiteral("diff-render-base.pb.gz")),
                                          openOne(dir + QStringLiteral("diff-render-slow.pb.gz"))});
    QVERIFY2(r.comparison, qPrintable(r.error));
    m_comparison = r.comparison;
    m_view = std::make_unique<DiffView>(m_comparison);
    // The models as the table sees them, checked through every reset that follows.
    m_testers.push_back(std::make_unique<QAbstractItemModelTester>(
        m_view->tableModel(), QAbstractItemModelTester::FailureReportingMode::QtTest));
    m_view->resize(1300, 800);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    QTRY_VERIFY(!m_view->isBusy());
    const DiffTree &d = *m_view->diffTree();
    // Find the nodes by name: renderWidget (grew) and minifyHTML (removed).
    for (uint32_t n = 1; n < d.nodeCount(); ++n) {
        const std::string name = d.stacks().frameName(d.newTree()->frame(n));
        if (name == "main.renderWidgets" && !m_grew)
            m_grew = n;
        if (name == "main.minifyHTML" && !m_removed)
            m_removed = n;
    }
    QVERIFY(m_grew && m_removed);
    QCOMPARE(d.change(m_grew), Change::Grew);
    QCOMPARE(d.change(m_removed), Change::Removed);
}

void TestDiffView::coloursFollowTheChange()
{
    FlameGraphView &view = *m_view->flameGraph();
    QColor grew = colourAt(view, m_grew), removed = colourAt(view, m_removed);
    QVERIFY(grew.isValid() && removed.isValid()); // a removed frame keeps its box
    QVERIFY2(grew.red() > grew.green() + 40, qPrintable(grew.name()));          // red: grew
    QVERIFY2(removed.green() > removed.red() + 20, qPrintable(removed.name())); // green: shrank
    m_view->paletteCombo()->setCurrentIndex(1);                                 // orange / blue
    grew = colourAt(view, m_grew);
    removed = colourAt(view, m_removed);
    QVERIFY2(grew.red() > grew.blue() + 60, qPrintable(grew.name()));          // orange
    QVERIFY2(removed.blue() > removed.red() + 40, qPrintable(removed.name())); // blue
    m_view->paletteCombo()->setCurrentIndex(0);
}

void TestDiffView::tooltipSaysBeforeAndAfter()
{
    const QString tip = m_view->flameGraph()->toolTipText(m_grew);
    QVERIFY2(tip.contains(QStringLiteral("main.renderWidgets")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("\u2192")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("Beyond sampling noise")), qPrintable(tip));
    const QString removed = m_view->flameGraph()->toolTipText(m_removed);
    QVERIFY2(removed.contains(QStringLiteral("Removed")), qPrintable(removed));
    QVERIFY2(removed.contains(QStringLiteral("Beyond sampling noise")), qPrintable(removed));
}

void TestDiffView::normaliseToggle()
{
    const int64_t normalized = m_view->diffTree()->delta(m_grew);
    m_view->normalizeToggle()->setChecked(false);
    QTRY_VERIFY(!m_view->isBusy() && !m_view->diffTree()->isNormalized());
    const DiffTree &d = *m_view->diffTree();
    QCOMPARE(d.before(m_grew), d.baseTree()->total(m_grew)); // raw values
    QVERIFY(d.delta(m_grew) != normalized);
    // The focus survives a recomputation: same nodes.
    m_view->flameGraph()->setFocusNode(m_grew);
    m_view->normalizeToggle()->setChecked(true);
    QTRY_VERIFY(!m_view->isBusy() && m_view->diffTree()->isNormalized());
    QCOMPARE(m_view->flameGraph()->focusNode(), m_grew);
    m_view->flameGraph()->resetFocus();
}

void TestDiffView::tableFilters()
{
    DiffTableModel *filter = m_view->tableModel();
    const int all = filter->rowCount();
    QVERIFY(all > 5);
    m_view->kindCombo()->setCurrentIndex(2); // Removed
    QVERIFY(filter->rowCount() >= 1);
    for (int r = 0; r < filter->rowCount(); ++r)
        QCOMPARE(Change(filter->index(r, 0).data(ChangeRole).toInt()), Change::Removed);
    bool minify = false;
    for (int r = 0; r < filter->rowCount(); ++r)
        minify =
            minify || filter->index(r, 0).data().toString() == QLatin1String("main.minifyHTML");
    QVERIFY(minify);
    m_view->kindCombo()->setCurrentIndex(0);
    m_view->hideNoiseToggle()->setChecked(true);
    const int real = filter->rowCount();
    QVERIFY(real < all);
    for (int r = 0; r < filter->rowCount(); ++r)
        QVERIFY(!filter->index(r, 0).data(NoiseRole).toBool());
    m_view->hideNoiseToggle()->setChecked(false);
    QCOMPARE(filter->rowCount(), all);
    // Sorted by total delta, descending: the biggest growth first.
    m_view->table()->sortByColumn(DiffTableModel::TotalDeltaColumn, Qt::DescendingOrder);
    const double first =
        filter->index(0, DiffTableModel::TotalDeltaColumn).data(SortRole).toDouble();
    const double second =
        filter->index(1, DiffTableModel::TotalDeltaColumn).data(SortRole).toDouble();
    QVERIFY(first >= second && first > 0);
}

void TestDiffView::tableSortKeepsTheSelection()
{
    DiffTableModel *model = m_view->tableModel();
    QTableView *table = m_view->table();
    int minify = -1;
    for (int r = 0; r < model->rowCount() && minify < 0; ++r) {
        if (model->index(r, 0).data().toString() == QLatin1String("main.minifyHTML"))
            minify = r;
    }
    QVERIFY(minify >= 0);
    table->selectRow(minify);
    auto currentName = [&] { return table->currentIndex().data().toString(); };
    QCOMPARE(currentName(), QStringLiteral("main.minifyHTML"));
    // By name, ascending: the names in order, and the selection still on its function.
    table->sortByColumn(DiffTableModel::NameColumn, Qt::AscendingOrder);
    QCOMPARE(currentName(), QStringLiteral("main.minifyHTML"));
    for (int r = 1; r < model->rowCount(); ++r)
        QVERIFY(model->index(r - 1, 0).data().toString().compare(
                    model->index(r, 0).data().toString(), Qt::CaseInsensitive) <= 0);
    // Filtered by name: the function keeps its selection while it is listed.
    model->setNameFilter(QStringLiteral("MINIFY"));
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(currentName(), QStringLiteral("main.minifyHTML"));
    QCOMPARE(model->rowOfFrame(model->row(0).frame), 0);
    model->setNameFilter(QString());
    QCOMPARE(currentName(), QStringLiteral("main.minifyHTML"));
    table->sortByColumn(DiffTableModel::TotalDeltaColumn, Qt::DescendingOrder);
}

// At Functions + file (the window's default for Go) a row reads as in the function
// table: the function's own name, not its file, which a narrow column would show instead.
void TestDiffView::namesWithoutFiles()
{
    const QString dir = sharedProfiles() + QStringLiteral("/real/go/");
    OpenOptions options;
    options.model.granularity = Granularity::FileFunctions;
    auto open = [&](const QString &name) {
        OpenResult r = openCapture({dir + name}, options);
        return r.capture;
    };
    auto base = open(QStringLiteral("diff-render-base.pb.gz"));
    auto slow = open(QStringLiteral("diff-render-slow.pb.gz"));
    QVERIFY(base && slow);
    ComparisonResult r = compareCaptures({base, slow});
    QVERIFY2(r.comparison, qPrintable(r.error));
    DiffView view(r.comparison);
    QTRY_VERIFY(!view.isBusy());
    DiffTableModel *model = view.tableModel();
    int minify = -1;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString name = model->index(row, 0).data().toString();
        QVERIFY2(!name.contains(QStringLiteral(".go")), qPrintable(name));
        if (name == QLatin1String("main.minifyHTML"))
            minify = row;
    }
    QVERIFY(minify >= 0);
    const QString tip = model->index(minify, 0).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral(".go")), qPrintable(tip)); // the file is in the tip
}

void TestDiffView::screenshot()
{
    const QString dir = QString::fromLocal8Bit(qgetenv("EMBERS_SCREENSHOT_DIR"));
    if (dir.isEmpty())
        QSKIP("set EMBERS_SCREENSHOT_DIR to write docs/images/diff.png");
    m_view->table()->selectRow(0);
    QVERIFY(m_view->grab().save(dir + QStringLiteral("/diff.png")));
}

QTEST_MAIN(TestDiffView)
#include "tst_diffview.moc"
