// The capture page's explorer tools, offscreen: the caller/callee view (built off the GUI
// thread, following the selection, double-click to re-centre), the colour mode, and
// hiding V8's idle/program frames (checked against go tool pprof's -relative_percentages
// -ignore output in tests/data/stack-filter).
#include "Breadcrumbs.h"
#include "CallTree.h"
#include "CallerCallee.h"
#include "CallerCalleeView.h"
#include "CapturePage.h"
#include "FlameGraphView.h"
#include "FlamePanel.h"
#include "FunctionTableModel.h"
#include "FunctionTableWidget.h"
#include "ProfileBuilder.h"
#include "TestData.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QtTest>

using namespace embers;
using namespace embers::test;

namespace {

constexpr int kTimeoutMs = 30000;

// f is called from a and b and recurses through x; cum(f) = 10 + 5 + 2 = 17 samples.
std::shared_ptr<const Capture> recursiveCapture()
{
    ProfileBuilder b;
    b.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
    b.sample({"main", "a", "f", "g"}, {10, 100});
    b.sample({"main", "b", "f"}, {5, 50});
    b.sample({"main", "f", "x", "f", "g"}, {2, 20});
    b.sample({"main", "a"}, {7, 70});
    LoadResult r = b.load();
    if (!r.profile)
        qFatal("%s", qPrintable(r.error));
    std::string error;
    auto t = StackTable::build({r.profile}, StackTableOptions{}, &error);
    auto c = std::make_shared<Capture>();
    c->profiles = {r.profile};
    c->stacks = std::make_shared<const StackTable>(std::move(*t));
    c->functions = std::make_shared<const FunctionTable>(FunctionTable::build(*c->stacks));
    c->tree = std::make_shared<const CallTree>(c->stacks, 1);
    return c;
}

// The frame of a function name (the window keeps files: frameName() has them too).
uint32_t frameNamed(const StackTable &t, const std::string &name)
{
    for (uint32_t f = 0; f < t.frameCount(); ++f) {
        if (t.strings[t.frames[f].name] == name)
            return f;
    }
    qFatal("no frame %s", name.c_str());
}

// The children of a node, by function name.
QStringList childNames(const CallTree &tree, uint32_t node)
{
    QStringList names;
    const StackTable &t = tree.stacks();
    for (uint32_t c = tree.firstChild(node); c < tree.childEnd(node); ++c)
        names << QString::fromStdString(t.strings[t.frames[tree.frame(c)].name]);
    names.sort();
    return names;
}

QString profile(const QString &relative)
{
    return sharedProfiles() + QStringLiteral("/real/") + relative;
}

// "Total samples = 4134.12ms" in a pprof reference, in nanoseconds.
double referenceTotalNanos(const QString &reference)
{
    const QByteArray text = readText(reference);
    static const QRegularExpression re(QStringLiteral("Total samples = ([0-9.]+)ms"));
    const auto m = re.match(QString::fromUtf8(text));
    return m.hasMatch() ? m.captured(1).toDouble() * 1e6 : -1;
}

} // namespace

class TestCapturePage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY2(!sharedProfiles().isEmpty(), "run through ctest");
        qRegisterMetaType<std::shared_ptr<const embers::Capture>>();
    }

    void callerCalleeViewShowsBothHalves()
    {
        auto capture = recursiveCapture();
        const uint32_t f = frameNamed(*capture->stacks, "f");
        CallerCalleeView view;
        view.resize(800, 600);
        view.setCapture(capture, SampleType(0));

        // Hidden, it waits: nothing is built until it is shown.
        view.setFrame(f);
        QVERIFY(view.isPending());
        QTest::qWait(100);
        QVERIFY(!view.callersView()->tree());

        QSignalSpy changed(&view, &CallerCalleeView::treesChanged);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY_WITH_TIMEOUT(!view.isPending(), kTimeoutMs);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(view.frame(), f);

        const CallTree &up = *view.callersView()->tree();
        const CallTree &down = *view.calleesView()->tree();
        QCOMPARE(up.frame(CallerCallee::kFunctionNode), f);
        QCOMPARE(down.frame(CallerCallee::kFunctionNode), f);
        // Recursion counted once: the function's cum, not 19.
        QCOMPARE(up.total(CallerCallee::kFunctionNode), int64_t(17));
        QCOMPARE(down.total(CallerCallee::kFunctionNode), int64_t(17));
        QCOMPARE(capture->functions->cum(f, 0), int64_t(17));
        QCOMPARE(childNames(up, CallerCallee::kFunctionNode),
                 (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("main")}));
        QCOMPARE(childNames(down, CallerCallee::kFunctionNode),
                 (QStringList{QStringLiteral("g"), QStringLiteral("x")}));
        // Callers grow upwards from the function, callees downwards.
        QCOMPARE(view.callersView()->orientation(), FlameGraphView::Orientation::Flame);
        QCOMPARE(view.calleesView()->orientation(), FlameGraphView::Orientation::Icicle);
        QVERIFY(view.title()->text().contains(QLatin1String("<b>f</b>")));
        QVERIFY(view.title()->text().contains(QLatin1String("17")));

        // Another sample type: same trees, other totals.
        view.setSampleType(SampleType(1));
        QCOMPARE(view.callersView()->tree()->total(CallerCallee::kFunctionNode), int64_t(170));
        QCOMPARE(view.calleesView()->tree()->column(), size_t(1));

        // A double-click on a callee asks to centre the view on it.
        QSignalSpy activated(&view, &CallerCalleeView::frameActivated);
        const CallTree &shown = *view.calleesView()->tree(); // the trees of setSampleType(1)
        uint32_t g = FlameGraphView::kNoNode;
        for (uint32_t c = shown.firstChild(1); c < shown.childEnd(1); ++c) {
            if (shown.stacks().strings[shown.stacks().frames[shown.frame(c)].name] == "g")
                g = c;
        }
        const QRectF box = view.calleesView()->nodeRect(g);
        QVERIFY(!box.isEmpty());
        QTest::mouseDClick(view.calleesView()->viewport(), Qt::LeftButton, {},
                           box.center().toPoint());
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).toUInt(), frameNamed(*capture->stacks, "g"));

        // Clearing shows the placeholder again.
        view.setFrame(StackTable::kNoFrame);
        QVERIFY(!view.callersView()->tree());
        QCOMPARE(view.frame(), StackTable::kNoFrame);
    }

    void breadcrumbsKeepTheFocusInSight()
    {
        auto capture = recursiveCapture();
        FlamePanel panel;
        panel.resize(1000, 300);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.showTree(std::make_shared<const CallTree>(capture->stacks, 0));
        QCOMPARE(panel.breadcrumbs()->text(), QStringLiteral("<b>all</b>"));

        // main -> f -> x -> f -> g: the focus in bold, every ancestor a link to it.
        const CallTree &tree = *panel.view()->tree();
        uint32_t node = CallTree::kRoot;
        for (const char *name : {"main", "f", "x", "f", "g"}) {
            uint32_t next = UINT32_MAX;
            for (uint32_t c = tree.firstChild(node); c < tree.childEnd(node); ++c) {
                if (tree.stacks().strings[tree.stacks().frames[tree.frame(c)].name] == name)
                    next = c;
            }
            QVERIFY(next != UINT32_MAX);
            node = next;
        }
        panel.view()->setFocusNode(node);
        const QString full = panel.breadcrumbs()->text();
        QVERIFY2(full.endsWith(QLatin1String("<b>g</b>")), qPrintable(full));
        QVERIFY(full.startsWith(QLatin1String("<a href=\"0\">all</a>")));
        QCOMPARE(full.count(QLatin1String("<a href=")), 5); // all, main, f, x, f
        QVERIFY(!full.contains(QStringLiteral("…")));

        // Too narrow for all of them: the root and the focus stay, the middle goes first.
        panel.breadcrumbs()->setFixedWidth(panel.breadcrumbs()->fontMetrics().horizontalAdvance(
                                               QStringLiteral("all › … › f › g")) +
                                           40);
        QTRY_VERIFY(panel.breadcrumbs()->text().contains(QStringLiteral("…")));
        const QString narrow = panel.breadcrumbs()->text();
        QVERIFY2(narrow.startsWith(QLatin1String("<a href=\"0\">all</a>")), qPrintable(narrow));
        QVERIFY2(narrow.endsWith(QLatin1String("<b>g</b>")), qPrintable(narrow));
        QVERIFY(narrow.count(QLatin1String("<a href=")) < 5);

        // A crumb's link focuses its node.
        emit panel.breadcrumbs()->linkActivated(QStringLiteral("0"));
        QCOMPARE(panel.view()->focusNode(), CallTree::kRoot);
    }

    void colourModeIsOneSettingForAllGraphs()
    {
        CapturePage page({profile(QStringLiteral("go/cpu-parser.pb.gz"))});
        QSignalSpy pageMode(&page, &CapturePage::colorModeChanged);
        QComboBox *combo = page.flamePanel()->colorModeCombo();
        QCOMPARE(combo->count(), 2);
        QCOMPARE(page.colorMode(), colors::ColorMode::Function);

        combo->setCurrentIndex(combo->findData(int(colors::ColorMode::Package)));
        QCOMPARE(page.colorMode(), colors::ColorMode::Package);
        QCOMPARE(page.flamePanel()->view()->colorMode(), colors::ColorMode::Package);
        QCOMPARE(page.callerCallee()->callersView()->colorMode(), colors::ColorMode::Package);
        QCOMPARE(page.callerCallee()->calleesView()->colorMode(), colors::ColorMode::Package);
        QCOMPARE(pageMode.count(), 1);
        QCOMPARE(pageMode.at(0).at(0).value<colors::ColorMode>(), colors::ColorMode::Package);

        page.setColorMode(colors::ColorMode::Function); // as the window restores it
        QCOMPARE(combo->currentData().toInt(), int(colors::ColorMode::Function));
        QCOMPARE(page.callerCallee()->calleesView()->colorMode(), colors::ColorMode::Function);
        QCOMPARE(pageMode.count(), 2);
    }

    void selectionDrivesTheCallerCalleeTab()
    {
        CapturePage page({profile(QStringLiteral("go/cpu-parser.pb.gz"))});
        page.resize(1200, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.load();
        QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
        // Flame graph, callers/callees, source.
        QCOMPARE(page.viewTabs()->count(), 3);
        page.viewTabs()->setCurrentWidget(page.callerCallee());

        // A row of the table: the tab shows that function.
        const StackTable &stacks = *page.shownCapture()->stacks;
        const uint32_t parseTerm = frameNamed(stacks, "main.(*parser).parseTerm");
        page.selectFrame(parseTerm);
        QTRY_VERIFY_WITH_TIMEOUT(page.callerCallee()->frame() == parseTerm &&
                                     !page.callerCallee()->isPending(),
                                 kTimeoutMs);
        const CallTree &down = *page.callerCallee()->calleesView()->tree();
        const FunctionTable &functions = *page.shownCapture()->functions;
        const size_t cpu = page.sampleType().column();
        // parseTerm recurses through parseFactor and parseExpr; its cum counts once.
        QCOMPARE(down.total(CallerCallee::kFunctionNode), functions.cum(parseTerm, cpu));
        QCOMPARE(page.callerCallee()->callersView()->tree()->total(CallerCallee::kFunctionNode),
                 functions.cum(parseTerm, cpu));
        QVERIFY(childNames(down, CallerCallee::kFunctionNode)
                    .contains(QStringLiteral("main.(*parser).parseFactor")));

        // A box picked in the flame graph selects its function everywhere.
        const uint32_t partition = frameNamed(stacks, "main.partition");
        emit page.flamePanel()->frameSelected(partition);
        QCOMPARE(page.functionTable()->view()->currentIndex().data(FrameRole).toUInt(), partition);
        QTRY_VERIFY_WITH_TIMEOUT(page.callerCallee()->frame() == partition &&
                                     !page.callerCallee()->isPending(),
                                 kTimeoutMs);
        // partition is only called by quicksort.
        QCOMPARE(
            childNames(*page.callerCallee()->callersView()->tree(), CallerCallee::kFunctionNode),
            QStringList{QStringLiteral("main.quicksort")});

        // A double-click in the caller/callee view selects the function in the table.
        emit page.callerCallee()->frameActivated(parseTerm);
        QCOMPARE(page.functionTable()->view()->currentIndex().data(FrameRole).toUInt(), parseTerm);
        QTRY_VERIFY_WITH_TIMEOUT(page.callerCallee()->frame() == parseTerm &&
                                     !page.callerCallee()->isPending(),
                                 kTimeoutMs);

        // A Go profile has no V8 pseudo-frames to hide.
        QVERIFY(!page.hasPseudoFrames());
        QVERIFY(!page.pseudoFramesToggle()->isEnabled());
    }

    void hidingV8PseudoFrames()
    {
        CapturePage page({profile(QStringLiteral("node/kvworker-time.pb.gz"))});
        page.load();
        QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
        QVERIFY(page.hasPseudoFrames());
        QCheckBox *toggle = page.pseudoFramesToggle();
        QVERIFY(toggle->isEnabled());
        QVERIFY(!toggle->isChecked());
        // Garbage Collection: 134.23 ms of 4268.35 ms wall (go tool pprof -top).
        QVERIFY2(toggle->text().contains(QLatin1String("3.1")), qPrintable(toggle->text()));
        QCOMPARE(page.shownCapture(), page.capture());

        const StackTable &full = *page.capture()->stacks;
        const uint32_t gc = frameNamed(full, "Garbage Collection");
        const uint32_t deep = frameNamed(full, "deepSanitize");
        FunctionTableWidget *table = page.functionTable();
        QVERIFY(table->model()->rowOfFrame(gc) >= 0);
        page.selectFrame(deep);

        QSignalSpy hidden(&page, &CapturePage::pseudoFramesHiddenChanged);
        toggle->click();
        QCOMPARE(hidden.count(), 1);
        QVERIFY(page.pseudoFramesHidden());
        QTRY_VERIFY_WITH_TIMEOUT(page.shownCapture() != page.capture(), kTimeoutMs);
        QVERIFY(!page.isFiltering());

        // What is left is what go tool pprof -relative_percentages -ignore leaves.
        const double expected = referenceTotalNanos(
            testData() + QStringLiteral("/stack-filter/kvworker-time.wall.ignore-v8.relative.txt"));
        QVERIFY(expected > 0);
        const size_t wall = page.sampleType().column();
        QCOMPARE(page.capture()->stacks->columns[wall].type, std::string("wall"));
        const int64_t total = page.shownCapture()->stacks->totals[wall];
        QVERIFY2(std::abs(double(total) - expected) < 0.01e6, qPrintable(QString::number(total)));
        QCOMPARE(table->model()->rowOfFrame(gc), -1);
        QCOMPARE(table->model()->index(0, 0).data(TotalCostRole).toLongLong(), total);
        QCOMPARE(page.flamePanel()->view()->tree()->total(CallTree::kRoot), total);
        // The selection survives the switch.
        QCOMPARE(table->view()->currentIndex().data(FrameRole).toUInt(), deep);

        // And back.
        toggle->click();
        QCOMPARE(page.shownCapture(), page.capture());
        QVERIFY(table->model()->rowOfFrame(gc) >= 0);
        QCOMPARE(page.flamePanel()->view()->tree()->total(CallTree::kRoot), full.totals[wall]);
        QCOMPARE(hidden.count(), 2);
    }

    void pageBarKeepsItsCombosWhole()
    {
        // A V8 capture: the longest sample type names and the idle-frames share.
        CapturePage page({profile(QStringLiteral("node/kvworker-time.pb.gz"))});
        page.resize(1000, 700); // a laptop window less the captures list
        page.show();
        page.load();
        QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        for (const char *name : {"sampleTypeCombo", "granularityCombo"}) {
            auto *combo = page.findChild<QComboBox *>(QLatin1String(name));
            QVERIFY2(combo && combo->isVisible(), name);
            QVERIFY2(combo->width() >= combo->sizeHint().width(), name);
        }
        // The graph's other switches are in the page's drop-down, as checkable actions.
        auto *button = page.findChild<QPushButton *>(QStringLiteral("pageViewButton"));
        QVERIFY(button && button->menu());
        QVERIFY(button->width() >= button->sizeHint().width()); // its text and arrow whole
        const QList<QAction *> actions = button->menu()->actions();
        QVERIFY(actions.contains(page.invertToggle()));
        QVERIFY(actions.contains(page.groupTruncatedToggle()));
        QCOMPARE(page.viewActions(), actions);
        QVERIFY(page.invertToggle()->isCheckable());
        QVERIFY(page.findChildren<QCheckBox *>(QStringLiteral("invertGraph")).isEmpty());
        // The invert toggle keeps a key of its own, out of the drop-down.
        page.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&page));
        page.functionTable()->view()->setFocus();
        QTest::keyClick(page.functionTable()->view(), Qt::Key_I, Qt::ControlModifier);
        QVERIFY(page.invertToggle()->isChecked());
        QTest::keyClick(page.functionTable()->view(), Qt::Key_I, Qt::ControlModifier);
        QVERIFY(!page.invertToggle()->isChecked());
    }

    void hidingIsAWishKeptAcrossLoads()
    {
        CapturePage page({profile(QStringLiteral("node/kvworker-time.pb.gz"))});
        page.setPseudoFramesHidden(true); // before loading, as the window restores it
        page.load();
        QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(page.shownCapture() && page.shownCapture() != page.capture(),
                                 kTimeoutMs);
        QVERIFY(page.pseudoFramesToggle()->isChecked());
        const StackTable &shown = *page.shownCapture()->stacks;
        QCOMPARE(page.functionTable()->model()->rowOfFrame(frameNamed(shown, "Garbage Collection")),
                 -1);
    }
};

QTEST_MAIN(TestCapturePage)
#include "tst_capturepage.moc"
