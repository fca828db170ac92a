// The user's work is safe, in the window (offscreen): Embers never writes to an input
// file; a file deleted or rewritten while open keeps its capture; opening the same file
// twice is harmless; closing a capture (or the window) mid-load cancels cleanly; a
// failure in one capture never touches another. And every file of the negative corpus
// (NegativeCorpus.h) fails inline, or loads with its warning, with the others open.
#include "CaptureLoader.h"
#include "CapturePage.h"
#include "FunctionTableModel.h"
#include "FunctionTableWidget.h"
#include "MainWindow.h"
#include "NegativeCorpus.h"
#include "ProfileSummary.h"

#include <QAbstractItemModel>
#include <QApplication>
#include <QCryptographicHash>
#include <QDirIterator>
#include <QLabel>
#include <QPointer>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtTest>

#include <random>

using namespace embers;
using namespace embers::test;

namespace {

constexpr int kLoadTimeoutMs = 120000;

QString shared(const char *relative)
{
    return sharedProfiles() + QLatin1Char('/') + QLatin1String(relative);
}

void waitUntilSettled(CapturePage *page)
{
    QTRY_VERIFY_WITH_TIMEOUT(page->state() != CapturePage::State::Loading, kLoadTimeoutMs);
}

// A raw profile of `samples` samples over random stacks of 500 functions: 200,000 make
// about 15 MB and millions of tree nodes, so that loading it takes a while. Written in chunks
// (repeated fields of concatenated protobuf messages append).
bool writeBigProfile(const QString &path, int samples)
{
    ProfileBuilder b;
    b.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
    std::vector<uint64_t> locations;
    for (int i = 0; i < 500; ++i)
        locations.push_back(b.locationOf("pkg.work" + std::to_string(i)));
    std::mt19937 rng(11);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(b.raw()) <= 0)
        return false;
    for (int done = 0; done < samples; done += 10000) {
        perftools::profiles::Profile chunk;
        for (int s = 0; s < 10000; ++s) {
            auto *sample = chunk.add_sample();
            const int depth = 16 + int(rng() % 32);
            for (int d = 0; d < depth; ++d)
                sample->add_location_id(locations[(rng() % 64) * 7 % locations.size()]);
            sample->add_value(1);
            sample->add_value(int64_t(rng() % 10000000));
        }
        const std::string bytes = chunk.SerializeAsString();
        if (file.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size()))
            return false;
    }
    return true;
}

// What a directory holds: every file's name, size, modification time and content hash.
QStringList snapshot(const QString &dir)
{
    QStringList entries;
    QDirIterator it(dir, QDir::Files | QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QFileInfo info(path);
        QString hash;
        if (info.isFile())
            hash = QString::fromLatin1(
                QCryptographicHash::hash(fileContent(path), QCryptographicHash::Sha256).toHex());
        entries << QStringLiteral("%1 %2 %3 %4")
                       .arg(path)
                       .arg(info.size())
                       .arg(info.lastModified().toMSecsSinceEpoch())
                       .arg(hash);
    }
    entries.sort();
    return entries;
}

bool workersIdle()
{
    return QThreadPool::globalInstance()->activeThreadCount() == 0;
}

} // namespace

class TestWorkSafety : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_big;

private slots:
    void initTestCase()
    {
        QVERIFY2(!sharedProfiles().isEmpty(), "run through ctest");
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("EmbersTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_worksafety"));
        QVERIFY(m_dir.isValid());
        m_big = m_dir.filePath(QStringLiteral("big.pb"));
        // A quarter of it under the sanitizers, which load it several times slower still.
        QVERIFY(writeBigProfile(m_big, kSanitized ? 50000 : 200000));
    }

    void init() { QSettings().clear(); }
    void cleanup() { QTRY_VERIFY_WITH_TIMEOUT(workersIdle(), kLoadTimeoutMs); }

    // Opening files, good and bad, gzip'd and raw, read-only, in the window leaves every
    // byte, size and time stamp of their folder as it was, and adds no file there.
    void inputFilesAreNeverWritten()
    {
        QTemporaryDir dir;
        const QStringList sources{
            shared("real/go/cpu-parser.pb.gz"), shared("pprof-testdata/derived/sample.cpu.raw.pb"),
            shared("pprof-testdata/not-pprof/java.cpu"),
            shared("pprof-testdata/derived/edge-cases/missing-location-ref.pb.gz")};
        QStringList paths;
        for (const QString &source : sources) {
            const QString path = dir.filePath(QFileInfo(source).fileName());
            QVERIFY(QFile::copy(source, path));
            QVERIFY(QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::ReadGroup));
            paths << path;
        }
        const QStringList before = snapshot(dir.path());
        {
            MainWindow window;
            window.show();
            window.openFiles(paths);
            QCOMPARE(window.captureCount(), paths.size());
            for (int row = 0; row < paths.size(); ++row)
                waitUntilSettled(window.capturePage(row));
            // Read-only files open.
            QCOMPARE(window.capturePage(0)->state(), CapturePage::State::Loaded);
            QCOMPARE(window.capturePage(1)->state(), CapturePage::State::Loaded);
            QCOMPARE(window.capturePage(2)->state(), CapturePage::State::Failed);
            QCOMPARE(window.capturePage(3)->state(), CapturePage::State::Loaded);
            // Look at them, change views, close one: still nothing written.
            window.capturePage(0)->setSampleType(SampleType(0));
            window.setCurrentCapture(1);
            QVERIFY(!window.grab().isNull());
            window.closeCapture(2);
            window.close();
        }
        QCOMPARE(snapshot(dir.path()), before);
    }

    // Once loaded, a capture is the user's: deleting the file, or writing something else
    // over it, changes nothing in the window.
    void deletedOrRewrittenFileKeepsItsCapture()
    {
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("a.pb.gz"));
        const QString b = dir.filePath(QStringLiteral("b.pb.gz"));
        QVERIFY(QFile::copy(shared("real/go/cpu-parser.pb.gz"), a));
        QVERIFY(QFile::copy(shared("real/go/heap-cache.pb.gz"), b));
        MainWindow window;
        window.show();
        window.openFiles({a, b});
        CapturePage *pageA = window.capturePage(0);
        CapturePage *pageB = window.capturePage(1);
        waitUntilSettled(pageA);
        waitUntilSettled(pageB);
        QCOMPARE(pageA->state(), CapturePage::State::Loaded);
        QCOMPARE(pageB->state(), CapturePage::State::Loaded);
        const auto captureA = pageA->capture();
        const auto captureB = pageB->capture();
        const int rowsA = pageA->functionTable()->model()->rowCount();
        const int64_t totalA = captureA->tree->total(CallTree::kRoot);

        QVERIFY(QFile::remove(a));
        QFile rewrite(b);
        QVERIFY(rewrite.open(QIODevice::WriteOnly | QIODevice::Truncate));
        rewrite.write("garbage, not a profile");
        rewrite.close();
        QTest::qWait(300);
        window.setCurrentCapture(0);
        QVERIFY(!window.grab().isNull()); // paints from memory
        window.setCurrentCapture(1);
        QVERIFY(!window.grab().isNull());

        QCOMPARE(window.captureCount(), 2);
        QCOMPARE(pageA->state(), CapturePage::State::Loaded);
        QCOMPARE(pageB->state(), CapturePage::State::Loaded);
        QCOMPARE(pageA->capture(), captureA);
        QCOMPARE(pageB->capture(), captureB);
        QCOMPARE(pageA->functionTable()->model()->rowCount(), rowsA);
        QCOMPARE(captureA->tree->total(CallTree::kRoot), totalA);
        // Switching sample type works from memory too.
        pageB->setSampleType(SampleType(0));
        QCOMPARE(pageB->sampleType(), SampleType(0));
        QCOMPARE(pageB->capture(), captureB);
    }

    // Deleted or truncated while it loads: the capture loads from what was read, or fails
    // with a message naming the file; nothing crashes and other captures are untouched.
    void fileChangedWhileLoading()
    {
        QTemporaryDir dir;
        const QString deleted = dir.filePath(QStringLiteral("deleted.pb"));
        const QString truncated = dir.filePath(QStringLiteral("truncated.pb"));
        QVERIFY(QFile::copy(m_big, deleted));
        QVERIFY(QFile::copy(m_big, truncated));
        MainWindow window;
        window.show();
        window.openFiles({shared("real/go/cpu-parser.pb.gz")});
        CapturePage *good = window.capturePage(0);
        waitUntilSettled(good);
        const auto goodCapture = good->capture();

        window.openFiles({deleted, truncated});
        CapturePage *pageDeleted = window.capturePage(1);
        CapturePage *pageTruncated = window.capturePage(2);
        QVERIFY(QFile::remove(deleted));
        QVERIFY(QFile::resize(truncated, QFileInfo(truncated).size() / 3));
        waitUntilSettled(pageDeleted);
        waitUntilSettled(pageTruncated);
        // An open file stays readable after it is unlinked.
        QCOMPARE(pageDeleted->state(), CapturePage::State::Loaded);
        if (pageTruncated->state() == CapturePage::State::Failed)
            QVERIFY2(pageTruncated->errorText().startsWith(truncated + QStringLiteral(": ")),
                     qPrintable(pageTruncated->errorText()));
        else
            QCOMPARE(pageTruncated->state(), CapturePage::State::Loaded);
        QCOMPARE(good->state(), CapturePage::State::Loaded);
        QCOMPARE(good->capture(), goodCapture);
    }

    // The same file opened again (while it loads, once loaded, by another spelling of
    // its path) never loses or duplicates work.
    void openingTheSameFileTwiceIsHarmless()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cpu.pb.gz"));
        QVERIFY(QFile::copy(shared("real/go/cpu-parser.pb.gz"), path));
        MainWindow window;
        window.show();
        window.openFiles({path});
        window.openFiles({path}); // while it loads
        QCOMPARE(window.captureCount(), 1);
        CapturePage *page = window.capturePage(0);
        waitUntilSettled(page);
        QCOMPARE(page->state(), CapturePage::State::Loaded);
        const auto capture = page->capture();
        page->setSampleType(SampleType(0)); // a choice that must survive

        window.openFiles({path, path}); // once loaded: selected, not reloaded
        QCOMPARE(window.captureCount(), 1);
        QCOMPARE(window.capturePage(0), page);
        QCOMPARE(page->state(), CapturePage::State::Loaded);
        QCOMPARE(page->capture(), capture);
        QCOMPARE(page->sampleType(), SampleType(0));

        // Another spelling of the same file: whether it becomes a second capture or not,
        // both are whole, and closing one leaves the other.
        const QString other = dir.path() + QStringLiteral("/./cpu.pb.gz");
        window.openFiles({other});
        QVERIFY(window.captureCount() >= 1 && window.captureCount() <= 2);
        for (int row = 0; row < window.captureCount(); ++row) {
            waitUntilSettled(window.capturePage(row));
            QCOMPARE(window.capturePage(row)->state(), CapturePage::State::Loaded);
        }
        if (window.captureCount() == 2) {
            QCOMPARE(window.capturePage(1)->capture()->tree->total(CallTree::kRoot),
                     capture->tree->total(CallTree::kRoot));
            window.closeCapture(1);
        }
        QCOMPARE(window.captureCount(), 1);
        QCOMPARE(page->capture(), capture);
    }

    // Closing a capture while it loads: the page goes at once, the worker stops, no
    // result turns up later; the other captures carry on. Under ASan (the asan preset)
    // this also checks that nothing leaks.
    void closingMidLoadCancelsCleanly()
    {
        MainWindow window;
        window.show();
        window.openFiles({shared("real/go/heap-cache.pb.gz")});
        CapturePage *good = window.capturePage(0);
        waitUntilSettled(good);
        const auto goodCapture = good->capture();

        window.openFiles({m_big});
        QCOMPARE(window.captureCount(), 2);
        QPointer<CapturePage> loading = window.capturePage(1);
        QCOMPARE(loading->state(), CapturePage::State::Loading);
        QTest::qWait(50);
        window.closeCapture(1);
        QCOMPARE(window.captureCount(), 1);
        QTRY_VERIFY(loading.isNull());
        QTRY_VERIFY_WITH_TIMEOUT(workersIdle(), kLoadTimeoutMs);
        QTest::qWait(200);
        QCOMPARE(window.captureCount(), 1);
        QCOMPARE(good->state(), CapturePage::State::Loaded);
        QCOMPARE(good->capture(), goodCapture);

        // Closing a capture the moment it was opened, again and again.
        for (int i = 0; i < 5; ++i) {
            window.openFiles({m_big});
            QPointer<CapturePage> page = window.capturePage(window.captureCount() - 1);
            window.closeCapture(window.captureCount() - 1);
            QCOMPARE(window.captureCount(), 1);
            QTRY_VERIFY(page.isNull());
            QTRY_VERIFY_WITH_TIMEOUT(workersIdle(), kLoadTimeoutMs);
        }
        QCOMPARE(window.captureCount(), 1);
        QCOMPARE(good->capture(), goodCapture);
    }

    // Closing the whole window while captures load.
    void closingTheWindowMidLoad()
    {
        {
            auto window = std::make_unique<MainWindow>();
            window->show();
            window->openFiles({m_big, shared("real/go/cpu-parser.pb.gz")});
            QCOMPARE(window->captureCount(), 2);
            QTest::qWait(30);
            window->close();
        }
        QTRY_VERIFY_WITH_TIMEOUT(workersIdle(), kLoadTimeoutMs);
    }

    // A failure in one capture, even while another loads, leaves the others as they were.
    void failureNeverTouchesAnother()
    {
        MainWindow window;
        window.show();
        window.openFiles({shared("real/go/cpu-parser.pb.gz")});
        CapturePage *loaded = window.capturePage(0);
        waitUntilSettled(loaded);
        const auto loadedCapture = loaded->capture();
        loaded->setSampleType(SampleType(0));

        window.openFiles({m_big});
        CapturePage *loading = window.capturePage(1);
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.pb.gz"));
        QVERIFY(writeFile(bad, QByteArray("\x1F\x8B\x08\x00garbage", 11)));
        window.openFiles({bad});
        CapturePage *failed = window.capturePage(2);
        waitUntilSettled(failed);
        QCOMPARE(failed->state(), CapturePage::State::Failed);
        waitUntilSettled(loading);
        QCOMPARE(loading->state(), CapturePage::State::Loaded);
        QCOMPARE(loading->capture()->tree->total(CallTree::kRoot) > 0, true);

        // Retrying and closing the failed one changes nothing else.
        window.openFiles({bad}); // a failed capture is loaded again
        waitUntilSettled(window.capturePage(2));
        QCOMPARE(window.capturePage(2)->state(), CapturePage::State::Failed);
        window.closeCapture(2);
        QCOMPARE(window.captureCount(), 2);
        QCOMPARE(loaded->capture(), loadedCapture);
        QCOMPARE(loaded->sampleType(), SampleType(0));
        QCOMPARE(loading->state(), CapturePage::State::Loaded);
    }

    // Every file of the negative corpus in one window, beside a good capture: each bad
    // one shows its error inline (file and problem), each damaged one loads and lists its
    // warning in the summary, and the good capture is as it was.
    void negativeCorpusInTheWindow()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.show();
        window.openFiles({shared("real/go/cpu-parser.pb.gz")});
        CapturePage *good = window.capturePage(0);
        waitUntilSettled(good);
        const auto goodCapture = good->capture();
        const int goodRows = good->functionTable()->model()->rowCount();

        struct Expected
        {
            QString path, message, message2;
            bool fails;
        };
        std::vector<Expected> expected;
        for (const BadInput &in : rejectedInputs())
            expected.push_back({dir.filePath(in.file), in.message, in.message2, true});
        for (const DamagedInput &in : damagedInputs())
            expected.push_back({dir.filePath(in.file), in.warning, QString(), false});
        // A gzip bomb past the default 4 GiB cap.
        expected.push_back({dir.filePath(QStringLiteral("bomb.pb.gz")),
                            QStringLiteral("size limit of 4 GiB"), QString(), true});
        for (const BadInput &in : rejectedInputs())
            QVERIFY(writeFile(dir.filePath(in.file), in.bytes));
        for (const DamagedInput &in : damagedInputs())
            QVERIFY(writeFile(dir.filePath(in.file), in.bytes));
        QVERIFY(
            writeFile(expected.back().path, gzipBomb((uint64_t(4) << 30) + (uint64_t(16) << 20))));
        // 100,000 frames deep: loads, and the flame graph paints.
        const QString deep = dir.filePath(QStringLiteral("deep.pb.gz"));
        QVERIFY(writeFile(deep, deepStackProfile(100000)));

        QStringList paths;
        for (const Expected &e : expected)
            paths << e.path;
        window.openFiles(paths + QStringList{deep});
        QCOMPARE(window.captureCount(), 1 + int(expected.size()) + 1);
        for (int i = 0; i < int(expected.size()); ++i) {
            const Expected &e = expected[size_t(i)];
            CapturePage *page = window.capturePage(1 + i);
            QCOMPARE(page->paths(), QStringList{e.path});
            waitUntilSettled(page);
            if (e.fails) {
                QVERIFY2(page->state() == CapturePage::State::Failed, qPrintable(e.path));
                auto *label = page->findChild<QLabel *>(QStringLiteral("errorLabel"));
                QVERIFY(label);
                QCOMPARE(label->text(), page->errorText());
                QVERIFY2(label->text().startsWith(e.path + QStringLiteral(": ")),
                         qPrintable(label->text()));
                QVERIFY2(label->text().contains(e.message), qPrintable(label->text()));
                QVERIFY2(label->text().contains(e.message2), qPrintable(label->text()));
                window.setCurrentCapture(1 + i);
                QVERIFY(label->isVisible());
            } else {
                QVERIFY2(page->state() == CapturePage::State::Loaded,
                         qPrintable(e.path + QStringLiteral(": ") + page->errorText()));
                const QString warnings = page->summary()->field(QStringLiteral("Warnings"));
                QVERIFY2(warnings.contains(e.path + QStringLiteral(": ")), qPrintable(warnings));
                QVERIFY2(warnings.contains(e.message), qPrintable(warnings));
            }
        }
        CapturePage *deepPage = window.capturePage(window.captureCount() - 1);
        waitUntilSettled(deepPage);
        QCOMPARE(deepPage->state(), CapturePage::State::Loaded);
        window.setCurrentCapture(window.captureCount() - 1);
        QVERIFY(!window.grab().isNull());

        QVERIFY(QApplication::activeModalWidget() == nullptr); // inline, never a dialog
        QCOMPARE(good->state(), CapturePage::State::Loaded);
        QCOMPARE(good->capture(), goodCapture);
        QCOMPARE(good->functionTable()->model()->rowCount(), goodRows);
        // Closing all the failed ones leaves the rest.
        for (int row = window.captureCount() - 1; row > 0; --row) {
            if (window.capturePage(row)->state() == CapturePage::State::Failed)
                window.closeCapture(row);
        }
        QCOMPARE(window.captureCount(), 1 + int(damagedInputs().size()) + 1);
        QCOMPARE(good->capture(), goodCapture);
    }
};

QTEST_MAIN(TestWorkSafety)
#include "tst_worksafety.moc"
