// The diff view: colours follow the sign of each change, removed frames stay visible,
// the tooltip says before -> after, normalising and the table's filters work. On the
// shared Go diff pair (renderWidget grew, minifyHTML was removed).
#include "CaptureHelpers.h"
#include "Comparison.h"
#include "DiffTableModel.h"
#include "DiffView.h"
#include "FlameGraphView.h"
#include "ModelHelpers.h"
#include "ProfileBuilder.h"
#include "SourcePane.h"
#include "SourceView.h"
#include "TestData.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
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
    void sourceLinesBeforeAndAfter();
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

// Show Source in a diff, hand-checked: work() in work.go, base 10 samples on line 5 and
// 4 on line 6; new 10 on line 5, 20 on line 6, 3 on line 7 (main calls it from line 20).
// Absolute: line 6 goes 4 -> 20, line 7 0 -> 3, line 5 stays. Normalised (base x 33/14):
// line 5 before 24 (23.57), line 6 before 9 (9.43).
void TestDiffView::sourceLinesBeforeAndAfter()
{
    QTemporaryDir dir;
    const QString source = dir.filePath(QStringLiteral("work.go"));
    QByteArray text;
    for (int line = 1; line <= 25; ++line)
        text += "// line " + QByteArray::number(line) + "\n";
    QFile f(source);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
    f.close();
    auto capture = [&](const QString &name, const std::vector<std::pair<int64_t, int64_t>> &lines) {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        const uint64_t main = b.location({{"main", 20}}, source.toStdString());
        for (const auto &[line, samples] : lines)
            b.sampleIds({b.location({{"work", line}}, source.toStdString()), main}, {samples});
        const QString path = dir.filePath(name);
        {
            QFile out(path);
            if (out.open(QIODevice::WriteOnly))
                out.write(b.gzip());
        }
        return openOne(path);
    };
    auto base = capture(QStringLiteral("base.pb.gz"), {{5, 10}, {6, 4}});
    auto after = capture(QStringLiteral("new.pb.gz"), {{5, 10}, {6, 20}, {7, 3}});
    QVERIFY(base && after);
    ComparisonResult r = compareCaptures({base, after});
    QVERIFY2(r.comparison, qPrintable(r.error));
    DiffView view(r.comparison);
    view.resize(1200, 800);
    view.show();
    QTRY_VERIFY(!view.isBusy());
    const StackTable &t = *r.comparison->stacks;
    uint32_t work = StackTable::kNoFrame;
    for (uint32_t frame = 0; frame < t.frameCount(); ++frame) {
        if (t.strings[t.frames[frame].name] == "work")
            work = frame;
    }
    QVERIFY(work != StackTable::kNoFrame);

    SourcePane *pane = view.sourcePane();
    QSignalSpy shown(pane, &SourcePane::sourceShown);
    view.setNormalized(false);
    QTRY_VERIFY(!view.isBusy());
    view.showSource(work);
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1 && !pane->isBusy(), 30000);
    QCOMPARE(view.viewTabs()->currentWidget(), pane);
    QCOMPARE(pane->foundFile(), source);
    auto beforeAfter = [pane](int64_t line) {
        const SourceFileCosts &c = pane->view()->costs();
        for (size_t i = 0; i < c.fileLines.size(); ++i) {
            if (c.fileLines[i].line == line)
                return std::pair(c.baseLines[i].cum, c.fileLines[i].cum);
        }
        return std::pair<int64_t, int64_t>(-1, -1);
    };
    QVERIFY(pane->view()->costs().compared);
    QCOMPARE(pane->view()->columnTitles().size(), 3);
    QCOMPARE(beforeAfter(5), (std::pair<int64_t, int64_t>(10, 10)));
    QCOMPARE(beforeAfter(6), (std::pair<int64_t, int64_t>(4, 20)));
    QCOMPARE(beforeAfter(7), (std::pair<int64_t, int64_t>(0, 3)));
    QCOMPARE(beforeAfter(20), (std::pair<int64_t, int64_t>(14, 33)));
    const QString tip = pane->view()->toolTipAt(6);
    QVERIFY2(tip.contains(QStringLiteral("4 \u2192 20")) && tip.contains(QStringLiteral("+16")),
             qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("+400")), qPrintable(tip)); // +16 of 4

    // Normalising again re-reads the costs with the base scaled to the new total.
    view.setNormalized(true);
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 2 && !pane->isBusy(), 30000);
    QCOMPARE(beforeAfter(5), (std::pair<int64_t, int64_t>(24, 10)));
    QCOMPARE(beforeAfter(6), (std::pair<int64_t, int64_t>(9, 20)));
    QCOMPARE(beforeAfter(20), (std::pair<int64_t, int64_t>(33, 33)));

    // A click on a line picks its function in the table.
    view.table()->clearSelection();
    view.table()->setCurrentIndex({});
    emit pane->view()->lineActivated(6);
    const QModelIndex current = view.table()->currentIndex();
    QVERIFY(current.isValid());
    QCOMPARE(current.data(FrameRole).toUInt(), work);
    if (const QString shots = qEnvironmentVariable("EMBERS_SCREENSHOT_DIR"); !shots.isEmpty())
        view.grab().save(shots + QStringLiteral("/diff-source.png"));
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
