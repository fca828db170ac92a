// File > Capture... in the window (offscreen): the dialog, the bar with its countdown, Stop
// and Cancel, each capture saved and opened as a page, a series from repeated captures,
// failures shown in the bar with everything else left as it was, and `embers --diff` with
// targets: captured in turn, then diffed.
#include "CaptureBar.h"
#include "CaptureDialog.h"
#include "CapturePage.h"
#include "CaptureSession.h"
#include "ComparisonWindow.h"
#include "MainWindow.h"
#include "TestData.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

using namespace embers;
using namespace embers::test;

namespace {

// Serves one pprof file to every GET, or an error, or nothing at all.
class ProfileServer : public QObject
{
public:
    enum Mode { Serve, NotFound, Stall, GoIndex };
    explicit ProfileServer(Mode mode, QByteArray profile = {})
        : m_mode(mode), m_profile(std::move(profile))
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection())
                connect(s, &QTcpSocket::readyRead, this, [this, s] { answer(s); });
        });
    }
    QString url(const QString &path) const
    {
        return QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path);
    }
    int requests = 0;
    QByteArray lastRequest;

private:
    void answer(QTcpSocket *s)
    {
        lastRequest = s->readAll();
        ++requests;
        if (m_mode == Stall)
            return;
        // What Go's /debug/pprof/ index links to, in its markup.
        static const QByteArray index =
            "<html><body><table>\n"
            "<tr><td>3</td><td><a href='allocs?debug=1'>allocs</a></td></tr>\n"
            "<tr><td>0</td><td><a href='cmdline?debug=1'>cmdline</a></td></tr>\n"
            "<tr><td>3</td><td><a href='heap?debug=1'>heap</a></td></tr>\n"
            "<tr><td>0</td><td><a href='profile?debug=1'>profile</a></td></tr>\n"
            "</table><a href=\"goroutine?debug=2\">full goroutine stack dump</a></body></html>\n";
        const QByteArray body = m_mode == Serve     ? m_profile
                                : m_mode == GoIndex ? index
                                                    : QByteArray("404 page not found\n");
        s->write((m_mode != NotFound ? "HTTP/1.1 200 OK\r\n" : "HTTP/1.1 404 Not Found\r\n") +
                 QByteArray("Content-Length: ") + QByteArray::number(body.size()) +
                 "\r\nConnection: close\r\n\r\n" + body);
        s->disconnectFromHost();
    }
    Mode m_mode;
    QByteArray m_profile;
    QTcpServer m_server;
};

QByteArray goHeapProfile()
{
    return fileContent(sharedProfiles() + QStringLiteral("/real/go/heap-cache.pb.gz"));
}

} // namespace

class TestCaptureWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void captureFromTheDialog();
    void discoverListsWhatAServiceOffers();
    void failureIsShownInTheBar();
    void repeatBuildsASeries();
    void cancelWhileConnecting();
    void diffCapturesTargetsFirst();
    void diffOfAFailedCaptureIsNotOpened();

private:
    QTemporaryDir m_dir;
    QString m_folder;
};

void TestCaptureWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void TestCaptureWindow::init()
{
    QSettings().clear();
    static int round = 0;
    m_folder = m_dir.filePath(QStringLiteral("captures-%1").arg(++round));
}

void TestCaptureWindow::captureFromTheDialog()
{
    ProfileServer server(ProfileServer::Serve, goHeapProfile());
    MainWindow window;
    window.show();
    window.openFiles({sharedProfiles() + QStringLiteral("/real/go/cpu-parser.pb.gz")});
    QTRY_COMPARE(window.currentCapturePage()->state(), CapturePage::State::Loaded);

    // The dialog, as File > Capture... opens it.
    const QString target = server.url(QStringLiteral("/debug/pprof/heap?token=abc"));
    QTimer::singleShot(0, this, [&] {
        auto *dialog = qobject_cast<CaptureDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        auto *edit = dialog->findChild<QComboBox *>(QStringLiteral("captureTarget"));
        edit->setCurrentText(target);
        // An HTTP target says what it records: only an inspector is told.
        QVERIFY(!dialog->findChild<QComboBox *>(QStringLiteral("captureKind"))->isEnabled());
        dialog->findChild<QSpinBox *>(QStringLiteral("captureSeconds"))->setValue(0);
        // The folder is a setting; here a folder of the test's own.
        QSettings().setValue(QStringLiteral("capture/folder"), m_folder);
        dialog->findChild<QLabel *>(QStringLiteral("captureFolder"))->setText(m_folder);
        dialog->findChild<QPushButton *>(QStringLiteral("captureStart"))->click();
    });
    QAction *capture = window.findChild<QAction *>(QStringLiteral("captureAction"));
    QVERIFY(capture);
    capture->trigger();

    QTRY_COMPARE_WITH_TIMEOUT(window.captureCount(), 2, 20000);
    CapturePage *page = window.capturePage(1);
    QTRY_COMPARE(page->state(), CapturePage::State::Loaded);
    QCOMPARE(window.currentCaptureRow(), 1); // the new capture is shown
    QVERIFY(server.lastRequest.startsWith("GET /debug/pprof/heap?token=abc HTTP/1.1"));
    // Saved at once in the captures folder, byte for byte, and that file is the page's.
    const QStringList saved = QDir(m_folder).entryList(QDir::Files);
    QCOMPARE(saved.size(), 1);
    QCOMPARE(page->paths(), QStringList{QDir(m_folder).filePath(saved.front())});
    QCOMPARE(fileContent(page->paths().front()), goHeapProfile());
    QCOMPARE(page->capture()->stacks->columns.size(), size_t(4)); // alloc/inuse objects/space
    // The other capture is as it was.
    QCOMPARE(window.capturePage(0)->state(), CapturePage::State::Loaded);
    // The target is remembered, without what may be a secret.
    QCOMPARE(CaptureDialog::recentTargets(),
             QStringList{server.url(QStringLiteral("/debug/pprof/heap"))});
    QTRY_VERIFY(!window.captureSession());
    QVERIFY(window.captureBar()->isHidden());
}

void TestCaptureWindow::discoverListsWhatAServiceOffers()
{
    ProfileServer server(ProfileServer::GoIndex);
    CaptureDialog dialog;
    dialog.show();
    auto *target = dialog.findChild<QComboBox *>(QStringLiteral("captureTarget"));
    target->setCurrentText(server.url(QString()));
    auto *offered = dialog.findChild<QListWidget *>(QStringLiteral("captureOffered"));
    QVERIFY(offered->isHidden());
    dialog.findChild<QPushButton *>(QStringLiteral("captureDiscover"))->click();
    QTRY_COMPARE(offered->count(), 4);
    QVERIFY(offered->isVisible());
    QStringList names;
    for (int row = 0; row < offered->count(); ++row)
        names << offered->item(row)->text();
    // cmdline is text, not a profile.
    QCOMPARE(names, (QStringList{"allocs", "goroutine", "heap", "profile"}));
    QVERIFY(server.lastRequest.startsWith("GET /debug/pprof/ HTTP/1.1"));
    // Picking one makes it the target.
    offered->setCurrentRow(2);
    QCOMPARE(target->currentText(), server.url(QStringLiteral("/debug/pprof/heap")));
    QCOMPARE(dialog.request().target, server.url(QStringLiteral("/debug/pprof/heap")));
}

void TestCaptureWindow::failureIsShownInTheBar()
{
    ProfileServer server(ProfileServer::NotFound);
    MainWindow window;
    window.show();
    window.openFiles({sharedProfiles() + QStringLiteral("/real/go/cpu-parser.pb.gz")});
    QTRY_COMPARE(window.currentCapturePage()->state(), CapturePage::State::Loaded);
    CaptureRequest request;
    request.target = server.url(QStringLiteral("/debug/pprof/profile"));
    window.startCapture(request, 0, m_folder);
    QTRY_VERIFY(!window.captureSession());
    CaptureBar *bar = window.captureBar();
    QVERIFY(bar->isVisible());
    const QString text = bar->findChild<QLabel *>(QStringLiteral("captureBarText"))->text();
    QVERIFY2(text.contains(request.target) && text.contains(QStringLiteral("HTTP 404 Not Found")),
             qPrintable(text));
    // Nothing else changed: the one capture, still shown; nothing saved.
    QCOMPARE(window.captureCount(), 1);
    QCOMPARE(window.currentCaptureRow(), 0);
    QVERIFY(!QDir(m_folder).exists() || QDir(m_folder).isEmpty());
    // Dismissed, it is gone.
    bar->findChild<QToolButton *>(QStringLiteral("captureBarClose"))->click();
    QVERIFY(bar->isHidden());
}

void TestCaptureWindow::repeatBuildsASeries()
{
    ProfileServer server(ProfileServer::Serve, goHeapProfile());
    MainWindow window;
    window.show();
    CaptureRequest request;
    request.target = server.url(QStringLiteral("/debug/pprof/heap"));
    window.startCapture(request, 1, m_folder);
    CaptureSession *session = window.captureSession();
    QVERIFY(session);
    // Waits, not bounds: the series promises the pause between captures (1 s), not how
    // soon a capture is fetched, saved and opened on a loaded machine.
    QTRY_VERIFY_WITH_TIMEOUT(window.watchedCaptures().size() >= 3, 120000);
    // Between captures the bar counts down to the next one, and Stop ends the series.
    QTRY_COMPARE_WITH_TIMEOUT(session->state(), CaptureSession::State::Waiting, 60000);
    const QString waiting =
        window.captureBar()->findChild<QLabel *>(QStringLiteral("captureBarText"))->text();
    QVERIFY2(waiting.contains(QStringLiteral("Next capture")), qPrintable(waiting));
    auto *stop = window.captureBar()->findChild<QPushButton *>(QStringLiteral("captureStop"));
    QVERIFY(stop->isVisible());
    stop->click();
    QTRY_VERIFY(!window.captureSession());
    const size_t count = window.watchedCaptures().size();
    QCOMPARE(QDir(m_folder).entryList(QDir::Files).size(), int(count));
    QTest::qWait(1500);
    QCOMPARE(window.watchedCaptures().size(), count); // no more after Stop
    QCOMPARE(server.requests, int(count));
    // The series is what Compare Watched Captures compares.
    QVERIFY(window.compareWatchedCaptures());
}

void TestCaptureWindow::cancelWhileConnecting()
{
    ProfileServer server(ProfileServer::Stall);
    MainWindow window;
    window.show();
    CaptureRequest request;
    request.target = server.url(QStringLiteral("/debug/pprof/heap"));
    window.startCapture(request, 0, m_folder);
    CaptureBar *bar = window.captureBar();
    QTRY_VERIFY(bar->isVisible());
    QVERIFY(bar->findChild<QLabel *>(QStringLiteral("captureBarText"))
                ->text()
                .contains(QStringLiteral("Recording a profile from")));
    // The server records, not us: there is nothing to stop early, only to cancel.
    QVERIFY(bar->findChild<QPushButton *>(QStringLiteral("captureStop"))->isHidden());
    auto *cancel = bar->findChild<QPushButton *>(QStringLiteral("captureCancel"));
    QVERIFY(cancel->isVisible());
    cancel->click();
    QTRY_VERIFY(!window.captureSession());
    QVERIFY(bar->isHidden());
    QCOMPARE(window.captureCount(), 0);
}

void TestCaptureWindow::diffCapturesTargetsFirst()
{
    // As `embers --diff BASE.pb.gz http://...`: the file is the base, the capture the new.
    const QString base = sharedProfiles() + QStringLiteral("/real/go/diff-render-base.pb.gz");
    ProfileServer server(
        ProfileServer::Serve,
        fileContent(sharedProfiles() + QStringLiteral("/real/go/diff-render-slow.pb.gz")));
    MainWindow window;
    window.show();
    QSignalSpy opened(&window, &MainWindow::comparisonOpened);
    CaptureRequest request;
    request.seconds = 1;
    window.captureAndCompare({base, server.url(QStringLiteral("/debug/pprof/profile"))}, request,
                             m_folder, CompareDialog::Action::Diff);
    QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 20000);
    auto *compared = opened.first().first().value<ComparisonWindow *>();
    QTRY_VERIFY_WITH_TIMEOUT(compared->isReady(), 20000);
    QVERIFY(compared->diffView());
    const std::shared_ptr<const Comparison> comparison = compared->comparison();
    QCOMPARE(comparison->captureCount(), size_t(2));
    QCOMPARE(comparison->captures[0]->paths, QStringList{QFileInfo(base).absoluteFilePath()});
    // The new side is the saved capture, the page the capture opened (not a second one).
    const QStringList saved = QDir(m_folder).entryList(QDir::Files);
    QCOMPARE(saved.size(), 1);
    QCOMPARE(comparison->captures[1]->paths,
             QStringList{QDir(m_folder).absoluteFilePath(saved.front())});
    QCOMPARE(window.captureCount(), 2);
    QCOMPARE(server.requests, 1);
    compared->close();
}

void TestCaptureWindow::diffOfAFailedCaptureIsNotOpened()
{
    ProfileServer missing(ProfileServer::NotFound);
    ProfileServer served(ProfileServer::Serve, goHeapProfile());
    MainWindow window;
    window.show();
    QSignalSpy opened(&window, &MainWindow::comparisonOpened);
    const QString failing = missing.url(QStringLiteral("/debug/pprof/heap"));
    window.captureAndCompare({failing, served.url(QStringLiteral("/debug/pprof/heap"))}, {},
                             m_folder, CompareDialog::Action::Diff);
    // Both are tried in turn; the one that came in opens, the diff does not.
    QTRY_COMPARE_WITH_TIMEOUT(served.requests, 1, 20000);
    QTRY_VERIFY(!window.captureSession());
    QTRY_COMPARE(window.captureCount(), 1);
    QCOMPARE(missing.requests, 1);
    const QString message = window.statusBar()->currentMessage();
    QVERIFY2(message.contains(QStringLiteral("Not compared")) && message.contains(failing),
             qPrintable(message));
    QTest::qWait(100);
    QCOMPARE(opened.count(), 0);
}

QTEST_MAIN(TestCaptureWindow)
#include "tst_capturewindow.moc"
