// The window's transforms: the context menus of the flame graph and the function table,
// the chips bar (toggle, remove, pop, typed regexes, errors and no-match warnings), undo
// and redo, the sample-type switch, on small profiles whose results are worked out by
// hand; and the bottom-up view.
#include "BottomUpModel.h"
#include "BottomUpView.h"
#include "CallTree.h"
#include "CapturePage.h"
#include "ElidedLabel.h"
#include "FlameGraphView.h"
#include "FlamePanel.h"
#include "FunctionTableModel.h"
#include "FunctionTableWidget.h"
#include "LabelsPanel.h"
#include "ProfileBuilder.h"
#include "TestData.h"
#include "TransformBar.h"
#include "TransformController.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeWidget>
#include <QtTest>

#include <cmath>

using namespace embers;
using namespace embers::test;

namespace {

constexpr int kTimeoutMs = 30000;

// main -> a -> b (1), main -> c (2), main -> a -> c (4), main -> d -> a -> c (8),
// main -> f -> f -> g (16); a second sample type, cpu, is ten times the count.
ProfileBuilder handChecked()
{
    ProfileBuilder b;
    b.sampleType("samples", "count");
    b.sampleType("cpu", "nanoseconds");
    auto add = [&](std::vector<std::string> stack, int64_t n) { b.sample(stack, {n, 10 * n}); };
    add({"main", "a", "b"}, 1);
    add({"main", "c"}, 2);
    add({"main", "a", "c"}, 4);
    add({"main", "d", "a", "c"}, 8);
    add({"main", "f", "f", "g"}, 16);
    return b;
}

struct Loaded
{
    QTemporaryDir dir;
    std::unique_ptr<CapturePage> page;
};

std::unique_ptr<Loaded> load(const ProfileBuilder &b)
{
    auto l = std::make_unique<Loaded>();
    const QString path = l->dir.filePath(QStringLiteral("hand.pb.gz"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(b.gzip()) < 0)
        qFatal("cannot write %s", qPrintable(path));
    f.close();
    l->page = std::make_unique<CapturePage>(QStringList{path});
    l->page->resize(1200, 800);
    l->page->show();
    l->page->load();
    return l;
}

uint32_t frameOf(const StackTable &t, const std::string &name)
{
    for (uint32_t f = 0; f < t.frameCount(); ++f) {
        if (t.strings[t.frames[f].name] == name)
            return f;
    }
    return StackTable::kNoFrame;
}

// Self and total of a function in the page's table (-1: no row).
int64_t cell(CapturePage &page, const std::string &name, FunctionTableModel::Column column)
{
    FunctionTableModel *model = page.functionTable()->model();
    const int row = model->rowOfFrame(frameOf(*page.shownCapture()->stacks, name));
    if (row < 0)
        return -1;
    return model->index(row, column).data(SortRole).toLongLong();
}
int64_t self(CapturePage &page, const std::string &name)
{
    return cell(page, name, FunctionTableModel::SelfColumn);
}
int64_t total(CapturePage &page, const std::string &name)
{
    return cell(page, name, FunctionTableModel::TotalColumn);
}

// Sum of what the shown table holds in its current column.
int64_t shownSum(CapturePage &page)
{
    const StackTable &t = *page.shownCapture()->stacks;
    int64_t sum = 0;
    for (size_t s = 0; s < t.stackCount(); ++s)
        sum += t.value(s, page.sampleType().column());
    return sum;
}

// Triggers the named action of the context menu that `open` pops up.
void chooseFromMenu(const QString &action, const std::function<void()> &open)
{
    bool found = false;
    QTimer::singleShot(0, [&] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (!menu)
            return;
        for (QAction *a : menu->actions()) {
            if (a->objectName() == action && a->isEnabled()) {
                found = true;
                a->trigger();
            }
        }
        menu->close();
    });
    open();
    QVERIFY2(found, qPrintable(action));
}

void rowMenu(CapturePage &page, const std::string &name, const QString &action)
{
    QTableView *view = page.functionTable()->view();
    FunctionTableModel *model = page.functionTable()->model();
    const int row = model->rowOfFrame(frameOf(*page.shownCapture()->stacks, name));
    QVERIFY(row >= 0);
    QModelIndex index = view->model()->index(row, 0);
    view->scrollTo(index);
    const QPoint pos = view->visualRect(index).center();
    chooseFromMenu(action, [&] { emit view->customContextMenuRequested(pos); });
}

void boxMenu(CapturePage &page, const std::vector<std::string> &path, const QString &action)
{
    FlameGraphView *view = page.flamePanel()->view();
    const StackTable *shown = page.isGraphInverted()
                                  ? page.transforms()->invertedCapture()->stacks.get()
                                  : page.shownCapture()->stacks.get();
    QTRY_VERIFY_WITH_TIMEOUT(view->tree() && &view->tree()->stacks() == shown, kTimeoutMs);
    const CallTree &tree = *view->tree();
    uint32_t node = CallTree::kRoot;
    for (const std::string &name : path) {
        uint32_t next = CallTree::kRoot;
        for (uint32_t c = tree.firstChild(node); c < tree.childEnd(node); ++c) {
            if (tree.stacks().strings[tree.stacks().frames[tree.frame(c)].name] == name)
                next = c;
        }
        QVERIFY2(next != CallTree::kRoot, name.c_str());
        node = next;
    }
    const QRectF rect = view->nodeRect(node);
    QVERIFY(!rect.isEmpty());
    const QPoint pos = rect.center().toPoint();
    chooseFromMenu(action, [&] {
        QContextMenuEvent event(QContextMenuEvent::Mouse, pos, view->viewport()->mapToGlobal(pos));
        QApplication::sendEvent(view->viewport(), &event);
    });
}

// A value as pprof prints it ("167.1ms", "19.5MB", "656.4kB"), in ns or bytes.
double pprofValue(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("^([0-9.]+)([a-zA-Z]*)$"));
    const auto m = re.match(text.trimmed());
    if (!m.hasMatch())
        return -1;
    const QString unit = m.captured(2);
    const double k = 1024;
    const double scale = unit == QLatin1String("ms")   ? 1e6
                         : unit == QLatin1String("s")  ? 1e9
                         : unit == QLatin1String("us") ? 1e3
                         : unit == QLatin1String("kB") ? k
                         : unit == QLatin1String("MB") ? k * k
                         : unit == QLatin1String("GB") ? k * k * k
                                                       : 1;
    return m.captured(1).toDouble() * scale;
}

// Half the last printed digit of a pprof value: the rounding it may hide.
double pprofRounding(const QString &text)
{
    const QString number =
        text.trimmed().section(QRegularExpression(QStringLiteral("[a-zA-Z]")), 0, 0);
    const int decimals = number.contains(QLatin1Char('.'))
                             ? int(number.size() - number.indexOf(QLatin1Char('.')) - 1)
                             : 0;
    return pprofValue(text) / number.toDouble() * 0.5 * std::pow(10.0, -decimals);
}

struct PprofTag
{
    QString value;
    QString cost;
    double percent;
};

// `go tool pprof -tags` output: key -> its values in order.
std::map<QString, std::vector<PprofTag>> pprofTags(const QString &path)
{
    std::map<QString, std::vector<PprofTag>> out;
    static const QRegularExpression keyRe(QStringLiteral("^ (\\S+): Total (\\S+)$"));
    static const QRegularExpression valueRe(
        QStringLiteral("^\\s+(\\S+) \\(\\s*([0-9.e+-]+)%\\): (.*)$"));
    QString key;
    for (const QString &line : QString::fromUtf8(readText(path)).split(QLatin1Char('\n'))) {
        if (auto m = keyRe.match(line); m.hasMatch())
            key = m.captured(1);
        else if (auto v = valueRe.match(line); v.hasMatch() && !key.isEmpty())
            out[key].push_back({v.captured(3), v.captured(1), v.captured(2).toDouble()});
    }
    return out;
}

// The total of the `Showing nodes accounting for X` line of a pprof -top reference.
double pprofShown(const QString &gzPath, QString *text)
{
    QProcess zcat;
    zcat.start(QStringLiteral("zcat"), {gzPath});
    zcat.waitForFinished();
    static const QRegularExpression re(QStringLiteral("Showing nodes accounting for ([^,]+),"));
    const auto m = re.match(QString::fromUtf8(zcat.readAllStandardOutput()));
    *text = m.captured(1);
    return m.hasMatch() ? pprofValue(m.captured(1)) : -1;
}

// The flat column of a pprof -top reference: function name -> its printed flat value.
std::map<std::string, QString> pprofFlat(const QString &gzPath)
{
    QProcess zcat;
    zcat.start(QStringLiteral("zcat"), {gzPath});
    zcat.waitForFinished();
    static const QRegularExpression row(
        QStringLiteral("^\\s*(\\S+)\\s+\\S+%\\s+\\S+%\\s+\\S+\\s+\\S+%\\s+(.+)$"));
    std::map<std::string, QString> out;
    for (const QString &line : QString::fromUtf8(zcat.readAllStandardOutput()).split('\n')) {
        if (const auto m = row.match(line); m.hasMatch())
            out[m.captured(2).toStdString()] = m.captured(1);
    }
    return out;
}

std::unique_ptr<CapturePage> openShared(const QString &relative, const char *sampleType)
{
    auto page =
        std::make_unique<CapturePage>(QStringList{sharedProfiles() + QLatin1Char('/') + relative});
    page->resize(1200, 800);
    page->show();
    page->load();
    if (!QTest::qWaitFor([&] { return page->state() == CapturePage::State::Loaded; }, kTimeoutMs))
        qFatal("not loaded");
    std::string error;
    page->setSampleType(SampleType(page->capture()->stacks->columnByName(sampleType, &error)));
    // The labels panel lists what it shows; bring it to the front.
    auto *tabs = qobject_cast<QTabWidget *>(page->labelsPanel()->parentWidget()->parentWidget());
    if (tabs)
        tabs->setCurrentWidget(page->labelsPanel());
    return page;
}

// The panel's values of a key against pprof's -tags: same values, same order of cost,
// costs within pprof's rounding, same shares.
void comparePanel(LabelsPanel *panel, const QString &key, const std::vector<PprofTag> &expected)
{
    QTreeWidgetItem *item = panel->keyItem(key);
    QVERIFY2(item, qPrintable(key));
    QCOMPARE(size_t(item->childCount()), expected.size());
    const double keyTotal = double(item->data(0, CostRole).toLongLong());
    for (size_t i = 0; i < expected.size(); ++i) {
        const PprofTag &tag = expected[i];
        QTreeWidgetItem *value = nullptr;
        for (int c = 0; c < item->childCount(); ++c) {
            if (item->child(c)->text(0) == tag.value)
                value = item->child(c);
        }
        QVERIFY2(value, qPrintable(key + QLatin1Char('=') + tag.value));
        const double cost = double(value->data(0, CostRole).toLongLong());
        QVERIFY2(
            std::abs(cost - pprofValue(tag.cost)) <= pprofRounding(tag.cost) * 1.001,
            qPrintable(
                QStringLiteral("%1=%2: %3 vs %4").arg(key, tag.value).arg(cost).arg(tag.cost)));
        const double percent = 100.0 * cost / keyTotal;
        QVERIFY2(std::abs(percent - tag.percent) <= std::max(0.005, tag.percent * 0.05),
                 qPrintable(QStringLiteral("%1=%2: %3 %").arg(key, tag.value).arg(percent)));
    }
}

void waitApplied(CapturePage &page)
{
    QTRY_VERIFY_WITH_TIMEOUT(!page.transforms()->isBusy(), kTimeoutMs);
    QCOMPARE(page.shownCapture()->stacks, page.transforms()->shownTable());
    // The table follows on the next turn.
    QTRY_COMPARE_WITH_TIMEOUT(page.functionTable()->model()->capture(), page.shownCapture(),
                              kTimeoutMs);
}

// The roots of the flame graph's tree: name -> total.
std::map<std::string, int64_t> graphRoots(CapturePage &page)
{
    std::map<std::string, int64_t> out;
    const CallTree &tree = *page.flamePanel()->view()->tree();
    for (uint32_t n = tree.firstChild(CallTree::kRoot); n < tree.childEnd(CallTree::kRoot); ++n)
        out[tree.stacks().strings[tree.stacks().frames[tree.frame(n)].name]] += tree.total(n);
    return out;
}

} // namespace

class TestTransformWidgets : public QObject
{
    Q_OBJECT

private slots:
    void menusAndTablesCopy()
    {
        auto l = load(handChecked());
        CapturePage &page = *l->page;
        QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
        page.setSampleType(SampleType(0));
        QClipboard *clipboard = QGuiApplication::clipboard();

        // A box's call stack, innermost first, as stack traces read.
        clipboard->clear();
        boxMenu(page, {"main", "d", "a", "c"}, QStringLiteral("copyCallStack"));
        QCOMPARE(clipboard->text(), QStringLiteral("c\na\nd\nmain"));
        boxMenu(page, {"main", "d", "a"}, QStringLiteral("copyFunctionName"));
        QCOMPARE(clipboard->text(), QStringLiteral("a"));
        // A row offers the name (a function has no one call path).
        rowMenu(page, "c", QStringLiteral("copyFunctionName"));
        QCOMPARE(clipboard->text(), QStringLiteral("c"));

        // Ctrl+C in the function table copies the current row, tab-separated, as shown.
        QTableView *view = page.functionTable()->view();
        FunctionTableModel *model = page.functionTable()->model();
        const int row = model->rowOfFrame(frameOf(*page.shownCapture()->stacks, "a"));
        QVERIFY(row >= 0);
        view->setCurrentIndex(model->index(row, 0));
        page.activateWindow(); // shortcuts go to the active window
        QVERIFY(QTest::qWaitForWindowActive(&page));
        view->setFocus();
        clipboard->clear();
        QTest::keySequence(view, QKeySequence::Copy);
        const QStringList cells = clipboard->text().split(QLatin1Char('\t'));
        QCOMPARE(cells.size(), model->columnCount());
        QCOMPARE(cells.front(), QStringLiteral("a"));
        for (int c = 0; c < model->columnCount(); ++c)
            QCOMPARE(cells[c], model->index(row, c).data().toString());
        // a: self 0 of 31 samples, total 13.
        QVERIFY(cells.contains(QStringLiteral("13")));
    }

    void menusApplyTransforms()
    {
        auto l = load(handChecked());
        CapturePage &page = *l->page;
        QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
        page.setSampleType(SampleType(0)); // samples (cpu is the default, as the last type)
        QCOMPARE(page.sampleType(), SampleType(0));
        QCOMPARE(total(page, "main"), 31);
        QCOMPARE(total(page, "a"), 13);

        // Merge a into its callers: its 13 stay with main and d; c's self is unchanged.
        rowMenu(page, "a", QStringLiteral("mergeFunction"));
        waitApplied(page);
        QCOMPARE(total(page, "a"), -1);
        QCOMPARE(total(page, "main"), 31);
        QCOMPARE(self(page, "c"), 14);
        QCOMPARE(self(page, "b"), 1);
        QCOMPARE(total(page, "d"), 8);
        QCOMPARE(page.transformBar()->chips().size(), size_t(1));
        // Percentages stay of the whole profile.
        QCOMPARE(page.shownCapture()->stacks->totals[0], 31);

        // Undo brings a back; redo merges it again.
        page.transforms()->undo();
        waitApplied(page);
        QCOMPARE(total(page, "a"), 13);
        QCOMPARE(page.shownCapture(), page.capture());
        QVERIFY(page.transformBar()->chips().empty());
        page.transforms()->redo();
        waitApplied(page);
        QCOMPARE(total(page, "a"), -1);
        page.transforms()->undo();
        waitApplied(page);

        // Focus on the call path main -> a (a box in the graph): a's subtree only, rooted at a.
        boxMenu(page, {"main", "a"}, QStringLiteral("focusSubtree"));
        waitApplied(page);
        QCOMPARE(total(page, "main"), -1);
        QCOMPARE(total(page, "a"), 5);
        QCOMPARE(self(page, "c"), 4);
        QCOMPARE(shownSum(page), 5);
        page.transforms()->undo();
        waitApplied(page);

        // Focus on the function: every stack from a's outermost call, callers merged.
        boxMenu(page, {"main", "d", "a"}, QStringLiteral("focusFunction"));
        waitApplied(page);
        QCOMPARE(total(page, "a"), 13);
        QCOMPARE(self(page, "c"), 12);
        QCOMPARE(total(page, "d"), -1);
        QCOMPARE(shownSum(page), 13);
        page.transforms()->undo();
        waitApplied(page);

        // Drop the samples with c: 2 + 4 + 8 go.
        rowMenu(page, "c", QStringLiteral("dropFunction"));
        waitApplied(page);
        QCOMPARE(shownSum(page), 17);
        QCOMPARE(total(page, "a"), 1);
        QCOMPARE(total(page, "d"), -1);
        page.transforms()->undo();
        waitApplied(page);

        // Collapse f's recursion: main -> f -> g.
        boxMenu(page, {"main", "f", "f"}, QStringLiteral("collapseRecursion"));
        waitApplied(page);
        const StackTable &t = *page.shownCapture()->stacks;
        const uint32_t f = frameOf(t, "f");
        const CallTree &tree = *page.flamePanel()->view()->tree();
        int fNodes = 0;
        for (uint32_t n = 1; n < tree.nodeCount(); ++n)
            fNodes += tree.frame(n) == f;
        QCOMPARE(fNodes, 1);
        QCOMPARE(total(page, "f"), 16);
        QCOMPARE(self(page, "g"), 16);

        // Show from here (show_from=^d$): stacks start at d; the others are dropped.
        page.transforms()->undo();
        waitApplied(page);
        rowMenu(page, "d", QStringLiteral("showFrom"));
        waitApplied(page);
        QCOMPARE(shownSum(page), 8);
        QCOMPARE(total(page, "main"), -1);
        QCOMPARE(total(page, "d"), 8);
    }

    void chipsToggleRemoveAndPop()
    {
        auto l = load(handChecked());
        CapturePage &page = *l->page;
        QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
        page.setSampleType(SampleType(0)); // samples (cpu is the default, as the last type)
        TransformBar *bar = page.transformBar();

        rowMenu(page, "c", QStringLiteral("dropFunction")); // leaves 17
        waitApplied(page);
        rowMenu(page, "f", QStringLiteral("mergeFunction"));
        waitApplied(page);
        QCOMPARE(bar->chips().size(), size_t(2));
        QCOMPARE(shownSum(page), 17);
        QCOMPARE(total(page, "f"), -1);
        QCOMPARE(total(page, "g"), 16);

        // The first chip off: c's samples are back, f stays merged.
        TransformBar::chipToggle(bar->chips()[0])->click();
        waitApplied(page);
        QCOMPARE(shownSum(page), 31);
        QCOMPARE(total(page, "f"), -1);
        QVERIFY(TransformBar::chipToggle(bar->chips()[0])->font().strikeOut());
        // On again.
        TransformBar::chipToggle(bar->chips()[0])->click();
        waitApplied(page);
        QCOMPARE(shownSum(page), 17);

        // Remove the first: f stays merged, c is back.
        TransformBar::chipRemove(bar->chips()[0])->click();
        waitApplied(page);
        QCOMPARE(bar->chips().size(), size_t(1));
        QCOMPARE(shownSum(page), 31);
        QCOMPARE(total(page, "f"), -1);
        // Pop the last: nothing left, the capture itself is shown.
        bar->popButton()->click();
        waitApplied(page);
        QVERIFY(bar->chips().empty());
        QCOMPARE(page.shownCapture(), page.capture());
        // Undo twice: the pop, then the removal.
        page.transforms()->undo();
        page.transforms()->undo();
        waitApplied(page);
        QCOMPARE(bar->chips().size(), size_t(2));
        QCOMPARE(shownSum(page), 17);
    }

    // More chips than the bar is wide: the scroll bar goes below them, not over them, and
    // the newest chip shows whole.
    void manyChipsKeepTheirRoom()
    {
        auto l = load(handChecked());
        CapturePage &page = *l->page;
        QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
        page.resize(700, 500);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        for (const char *name : {"nosuchfunction1", "nosuchfunction2", "nosuchfunction3",
                                 "nosuchfunction4", "nosuchfunction5", "nosuchfunction6"})
            page.transforms()->push(Transform{TransformKind::Ignore, name, {}, true});
        waitApplied(page);
        auto *scroll =
            page.transformBar()->findChild<QScrollArea *>(QStringLiteral("transformChips"));
        QVERIFY(scroll);
        QCOMPARE(scroll->focusPolicy(), Qt::NoFocus); // Tab skips the chips' frame
        QTRY_VERIFY(scroll->horizontalScrollBar()->isVisible());
        QWidget *chip = page.transformBar()->chips().front();
        QTRY_VERIFY2(scroll->viewport()->height() >= chip->sizeHint().height(),
                     qPrintable(QStringLiteral("viewport %1, chip %2")
                                    .arg(scroll->viewport()->height())
                                    .arg(chip->sizeHint().height())));
        QWidget *newest = page.transformBar()->chips().back();
        auto newestShown = [&] {
            const QRect at(newest->mapTo(scroll->viewport(), QPoint(0, 0)), newest->size());
            return scroll->viewport()->rect().contains(at);
        };
        QTRY_VERIFY(newestShown());
        QVERIFY(scroll->horizontalScrollBar()->value() > 0);
    }

    void typedRegexesAndWarnings()
    {
        auto l = load(handChecked());
        CapturePage &page = *l->page;
        QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
        page.setSampleType(SampleType(0)); // samples (cpu is the default, as the last type)
        TransformBar *bar = page.transformBar();

        auto type = [&](const QString &kind, const QString &pattern) {
            bar->kindCombo()->setCurrentIndex(bar->kindCombo()->findText(kind));
            bar->patternEdit()->setText(pattern);
            QTest::keyClick(bar->patternEdit(), Qt::Key_Return);
            waitApplied(page);
        };
        type(QStringLiteral("focus"), QStringLiteral("^a$"));
        QCOMPARE(shownSum(page), 13);
        QCOMPARE(total(page, "main"), 13);
        QVERIFY(bar->patternEdit()->text().isEmpty());
        // hide=^a$ after focus: main -> b, main -> c, main -> d -> c.
        type(QStringLiteral("hide"), QStringLiteral("^a$"));
        QCOMPARE(total(page, "a"), -1);
        QCOMPARE(total(page, "d"), 8);
        QCOMPARE(shownSum(page), 13);

        // A regex that matches nothing: the chip says so.
        type(QStringLiteral("ignore"), QStringLiteral("nosuchfunction"));
        QCOMPARE(bar->chips().size(), size_t(3));
        QToolButton *chip = TransformBar::chipToggle(bar->chips()[2]);
        QVERIFY2(chip->text().contains(QStringLiteral("no match")), qPrintable(chip->text()));
        QVERIFY(!TransformBar::chipToggle(bar->chips()[0])->text().contains("no match"));
        QCOMPARE(shownSum(page), 13);

        // One that does not compile: the chip says it failed; the rest still shows.
        type(QStringLiteral("show"), QStringLiteral("(unclosed"));
        QCOMPARE(page.transforms()->failedIndex(), 3);
        chip = TransformBar::chipToggle(bar->chips()[3]);
        QVERIFY2(chip->text().contains(QStringLiteral("error")), qPrintable(chip->text()));
        // Why, below the chips (not only in the chip's tooltip).
        const QString why = bar->problemLabel()->text();
        QVERIFY2(why.contains(QStringLiteral("bad regular expression '(unclosed'")),
                 qPrintable(why));
        QVERIFY(!bar->problemLabel()->isHidden());
        QCOMPARE(shownSum(page), 13);
        bar->popButton()->click();
        waitApplied(page);
        QCOMPARE(page.transforms()->failedIndex(), -1);
        QVERIFY(bar->problemLabel()->isHidden());
        QVERIFY(bar->problemLabel()->text().isEmpty());
    }

    void keptAcrossSampleTypes()
    {
        auto l = load(handChecked());
        CapturePage &page = *l->page;
        QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
        page.setSampleType(SampleType(0)); // samples (cpu is the default, as the last type)
        rowMenu(page, "c", QStringLiteral("dropFunction"));
        waitApplied(page);
        page.setSampleType(SampleType(1));
        QCOMPARE(page.transformBar()->chips().size(), size_t(1));
        QCOMPARE(shownSum(page), 170);
        QTRY_COMPARE_WITH_TIMEOUT(page.functionTable()->model()->sampleType(), SampleType(1),
                                  kTimeoutMs);
        QCOMPARE(total(page, "a"), 10);
        QTRY_VERIFY_WITH_TIMEOUT(page.flamePanel()->view()->tree() &&
                                     page.flamePanel()->view()->tree()->column() == 1,
                                 kTimeoutMs);
        QCOMPARE(page.flamePanel()->view()->tree()->total(CallTree::kRoot), 170);
    }

    void invertedGraphAndBottomUpTree()
    {
        auto l = load(handChecked());
        CapturePage &page = *l->page;
        QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
        page.setSampleType(SampleType(0));
        auto graphShows = [&](const StackTable *t) {
            return QTest::qWaitFor(
                [&] {
                    auto tree = page.flamePanel()->view()->tree();
                    return tree && &tree->stacks() == t && tree->column() == 0;
                },
                kTimeoutMs);
        };

        // Bottom-up: the roots are where samples were taken, with their self cost.
        page.invertToggle()->setChecked(true);
        QTRY_VERIFY_WITH_TIMEOUT(page.isGraphInverted(), kTimeoutMs);
        QVERIFY(graphShows(page.transforms()->invertedCapture()->stacks.get()));
        QCOMPARE(graphRoots(page),
                 (std::map<std::string, int64_t>{{"b", 1}, {"c", 14}, {"g", 16}}));
        // The table stays top-down: c's self 14, main's total 31.
        QCOMPARE(self(page, "c"), 14);
        QCOMPARE(total(page, "main"), 31);

        // Transforms apply before inverting: drop c's samples.
        rowMenu(page, "c", QStringLiteral("dropFunction"));
        waitApplied(page);
        QTRY_VERIFY_WITH_TIMEOUT(page.isGraphInverted(), kTimeoutMs);
        QVERIFY(graphShows(page.transforms()->invertedCapture()->stacks.get()));
        QCOMPARE(graphRoots(page), (std::map<std::string, int64_t>{{"b", 1}, {"g", 16}}));
        page.transforms()->undo();
        waitApplied(page);
        QVERIFY(graphShows(page.transforms()->invertedCapture()->stacks.get()));

        // A box of the bottom-up graph offers no call path; focusing on its function works.
        boxMenu(page, {"c"}, QStringLiteral("focusFunction"));
        waitApplied(page);
        QVERIFY(graphShows(page.transforms()->invertedCapture()->stacks.get()));
        QCOMPARE(graphRoots(page), (std::map<std::string, int64_t>{{"c", 14}}));
        page.transforms()->undo();
        waitApplied(page);

        // Back to top-down.
        page.invertToggle()->setChecked(false);
        QVERIFY(graphShows(page.shownCapture()->stacks.get()));
        QCOMPARE(graphRoots(page), (std::map<std::string, int64_t>{{"main", 31}}));

        // The bottom-up tree: functions by self cost, expanding to their callers.
        auto *tabs = qobject_cast<QTabWidget *>(page.bottomUp()->parentWidget()->parentWidget());
        QVERIFY(tabs);
        tabs->setCurrentWidget(page.bottomUp());
        BottomUpModel *model = page.bottomUp()->model();
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 3, kTimeoutMs);
        auto row = [&](const QModelIndex &parent, int r) {
            const QModelIndex i = model->index(r, BottomUpModel::NameColumn, parent);
            return std::make_pair(i.data().toString(), i.data(CostRole).toLongLong());
        };
        QCOMPARE(row({}, 0), std::make_pair(QStringLiteral("g"), qint64(16)));
        QCOMPARE(row({}, 1), std::make_pair(QStringLiteral("c"), qint64(14)));
        QCOMPARE(row({}, 2), std::make_pair(QStringLiteral("b"), qint64(1)));
        // c's callers: a (4 + 8), main (2); a's: d (8), main (4).
        const QModelIndex c = model->index(1, 0);
        QCOMPARE(model->rowCount(c), 2);
        QCOMPARE(row(c, 0), std::make_pair(QStringLiteral("a"), qint64(12)));
        QCOMPARE(row(c, 1), std::make_pair(QStringLiteral("main"), qint64(2)));
        const QModelIndex a = model->index(0, 0, c);
        QCOMPARE(row(a, 0), std::make_pair(QStringLiteral("d"), qint64(8)));
        QCOMPARE(row(a, 1), std::make_pair(QStringLiteral("main"), qint64(4)));
        QCOMPARE(model->parent(a), c);
        // g <- f <- f <- main: recursion is one path, counted once.
        const QModelIndex g = model->index(0, 0);
        const QModelIndex f1 = model->index(0, 0, g);
        const QModelIndex f2 = model->index(0, 0, f1);
        QCOMPARE(row(g, 0), std::make_pair(QStringLiteral("f"), qint64(16)));
        QCOMPARE(row(f1, 0), std::make_pair(QStringLiteral("f"), qint64(16)));
        QCOMPARE(row(f2, 0), std::make_pair(QStringLiteral("main"), qint64(16)));
        // Picking a row selects the function in the table.
        page.bottomUp()->view()->setCurrentIndex(c);
        const QModelIndex current = page.functionTable()->view()->currentIndex();
        QCOMPARE(current.data(FrameRole).toUInt(), frameOf(*page.shownCapture()->stacks, "c"));
    }

    void labelsPanelMatchesPprofTags()
    {
        QVERIFY2(!sharedProfiles().isEmpty(), "run through ctest");
        auto page = openShared(QStringLiteral("real/node/kvworker-time-labels.pb.gz"), "cpu");
        LabelsPanel *panel = page->labelsPanel();
        QTRY_VERIFY_WITH_TIMEOUT(panel->tree()->topLevelItemCount() > 0, kTimeoutMs);
        const auto tags =
            pprofTags(testData() + QStringLiteral("/pprof-refs/tags/kvworker-time-labels.cpu.txt"));
        QCOMPARE(tags.size(), size_t(2));
        for (const auto &[key, values] : tags)
            comparePanel(panel, key, values);
        QVERIFY(panel->keyItem(QStringLiteral("batch")));

        // Keep route=health (its box checked): pprof -tagfocus=route=health leaves 167.13ms.
        QTreeWidgetItem *route = panel->keyItem(QStringLiteral("route"));
        for (int c = 0; c < route->childCount(); ++c) {
            if (route->child(c)->text(0) == QLatin1String("health"))
                route->child(c)->setCheckState(0, Qt::Checked);
        }
        QVERIFY(panel->keepButton()->isEnabled());
        panel->keepButton()->click();
        waitApplied(*page);
        QString text;
        const double health = pprofShown(
            testData() + QStringLiteral("/pprof-refs/filters/kvworker-time-labels.46.cpu.txt.gz"),
            &text);
        QVERIFY(health > 0);
        QVERIFY2(std::abs(double(shownSum(*page)) - health) <= pprofRounding(text),
                 qPrintable(QString::number(shownSum(*page))));
        QCOMPARE(page->transformBar()->chips().size(), size_t(1));
        // The panel still lists every value (of the capture before the filter).
        QCOMPARE(panel->keyItem(QStringLiteral("route"))->childCount(), 2);

        // Exclude it instead: the rest of the profile.
        page->transforms()->pop();
        waitApplied(*page);
        const int64_t all = shownSum(*page);
        route = panel->keyItem(QStringLiteral("route"));
        for (int c = 0; c < route->childCount(); ++c) {
            if (route->child(c)->text(0) == QLatin1String("health"))
                route->child(c)->setCheckState(0, Qt::Checked);
        }
        panel->excludeButton()->click();
        waitApplied(*page);
        QVERIFY(std::abs(double(all - shownSum(*page)) - health) <= pprofRounding(text));

        // Group by route: a root per value, named as pprof's -tagroot names them.
        page->transforms()->pop();
        waitApplied(*page);
        panel->tree()->setCurrentItem(panel->keyItem(QStringLiteral("route")));
        panel->groupButton()->click();
        waitApplied(*page);
        QTRY_VERIFY_WITH_TIMEOUT(page->flamePanel()->view()->tree() &&
                                     &page->flamePanel()->view()->tree()->stacks() ==
                                         page->shownCapture()->stacks.get(),
                                 kTimeoutMs);
        const CallTree &tree = *page->flamePanel()->view()->tree();
        bool found = false;
        for (uint32_t n = tree.firstChild(CallTree::kRoot); n < tree.childEnd(CallTree::kRoot);
             ++n) {
            if (tree.stacks().strings[tree.stacks().frames[tree.frame(n)].name] == "health") {
                found = true;
                QVERIFY(std::abs(double(tree.total(n)) - health) <= pprofRounding(text));
            }
        }
        QStringList roots;
        for (uint32_t n = tree.firstChild(CallTree::kRoot); n < tree.childEnd(CallTree::kRoot); ++n)
            roots << QString::fromStdString(tree.stacks().frameName(tree.frame(n)));
        QVERIFY2(found, qPrintable(roots.join(QLatin1Char(','))));

        // Label the leaves by route: a leaf frame per value takes all the flat cost, as
        // pprof's -tagleaf=route gives it; the rest is the samples without a route (a frame
        // with no name, which pprof prints as "<unknown>" and the window as "(no route)").
        page->transforms()->pop();
        waitApplied(*page);
        panel->tree()->setCurrentItem(panel->keyItem(QStringLiteral("route")));
        QVERIFY(panel->leavesButton()->isEnabled());
        panel->leavesButton()->click();
        waitApplied(*page);
        const std::map<std::string, QString> flat = pprofFlat(
            testData() + QStringLiteral("/pprof-refs/filters/kvworker-time-labels.76.cpu.txt.gz"));
        double leaves = 0;
        for (const std::string name : {"v1", "health"}) {
            QVERIFY2(flat.count(name), name.c_str());
            const QString &text = flat.at(name);
            QVERIFY2(std::abs(double(self(*page, name)) - pprofValue(text)) <= pprofRounding(text),
                     qPrintable(QStringLiteral("%1: %2 vs %3")
                                    .arg(QString::fromStdString(name))
                                    .arg(self(*page, name))
                                    .arg(text)));
            leaves += double(self(*page, name));
        }
        const QString &unknown = flat.at("<unknown>");
        QVERIFY(std::abs(double(shownSum(*page)) - leaves - pprofValue(unknown)) <=
                pprofRounding(unknown));
        QVERIFY(std::abs(double(self(*page, "(no route)")) - pprofValue(unknown)) <=
                pprofRounding(unknown));
        QCOMPARE(page->transformBar()->chips().size(), size_t(1));
    }

    void labelFilterAfterHidingPseudoFrames()
    {
        QVERIFY2(!sharedProfiles().isEmpty(), "run through ctest");
        auto page = openShared(QStringLiteral("real/node/kvworker-time-labels.pb.gz"), "cpu");
        // A transform first, then the pseudo-frames hidden: the transforms apply to that.
        page->transforms()->push(Transform{TransformKind::TagFocus, "route=health", {}, true});
        waitApplied(*page);
        page->setPseudoFramesHidden(true);
        QTRY_VERIFY_WITH_TIMEOUT(!page->isFiltering(), kTimeoutMs);
        waitApplied(*page);
        QCOMPARE(page->transforms()->failedIndex(), -1);
        QString text;
        const double expected = pprofShown(
            testData() +
                QStringLiteral("/pprof-refs/tags/kvworker-time-labels.cpu.health-ignore-v8.txt.gz"),
            &text);
        QVERIFY(expected > 0);
        QVERIFY2(std::abs(double(shownSum(*page)) - expected) <= pprofRounding(text),
                 qPrintable(QString::number(shownSum(*page))));
        // And shown again: pprof's -tagfocus=route=health alone.
        page->setPseudoFramesHidden(false);
        waitApplied(*page);
        QTRY_VERIFY_WITH_TIMEOUT(shownSum(*page) > int64_t(expected) + 1000000, kTimeoutMs);
        const double health = pprofShown(
            testData() + QStringLiteral("/pprof-refs/filters/kvworker-time-labels.46.cpu.txt.gz"),
            &text);
        QVERIFY(std::abs(double(shownSum(*page)) - health) <= pprofRounding(text));
    }

    void numericLabelRange()
    {
        QVERIFY2(!sharedProfiles().isEmpty(), "run through ctest");
        auto page = openShared(QStringLiteral("real/go/heap-cache.pb.gz"), "alloc_space");
        LabelsPanel *panel = page->labelsPanel();
        QTRY_VERIFY_WITH_TIMEOUT(panel->tree()->topLevelItemCount() > 0, kTimeoutMs);
        const auto tags =
            pprofTags(testData() + QStringLiteral("/pprof-refs/tags/heap-cache.alloc_space.txt"));
        comparePanel(panel, QStringLiteral("bytes"), tags.at(QStringLiteral("bytes")));
        QTreeWidgetItem *bytes = panel->keyItem(QStringLiteral("bytes"));
        QVERIFY2(bytes->text(0).contains(QStringLiteral("8B")) &&
                     bytes->text(0).contains(QStringLiteral("112kB")),
                 qPrintable(bytes->text(0)));

        // bytes=1kb, as pprof -tagfocus=bytes=1kb.
        QCOMPARE(panel->rangeKeyCombo()->currentText(), QStringLiteral("bytes"));
        panel->rangeEdit()->setText(QStringLiteral("1kb"));
        panel->rangeButton()->click();
        waitApplied(*page);
        QString text;
        const double expected = pprofShown(
            testData() + QStringLiteral("/pprof-refs/filters/heap-cache.29.alloc_space.txt.gz"),
            &text);
        QVERIFY(expected > 0);
        QVERIFY2(std::abs(double(shownSum(*page)) - expected) <= pprofRounding(text),
                 qPrintable(QString::number(shownSum(*page))));
    }

    // Not a test: with EMBERS_SCREENSHOT_DIR set, saves the guide's pictures there.
    void screenshots()
    {
        const QString dir = qEnvironmentVariable("EMBERS_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("EMBERS_SCREENSHOT_DIR not set");
        auto page = openShared(QStringLiteral("real/node/kvworker-time-labels.pb.gz"), "cpu");
        page->resize(1400, 900);
        TransformController *c = page->transforms();
        const StackTable &t = *page->capture()->stacks;
        auto pushNamed = [&](TransformKind kind, const char *name) {
            const uint32_t f = frameOf(t, name);
            QVERIFY2(f != StackTable::kNoFrame, name);
            c->push(Transform{kind, {}, {f}, true}, QString::fromLatin1(name));
            waitApplied(*page);
        };
        LabelsPanel *panel = page->labelsPanel();
        QTRY_VERIFY_WITH_TIMEOUT(panel->tree()->topLevelItemCount() > 0, kTimeoutMs);
        QTreeWidgetItem *route = panel->keyItem(QStringLiteral("route"));
        route->child(0)->setCheckState(0, Qt::Checked);
        panel->keepButton()->click();
        waitApplied(*page);
        pushNamed(TransformKind::MergeFunction, "exports.toJsonSafe");
        c->push(Transform{TransformKind::Ignore, "nosuchfunction", {}, true},
                QStringLiteral("nosuchfunction"));
        waitApplied(*page);
        pushNamed(TransformKind::FocusFunction, "module.exports.fetch");
        QTest::qWait(500);
        auto *lowerTabs = qobject_cast<QTabWidget *>(panel->parentWidget()->parentWidget());
        lowerTabs->setCurrentIndex(0);
        QTest::qWait(300);
        page->grab().save(dir + QStringLiteral("/guide-transforms.png"));
        auto *lower = qobject_cast<QTabWidget *>(panel->parentWidget()->parentWidget());
        lower->setCurrentWidget(panel);
        QTest::qWait(200);
        lower->grab().save(dir + QStringLiteral("/guide-labels.png"));

        c->popTo(0);
        waitApplied(*page);
        page->invertToggle()->setChecked(true);
        QTRY_VERIFY_WITH_TIMEOUT(page->isGraphInverted(), kTimeoutMs);
        auto *tabs = qobject_cast<QTabWidget *>(page->bottomUp()->parentWidget()->parentWidget());
        tabs->setCurrentWidget(page->bottomUp());
        QTest::qWait(800);
        page->bottomUp()->view()->expand(page->bottomUp()->model()->index(0, 0));
        QTest::qWait(200);
        page->grab().save(dir + QStringLiteral("/guide-inverted.png"));
    }

    void newerEditSupersedes()
    {
        auto l = load(handChecked());
        CapturePage &page = *l->page;
        QTRY_COMPARE_WITH_TIMEOUT(page.state(), CapturePage::State::Loaded, kTimeoutMs);
        page.setSampleType(SampleType(0)); // samples (cpu is the default, as the last type)
        TransformController *c = page.transforms();
        const uint32_t a = frameOf(*page.capture()->stacks, "a");
        const uint32_t cf = frameOf(*page.capture()->stacks, "c");
        // Three edits in a row, without waiting: only the last list is shown.
        c->push(Transform{TransformKind::DropFunction, {}, {cf}, true});
        c->push(Transform{TransformKind::MergeFunction, {}, {a}, true});
        c->setEnabled(0, false);
        waitApplied(page);
        QCOMPARE(shownSum(page), 31);
        QCOMPARE(total(page, "a"), -1);
        QCOMPARE(self(page, "c"), 14);
    }
};

QTEST_MAIN(TestTransformWidgets)
#include "tst_transformwidgets.moc"
