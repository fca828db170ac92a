// The source pane of a capture page (offscreen): Show Source from the page opens the
// function's file found beside the profile, with pprof's per-line costs (the values of the
// `go tool pprof -list` reference in tests/data/source-list); a clicked line selects its
// function; a missing file lists what was searched and the costly lines, Locate… answers
// are remembered per prefix; files newer or shorter than the profile are flagged; the
// page's transforms apply; a 100,000-line file lays out only what is on screen.
#include "CapturePage.h"
#include "FunctionTableWidget.h"
#include "OwnGoFolders.h"
#include "ProfileBuilder.h"
#include "SourcePane.h"
#include "SourceView.h"
#include "TestData.h"
#include "TransformController.h"

#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace embers;
using namespace embers::test;

namespace {

constexpr int kTimeoutMs = 30000;

uint32_t frameNamed(const CapturePage &page, const std::string &name)
{
    const StackTable &t = *page.shownCapture()->stacks;
    for (uint32_t f = 0; f < t.frameCount(); ++f) {
        if (t.strings[t.frames[f].name] == name)
            return f;
    }
    return StackTable::kNoFrame;
}

const LineCost *costOn(const SourceView &view, int64_t line)
{
    for (const LineCost &c : view.costs().fileLines) {
        if (c.line == line)
            return &c;
    }
    return nullptr;
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

// Where the view paints `line`, or a null point.
QPoint pointOfLine(SourceView *view, int line)
{
    for (int y = 1; y < view->viewport()->height(); y += 2) {
        if (view->lineAt(QPoint(10, y)) == line)
            return QPoint(view->viewport()->width() / 2, y + 3);
    }
    return {};
}

void saveScreenshot(QWidget *w, const QString &name)
{
    const QString dir = QString::fromLocal8Bit(qgetenv("EMBERS_SCREENSHOT_DIR"));
    if (!dir.isEmpty())
        w->grab().save(dir + QLatin1Char('/') + name);
}

} // namespace

class TestSourceView : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        // Locate… answers go to the test's own settings, cleared from earlier runs.
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("EmbersTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_sourceview"));
        QSettings().clear();
        useOwnGoFolders();
    }
    void showsCostsAsPprofList();
    void missingFileAndLocate();
    void flagsFilesThatDoNotMatch();
    void followsTransforms();
    void nodeLinesWithoutPseudoFrames();
    void largeFileLaysOutOnlyTheScreen();
    void bundledExampleHasItsSource();
};

void TestSourceView::showsCostsAsPprofList()
{
    // The Go program's trimmed profile: files recorded as listdemo/main.go, found below the
    // profile's folder.
    CapturePage page({testData() + QStringLiteral("/source-list/go-cpu-trimpath.pb.gz")});
    page.resize(1200, 800);
    page.show();
    page.load();
    QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
    const uint32_t mix = frameNamed(page, "main.mix");
    QVERIFY(mix != StackTable::kNoFrame);
    QSignalSpy shown(page.sourcePane(), &SourcePane::sourceShown);
    // The key opens the table's current function.
    page.functionTable()->selectFrame(mix);
    page.showSourceAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1, kTimeoutMs);
    QCOMPARE(page.viewTabs()->currentWidget(), page.sourcePane());
    SourcePane *pane = page.sourcePane();
    QVERIFY2(pane->foundFile().endsWith(QStringLiteral("source-list/listdemo/main.go")),
             qPrintable(pane->foundFile() + pane->placeholder()->text()));
    SourceView *view = pane->view();
    QVERIFY(view->isVisible());
    // go tool pprof -list='main\.' (go-main.txt): main.mix's lines 28-30 flat 100ms,
    // 1.16s, 590ms; the inlined square() charged to its own line 15 (200ms); hashLoop's
    // call of mix on line 37 has a cum of 1.85s.
    const std::pair<int64_t, int64_t> flats[] = {{28, 100}, {29, 1160}, {30, 590}, {15, 200}};
    for (const auto &[line, ms] : flats) {
        const LineCost *c = costOn(*view, line);
        QVERIFY2(c, qPrintable(QStringLiteral("no cost on line %1").arg(line)));
        QCOMPARE(c->flat, ms * 1000000);
    }
    QCOMPARE(costOn(*view, 37)->cum, int64_t(1850) * 1000000);
    QCOMPARE(costOn(*view, 37)->flat, int64_t(0));
    QCOMPARE(view->costs().function.name, std::string("main.mix"));
    QCOMPARE(view->costs().function.cum, int64_t(1850) * 1000000);
    QCOMPARE(view->costs().total, int64_t(3000) * 1000000);
    // The function's first costly line is on screen.
    QVERIFY(view->firstVisibleLine() <= 28);
    QVERIFY(!pointOfLine(view, 30).isNull());
    // The tooltip: shares of the whole profile and of the function (1.16s of 3s, of 1.85s).
    const QString tip = view->toolTipAt(29);
    QVERIFY2(tip.contains(QStringLiteral("38.7%")) && tip.contains(QStringLiteral("62.7%")),
             qPrintable(tip));
    QVERIFY(view->toolTipAt(31).isEmpty());
    saveScreenshot(&page, QStringLiteral("source-pane.png"));

    // A click on hashLoop's line selects hashLoop in the table.
    page.functionTable()->selectFrame(mix);
    const QPoint at = pointOfLine(view, 37);
    QVERIFY(!at.isNull());
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    uint32_t current = StackTable::kNoFrame;
    QVERIFY(page.functionTable()->currentFrame(&current));
    const StackTable &t = *page.shownCapture()->stacks;
    QCOMPARE(t.strings[t.frames[current].name], std::string("main.hashLoop"));
    QCOMPARE(view->currentLine(), 37);
}

void TestSourceView::missingFileAndLocate()
{
    QTemporaryDir tmp;
    const QString t = tmp.path();
    // Recorded on a build machine; here the file is elsewhere.
    ProfileBuilder b;
    b.sampleType("cpu", "nanoseconds");
    const uint64_t hot = b.location({{"hot", 4}}, "/build/agent/app/src/hot.go");
    const uint64_t top = b.location({{"main", 9}}, "/build/agent/app/src/main.go");
    b.sampleIds({hot, top}, {7000000});
    b.sampleIds({top}, {1000000});
    writeFile(t + QStringLiteral("/captures/app.pb.gz"), b.gzip());
    writeFile(t + QStringLiteral("/home/app/src/hot.go"),
              "package main\n\n// hot\nfunc hot() {}\n");
    writeFile(t + QStringLiteral("/home/app/src/main.go"),
              "package main\n\n\n\n\n\n\nfunc main() {\n\thot()\n}\n");

    CapturePage page({t + QStringLiteral("/captures/app.pb.gz")});
    page.resize(1000, 700);
    page.show();
    page.load();
    QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
    SourcePane *pane = page.sourcePane();
    QSignalSpy shown(pane, &SourcePane::sourceShown);
    page.showSource(frameNamed(page, "hot"));
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1, kTimeoutMs);
    QVERIFY(pane->foundFile().isEmpty());
    const QString text = pane->placeholder()->text();
    QVERIFY2(text.contains(QStringLiteral("/build/agent/app/src/hot.go")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Searched")), qPrintable(text));
    QVERIFY2(text.contains(t + QStringLiteral("/captures/hot.go")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("line 4")), qPrintable(text));
    QVERIFY(pane->locateButton()->isEnabled());
    saveScreenshot(&page, QStringLiteral("source-missing.png"));

    // The user locates hot.go (what the Locate… dialog's answer does): main.go, recorded
    // under the same folder, is found there too.
    SourcePane::rememberLocated("/build/agent/app/src/hot.go",
                                QString(t + QStringLiteral("/home/app/src/hot.go")).toStdString());
    page.showSource(frameNamed(page, "main"));
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 2, kTimeoutMs);
    QCOMPARE(pane->foundFile(), t + QStringLiteral("/home/app/src/main.go"));
    QCOMPARE(costOn(*pane->view(), 9)->cum, int64_t(8000000));
    QCOMPARE(costOn(*pane->view(), 9)->flat, int64_t(1000000));
}

void TestSourceView::flagsFilesThatDoNotMatch()
{
    QTemporaryDir tmp;
    const QString t = tmp.path();
    ProfileBuilder b;
    b.sampleType("cpu", "nanoseconds");
    b.proto().set_time_nanos(int64_t(1000000000) * 1000000000); // 2001
    const uint64_t far = b.location({{"far", 500}}, t.toStdString() + "/short.js");
    b.sampleIds({far}, {5});
    writeFile(t + QStringLiteral("/p.pb.gz"), b.gzip());
    writeFile(t + QStringLiteral("/short.js"), "function far() {\n}\n");
    CapturePage page({t + QStringLiteral("/p.pb.gz")});
    page.load();
    QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
    QSignalSpy shown(page.sourcePane(), &SourcePane::sourceShown);
    page.showSource(frameNamed(page, "far"));
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1, kTimeoutMs);
    const QString flags = page.sourcePane()->flags()->text();
    QVERIFY2(flags.contains(QStringLiteral("500")), qPrintable(flags));
    QVERIFY2(flags.contains(QStringLiteral("changed after")), qPrintable(flags));
    // The recorded line still has its row, past the file's end.
    QCOMPARE(costOn(*page.sourcePane()->view(), 500)->flat, int64_t(5));
}

void TestSourceView::followsTransforms()
{
    CapturePage page({testData() + QStringLiteral("/source-list/go-cpu-trimpath.pb.gz")});
    page.load();
    QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
    const uint32_t sum = frameNamed(page, "main.sumSquares");
    QVERIFY(sum != StackTable::kNoFrame);
    // Focus on sumSquares: the file's hashLoop and mix lines have no cost left.
    page.transforms()->push(Transform{TransformKind::FocusFunction, {}, {sum}, true});
    QTRY_VERIFY_WITH_TIMEOUT(!page.transforms()->isBusy() && page.shownCapture() != page.capture(),
                             kTimeoutMs);
    QSignalSpy shown(page.sourcePane(), &SourcePane::sourceShown);
    page.showSource(frameNamed(page, "main.sumSquares"));
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1, kTimeoutMs);
    const SourceView *view = page.sourcePane()->view();
    QVERIFY(costOn(*view, 15));  // square, inlined in sumSquares
    QVERIFY(!costOn(*view, 29)); // mix
    QVERIFY(!costOn(*view, 37)); // hashLoop's call
    QCOMPARE(costOn(*view, 15)->flat, int64_t(200) * 1000000);
}

// A Node capture (tests/data/source-list/node-cpu.cpuprofile, positionTicks on its lines):
// with V8's pseudo-frames hidden, the pane's lines are of the same capture as the page's
// (its shares are of the JavaScript work), and fib's lines carry fib's cost.
void TestSourceView::nodeLinesWithoutPseudoFrames()
{
    // V8 records the script by its absolute URL, under the checkout the profile was made
    // in: a copy that records this clone's nodedemo/app.js instead, so that the file is
    // found as recorded wherever the clone is (and no other checkout's file is read).
    const QString dir = testData() + QStringLiteral("/source-list");
    QString json = QString::fromUtf8(fileContent(dir + QStringLiteral("/node-cpu.cpuprofile")));
    static const QRegularExpression recorded(QStringLiteral("\"file://[^\"]*/nodedemo/app\\.js\""));
    QVERIFY(json.contains(recorded));
    const QString script = dir + QStringLiteral("/nodedemo/app.js");
    json.replace(recorded,
                 QLatin1Char('"') + QUrl::fromLocalFile(script).toString() + QLatin1Char('"'));
    QTemporaryDir tmp;
    const QString profile = tmp.filePath(QStringLiteral("node-cpu.cpuprofile"));
    writeFileContent(profile, json.toUtf8());

    CapturePage page({profile});
    page.load();
    QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
    const size_t column = page.sampleType().column();
    const int64_t withPseudo = page.shownCapture()->stacks->totals[column];
    page.setPseudoFramesHidden(true);
    QTRY_VERIFY_WITH_TIMEOUT(page.shownCapture()->stacks->totals[column] < withPseudo, kTimeoutMs);
    const uint32_t fib = frameNamed(page, "fib");
    QVERIFY(fib != StackTable::kNoFrame);
    QSignalSpy shown(page.sourcePane(), &SourcePane::sourceShown);
    page.showSource(fib);
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1, kTimeoutMs);
    QCOMPARE(page.sourcePane()->foundFile(), script);
    const SourceFileCosts &costs = page.sourcePane()->view()->costs();
    QCOMPARE(costs.total, page.shownCapture()->stacks->totals[column]);
    // (Not cum: a recursive function's lines each count the recursion, as pprof -list's do.)
    QCOMPARE(costs.function.flat, page.shownCapture()->functions->flat(fib, column));
    // The ticks are on fib's two lines (5 and 6), not all on its first.
    QVERIFY(costOn(*page.sourcePane()->view(), 5) && costOn(*page.sourcePane()->view(), 6));
    QVERIFY(costOn(*page.sourcePane()->view(), 6)->flat > 0);
}

void TestSourceView::largeFileLaysOutOnlyTheScreen()
{
    SourceView view;
    view.resize(900, 600);
    view.show();
    auto text = std::make_shared<SourceText>();
    QString body;
    for (int i = 1; i <= 100000; ++i)
        body += QStringLiteral("func f%1() { /* %1 */ return \"x\" }\n").arg(i);
    body += QString(3 << 20, QLatin1Char('y')); // a minified bundle's line
    QTemporaryDir tmp;
    writeFile(tmp.path() + QStringLiteral("/big.go"), body.toUtf8());
    *text = readSourceText(tmp.path() + QStringLiteral("/big.go"));
    QCOMPARE(text->lineCount(), 100001);
    view.setSource(text, SourceLanguage::Go, {});
    SourceFileCosts costs;
    for (int64_t line = 1; line <= 100000; line += 20)
        costs.fileLines.push_back({line, line, 2 * line});
    costs.total = 1 << 30;
    view.setCosts(costs, {100, 140}, "nanoseconds", SourceView::widestLabel(costs, "nanoseconds"));
    view.showLine(50000);
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.repaint();
    QVERIFY(view.laidOutLines() > 0);
    QVERIFY2(view.laidOutLines() < 200, qPrintable(QString::number(view.laidOutLines())));
    view.showLine(100001);
    view.repaint();
    QVERIFY(view.laidOutLines() < 500);
    QCOMPARE(view.lineAt(QPoint(5, 1)), view.firstVisibleLine());
}

// The bundled Go example comes with its program's source, found beside it: a first-time
// user's Show Source shows parseFactor's lines with their costs.
void TestSourceView::bundledExampleHasItsSource()
{
    CapturePage page(
        {QString::fromLocal8Bit(qgetenv("EMBERS_EXAMPLES")) + QStringLiteral("/cpu-parser.pb.gz")});
    page.resize(1200, 800);
    page.show();
    page.load();
    QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
    const uint32_t factor = frameNamed(page, "main.(*parser).parseFactor");
    QVERIFY(factor != StackTable::kNoFrame);
    QSignalSpy shown(page.sourcePane(), &SourcePane::sourceShown);
    page.showSource(factor);
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1, kTimeoutMs);
    SourcePane *pane = page.sourcePane();
    QVERIFY2(pane->foundFile().endsWith(
                 QStringLiteral("resources/examples/corpus/progs/dev_cpu_parser/main.go")),
             qPrintable(pane->foundFile() + pane->placeholder()->text()));
}

QTEST_MAIN(TestSourceView)
#include "tst_sourceview.moc"
