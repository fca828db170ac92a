// The source pane on a large file: a generated Go file of 100,000 lines and a profile with
// costs on 5,000 of them, opened in a real capture page. Prints the time from Show Source
// to the first paint of the costed lines, the GUI thread's longest stall meanwhile (the
// file is read, its highlighting states found and the lines' costs summed off the GUI
// thread), the same in a diff of two such captures (before, after and the change per
// line), the worst frame while paging through the whole file, and, as the baseline of the
// same run, the time to read the file's bytes.
//   embers_source_benchmark [LINES] [COSTLY]
#include "CapturePage.h"
#include "Comparison.h"
#include "DiffView.h"
#include "LineCosts.h"
#include "SourcePane.h"
#include "SourceText.h"
#include "SourceTokens.h"
#include "SourceView.h"
#include "StallMeter.h"

#include "../tests/ProfileBuilder.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QScrollBar>
#include <QTemporaryDir>

#include <cstdio>

using namespace embers;
using embers::test::ProfileBuilder;

int main(int argc, char **argv)
{
    TracingApplication app(argc, argv);
    const int lines = argc > 1 ? std::atoi(argv[1]) : 100000;
    const int costly = argc > 2 ? std::atoi(argv[2]) : 5000;
    QTemporaryDir tmp;
    const QString source = tmp.path() + QStringLiteral("/big.go");
    {
        QByteArray text = "package big\n";
        for (int i = 2; i <= lines; ++i)
            text += "\tx" + QByteArray::number(i) + " := compute(\"line\", " +
                    QByteArray::number(i * 7) + ") /* work */ + other(x)\n";
        QFile f(source);
        if (!f.open(QIODevice::WriteOnly))
            return 1;
        f.write(text);
    }
    // One function per 50 lines; costs on every (lines / costly)-th line, under main. The
    // "after" capture of the diff costs twice as much on every third line.
    auto writeProfile = [&](const QString &name, bool after) {
        ProfileBuilder b;
        b.sampleType("cpu", "nanoseconds");
        const uint64_t root = b.location({{"main.main", 1}}, source.toStdString());
        const int step = std::max(1, lines / costly);
        for (int line = 2, n = 0; line <= lines && n < costly; line += step, ++n) {
            const std::string fn = "big.f" + std::to_string(line / 50);
            const uint64_t loc = b.location({{fn, line}}, source.toStdString());
            const int64_t factor = after && n % 3 == 0 ? 2 : 1;
            b.sampleIds({loc, root}, {factor * int64_t(1000000) * (1 + n % 17)});
        }
        const QString path = tmp.path() + QLatin1Char('/') + name;
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(b.gzip()) < 0)
            return QString();
        return path;
    };
    const QString profile = writeProfile(QStringLiteral("big.pb.gz"), false);
    const QString afterProfile = writeProfile(QStringLiteral("big-after.pb.gz"), true);
    if (profile.isEmpty() || afterProfile.isEmpty())
        return 1;

    QElapsedTimer clock;
    clock.start();
    QFile raw(source);
    if (!raw.open(QIODevice::ReadOnly))
        return 1;
    const QByteArray bytes = raw.readAll();
    const double readMs = double(clock.nsecsElapsed()) / 1e6;

    CapturePage page({profile});
    page.resize(1400, 900);
    page.show();
    page.load();
    while (page.state() == CapturePage::State::Loading)
        app.processEvents(QEventLoop::WaitForMoreEvents, 50);
    if (page.state() != CapturePage::State::Loaded)
        return 1;
    const StackTable &t = *page.shownCapture()->stacks;
    uint32_t frame = 0;
    for (uint32_t f = 0; f < t.frameCount(); ++f) {
        if (t.strings[t.frames[f].name] == "big.f1000")
            frame = f;
    }
    SourcePane *pane = page.sourcePane();
    SourceView *view = pane->view();
    StallMeter stalls(app.clock);
    bool shown = false;
    double firstPaintMs = 0;
    QObject::connect(pane, &SourcePane::sourceShown, [&] {
        view->viewport()->repaint();
        firstPaintMs = double(app.clock.nsecsElapsed()) / 1e6;
        shown = true;
    });
    double warmest = 1e9;
    for (int round = 0; round < 3; ++round) {
        shown = false;
        stalls.start();
        const double start = double(app.clock.nsecsElapsed()) / 1e6;
        page.showSource(frame);
        while (!shown)
            app.processEvents(QEventLoop::WaitForMoreEvents, 5);
        stalls.stop();
        if (round > 0)
            warmest = std::min(warmest, firstPaintMs - start);
        std::printf("round %d: Show Source to first paint %.1f ms, longest GUI stall %.1f ms "
                    "(%s, %d lines, %zu costly)\n",
                    round + 1, firstPaintMs - start, stalls.largest,
                    round == 0 ? "lines table built" : "lines table reused",
                    view->costs().fileLines.empty() ? 0 : int(view->costs().fileLines.back().line),
                    view->costs().fileLines.size());
    }
    // The same in a diff: both captures at lines granularity on one table (built in the
    // first round, reused after), each line before, after and the change.
    {
        const std::shared_ptr<const Capture> base = page.capture();
        CapturePage afterPage({afterProfile});
        afterPage.load();
        while (afterPage.state() == CapturePage::State::Loading)
            app.processEvents(QEventLoop::WaitForMoreEvents, 50);
        ComparisonResult compared = compareCaptures({base, afterPage.capture()});
        if (!compared.comparison)
            return 1;
        const StackTable &ct = *compared.comparison->stacks;
        uint32_t diffFrame = 0;
        for (uint32_t f = 0; f < ct.frameCount(); ++f) {
            if (ct.strings[ct.frames[f].name] == "big.f1000")
                diffFrame = f;
        }
        DiffView diff(compared.comparison);
        diff.resize(1400, 900);
        diff.show();
        while (diff.isBusy())
            app.processEvents(QEventLoop::WaitForMoreEvents, 5);
        SourceView *diffView = diff.sourcePane()->view();
        QObject::connect(diff.sourcePane(), &SourcePane::sourceShown, [&] {
            diffView->viewport()->repaint();
            firstPaintMs = double(app.clock.nsecsElapsed()) / 1e6;
            shown = true;
        });
        for (int round = 0; round < 3; ++round) {
            shown = false;
            stalls.start();
            const double start = double(app.clock.nsecsElapsed()) / 1e6;
            diff.showSource(diffFrame);
            while (!shown)
                app.processEvents(QEventLoop::WaitForMoreEvents, 5);
            stalls.stop();
            std::printf("diff round %d: Show Source to first paint %.1f ms, longest GUI stall "
                        "%.1f ms (%s, %zu lines before/after)\n",
                        round + 1, firstPaintMs - start, stalls.largest,
                        round == 0 ? "both captures regranulated and compared"
                                   : "lines comparison reused",
                        diffView->costs().fileLines.size());
        }
    }
    // Paging through the whole file, a frame per page.
    double worst = 0;
    QScrollBar *bar = view->verticalScrollBar();
    bar->setValue(0);
    int pages = 0;
    while (bar->value() < bar->maximum()) {
        const qint64 t0 = app.clock.nsecsElapsed();
        bar->triggerAction(QAbstractSlider::SliderPageStepAdd);
        view->viewport()->repaint();
        worst = std::max(worst, double(app.clock.nsecsElapsed() - t0) / 1e6);
        ++pages;
    }
    std::printf("paging: %d pages, worst frame %.1f ms\n", pages, worst);
    // Where the time goes, off the GUI thread.
    {
        QElapsedTimer part;
        part.start();
        const SourceText text = readSourceText(source);
        const double readText = double(part.nsecsElapsed()) / 1e6;
        part.restart();
        const std::vector<SourceLineState> states = lineEntryStates(text, SourceLanguage::Go);
        const double scan = double(part.nsecsElapsed()) / 1e6;
        part.restart();
        const std::shared_ptr<const Capture> c = page.capture();
        const SourceFileCosts costs =
            sourceFileCosts(*c->stacks, *c->functions, 0, "big.f1000", source.toStdString());
        std::printf("parts: read and split %.1f ms, highlighting states %.1f ms, line costs "
                    "%.1f ms (%zu lines)\n",
                    readText, scan, double(part.nsecsElapsed()) / 1e6, costs.fileLines.size());
    }
    std::printf("baseline: reading the file's %.1f MB took %.1f ms\n", double(bytes.size()) / 1e6,
                readMs);
    std::printf("ratio: first paint (lines table reused) / reading the file = %.1f\n",
                warmest / readMs);
    return 0;
}
