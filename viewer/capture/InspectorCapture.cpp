#include "InspectorCapture.h"

#include "HttpFetch.h"
#include "InspectorSession.h"
#include "SourceMapRemap.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace embers {

namespace {

constexpr int kConnectMs = 10000;
// After the recording: the profiler's answer (a big heap takes a while) and source maps
// still on their way.
constexpr int kCollectMs = 60000;
constexpr int kMapWaitMs = 3000;
constexpr qint64 kMaxMapBytes = qint64(256) << 20;

int connectDeadlineMs(const CaptureRequest &request)
{
    return request.timeoutSeconds > 0 ? request.timeoutSeconds * 1000 : kConnectMs;
}

// data:[<mediatype>][;base64],<data>
bool decodeDataUrl(const QString &url, QByteArray *bytes)
{
    const qsizetype comma = url.indexOf(QLatin1Char(','));
    if (!url.startsWith(QLatin1String("data:"), Qt::CaseInsensitive) || comma < 0)
        return false;
    const QString header = url.mid(5, comma - 5);
    const QByteArray data = url.mid(comma + 1).toUtf8();
    if (header.endsWith(QLatin1String(";base64"), Qt::CaseInsensitive)) {
        const auto decoded = QByteArray::fromBase64Encoding(data);
        if (!decoded)
            return false;
        *bytes = decoded.decoded;
    } else {
        *bytes = QByteArray::fromPercentEncoding(data);
    }
    return true;
}

QString localPath(const QUrl &url)
{
    if (url.isLocalFile())
        return url.toLocalFile();
    if (url.scheme().isEmpty() && url.path().startsWith(QLatin1Char('/')))
        return url.path();
    return {};
}

} // namespace

bool parseInspectorTargets(const QByteArray &json, QList<InspectorTarget> *targets, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (!doc.isArray()) {
        *error = InspectorCapture::tr("/json/list did not answer with a list of targets (%1)")
                     .arg(doc.isNull() ? parseError.errorString() : firstLineOf(json));
        return false;
    }
    targets->clear();
    for (const QJsonValue &value : doc.array()) {
        const QJsonObject o = value.toObject();
        InspectorTarget t;
        t.id = o.value(QLatin1String("id")).toString();
        t.type = o.value(QLatin1String("type")).toString();
        t.title = o.value(QLatin1String("title")).toString();
        t.url = o.value(QLatin1String("url")).toString();
        t.webSocketUrl = o.value(QLatin1String("webSocketDebuggerUrl")).toString();
        if (!t.id.isEmpty() || !t.webSocketUrl.isEmpty())
            targets->push_back(t);
    }
    return true;
}

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
                         .arg(kCollectMs / 1000));
        else
            finishWhenMapsAreIn();
    });
}

InspectorCapture::~InspectorCapture() = default;

void InspectorCapture::stopAll()
{
    m_recordTimer.stop();
    m_watchdog.stop();
    for (HttpFetch *fetch : std::as_const(m_mapFetches))
        fetch->abort();
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
    QUrl list = m_http;
    list.setPath(QStringLiteral("/json/list"));
    HttpFetchOptions options;
    options.deadlineMs = connectDeadlineMs(m_request);
    options.maxBytes = 16 << 20;
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
                ids << t.id;
            failWith(tr("no target %1; the inspector offers %2")
                         .arg(m_targetId, ids.join(QStringLiteral(", "))));
            return;
        }
    }
    if (it->webSocketUrl.isEmpty()) {
        failWith(tr("the target is in use by another debugger (DevTools, an "
                    "IDE); close it and try again"));
        return;
    }
    m_session = new InspectorSession(this);
    connect(m_session, &InspectorSession::opened, this, &InspectorCapture::startRecording);
    connect(m_session, &InspectorSession::eventReceived, this,
            [this](const QString &method, const QJsonObject &params) {
                if (method == QLatin1String("Debugger.scriptParsed"))
                    scriptParsed(params);
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
    m_session->open(QUrl(it->webSocketUrl));
}

void InspectorCapture::startRecording()
{
    const bool cpu = m_request.kind == RecordKind::Cpu;
    auto refused = [this](const QString &method, const QString &error) {
        failWith(tr("the inspector refused %1: %2").arg(method, error));
    };
    auto recording = [this](bool ok, const QJsonObject &, const QString &error) {
        if (!ok) {
            failWith(tr("the profiler did not start: %1").arg(error));
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
    m_watchdog.start(kCollectMs);
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
                            failWith(tr("%1 failed: %2").arg(method, e));
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
    if (m_mapFetches.isEmpty())
        finishWhenMapsAreIn();
    else
        m_watchdog.start(kMapWaitMs);
}

void InspectorCapture::finishWhenMapsAreIn()
{
    if (isDone() || m_profile.isEmpty())
        return;
    m_watchdog.stop();
    for (HttpFetch *fetch : std::as_const(m_mapFetches)) {
        m_result.sourceMapErrors << fetch->url().toDisplayString() +
                                        tr(": still loading when the capture ended");
        fetch->abort();
    }
    m_mapFetches.clear();
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
    const QString scriptUrl = params.value(QLatin1String("url")).toString();
    const QString mapUrl = params.value(QLatin1String("sourceMapURL")).toString();
    if (scriptUrl.isEmpty() || mapUrl.isEmpty() || m_mapUrlsSeen.contains(scriptUrl))
        return;
    m_mapUrlsSeen << scriptUrl;
    QByteArray json;
    if (mapUrl.startsWith(QLatin1String("data:"), Qt::CaseInsensitive)) {
        if (decodeDataUrl(mapUrl, &json))
            addSourceMap(scriptUrl, QString(), json);
        else
            m_result.sourceMapErrors
                << scriptUrl + tr(": its inline source map is not a valid data: URL");
        return;
    }
    const QUrl resolved = QUrl(scriptUrl).resolved(QUrl(mapUrl));
    const QString path = localPath(resolved);
    if (!path.isEmpty()) {
        QFile file(path);
        if (file.size() > kMaxMapBytes || !file.open(QIODevice::ReadOnly)) {
            m_result.sourceMapErrors << path + tr(": cannot read the source map");
            return;
        }
        addSourceMap(scriptUrl, path, file.readAll());
        return;
    }
    if (resolved.scheme() != QLatin1String("http") && resolved.scheme() != QLatin1String("https")) {
        m_result.sourceMapErrors << mapUrl + tr(": not a source map Embers can fetch");
        return;
    }
    HttpFetchOptions options;
    options.deadlineMs = kConnectMs;
    options.maxBytes = kMaxMapBytes;
    auto *fetch = new HttpFetch(network(), resolved, options, this);
    m_mapFetches << fetch;
    auto settled = [this, fetch] {
        m_mapFetches.removeOne(fetch);
        fetch->deleteLater();
        if (!m_profile.isEmpty() && m_mapFetches.isEmpty())
            finishWhenMapsAreIn();
    };
    connect(fetch, &HttpFetch::finished, this, [=, this](const QByteArray &body) {
        addSourceMap(scriptUrl, resolved.toString(), body);
        settled();
    });
    connect(fetch, &HttpFetch::failed, this, [=, this](const QString &what) {
        m_result.sourceMapErrors << resolved.toDisplayString() + QStringLiteral(": ") + what;
        settled();
    });
    fetch->start();
}

void InspectorCapture::addSourceMap(const QString &scriptUrl, const QString &mapPath,
                                    const QByteArray &json)
{
    QString error;
    const QString directory = mapPath.isEmpty() || !QFileInfo(mapPath).isAbsolute()
                                  ? QString()
                                  : QFileInfo(mapPath).absolutePath();
    std::optional<SourceMap> map = SourceMap::parse(json, directory, &error);
    if (!map) {
        m_result.sourceMapErrors << (mapPath.isEmpty() ? scriptUrl : mapPath) +
                                        QStringLiteral(": ") + error;
        return;
    }
    SourceMapFile file;
    file.path = mapPath.isEmpty() ? scriptUrl + QStringLiteral(".map") : mapPath;
    file.generated << scriptUrl;
    const QString script = localPath(QUrl(scriptUrl));
    if (!script.isEmpty())
        file.generated << script;
    file.map = std::move(*map);
    if (!m_maps)
        m_maps = std::make_shared<SourceMapSet>();
    m_maps->add(std::move(file));
}

} // namespace embers
