#include "InspectorCapture.h"

#include "HttpFetch.h"
#include "InspectorSession.h"
#include "SourceMapRemap.h"
#include "TargetText.h"

#include <QFutureWatcher>
#include <QJsonDocument>
#include <QtConcurrent/QtConcurrentRun>

namespace embers {

namespace {

constexpr int kConnectMs = 10000;
// After the recording: the profiler's answer (a big heap takes a while) and source maps
// still on their way.
constexpr int kCollectMs = 60000;
constexpr int kMapWaitMs = 3000;

int connectDeadlineMs(const CaptureRequest &request)
{
    return request.timeoutSeconds > 0 ? request.timeoutSeconds * 1000 : kConnectMs;
}

// An error string the target wrote, as messages show it.
QString targetSaid(const QString &text)
{
    return printableTargetText(text, 300);
}

} // namespace

InspectorCapture::InspectorCapture(const CaptureRequest &request, QObject *parent)
    : ProfileCapture(request, parent)
{
    m_recordTimer.setSingleShot(true);
    connect(&m_recordTimer, &QTimer::timeout, this, &InspectorCapture::stop);
    m_watchdog.setSingleShot(true);
    connect(&m_watchdog, &QTimer::timeout, this, [this] {
        if (phase() == Phase::Connecting)
            failWith(tr("the inspector did not answer within %1 s")
                         .arg(connectDeadlineMs(m_request) / 1000.0));
        else if (m_profile.isEmpty())
            failWith(tr("the profiler did not hand over its profile within %1 s")
                         .arg(collectDeadlineMs() / 1000.0));
        else
            finishWhenMapsAreIn();
    });
}

InspectorCapture::~InspectorCapture() = default;

int InspectorCapture::collectDeadlineMs() const
{
    return m_request.timeoutSeconds > 0 ? m_request.timeoutSeconds * 1000 : kCollectMs;
}

void InspectorCapture::stopAll()
{
    m_recordTimer.stop();
    m_watchdog.stop();
    for (HttpFetch *fetch : std::as_const(m_mapFetches))
        fetch->abort();
    // A worker still reading a map finishes on its own; its result is not looked at.
    qDeleteAll(m_mapLoads);
    m_mapLoads.clear();
    if (m_list)
        m_list->abort();
    if (m_session)
        m_session->close(); // V8 ends a session's profiling with the session
}

void InspectorCapture::failWith(const QString &what)
{
    if (isDone())
        return;
    stopAll();
    fail(m_request.target + QStringLiteral(": ") + what);
}

void InspectorCapture::start()
{
    if (!parseInspectorTarget(m_request.target, &m_http, &m_targetId)) {
        fail(m_request.target + tr(": not an inspector address; write inspect://HOST:PORT or "
                                   "inspect://HOST:PORT/TARGET-ID"));
        return;
    }
    setPhase(Phase::Connecting);
    m_intake = std::make_unique<SourceMapIntake>(m_http);
    QUrl list = m_http;
    list.setPath(QStringLiteral("/json/list"));
    HttpFetchOptions options;
    options.deadlineMs = connectDeadlineMs(m_request);
    options.maxBytes = 16 << 20;
    options.stayOnHost = true;
    m_list = new HttpFetch(network(), list, options, this);
    connect(m_list, &HttpFetch::failed, this, &InspectorCapture::failWith);
    connect(m_list, &HttpFetch::finished, this, &InspectorCapture::pickTarget);
    m_list->start();
}

void InspectorCapture::pickTarget(const QByteArray &list)
{
    QString error;
    if (!parseInspectorTargets(list, &m_targets, &error)) {
        failWith(error);
        return;
    }
    if (m_targets.isEmpty()) {
        failWith(tr("the inspector offers no targets to profile"));
        return;
    }
    auto it = m_targets.begin();
    if (!m_targetId.isEmpty()) {
        it = std::find_if(m_targets.begin(), m_targets.end(),
                          [&](const InspectorTarget &t) { return t.id == m_targetId; });
        if (it == m_targets.end()) {
            QStringList ids;
            for (const InspectorTarget &t : std::as_const(m_targets))
                ids << printableTargetText(t.id, 80);
            failWith(tr("no target %1; the inspector offers %2")
                         .arg(printableTargetText(m_targetId), ids.join(QStringLiteral(", "))));
            return;
        }
    }
    if (it->webSocketUrl.isEmpty()) {
        failWith(tr("the target is in use by another debugger (DevTools, an "
                    "IDE); close it and try again"));
        return;
    }
    if (const QString problem = webSocketUrlProblem(m_http, it->webSocketUrl); !problem.isEmpty()) {
        failWith(problem);
        return;
    }
    m_session = new InspectorSession(this);
    connect(m_session, &InspectorSession::failed, this, &InspectorCapture::failWith);
    connect(m_session, &InspectorSession::opened, this, &InspectorCapture::startRecording);
    connect(m_session, &InspectorSession::eventReceived, this,
            [this](const QString &method, const QJsonObject &params) {
                if (method == QLatin1String("Debugger.scriptParsed"))
                    scriptParsed(params);
                else if (method == QLatin1String("HeapProfiler.addHeapSnapshotChunk"))
                    snapshotChunk(params.value(QLatin1String("chunk")).toString());
            });
    connect(m_session, &InspectorSession::closed, this, [this](const QString &why) {
        if (m_profile.isEmpty())
            failWith(
                m_recording
                    ? tr("the target went away after %1 s of recording (%2); "
                         "V8 keeps the profile inside the target, so "
                         "nothing was recorded")
                          .arg(m_result.started.msecsTo(QDateTime::currentDateTimeUtc()) / 1000.0,
                               0, 'f', 1)
                          .arg(why)
                    : tr("the inspector closed the connection (%1); another "
                         "debugger may hold it")
                          .arg(why));
    });
    m_watchdog.start(connectDeadlineMs(m_request));
    m_session->open(QUrl(it->webSocketUrl, QUrl::StrictMode));
}

void InspectorCapture::startRecording()
{
    if (m_request.kind == RecordKind::Snapshot) {
        takeSnapshot();
        return;
    }
    const bool cpu = m_request.kind == RecordKind::Cpu;
    auto refused = [this](const QString &method, const QString &error) {
        failWith(tr("the inspector refused %1: %2").arg(method, targetSaid(error)));
    };
    auto recording = [this](bool ok, const QJsonObject &, const QString &error) {
        if (!ok) {
            failWith(tr("the profiler did not start: %1").arg(targetSaid(error)));
            return;
        }
        m_watchdog.stop();
        m_recording = true;
        m_result.started = QDateTime::currentDateTimeUtc();
        setPhase(Phase::Recording);
        if (m_request.seconds > 0)
            m_recordTimer.start(m_request.seconds * 1000);
    };
    // Source maps are optional: a target without the Debugger domain is still profiled.
    auto enableDebugger = [this](std::function<void()> next) {
        m_session->send(QStringLiteral("Debugger.enable"), {},
                        [next](bool, const QJsonObject &, const QString &) { next(); });
    };
    if (cpu) {
        m_session->send(
            QStringLiteral("Profiler.enable"), {},
            [=, this](bool ok, const QJsonObject &, const QString &e) {
                if (!ok)
                    return refused(QStringLiteral("Profiler.enable"), e);
                m_session->send(
                    QStringLiteral("Profiler.setSamplingInterval"),
                    {{QStringLiteral("interval"), m_request.intervalMicros}},
                    [=, this](bool ok, const QJsonObject &, const QString &e) {
                        if (!ok)
                            return refused(QStringLiteral("Profiler.setSamplingInterval"), e);
                        enableDebugger([=, this] {
                            m_session->send(QStringLiteral("Profiler.start"), {}, recording);
                        });
                    });
            });
    } else {
        m_session->send(
            QStringLiteral("HeapProfiler.enable"), {},
            [=, this](bool ok, const QJsonObject &, const QString &e) {
                if (!ok)
                    return refused(QStringLiteral("HeapProfiler.enable"), e);
                enableDebugger([=, this] {
                    // Without the two flags V8 drops each sampled object the GC collects
                    // before Stop: a Worker's allocations, request-scoped garbage, would
                    // all but vanish.
                    const bool collected = m_request.kind == RecordKind::Heap;
                    m_session->send(
                        QStringLiteral("HeapProfiler.startSampling"),
                        {{QStringLiteral("samplingInterval"), m_request.heapIntervalBytes},
                         {QStringLiteral("includeObjectsCollectedByMajorGC"), collected},
                         {QStringLiteral("includeObjectsCollectedByMinorGC"), collected}},
                        recording);
                });
            });
    }
    // A target started with --inspect-brk waits for a debugger before running anything.
    m_session->send(QStringLiteral("Runtime.runIfWaitingForDebugger"), {},
                    [](bool, const QJsonObject &, const QString &) {});
}

// A snapshot is one moment: no recording, only V8's writing it out in chunks, kept as they
// come (the file is the snapshot itself).
void InspectorCapture::takeSnapshot()
{
    m_session->send(
        QStringLiteral("HeapProfiler.enable"), {},
        [this](bool ok, const QJsonObject &, const QString &e) {
            if (!ok) {
                failWith(tr("the inspector refused %1: %2")
                             .arg(QStringLiteral("HeapProfiler.enable"), targetSaid(e)));
                return;
            }
            m_result.started = QDateTime::currentDateTimeUtc();
            m_stopping = true;
            setPhase(Phase::Collecting);
            m_watchdog.start(collectDeadlineMs());
            m_session->send(QStringLiteral("HeapProfiler.takeHeapSnapshot"),
                            {{QStringLiteral("reportProgress"), false}},
                            [this](bool ok, const QJsonObject &, const QString &e) {
                                if (!ok) {
                                    failWith(
                                        tr("%1 failed: %2")
                                            .arg(QStringLiteral("HeapProfiler.takeHeapSnapshot"),
                                                 targetSaid(e)));
                                    return;
                                }
                                if (m_snapshot.isEmpty()) {
                                    failWith(tr("the profiler handed over no profile"));
                                    return;
                                }
                                m_result.recordedMs = 0;
                                m_profile = std::move(m_snapshot);
                                m_session->close();
                                finishWhenMapsAreIn();
                            });
        });
}

void InspectorCapture::snapshotChunk(const QString &chunk)
{
    if (m_request.kind != RecordKind::Snapshot || isDone())
        return;
    const QByteArray bytes = chunk.toUtf8();
    if (m_snapshot.size() + bytes.size() > m_request.maxResponseBytes) {
        failWith(tr("the heap snapshot is larger than %1 MiB, more than Embers takes from a "
                    "target")
                     .arg(m_request.maxResponseBytes >> 20));
        return;
    }
    m_snapshot += bytes;
    // Each chunk shows the target is still at it.
    m_watchdog.start(collectDeadlineMs());
    emit received(m_snapshot.size());
}

void InspectorCapture::stop()
{
    if (isDone() || m_stopping)
        return;
    if (!m_recording) {
        // Nothing recorded yet: there is nothing to keep.
        cancel();
        return;
    }
    m_stopping = true;
    m_recordTimer.stop();
    m_result.recordedMs = m_result.started.msecsTo(QDateTime::currentDateTimeUtc());
    setPhase(Phase::Collecting);
    m_watchdog.start(collectDeadlineMs());
    const QString method = m_request.kind == RecordKind::Cpu
                               ? QStringLiteral("Profiler.stop")
                               : QStringLiteral("HeapProfiler.stopSampling");
    // Live means reachable: garbage the collector has not yet visited is not kept.
    if (m_request.kind == RecordKind::HeapLive)
        m_session->send(QStringLiteral("HeapProfiler.collectGarbage"), {},
                        [](bool, const QJsonObject &, const QString &) {});
    m_session->send(method, {},
                    [this, method](bool ok, const QJsonObject &result, const QString &e) {
                        if (!ok) {
                            failWith(tr("%1 failed: %2").arg(method, targetSaid(e)));
                            return;
                        }
                        collect(result.value(QLatin1String("profile")).toObject());
                    });
}

void InspectorCapture::collect(const QJsonObject &profile)
{
    if (profile.isEmpty()) {
        failWith(tr("the profiler handed over no profile"));
        return;
    }
    QJsonObject recorded = profile;
    if (isHeapKind(m_request.kind)) {
        // V8's answer does not say how it was recorded; the importer names the values by
        // these (a saved .heapprofile has neither, and stays "in use").
        const bool collected = m_request.kind == RecordKind::Heap;
        recorded.insert(QLatin1String("samplingInterval"), m_request.heapIntervalBytes);
        recorded.insert(QLatin1String("includeObjectsCollectedByMajorGC"), collected);
        recorded.insert(QLatin1String("includeObjectsCollectedByMinorGC"), collected);
    }
    m_profile = QJsonDocument(recorded).toJson(QJsonDocument::Compact);
    // Leave the target as it was: its profiler and debugger off, the session closed.
    m_session->send(QStringLiteral("Debugger.disable"), {},
                    [](bool, const QJsonObject &, const QString &) {});
    m_session->close();
    if (m_mapFetches.isEmpty() && m_mapLoads.isEmpty())
        finishWhenMapsAreIn();
    else
        m_watchdog.start(std::min(kMapWaitMs, collectDeadlineMs()));
}

void InspectorCapture::finishWhenMapsAreIn()
{
    if (isDone() || m_profile.isEmpty())
        return;
    m_watchdog.stop();
    for (HttpFetch *fetch : std::as_const(m_mapFetches)) {
        m_intake->addProblem(displayUrl(fetch->url()) +
                             tr(": still loading when the capture ended"));
        fetch->abort();
    }
    m_mapFetches.clear();
    for (QObject *load : std::as_const(m_mapLoads))
        m_intake->addProblem(load->objectName() + tr(": still loading when the capture ended"));
    qDeleteAll(m_mapLoads);
    m_mapLoads.clear();
    m_result.sourceMapErrors = m_intake->problems();
    if (m_maps && !m_maps->empty())
        m_result.sourceMaps = m_maps;
    finish(m_profile);
}

void InspectorCapture::cancel()
{
    if (isDone())
        return;
    stopAll();
    cancelled();
}

void InspectorCapture::scriptParsed(const QJsonObject &params)
{
    if (!m_profile.isEmpty() || !m_intake)
        return;
    const std::optional<SourceMapSource> source =
        m_intake->scriptParsed(params.value(QLatin1String("url")).toString(),
                               params.value(QLatin1String("sourceMapURL")).toString());
    if (!source)
        return;
    const qint64 reserved = m_intake->reserve(*source);
    if (reserved <= 0)
        return;
    if (source->kind != SourceMapSource::Kind::Http) {
        loadMap(*source, {}, reserved);
        return;
    }
    HttpFetchOptions options;
    options.deadlineMs = kConnectMs;
    options.maxBytes = reserved;
    options.stayOnHost = true;
    auto *fetch = new HttpFetch(network(), source->url, options, this);
    m_mapFetches << fetch;
    connect(fetch, &HttpFetch::finished, this, [=, this](const QByteArray &body) {
        m_mapFetches.removeOne(fetch);
        fetch->deleteLater();
        loadMap(*source, body, reserved);
    });
    connect(fetch, &HttpFetch::failed, this, [=, this](const QString &what) {
        m_mapFetches.removeOne(fetch);
        fetch->deleteLater();
        m_intake->settle(reserved, 0);
        m_intake->addProblem(source->shown() + QStringLiteral(": ") + what);
        mapSettled();
    });
    fetch->start();
}

void InspectorCapture::loadMap(const SourceMapSource &source, const QByteArray &fetched,
                               qint64 reserved)
{
    auto *watcher = new QFutureWatcher<LoadedSourceMap>(this);
    watcher->setObjectName(source.shown());
    m_mapLoads << watcher;
    connect(watcher, &QFutureWatcher<LoadedSourceMap>::finished, this, [this, watcher, reserved] {
        m_mapLoads.removeOne(watcher);
        watcher->deleteLater();
        LoadedSourceMap loaded = watcher->result();
        m_intake->settle(reserved, loaded.bytes);
        if (loaded.file) {
            if (!m_maps)
                m_maps = std::make_shared<SourceMapSet>();
            m_maps->add(std::move(*loaded.file));
        } else {
            m_intake->addProblem(loaded.problem);
        }
        mapSettled();
    });
    // Reading a file (never blocking: SourceMapIntake) and parsing stay off the GUI thread.
    watcher->setFuture(QtConcurrent::run(
        [source, fetched, reserved] { return loadSourceMap(source, fetched, reserved); }));
}

void InspectorCapture::mapSettled()
{
    if (!m_profile.isEmpty() && m_mapFetches.isEmpty() && m_mapLoads.isEmpty())
        finishWhenMapsAreIn();
}

} // namespace embers
