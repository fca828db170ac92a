// embers_paint_benchmark: how fast the flame graph lays out, paints and hit-tests on a
// given profile. Runs offscreen (QT_QPA_PLATFORM=offscreen unless set).
//
//   embers_paint_benchmark [--width=1920] [--height=1080] [--rounds=60] [--dpr=1]
//                          [--flame] [--dark] [--package-colors] [--search=PATTERN]
//                          [--png=OUT.png] [--svg=OUT.svg] [--viewport-png=OUT.png] FILE...
//
// --png and --svg export the whole graph; --viewport-png saves the viewport as painted on
// screen, with the widest frame at depth 3 selected.
// Prints the median paint time of the whole viewport (warm caches, as repaints are),
// the first (cold) paint, the median hit-test time, and the time to switch focus
// (a re-layout) to a few frames and back to the root. Targets: paint <= 8 ms,
// hit test < 0.1 ms, focus switch < 50 ms.
#include "Capture.h"
#include "FlameGraphExport.h"
#include "FlameGraphView.h"
#include "FreedMemory.h"

#include <QApplication>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <QStyleFactory>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double ms(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration<double, std::milli>(b - a).count();
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

double maximum(const std::vector<double> &v)
{
    return v.empty() ? 0 : *std::max_element(v.begin(), v.end());
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(37, 37, 38));
    p.setColor(QPalette::WindowText, QColor(220, 220, 220));
    p.setColor(QPalette::Base, QColor(30, 30, 30));
    p.setColor(QPalette::Text, QColor(220, 220, 220));
    p.setColor(QPalette::PlaceholderText, QColor(140, 140, 140));
    p.setColor(QPalette::Highlight, QColor(42, 130, 218));
    p.setColor(QPalette::HighlightedText, Qt::white);
    return p;
}

} // namespace

int main(int argc, char **argv)
{
    embers::keepFreedMemory(); // as the app does
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));

    int width = 1920, height = 1080, rounds = 60;
    double dpr = 1.0;
    bool flame = false, dark = false, packageColors = false;
    QString png, svg, search, shot;
    QStringList files;
    const QStringList args = app.arguments().mid(1);
    for (const QString &a : args) {
        auto value = [&a] { return a.section(QLatin1Char('='), 1); };
        if (a.startsWith(QLatin1String("--width=")))
            width = value().toInt();
        else if (a.startsWith(QLatin1String("--height=")))
            height = value().toInt();
        else if (a.startsWith(QLatin1String("--rounds=")))
            rounds = std::max(1, value().toInt());
        else if (a.startsWith(QLatin1String("--dpr=")))
            dpr = value().toDouble();
        else if (a == QLatin1String("--flame"))
            flame = true;
        else if (a == QLatin1String("--dark"))
            dark = true;
        else if (a == QLatin1String("--package-colors"))
            packageColors = true;
        else if (a.startsWith(QLatin1String("--search=")))
            search = value();
        else if (a.startsWith(QLatin1String("--png=")))
            png = value();
        else if (a.startsWith(QLatin1String("--svg=")))
            svg = value();
        else if (a.startsWith(QLatin1String("--viewport-png=")))
            shot = value();
        else if (a.startsWith(QLatin1String("--")))
            return std::fprintf(stderr, "unknown option %s\n", qPrintable(a)), 2;
        else
            files << a;
    }
    if (files.isEmpty() || width <= 0 || height <= 0) {
        std::fprintf(stderr, "usage: embers_paint_benchmark [--width=W] [--height=H] [--rounds=N] "
                             "[--dpr=R] [--flame] [--dark] [--package-colors] [--search=P] "
                             "[--png=OUT] [--svg=OUT] [--viewport-png=OUT] FILE...\n");
        return 2;
    }

    auto t0 = Clock::now();
    embers::OpenResult opened = embers::openCapture(files);
    auto t1 = Clock::now();
    if (!opened.capture || !opened.capture->tree) {
        std::fprintf(stderr, "%s\n", qPrintable(opened.error));
        return 1;
    }
    const auto &tree = opened.capture->tree;
    std::printf("profile: %s\n", qPrintable(files.join(QLatin1Char(' '))));
    std::printf("  open: %.0f ms, %zu nodes, %zu frames, %zu stacks\n", ms(t0, t1),
                tree->nodeCount(), tree->stacks().frameCount(), tree->stacks().stackCount());

    embers::FlameGraphView view;
    if (dark)
        view.setPalette(darkPalette());
    if (flame)
        view.setOrientation(embers::FlameGraphView::Orientation::Flame);
    if (packageColors)
        view.setColorMode(embers::colors::ColorMode::Package);
    view.show();
    // Make the viewport exactly width x height.
    const int sb = view.verticalScrollBar()->sizeHint().width();
    view.resize(width + sb, height);
    QApplication::processEvents();

    t0 = Clock::now();
    view.setTree(tree);
    t1 = Clock::now();
    std::printf("  setTree (weights + layout): %.1f ms; viewport %dx%d, %zu rows, %zu boxes\n",
                ms(t0, t1), view.viewport()->width(), view.viewport()->height(),
                view.layout().rowCount(), view.layout().boxCount());
    if (!search.isEmpty()) {
        t0 = Clock::now();
        view.setSearch(search, false);
        t1 = Clock::now();
        std::printf("  search \"%s\": %.1f ms, matched %.2f%%, %zu frames\n", qPrintable(search),
                    ms(t0, t1), view.currentSearch().matchedPercent,
                    view.currentSearch().matchedFrames);
    }

    // Paint the viewport into a QImage, as a repaint does.
    QImage image(QSize(int(width * dpr), int(height * dpr)), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(dpr);
    auto paintOnce = [&] {
        auto a = Clock::now();
        view.viewport()->render(&image);
        return ms(a, Clock::now());
    };
    const double cold = paintOnce();
    std::vector<double> paints;
    for (int i = 0; i < rounds; ++i)
        paints.push_back(paintOnce());
    std::printf("  paint %dx%d: median %.2f ms, max %.2f ms, first (cold caches) %.2f ms\n", width,
                height, median(paints), maximum(paints), cold);

    // Hit tests at random points of the viewport.
    std::mt19937 rng(42);
    std::uniform_real_distribution<double> rx(0, view.viewport()->width() - 1);
    std::uniform_real_distribution<double> ry(0, view.viewport()->height() - 1);
    std::vector<double> hits;
    size_t found = 0;
    for (int i = 0; i < 20000; ++i) {
        const QPointF p(rx(rng), ry(rng));
        auto a = Clock::now();
        const quint32 node = view.nodeAt(p);
        hits.push_back(ms(a, Clock::now()));
        found += node != embers::FlameGraphView::kNoNode;
    }
    std::printf("  hit test: median %.4f ms, max %.4f ms (%zu of %zu points on a box)\n",
                median(hits), maximum(hits), found, hits.size());

    // Focus switches: the widest box at several depths, then back to the root.
    std::vector<double> focus;
    double toRoot = 0;
    const size_t rows = view.layout().rowCount();
    std::vector<quint32> targets;
    for (size_t depth : {size_t(1), size_t(2), size_t(3), size_t(5), size_t(8), size_t(12)}) {
        if (depth < rows && !view.layout().row(depth).empty())
            targets.push_back(view.layout().row(depth)[0].node);
    }
    // A few random visible boxes too.
    std::uniform_int_distribution<size_t> rb(0, view.layout().boxCount() - 1);
    for (int i = 0; i < 6; ++i) {
        const embers::FlameBox &b = view.layout().boxes()[rb(rng)];
        if (!b.others)
            targets.push_back(b.node);
    }
    for (quint32 node : targets) {
        auto a = Clock::now();
        view.setFocusNode(node);
        focus.push_back(ms(a, Clock::now()));
        a = Clock::now();
        view.resetFocus();
        toRoot = std::max(toRoot, ms(a, Clock::now()));
    }
    std::printf("  focus switch (re-layout): median %.2f ms, max %.2f ms over %zu frames; "
                "back to root: max %.2f ms\n",
                median(focus), maximum(focus), focus.size(), toRoot);

    // Ctrl+wheel zoom: each step lays out again at the zoomed width.
    std::vector<double> zooms;
    double worstZoom = 0, worstAt = 1;
    while (view.zoom() < 1000) {
        auto a = Clock::now();
        view.zoomBy(1.25, view.viewport()->width() / 3.0);
        const double t = ms(a, Clock::now());
        zooms.push_back(t);
        if (t > worstZoom)
            worstZoom = t, worstAt = view.zoom();
    }
    std::vector<double> zoomedPaints;
    for (int i = 0; i < std::max(3, rounds / 4); ++i)
        zoomedPaints.push_back(paintOnce());
    std::printf("  zoom step (re-layout): median %.2f ms, max %.2f ms (at x%.0f, %zu boxes at "
                "x%.0f); paint zoomed: median %.2f ms\n",
                median(zooms), worstZoom, worstAt, view.layout().boxCount(), view.zoom(),
                median(zoomedPaints));
    view.resetZoom();

    if (!png.isEmpty()) {
        const QImage shot = embers::flameGraphImage(view, QSize(width, 0), dpr);
        if (!shot.save(png))
            return std::fprintf(stderr, "cannot write %s\n", qPrintable(png)), 1;
        std::printf("  wrote %s (%dx%d)\n", qPrintable(png), shot.width(), shot.height());
    }
    if (!svg.isEmpty()) {
        QFile f(svg);
        if (!f.open(QIODevice::WriteOnly) || !embers::writeFlameGraphSvg(view, &f, width))
            return std::fprintf(stderr, "cannot write %s\n", qPrintable(svg)), 1;
        std::printf("  wrote %s\n", qPrintable(svg));
    }
    if (!shot.isEmpty()) {
        if (view.layout().rowCount() > 3 && !view.layout().row(3).empty())
            view.setSelectedNode(view.layout().row(3)[0].node);
        view.setFocus();
        if (!view.viewport()->grab().save(shot))
            return std::fprintf(stderr, "cannot write %s\n", qPrintable(shot)), 1;
        std::printf("  wrote %s\n", qPrintable(shot));
    }
    return 0;
}
