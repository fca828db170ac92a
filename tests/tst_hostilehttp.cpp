// Capture targets over HTTP that are not to be trusted: fake servers here on loopback
// (plain and TLS) that redirect credentials elsewhere, answer with secrets in the URL,
// send bodies that are no usable profile, chain redirects, put terminal escapes in their
// errors, or present a certificate nobody signed. Each test is one defect of issue 45;
// the command line's parts run the embers binary as a user runs it.
#include "CaptureBar.h"
#include "CaptureDialog.h"
#include "CaptureSession.h"
#include "CaptureTarget.h"

#include "TestData.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QProcess>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QWebSocket>
#include <QWebSocketServer>
#include <QtTest>

#include <functional>
#include <map>
#include <memory>

#include <zlib.h>

using namespace embers;
using namespace embers::test;

namespace {

// The redirects a fetch follows, as docs/cli.md documents them.
constexpr int kMaxHttpRedirects = 5;

QByteArray httpResponse(const QByteArray &status, const QByteArray &body,
                        const QByteArray &extraHeaders = {},
                        const QByteArray &type = "application/octet-stream")
{
    return "HTTP/1.1 " + status + "\r\nContent-Type: " + type +
           "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n" + extraHeaders +
           "Connection: close\r\n\r\n" + body;
}

QByteArray redirectTo(const QByteArray &location)
{
    return httpResponse("302 Found", "moved\n", "Location: " + location + "\r\n", "text/plain");
}

// A loopback server (plain, or TLS with `tls`) that answers each GET by its path (without
// the query) from its routes, 404 otherwise, and keeps every request it was sent.
class FakeServer : public QObject
{
public:
    using Route = std::function<QByteArray(const QByteArray &request)>;

    explicit FakeServer(const QSslConfiguration *tls = nullptr)
    {
        if (tls) {
            auto *server = new QSslServer(this);
            server->setSslConfiguration(*tls);
            m_server = server;
        } else {
            m_server = new QTcpServer(this);
        }
        m_server->listen(QHostAddress::LocalHost, 0);
        connect(m_server, &QTcpServer::pendingConnectionAvailable, this, [this] {
            while (QTcpSocket *s = m_server->nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, this, [this, s] { answer(s); });
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
                if (s->bytesAvailable() > 0)
                    answer(s);
            }
        });
    }
    void route(const QByteArray &path, Route answer) { m_routes[path] = std::move(answer); }
    void route(const QByteArray &path, const QByteArray &response)
    {
        m_routes[path] = [response](const QByteArray &) { return response; };
    }
    quint16 port() const { return m_server->serverPort(); }
    QByteArray base(const QByteArray &scheme = "http") const
    {
        return scheme + "://127.0.0.1:" + QByteArray::number(port());
    }
    // Every request, joined: what this server was told.
    QByteArray everything() const { return requests.join("\n--\n"); }

    QList<QByteArray> requests;

private:
    void answer(QTcpSocket *s)
    {
        QByteArray &seen = m_pending[s];
        seen += s->readAll();
        if (!seen.contains("\r\n\r\n"))
            return;
        const QByteArray request = seen;
        m_pending.remove(s);
        requests << request;
        const QList<QByteArray> words = request.split(' ');
        const QByteArray path = words.value(1).split('?').front();
        const auto found = m_routes.find(path);
        s->write(found != m_routes.end()
                     ? found->second(request)
                     : httpResponse("404 Not Found", "404 page not found\n", {}, "text/plain"));
        s->disconnectFromHost();
    }

    QTcpServer *m_server;
    std::map<QByteArray, Route> m_routes;
    QHash<QTcpSocket *, QByteArray> m_pending;
};

// A V8 inspector on loopback that lists one target and refuses every method it is sent
// with `message` as its error.
class RefusingInspector : public QObject
{
public:
    explicit RefusingInspector(const QString &message)
        : m_socketServer(QStringLiteral("fake inspector"), QWebSocketServer::NonSecureMode)
    {
        m_socketServer.listen(QHostAddress::LocalHost, 0);
        connect(&m_socketServer, &QWebSocketServer::newConnection, this, [this, message] {
            while (QWebSocket *socket = m_socketServer.nextPendingConnection()) {
                connect(socket, &QWebSocket::disconnected, socket, &QObject::deleteLater);
                connect(socket, &QWebSocket::textMessageReceived, socket,
                        [socket, message](const QString &text) {
                            const int id =
                                QJsonDocument::fromJson(text.toUtf8()).object().value("id").toInt();
                            const QJsonObject error{{"code", -32000}, {"message", message}};
                            const QJsonObject reply{{"id", id}, {"error", error}};
                            socket->sendTextMessage(QString::fromUtf8(
                                QJsonDocument(reply).toJson(QJsonDocument::Compact)));
                        });
            }
        });
        const QByteArray socketUrl =
            "ws://127.0.0.1:" + QByteArray::number(m_socketServer.serverPort()) + "/t1";
        m_http.route("/json/list",
                     httpResponse("200 OK",
                                  R"([{"id":"t1","type":"node","title":"app",)"
                                  R"("url":"file:///app.js","webSocketDebuggerUrl":")" +
                                      socketUrl + R"("}])",
                                  {}, "application/json"));
    }
    QString target() const { return QStringLiteral("inspect://127.0.0.1:%1").arg(m_http.port()); }

private:
    QWebSocketServer m_socketServer;
    FakeServer m_http;
};

struct CliRun
{
    int status = -1;
    QByteArray out;
    QByteArray err;
};

// Runs the embers binary while this process's event loop turns (its servers must answer),
// without a display.
CliRun runCli(const QStringList &arguments, const QProcessEnvironment &extra = {})
{
    QProcess cli;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("EMBERS_CAPTURE_HEADERS"));
    for (const QString &key : extra.keys())
        env.insert(key, extra.value(key));
    cli.setProcessEnvironment(env);
    QSignalSpy finished(&cli, &QProcess::finished);
    cli.start(qEnvironmentVariable("EMBERS_BINARY"), arguments);
    if (!finished.wait(90000)) {
        cli.kill();
        cli.waitForFinished();
        return {};
    }
    return {cli.exitStatus() == QProcess::NormalExit ? cli.exitCode() : -1,
            cli.readAllStandardOutput(), cli.readAllStandardError()};
}

QByteArray goHeapProfile()
{
    return fileContent(sharedProfiles() + QStringLiteral("/real/go/heap-cache.pb.gz"));
}

QByteArray gzipOf(const QByteArray &data)
{
    z_stream z{};
    deflateInit2(&z, 1, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
    QByteArray out(qsizetype(deflateBound(&z, uLong(data.size()))), Qt::Uninitialized);
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
    z.avail_in = uInt(data.size());
    z.next_out = reinterpret_cast<Bytef *>(out.data());
    z.avail_out = uInt(out.size());
    deflate(&z, Z_FINISH);
    out.truncate(qsizetype(z.total_out));
    deflateEnd(&z);
    return out;
}

bool hasControlCharacter(const QByteArray &text)
{
    for (const char c : text) {
        if ((uchar(c) < 0x20 && c != '\n') || uchar(c) == 0x7f)
            return true;
    }
    return false;
}

QStringList filesIn(const QString &folder)
{
    return QDir(folder).entryList(QDir::Files | QDir::NoDotAndDotDot);
}

} // namespace

class TestHostileHttp : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void credentialsStayWithTheirHost();
    void secretsAreNeverPrinted();
    void secretsStayOutOfTheWindow();
    void unusableBodiesAreNotSaved_data();
    void unusableBodiesAreNotSaved();
    void unusableBodyInTheWindowIsNotKept();
    void redirectsWithinTheLimitAreFollowed();
    void targetTextIsEscaped_data();
    void targetTextIsEscaped();
    void targetTextIsEscapedInTheWindow();
    void inspectorErrorIsEscaped();
    void discoveredTextIsEscaped();
    void selfSignedCertificateIsRefused();
    void trustedCaFileIsAccepted();

private:
    QString folder(const char *name) const { return m_dir.filePath(QLatin1String(name)); }
    bool makeCertificate(QSslConfiguration *tls, QString *caFile);

    QTemporaryDir m_dir;
    QByteArray m_profile;
};

void TestHostileHttp::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // the dialog's settings are not the user's
    QVERIFY(m_dir.isValid());
    m_profile = goHeapProfile();
    QVERIFY(!m_profile.isEmpty());
}

// A redirect to another place gets neither the --header values, nor the environment's,
// nor the URL's user info; the named host gets them all, and the profile is fetched.
void TestHostileHttp::credentialsStayWithTheirHost()
{
    FakeServer other;
    other.route("/stolen.pb.gz", httpResponse("200 OK", m_profile));
    FakeServer named;
    named.route("/download", redirectTo(other.base() + "/stolen.pb.gz"));
    QProcessEnvironment env;
    env.insert(QStringLiteral("EMBERS_CAPTURE_HEADERS"), QStringLiteral("X-Api-Key: env-k3y"));
    const QString target =
        QStringLiteral("http://alice:pa55word@127.0.0.1:%1/download").arg(named.port());
    const CliRun run =
        runCli({QStringLiteral("--top"), QStringLiteral("--captures=") + folder("c1"),
                QStringLiteral("--header=Authorization: Bearer s3cret-token"), target},
               env);
    QVERIFY2(run.status == 0, run.err.constData());
    QVERIFY(run.out.contains("Type: inuse_space"));
    QVERIFY(named.everything().contains("Authorization: Bearer s3cret-token"));
    QVERIFY(named.everything().contains("X-Api-Key: env-k3y"));
    QCOMPARE(other.requests.size(), 1);
    const QByteArray leaked = other.everything();
    for (const char *secret :
         {"s3cret-token", "env-k3y", "Authorization", "X-Api-Key", "alice", "pa55word"})
        QVERIFY2(!leaked.contains(secret), leaked.constData());
}

// A password in the URL, a --header or EMBERS_CAPTURE_HEADERS without its colon: none
// of it is printed, whatever goes wrong.
void TestHostileHttp::secretsAreNeverPrinted()
{
    FakeServer server;
    const QString target =
        QStringLiteral("http://alice:pa55word@127.0.0.1:%1/debug/pprof/heap").arg(server.port());
    const CliRun notFound =
        runCli({QStringLiteral("--top"), QStringLiteral("--captures=") + folder("c2"), target});
    QCOMPARE(notFound.status, 1);
    QVERIFY2(notFound.err.contains("HTTP 404"), notFound.err.constData());
    QVERIFY2(notFound.err.contains(QByteArray(QByteArray("embers: http://alice@127.0.0.1:") +
                                              QByteArray::number(server.port()))),
             notFound.err.constData());
    QVERIFY2(!notFound.err.contains("pa55word") && !notFound.out.contains("pa55word"),
             notFound.err.constData());

    const QString plain = QStringLiteral("http://127.0.0.1:%1/x").arg(server.port());
    const CliRun badOption =
        runCli({QStringLiteral("--top"),
                QStringLiteral("--header=Authorization Bearer s3cret-token"), plain});
    QCOMPARE(badOption.status, 2);
    QVERIFY2(badOption.err.contains("--header"), badOption.err.constData());
    QVERIFY2(!badOption.err.contains("s3cret-token"), badOption.err.constData());

    for (const QString &bad : {QStringLiteral("Authorization Bearer s3cret-token"),
                               QStringLiteral("X-Ok: 1\nBearer s3cret-token: x")}) {
        QProcessEnvironment env;
        env.insert(QStringLiteral("EMBERS_CAPTURE_HEADERS"), bad);
        const CliRun badEnvironment = runCli({QStringLiteral("--top"), plain}, env);
        QCOMPARE(badEnvironment.status, 2);
        QVERIFY2(badEnvironment.err.contains("EMBERS_CAPTURE_HEADERS"),
                 badEnvironment.err.constData());
        QVERIFY2(!badEnvironment.err.contains("s3cret-token"), badEnvironment.err.constData());
    }
    QVERIFY(server.requests.size() == 1);
}

// The window's capture bar and its failure message name the target without its password.
void TestHostileHttp::secretsStayOutOfTheWindow()
{
    QTcpServer silent; // accepts and never answers: the bar shows the target meanwhile
    QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
    CaptureRequest request;
    request.target = QStringLiteral("http://alice:pa55word@127.0.0.1:%1/debug/pprof/heap")
                         .arg(silent.serverPort());
    request.timeoutSeconds = 1;
    CaptureSession session(request, folder("w1"));
    CaptureBar bar;
    bar.setSession(&session);
    QSignalSpy failed(&session, &CaptureSession::failed);
    session.start();
    auto *text = bar.findChild<QLabel *>(QStringLiteral("captureBarText"));
    QVERIFY(text);
    QVERIFY2(text->text().contains(QStringLiteral("alice@127.0.0.1")), qPrintable(text->text()));
    QVERIFY2(!text->text().contains(QStringLiteral("pa55word")), qPrintable(text->text()));
    QVERIFY(failed.wait(20000));
    const QString message = failed.front().front().toString();
    QVERIFY2(message.startsWith(QStringLiteral("http://alice@127.0.0.1:")), qPrintable(message));
    QVERIFY2(!message.contains(QStringLiteral("pa55word")), qPrintable(message));
    bar.showMessage(message, true);
    QVERIFY(!text->text().contains(QStringLiteral("pa55word")));
}

void TestHostileHttp::unusableBodiesAreNotSaved_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("16 zero bytes") << QByteArray(16, '\0');
    QTest::newRow("an empty string table entry") << QByteArray("\x32\x00", 2);
    // Decodes as nothing but skipped fields: 64 MiB stand for the issue's 1 GiB.
    QTest::newRow("gzip'd zeros") << gzipOf(QByteArray(64 << 20, '\0'));
}

// A 200 whose body opens as no usable profile: one message naming the target, no
// "Saved profile", nothing left in the captures folder, no export written.
void TestHostileHttp::unusableBodiesAreNotSaved()
{
    QFETCH(QByteArray, body);
    FakeServer server;
    server.route("/debug/pprof/heap", httpResponse("200 OK", body));
    const QString target = QString::fromLatin1(server.base() + "/debug/pprof/heap");
    static int round = 0;
    const QString captures = folder("c3-") + QString::number(++round);
    const QString out = captures + QStringLiteral("-export.pb.gz");
    for (const QStringList &mode :
         {QStringList{QStringLiteral("--top")}, QStringList{QStringLiteral("--export=") + out}}) {
        const CliRun run =
            runCli(mode + QStringList{QStringLiteral("--captures=") + captures, target});
        QCOMPARE(run.status, 1);
        QVERIFY2(run.err.contains(QByteArray("embers: " + target.toUtf8() + ": ")),
                 run.err.constData());
        QVERIFY2(!run.err.contains("Saved profile"), run.err.constData());
        QVERIFY(run.out.isEmpty());
        QVERIFY2(filesIn(captures).isEmpty(), qPrintable(filesIn(captures).join(QLatin1Char(' '))));
        QVERIFY(!QFileInfo::exists(out));
    }
}

// The window's capture of such a body: the failure names the target, and no file stays.
void TestHostileHttp::unusableBodyInTheWindowIsNotKept()
{
    FakeServer server;
    server.route("/debug/pprof/heap", httpResponse("200 OK", QByteArray(16, '\0')));
    CaptureRequest request;
    request.target = QString::fromLatin1(server.base() + "/debug/pprof/heap");
    const QString captures = folder("w2");
    CaptureSession session(request, captures);
    QSignalSpy failed(&session, &CaptureSession::failed);
    QSignalSpy captured(&session, &CaptureSession::captured);
    session.start();
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), CaptureSession::State::Ended, 20000);
    QCOMPARE(captured.size(), 0);
    QCOMPARE(failed.size(), 1);
    const QString message = failed.front().front().toString();
    QVERIFY2(message.startsWith(request.target + QStringLiteral(": ")), qPrintable(message));
    QVERIFY(filesIn(captures).isEmpty());
}

// Up to kMaxHttpRedirects hops on the named host are followed, its headers sent at each;
// one more, or a loop, is "too many redirects".
void TestHostileHttp::redirectsWithinTheLimitAreFollowed()
{
    FakeServer server;
    server.route("/r/0", [this](const QByteArray &request) {
        return request.contains("\r\nAuthorization: Bearer s3cret\r\n")
                   ? httpResponse("200 OK", m_profile)
                   : httpResponse("401 Unauthorized", "missing token\n", {}, "text/plain");
    });
    for (int hop = 1; hop <= kMaxHttpRedirects + 1; ++hop)
        server.route("/r/" + QByteArray::number(hop),
                     redirectTo("/r/" + QByteArray::number(hop - 1)));
    server.route("/loop", redirectTo("/loop"));
    const auto capture = [&](const QByteArray &path) {
        return runCli({QStringLiteral("--top"), QStringLiteral("--captures=") + folder("c4"),
                       QStringLiteral("--header=Authorization: Bearer s3cret"),
                       QString::fromLatin1(server.base() + path)});
    };
    for (int hops : {2, kMaxHttpRedirects}) {
        const CliRun run = capture("/r/" + QByteArray::number(hops));
        QVERIFY2(run.status == 0, run.err.constData());
        QVERIFY(run.out.contains("Type: inuse_space"));
    }
    for (const QByteArray &path :
         QList<QByteArray>{"/r/" + QByteArray::number(kMaxHttpRedirects + 1), "/loop"}) {
        const CliRun run = capture(path);
        QCOMPARE(run.status, 1);
        QVERIFY2(run.err.contains("too many redirects"), run.err.constData());
        QVERIFY(!run.err.contains("Saved profile"));
    }
}

void TestHostileHttp::targetTextIsEscaped_data()
{
    QTest::addColumn<QByteArray>("response");
    // A JSON error body's message is quoted: here with a retitle and a forged line.
    QTest::newRow("json error") << httpResponse(
        "200 OK", R"({"error":"denied\u001b]0;pwned\u0007\nSaved profile in /tmp/forged.pb.gz"})",
        {}, "application/json");
    QTest::newRow("status line and body")
        << httpResponse("500 \x1b[2J\x1b]0;pwned\x07Oops",
                        "\x1b[31mfailed\x1b[0m\x08\x08\x08\x08\x08\x08 fine\n", {}, "text/plain");
}

// What the target wrote reaches the terminal with its control characters escaped: no
// escape sequence, no line of its own.
void TestHostileHttp::targetTextIsEscaped()
{
    QFETCH(QByteArray, response);
    FakeServer server;
    server.route("/debug/pprof/heap", response);
    const QString target = QString::fromLatin1(server.base() + "/debug/pprof/heap");
    const CliRun run =
        runCli({QStringLiteral("--top"), QStringLiteral("--captures=") + folder("c5"), target});
    QCOMPARE(run.status, 1);
    QVERIFY2(!hasControlCharacter(run.err), run.err.toPercentEncoding(" :/").constData());
    const QList<QByteArray> lines = run.err.trimmed().split('\n');
    QCOMPARE(lines.size(), 2); // "Fetching profile ...", then the failure
    QVERIFY2(lines.back().startsWith(QByteArray("embers: " + target.toUtf8())),
             run.err.constData());
    QVERIFY2(lines.back().contains("\\x1b"), run.err.constData());
}

// The window shows the same failure escaped: one line, nothing that steers the display.
void TestHostileHttp::targetTextIsEscapedInTheWindow()
{
    FakeServer server;
    server.route("/debug/pprof/heap",
                 httpResponse("200 OK", R"({"error":"denied\u001b]0;pwned\u0007\u202e\nforged"})",
                              {}, "application/json"));
    CaptureRequest request;
    request.target = QString::fromLatin1(server.base() + "/debug/pprof/heap");
    CaptureSession session(request, folder("w3"));
    QSignalSpy failed(&session, &CaptureSession::failed);
    session.start();
    QVERIFY(failed.wait(20000));
    const QString message = failed.front().front().toString();
    QVERIFY2(message.startsWith(request.target), qPrintable(message));
    QVERIFY2(!hasControlCharacter(message.toUtf8()) && !message.contains(QLatin1Char('\n')) &&
                 !message.contains(QChar(0x202e)),
             qPrintable(message));
    QVERIFY(message.contains(QStringLiteral("\\x1b")));
}

// An inspector's error string, with a retitle and a forged line, printed escaped; the
// window's message too.
void TestHostileHttp::inspectorErrorIsEscaped()
{
    RefusingInspector inspector(
        QStringLiteral("denied\x1b]0;pwned\x07\nSaved profile in /tmp/forged.pb.gz\u202e"));
    const CliRun run = runCli({QStringLiteral("--top"), QStringLiteral("--seconds=1"),
                               QStringLiteral("--captures=") + folder("c8"), inspector.target()});
    QCOMPARE(run.status, 1);
    QVERIFY2(!hasControlCharacter(run.err), run.err.toPercentEncoding(" :/").constData());
    QVERIFY2(!run.err.contains("\nSaved profile") && !run.err.contains("\xe2\x80\xae"),
             run.err.constData());
    QVERIFY2(run.err.contains(QByteArray("embers: " + inspector.target().toUtf8() + ": ")),
             run.err.constData());
    QVERIFY2(run.err.contains("\\x1b]0;pwned\\x07\\nSaved profile"), run.err.constData());

    CaptureRequest request;
    request.target = inspector.target();
    request.seconds = 1;
    CaptureSession session(request, folder("w4"));
    QSignalSpy failed(&session, &CaptureSession::failed);
    session.start();
    QVERIFY(failed.wait(20000));
    const QString message = failed.front().front().toString();
    QVERIFY2(!hasControlCharacter(message.toUtf8()) && !message.contains(QLatin1Char('\n')) &&
                 !message.contains(QChar(0x202e)),
             qPrintable(message));
}

// The capture dialog's Discover: an inspector's target titles in the list, a service's
// error in the status line, each escaped.
void TestHostileHttp::discoveredTextIsEscaped()
{
    FakeServer inspector;
    inspector.route("/json/list",
                    httpResponse("200 OK",
                                 R"([{"id":"t1","type":"node","title":"app\u001b]0;pwned\u0007)"
                                 R"(\u202e\nforged","url":"file:///app.js",)"
                                 R"("webSocketDebuggerUrl":"ws://127.0.0.1:1/t1"}])",
                                 {}, "application/json"));
    CaptureDialog dialog;
    dialog.setTarget(QStringLiteral("inspect://127.0.0.1:%1").arg(inspector.port()));
    dialog.discover();
    auto *offered = dialog.findChild<QListWidget *>(QStringLiteral("captureOffered"));
    QVERIFY(offered);
    QTRY_COMPARE_WITH_TIMEOUT(offered->count(), 1, 20000);
    const QString title = offered->item(0)->text();
    QVERIFY2(title.startsWith(QStringLiteral("app")) && !hasControlCharacter(title.toUtf8()) &&
                 !title.contains(QLatin1Char('\n')) && !title.contains(QChar(0x202e)),
             qPrintable(title));

    FakeServer service;
    service.route("/debug/pprof/",
                  httpResponse("500 \x1b]0;pwned\x07Oops", "\x1b[2Jbroken\n", {}, "text/plain"));
    const QString target = QString::fromLatin1(service.base());
    dialog.setTarget(target);
    dialog.discover();
    const auto status = [&dialog] {
        for (const QLabel *label : dialog.findChildren<QLabel *>()) {
            if (label->text().contains(QStringLiteral("HTTP 500")))
                return label->text();
        }
        return QString();
    };
    QTRY_VERIFY_WITH_TIMEOUT(!status().isEmpty(), 20000);
    QVERIFY2(status().startsWith(target) && !hasControlCharacter(status().toUtf8()),
             qPrintable(status()));
    QVERIFY(status().contains(QStringLiteral("\\x1b")));
}

// A self-signed certificate for 127.0.0.1, made with openssl for this run.
bool TestHostileHttp::makeCertificate(QSslConfiguration *tls, QString *caFile)
{
    const QString openssl = QStandardPaths::findExecutable(QStringLiteral("openssl"));
    if (openssl.isEmpty())
        return false;
    const QString key = m_dir.filePath(QStringLiteral("key.pem"));
    *caFile = m_dir.filePath(QStringLiteral("cert.pem"));
    if (!QFileInfo::exists(*caFile)) {
        QProcess make;
        make.start(openssl,
                   {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                    QStringLiteral("rsa:2048"), QStringLiteral("-nodes"), QStringLiteral("-keyout"),
                    key, QStringLiteral("-out"), *caFile, QStringLiteral("-days"),
                    QStringLiteral("2"), QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"),
                    QStringLiteral("-addext"), QStringLiteral("subjectAltName=IP:127.0.0.1")});
        if (!make.waitForFinished(60000) || make.exitCode() != 0) {
            qWarning() << make.readAllStandardError();
            return false;
        }
    }
    const QList<QSslCertificate> certificates = QSslCertificate::fromPath(*caFile);
    QFile keyFile(key);
    if (certificates.isEmpty() || !keyFile.open(QIODevice::ReadOnly))
        return false;
    *tls = QSslConfiguration::defaultConfiguration();
    tls->setLocalCertificate(certificates.front());
    tls->setPrivateKey(QSslKey(&keyFile, QSsl::Rsa));
    return true;
}

// Certificates are verified: a self-signed target fails with a message that says so.
void TestHostileHttp::selfSignedCertificateIsRefused()
{
    QSslConfiguration tls;
    QString caFile;
    QVERIFY2(makeCertificate(&tls, &caFile), "openssl could not make a certificate");
    FakeServer server(&tls);
    server.route("/debug/pprof/heap", httpResponse("200 OK", m_profile));
    const QString target = QString::fromLatin1(server.base("https") + "/debug/pprof/heap");
    const CliRun run =
        runCli({QStringLiteral("--top"), QStringLiteral("--captures=") + folder("c6"), target});
    QCOMPARE(run.status, 1);
    QVERIFY2(run.err.contains(QByteArray("embers: " + target.toUtf8() + ": ")),
             run.err.constData());
    QVERIFY2(run.err.contains("not trusted") && run.err.contains("self-signed"),
             run.err.constData());
    QVERIFY(server.requests.isEmpty());
}

// --cacert=FILE trusts the CA in FILE: the same target is captured.
void TestHostileHttp::trustedCaFileIsAccepted()
{
    QSslConfiguration tls;
    QString caFile;
    QVERIFY2(makeCertificate(&tls, &caFile), "openssl could not make a certificate");
    FakeServer server(&tls);
    server.route("/debug/pprof/heap", httpResponse("200 OK", m_profile));
    const QString target = QString::fromLatin1(server.base("https") + "/debug/pprof/heap");
    const CliRun run =
        runCli({QStringLiteral("--top"), QStringLiteral("--captures=") + folder("c7"),
                QStringLiteral("--cacert=") + caFile, target});
    QVERIFY2(run.status == 0, run.err.constData());
    QVERIFY(run.out.contains("Type: inuse_space"));
    // The window's captures trust the environment's CA file.
    qputenv("EMBERS_CAPTURE_CACERT", caFile.toLocal8Bit());
    CaptureDialog dialog;
    dialog.setTarget(target);
    const CaptureRequest request = dialog.request();
    qunsetenv("EMBERS_CAPTURE_CACERT");
    CaptureSession session(request, folder("w5"));
    QSignalSpy captured(&session, &CaptureSession::captured);
    QSignalSpy failed(&session, &CaptureSession::failed);
    session.start();
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), CaptureSession::State::Ended, 20000);
    QVERIFY2(failed.isEmpty(),
             qPrintable(failed.isEmpty() ? QString() : failed.front().front().toString()));
    QCOMPARE(captured.size(), 1);
    const CliRun missing = runCli(
        {QStringLiteral("--top"), QStringLiteral("--cacert=") + folder("no-such.pem"), target});
    QCOMPARE(missing.status, 2);
    QVERIFY2(missing.err.contains("--cacert"), missing.err.constData());
}

QTEST_MAIN(TestHostileHttp)
#include "tst_hostilehttp.moc"
