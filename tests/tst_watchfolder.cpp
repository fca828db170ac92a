// The watched capture folder: FolderWatcher reports a file once it is complete (written
// in pieces, rewritten, hidden and temporary names), WatchedFolder opens it or says why
// not (a non-profile; a truncated file that is still being written is not an error), and
// the window lists the captures and keeps the all-captures comparison up to date.
#include "CaptureListModel.h"
#include "CaptureMatrixView.h"
#include "CapturePage.h"
#include "ComparisonWindow.h"
#include "FolderWatcher.h"
#include "GranularityChooser.h"
#include "MainWindow.h"
#include "WatchedFolder.h"

#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

using namespace embers;

namespace {

constexpr int kTimeoutMs = 60000;

QByteArray profileBytes()
{
    QFile f(qEnvironmentVariable("EMBERS_PROFILES") + QStringLiteral("/real/go/cpu-parser.pb.gz"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void write(const QString &path, const QByteArray &bytes, QIODevice::OpenMode mode)
{
    QFile f(path);
    QVERIFY(f.open(mode));
    QCOMPARE(f.write(bytes), bytes.size());
}

// Runs the event loop for `ms` (signals arrive, timers fire).
void wait(int ms)
{
    QTest::qWait(ms);
}

} // namespace

class TestWatchFolder : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void reportsCompleteFilesOnce();
    void refusesWhatIsNotAFolder();
    void truncatedFileIsWaitedFor();
    void nonProfileIsSkippedWithAMessage();
    void windowListsAndComparesWatchedCaptures();
    void newCaptureFollowsTheSeriesFrames();

private:
    QByteArray m_profile;
};

void TestWatchFolder::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_profile = profileBytes();
    QVERIFY(m_profile.size() > 1000);
}

void TestWatchFolder::reportsCompleteFilesOnce()
{
    QTemporaryDir dir;
    write(dir.filePath(QStringLiteral("before.pb.gz")), m_profile, QIODevice::WriteOnly);
    FolderWatcher watcher;
    watcher.setSettleTime(300);
    watcher.setPollInterval(50);
    QVERIFY(watcher.watch(dir.path()));
    QVERIFY(watcher.isWatching());
    QStringList reported;
    QList<qint64> sizesWhenReported;
    connect(&watcher, &FolderWatcher::fileReady, this, [&](const QString &path) {
        reported << QFileInfo(path).fileName();
        sizesWhenReported << QFileInfo(path).size();
    });

    // Written in two pieces, closer together than the settle time: one report, complete.
    const QString path = dir.filePath(QStringLiteral("new.pb.gz"));
    write(path, m_profile.left(m_profile.size() / 2), QIODevice::WriteOnly);
    wait(120);
    write(path, m_profile.mid(m_profile.size() / 2), QIODevice::Append);
    // Hidden and temporary files are not profiles yet.
    write(dir.filePath(QStringLiteral(".hidden.pb.gz")), m_profile, QIODevice::WriteOnly);
    write(dir.filePath(QStringLiteral("next.pb.gz.part")), m_profile, QIODevice::WriteOnly);
    write(dir.filePath(QStringLiteral("next.pb.gz.tmp")), m_profile, QIODevice::WriteOnly);
    QTRY_COMPARE_WITH_TIMEOUT(reported.size(), 1, kTimeoutMs);
    QCOMPARE(reported.front(), QStringLiteral("new.pb.gz"));
    QCOMPARE(sizesWhenReported.front(), qint64(m_profile.size()));
    wait(800);
    QCOMPARE(reported.size(), 1); // once, and never the file that was there before

    // A temporary file renamed into place is new; a rewritten file is a new version.
    QVERIFY(QFile::rename(dir.filePath(QStringLiteral("next.pb.gz.part")),
                          dir.filePath(QStringLiteral("next.pb.gz"))));
    QTRY_COMPARE_WITH_TIMEOUT(reported.size(), 2, kTimeoutMs);
    QCOMPARE(reported.back(), QStringLiteral("next.pb.gz"));
    write(path, m_profile.left(m_profile.size() - 10), QIODevice::WriteOnly | QIODevice::Truncate);
    QTRY_COMPARE_WITH_TIMEOUT(reported.size(), 3, kTimeoutMs);
    QCOMPARE(reported.back(), QStringLiteral("new.pb.gz"));

    // An empty file is not complete; nothing is reported after stop().
    write(dir.filePath(QStringLiteral("empty.pb.gz")), QByteArray(), QIODevice::WriteOnly);
    wait(800);
    QCOMPARE(reported.size(), 3);
    watcher.stop();
    QVERIFY(!watcher.isWatching());
    write(dir.filePath(QStringLiteral("late.pb.gz")), m_profile, QIODevice::WriteOnly);
    wait(800);
    QCOMPARE(reported.size(), 3);
}

void TestWatchFolder::refusesWhatIsNotAFolder()
{
    QTemporaryDir dir;
    FolderWatcher watcher;
    QVERIFY(!watcher.watch(dir.filePath(QStringLiteral("missing"))));
    const QString file = dir.filePath(QStringLiteral("file.pb.gz"));
    write(file, m_profile, QIODevice::WriteOnly);
    QVERIFY(!watcher.watch(file));
    QVERIFY(!watcher.isWatching());

    MainWindow window;
    QVERIFY(!window.watchFolder(file));
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("file.pb.gz")));
    QVERIFY(!window.watchedFolder()->isWatching());
}

void TestWatchFolder::truncatedFileIsWaitedFor()
{
    // A writer that pauses longer than the settle time: the half file is reported and
    // fails to load, but it changes again before the settle time after the failure, so
    // it is not reported as skipped; the complete file then opens, once.
    QTemporaryDir dir;
    WatchedFolder folder;
    folder.watcher()->setSettleTime(2000);
    folder.watcher()->setPollInterval(50);
    QVERIFY(folder.watch(dir.path()));
    QSignalSpy loaded(&folder, &WatchedFolder::captureLoaded);
    QSignalSpy skipped(&folder, &WatchedFolder::fileSkipped);
    const QString path = dir.filePath(QStringLiteral("slow.pb.gz"));
    write(path, m_profile.left(m_profile.size() / 2), QIODevice::WriteOnly);
    wait(3000); // reported at ~2 s, failed soon after; skipped only at ~4 s
    write(path, m_profile.mid(m_profile.size() / 2), QIODevice::Append);
    QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, kTimeoutMs);
    QCOMPARE(skipped.size(), 0);
    const auto capture = loaded.front().front().value<std::shared_ptr<const Capture>>();
    QVERIFY(capture);
    QCOMPARE(capture->paths, QStringList{path});
    // The whole file: `go tool pprof -top` says "Total samples = 7392ms".
    const StackTable &stacks = *capture->stacks;
    QCOMPARE(stacks.totals[size_t(stacks.defaultColumn)], Q_INT64_C(7392000000));
    wait(2500);
    QCOMPARE(loaded.size(), 1);
    QCOMPARE(skipped.size(), 0);
}

void TestWatchFolder::nonProfileIsSkippedWithAMessage()
{
    QTemporaryDir dir;
    WatchedFolder folder;
    folder.watcher()->setSettleTime(200);
    folder.watcher()->setPollInterval(50);
    QVERIFY(folder.watch(dir.path()));
    QSignalSpy loaded(&folder, &WatchedFolder::captureLoaded);
    QSignalSpy skipped(&folder, &WatchedFolder::fileSkipped);
    write(dir.filePath(QStringLiteral("notes.txt")), "capture every minute with curl\n",
          QIODevice::WriteOnly);
    QTRY_COMPARE_WITH_TIMEOUT(skipped.size(), 1, kTimeoutMs);
    QCOMPARE(skipped.front().at(0).toString(), dir.filePath(QStringLiteral("notes.txt")));
    const QString reason = skipped.front().at(1).toString();
    QVERIFY2(reason.contains(QStringLiteral("notes.txt")), qPrintable(reason));
    wait(600);
    QCOMPARE(skipped.size(), 1);
    QCOMPARE(loaded.size(), 0);
}

void TestWatchFolder::windowListsAndComparesWatchedCaptures()
{
    QTemporaryDir dir;
    write(dir.filePath(QStringLiteral("old.pb.gz")), m_profile, QIODevice::WriteOnly);
    MainWindow window;
    window.watchedFolder()->watcher()->setSettleTime(200);
    window.watchedFolder()->watcher()->setPollInterval(50);
    QVERIFY(window.watchFolder(dir.path()));
    auto *label = window.findChild<QLabel *>(QStringLiteral("watchLabel"));
    QVERIFY(label && !label->isHidden());
    QVERIFY(label->text().contains(QFileInfo(dir.path()).fileName()));

    // A capture every "minute".
    write(dir.filePath(QStringLiteral("run-1.pb.gz")), m_profile, QIODevice::WriteOnly);
    write(dir.filePath(QStringLiteral("run-2.pb.gz")), m_profile, QIODevice::WriteOnly);
    QTRY_COMPARE_WITH_TIMEOUT(window.watchedCaptures().size(), size_t(2), kTimeoutMs);
    QCOMPARE(window.captureCount(), 2); // not old.pb.gz
    QCOMPARE(window.currentCaptureRow(), 0);
    QVERIFY(window.capturePage(1)->paths().front().endsWith(QLatin1String("run-2.pb.gz")));

    ComparisonWindow *cw = window.compareWatchedCaptures();
    QVERIFY(cw);
    QTRY_VERIFY_WITH_TIMEOUT(cw->isReady(), kTimeoutMs);
    QCOMPARE(cw->comparison()->captureCount(), size_t(2));
    QCOMPARE(window.compareWatchedCaptures(), cw); // one window for the series

    // The next capture joins the comparison.
    write(dir.filePath(QStringLiteral("run-3.pb.gz")), m_profile, QIODevice::WriteOnly);
    QTRY_VERIFY_WITH_TIMEOUT(cw->isReady() && cw->comparison()->captureCount() == 3, kTimeoutMs);
    QCOMPARE(cw->tabs()->currentWidget(), static_cast<QWidget *>(cw->matrixView()));
    QCOMPARE(window.captureCount(), 3);

    // Not a profile: a message, no capture.
    write(dir.filePath(QStringLiteral("README")), "not a profile", QIODevice::WriteOnly);
    QTRY_VERIFY_WITH_TIMEOUT(
        window.statusBar()->currentMessage().contains(QStringLiteral("README")), kTimeoutMs);
    QCOMPARE(window.captureCount(), 3);

    window.stopWatchingFolder();
    QVERIFY(label->isHidden());
    write(dir.filePath(QStringLiteral("run-4.pb.gz")), m_profile, QIODevice::WriteOnly);
    wait(800);
    QCOMPARE(window.captureCount(), 3);
}

// Frames chosen for a watched capture carry over to the next one, so that the series
// (and its comparison) stays at one granularity.
void TestWatchFolder::newCaptureFollowsTheSeriesFrames()
{
    QTemporaryDir dir;
    MainWindow window;
    window.watchedFolder()->watcher()->setSettleTime(200);
    window.watchedFolder()->watcher()->setPollInterval(50);
    QVERIFY(window.watchFolder(dir.path()));
    write(dir.filePath(QStringLiteral("run-1.pb.gz")), m_profile, QIODevice::WriteOnly);
    QTRY_COMPARE_WITH_TIMEOUT(window.watchedCaptures().size(), size_t(1), kTimeoutMs);
    QCOMPARE(window.watchedCaptures()[0]->stacks->granularity, Granularity::FileFunctions);

    window.capturePage(0)->granularityChooser()->choose(Granularity::Lines);
    QTRY_COMPARE_WITH_TIMEOUT(window.watchedCaptures()[0]->stacks->granularity, Granularity::Lines,
                              kTimeoutMs);
    write(dir.filePath(QStringLiteral("run-2.pb.gz")), m_profile, QIODevice::WriteOnly);
    QTRY_COMPARE_WITH_TIMEOUT(window.watchedCaptures().size(), size_t(2), kTimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(window.watchedCaptures()[1]->stacks->granularity, Granularity::Lines,
                              kTimeoutMs);
    QCOMPARE(window.capturePage(1)->granularityChooser()->granularity(), Granularity::Lines);

    // Back to functions on the newest: the one after follows that.
    window.capturePage(1)->granularityChooser()->choose(Granularity::Functions);
    write(dir.filePath(QStringLiteral("run-3.pb.gz")), m_profile, QIODevice::WriteOnly);
    QTRY_COMPARE_WITH_TIMEOUT(window.watchedCaptures().size(), size_t(3), kTimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(window.watchedCaptures()[2]->stacks->granularity,
                              Granularity::Functions, kTimeoutMs);
    QCOMPARE(window.watchedCaptures()[0]->stacks->granularity, Granularity::Lines);
}

QTEST_MAIN(TestWatchFolder)
#include "tst_watchfolder.moc"
