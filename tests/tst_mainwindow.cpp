// The window shell, offscreen: CaptureLoader (progress, cancel, stale results), the start
// page, drag and drop, inline errors that leave other captures alone, cancelling a load
// from the window, recent files.
#include "CaptureListModel.h"
#include "CaptureLoader.h"
#include "CapturePage.h"
#include "ComparisonWindow.h"
#include "DiffView.h"
#include "FunctionTableModel.h"
#include "FunctionTableWidget.h"
#include "MainWindow.h"
#include "ProfileBuilder.h"
#include "ProfileSummary.h"
#include "RecentFiles.h"
#include "SaveDialog.h"
#include "StartPage.h"
#include "TestData.h"
#include "TransformBar.h"
#include "TransformController.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCommandLinkButton>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QUrl>
#include <QtTest>

#include <random>

using namespace embers;

namespace {

// Types a focus on `pattern` into the page's transforms bar and waits for the page to show
// it.
void typeFocus(CapturePage *page, const QString &pattern)
{
    TransformBar *bar = page->transformBar();
    bar->kindCombo()->setCurrentIndex(bar->kindCombo()->findText(QStringLiteral("focus")));
    bar->patternEdit()->setText(pattern);
    QTest::keyClick(bar->patternEdit(), Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(
        !page->transforms()->isBusy() && page->shownCapture() != page->capture(), 30000);
}

// Answers the save dialog with `path` and triggers the window's action `name`; the status
// bar's message once the export is done.
QString exportFromMenu(MainWindow &window, const char *name, const QString &path)
{
    test::answerSaveDialog(path);
    auto *action = window.findChild<QAction *>(QLatin1String(name));
    if (!action)
        return QStringLiteral("no action %1").arg(QLatin1String(name));
    action->trigger();
    const auto exported = [&] {
        return window.statusBar()->currentMessage().startsWith(QLatin1String("Exported"));
    };
    if (!QTest::qWaitFor(exported, 30000))
        return QStringLiteral("no export within 30 s: ") + window.statusBar()->currentMessage();
    return window.statusBar()->currentMessage();
}

// The data (its embers-data script) of the web page the window wrote to `path`.
QJsonObject exportedPageData(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray html = file.readAll();
    const QByteArray open = "id=\"embers-data\">";
    const qsizetype begin = html.indexOf(open) + open.size();
    return QJsonDocument::fromJson(html.mid(begin, html.indexOf("</script>", begin) - begin))
        .object();
}

constexpr int kLoadTimeoutMs = 60000;

QString profile(const QString &relative)
{
    return QDir::cleanPath(qEnvironmentVariable("EMBERS_PROFILES") + QLatin1Char('/') + relative);
}

// A valid raw (not gzip'd) profile of `samples` samples over a few thousand distinct
// stacks: large on disk, so that reading it takes long enough to cancel, yet small in
// memory once the stacks are merged. Written in chunks: concatenated protobuf messages
// are one message whose repeated fields are appended.
void writeBigProfile(const QString &path, int samples)
{
    test::ProfileBuilder b;
    b.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
    std::vector<uint64_t> locations;
    for (int i = 0; i < 500; ++i)
        locations.push_back(b.locationOf("pkg.function" + std::to_string(i)));
    std::mt19937 rng(7);
    std::vector<std::vector<uint64_t>> stacks(3000);
    for (auto &stack : stacks) {
        stack.resize(16 + rng() % 32);
        for (uint64_t &id : stack)
            id = locations[rng() % locations.size()];
    }
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(file.write(b.raw()) > 0);
    constexpr int kChunk = 10000;
    for (int done = 0; done < samples; done += kChunk) {
        perftools::profiles::Profile chunk;
        for (int s = 0; s < kChunk; ++s) {
            auto *sample = chunk.add_sample();
            for (uint64_t id : stacks[rng() % stacks.size()])
                sample->add_location_id(id);
            sample->add_value(1);
            sample->add_value(int64_t(rng() % 10000000));
        }
        std::string bytes;
        chunk.SerializeToString(&bytes);
        QCOMPARE(file.write(bytes.data(), qint64(bytes.size())), qint64(bytes.size()));
    }
}

void waitUntilSettled(CapturePage *page)
{
    QTRY_VERIFY_WITH_TIMEOUT(page->state() != CapturePage::State::Loading, kLoadTimeoutMs);
}

QMimeData *fileMime(const QStringList &paths)
{
    auto *mime = new QMimeData;
    QList<QUrl> urls;
    for (const QString &path : paths)
        urls << QUrl::fromLocalFile(path);
    mime->setUrls(urls);
    return mime;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_bigProfile;

private slots:
    void initTestCase()
    {
        QVERIFY2(!qEnvironmentVariableIsEmpty("EMBERS_PROFILES"), "run through ctest");
        // Keep the user's settings (recent files, window geometry) out of the tests.
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("EmbersTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
        qRegisterMetaType<std::shared_ptr<const embers::Capture>>();

        QVERIFY(m_dir.isValid());
        m_bigProfile = m_dir.filePath(QStringLiteral("big.pb"));
        writeBigProfile(m_bigProfile, 600000);
        QVERIFY(QFileInfo(m_bigProfile).size() > 30 * 1000 * 1000);
    }

    void init() { QSettings().clear(); }

    // --- CaptureLoader ---------------------------------------------------------------

    void loaderLoadsAndReportsProgress()
    {
        CaptureLoader loader;
        QSignalSpy progress(&loader, &CaptureLoader::progress);
        QSignalSpy finished(&loader, &CaptureLoader::finished);
        QSignalSpy failed(&loader, &CaptureLoader::failed);
        const QStringList paths{profile(QStringLiteral("real/go/cpu-parser.pb.gz")),
                                profile(QStringLiteral("real/go/cpu-workers.pb.gz"))};
        const qint64 total = QFileInfo(paths[0]).size() + QFileInfo(paths[1]).size();
        loader.load(paths);
        QVERIFY(loader.isLoading());
        QVERIFY(finished.wait(kLoadTimeoutMs));
        QVERIFY(!loader.isLoading());
        QCOMPARE(failed.count(), 0);
        auto capture = finished.front().front().value<std::shared_ptr<const Capture>>();
        QVERIFY(capture);
        QCOMPARE(capture->paths, paths); // one capture of both files, merged
        QCOMPARE(capture->profiles.size(), size_t(2));
        QCOMPARE(capture->stacks->granularity, Granularity::FileFunctions);

        // Progress counts the bytes of both files, never goes back, and ends at the total.
        QVERIFY(progress.count() >= 2);
        qint64 last = -1;
        for (const QList<QVariant> &args : std::as_const(progress)) {
            QCOMPARE(args.at(1).toLongLong(), total);
            QVERIFY(args.at(0).toLongLong() >= last);
            last = args.at(0).toLongLong();
        }
        QCOMPARE(last, total);
    }

    void loaderReportsErrors()
    {
        CaptureLoader loader;
        QSignalSpy finished(&loader, &CaptureLoader::finished);
        QSignalSpy failed(&loader, &CaptureLoader::failed);
        const QString path = profile(QStringLiteral("pprof-testdata/not-pprof/java.cpu"));
        loader.load({path});
        QVERIFY(failed.wait(kLoadTimeoutMs));
        QCOMPARE(finished.count(), 0);
        const QString error = failed.front().front().toString();
        QVERIFY2(error.startsWith(path + QLatin1Char(':')), qPrintable(error));
    }

    void loaderCancelStopsTheWork()
    {
        CaptureLoader loader;
        QSignalSpy finished(&loader, &CaptureLoader::finished);
        QSignalSpy failed(&loader, &CaptureLoader::failed);
        QSignalSpy cancelled(&loader, &CaptureLoader::cancelled);
        loader.load({m_bigProfile});
        QVERIFY(loader.isLoading());
        loader.cancel();
        QVERIFY(loader.isCancelling());
        QVERIFY(cancelled.wait(kLoadTimeoutMs));
        QVERIFY(!loader.isLoading());
        // The worker stopped reading: had it ignored the flag, it would have read it all.
        QVERIFY2(loader.bytesDone() < loader.bytesTotal(),
                 qPrintable(
                     QStringLiteral("%1 of %2").arg(loader.bytesDone()).arg(loader.bytesTotal())));
        QTest::qWait(200);
        QCOMPARE(finished.count(), 0);
        QCOMPARE(failed.count(), 0);
        QCOMPARE(cancelled.count(), 1);
    }

    void loaderDropsStaleResults()
    {
        CaptureLoader loader;
        QSignalSpy finished(&loader, &CaptureLoader::finished);
        QSignalSpy cancelled(&loader, &CaptureLoader::cancelled);
        // A small file may well be loaded before the cancel is seen; the result is stale.
        loader.load({profile(QStringLiteral("real/go/heap-cache.pb.gz"))});
        QThread::msleep(300);
        loader.cancel();
        QVERIFY(cancelled.wait(kLoadTimeoutMs));
        QCOMPARE(finished.count(), 0);

        // A second load abandons the first: only the second one's result arrives.
        const QString second = profile(QStringLiteral("real/go/cpu-parser.pb.gz"));
        loader.load({m_bigProfile});
        loader.load({second});
        QVERIFY(finished.wait(kLoadTimeoutMs));
        QTest::qWait(200);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(cancelled.count(), 1);
        auto capture = finished.front().front().value<std::shared_ptr<const Capture>>();
        QCOMPARE(capture->paths, QStringList{second});
    }

    // --- The window ------------------------------------------------------------------

    void startPageListsExamples()
    {
        MainWindow window;
        window.show();
        QVERIFY(window.isStartPageShown());
        QCOMPARE(window.captureCount(), 0);

        const QDir examples(qEnvironmentVariable("EMBERS_EXAMPLES"));
        QStringList expected =
            examples.entryList({QStringLiteral("*.pb.gz")}, QDir::Files, QDir::Name);
        QCOMPARE(expected, (QStringList{QStringLiteral("cpu-parser.pb.gz"),
                                        QStringLiteral("heap-cache.pb.gz"),
                                        QStringLiteral("kvworker-time.pb.gz")}));
        QStringList listed;
        for (const QString &path : window.startPage()->exampleFiles()) {
            QCOMPARE(QFileInfo(path).canonicalFilePath(),
                     examples.absoluteFilePath(QFileInfo(path).fileName()));
            listed << QFileInfo(path).fileName();
        }
        QCOMPARE(listed, expected);

        QList<QCommandLinkButton *> buttons;
        for (QCommandLinkButton *b : window.startPage()->findChildren<QCommandLinkButton *>()) {
            if (b->objectName().startsWith(QLatin1String("example:")) && b->isVisible())
                buttons << b;
        }
        QCOMPARE(buttons.size(), 3);
        QCOMPARE(buttons.front()->text(), QStringLiteral("cpu-parser.pb.gz"));

        // Clicking an example opens it.
        QTest::mouseClick(buttons.front(), Qt::LeftButton);
        QCOMPARE(window.captureCount(), 1);
        QVERIFY(!window.isStartPageShown());
        CapturePage *page = window.currentCapturePage();
        QVERIFY(page);
        waitUntilSettled(page);
        QCOMPARE(page->state(), CapturePage::State::Loaded);
        QCOMPARE(QFileInfo(page->paths().front()).fileName(), QStringLiteral("cpu-parser.pb.gz"));
    }

    // The bundled example and the shared profile it came from have the same name: the
    // list, the title and the Open Recent menu add the folders that tell them apart.
    void sameNamesReadApart()
    {
        MainWindow window;
        window.show();
        const QString example =
            qEnvironmentVariable("EMBERS_EXAMPLES") + QStringLiteral("/cpu-parser.pb.gz");
        const QString shared = profile(QStringLiteral("real/go/cpu-parser.pb.gz"));
        window.openFiles({example});
        QCOMPARE(window.captureModel()->index(0).data().toString(),
                 QStringLiteral("cpu-parser.pb.gz"));
        window.openFiles({shared});
        QCOMPARE(window.captureCount(), 2);
        QCOMPARE(window.captureModel()->index(0).data().toString(),
                 QStringLiteral("cpu-parser.pb.gz \u2014 examples"));
        QCOMPARE(window.captureModel()->index(1).data().toString(),
                 QStringLiteral("cpu-parser.pb.gz \u2014 go"));
        QVERIFY(window.captureModel()->index(1).data(Qt::ToolTipRole).toString().contains(shared));
        window.setCurrentCapture(1);
        QCOMPARE(window.windowTitle(), QStringLiteral("cpu-parser.pb.gz \u2014 go \u2014 Embers"));
        window.setCurrentCapture(0);
        QCOMPARE(window.windowTitle(),
                 QStringLiteral("cpu-parser.pb.gz \u2014 examples \u2014 Embers"));
        for (int row = 0; row < 2; ++row)
            waitUntilSettled(window.capturePage(row));
        // Closing one gives the other its plain name back.
        window.closeCapture(1);
        QCOMPARE(window.captureModel()->index(0).data().toString(),
                 QStringLiteral("cpu-parser.pb.gz"));
        QCOMPARE(window.windowTitle(), QStringLiteral("cpu-parser.pb.gz \u2014 Embers"));
        // Open Recent lists both files, by folder (in the order they finished loading).
        auto *fileMenu = window.menuBar()->actions().front()->menu();
        QMenu *recent = nullptr;
        for (QAction *a : fileMenu->actions()) {
            if (a->menu() && a->text() == QLatin1String("Open &Recent"))
                recent = a->menu();
        }
        QVERIFY(recent);
        emit recent->aboutToShow();
        QStringList texts;
        for (QAction *a : recent->actions())
            texts << a->text().section(QLatin1Char(' '), 1); // without the "&1" accelerator
        QVERIFY2(texts.contains(QStringLiteral("cpu-parser.pb.gz \u2014 go")) &&
                     texts.contains(QStringLiteral("cpu-parser.pb.gz \u2014 examples")),
                 qPrintable(texts.join(QLatin1Char('|'))));
    }

    void editMenuUndoesTransformsPerPage()
    {
        MainWindow window;
        window.show();
        window.openFiles({profile(QStringLiteral("real/go/cpu-parser.pb.gz"))});
        CapturePage *page = window.currentCapturePage();
        waitUntilSettled(page);
        QCOMPARE(page->state(), CapturePage::State::Loaded);
        auto *undo = window.findChild<QAction *>(QStringLiteral("undoAction"));
        auto *redo = window.findChild<QAction *>(QStringLiteral("redoAction"));
        QVERIFY(undo && redo);
        QCOMPARE(undo->shortcut(), QKeySequence(QKeySequence::Undo));
        QVERIFY(redo->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)));
        QVERIFY(!undo->isEnabled());

        // Type a focus in the transforms bar; Undo takes it back, Redo brings it again.
        TransformBar *bar = page->transformBar();
        bar->kindCombo()->setCurrentIndex(bar->kindCombo()->findText(QStringLiteral("focus")));
        bar->patternEdit()->setText(QStringLiteral("parseTerm"));
        QTest::keyClick(bar->patternEdit(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(
            !page->transforms()->isBusy() && page->shownCapture() != page->capture(), 30000);
        QVERIFY(undo->isEnabled());
        QCOMPARE(bar->chips().size(), size_t(1));
        undo->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(page->shownCapture() == page->capture(), 30000);
        QVERIFY(bar->chips().empty());
        QVERIFY(!undo->isEnabled());
        QVERIFY(redo->isEnabled());
        redo->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(
            !page->transforms()->isBusy() && page->shownCapture() != page->capture(), 30000);
        QCOMPARE(bar->chips().size(), size_t(1));
    }

    // File > Export > HTML Page writes the capture as the page shows it: after its
    // transforms, in its sample type (the web page itself: tst_htmlpage).
    void exportMenuWritesThePageAsShown()
    {
        MainWindow window;
        window.show();
        window.openFiles({profile(QStringLiteral("real/go/cpu-parser.pb.gz"))});
        CapturePage *page = window.currentCapturePage();
        waitUntilSettled(page);
        typeFocus(page, QStringLiteral("parseTerm"));
        const auto shown = page->shownCapture();
        QVERIFY(shown->stacks->stackCount() < page->capture()->stacks->stackCount());

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("shared.html"));
        const QString message = exportFromMenu(window, "exportHtmlAction", path);
        QVERIFY2(message.startsWith(QLatin1String("Exported to")), qPrintable(message));
        const QJsonObject data = exportedPageData(path);
        QVERIFY(!data.isEmpty());
        QCOMPARE(data.value(QStringLiteral("kind")).toString(), QStringLiteral("profile"));
        QCOMPARE(size_t(data.value(QStringLiteral("column")).toInt()), page->sampleType().column());
        QString stacks;
        for (const QJsonValue &row : data.value(QStringLiteral("summary")).toArray()) {
            if (row.toArray()[0].toString() == QLatin1String("Stacks"))
                stacks = row.toArray()[1].toString();
        }
        QCOMPARE(stacks, QString::number(shown->stacks->stackCount()));
    }

    // File > Export > HTML Page with Source: the page carries the lines of the functions the
    // page shows after its transforms, their file found as Show Source finds it (beside the
    // profile here); the panel itself: tst_htmlpage.
    void exportWithSourceCarriesTheShownFunctions()
    {
        MainWindow window;
        window.show();
        window.openFiles({test::testData() + QStringLiteral("/source-list/go-cpu-trimpath.pb.gz")});
        CapturePage *page = window.currentCapturePage();
        waitUntilSettled(page);
        typeFocus(page, QStringLiteral("hashLoop"));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("with-source.html"));
        const QString message = exportFromMenu(window, "exportHtmlWithSourceAction", path);
        QVERIFY2(message.startsWith(QLatin1String("Exported to")), qPrintable(message));
        const QJsonObject data = exportedPageData(path);
        QVERIFY(!data.isEmpty());
        QMap<QString, QString> why; // function -> why it has no text
        for (const QJsonValue &block : data.value(QStringLiteral("sources")).toArray())
            why.insert(block[QStringLiteral("name")].toString(),
                       block[QStringLiteral("why")].toString());
        // main.hashLoop's stacks only: sumSquares and square are focused away.
        QVERIFY2(why.contains(QStringLiteral("main.hashLoop")) &&
                     why.contains(QStringLiteral("main.mix")),
                 qPrintable(QStringList(why.keys()).join(u' ')));
        QVERIFY(!why.contains(QStringLiteral("main.sumSquares")));
        QVERIFY(!why.contains(QStringLiteral("main.square")));
        // listdemo/main.go, recorded relative, is found beside the profile.
        QCOMPARE(why[QStringLiteral("main.mix")], QString());
    }

    // The comparison window's diff export, With source: each function's lines before and
    // after (the numbers and the panel: tst_htmlpage).
    void diffExportWithSource()
    {
        MainWindow window;
        window.show();
        const QString dir = test::testData() + QStringLiteral("/source-list/");
        window.openFiles(
            {dir + QStringLiteral("go-cpu.pb.gz"), dir + QStringLiteral("go-cpu-trimpath.pb.gz")});
        QTRY_VERIFY_WITH_TIMEOUT(
            window.captureCount() == 2 &&
                window.captureModel()->state(0) != CaptureListModel::State::Loading &&
                window.captureModel()->state(1) != CaptureListModel::State::Loading,
            30000);
        ComparisonWindow *cw = window.compareCaptures({0, 1}, CompareDialog::Action::Diff);
        QVERIFY(cw);
        QTRY_VERIFY_WITH_TIMEOUT(cw->isReady() && cw->diffView() && !cw->diffView()->isBusy(),
                                 30000);
        QVERIFY(cw->exportSourceBox()->isVisibleTo(cw));
        cw->exportSourceBox()->setChecked(true);
        QTemporaryDir temp;
        const QString path = temp.filePath(QStringLiteral("diff.html"));
        test::answerSaveDialog(path);
        cw->exportButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(cw->exportNote()->text().startsWith(QLatin1String("Exported to")),
                                 30000);
        const QJsonObject data = exportedPageData(path);
        QVERIFY2(!data.isEmpty(), qPrintable(cw->exportNote()->text()));
        QCOMPARE(data.value(QStringLiteral("kind")).toString(), QStringLiteral("diff"));
        // The new capture's relative listdemo/main.go is found beside it.
        bool found = false;
        for (const QJsonValue &block : data.value(QStringLiteral("sources")).toArray()) {
            if (block[QStringLiteral("name")].toString() == QLatin1String("main.mix") &&
                block[QStringLiteral("file")].toString() == QLatin1String("listdemo/main.go"))
                found = block[QStringLiteral("why")].toString().isEmpty();
        }
        QVERIFY(found);
        cw->close();
    }

    void windowsFitTheScreen()
    {
        // No saved geometry: the first size asks for 1280x800 but stays on the screen.
        MainWindow window;
        const QSize available = window.screen()->availableGeometry().size();
        QVERIFY(window.width() <= std::max(available.width(), window.minimumSizeHint().width()));
        QVERIFY(window.height() <= std::max(available.height(), window.minimumSizeHint().height()));
        QCOMPARE(window.size(),
                 QSize(1280, 800).boundedTo(available * 0.9).expandedTo(window.minimumSizeHint()));
    }

    void lastSessionReopens()
    {
        QTemporaryDir dir;
        const QString moved = dir.filePath(QStringLiteral("moved.pb.gz"));
        QVERIFY(QFile::copy(profile(QStringLiteral("real/go/heap-cache.pb.gz")), moved));
        const QString cpu =
            QFileInfo(profile(QStringLiteral("real/go/cpu-parser.pb.gz"))).absoluteFilePath();
        {
            MainWindow window;
            auto *button =
                window.startPage()->findChild<QPushButton *>(QStringLiteral("lastSessionButton"));
            QVERIFY(button);
            QVERIFY(button->isHidden()); // settings cleared: no last session
            window.show();
            window.openFiles({cpu, moved});
            QCOMPARE(window.captureCount(), 2);
            window.close();
        }
        QVERIFY(QFile::remove(moved)); // gone since: not offered again

        MainWindow window;
        QCOMPARE(window.lastSession(), QList<QStringList>{QStringList{cpu}});
        auto *button =
            window.startPage()->findChild<QPushButton *>(QStringLiteral("lastSessionButton"));
        QVERIFY(!button->isHidden());
        QVERIFY(button->toolTip().contains(QStringLiteral("cpu-parser.pb.gz")));
        window.show();
        button->click();
        QCOMPARE(window.captureCount(), 1);
        QCOMPARE(window.captureModel()->paths(0), QStringList{cpu});
        QVERIFY(!window.isStartPageShown());
        // Asked twice, it opens nothing twice.
        window.reopenLastSession();
        QCOMPARE(window.captureCount(), 1);
        waitUntilSettled(window.currentCapturePage());
    }

    void viewMenuHoldsTheCurrentPagesToggles()
    {
        MainWindow window;
        window.show();
        window.openFiles({profile(QStringLiteral("real/go/cpu-parser.pb.gz")),
                          profile(QStringLiteral("real/go/heap-cache.pb.gz"))});
        CapturePage *first = window.currentCapturePage();
        CapturePage *second = window.capturePage(1);
        QVERIFY(first && second && first != second);
        waitUntilSettled(first);
        waitUntilSettled(second);
        QMenu *view = nullptr;
        for (QAction *a : window.menuBar()->actions()) {
            if (a->menu() && a->text() == QLatin1String("&View"))
                view = a->menu();
        }
        QVERIFY(view);
        emit view->aboutToShow();
        QVERIFY(view->actions().contains(first->invertToggle()));
        QVERIFY(view->actions().contains(first->groupTruncatedToggle()));
        const qsizetype count = view->actions().size();
        // Checking it in the menu inverts that page's graph only.
        first->invertToggle()->trigger();
        QVERIFY(first->invertToggle()->isChecked());
        QVERIFY(!second->invertToggle()->isChecked());

        // Another page: its own toggles replace the first's.
        window.setCurrentCapture(1);
        emit view->aboutToShow();
        QVERIFY(view->actions().contains(second->invertToggle()));
        QVERIFY(!view->actions().contains(first->invertToggle()));
        QCOMPARE(view->actions().size(), count);
        // A closed page takes its toggles with it; the next show puts the current one's.
        window.closeCurrentCapture();
        QTRY_COMPARE(view->actions().size(), count - 2);
        emit view->aboutToShow();
        QCOMPARE(view->actions().size(), count);
        QVERIFY(view->actions().contains(window.currentCapturePage()->invertToggle()));
    }

    void dropOpensEachFileAsACapture()
    {
        MainWindow window;
        window.show();
        const QStringList files{profile(QStringLiteral("real/go/cpu-parser.pb.gz")),
                                profile(QStringLiteral("real/node/kvworker-time.pb.gz"))};
        std::unique_ptr<QMimeData> mime(fileMime(files));
        const QPoint centre = window.rect().center();

        QDragEnterEvent enter(centre, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        enter.setAccepted(false);
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(centre), Qt::CopyAction, mime.get(), Qt::LeftButton,
                        Qt::NoModifier);
        drop.setAccepted(false);
        QApplication::sendEvent(&window, &drop);
        QVERIFY(drop.isAccepted());

        QCOMPARE(window.captureCount(), 2);
        QVERIFY(!window.isStartPageShown());
        QCOMPARE(window.currentCaptureRow(), 0);
        for (int row = 0; row < 2; ++row) {
            CapturePage *page = window.capturePage(row);
            waitUntilSettled(page);
            QCOMPARE(page->state(), CapturePage::State::Loaded);
            QCOMPARE(page->capture()->paths, QStringList{files[row]});
            QCOMPARE(window.captureModel()->state(row), CaptureListModel::State::Loaded);
            QCOMPARE(window.captureModel()->index(row).data().toString(),
                     QFileInfo(files[row]).fileName());
        }
        // The list shows each capture's metadata: total of the default type, duration, types.
        const QStringList cpu = window.captureModel()->index(0).data(DetailsRole).toStringList();
        QCOMPARE(cpu.size(), 2);
        QCOMPARE(cpu[0], QStringLiteral("7.39 s cpu in 7.52 s"));
        QVERIFY2(cpu[1].startsWith(QStringLiteral("samples, cpu \u00B7 ")), qPrintable(cpu[1]));
        const QStringList node = window.captureModel()->index(1).data(DetailsRole).toStringList();
        QVERIFY2(node[1].startsWith(QLatin1String("sample, wall")), qPrintable(node[1]));

        // Something that is not a file is refused.
        QMimeData text;
        text.setText(QStringLiteral("hello"));
        QDragEnterEvent refused(centre, Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
        refused.setAccepted(false);
        QApplication::sendEvent(&window, &refused);
        QVERIFY(!refused.isAccepted());
        QCOMPARE(window.captureCount(), 2);
    }

    void invalidFileShowsErrorInline()
    {
        MainWindow window;
        window.show();
        const QString cpu = profile(QStringLiteral("real/go/cpu-parser.pb.gz"));
        const QString heap = profile(QStringLiteral("real/go/heap-cache.pb.gz"));
        window.openFiles({cpu, heap});
        QCOMPARE(window.captureCount(), 2);
        CapturePage *cpuPage = window.capturePage(0);
        CapturePage *heapPage = window.capturePage(1);
        waitUntilSettled(cpuPage);
        waitUntilSettled(heapPage);
        QCOMPARE(cpuPage->state(), CapturePage::State::Loaded);
        QCOMPARE(heapPage->state(), CapturePage::State::Loaded);
        heapPage->setSampleType(SampleType(1)); // alloc_space: a user choice that must survive
        const auto cpuCapture = cpuPage->capture();
        const auto heapCapture = heapPage->capture();
        const int cpuRows = cpuPage->functionTable()->model()->rowCount();
        const int heapRows = heapPage->functionTable()->model()->rowCount();

        const QString bad = profile(QStringLiteral("pprof-testdata/not-pprof/java.cpu"));
        window.openFiles({bad});
        QCOMPARE(window.captureCount(), 3);
        CapturePage *badPage = window.capturePage(2);
        QCOMPARE(window.currentCapturePage(), badPage);
        waitUntilSettled(badPage);
        QCOMPARE(badPage->state(), CapturePage::State::Failed);
        QCOMPARE(window.captureModel()->state(2), CaptureListModel::State::Failed);

        // Inline, with the file name and the reason; no modal dialog.
        QVERIFY(QApplication::activeModalWidget() == nullptr);
        auto *label = badPage->findChild<QLabel *>(QStringLiteral("errorLabel"));
        QVERIFY(label);
        QVERIFY(label->isVisible());
        QVERIFY2(label->text().contains(QLatin1String("java.cpu")), qPrintable(label->text()));
        QVERIFY2(label->text().startsWith(bad + QStringLiteral(": ")) &&
                     label->text().size() > bad.size() + 10,
                 qPrintable(label->text()));
        QCOMPARE(label->text(), badPage->errorText());

        // The other captures are as they were.
        QCOMPARE(cpuPage->state(), CapturePage::State::Loaded);
        QCOMPARE(heapPage->state(), CapturePage::State::Loaded);
        QCOMPARE(cpuPage->capture(), cpuCapture);
        QCOMPARE(heapPage->capture(), heapCapture);
        QCOMPARE(heapPage->sampleType(), SampleType(1));
        QCOMPARE(cpuPage->functionTable()->model()->rowCount(), cpuRows);
        QCOMPARE(heapPage->functionTable()->model()->rowCount(), heapRows);
        QCOMPARE(window.captureModel()->state(0), CaptureListModel::State::Loaded);
        QCOMPARE(window.captureModel()->state(1), CaptureListModel::State::Loaded);

        // Only files that opened are remembered.
        const QStringList recent = window.recentFiles()->files();
        QVERIFY(recent.contains(cpu));
        QVERIFY(recent.contains(heap));
        QVERIFY(!recent.contains(bad));

        // Closing the failed capture selects a neighbour; closing all shows the start page.
        window.closeCurrentCapture();
        QCOMPARE(window.captureCount(), 2);
        QCOMPARE(window.currentCapturePage(), heapPage);
        window.closeCapture(0);
        window.closeCapture(0);
        QCOMPARE(window.captureCount(), 0);
        QVERIFY(window.isStartPageShown());
        QCOMPARE(window.currentCapturePage(), nullptr);
    }

    void capturePageShowsTheCapture()
    {
        MainWindow window;
        window.show();
        window.openFiles({profile(QStringLiteral("real/go/cpu-parser.pb.gz"))});
        CapturePage *page = window.currentCapturePage();
        waitUntilSettled(page);

        auto *combo = page->findChild<QComboBox *>(QStringLiteral("sampleTypeCombo"));
        QVERIFY(combo);
        QCOMPARE(combo->count(), 2);
        QCOMPARE(combo->itemText(0), QStringLiteral("samples (count)"));
        QCOMPARE(combo->currentIndex(), 1); // cpu, the default
        QVERIFY(page->findChild<QWidget *>(QStringLiteral("flamegraphArea")));
        QCOMPARE(page->flamegraphArea()->parentWidget(), static_cast<QWidget *>(page->splitter()));

        // Default sort: self, descending.
        FunctionTableWidget *table = page->functionTable();
        QCOMPARE(table->model()->index(0, 0).data().toString().section(QLatin1Char(' '), 0, 0),
                 QStringLiteral("main.countSubsets"));
        QCOMPARE(table->model()->index(0, FunctionTableModel::SelfColumn).data().toString(),
                 QStringLiteral("1.68 s"));

        // Choosing another sample type changes the table's values.
        QSignalSpy columnChanged(page, &CapturePage::sampleTypeChanged);
        combo->setCurrentIndex(0);
        emit combo->activated(0);
        QCOMPARE(columnChanged.count(), 1);
        QCOMPARE(page->sampleType(), SampleType(0));
        QCOMPARE(table->model()->index(0, FunctionTableModel::SelfColumn).data().toString(),
                 QStringLiteral("419"));

        // The filter box filters by name.
        QTest::keyClicks(table->filterEdit(), QStringLiteral("PARTITION"));
        QCOMPARE(table->model()->rowCount(), 1);
        QVERIFY(table->model()->index(0, 0).data().toString().startsWith(
            QLatin1String("main.partition")));

        // Selecting a frame from outside (the flame graph) selects its row.
        const uint32_t frame = table->model()->index(0, 0).data(FrameRole).toUInt();
        table->filterEdit()->clear();
        QSignalSpy selected(page, &CapturePage::frameSelected);
        page->selectFrame(frame);
        QCOMPARE(table->view()->currentIndex().data(FrameRole).toUInt(), frame);
        QCOMPARE(selected.count(), 1);

        // The summary says what the header says.
        QCOMPARE(page->summary()->field(QStringLiteral("Duration")), QStringLiteral("7.52 s"));
        QCOMPARE(page->summary()->field(QStringLiteral("Period")), QStringLiteral("4 ms cpu"));
        QVERIFY(page->summary()
                    ->field(QStringLiteral("Sample types"))
                    .contains(QLatin1String("cpu (nanoseconds): 7.39 s total (default)")));
        QVERIFY(!page->summary()->field(QStringLiteral("File size")).isEmpty());
    }

    void cancellingALoadLeavesTheWindowIdle()
    {
        MainWindow window;
        window.show();
        window.openFiles({m_bigProfile});
        QCOMPARE(window.captureCount(), 1);
        CapturePage *page = window.currentCapturePage();
        QCOMPARE(page->state(), CapturePage::State::Loading);
        auto *cancel = page->findChild<QPushButton *>(QStringLiteral("cancelButton"));
        QVERIFY(cancel);
        QVERIFY(cancel->isVisible());
        QVERIFY(page->findChild<QProgressBar *>(QStringLiteral("loadingProgress"))->isVisible());

        // Record how far the worker got when it stopped.
        CaptureLoader *loader = page->loader();
        qint64 doneAtStop = -1, total = -1;
        connect(loader, &CaptureLoader::cancelled, this, [&] {
            doneAtStop = loader->bytesDone();
            total = loader->bytesTotal();
        });
        QPointer<CapturePage> guard(page);

        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(!cancel->isEnabled()); // "Cancelling…" until the worker stops
        QTRY_COMPARE_WITH_TIMEOUT(window.captureCount(), 0, kLoadTimeoutMs);
        QVERIFY(window.isStartPageShown());
        QVERIFY2(doneAtStop >= 0 && doneAtStop < total,
                 qPrintable(QStringLiteral("%1 of %2").arg(doneAtStop).arg(total)));
        QTRY_VERIFY(guard.isNull()); // the page is gone
        QTest::qWait(300);
        QCOMPARE(window.captureCount(), 0); // and nothing turns up later
        QVERIFY(!window.recentFiles()->files().contains(m_bigProfile));
    }

    void recentFiles()
    {
        RecentFiles recent;
        QTemporaryDir dir;
        QStringList paths;
        for (int i = 0; i < 12; ++i) {
            QString path = dir.filePath(QStringLiteral("p%1.pb.gz").arg(i));
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            paths << path;
            recent.add(path);
        }
        QStringList files = recent.files();
        QCOMPARE(files.size(), RecentFiles::kMaxFiles);
        QCOMPARE(files.front(), paths.back()); // newest first
        recent.add(paths[5]);
        QCOMPARE(recent.files().front(), paths[5]);
        QCOMPARE(recent.files().size(), RecentFiles::kMaxFiles);

        // A file that disappeared is dropped from the list, the menu and the start page.
        QVERIFY(QFile::remove(paths.back()));
        QVERIFY(!recent.files().contains(paths.back()));
        QCOMPARE(recent.files().size(), RecentFiles::kMaxFiles - 1);
        MainWindow window;
        QCOMPARE(window.startPage()->recentFiles(), recent.files());
        QVERIFY(!window.startPage()->recentFiles().contains(paths.back()));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
