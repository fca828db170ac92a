// embers_capture_benchmark: from Stop to the flame graph, for a capture from a Node
// process's inspector in the real window, and how long the GUI thread stalls meanwhile.
// Runs offscreen (QT_QPA_PLATFORM=offscreen unless set).
//
//   embers_capture_benchmark [--seconds=10] [--interval=1000] [--rounds=3] [--trace] SCRIPT
//
// Starts `node --inspect=127.0.0.1:0 SCRIPT`; each round captures its CPU until stopped,
// presses Stop after `seconds` and measures: V8's hand-over (Stop -> the profile's JSON
// received, the baseline: nothing Embers does can be quicker), Stop -> saved and opened
// (off the GUI thread), Stop -> the flame graph painted; and the largest gap of a 1 ms
// timer on the GUI thread from the start of the capture until a second after it is shown.
// Targets: shown within 200 ms of Stop; no stall over 50 ms. --trace lists the events the
// GUI thread handled for 1 ms or more from Stop until the graph was shown.
//
//   embers_capture_benchmark [--rounds=3] --saved=PROFILE.pb.gz
//
// What a pprof capture (Go's /debug/pprof) costs once received, without a target: saved
// and opened as CaptureSession does (the profile read once, to check it, and handed to
// the open) against saved and read back from its file, and, as the baseline, a zlib
// inflate of the same bytes.
#include "StallMeter.h"

#include "CapturePage.h"
#include "CaptureSession.h"
#include "CaptureStore.h"
#include "FlameGraphView.h"
#include "FlamePanel.h"
#include "FreedMemory.h"
#include "MainWindow.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

struct Round
{
    double handOverMs = 0; // Stop -> profile received
    double openedMs = 0;   // Stop -> saved and opened
    double shownMs = 0;    // Stop -> flame graph painted
    double largestStall = 0;
    double stallAtMs = 0; // when it ended, after Stop (negative: while recording)
    int samples = 0;
    bool ok = false;
};

// Notes the first paint of a widget.
class PaintWatch : public QObject
{
public:
    bool painted = false;
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            painted = true;
        return false;
    }
};

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

// The baseline of --saved: inflating the gzip'd bytes, output discarded. Returns the
// inflated size (the bytes' own size when they are not gzip'd).
uint64_t inflatedSize(const QByteArray &bytes)
{
    z_stream z{};
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
        return 0;
    std::vector<unsigned char> out(1 << 20);
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(bytes.constData()));
    z.avail_in = uInt(bytes.size());
    uint64_t total = 0;
    int status = Z_OK;
    while (status == Z_OK) {
        z.next_out = out.data();
        z.avail_out = uInt(out.size());
        status = inflate(&z, Z_NO_FLUSH);
        total += out.size() - z.avail_out;
    }
    inflateEnd(&z);
    return status == Z_STREAM_END ? total : uint64_t(bytes.size());
}

Round runRound(TracingApplication &app, const QString &inspector, int seconds, int interval,
               const QString &folder, bool trace)
{
    Round round;
    const QElapsedTimer &clock = app.clock;
    StallMeter meter(clock);
    embers::MainWindow window;
    window.resize(1400, 900);
    window.show();
    QApplication::processEvents();

    embers::CaptureRequest request;
    request.target = inspector;
    request.intervalMicros = interval;
    request.seconds = 0; // until stopped
    meter.start();
    window.startCapture(request, 0, folder);
    embers::CaptureSession *session = window.captureSession();
    QEventLoop loop;
    qint64 stoppedAt = 0;
    PaintWatch watch;
    QObject::connect(session, &embers::CaptureSession::stateChanged, &loop,
                     [&](embers::CaptureSession::State state) {
                         if (state == embers::CaptureSession::State::Saving && stoppedAt)
                             round.handOverMs = double(clock.nsecsElapsed() - stoppedAt) / 1e6;
                         if (state == embers::CaptureSession::State::Ended && !round.openedMs)
                             loop.quit(); // failed
                     });
    QObject::connect(&window, &embers::MainWindow::capturePageAdded, &loop,
                     [&](embers::CapturePage *page) {
                         round.openedMs = double(clock.nsecsElapsed() - stoppedAt) / 1e6;
                         page->flamePanel()->view()->installEventFilter(&watch);
                     });
    QTimer poll;
    poll.setInterval(1);
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (watch.painted && !round.shownMs) {
            round.shownMs = double(clock.nsecsElapsed() - stoppedAt) / 1e6;
            QTimer::singleShot(1000, &loop, &QEventLoop::quit);
        }
    });
    // Recording starts once the inspector answered; Stop `seconds` after that.
    QObject::connect(session, &embers::CaptureSession::progressed, &loop, [&] {
        if (session->current() &&
            session->current()->phase() == embers::ProfileCapture::Phase::Recording)
            QTimer::singleShot(seconds * 1000, &loop, [&] {
                stoppedAt = clock.nsecsElapsed();
                app.events.clear();
                app.tracing = trace;
                poll.start();
                session->stop();
            });
    });
    QTimer::singleShot((seconds + 60) * 1000, &loop, &QEventLoop::quit);
    loop.exec();
    meter.stop();
    app.tracing = false;
    for (const TracingApplication::Event &e : app.events) {
        const double at = e.startMs - double(stoppedAt) / 1e6;
        if (at <= round.shownMs)
            std::printf("    %+7.1f ms  %6.1f ms  %s\n", at, e.ms, e.what.c_str());
    }
    round.largestStall = meter.largest;
    round.stallAtMs = meter.largestEndMs - double(stoppedAt) / 1e6;
    round.ok = round.shownMs > 0;
    if (window.currentCapturePage() && window.currentCapturePage()->capture()) {
        const embers::StackTable &stacks = *window.currentCapturePage()->capture()->stacks;
        const int column = stacks.countColumnFor(size_t(stacks.defaultColumn));
        if (column >= 0)
            round.samples = int(stacks.totals[size_t(column)]);
    }
    return round;
}

} // namespace

// --saved: the time of one save-and-open of `bytes` as a captured pprof, in ms.
double saveAndOpenMs(const QByteArray &bytes, const QString &folder, bool handOver)
{
    embers::CapturedProfile captured;
    captured.target = QStringLiteral("http://127.0.0.1:6060/debug/pprof/profile");
    captured.label = QStringLiteral("bench");
    captured.started = QDateTime::currentDateTimeUtc();
    captured.bytes = bytes;
    QElapsedTimer clock;
    clock.start();
    QString error;
    std::shared_ptr<embers::Profile> read;
    const QString path = embers::saveCapture(captured, folder, &error, handOver ? &read : nullptr);
    embers::OpenOptions options; // as CaptureSession opens it
    options.labelsOnlyIfAny = true;
    options.model.keepLabels = true;
    options.preloaded = {read};
    const embers::OpenResult opened = embers::openCapture({path}, options);
    const double ms = double(clock.nsecsElapsed()) / 1e6;
    if (!opened.capture) {
        std::fprintf(stderr, "%s\n", qPrintable(path.isEmpty() ? error : opened.error));
        std::exit(1);
    }
    QFile::remove(path);
    return ms;
}

int savedBenchmark(const QString &file, int rounds)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "%s: %s\n", qPrintable(file), qPrintable(f.errorString()));
        return 1;
    }
    const QByteArray bytes = f.readAll();
    QTemporaryDir folder;
    std::vector<double> once, twice, inflate;
    for (int r = 0; r < rounds; ++r) {
        QElapsedTimer clock;
        clock.start();
        const uint64_t inflated = inflatedSize(bytes);
        inflate.push_back(double(clock.nsecsElapsed()) / 1e6);
        twice.push_back(saveAndOpenMs(bytes, folder.path(), false));
        once.push_back(saveAndOpenMs(bytes, folder.path(), true));
        std::printf("round %d: saved and opened %.1f ms (read once), %.1f ms (read back from "
                    "the file); inflating the %.1f MB alone %.1f ms\n",
                    r + 1, once.back(), twice.back(), double(inflated) / 1e6, inflate.back());
    }
    const double base = median(inflate);
    std::printf("median: read once %.1f ms (%.1f x inflate), read back %.1f ms (%.1f x "
                "inflate)\n",
                median(once), median(once) / base, median(twice), median(twice) / base);
    return 0;
}

int main(int argc, char **argv)
{
    embers::keepFreedMemory();
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    int seconds = 10, interval = 1000, rounds = 3;
    bool trace = false;
    QString script, saved;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (std::strncmp(a, "--seconds=", 10) == 0)
            seconds = std::atoi(a + 10);
        else if (std::strncmp(a, "--interval=", 11) == 0)
            interval = std::atoi(a + 11);
        else if (std::strncmp(a, "--rounds=", 9) == 0)
            rounds = std::atoi(a + 9);
        else if (std::strcmp(a, "--trace") == 0)
            trace = true;
        else if (std::strncmp(a, "--saved=", 8) == 0)
            saved = QString::fromLocal8Bit(a + 8);
        else
            script = QString::fromLocal8Bit(a);
    }
    if (!saved.isEmpty())
        return savedBenchmark(saved, rounds);
    if (script.isEmpty()) {
        std::fprintf(stderr, "usage: embers_capture_benchmark [--seconds=10] [--interval=1000] "
                             "[--rounds=3] [--trace] SCRIPT\n");
        return 2;
    }
    // The offscreen platform says this for every window that changes size hints.
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext &, const QString &text) {
        if (!text.contains(QLatin1String("propagateSizeHints")))
            std::fprintf(stderr, "%s%s\n", type == QtWarningMsg ? "warning: " : "",
                         qPrintable(text));
    });
    TracingApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("EmbersBenchmark"));
    QTemporaryDir folder;

    QProcess node;
    node.setProcessChannelMode(QProcess::SeparateChannels);
    node.start(QStandardPaths::findExecutable(QStringLiteral("node")),
               {QStringLiteral("--inspect=127.0.0.1:0"), script});
    QString inspector;
    QByteArray seen;
    for (int i = 0; i < 100 && inspector.isEmpty(); ++i) {
        node.waitForReadyRead(100);
        seen += node.readAllStandardError();
        const auto m = QRegularExpression(QStringLiteral(R"(ws://(127\.0\.0\.1:\d+)/)"))
                           .match(QString::fromUtf8(seen));
        if (m.hasMatch())
            inspector = QStringLiteral("inspect://") + m.captured(1);
    }
    if (inspector.isEmpty()) {
        std::fprintf(stderr, "node did not start its inspector: %s\n", seen.constData());
        return 1;
    }

    std::printf("capture of %s: %d s at %d us, %d rounds\n", qPrintable(script), seconds, interval,
                rounds);
    std::vector<double> handOver, opened, shown, stalls;
    for (int r = 0; r < rounds; ++r) {
        const Round round = runRound(app, inspector, seconds, interval, folder.path(), trace);
        if (!round.ok) {
            std::fprintf(stderr, "round %d: the capture was not shown\n", r + 1);
            return 1;
        }
        std::printf("  round %d: %d samples; after Stop: V8's hand-over %.0f ms, saved and "
                    "opened %.0f ms, flame graph shown %.0f ms (%.1fx the hand-over); largest "
                    "GUI stall %.1f ms, ending %.0f ms after Stop\n",
                    r + 1, round.samples, round.handOverMs, round.openedMs, round.shownMs,
                    round.shownMs / std::max(1.0, round.handOverMs), round.largestStall,
                    round.stallAtMs);
        handOver.push_back(round.handOverMs);
        opened.push_back(round.openedMs);
        shown.push_back(round.shownMs);
        stalls.push_back(round.largestStall);
    }
    std::printf("median: hand-over %.0f ms, opened %.0f ms, shown %.0f ms after Stop (target "
                "200 ms); largest stall %.1f ms (target 50 ms)\n",
                median(handOver), median(opened), median(shown), median(stalls));
    node.kill();
    node.waitForFinished();
    return 0;
}
