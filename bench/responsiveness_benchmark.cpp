// embers_responsiveness_benchmark: how long the GUI thread stops answering while the real
// window opens a large capture. Runs offscreen (QT_QPA_PLATFORM=offscreen unless set).
//
//   embers_responsiveness_benchmark [--rounds=3] [--settle-ms=1500] [--width=1600]
//                                   [--height=1000] [--trace] [--breakdown]
//                                   [--diff-with=NEW] FILE
//
// Each round opens FILE in a fresh MainWindow while a 1 ms timer on the GUI thread
// measures the gaps between its ticks: the largest gap is the longest stall a user
// would feel. Measuring runs from the open until `settle-ms` after the capture is shown
// (so the model handoff, the table's sort, the flame graph's layout and first paint are
// all inside). Then it switches to the next sample type and measures again until
// `settle-ms` later. Prints, per round and as medians: the largest stall, the 99th
// percentile gap, the load time (open -> capture shown), and the largest stall of the
// switch. Target: largest stall < 50 ms.
// Then it applies a transform as the window's menus do (focus on the widest function
// below the roots' widest child), and removes it again (pop), and measures each: the
// largest stall, and the time until the page shows the result.
// --trace also lists the events the GUI thread handled during the largest stall of the
// load and the slowest ones, by receiver and type, to find a stall; --breakdown times,
// on the GUI thread, each step the capture page takes when a loaded capture is handed
// to it.
// --diff-with=NEW also compares FILE (base) with NEW in a DiffView, as the comparison
// window does, and measures the largest stall from showing the view until the diff is
// shown and `settle-ms` later (the diff itself is computed off the GUI thread).
#include "StallMeter.h"

#include "CallerCalleeView.h"
#include "CapturePage.h"
#include "Comparison.h"
#include "DiffView.h"
#include "FlameLayout.h"
#include "FlamePanel.h"
#include "FreedMemory.h"
#include "FunctionTableModel.h"
#include "FunctionTableWidget.h"
#include "MainWindow.h"
#include "ProfileSummary.h"
#include "StackFilter.h"
#include "TransformController.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, size_t(p / 100.0 * double(v.size())))];
}

double median(std::vector<double> v)
{
    return percentile(std::move(v), 50);
}

// Times the steps of CapturePage::showCapture one by one, in fresh widgets.
void breakdown(const std::shared_ptr<const embers::Capture> &capture, QSize size)
{
    using namespace embers;
    const SampleType column = SampleType::defaultOf(*capture->stacks);
    QElapsedTimer t;
    auto step = [&](const char *what) {
        std::printf("    %7.1f ms  %s\n", double(t.nsecsElapsed()) / 1e6, what);
        t.restart();
    };
    std::printf("  hand-off steps (%zu frames, %zu tree nodes):\n", capture->stacks->frameCount(),
                capture->stacks->nodeCount());
    t.start();
    const FrameMask pseudo = StackFilter::v8PseudoFrames(*capture->stacks);
    if (StackFilter::anyStackThrough(*capture->stacks, pseudo))
        (void)StackFilter::totalThrough(*capture->stacks, pseudo);
    step("V8 pseudo-frames (StackFilter)");
    ProfileSummary summary;
    summary.setCapture(capture);
    step("summary");
    {
        FunctionTableModel model;
        model.sort(FunctionTableModel::SelfColumn, Qt::DescendingOrder);
        t.restart();
        model.setCapture(capture, column);
        step("function table model alone: rows, sort");
    }
    FunctionTableWidget table;
    table.resize(size);
    table.show();
    step("(function table widget created)");
    table.setCapture(capture, column);
    step("function table widget: model reset, sort, proxy, column widths");
    (void)table.grab();
    step("function table widget: first layout and paint");
    FlameLayout layout(capture->tree);
    step("flame layout: node weights (FlameLayout::setTree)");
    layout.layout(CallTree::kRoot, size.width());
    step("flame layout: layout of the whole tree");
    FlamePanel flame;
    flame.resize(size);
    flame.show();
    step("(flame panel created)");
    flame.showTree(capture->tree);
    step("flame panel: showTree");
    (void)flame.grab();
    step("flame panel: first paint");
    CallerCalleeView callers;
    callers.resize(size);
    callers.show();
    step("(caller/callee view created)");
    callers.setCapture(capture, column);
    step("caller/callee view: setCapture");
}

struct Round
{
    double largestStall = 0, p99 = 0, loadMs = 0;
    double stallAtMs = 0;                 // when the largest stall ended, from the open
    double stallEndMs = 0;                // the same on the application's clock
    double switchStall = 0;               // the largest stall when switching the sample type
    double applyStall = 0, applyMs = 0;   // a transform pushed: stall, time until shown
    double removeStall = 0, removeMs = 0; // and popped
    bool loaded = false;
    std::shared_ptr<const embers::Capture> capture;
};

Round runRound(TracingApplication &app, const QString &file, int settleMs, QSize size)
{
    Round round;
    embers::MainWindow window;
    window.resize(size);
    window.show();
    // Let the window settle before measuring.
    QElapsedTimer idle;
    idle.start();
    while (idle.elapsed() < 300)
        app.processEvents(QEventLoop::AllEvents, 50);

    const QElapsedTimer &clock = app.clock;
    StallMeter meter(clock);

    QEventLoop loop;
    QTimer settle;
    settle.setSingleShot(true);
    QObject::connect(&settle, &QTimer::timeout, &loop, &QEventLoop::quit);
    QTimer giveUp;
    giveUp.setSingleShot(true);
    QObject::connect(&giveUp, &QTimer::timeout, &loop, &QEventLoop::quit);
    giveUp.start(600000);

    app.events.clear();
    app.tracing = true;
    meter.start();
    const qint64 openedAt = clock.nsecsElapsed();
    window.openFiles({file});
    embers::CapturePage *page = window.currentCapturePage();
    auto settled = [&](embers::CapturePage::State state) {
        if (state == embers::CapturePage::State::Loading)
            return;
        round.loaded = state == embers::CapturePage::State::Loaded;
        round.loadMs = double(clock.nsecsElapsed() - openedAt) / 1e6;
        settle.start(settleMs);
    };
    QObject::connect(page, &embers::CapturePage::stateChanged, &loop, settled);
    if (page->state() != embers::CapturePage::State::Loading)
        settled(page->state());
    loop.exec();
    app.tracing = false;
    round.largestStall = meter.largest;
    round.stallEndMs = meter.largestEndMs;
    round.stallAtMs = meter.largestEndMs - double(openedAt) / 1e6;
    round.p99 = percentile(meter.gaps, 99);
    round.capture = page->capture();
    if (!round.loaded) {
        std::fprintf(stderr, "could not open %s: %s\n", qPrintable(file),
                     qPrintable(page->errorText()));
        return round;
    }
    // Then the user picks another sample type: the largest stall until it is shown.
    const int columns = int(round.capture->stacks->columnCount());
    if (columns > 1) {
        meter.reset();
        page->setSampleType(
            embers::SampleType((page->sampleType().column() + 1) % size_t(columns)));
        settle.start(settleMs);
        loop.exec();
        round.switchStall = meter.largest;
    }
    // A transform, then its removal: each until the page shows the result, then settled.
    auto measureEdit = [&](const std::function<void()> &edit, double *stall, double *ms) {
        double shownMs = -1;
        const qint64 start = clock.nsecsElapsed();
        auto shown = QObject::connect(page, &embers::CapturePage::shownCaptureChanged, &loop, [&] {
            shownMs = double(clock.nsecsElapsed() - start) / 1e6;
            settle.start(settleMs);
        });
        meter.reset();
        edit();
        loop.exec();
        QObject::disconnect(shown);
        *stall = meter.largest;
        *ms = shownMs;
    };
    const std::shared_ptr<const embers::CallTree> tree = page->shownCapture()->tree;
    const embers::StackTable &t = *page->shownCapture()->stacks;
    auto widestChild = [&](uint32_t node) {
        uint32_t best = embers::StackTable::kRoot;
        int64_t width = -1;
        for (uint32_t c = t.firstChild(node); c < t.childEnd(node); ++c) {
            const int64_t w = tree ? tree->weight(c) : 0;
            if (w > width) {
                width = w;
                best = c;
            }
        }
        return best;
    };
    const uint32_t node = widestChild(widestChild(embers::StackTable::kRoot));
    if (node != embers::StackTable::kRoot) {
        const uint32_t frame = t.nodeFrame(node) & embers::kFrameMask;
        embers::TransformController *transforms = page->transforms();
        double applyStall = 0, applyMs = 0, removeStall = 0, removeMs = 0;
        measureEdit(
            [&] {
                transforms->push(
                    embers::Transform{embers::TransformKind::FocusFunction, {}, {frame}, true});
            },
            &applyStall, &applyMs);
        measureEdit([&] { transforms->pop(); }, &removeStall, &removeMs);
        round.applyStall = applyStall;
        round.applyMs = applyMs;
        round.removeStall = removeStall;
        round.removeMs = removeMs;
    }
    meter.stop();
    return round;
}

// What the GUI thread did during the largest stall (ending at stallEndMs on the
// application's clock), then the slowest events.
void printTrace(const TracingApplication &app, double stallEndMs, double stall)
{
    std::printf("  during the largest stall:\n");
    for (const auto &e : app.events) {
        if (e.startMs + e.ms > stallEndMs - stall && e.startMs < stallEndMs)
            std::printf("    %7.1f ms  %s\n", e.ms, e.what.c_str());
    }
    auto slowest = app.events;
    std::sort(slowest.begin(), slowest.end(),
              [](const auto &a, const auto &b) { return a.ms > b.ms; });
    slowest.resize(std::min<size_t>(slowest.size(), 8));
    std::printf("  slowest events:\n");
    for (const auto &e : slowest)
        std::printf("    %7.1f ms  %s\n", e.ms, e.what.c_str());
}

// The largest stall while a DiffView of `comparison` computes and shows its first diff.
double diffViewStall(TracingApplication &app, std::shared_ptr<const embers::Comparison> comparison,
                     int settleMs, QSize size, bool trace)
{
    StallMeter meter(app.clock);
    QEventLoop loop;
    QTimer settle;
    settle.setSingleShot(true);
    QObject::connect(&settle, &QTimer::timeout, &loop, &QEventLoop::quit);
    app.events.clear();
    app.tracing = true;
    meter.start();
    embers::DiffView view(std::move(comparison));
    QObject::connect(&view, &embers::DiffView::diffShown, &loop, [&] { settle.start(settleMs); });
    view.resize(size);
    view.show();
    loop.exec();
    meter.stop();
    app.tracing = false;
    if (trace)
        printTrace(app, meter.largestEndMs, meter.largest);
    return meter.largest;
}

} // namespace

int main(int argc, char **argv)
{
    embers::keepFreedMemory(); // as the app does
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    int rounds = 3, settleMs = 1500, width = 1600, height = 1000;
    bool trace = false, showBreakdown = false;
    QString file, diffWith;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        auto value = [&](const char *prefix) -> const char * {
            return std::strncmp(a, prefix, std::strlen(prefix)) == 0 ? a + std::strlen(prefix)
                                                                     : nullptr;
        };
        if (const char *v = value("--rounds="))
            rounds = std::max(1, std::atoi(v));
        else if (const char *v = value("--settle-ms="))
            settleMs = std::atoi(v);
        else if (const char *v = value("--width="))
            width = std::atoi(v);
        else if (const char *v = value("--height="))
            height = std::atoi(v);
        else if (std::strcmp(a, "--trace") == 0)
            trace = true;
        else if (std::strcmp(a, "--breakdown") == 0)
            showBreakdown = true;
        else if (const char *v = value("--diff-with="))
            diffWith = QString::fromLocal8Bit(v);
        else if (a[0] != '-' && file.isEmpty())
            file = QString::fromLocal8Bit(a);
        else {
            std::fprintf(stderr,
                         "usage: %s [--rounds=3] [--settle-ms=1500] [--width=1600] "
                         "[--height=1000] [--trace] [--breakdown] [--diff-with=NEW] FILE\n",
                         argv[0]);
            return 2;
        }
    }
    if (file.isEmpty() || !QFileInfo(file).isFile()) {
        std::fprintf(stderr, "%s: no such file\n", qPrintable(file));
        return 2;
    }
    TracingApplication app(argc, argv);
    // Keep the user's settings (recent files, window layout) out of it.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("EmbersBenchmarks"));
    QCoreApplication::setApplicationName(QStringLiteral("responsiveness"));

    std::printf("%s, %.1f MB, %d rounds, %dx%d offscreen\n", qPrintable(file),
                double(QFileInfo(file).size()) / 1e6, rounds, width, height);
    std::vector<double> stalls, p99s, loads, switches, applies, applyStalls, removes, removeStalls,
        diffStalls;
    std::shared_ptr<const embers::Comparison> comparison;
    if (!diffWith.isEmpty()) {
        std::vector<std::shared_ptr<const embers::Capture>> captures;
        for (const QString &path : {file, diffWith}) {
            embers::OpenResult opened = embers::openCapture({path});
            if (!opened.capture) {
                std::fprintf(stderr, "%s\n", qPrintable(opened.error));
                return 1;
            }
            captures.push_back(opened.capture);
        }
        embers::ComparisonResult compared = embers::compareCaptures(captures);
        if (!compared.comparison) {
            std::fprintf(stderr, "%s\n", qPrintable(compared.error));
            return 1;
        }
        comparison = compared.comparison;
    }
    for (int r = 0; r < rounds; ++r) {
        Round round = runRound(app, file, settleMs, QSize(width, height));
        if (!round.loaded)
            return 1;
        std::printf("round %d: largest stall %.1f ms (ended %.0f ms after the open), "
                    "p99 gap %.2f ms, load %.0f ms; sample type switch: largest stall %.1f ms\n",
                    r + 1, round.largestStall, round.stallAtMs, round.p99, round.loadMs,
                    round.switchStall);
        std::printf("  transform: shown after %.0f ms, largest stall %.1f ms; removed: shown "
                    "after %.0f ms, largest stall %.1f ms\n",
                    round.applyMs, round.applyStall, round.removeMs, round.removeStall);
        if (trace)
            printTrace(app, round.stallEndMs, round.largestStall);
        if (showBreakdown && r == 0)
            breakdown(round.capture, QSize(width, height));
        if (comparison) {
            diffStalls.push_back(
                diffViewStall(app, comparison, settleMs, QSize(width, height), trace));
            std::printf("  diff view with %s: largest stall %.1f ms\n", qPrintable(diffWith),
                        diffStalls.back());
        }
        stalls.push_back(round.largestStall);
        p99s.push_back(round.p99);
        loads.push_back(round.loadMs);
        switches.push_back(round.switchStall);
        applies.push_back(round.applyMs);
        applyStalls.push_back(round.applyStall);
        removes.push_back(round.removeMs);
        removeStalls.push_back(round.removeStall);
    }
    const double stall = median(stalls);
    std::printf("median: largest stall %.1f ms, p99 gap %.2f ms, load %.0f ms, sample type "
                "switch stall %.1f ms (target: largest stall < 50 ms: %s)\n",
                stall, median(p99s), median(loads), median(switches),
                stall < 50 ? "met" : "NOT met");
    std::printf("median: transform shown after %.0f ms (largest stall %.1f ms), removed after "
                "%.0f ms (largest stall %.1f ms)\n",
                median(applies), median(applyStalls), median(removes), median(removeStalls));
    if (!diffStalls.empty())
        std::printf("median: diff view largest stall %.1f ms\n", median(diffStalls));
    return 0;
}
