// Source maps and export in the window (offscreen): maps found beside a capture's script
// are offered, dropped maps are applied off the GUI thread, the page shows the original
// functions with the totals Mozilla's source-map library computes
// (tests/data/sourcemap/expected.js), Undo brings the capture back, bad maps give a
// message naming the file, approximate remaps say so in the flame graph's tooltip, and
// File > Export writes what the page shows, never over an input. Also --watch=DIR.
#include "CaptureExport.h"
#include "CapturePage.h"
#include "CommandLine.h"
#include "ElidedLabel.h"
#include "FlameGraphView.h"
#include "FlamePanel.h"
#include "HeadlessCommands.h"
#include "MainWindow.h"
#include "SourceMapBar.h"
#include "SourceMapController.h"
#include "SourcePane.h"
#include "SourceView.h"
#include "TestData.h"
#include "WatchedFolder.h"

#include <QApplication>
#include <QFrame>
#include <QLabel>
#include <QMimeData>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>

#include <map>

using namespace embers;

namespace {

constexpr int kTimeoutMs = 60000;

QString example(const QString &name)
{
    return test::testData() + QStringLiteral("/sourcemap/") + name;
}

// The example's .cpuprofile with its script moved to `dir` (V8 records absolute URLs),
// columns dropped when `lineOnly`, so that the maps beside it can be found.
QString relocatedCapture(const QTemporaryDir &dir, bool lineOnly = false)
{
    QByteArray json = test::readText(example(QStringLiteral("worker-min.cpuprofile")));
    const QRegularExpression url(QStringLiteral("file://[^\"]*/worker\\.min\\.js"));
    QString text = QString::fromUtf8(json);
    text.replace(url,
                 QUrl::fromLocalFile(dir.filePath(QStringLiteral("worker.min.js"))).toString());
    if (lineOnly)
        text.replace(QRegularExpression(QStringLiteral("\"columnNumber\":\\d+")),
                     QStringLiteral("\"columnNumber\":-1"));
    const QString path = dir.filePath(lineOnly ? QStringLiteral("lines.cpuprofile")
                                               : QStringLiteral("w.cpuprofile"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(text.toUtf8());
    return path;
}

void copyBundle(const QTemporaryDir &dir, bool withMap)
{
    QFile::copy(example(QStringLiteral("dist/worker.min.js")),
                dir.filePath(QStringLiteral("worker.min.js")));
    if (withMap)
        QFile::copy(example(QStringLiteral("dist/worker.min.js.map")),
                    dir.filePath(QStringLiteral("worker.min.js.map")));
}

CapturePage *openAndWait(MainWindow &window, const QString &path)
{
    window.openFiles({path});
    CapturePage *page = window.currentCapturePage();
    if (!page)
        return nullptr;
    if (!QTest::qWaitFor([&] { return page->state() == CapturePage::State::Loaded; }, kTimeoutMs))
        return nullptr;
    return page;
}

// flat/cum per frame name in the sample/count column of what the page shows.
std::map<QString, std::pair<int64_t, int64_t>> shownTotals(const CapturePage *page)
{
    const Capture &c = *page->shownCapture();
    const StackTable &t = *c.stacks;
    std::string error;
    const size_t column = size_t(t.columnByName("sample", &error));
    std::map<QString, std::pair<int64_t, int64_t>> out;
    for (uint32_t f = 0; f < t.frameCount(); ++f) {
        auto &row = out[QString::fromStdString(t.strings[t.frames[f].name])];
        row.first += c.functions->flat(f, column);
        row.second = std::max(row.second, c.functions->cum(f, column));
    }
    return out;
}

std::map<QString, std::pair<int64_t, int64_t>> expectedTotals()
{
    std::map<QString, std::pair<int64_t, int64_t>> rows;
    const QList<QByteArray> lines =
        test::readText(example(QStringLiteral("expected-worker-min.tsv"))).split('\n');
    for (const QByteArray &line : lines) {
        const QList<QByteArray> f = line.split('\t');
        if (f.size() == 3)
            rows[QString::fromUtf8(f[2])] = {f[0].toLongLong(), f[1].toLongLong()};
    }
    return rows;
}

bool drop(MainWindow &window, const QStringList &paths)
{
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString &p : paths)
        urls << QUrl::fromLocalFile(p);
    mime.setUrls(urls);
    const QPoint centre = window.rect().center();
    QDragEnterEvent enter(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    enter.setAccepted(false);
    QApplication::sendEvent(&window, &enter);
    if (!enter.isAccepted())
        return false;
    QDropEvent event(QPointF(centre), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    event.setAccepted(false);
    QApplication::sendEvent(&window, &event);
    return event.isAccepted();
}

} // namespace

class TestSourceMapWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("EmbersTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_sourcemapwindow"));
        QSettings().clear();
    }

    void offersMapBesideScriptAndUndoes()
    {
        QTemporaryDir dir;
        copyBundle(dir, true);
        MainWindow window;
        window.resize(1200, 800);
        window.show();
        CapturePage *page = openAndWait(window, relocatedCapture(dir));
        QVERIFY(page);
        SourceMapController *maps = page->sourceMaps();
        QVERIFY(maps);
        // Offered, not applied: the page still shows the minified names.
        QTRY_COMPARE(maps->state(), SourceMapController::State::Offering);
        QCOMPARE(maps->offeredMaps(), QStringList{dir.filePath("worker.min.js.map")});
        QVERIFY(page->sourceMapBar()->isVisible());
        QVERIFY(maps->barText().contains(QLatin1String("worker.min.js.map")));
        const std::shared_ptr<const Capture> original = page->capture();
        QVERIFY(shownTotals(page).count(QStringLiteral("a"))); // minified handleRequest

        // The user's sample type stays across the remap.
        std::string why;
        const int sampleColumn = original->stacks->columnByName("sample", &why);
        QVERIFY(sampleColumn >= 0 && SampleType(sampleColumn) != page->sampleType());
        page->setSampleType(SampleType(sampleColumn));

        maps->apply(maps->offeredMaps());
        QCOMPARE(maps->state(), SourceMapController::State::Applying);
        QTRY_COMPARE_WITH_TIMEOUT(maps->state(), SourceMapController::State::Remapped, kTimeoutMs);
        QCOMPARE(page->sampleType(), SampleType(sampleColumn));
        QVERIFY(page->capture() != original);
        QCOMPARE(maps->stats().approximate, 0);
        QVERIFY2(
            maps->barText().startsWith(
                QStringLiteral("Source maps: %1 frames remapped, 0 approximate (worker.min.js.map)")
                    .arg(maps->stats().framesRemapped)),
            qPrintable(maps->barText()));
        const auto shown = shownTotals(page);
        for (const auto &[name, totals] : expectedTotals()) {
            QVERIFY2(shown.count(name), qPrintable(name));
            QCOMPARE(shown.at(name), totals);
        }
        QVERIFY(!shown.count(QStringLiteral("a")));

        if (const QString shots = qEnvironmentVariable("EMBERS_SCREENSHOT_DIR"); !shots.isEmpty()) {
            QTest::qWait(300);
            window.grab().save(shots + QStringLiteral("/sourcemap-remapped.png"));
        }

        maps->undo();
        QCOMPARE(maps->state(), SourceMapController::State::Original);
        QCOMPARE(page->capture(), original);
        QCOMPARE(page->sampleType(), SampleType(sampleColumn));
        QTest::qWait(200); // the page's deferred steps: the map is not offered again
        QCOMPARE(maps->state(), SourceMapController::State::Original);
        QVERIFY(!page->sourceMapBar()->isVisible());
        QVERIFY(shownTotals(page).count(QStringLiteral("a")));
    }

    // Show Source on a remapped function reads the original TypeScript from the map's
    // sourcesContent: the bundle's folder has no src/ beside it.
    void showSourceReadsTheMapsSourcesContent()
    {
        // In a folder of the test's own: nothing is beside the bundle's folder, so no
        // src/hash.ts there can be read from disk instead.
        QTemporaryDir outer;
        QTemporaryDir dir(outer.filePath(QStringLiteral("bundle-XXXXXX")));
        QVERIFY(outer.isValid() && dir.isValid());
        copyBundle(dir, true);
        const QString onDisk = QDir::cleanPath(dir.path() + QStringLiteral("/../src/hash.ts"));
        QVERIFY(!QFileInfo::exists(onDisk));
        MainWindow window;
        window.resize(1200, 800);
        window.show();
        CapturePage *page = openAndWait(window, relocatedCapture(dir));
        QVERIFY(page);
        SourceMapController *maps = page->sourceMaps();
        QTRY_COMPARE(maps->state(), SourceMapController::State::Offering);
        maps->apply(maps->offeredMaps());
        QTRY_COMPARE_WITH_TIMEOUT(maps->state(), SourceMapController::State::Remapped, kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(page->shownCapture() != nullptr, kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!page->isFiltering(), kTimeoutMs);
        const StackTable &t = *page->shownCapture()->stacks;
        uint32_t fnv1a = StackTable::kNoFrame;
        for (uint32_t f = 0; f < t.frameCount(); ++f) {
            if (t.strings[t.frames[f].name] == "fnv1a")
                fnv1a = f;
        }
        QVERIFY(fnv1a != StackTable::kNoFrame);
        SourcePane *pane = page->sourcePane();
        QSignalSpy shown(pane, &SourcePane::sourceShown);
        page->showSource(fnv1a);
        QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1, kTimeoutMs);
        QVERIFY2(pane->foundFile() == onDisk, qPrintable(pane->foundFile()));
        const std::shared_ptr<const SourceText> &text = pane->view()->source();
        QVERIFY2(text, qPrintable(pane->placeholder()->text()));
        const QList<QByteArray> original =
            test::readText(example(QStringLiteral("src/hash.ts"))).split('\n');
        QCOMPARE(text->lineCount(), int(original.size()) - (original.last().isEmpty() ? 1 : 0));
        QCOMPARE(text->line(2), QString::fromUtf8(original[1]));
        QCOMPARE(text->line(2), QStringLiteral("export function fnv1a(text: string): number {"));
        // The function's lines carry its whole cost, on lines of fnv1a in hash.ts (2-9).
        const SourceFileCosts &costs = pane->view()->costs();
        QVERIFY(!costs.function.lines.empty());
        for (const LineCost &c : costs.function.lines)
            QVERIFY2(c.line >= 2 && c.line <= 9, qPrintable(QString::number(c.line)));
        const size_t column = page->sampleType().column();
        QCOMPARE(costs.function.cum, page->shownCapture()->functions->cum(fnv1a, column));
        const auto *title = pane->findChild<ElidedLabel *>(QStringLiteral("sourceTitle"));
        QVERIFY(title);
        QVERIFY2(title->text().contains(QLatin1String("as embedded in worker.min.js.map")),
                 qPrintable(title->text()));
    }

    void droppedMapsApplyAndBadMapsSaySo()
    {
        QTemporaryDir dir;
        copyBundle(dir, false);
        MainWindow window;
        window.show();
        CapturePage *page = openAndWait(window, relocatedCapture(dir));
        QVERIFY(page);
        SourceMapController *maps = page->sourceMaps();
        QCOMPARE(maps->state(), SourceMapController::State::Original); // nothing beside it

        // A bad map: a message naming the file, the capture unchanged.
        const QString bad = dir.filePath(QStringLiteral("bad.js.map"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"version\":3,\"sources\":[\"a.ts\"],\"mappings\":\"AA!A\"}");
        f.close();
        const auto original = page->capture();
        QVERIFY(drop(window, {bad}));
        QTRY_COMPARE_WITH_TIMEOUT(maps->state(), SourceMapController::State::Original, kTimeoutMs);
        QVERIFY2(maps->errorText().startsWith(bad + QStringLiteral(": not a usable source map")),
                 qPrintable(maps->errorText()));
        QVERIFY(page->sourceMapBar()->isVisible());
        QCOMPARE(page->capture(), original);

        // A map for another script: nothing matches, said so.
        QVERIFY(drop(window, {example(QStringLiteral("dist/worker.lines.js.map"))}));
        QTRY_VERIFY_WITH_TIMEOUT(maps->errorText().contains(QLatin1String("No frame")), kTimeoutMs);
        QCOMPARE(page->capture(), original);

        // The folder of maps, dropped: the right one is used.
        QVERIFY(drop(window, {example(QStringLiteral("dist"))}));
        QTRY_COMPARE_WITH_TIMEOUT(maps->state(), SourceMapController::State::Remapped, kTimeoutMs);
        QVERIFY(maps->errorText().isEmpty());
        QCOMPARE(maps->stats().mapsUsed.size(), size_t(1));
        QVERIFY(shownTotals(page).count(QStringLiteral("handleRequest")));

        // A profile dropped on it still offers the comparisons (not taken for a map).
        QVERIFY(!page->sourceMaps()->appliedMaps().isEmpty());
    }

    void cancelLeavesTheCaptureAlone()
    {
        QTemporaryDir dir;
        copyBundle(dir, false);
        MainWindow window;
        window.show();
        CapturePage *page = openAndWait(window, relocatedCapture(dir));
        QVERIFY(page);
        SourceMapController *maps = page->sourceMaps();
        const auto original = page->capture();
        maps->apply({example(QStringLiteral("dist"))});
        QCOMPARE(maps->state(), SourceMapController::State::Applying);
        maps->cancel();
        QCOMPARE(maps->state(), SourceMapController::State::Original);
        QTest::qWait(500); // the abandoned job's result, if it comes, is dropped
        QCOMPARE(maps->state(), SourceMapController::State::Original);
        QCOMPARE(page->capture(), original);
        QVERIFY(!page->sourceMapBar()->isVisible());
    }

    void approximateRemapsSayTheirName()
    {
        QTemporaryDir dir;
        copyBundle(dir, false);
        MainWindow window;
        window.show();
        CapturePage *page = openAndWait(window, relocatedCapture(dir, true));
        QVERIFY(page);
        SourceMapController *maps = page->sourceMaps();
        // The map alone, without the generated file to find declarations in.
        QTemporaryDir mapDir;
        const QString map = mapDir.filePath(QStringLiteral("worker.min.js.map"));
        QVERIFY(QFile::copy(example(QStringLiteral("dist/worker.min.js.map")), map));
        QVERIFY(window.applySourceMaps({map}));
        QTRY_COMPARE_WITH_TIMEOUT(maps->state(), SourceMapController::State::Remapped, kTimeoutMs);
        // The fully minified bundle is one line: without columns, every remap is a guess.
        QVERIFY(maps->stats().approximate > 0);
        QCOMPARE(maps->stats().approximate, maps->stats().framesRemapped);
        FlameGraphView *view = page->flamePanel()->view();
        QTRY_VERIFY(view->tree());
        const StackTable &t = view->tree()->stacks();
        int approximate = 0, plain = 0;
        for (uint32_t node = 1; node < view->tree()->nodeCount(); ++node) {
            const Frame &f = t.frames[view->tree()->frame(node)];
            const bool inBundle =
                QString::fromStdString(t.strings[f.file]).contains(QLatin1String("/src/"));
            const bool says = view->toolTipText(node).contains(QLatin1String("approximate"));
            QCOMPARE(says, inBundle);
            (says ? approximate : plain)++;
        }
        QVERIFY(approximate > 0);
        QVERIFY(plain > 0); // node's own frames are not remapped
    }

    void exportWritesWhatThePageShows()
    {
        QTemporaryDir dir;
        copyBundle(dir, false);
        MainWindow window;
        window.show();
        const QString input = relocatedCapture(dir);
        CapturePage *page = openAndWait(window, input);
        QVERIFY(page);
        QVERIFY(window.applySourceMaps({example(QStringLiteral("dist"))}));
        QTRY_COMPARE_WITH_TIMEOUT(page->sourceMaps()->state(), SourceMapController::State::Remapped,
                                  kTimeoutMs);
        const Capture &shown = *page->shownCapture();
        QString error;

        // Never over an input.
        QVERIFY(!writeShownCapture(shown, page->sampleType(), input, CaptureExportFormat::Pprof,
                                   &error));
        QVERIFY2(error.contains(QLatin1String("input")), qPrintable(error));
        QVERIFY(test::readText(input).startsWith('{'));

        // pprof: read back, the remapped names with the same totals.
        const QString out = dir.filePath(QStringLiteral("remapped.pb.gz"));
        QCOMPARE(exportFormatForName(out), CaptureExportFormat::Pprof);
        QVERIFY2(
            writeShownCapture(shown, page->sampleType(), out, exportFormatForName(out), &error),
            qPrintable(error));
        window.openFiles({out});
        CapturePage *back = window.currentCapturePage();
        QTRY_COMPARE_WITH_TIMEOUT(back->state(), CapturePage::State::Loaded, kTimeoutMs);
        const auto expected = expectedTotals();
        const auto got = shownTotals(back);
        for (const auto &[name, totals] : expected)
            QCOMPARE(got.at(name), totals);

        // Folded stacks of the shown sample type, with the pseudo-frames hidden.
        page->setPseudoFramesHidden(true);
        QTRY_VERIFY(!page->isFiltering() && page->shownCapture() != page->capture());
        const QString folded = dir.filePath(QStringLiteral("remapped.folded"));
        QCOMPARE(exportFormatForName(folded), CaptureExportFormat::Folded);
        QVERIFY2(writeShownCapture(*page->shownCapture(), page->sampleType(), folded,
                                   CaptureExportFormat::Folded, &error),
                 qPrintable(error));
        const QString text = QString::fromUtf8(test::readText(folded));
        QVERIFY(text.contains(QLatin1String(";handleRequest")));
        QVERIFY(!text.contains(QLatin1String("(garbage collector)")));
        QVERIFY(!text.contains(QLatin1String("(program)")));
    }

    // The save dialog starts beside the capture, or at home when that folder cannot take
    // the file (installed examples; here a folder that is gone).
    void exportStartsWhereItCanWrite()
    {
        QTemporaryDir dir;
        const QString beside = dir.filePath(QStringLiteral("cpu.pb.gz"));
        QCOMPARE(defaultExportPath(beside), dir.filePath(QStringLiteral("cpu-export.pb.gz")));
        QCOMPARE(defaultExportPath(dir.filePath(QStringLiteral("trace.cpuprofile"))),
                 dir.filePath(QStringLiteral("trace-export.pb.gz")));
        const QString gone = dir.filePath(QStringLiteral("gone/heap.pb.gz"));
        QCOMPARE(defaultExportPath(gone),
                 QDir::home().filePath(QStringLiteral("heap-export.pb.gz")));
    }

    void watchOption()
    {
        QTemporaryDir dir;
        const QStringList args{QStringLiteral("embers"), QStringLiteral("--watch=") + dir.path(),
                               QStringLiteral("x.pb.gz")};
        const CommandLine commandLine = parseCommandLine(args);
        QCOMPARE(commandLine.watchFolder, dir.path());
        QCOMPARE(commandLine.files, QStringList{QStringLiteral("x.pb.gz")});
        QCOMPARE(runCommandLine(commandLine), std::nullopt); // the window opens
        QCOMPARE(parseCommandLine({QStringLiteral("embers"), QStringLiteral("a.pb")}).watchFolder,
                 QString());
        // As main() does with it.
        MainWindow window;
        QVERIFY(window.watchFolder(commandLine.watchFolder));
        QCOMPARE(window.watchedFolder()->folder(), QDir(dir.path()).absolutePath());
    }
};

QTEST_MAIN(TestSourceMapWindow)
#include "tst_sourcemapwindow.moc"
