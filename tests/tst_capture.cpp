// Capture on demand against real targets started here on loopback: a Go service with
// net/http/pprof, Node with its inspector (plain and a bundled TypeScript service with its
// source map), workerd; and every fault from a small server made to misbehave. Every port
// is one the kernel picked, read back from the program or the socket holding it. Each
// target's hot and allocating functions are known by construction
// (tests/data/capture/README.md).
#include "CaptureStore.h"
#include "CaptureTarget.h"
#include "HttpCapture.h"
#include "InspectorCapture.h"
#include "ProfileCapture.h"

#include "Capture.h"
#include "ProgramRuns.h"
#include "RequiredTool.h"
#include "TestData.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QWebSocket>
#include <QWebSocketServer>
#include <QtTest>

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <memory>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace embers;
using namespace embers::test;

namespace {

constexpr const char *kGo = "Go (Debian's golang-go)";
constexpr const char *kNode = "Node (node)";
constexpr const char *kWorkerd = "workerd (npm's workerd package, EMBERS_WORKERD)";

// A process started for a test and stopped with it.
struct Target
{
    std::unique_ptr<QProcess> process;
    QString address;     // host:port it serves (HTTP) or its inspector's
    QStringList matched; // what the start pattern captured
    ~Target()
    {
        if (process && process->state() != QProcess::NotRunning) {
            process->kill();
            process->waitForFinished(5000);
        }
    }
};

// Starts `program` and waits for `pattern`'s first capture in its output.
bool startTarget(Target *target, const QString &program, const QStringList &arguments,
                 const QRegularExpression &pattern, const QProcessEnvironment &env = {},
                 QProcess::ProcessChannel channel = QProcess::StandardOutput)
{
    target->process = std::make_unique<QProcess>();
    if (!env.isEmpty())
        target->process->setProcessEnvironment(env);
    target->process->start(program, arguments);
    if (!target->process->waitForStarted(10000))
        return false;
    QByteArray seen;
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < 20000) {
        target->process->waitForReadyRead(200);
        seen += channel == QProcess::StandardOutput ? target->process->readAllStandardOutput()
                                                    : target->process->readAllStandardError();
        const QRegularExpressionMatch m = pattern.match(QString::fromUtf8(seen));
        if (m.hasMatch()) {
            target->address = m.captured(1);
            target->matched = m.capturedTexts();
            return true;
        }
        if (target->process->state() == QProcess::NotRunning)
            break;
    }
    qWarning() << program << "did not start:" << seen;
    return false;
}

// The Go target's environment, without asynchronous preemption: how often the runtime
// preempts hotSpin's loop, and so how many of its samples land in runtime.asyncPreempt
// instead, follows the machine's load (on a loaded machine, more than hotSpin's own).
QProcessEnvironment goEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GODEBUG"), QStringLiteral("asyncpreemptoff=1"));
    return env;
}

// Runs the capture to its end (bounded) and returns its phase.
ProfileCapture::Phase runCapture(ProfileCapture *capture, int limitMs = 60000)
{
    QSignalSpy done(capture, &ProfileCapture::done);
    capture->start();
    if (!capture->isDone())
        done.wait(limitMs);
    return capture->phase();
}

std::shared_ptr<const Capture> openSaved(const QString &path,
                                         std::shared_ptr<Profile> preloaded = nullptr)
{
    OpenOptions options;
    options.model.granularity = Granularity::FileFunctions;
    options.preloaded = {preloaded};
    OpenResult opened = openCapture({path}, options);
    if (!opened.capture)
        qWarning() << opened.error;
    return opened.capture;
}

// The frame with the largest flat value in the column, by name.
QString hottest(const Capture &capture, const char *column)
{
    const int c = capture.stacks->columnByName(column, nullptr);
    if (c < 0)
        return {};
    const FunctionTable &f = *capture.functions;
    const StackTable &stacks = *capture.stacks;
    int64_t best = -1;
    QString name;
    for (uint32_t frame = 0; frame < f.frameCount(); ++frame) {
        const int64_t v = f.flat(frame, size_t(c));
        const QString n = QString::fromStdString(stacks.strings[stacks.frames[frame].name]);
        // V8's pseudo-frames and builtins are not the program's functions.
        if (n.startsWith(QLatin1Char('(')) || n == QLatin1String("processImmediate"))
            continue;
        if (v > best) {
            best = v;
            name = n;
        }
    }
    return name;
}

QString frameFiles(const Capture &capture)
{
    QStringList files;
    for (const Frame &frame : capture.stacks->frames)
        files << QString::fromStdString(capture.stacks->strings[frame.file]);
    return files.join(QLatin1Char('\n'));
}

// A loopback HTTP server that answers every request the same way, well or badly.
class MisbehavingServer : public QObject
{
public:
    enum Mode {
        NotFound,      // 404 with a text body
        HtmlPage,      // 200, an HTML login page
        JsonError,     // 200, a JSON error body
        Dropped,       // promises 1 MB, sends 100 bytes, closes
        Stall,         // accepts, never answers
        Endless,       // a chunked body that never ends
        RedirectHttps, // 302 to https://
        NoTargets,     // /json/list: []
        TargetInUse,   // /json/list: a target without webSocketDebuggerUrl
        NeedsToken,    // 401 unless "Authorization: Bearer s3cret", then a pprof
        Serve,         // 200 and the body given
    };
    MisbehavingServer(Mode mode, QByteArray profile = {})
        : m_mode(mode), m_profile(std::move(profile))
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection()) {
                m_sockets << s;
                connect(s, &QTcpSocket::readyRead, this, [this, s] { answer(s); });
            }
        });
        connect(&m_drip, &QTimer::timeout, this, [this] {
            for (QTcpSocket *s : std::as_const(m_sockets))
                if (s->state() == QAbstractSocket::ConnectedState)
                    s->write("4000\r\n" + QByteArray(0x4000, 'x') + "\r\n");
        });
    }
    QString base() const
    {
        return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort());
    }
    quint16 port() const { return m_server.serverPort(); }
    QByteArray lastRequest;

private:
    void reply(QTcpSocket *s, const QByteArray &status, const QByteArray &type,
               const QByteArray &body, const QByteArray &extra = {})
    {
        s->write("HTTP/1.1 " + status + "\r\nContent-Type: " + type +
                 "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n" + extra +
                 "Connection: close\r\n\r\n" + body);
        s->disconnectFromHost();
    }
    void answer(QTcpSocket *s)
    {
        lastRequest += s->readAll();
        if (!lastRequest.contains("\r\n\r\n"))
            return;
        switch (m_mode) {
        case NotFound:
            return reply(s, "404 Not Found", "text/plain", "404 page not found\n");
        case HtmlPage:
            return reply(s, "200 OK", "text/html",
                         "<!DOCTYPE html>\n<html><head><title>Sign in</title></head></html>\n");
        case JsonError:
            return reply(s, "200 OK", "application/json",
                         R"({"success":false,"errors":[{"message":"profile not found"}]})");
        case Dropped:
            s->write("HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n" + QByteArray(100, 'x'));
            s->flush();
            s->abort();
            return;
        case Stall:
            return;
        case Endless:
            s->write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n");
            m_drip.start(1);
            return;
        case RedirectHttps:
            return reply(s, "302 Found", "text/plain", "moved",
                         "Location: https://127.0.0.1:1/debug/pprof/heap\r\n");
        case NoTargets:
            return reply(s, "200 OK", "application/json", "[]");
        case TargetInUse:
            return reply(s, "200 OK", "application/json",
                         R"([{"id":"main","type":"node","title":"busy","url":"file:///x.js"}])");
        case Serve:
            return reply(s, "200 OK", "application/json", m_profile);
        case NeedsToken:
            if (lastRequest.contains("\r\nAuthorization: Bearer s3cret\r\n"))
                return reply(s, "200 OK", "application/octet-stream", m_profile);
            return reply(s, "401 Unauthorized", "text/plain", "missing token\n");
        }
    }

    Mode m_mode;
    QByteArray m_profile;
    QTcpServer m_server;
    QList<QTcpSocket *> m_sockets;
    QTimer m_drip;
};

struct CliRun
{
    int status = -1;
    QByteArray out;
    QByteArray err;
};

// Runs the embers binary, turning this process's event loop meanwhile: a server the test
// runs here must answer it.
CliRun runCli(const QStringList &arguments, const QProcessEnvironment &env = {})
{
    QProcess cli;
    if (!env.isEmpty())
        cli.setProcessEnvironment(env);
    QSignalSpy finished(&cli, &QProcess::finished);
    cli.start(qEnvironmentVariable("EMBERS_BINARY"), arguments);
    if (!finished.wait(60000)) {
        cli.kill();
        cli.waitForFinished();
        return {};
    }
    return {cli.exitStatus() == QProcess::NormalExit ? cli.exitCode() : -1,
            cli.readAllStandardOutput(), cli.readAllStandardError()};
}

// `go tool pprof -top FILE`'s output (TZ=UTC, and no state kept in the user's home).
QByteArray pprofTop(const QString &file, const QString &home)
{
    QProcess pprof;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TZ"), QStringLiteral("UTC"));
    env.insert(QStringLiteral("HOME"), home);
    pprof.setProcessEnvironment(env);
    pprof.start(QStandardPaths::findExecutable(QStringLiteral("go")),
                {QStringLiteral("tool"), QStringLiteral("pprof"), QStringLiteral("-top"), file});
    if (!pprof.waitForFinished(120000) || pprof.exitCode() != 0)
        return {};
    return pprof.readAllStandardOutput();
}

// A loopback port that refuses connections for as long as this lives: a socket bound to a
// port the kernel picks and never listening. Held, the port goes to no other program (nor
// to a client's own end, which could connect it to itself), as a port closed again would.
class RefusedPort
{
public:
    RefusedPort()
    {
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t size = sizeof address;
        m_fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (m_fd < 0 || ::bind(m_fd, reinterpret_cast<sockaddr *>(&address), size) != 0 ||
            ::getsockname(m_fd, reinterpret_cast<sockaddr *>(&address), &size) != 0)
            qFatal("cannot bind a loopback port: %s", strerror(errno));
        m_port = ntohs(address.sin_port);
    }
    ~RefusedPort() { ::close(m_fd); }
    RefusedPort(const RefusedPort &) = delete;
    RefusedPort &operator=(const RefusedPort &) = delete;
    QString address() const { return QStringLiteral("127.0.0.1:%1").arg(m_port); }

private:
    int m_fd = -1;
    quint16 m_port = 0;
};

// A host name longer than DNS allows (253 characters): it cannot resolve anywhere, and the
// resolver refuses it without sending a query.
QString unresolvableHost()
{
    const QString label(63, QLatin1Char('a'));
    return QStringList{label, label, label, label}.join(QLatin1Char('.')) +
           QStringLiteral(".invalid");
}

} // namespace

class TestCapture : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void targets();
    void goService_data();
    void goService();
    void goServiceListsProfiles();
    void cliTopIsPprofs();
    void cliExportIsReadByPprof();
    void nodeInspector_data();
    void nodeInspector();
    void nodeHeapCountsCollectedAllocations();
    void nodeHeapSnapshot();
    void nodeTypeScriptShowsTypeScript_data();
    void nodeTypeScriptShowsTypeScript();
    void stopKeepsWhatWasRecorded();
    void targetExitsMidCapture();
    void cancelAtEveryStage();
    void faults_data();
    void faults();
    void cliFaultsExitOne();
    void headersAreSentNotSaved();
    void workerd();

private:
    QString goBinary();
    bool startNode(Target *target, const QString &script, int seconds);

    QTemporaryDir m_dir;
    QString m_goTarget;
    QString m_node;
};

void TestCapture::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_node = QStandardPaths::findExecutable(QStringLiteral("node"));
    QString error;
    m_goTarget = buildGoProgram(testData() + QStringLiteral("/capture/gotarget"), m_dir.path(),
                                QStringLiteral("gotarget"), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

QString TestCapture::goBinary()
{
    return m_goTarget;
}

bool TestCapture::startNode(Target *target, const QString &script, int seconds)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SECONDS"), QString::number(seconds));
    // See tests/data/capture/README.md: the heap profiler cannot see inlined functions.
    return startTarget(
        target, m_node,
        {QStringLiteral("--inspect=127.0.0.1:0"), QStringLiteral("--no-turbo-inlining"), script},
        QRegularExpression(QStringLiteral(R"(ws://(127\.0\.0\.1:\d+)/)")), env,
        QProcess::StandardError);
}

void TestCapture::targets()
{
    QCOMPARE(targetKind(QStringLiteral("http://h:1/x")), TargetKind::Http);
    QCOMPARE(targetKind(QStringLiteral("HTTPS://h/x")), TargetKind::Http);
    QCOMPARE(targetKind(QStringLiteral("inspect://127.0.0.1:9229")), TargetKind::Inspector);
    QCOMPARE(targetKind(QStringLiteral("/tmp/http://x.pb.gz")), TargetKind::File);
    QUrl http;
    QString id;
    QVERIFY(parseInspectorTarget(QStringLiteral("inspect://127.0.0.1:9229/abc-1"), &http, &id));
    QCOMPARE(http, QUrl(QStringLiteral("http://127.0.0.1:9229")));
    QCOMPARE(id, QStringLiteral("abc-1"));
    QVERIFY(parseInspectorTarget(QStringLiteral("inspect://[::1]:9229"), &http, &id));
    QCOMPARE(http.host(), QStringLiteral("::1"));
    QVERIFY(id.isEmpty());
    QVERIFY(!parseInspectorTarget(QStringLiteral("inspect://host"), &http, &id));
    QVERIFY(!parseInspectorTarget(QStringLiteral("inspect://host:99999"), &http, &id));

    // `seconds` as pprof sets it: on any URL, replacing one already there.
    CaptureRequest r;
    r.target = QStringLiteral("http://h:6060/debug/pprof/profile?seconds=30&x=1");
    r.seconds = 5;
    QCOMPARE(profileUrl(r).toString(),
             QStringLiteral("http://h:6060/debug/pprof/profile?x=1&seconds=5"));
    QCOMPARE(requestDeadlineMs(r), (5 + 10) * 1000);
    r.seconds = 0;
    QCOMPARE(requestDeadlineMs(r), (30 + 15) * 1000); // the URL's own seconds
    r.target = QStringLiteral("http://h:6060");
    QCOMPARE(profileUrl(r).path(), QStringLiteral("/debug/pprof/"));
    r.target = QStringLiteral("https://api.example.com/profiles/abc/download");
    QCOMPARE(requestDeadlineMs(r), 60 * 1000);
    QCOMPARE(targetLabel(r), QStringLiteral("api.example.com-download"));

    QPair<QByteArray, QByteArray> header;
    QVERIFY(parseHeader(QStringLiteral("Authorization: Bearer a:b"), &header));
    QCOMPARE(header.first, QByteArray("Authorization"));
    QCOMPARE(header.second, QByteArray("Bearer a:b"));
    QVERIFY(!parseHeader(QStringLiteral("no colon"), &header));
    QVERIFY(!parseHeader(QStringLiteral("Bad Name: x"), &header));
    QVERIFY(!parseHeader(QStringLiteral("X: a\r\nInjected: b"), &header));
}

void TestCapture::goService_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("column");
    QTest::addColumn<QString>("hot");
    QTest::newRow("cpu") << "/debug/pprof/profile"
                         << "cpu"
                         << "main.hotSpin";
    // The heap as it is (after a collection, gc=1): over seconds, Go sends the difference,
    // whose in-use bytes follow when hoardMemory last let half its blocks go.
    QTest::newRow("heap") << "/debug/pprof/heap?gc=1"
                          << "inuse_space"
                          << "main.hoardMemory";
    QTest::newRow("allocs") << "/debug/pprof/allocs?gc=1"
                            << "alloc_space"
                            << "main.hoardMemory";
}

void TestCapture::goService()
{
    QFETCH(QString, path);
    QFETCH(QString, column);
    QFETCH(QString, hot);
    EMBERS_REQUIRE_TOOL(!goBinary().isEmpty(), kGo);
    Target go;
    QVERIFY(startTarget(&go, goBinary(), {QStringLiteral("127.0.0.1:0"), QStringLiteral("120")},
                        QRegularExpression(QStringLiteral(R"((127\.0\.0\.1:\d+))")),
                        goEnvironment()));
    CaptureRequest request;
    request.target = QStringLiteral("http://") + go.address + path;
    const bool cpu = path.endsWith(QLatin1String("profile"));
    request.seconds = cpu ? 2 : 0;
    std::unique_ptr<ProfileCapture> capture(ProfileCapture::create(request));
    QVERIFY(qobject_cast<HttpCapture *>(capture.get()));
    QVERIFY2(runCapture(capture.get()) == ProfileCapture::Phase::Finished,
             qPrintable(capture->errorText()));
    QVERIFY(capture->result().recordedMs >= (cpu ? 1900 : 0));

    // Saved at once, byte for byte as fetched, under a name that says what it is.
    const QString folder = m_dir.filePath(QStringLiteral("go-") + column);
    QString error;
    const QString saved = saveCapture(capture->result(), folder, &error);
    QVERIFY2(!saved.isEmpty(), qPrintable(error));
    QVERIFY(QFileInfo(saved).fileName().startsWith(targetLabel(request) + QLatin1Char('-')));
    QCOMPARE(fileContent(saved), capture->result().bytes);
    // Never over another capture: the same capture again gets a name of its own. Kept as
    // sent, it hands back the profile it read, which opens as the file does.
    std::shared_ptr<Profile> read;
    const QString again = saveCapture(capture->result(), folder, &error, &read);
    QVERIFY(!again.isEmpty() && again != saved);
    QCOMPARE(QDir(folder).entryList(QDir::Files).size(), 2);
    QVERIFY(read);

    auto opened = openSaved(saved);
    QVERIFY(opened);
    QCOMPARE(hottest(*opened, column.toUtf8().constData()), hot);
    auto handed = openSaved(again, read);
    QVERIFY(handed);
    QCOMPARE(handed->profiles.front().get(), read.get());
    QCOMPARE(handed->fileBytes, uint64_t(QFileInfo(again).size()));
    QCOMPARE(handed->stacks->totals, opened->stacks->totals);
    QCOMPARE(hottest(*handed, column.toUtf8().constData()), hot);
}

void TestCapture::goServiceListsProfiles()
{
    EMBERS_REQUIRE_TOOL(!goBinary().isEmpty(), kGo);
    Target go;
    QVERIFY(startTarget(&go, goBinary(), {QStringLiteral("127.0.0.1:0"), QStringLiteral("60")},
                        QRegularExpression(QStringLiteral(R"((127\.0\.0\.1:\d+))")),
                        goEnvironment()));
    CaptureRequest request;
    request.target = QStringLiteral("http://") + go.address;
    std::unique_ptr<ProfileCapture> capture(ProfileCapture::create(request));
    QCOMPARE(runCapture(capture.get()), ProfileCapture::Phase::Listed);
    const QStringList offered = capture->offered();
    for (const char *name : {"allocs", "block", "goroutine", "heap", "mutex", "profile"})
        QVERIFY2(offered.contains(QLatin1String(name)), name);
    QVERIFY(!offered.contains(QStringLiteral("cmdline"))); // text, not a profile
    QVERIFY(!offered.contains(QStringLiteral("trace")));   // an execution trace

    // From the command line: the list, and how to capture each.
    QProcess cli;
    cli.start(qEnvironmentVariable("EMBERS_BINARY"), {QStringLiteral("--top"), request.target});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 0);
    const QString out = QString::fromUtf8(cli.readAllStandardOutput());
    QVERIFY2(out.contains(request.target + QStringLiteral("/debug/pprof/heap")), qPrintable(out));
}

// `embers --top --seconds=N URL` prints what `go tool pprof -top` prints for the bytes
// it fetched (saved in the captures folder, as pprof saves them).
void TestCapture::cliTopIsPprofs()
{
    EMBERS_REQUIRE_TOOL(!goBinary().isEmpty(), kGo);
    Target go;
    QVERIFY(startTarget(&go, goBinary(), {QStringLiteral("127.0.0.1:0"), QStringLiteral("60")},
                        QRegularExpression(QStringLiteral(R"((127\.0\.0\.1:\d+))")),
                        goEnvironment()));
    const QString folder = m_dir.filePath(QStringLiteral("cli-top"));
    QProcess cli;
    cli.start(qEnvironmentVariable("EMBERS_BINARY"),
              {QStringLiteral("--top"), QStringLiteral("--seconds=2"),
               QStringLiteral("--captures=") + folder,
               QStringLiteral("http://%1/debug/pprof/profile").arg(go.address)});
    QVERIFY(cli.waitForFinished(60000));
    const QString err = QString::fromUtf8(cli.readAllStandardError());
    QVERIFY2(cli.exitCode() == 0, qPrintable(err));
    const QRegularExpressionMatch saved =
        QRegularExpression(QStringLiteral("Saved profile in (.+)\n")).match(err);
    QVERIFY2(saved.hasMatch(), qPrintable(err));
    QVERIFY(saved.captured(1).startsWith(folder));
    const QByteArray ours = cli.readAllStandardOutput();
    QVERIFY(ours.contains("main.hotSpin"));

    const QByteArray theirs = pprofTop(saved.captured(1), m_dir.path());
    QVERIFY(!theirs.isEmpty());
    QCOMPARE(QString::fromUtf8(ours), QString::fromUtf8(theirs));
}

void TestCapture::cliExportIsReadByPprof()
{
    EMBERS_REQUIRE_TOOL(!m_node.isEmpty(), kNode);
    EMBERS_REQUIRE_TOOL(!goBinary().isEmpty(), kGo);
    Target node;
    QVERIFY(startNode(&node, testData() + QStringLiteral("/capture/target.js"), 60));
    const QString out = m_dir.filePath(QStringLiteral("export/node-cpu.pb.gz"));
    QDir().mkpath(QFileInfo(out).path());
    QProcess cli;
    cli.start(qEnvironmentVariable("EMBERS_BINARY"),
              {QStringLiteral("--export=") + out, QStringLiteral("--seconds=1"),
               QStringLiteral("--captures=") + m_dir.filePath(QStringLiteral("export-captures")),
               QStringLiteral("inspect://") + node.address});
    QVERIFY(cli.waitForFinished(60000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    const QByteArray top = pprofTop(out, m_dir.path());
    QVERIFY2(top.contains("spinHot"), top.constData());
}

void TestCapture::nodeInspector_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("column");
    QTest::addColumn<QString>("hot");
    QTest::newRow("cpu") << int(RecordKind::Cpu) << "wall"
                         << "spinHot";
    // The objects and arrays are allocated in hoardObjects itself.
    QTest::newRow("heap") << int(RecordKind::Heap) << "alloc_space"
                          << "hoardObjects";
    QTest::newRow("heap-live") << int(RecordKind::HeapLive) << "inuse_space"
                               << "hoardObjects";
}

void TestCapture::nodeInspector()
{
    QFETCH(int, kind);
    QFETCH(QString, column);
    QFETCH(QString, hot);
    EMBERS_REQUIRE_TOOL(!m_node.isEmpty(), kNode);
    Target node;
    QVERIFY(startNode(&node, testData() + QStringLiteral("/capture/target.js"), 60));
    CaptureRequest request;
    request.target = QStringLiteral("inspect://") + node.address;
    request.kind = RecordKind(kind);
    request.seconds = 2;
    std::unique_ptr<ProfileCapture> capture(ProfileCapture::create(request));
    auto *inspector = qobject_cast<InspectorCapture *>(capture.get());
    QVERIFY(inspector);
    QVERIFY2(runCapture(capture.get()) == ProfileCapture::Phase::Finished,
             qPrintable(capture->errorText()));
    QCOMPARE(inspector->targets().size(), 1);
    QVERIFY(inspector->targets().front().url.endsWith(QLatin1String("target.js")));
    QVERIFY(capture->result().recordedMs >= 1900);
    QString error;
    std::shared_ptr<Profile> read;
    const QString saved =
        saveCapture(capture->result(), m_dir.filePath(QStringLiteral("node")), &error, &read);
    QVERIFY2(!saved.isEmpty(), qPrintable(error));
    QVERIFY(!read); // a conversion is opened from its file
    QVERIFY(QFileInfo(saved).fileName().contains(recordKindName(RecordKind(kind))));
    auto opened = openSaved(saved);
    QVERIFY(opened);
    QCOMPARE(hottest(*opened, column.toUtf8().constData()), hot);
    // The file keeps what the importers make of V8's JSON: files and lines.
    QVERIFY(frameFiles(*opened).contains(QStringLiteral("target.js")));
}

// Cloudflare's heap profiles count allocations, collected or not: request-scoped garbage,
// most of what a busy Worker allocates, must show; the live heap is another question.
void TestCapture::nodeHeapCountsCollectedAllocations()
{
    EMBERS_REQUIRE_TOOL(!m_node.isEmpty(), kNode);
    Target node;
    QVERIFY(startNode(&node, testData() + QStringLiteral("/capture/garbage.js"), 60));
    auto record = [&](RecordKind kind, int intervalBytes) -> std::shared_ptr<const Capture> {
        CaptureRequest request;
        request.target = QStringLiteral("inspect://") + node.address;
        request.kind = kind;
        request.seconds = 2;
        request.heapIntervalBytes = intervalBytes;
        std::unique_ptr<ProfileCapture> capture(ProfileCapture::create(request));
        if (runCapture(capture.get()) != ProfileCapture::Phase::Finished)
            return nullptr;
        QString error;
        const QString saved =
            saveCapture(capture->result(), m_dir.filePath(QStringLiteral("garbage")), &error);
        if (saved.isEmpty())
            qWarning() << error;
        return saved.isEmpty() ? nullptr : openSaved(saved);
    };
    auto flatOf = [](const Capture &capture, const char *column, const char *function) {
        const int c = capture.stacks->columnByName(column, nullptr);
        const FunctionTable &f = *capture.functions;
        int64_t sum = 0;
        for (uint32_t frame = 0; frame < f.frameCount() && c >= 0; ++frame) {
            const std::string &name = capture.stacks->strings[capture.stacks->frames[frame].name];
            if (name == function)
                sum += f.flat(frame, size_t(c));
        }
        return sum;
    };

    const auto allocations = record(RecordKind::Heap, 65536);
    QVERIFY(allocations);
    // The allocations are the default column, as they are the point of a heap capture.
    const StackTable &a = *allocations->stacks;
    QCOMPARE(QString::fromStdString(a.columns[size_t(a.defaultColumn)].type),
             QStringLiteral("alloc_space"));
    QCOMPARE(a.header.period, int64_t(65536));
    QCOMPARE(hottest(*allocations, "alloc_space"), QStringLiteral("makeGarbage"));
    // Two seconds of 20,000 objects a turn: hundreds of MB, at least tens.
    const int64_t garbage = flatOf(*allocations, "alloc_space", "makeGarbage");
    QVERIFY2(garbage > 20 << 20, qPrintable(QString::number(garbage)));

    const auto live = record(RecordKind::HeapLive, 65536);
    QVERIFY(live);
    QCOMPARE(live->stacks->columnByName("alloc_space", nullptr), -1);
    QCOMPARE(hottest(*live, "inuse_space"), QStringLiteral("keepSome"));
    const int64_t stillLive = flatOf(*live, "inuse_space", "makeGarbage");
    QVERIFY2(stillLive * 10 < garbage,
             qPrintable(QStringLiteral("%1 live of %2 allocated").arg(stillLive).arg(garbage)));

    // A coarser interval: the same allocations in fewer, larger samples.
    const auto coarse = record(RecordKind::Heap, 1 << 20);
    QVERIFY(coarse);
    QCOMPARE(coarse->stacks->header.period, int64_t(1) << 20);
    const int samples = a.columnByName("samples", nullptr);
    const int coarseSamples = coarse->stacks->columnByName("samples", nullptr);
    QVERIFY(samples >= 0 && coarseSamples >= 0);
    const int64_t fine = flatOf(*allocations, "samples", "makeGarbage");
    const int64_t few = flatOf(*coarse, "samples", "makeGarbage");
    QVERIFY2(few * 4 < fine,
             qPrintable(QStringLiteral("%1 samples at 1 MiB, %2 at 64 KiB").arg(few).arg(fine)));
}

// A heap snapshot over the inspector: kept as V8 wrote it, opened over its dominator tree;
// the command line takes one too.
void TestCapture::nodeHeapSnapshot()
{
    EMBERS_REQUIRE_TOOL(!m_node.isEmpty(), kNode);
    Target node;
    QVERIFY(startNode(&node, testData() + QStringLiteral("/capture/target.js"), 60));
    CaptureRequest request;
    request.target = QStringLiteral("inspect://") + node.address;
    request.kind = RecordKind::Snapshot;
    std::unique_ptr<ProfileCapture> capture(ProfileCapture::create(request));
    QSignalSpy received(capture.get(), &ProfileCapture::received);
    QCOMPARE(runCapture(capture.get()), ProfileCapture::Phase::Finished);
    QVERIFY(!received.isEmpty()); // progress as the chunks come
    QString error;
    std::shared_ptr<Profile> read;
    const QString saved =
        saveCapture(capture->result(), m_dir.filePath(QStringLiteral("snapshot")), &error, &read);
    QVERIFY2(!saved.isEmpty(), qPrintable(error));
    QVERIFY2(saved.endsWith(QLatin1String("-snapshot-") +
                            capture->result().started.toLocalTime().toString(
                                QStringLiteral("yyyyMMdd-HHmmss")) +
                            QLatin1String(".heapsnapshot")),
             qPrintable(saved));
    QFile file(saved);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), capture->result().bytes);
    QVERIFY(read); // handed over as read, not parsed again
    auto opened = openSaved(saved, read);
    QVERIFY(opened);
    QCOMPARE(opened->stacks->columnByName("objects", nullptr), 0);
    // target.js keeps up to 200,000 {index, payload} objects and their arrays.
    const int objects = opened->stacks->columnByName("objects", nullptr);
    int64_t plainObjects = 0;
    for (uint32_t frame = 0; frame < opened->functions->frameCount(); ++frame) {
        if (opened->stacks->strings[opened->stacks->frames[frame].name] == "Object")
            plainObjects += opened->functions->flat(frame, size_t(objects));
    }
    QVERIFY2(plainObjects >= 200, qPrintable(QString::number(plainObjects)));

    const CliRun cli =
        runCli({QStringLiteral("--top"), QStringLiteral("--capture=snapshot"),
                QStringLiteral("--captures=") + m_dir.filePath(QStringLiteral("cli")),
                QStringLiteral("inspect://") + node.address});
    QVERIFY2(cli.status == 0, cli.err.constData());
    QVERIFY2(cli.err.contains("Taking a heap snapshot of"), cli.err.constData());
    QVERIFY2(cli.out.startsWith("Type: size\n"), cli.out.constData());
}

void TestCapture::nodeTypeScriptShowsTypeScript_data()
{
    QTest::addColumn<QStringList>("files");
    // The map in a file named by the bundle's last line, found beside it.
    QTest::newRow("map file") << QStringList{"service.js", "service.js.map"};
    // The map inline, as a data: URL.
    QTest::newRow("inline map") << QStringList{"service-inline.js"};
    // The map at a URL the bundle names, served by a server of its own.
    QTest::newRow("served map") << QStringList{"service.js"};
}

void TestCapture::nodeTypeScriptShowsTypeScript()
{
    QFETCH(QStringList, files);
    EMBERS_REQUIRE_TOOL(!m_node.isEmpty(), kNode);
    // A copy elsewhere: nothing is found by the source tree's paths.
    const QString dir = m_dir.filePath(QStringLiteral("ts-") + QString::number(files.size()));
    QDir().mkpath(dir);
    for (const QString &name : files)
        QVERIFY(QFile::copy(testData() + QStringLiteral("/capture/dist/") + name,
                            dir + QLatin1Char('/') + name));
    std::unique_ptr<MisbehavingServer> mapServer;
    if (QString(QTest::currentDataTag()) == QLatin1String("served map")) {
        mapServer = std::make_unique<MisbehavingServer>(
            MisbehavingServer::Serve,
            fileContent(testData() + QStringLiteral("/capture/dist/service.js.map")));
        const QString bundle = dir + QStringLiteral("/service.js");
        QByteArray code = fileContent(bundle);
        const QByteArray served =
            "//# sourceMappingURL=" + mapServer->base().toUtf8() + "/maps/service.js.map";
        code.replace("//# sourceMappingURL=service.js.map", served);
        QFile::remove(bundle);
        writeFileContent(bundle, code);
    }
    Target node;
    QVERIFY(startNode(&node, dir + QLatin1Char('/') + files.front(), 60));
    CaptureRequest request;
    request.target = QStringLiteral("inspect://") + node.address;
    request.seconds = 2;
    std::unique_ptr<ProfileCapture> capture(ProfileCapture::create(request));
    QVERIFY2(runCapture(capture.get()) == ProfileCapture::Phase::Finished,
             qPrintable(capture->errorText()));
    QVERIFY2(capture->result().sourceMapErrors.isEmpty(),
             qPrintable(capture->result().sourceMapErrors.join(QLatin1Char('\n'))));
    QVERIFY(capture->result().sourceMaps);
    QString error;
    const QString saved =
        saveCapture(capture->result(), m_dir.filePath(QStringLiteral("ts-captures")), &error);
    QVERIFY2(!saved.isEmpty(), qPrintable(error));
    auto opened = openSaved(saved);
    QVERIFY(opened);
    QCOMPARE(hottest(*opened, "wall"), QStringLiteral("computeChecksum"));
    const QString sources = frameFiles(*opened);
    QVERIFY2(sources.contains(QStringLiteral("checksum.ts")), qPrintable(sources));
    QVERIFY(sources.contains(QStringLiteral("service.ts")));
}

void TestCapture::stopKeepsWhatWasRecorded()
{
    EMBERS_REQUIRE_TOOL(!m_node.isEmpty(), kNode);
    Target node;
    QVERIFY(startNode(&node, testData() + QStringLiteral("/capture/target.js"), 60));
    CaptureRequest request;
    request.target = QStringLiteral("inspect://") + node.address;
    request.seconds = 0; // until stopped
    std::unique_ptr<ProfileCapture> capture(ProfileCapture::create(request));
    QVERIFY(capture->canStop());
    QSignalSpy phases(capture.get(), &ProfileCapture::phaseChanged);
    QElapsedTimer sinceStart;
    sinceStart.start();
    capture->start();
    QTRY_COMPARE_WITH_TIMEOUT(capture->phase(), ProfileCapture::Phase::Recording, 20000);
    QTest::qWait(1000);
    capture->stop();
    const qint64 stoppedAfter = sinceStart.elapsed();
    QTRY_VERIFY_WITH_TIMEOUT(capture->isDone(), 20000);
    QCOMPARE(capture->phase(), ProfileCapture::Phase::Finished);
    // The recording's length is the time until Stop: at least the second waited, and no
    // more than Stop came after the start (a few ms allowed for the two clocks' rounding).
    const qint64 recorded = capture->result().recordedMs;
    QVERIFY2(recorded >= 900 && recorded <= stoppedAfter + 50,
             qPrintable(QStringLiteral("%1 ms recorded, stopped %2 ms after the start")
                            .arg(recorded)
                            .arg(stoppedAfter)));
    QList<ProfileCapture::Phase> seen;
    for (const QList<QVariant> &args : phases)
        seen << args.front().value<ProfileCapture::Phase>();
    QCOMPARE(seen, (QList<ProfileCapture::Phase>{
                       ProfileCapture::Phase::Connecting, ProfileCapture::Phase::Recording,
                       ProfileCapture::Phase::Collecting, ProfileCapture::Phase::Finished}));
    QString error;
    QVERIFY(
        !saveCapture(capture->result(), m_dir.filePath(QStringLiteral("stop")), &error).isEmpty());
}

void TestCapture::targetExitsMidCapture()
{
    EMBERS_REQUIRE_TOOL(!m_node.isEmpty(), kNode);
    Target node;
    QVERIFY(startNode(&node, testData() + QStringLiteral("/capture/target.js"), 60));
    CaptureRequest request;
    request.target = QStringLiteral("inspect://") + node.address;
    // Until stopped: a capture that ends at all noticed the exit when it happened.
    request.seconds = 0;
    std::unique_ptr<ProfileCapture> capture(ProfileCapture::create(request));
    // It crashes (or is killed) a second into the recording.
    connect(capture.get(), &ProfileCapture::phaseChanged, this, [&](ProfileCapture::Phase p) {
        if (p == ProfileCapture::Phase::Recording)
            QTimer::singleShot(1000, node.process.get(), [&] { node.process->kill(); });
    });
    QCOMPARE(runCapture(capture.get()), ProfileCapture::Phase::Failed);
    QVERIFY2(capture->errorText().startsWith(request.target) &&
                 capture->errorText().contains(QStringLiteral("went away")),
             qPrintable(capture->errorText()));
}

void TestCapture::cancelAtEveryStage()
{
    // Connecting: a server that never answers.
    MisbehavingServer stall(MisbehavingServer::Stall);
    for (const QString &target :
         QStringList{stall.base() + QStringLiteral("/debug/pprof/heap"),
                     QStringLiteral("inspect://127.0.0.1:%1").arg(stall.port())}) {
        CaptureRequest request;
        request.target = target;
        std::unique_ptr<ProfileCapture> capture(ProfileCapture::create(request));
        QSignalSpy done(capture.get(), &ProfileCapture::done);
        capture->start();
        QTest::qWait(200);
        QVERIFY(!capture->isDone());
        capture->cancel();
        QCOMPARE(capture->phase(), ProfileCapture::Phase::Cancelled);
        QCOMPARE(done.size(), 1);
        capture->cancel(); // twice is harmless
        QCOMPARE(done.size(), 1);
    }
    EMBERS_REQUIRE_TOOL(!m_node.isEmpty(), kNode);
    // Recording, and stop before anything was recorded (nothing to keep: a cancel).
    Target node;
    QVERIFY(startNode(&node, testData() + QStringLiteral("/capture/target.js"), 60));
    CaptureRequest request;
    request.target = QStringLiteral("inspect://") + node.address;
    request.seconds = 30;
    std::unique_ptr<ProfileCapture> capture(ProfileCapture::create(request));
    capture->start();
    QTRY_COMPARE_WITH_TIMEOUT(capture->phase(), ProfileCapture::Phase::Recording, 20000);
    capture->cancel();
    QCOMPARE(capture->phase(), ProfileCapture::Phase::Cancelled);
    std::unique_ptr<ProfileCapture> early(ProfileCapture::create(request));
    early->start();
    early->stop();
    QCOMPARE(early->phase(), ProfileCapture::Phase::Cancelled);
    // The target is still usable by the next capture.
    request.seconds = 1;
    std::unique_ptr<ProfileCapture> next(ProfileCapture::create(request));
    QCOMPARE(runCapture(next.get()), ProfileCapture::Phase::Finished);
}

void TestCapture::faults_data()
{
    QTest::addColumn<int>("mode");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("expected");
    QTest::newRow("404") << int(MisbehavingServer::NotFound) << "/debug/pprof/heap"
                         << "HTTP 404 Not Found: 404 page not found";
    QTest::newRow("html") << int(MisbehavingServer::HtmlPage) << "/debug/pprof/heap"
                          << "HTML";
    QTest::newRow("json error") << int(MisbehavingServer::JsonError) << "/download"
                                << "profile not found";
    QTest::newRow("dropped") << int(MisbehavingServer::Dropped) << "/debug/pprof/heap"
                             << "closed the connection";
    QTest::newRow("stall") << int(MisbehavingServer::Stall) << "/debug/pprof/heap"
                           << "no complete answer within 2 s";
    QTest::newRow("endless") << int(MisbehavingServer::Endless) << "/debug/pprof/heap"
                             << "larger than 1 MiB";
    QTest::newRow("redirect to https")
        << int(MisbehavingServer::RedirectHttps) << "/debug/pprof/heap"
        << "another scheme: refused";
    QTest::newRow("no targets") << int(MisbehavingServer::NoTargets) << "inspect"
                                << "offers no targets";
    QTest::newRow("target in use") << int(MisbehavingServer::TargetInUse) << "inspect"
                                   << "in use by another debugger";
    QTest::newRow("not an inspector") << int(MisbehavingServer::HtmlPage) << "inspect"
                                      << "did not answer with a list of targets";
    QTest::newRow("inspector stalls") << int(MisbehavingServer::Stall) << "inspect"
                                      << "no complete answer within 2 s";
    QTest::newRow("refused") << -1 << "/debug/pprof/heap"
                             << "connection refused";
    QTest::newRow("inspector refused") << -1 << "inspect"
                                       << "connection refused";
    QTest::newRow("unresolvable") << -2 << "/debug/pprof/heap"
                                  << "does not resolve";
}

// Each fault: one message that names the target and says what is wrong, within a bound.
void TestCapture::faults()
{
    QFETCH(int, mode);
    QFETCH(QString, path);
    QFETCH(QString, expected);
    std::unique_ptr<MisbehavingServer> server;
    const RefusedPort refused;
    QString base;
    if (mode >= 0) {
        server = std::make_unique<MisbehavingServer>(MisbehavingServer::Mode(mode));
        base = QStringLiteral("127.0.0.1:%1").arg(server->port());
    } else {
        base = mode == -1 ? refused.address() : unresolvableHost() + QStringLiteral(":80");
    }
    CaptureRequest request;
    request.target = path == QLatin1String("inspect")
                         ? QString(QStringLiteral("inspect://") + base)
                         : QString(QStringLiteral("http://") + base + path);
    request.timeoutSeconds = 2;
    request.maxResponseBytes = 1 << 20;
    std::unique_ptr<ProfileCapture> capture(ProfileCapture::create(request));
    QElapsedTimer clock;
    clock.start();
    ProfileCapture::Phase phase = runCapture(capture.get(), 30000);
    QString error = capture->errorText();
    if (phase == ProfileCapture::Phase::Finished) {
        // Fetched, but not a profile: saving says so, as opening a file would.
        QString saveError;
        QVERIFY(saveCapture(capture->result(), m_dir.filePath(QStringLiteral("faults")), &saveError)
                    .isEmpty());
        error = saveError;
        QVERIFY(!QDir(m_dir.filePath(QStringLiteral("faults"))).exists() ||
                QDir(m_dir.filePath(QStringLiteral("faults"))).isEmpty());
    } else {
        QCOMPARE(phase, ProfileCapture::Phase::Failed);
    }
    // A server that never finishes its answer is given up on at the timeout (2 s), not at
    // the 60 s a capture waits by default: a bound that allows for a loaded machine.
    QVERIFY2(clock.elapsed() < 25000, qPrintable(QString::number(clock.elapsed())));
    QVERIFY2(error.startsWith(request.target), qPrintable(error));
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY(!error.contains(QLatin1Char('\n')));
}

void TestCapture::cliFaultsExitOne()
{
    MisbehavingServer server(MisbehavingServer::NotFound);
    const QString target = server.base() + QStringLiteral("/debug/pprof/heap");
    const QString folder = m_dir.filePath(QStringLiteral("cli-faults"));
    const RefusedPort refused;
    for (const QStringList &args :
         {QStringList{QStringLiteral("--top"), target},
          QStringList{QStringLiteral("--export=") + m_dir.filePath(QStringLiteral("x.pb.gz")),
                      target},
          QStringList{QStringLiteral("--top"), QStringLiteral("--timeout=1"),
                      QStringLiteral("http://") + refused.address() + QStringLiteral("/x")}}) {
        const CliRun run = runCli(QStringList{QStringLiteral("--captures=") + folder} + args);
        QCOMPARE(run.status, 1);
        const QByteArray named = "embers: " + args.last().toUtf8();
        QVERIFY2(run.err.contains(named), run.err.constData());
        QVERIFY(run.out.isEmpty());
    }
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("x.pb.gz"))));
    QVERIFY(!QDir(folder).exists() || QDir(folder).isEmpty());
    // Options that only make sense with a target are usage errors without one.
    const CliRun run = runCli({QStringLiteral("--top"), QStringLiteral("--seconds=5"),
                               testData() + QStringLiteral("/formats/small.folded")});
    QCOMPARE(run.status, 2);
    QVERIFY(run.err.contains("--seconds goes with a TARGET"));
}

void TestCapture::headersAreSentNotSaved()
{
    const QByteArray profile =
        fileContent(sharedProfiles() + QStringLiteral("/real/go/heap-cache.pb.gz"));
    MisbehavingServer server(MisbehavingServer::NeedsToken, profile);
    const QString target = server.base() + QStringLiteral("/profiles/42/download");
    const QString folder = m_dir.filePath(QStringLiteral("headers"));
    const QStringList top{QStringLiteral("--top"), QStringLiteral("--captures=") + folder, target};
    // Without the token: the server's refusal, quoted.
    const CliRun refused = runCli(top);
    QCOMPARE(refused.status, 1);
    QVERIFY2(refused.err.contains("HTTP 401 Unauthorized: missing token"), refused.err.constData());
    // From the option, then from the environment.
    const CliRun fromOption =
        runCli(QStringList{QStringLiteral("--header=Authorization: Bearer s3cret")} + top);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("EMBERS_CAPTURE_HEADERS"),
               QStringLiteral("X-Other: 1\nAuthorization: Bearer s3cret"));
    const CliRun fromEnvironment = runCli(top, env);
    for (const CliRun &run : {fromOption, fromEnvironment}) {
        QVERIFY2(run.status == 0, run.err.constData());
        QVERIFY(run.out.contains("Type: inuse_space"));
        QVERIFY(!run.err.contains("s3cret") && !run.out.contains("s3cret"));
    }
    // The files kept are the profile, byte for byte: no token in them or in their names.
    const QStringList saved = QDir(folder).entryList(QDir::Files);
    QCOMPARE(saved.size(), 2);
    for (const QString &name : saved) {
        QVERIFY(!name.contains(QStringLiteral("s3cret")));
        QCOMPARE(fileContent(QDir(folder).filePath(name)), profile);
    }
}

// A real Workers runtime: npm's workerd (EMBERS_WORKERD, PATH, or the cache the test
// command fills).
void TestCapture::workerd()
{
    QString workerd = qEnvironmentVariable("EMBERS_WORKERD");
    if (workerd.isEmpty())
        workerd = QStandardPaths::findExecutable(QStringLiteral("workerd"));
    EMBERS_REQUIRE_TOOL(!workerd.isEmpty(), kWorkerd);
    const QString config = testData() + QStringLiteral("/capture/worker/config.capnp");
    // Ports the kernel picks, which workerd reports as JSON events on its control fd (here
    // its stdout), in either order.
    Target worker;
    QVERIFY(startTarget(
        &worker, workerd,
        {QStringLiteral("serve"), config, QStringLiteral("--socket-addr=http=127.0.0.1:0"),
         QStringLiteral("--inspector-addr=127.0.0.1:0"), QStringLiteral("--control-fd=1")},
        QRegularExpression(QStringLiteral(R"((?s)(?=.*"listen-inspector","port":(\d+)))"
                                          R"((?=.*"socket":"http","port":(\d+)))"))));
    const QString inspectorPort = worker.matched.value(1);
    const QUrl http(QStringLiteral("http://127.0.0.1:") + worker.matched.value(2));
    // Load: one request after another, a fixed number of them, while the capture records
    // (until stopped): the profile holds that much work however loaded the machine is.
    constexpr int kRequests = 100;
    QNetworkAccessManager network;
    int served = 0;
    int failed = 0;
    CaptureRequest request;
    request.target = QStringLiteral("inspect://127.0.0.1:") + inspectorPort;
    request.seconds = 0;
    std::unique_ptr<ProfileCapture> capture(ProfileCapture::create(request));
    ProfileCapture *current = capture.get(); // the capture the load is for
    QObject load; // the replies' handlers go with it, before what they use
    std::function<void()> next = [&] {
        if (served + failed == kRequests) {
            current->stop();
            return;
        }
        QNetworkReply *reply = network.get(QNetworkRequest(http));
        QObject::connect(reply, &QNetworkReply::finished, &load, [&, reply] {
            ++(reply->error() == QNetworkReply::NoError ? served : failed);
            reply->deleteLater();
            next();
        });
    };
    connect(capture.get(), &ProfileCapture::phaseChanged, this, [&](ProfileCapture::Phase p) {
        if (p == ProfileCapture::Phase::Recording)
            next();
    });
    QVERIFY2(runCapture(capture.get()) == ProfileCapture::Phase::Finished,
             qPrintable(capture->errorText()));
    QCOMPARE(served, kRequests);
    QString error;
    const QString saved =
        saveCapture(capture->result(), m_dir.filePath(QStringLiteral("workerd")), &error);
    QVERIFY2(!saved.isEmpty(), qPrintable(error));
    auto opened = openSaved(saved);
    QVERIFY(opened);
    // crunchNumbers, or the fetch handler it was inlined into before the profiler started.
    const QString hot = hottest(*opened, "wall");
    QVERIFY2(hot == QLatin1String("crunchNumbers") || hot == QLatin1String("fetch"),
             qPrintable(hot));
    QVERIFY(frameFiles(*opened).contains(QStringLiteral("worker.js")));
    qInfo("workerd: %d requests served while recording (%lld ms); hottest function %s", served,
          capture->result().recordedMs, qPrintable(hot));

    // The heap as Cloudflare's profiles count it: each request's report is garbage when
    // the response is out, and must show all the same (a live-only capture shows ~0).
    request.kind = RecordKind::Heap;
    request.heapIntervalBytes = 512 * 1024; // Cloudflare's interval
    std::unique_ptr<ProfileCapture> heap(ProfileCapture::create(request));
    served = failed = 0;
    current = heap.get();
    connect(heap.get(), &ProfileCapture::phaseChanged, this, [&](ProfileCapture::Phase p) {
        if (p == ProfileCapture::Phase::Recording)
            next();
    });
    QVERIFY2(runCapture(heap.get()) == ProfileCapture::Phase::Finished,
             qPrintable(heap->errorText()));
    QCOMPARE(served, kRequests);
    const QString heapSaved =
        saveCapture(heap->result(), m_dir.filePath(QStringLiteral("workerd")), &error);
    QVERIFY2(!heapSaved.isEmpty(), qPrintable(error));
    auto allocations = openSaved(heapSaved);
    QVERIFY(allocations);
    const int space = allocations->stacks->columnByName("alloc_space", nullptr);
    QVERIFY(space >= 0);
    int64_t reports = 0, all = 0;
    for (uint32_t frame = 0; frame < allocations->functions->frameCount(); ++frame) {
        const int64_t flat = allocations->functions->flat(frame, size_t(space));
        all += flat;
        const Frame &f = allocations->stacks->frames[frame];
        // buildReport, or fetch when it was inlined there before the profiler started.
        const std::string &name = allocations->stacks->strings[f.name];
        if (name == "buildReport" || name == "fetch")
            reports += flat;
    }
    qInfo("workerd heap: %lld of %lld bytes allocated by buildReport/fetch",
          static_cast<long long>(reports), static_cast<long long>(all));
    QVERIFY2(reports > 1 << 20, qPrintable(QString::number(reports)));

    // And a heap snapshot of the Worker's isolate.
    request.kind = RecordKind::Snapshot;
    std::unique_ptr<ProfileCapture> snapshot(ProfileCapture::create(request));
    QCOMPARE(runCapture(snapshot.get()), ProfileCapture::Phase::Finished);
    const QString snapshotSaved =
        saveCapture(snapshot->result(), m_dir.filePath(QStringLiteral("workerd")), &error);
    QVERIFY2(snapshotSaved.endsWith(QLatin1String(".heapsnapshot")), qPrintable(error));
    auto isolate = openSaved(snapshotSaved);
    QVERIFY(isolate);
    const int size = isolate->stacks->columnByName("size", nullptr);
    QVERIFY(size >= 0);
    int64_t bytes = 0;
    for (size_t stack = 0; stack < isolate->stacks->stackCount(); ++stack)
        bytes += isolate->stacks->value(stack, size_t(size));
    // A Worker's isolate is small (about 0.5 MB), its functions' closures among it.
    QVERIFY2(bytes > 64 << 10, qPrintable(QString::number(bytes)));
    QVERIFY(std::any_of(
        isolate->stacks->frames.begin(), isolate->stacks->frames.end(),
        [&](const Frame &f) { return isolate->stacks->strings[f.name] == "(closure)"; }));
}

QTEST_GUILESS_MAIN(TestCapture)
#include "tst_capture.moc"
