// embers_page_benchmark: the shareable web page of a capture, as a user gets it.
//
//   embers_page_benchmark [--rounds=N] [--embers=PATH] FILE
//
// Prints, each the median of N rounds (default 3):
// - the page's size ÷ FILE's size (the gzip'd pprof the page replaces);
// - `embers --export=PAGE.html FILE` ÷ `embers --top --nodecount=1 FILE` (opening it and
//   one table: what exporting adds to opening);
// - in headless Chromium, from navigation to the page interactive (graph drawn, table
//   filled: data-ready; a big capture's from an overview) and to every box drawn, against an empty
//   page in the same kind of new browser (whose start, processes and fonts, every page pays once),
//   and the time of a click that focuses the widest box below the root and of a search typed into
//   the box, each until the page has drawn it.
// The README's figure: a 1M-sample capture,
//   embers_generate_profile --samples=1000000 --out=/tmp/big.pb.gz
#include "BrowserPage.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <vector>

using embers::test::BrowserPage;

namespace {

double run(const QString &embers, const QStringList &arguments)
{
    QProcess p;
    p.setStandardOutputFile(QProcess::nullDevice());
    QElapsedTimer timer;
    timer.start();
    p.start(embers, arguments);
    if (!p.waitForFinished(-1) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        std::fprintf(stderr, "embers %s failed: %s\n", qPrintable(arguments.join(u' ')),
                     p.readAllStandardError().constData());
        std::exit(1);
    }
    return double(timer.nsecsElapsed()) * 1e-9;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Milliseconds the page takes for `action` until its next frame is drawn.
double timed(BrowserPage &browser, const QString &action)
{
    return browser
        .evaluate(QStringLiteral("(async () => { const t = performance.now(); %1; "
                                 "await new Promise(r => requestAnimationFrame(() => "
                                 "setTimeout(r, 0))); return performance.now() - t; })()")
                      .arg(action))
        .toDouble();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    int rounds = 3;
    QString embers = QCoreApplication::applicationDirPath() + QStringLiteral("/../app/embers");
    QString file;
    for (const QString &a : app.arguments().mid(1)) {
        if (a.startsWith(QLatin1String("--rounds=")))
            rounds = std::max(1, a.mid(9).toInt());
        else if (a.startsWith(QLatin1String("--embers=")))
            embers = a.mid(9);
        else
            file = a;
    }
    if (file.isEmpty()) {
        std::fprintf(stderr, "usage: embers_page_benchmark [--rounds=N] [--embers=PATH] FILE\n");
        return 2;
    }
    QTemporaryDir dir;
    const QString page = dir.filePath(QStringLiteral("page.html"));
    // What any page costs in a browser started for it (its processes, fonts): an empty one.
    const QString empty = dir.filePath(QStringLiteral("empty.html"));
    {
        QFile out(empty);
        if (!out.open(QIODevice::WriteOnly))
            return 1;
        out.write("<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body><p>Empty</p>"
                  "<script>document.body.dataset.ready = Math.round(performance.now());</script>"
                  "</body></html>");
    }
    std::vector<double> exported, opened, ready, complete, emptyReady, click, search;
    QString stages;
    for (int round = 0; round < rounds; ++round) {
        opened.push_back(
            run(embers, {QStringLiteral("--top"), QStringLiteral("--nodecount=1"), file}));
        exported.push_back(run(embers, {QStringLiteral("--export=") + page, file}));
        QString error;
        {
            BrowserPage browser;
            if (!browser.open(QUrl::fromLocalFile(empty), &error) ||
                !browser.waitUntil(QStringLiteral("document.body.dataset.ready !== undefined"))) {
                std::fprintf(stderr, "the empty page: %s\n", qPrintable(error));
                return 1;
            }
            emptyReady.push_back(
                browser.evaluate(QStringLiteral("Number(document.body.dataset.ready)")).toDouble());
        }
        BrowserPage browser;
        if (!browser.open(QUrl::fromLocalFile(page), &error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        if (!browser.waitUntil(QStringLiteral("document.body.dataset.complete !== undefined"),
                               120000)) {
            std::fprintf(stderr, "the page did not get ready\n");
            return 1;
        }
        ready.push_back(
            browser.evaluate(QStringLiteral("Number(document.body.dataset.ready)")).toDouble());
        complete.push_back(
            browser.evaluate(QStringLiteral("Number(document.body.dataset.complete)")).toDouble());
        stages = browser
                     .evaluate(QStringLiteral("performance.getEntriesByType('mark').map(m => "
                                              "m.name + ' ' + Math.round(m.startTime)).join(', ')"))
                     .toString();
        click.push_back(timed(
            browser,
            QStringLiteral(
                "const b = embersPage.boxes().filter(b => b.y > 0).sort((a, b) => b.width - "
                "a.width)[0];"
                " const r = document.getElementById('graph').getBoundingClientRect();"
                " document.getElementById('graph').dispatchEvent(new MouseEvent('click', {clientX: "
                "r.left + b.x + b.width / 2, clientY: r.top + b.y + 5, bubbles: true}))")));
        search.push_back(
            timed(browser,
                  QStringLiteral("const s = document.getElementById('search'); s.value = 'a'; "
                                 "s.dispatchEvent(new Event('input')); await new Promise(r => "
                                 "setTimeout(r, 130))")) -
            130);
    }
    const double pageBytes = double(QFileInfo(page).size());
    const double fileBytes = double(QFileInfo(file).size());
    std::printf("page: %.1f MB for a %.1f MB file: %.2f x its size\n", pageBytes / 1e6,
                fileBytes / 1e6, pageBytes / fileBytes);
    std::printf("export: %.2f s, %.2f x opening it (--top: %.2f s)\n", median(exported),
                median(exported) / median(opened), median(opened));
    std::printf("chromium: ready %.0f ms after navigation, %.0f ms more than an empty page in the "
                "same new browser (%.0f ms)\n",
                median(ready), median(ready) - median(emptyReady), median(emptyReady));
    std::printf("chromium: every box drawn (a big capture's page draws an overview first) %.0f ms "
                "after navigation\n",
                median(complete));
    std::printf(
        "chromium: a click that focuses: %.0f ms; a search for 'a': %.0f ms (medians of %d)\n",
        median(click), median(search), rounds);
    std::printf("the page's stages (ms from navigation, last round): %s\n", qPrintable(stages));
    return 0;
}
