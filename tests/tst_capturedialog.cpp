// File > Capture... driven as a user drives it (offscreen): typing into the dialog and
// pressing its buttons, then the bar's Cancel and Stop. What it refuses and says why, the
// HTTP header that reaches the target and nothing else, a capture cancelled while it
// downloads, a repeated series, a series whose target fails halfway, and Stop and Cancel
// while a Node process records.
#include "CaptureBar.h"
#include "CaptureDialog.h"
#include "CapturePage.h"
#include "CaptureSession.h"
#include "MainWindow.h"
#include "NodeInspectorTarget.h"
#include "RequiredTool.h"
#include "TestData.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

using namespace embers;
using namespace embers::test;

namespace {

// A profile server on 127.0.0.1 (a port the kernel picks) that records each request and
// answers it as `answer` says: the profile, an error, or only half of the profile.
class RecordingServer : public QObject
{
public:
    // ProfileThenExit: the profile, then the port closes, as when the service exits.
    enum class Answer { Profile, ProfileThenExit, ServerError, HalfThenStall };
    // The answer to the request numbered from 1.
    using Script = std::function<Answer(int request)>;

    RecordingServer(QByteArray profile, Script script)
        : m_profile(std::move(profile)), m_script(std::move(script))
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, this, [this, s] { read(s); });
                connect(s, &QTcpSocket::disconnected, this, [this, s] {
                    if (s->property("stalled").toBool())
                        ++abandoned;
                    s->deleteLater();
                });
            }
        });
    }
    QString url(const QString &path) const
    {
        return QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path);
    }
    bool listening() const { return m_server.isListening(); }

    QList<QByteArray> requests;
    int abandoned = 0; // stalled answers whose client hung up

private:
    void read(QTcpSocket *s)
    {
        QByteArray request = s->property("request").toByteArray() + s->readAll();
        s->setProperty("request", request);
        if (!request.contains("\r\n\r\n"))
            return;
        requests << request;
        switch (m_script(int(requests.size()))) {
        case Answer::Profile:
        case Answer::ProfileThenExit:
            s->write("HTTP/1.1 200 OK\r\nContent-Length: " + QByteArray::number(m_profile.size()) +
                     "\r\nConnection: close\r\n\r\n" + m_profile);
            s->disconnectFromHost();
            if (m_script(int(requests.size())) == Answer::ProfileThenExit)
                m_server.close();
            break;
        case Answer::ServerError: {
            const QByteArray body = "profiler exploded\n";
            s->write("HTTP/1.1 500 Internal Server Error\r\nContent-Length: " +
                     QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
            s->disconnectFromHost();
            break;
        }
        case Answer::HalfThenStall:
            s->setProperty("stalled", true);
            s->write("HTTP/1.1 200 OK\r\nContent-Length: " + QByteArray::number(m_profile.size()) +
                     "\r\n\r\n" + m_profile.left(m_profile.size() / 2));
            break;
        }
    }
    QByteArray m_profile;
    Script m_script;
    QTcpServer m_server;
};

QByteArray goHeapProfile()
{
    return fileContent(sharedProfiles() + QStringLiteral("/real/go/heap-cache.pb.gz"));
}

QString barText(MainWindow &window)
{
    return window.captureBar()->findChild<QLabel *>(QStringLiteral("captureBarText"))->text();
}

// The dialog's fields as a user fills them.
struct DialogInput
{
    QString target;
    QString header;
    int seconds = -1; // as it was
    int repeatSeconds = 0;
};

void typeInto(CaptureDialog *dialog, const DialogInput &in)
{
    auto *target = dialog->findChild<QComboBox *>(QStringLiteral("captureTarget"));
    target->lineEdit()->selectAll();
    QTest::keyClick(target->lineEdit(), Qt::Key_Backspace);
    QTest::keyClicks(target->lineEdit(), in.target);
    auto *header = dialog->findChild<QLineEdit *>(QStringLiteral("captureHeader"));
    if (!in.header.isEmpty())
        QTest::keyClicks(header, in.header);
    if (in.seconds >= 0)
        dialog->findChild<QSpinBox *>(QStringLiteral("captureSeconds"))->setValue(in.seconds);
    if (in.repeatSeconds > 0) {
        dialog->findChild<QCheckBox *>(QStringLiteral("captureRepeat"))->click();
        dialog->findChild<QSpinBox *>(QStringLiteral("captureRepeatSeconds"))
            ->setValue(in.repeatSeconds);
    }
}

} // namespace

class TestCaptureDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void badInputIsRefusedWithAMessage_data();
    void badInputIsRefusedWithAMessage();
    void cancelInTheDialogStartsNothing();
    void enterAndEscapeInTheTargetField();
    void timeOutIsTheCommandLinesTimeout();
    void aHeaderForAnotherKindOfTargetIsNotInTheWay();
    void headerReachesTheTargetAndNothingElse();
    void cancelDuringACaptureDiscardsIt();
    void repeatBuildsASeriesOfPages();
    void failureHalfwayThroughASeries_data();
    void failureHalfwayThroughASeries();
    void stopAndCancelWhileRecordingNode();

private:
    // Opens File > Capture... in `window`, fills it in and presses Start.
    void captureFromTheDialog(MainWindow &window, const DialogInput &in);
    // Every value stored in the settings, as text.
    static QString allSettings();

    QTemporaryDir m_dir;
    QString m_folder;
};

void TestCaptureDialog::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void TestCaptureDialog::init()
{
    QSettings().clear();
    static int round = 0;
    m_folder = m_dir.filePath(QStringLiteral("captures-%1").arg(++round));
    // The folder is a setting, which the dialog shows and keeps.
    QSettings().setValue(QStringLiteral("capture/folder"), m_folder);
}

QString TestCaptureDialog::allSettings()
{
    QSettings settings;
    settings.sync();
    QStringList values;
    for (const QString &key : settings.allKeys())
        values << key + QLatin1Char('=') + settings.value(key).toStringList().join(u'|') +
                      settings.value(key).toString();
    QFile file(settings.fileName());
    if (file.open(QIODevice::ReadOnly))
        values << QString::fromUtf8(file.readAll());
    return values.join(u'\n');
}

void TestCaptureDialog::captureFromTheDialog(MainWindow &window, const DialogInput &in)
{
    bool filled = false;
    QTimer::singleShot(0, this, [&] {
        auto *dialog = qobject_cast<CaptureDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        typeInto(dialog, in);
        dialog->findChild<QPushButton *>(QStringLiteral("captureStart"))->click();
        filled = true;
        if (dialog->isVisible()) // refused: close it, the test then fails on what it sees
            dialog->reject();
    });
    window.findChild<QAction *>(QStringLiteral("captureAction"))->trigger();
    QVERIFY(filled);
}

void TestCaptureDialog::badInputIsRefusedWithAMessage_data()
{
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("header");
    QTest::addColumn<int>("seconds");
    QTest::addColumn<bool>("repeat");
    QTest::addColumn<QString>("message");
    const QString url = QStringLiteral("Write a URL");
    QTest::newRow("empty") << QString() << QString() << 10 << false << url;
    QTest::newRow("a file name") << "heap.pb.gz" << QString() << 10 << false << url;
    QTest::newRow("space in the host")
        << "http://exa mple.com/debug/pprof/heap" << QString() << 10 << false << url;
    QTest::newRow("port out of range")
        << "http://127.0.0.1:70000/debug/pprof/heap" << QString() << 10 << false << url;
    QTest::newRow("no host") << "http:///debug/pprof/heap" << QString() << 10 << false << url;
    const QString inspector = QStringLiteral("inspect://HOST:PORT or inspect://HOST:PORT/ID");
    QTest::newRow("inspector without a port")
        << "inspect://127.0.0.1" << QString() << 10 << false << inspector;
    QTest::newRow("inspector on port 0")
        << "inspect://127.0.0.1:0" << QString() << 10 << false << inspector;
    const QString header = QStringLiteral("The header must read \"Name: value\".");
    QTest::newRow("header without a colon") << "http://127.0.0.1:6060/debug/pprof/heap"
                                            << "Bearer abc" << 10 << false << header;
    QTest::newRow("header name with a space") << "http://127.0.0.1:6060/debug/pprof/heap"
                                              << "X Token: abc" << 10 << false << header;
    QTest::newRow("repeat until stopped") << "inspect://127.0.0.1:9229" << QString() << 0 << true
                                          << "A repeated capture needs a duration.";
}

void TestCaptureDialog::badInputIsRefusedWithAMessage()
{
    QFETCH(QString, target);
    QFETCH(QString, header);
    QFETCH(int, seconds);
    QFETCH(bool, repeat);
    QFETCH(QString, message);
    CaptureDialog dialog;
    QSignalSpy accepted(&dialog, &QDialog::accepted);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    typeInto(&dialog, {target, header, seconds, repeat ? 5 : 0});
    auto *error = dialog.findChild<QLabel *>(QStringLiteral("captureDialogError"));
    QVERIFY(error->isHidden());
    QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("captureStart")),
                      Qt::LeftButton);
    QCOMPARE(accepted.count(), 0);
    QVERIFY(dialog.isVisible());
    QVERIFY(error->isVisible());
    QVERIFY2(error->text().contains(message), qPrintable(error->text()));
    // Nothing refused is remembered.
    QVERIFY(CaptureDialog::recentTargets().isEmpty());
    QVERIFY(!QSettings().contains(QStringLiteral("capture/seconds")));
}

void TestCaptureDialog::cancelInTheDialogStartsNothing()
{
    RecordingServer server(goHeapProfile(), [](int) { return RecordingServer::Answer::Profile; });
    MainWindow window;
    window.show();
    QTimer::singleShot(0, this, [&] {
        auto *dialog = qobject_cast<CaptureDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        typeInto(dialog, {server.url(QStringLiteral("/debug/pprof/heap")), {}, 0, 0});
        QTest::keyClick(dialog, Qt::Key_Escape);
    });
    window.findChild<QAction *>(QStringLiteral("captureAction"))->trigger();
    QVERIFY(!window.captureSession());
    QTest::qWait(200);
    QVERIFY(server.requests.isEmpty());
    QCOMPARE(window.captureCount(), 0);
    QVERIFY(CaptureDialog::recentTargets().isEmpty());
}

// The dialog's Time-out is --timeout: what each wait of the capture lasts at most
// (tst_hostileinspector::silentStopEndsAtTheTimeout checks the wait itself).
void TestCaptureDialog::timeOutIsTheCommandLinesTimeout()
{
    CaptureDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *target = dialog.findChild<QComboBox *>(QStringLiteral("captureTarget"));
    target->lineEdit()->setFocus();
    QTest::keyClicks(target->lineEdit(), QStringLiteral("inspect://127.0.0.1:9229"));
    // Alt+O, as its label says, then a number over what is there.
    QTest::keyClick(&dialog, Qt::Key_O, Qt::AltModifier);
    auto *timeout = dialog.findChild<QSpinBox *>(QStringLiteral("captureTimeout"));
    QVERIFY(timeout->hasFocus());
    QTest::keyClick(timeout, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(timeout, QStringLiteral("7"));
    QCOMPARE(dialog.request().timeoutSeconds, 7);
    // Alt+I reaches the interval (Alt+S is Start's).
    QTest::keyClick(&dialog, Qt::Key_I, Qt::AltModifier);
    QVERIFY(dialog.findChild<QSpinBox *>(QStringLiteral("captureInterval"))->hasFocus());
}

void TestCaptureDialog::enterAndEscapeInTheTargetField()
{
    // Typed, then Enter: as Start.
    {
        CaptureDialog dialog;
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *target = dialog.findChild<QComboBox *>(QStringLiteral("captureTarget"));
        target->lineEdit()->setFocus();
        QTest::keyClicks(target->lineEdit(), QStringLiteral("inspect://127.0.0.1:9229"));
        QTest::keyClick(target->lineEdit(), Qt::Key_Return);
        QCOMPARE(accepted.count(), 1);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(dialog.request().target, QStringLiteral("inspect://127.0.0.1:9229"));
        // No time-out chosen: the command line's default rule.
        QCOMPARE(dialog.request().timeoutSeconds, 0);
    }
    QSettings().clear(); // the target the first one remembered
    // A refused one: Enter shows why, as Start does.
    {
        CaptureDialog dialog;
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *target = dialog.findChild<QComboBox *>(QStringLiteral("captureTarget"));
        target->lineEdit()->setFocus();
        QTest::keyClicks(target->lineEdit(), QStringLiteral("profile.pb.gz"));
        QTest::keyClick(target->lineEdit(), Qt::Key_Return);
        QCOMPARE(accepted.count(), 0);
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("captureDialogError"))->isVisible());
        // What was typed is not added to the targets offered.
        QCOMPARE(target->count(), 0);
    }
    // Escape: as Cancel.
    {
        CaptureDialog dialog;
        QSignalSpy rejected(&dialog, &QDialog::rejected);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *target = dialog.findChild<QComboBox *>(QStringLiteral("captureTarget"));
        target->lineEdit()->setFocus();
        QTest::keyClicks(target->lineEdit(), QStringLiteral("inspect://127.0.0.1:9229"));
        QTest::keyClick(target->lineEdit(), Qt::Key_Escape);
        QCOMPARE(rejected.count(), 1);
        QVERIFY(CaptureDialog::recentTargets().isEmpty());
    }
}

void TestCaptureDialog::aHeaderForAnotherKindOfTargetIsNotInTheWay()
{
    // A header typed for an HTTP target, then the target changed to an inspector: the
    // header field is disabled (an inspector is sent none), so it cannot refuse the capture.
    CaptureDialog dialog;
    QSignalSpy accepted(&dialog, &QDialog::accepted);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    typeInto(&dialog, {QStringLiteral("http://127.0.0.1:6060/debug/pprof/heap"),
                       QStringLiteral("Bearer abc"), -1, 0});
    auto *header = dialog.findChild<QLineEdit *>(QStringLiteral("captureHeader"));
    QCOMPARE(header->text(), QStringLiteral("Bearer abc"));
    typeInto(&dialog, {QStringLiteral("inspect://127.0.0.1:9229"), {}, -1, 0});
    QVERIFY(!header->isEnabled());
    QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("captureStart")),
                      Qt::LeftButton);
    QVERIFY2(accepted.count() == 1,
             qPrintable(dialog.findChild<QLabel *>(QStringLiteral("captureDialogError"))->text()));
    QVERIFY(dialog.request().headers.isEmpty());
}

void TestCaptureDialog::headerReachesTheTargetAndNothingElse()
{
    RecordingServer server(goHeapProfile(), [](int) { return RecordingServer::Answer::Profile; });
    QVERIFY(server.listening());
    MainWindow window;
    window.show();
    const QString secret = QStringLiteral("s3cret-7c1e9a");
    const QString target = server.url(QStringLiteral("/debug/pprof/heap"));
    captureFromTheDialog(window, {target, QStringLiteral("Authorization: Bearer ") + secret, 0, 0});
    QTRY_COMPARE_WITH_TIMEOUT(window.captureCount(), 1, 30000);
    QTRY_COMPARE(window.capturePage(0)->state(), CapturePage::State::Loaded);
    QCOMPARE(server.requests.size(), 1);
    const QByteArray request = server.requests.front();
    QVERIFY2(request.startsWith("GET /debug/pprof/heap HTTP/1.1\r\n"), request.constData());
    const QByteArray sent = "\r\nAuthorization: Bearer " + secret.toUtf8() + "\r\n";
    QVERIFY2(request.contains(sent), request.constData());
    // Remembered: the target. Not the header, anywhere in the settings.
    QCOMPARE(CaptureDialog::recentTargets(), QStringList{target});
    const QString settings = allSettings();
    QVERIFY2(settings.contains(target), qPrintable(settings));
    QVERIFY2(!settings.contains(secret), qPrintable(settings));
    QVERIFY(!settings.contains(QStringLiteral("Bearer")));
    // Nor in the saved capture, nor its file name.
    const QStringList saved = QDir(m_folder).entryList(QDir::Files);
    QCOMPARE(saved.size(), 1);
    QVERIFY(!saved.front().contains(secret));
    QVERIFY(!fileContent(QDir(m_folder).filePath(saved.front())).contains(secret.toUtf8()));
    // The next dialog offers the target again, with an empty header.
    CaptureDialog again;
    QCOMPARE(again.findChild<QComboBox *>(QStringLiteral("captureTarget"))->currentText(), target);
    QVERIFY(again.findChild<QLineEdit *>(QStringLiteral("captureHeader"))->text().isEmpty());
    QVERIFY(again.request().headers.isEmpty());
}

void TestCaptureDialog::cancelDuringACaptureDiscardsIt()
{
    RecordingServer server(goHeapProfile(),
                           [](int) { return RecordingServer::Answer::HalfThenStall; });
    MainWindow window;
    window.show();
    window.openFiles({sharedProfiles() + QStringLiteral("/real/go/cpu-parser.pb.gz")});
    QTRY_COMPARE(window.currentCapturePage()->state(), CapturePage::State::Loaded);
    captureFromTheDialog(window, {server.url(QStringLiteral("/debug/pprof/heap")), {}, 0, 0});
    // Half the profile has come in when Cancel is pressed.
    QTRY_COMPARE_WITH_TIMEOUT(server.requests.size(), 1, 30000);
    QVERIFY(window.captureSession());
    QTRY_VERIFY(window.captureBar()->isVisible());
    auto *cancel = window.captureBar()->findChild<QPushButton *>(QStringLiteral("captureCancel"));
    QVERIFY(cancel->isVisible());
    QTest::mouseClick(cancel, Qt::LeftButton);
    // It stops: the connection is closed, the session ends, the bar goes.
    QTRY_COMPARE_WITH_TIMEOUT(server.abandoned, 1, 30000);
    QTRY_VERIFY(!window.captureSession());
    QVERIFY(window.captureBar()->isHidden());
    // Nothing saved, not even part of a file; the window is as it was.
    QVERIFY(!QDir(m_folder).exists() ||
            QDir(m_folder).entryList(QDir::Files | QDir::Hidden | QDir::System).isEmpty());
    QCOMPARE(window.captureCount(), 1);
    QCOMPARE(window.currentCaptureRow(), 0);
    QCOMPARE(window.capturePage(0)->state(), CapturePage::State::Loaded);
    QTest::qWait(300);
    QCOMPARE(server.requests.size(), 1); // and nothing tried again
    QCOMPARE(window.captureCount(), 1);
}

void TestCaptureDialog::repeatBuildsASeriesOfPages()
{
    RecordingServer server(goHeapProfile(), [](int) { return RecordingServer::Answer::Profile; });
    MainWindow window;
    window.show();
    captureFromTheDialog(window, {server.url(QStringLiteral("/debug/pprof/heap")), {}, 0, 1});
    CaptureSession *session = window.captureSession();
    QVERIFY(session);
    QCOMPARE(session->repeatSeconds(), 1);
    // Each capture of the series is a page of its own, loaded, and a file of its own.
    QTRY_VERIFY_WITH_TIMEOUT(window.captureCount() >= 3, 30000);
    QTRY_COMPARE_WITH_TIMEOUT(session->state(), CaptureSession::State::Waiting, 30000);
    QTest::mouseClick(window.captureBar()->findChild<QPushButton *>(QStringLiteral("captureStop")),
                      Qt::LeftButton);
    QTRY_VERIFY(!window.captureSession());
    const int pages = window.captureCount();
    QCOMPARE(int(server.requests.size()), pages);
    const QStringList saved = QDir(m_folder).entryList(QDir::Files, QDir::Name);
    QCOMPARE(saved.size(), pages);
    QStringList paths;
    for (int row = 0; row < pages; ++row) {
        QTRY_COMPARE(window.capturePage(row)->state(), CapturePage::State::Loaded);
        paths << window.capturePage(row)->paths();
    }
    QCOMPARE(int(window.watchedCaptures().size()), pages); // one series
    paths.sort();
    QStringList expected;
    for (const QString &name : saved)
        expected << QDir(m_folder).absoluteFilePath(name);
    QCOMPARE(paths, expected);
    // The repeat is remembered for the next dialog.
    QCOMPARE(QSettings().value(QStringLiteral("capture/repeatSeconds")).toInt(), 1);
}

void TestCaptureDialog::failureHalfwayThroughASeries_data()
{
    QTest::addColumn<bool>("exits");
    QTest::addColumn<QString>("failure");
    // Captures 3 and 4 answer 500, then it recovers.
    QTest::newRow("answers 500") << false << "HTTP 500 Internal Server Error: profiler exploded";
    // After the second capture nothing listens on the port any more.
    QTest::newRow("exits") << true << "connection refused";
}

void TestCaptureDialog::failureHalfwayThroughASeries()
{
    QFETCH(bool, exits);
    QFETCH(QString, failure);
    using Answer = RecordingServer::Answer;
    RecordingServer server(goHeapProfile(), [exits](int n) {
        if (exits)
            return n == 2 ? Answer::ProfileThenExit : Answer::Profile;
        return n == 3 || n == 4 ? Answer::ServerError : Answer::Profile;
    });
    MainWindow window;
    window.show();
    const QString target = server.url(QStringLiteral("/debug/pprof/heap"));
    captureFromTheDialog(window, {target, {}, 0, 1});
    QVERIFY(window.captureSession());
    // The failure names the target, what went wrong, and which capture of the series.
    QTRY_VERIFY_WITH_TIMEOUT(barText(window).contains(failure), 30000);
    const QString failed = barText(window);
    QVERIFY2(failed.contains(QStringLiteral("Capture 3 of the series failed: ") + target),
             qPrintable(failed));
    // What was captured stays.
    QCOMPARE(window.captureCount(), 2);
    for (int row = 0; row < 2; ++row)
        QTRY_COMPARE(window.capturePage(row)->state(), CapturePage::State::Loaded);
    // The series goes on, as documented: the fourth fails too, the fifth comes in again
    // from a service that recovered.
    QTRY_VERIFY_WITH_TIMEOUT(barText(window).contains(QStringLiteral("Capture 4 of the series")),
                             30000);
    QVERIFY(window.captureSession());
    if (!exits)
        QTRY_COMPARE_WITH_TIMEOUT(window.captureCount(), 3, 30000);
    QTRY_COMPARE_WITH_TIMEOUT(window.captureSession()->state(), CaptureSession::State::Waiting,
                              30000);
    QTest::mouseClick(window.captureBar()->findChild<QPushButton *>(QStringLiteral("captureStop")),
                      Qt::LeftButton);
    QTRY_VERIFY(!window.captureSession());
    QCOMPARE(window.captureCount(), exits ? 2 : 3);
    QCOMPARE(server.requests.size(), exits ? 2 : 5);
    QCOMPARE(QDir(m_folder).entryList(QDir::Files).size(), window.captureCount());
    for (int row = 0; row < window.captureCount(); ++row)
        QTRY_COMPARE(window.capturePage(row)->state(), CapturePage::State::Loaded);
    QCOMPARE(int(window.watchedCaptures().size()), window.captureCount());
}

void TestCaptureDialog::stopAndCancelWhileRecordingNode()
{
    const QString nodeProgram = QStandardPaths::findExecutable(QStringLiteral("node"));
    EMBERS_REQUIRE_TOOL(!nodeProgram.isEmpty(), "Node (node)");
    NodeInspectorTarget node;
    QString error;
    const QString target =
        node.start(nodeProgram, testData() + QStringLiteral("/capture/target.js"), &error);
    QVERIFY2(!target.isEmpty(), qPrintable(error));
    MainWindow window;
    window.show();
    window.openFiles({sharedProfiles() + QStringLiteral("/real/go/cpu-parser.pb.gz")});
    QTRY_COMPARE(window.currentCapturePage()->state(), CapturePage::State::Loaded);
    auto *bar = window.captureBar();
    auto *cancel = bar->findChild<QPushButton *>(QStringLiteral("captureCancel"));
    auto *stop = bar->findChild<QPushButton *>(QStringLiteral("captureStop"));

    // CPU until stopped, cancelled while it records: nothing kept.
    captureFromTheDialog(window, {target, {}, 0, 0});
    QTRY_VERIFY_WITH_TIMEOUT(
        barText(window).contains(QStringLiteral("Recording CPU from ") + target), 30000);
    QVERIFY(stop->isVisible());
    QTest::mouseClick(cancel, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!window.captureSession(), 30000);
    QVERIFY(bar->isHidden());
    QVERIFY(!QDir(m_folder).exists() || QDir(m_folder).entryList(QDir::Files).isEmpty());
    QCOMPARE(window.captureCount(), 1);
    QCOMPARE(window.currentCaptureRow(), 0);

    // The same again, stopped: what was recorded is kept and opens as the current page.
    captureFromTheDialog(window, {target, {}, 0, 0});
    QTRY_VERIFY_WITH_TIMEOUT(
        barText(window).contains(QStringLiteral("Recording CPU from ") + target), 30000);
    QTest::qWait(500); // some ticks to keep
    QTest::mouseClick(stop, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(window.captureCount(), 2, 30000);
    QTRY_COMPARE(window.capturePage(1)->state(), CapturePage::State::Loaded);
    QTRY_VERIFY(!window.captureSession());
    QCOMPARE(window.currentCaptureRow(), 1);
    QCOMPARE(QDir(m_folder).entryList(QDir::Files).size(), 1);
    QCOMPARE(window.capturePage(0)->state(), CapturePage::State::Loaded);
}

QTEST_MAIN(TestCaptureDialog)
#include "tst_capturedialog.moc"
