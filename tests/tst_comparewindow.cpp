// Comparing from the window: File > Compare's entry points (compareCaptures for selected
// rows, openAndCompare as `embers --diff` and a drop use it), the comparison window's
// views, merging into a new capture, and a comparison that waits for its captures.
#include "CaptureListModel.h"
#include "CaptureMatrixModel.h"
#include "CaptureMatrixView.h"
#include "CapturePage.h"
#include "ComparisonWindow.h"
#include "DiffTableModel.h"
#include "DiffView.h"
#include "MainWindow.h"
#include "OwnGoFolders.h"
#include "SaveDialog.h"
#include "SideBySideView.h"
#include "SourcePane.h"
#include "TestData.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace embers;

namespace {

constexpr int kTimeoutMs = 60000;

QString profile(const QString &relative)
{
    return QDir::cleanPath(qEnvironmentVariable("EMBERS_PROFILES") + QStringLiteral("/real/") +
                           relative);
}

bool allLoaded(const MainWindow &w)
{
    for (int row = 0; row < w.captureCount(); ++row) {
        if (w.captureModel()->state(row) == CaptureListModel::State::Loading)
            return false;
    }
    return true;
}

} // namespace

class TestCompareWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { test::useOwnGoFolders(); }
    void init();
    void diffOfTwoCaptures();
    void manyCapturesOpenTheTable();
    void tableShowSourceOpensSideBySide();
    void mergeMakesOneCapture();
    void openAndCompareWaitsForLoading();
    void failedCaptureCancelsTheComparison();
};

void TestCompareWindow::init()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestCompareWindow::diffOfTwoCaptures()
{
    MainWindow w;
    w.openFiles({profile(QStringLiteral("go/diff-render-base.pb.gz")),
                 profile(QStringLiteral("go/diff-render-slow.pb.gz"))});
    QTRY_VERIFY_WITH_TIMEOUT(allLoaded(w), kTimeoutMs);
    QVERIFY(!w.compareCaptures({0}, CompareDialog::Action::Diff)); // one is not enough
    ComparisonWindow *cw = w.compareCaptures({0, 1}, CompareDialog::Action::Diff);
    QVERIFY(cw);
    QTRY_VERIFY_WITH_TIMEOUT(cw->isReady(), kTimeoutMs);
    QCOMPARE(cw->tabs()->count(), 3); // diff, side by side, table
    QCOMPARE(cw->tabs()->currentWidget(), static_cast<QWidget *>(cw->diffView()));
    QTRY_VERIFY_WITH_TIMEOUT(!cw->diffView()->isBusy(), kTimeoutMs);
    // The first row is the base.
    QVERIFY(cw->diffView()->comparison()->captures[0]->paths.first().endsWith(
        QLatin1String("diff-render-base.pb.gz")));
    QCOMPARE(cw->sideBySideView()->paneCount(), 2);

    // The diff as a web page, from the button on the Diff tab.
    QVERIFY(cw->exportButton()->isVisibleTo(cw));
    QTRY_VERIFY_WITH_TIMEOUT(cw->diffView()->tableModel()->rowCount() > 0, kTimeoutMs);
    QTemporaryDir dir;
    const QString page = dir.filePath(QStringLiteral("diff.html"));
    test::answerSaveDialog(page);
    cw->exportButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(cw->exportNote()->text().startsWith(QLatin1String("Exported to")),
                             kTimeoutMs);
    QFile file(page);
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(cw->exportNote()->text()));
    const QByteArray html = file.readAll();
    QVERIFY(html.contains("\"kind\":\"diff\""));
    QVERIFY(html.contains("\"normalized\":true")); // as the view shows it
    cw->tabs()->setCurrentWidget(cw->sideBySideView());
    QVERIFY(!cw->exportButton()->isVisibleTo(cw));
    cw->close();
}

void TestCompareWindow::manyCapturesOpenTheTable()
{
    MainWindow w;
    w.openFiles({profile(QStringLiteral("node/kvworker-diff-base.pb.gz")),
                 profile(QStringLiteral("node/kvworker-diff-slow.pb.gz")),
                 profile(QStringLiteral("node/kvworker-time.pb.gz"))});
    QTRY_VERIFY_WITH_TIMEOUT(allLoaded(w), kTimeoutMs);
    QSignalSpy opened(&w, &MainWindow::comparisonOpened);
    ComparisonWindow *cw = w.compareCaptures({0, 1, 2}, CompareDialog::Action::Table);
    QVERIFY(cw);
    QCOMPARE(opened.count(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(cw->isReady(), kTimeoutMs);
    QVERIFY(!cw->diffView()); // a diff needs exactly two
    QCOMPARE(cw->tabs()->count(), 2);
    QCOMPARE(cw->tabs()->currentWidget(), static_cast<QWidget *>(cw->matrixView()));
    QCOMPARE(cw->sideBySideView()->paneCount(), 3);
    cw->close();
}

void TestCompareWindow::tableShowSourceOpensSideBySide()
{
    MainWindow w;
    w.openFiles({profile(QStringLiteral("node/kvworker-diff-base.pb.gz")),
                 profile(QStringLiteral("node/kvworker-diff-slow.pb.gz")),
                 profile(QStringLiteral("node/kvworker-time.pb.gz"))});
    QTRY_VERIFY_WITH_TIMEOUT(allLoaded(w), kTimeoutMs);
    ComparisonWindow *cw = w.compareCaptures({0, 1, 2}, CompareDialog::Action::Table);
    QVERIFY(cw);
    QTRY_VERIFY_WITH_TIMEOUT(cw->isReady(), kTimeoutMs);
    // Show Source in the table opens that capture's lines in the side-by-side Source tab.
    SideBySideView *sides = cw->sideBySideView();
    QVERIFY(!sides->viewTabs()->isTabEnabled(1));
    const CaptureMatrixModel *model = cw->matrixView()->model();
    const uint32_t frame = model->frameAt(0);
    emit cw->matrixView()->sourceRequested(frame, 1);
    QCOMPARE(cw->tabs()->currentWidget(), static_cast<QWidget *>(sides));
    QVERIFY(sides->viewTabs()->isTabEnabled(1));
    QCOMPARE(sides->viewTabs()->currentIndex(), 1);
    QCOMPARE(sides->sourceCaptureCombo()->currentIndex(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(!sides->sourcePane()->isBusy(), kTimeoutMs);
    cw->close();
}

void TestCompareWindow::mergeMakesOneCapture()
{
    MainWindow w;
    w.openFiles({profile(QStringLiteral("go/diff-render-base.pb.gz")),
                 profile(QStringLiteral("go/diff-render-slow.pb.gz"))});
    QTRY_VERIFY_WITH_TIMEOUT(allLoaded(w), kTimeoutMs);
    QVERIFY(!w.compareCaptures({0, 1}, CompareDialog::Action::Merge));
    QCOMPARE(w.captureCount(), 3);
    QTRY_VERIFY_WITH_TIMEOUT(allLoaded(w), kTimeoutMs);
    QCOMPARE(w.currentCaptureRow(), 2);
    const auto merged = w.captureModel()->capture(2);
    QVERIFY(merged);
    QCOMPARE(merged->paths.size(), qsizetype(2));
    // Values summed: the merge's total is the two captures' totals.
    const auto a = w.captureModel()->capture(0), b = w.captureModel()->capture(1);
    for (size_t c = 0; c < merged->stacks->columnCount(); ++c)
        QCOMPARE(merged->stacks->totals[c], a->stacks->totals[c] + b->stacks->totals[c]);
    // Merging the same captures again selects the merge instead of adding another.
    w.setCurrentCapture(0);
    w.compareCaptures({0, 1}, CompareDialog::Action::Merge);
    QCOMPARE(w.captureCount(), 3);
    QCOMPARE(w.currentCaptureRow(), 2);
}

void TestCompareWindow::openAndCompareWaitsForLoading()
{
    MainWindow w;
    QSignalSpy opened(&w, &MainWindow::comparisonOpened);
    // As `embers --diff BASE NEW`: nothing is open yet.
    w.openAndCompare({profile(QStringLiteral("node/kvworker-diff-base.pb.gz")),
                      profile(QStringLiteral("node/kvworker-diff-slow.pb.gz"))},
                     CompareDialog::Action::Diff);
    QCOMPARE(w.captureCount(), 2);
    QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, kTimeoutMs);
    auto *cw = opened.first().first().value<ComparisonWindow *>();
    QTRY_VERIFY_WITH_TIMEOUT(cw->isReady(), kTimeoutMs);
    QVERIFY(cw->diffView());
    cw->close();
}

void TestCompareWindow::failedCaptureCancelsTheComparison()
{
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("bad.pb.gz"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("not a profile");
    f.close();
    MainWindow w;
    QSignalSpy opened(&w, &MainWindow::comparisonOpened);
    w.openAndCompare({profile(QStringLiteral("go/diff-render-base.pb.gz")), bad},
                     CompareDialog::Action::Diff);
    QTRY_VERIFY_WITH_TIMEOUT(allLoaded(w), kTimeoutMs);
    QTest::qWait(50);
    QCOMPARE(opened.count(), 0);
    QCOMPARE(w.captureModel()->state(0), CaptureListModel::State::Loaded); // untouched
}

QTEST_MAIN(TestCompareWindow)
#include "tst_comparewindow.moc"
