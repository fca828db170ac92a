// InspectorCapture: V8's own profilers driven through its inspector (the Chrome DevTools
// Protocol), as DevTools' Record button and Cloudflare's on-demand profiling drive them:
// the targets listed at /json/list, one picked (by id, else the first), then Profiler
// (CPU: a sample every `intervalMicros`) or HeapProfiler's sampling heap profiler, for the
// request's seconds or until stop(). The result is the .cpuprofile / .heapprofile JSON
// the importers read. While recording, the scripts' source maps (Debugger.scriptParsed)
// are collected: inline data: URLs, local files, or URLs the target serves.
#pragma once

#include "ProfileCapture.h"

#include <QList>
#include <QTimer>
#include <QUrl>

#include <memory>

namespace embers {

class HttpFetch;
class InspectorSession;
class SourceMapSet;

struct InspectorTarget
{
    QString id;
    QString type;  // "node", "page", "worker"...
    QString title; // the script or worker
    QString url;
    QString webSocketUrl; // empty when another debugger holds it
};

// /json/list's answer; false and *error when it is not such a list.
bool parseInspectorTargets(const QByteArray &json, QList<InspectorTarget> *targets, QString *error);

class InspectorCapture : public ProfileCapture
{
    Q_OBJECT
public:
    InspectorCapture(const CaptureRequest &request, QObject *parent = nullptr);
    ~InspectorCapture() override;

    void start() override;
    bool canStop() const override { return true; }
    void stop() override;
    void cancel() override;

    // The targets the inspector offered (after Connecting).
    QList<InspectorTarget> targets() const { return m_targets; }

private:
    void pickTarget(const QByteArray &list);
    void startRecording();
    void collect(const QJsonObject &profile);
    void scriptParsed(const QJsonObject &params);
    void addSourceMap(const QString &scriptUrl, const QString &mapUrl, const QByteArray &json);
    void finishWhenMapsAreIn();
    void failWith(const QString &what);
    // Stops the timers, the fetches and the session.
    void stopAll();

    QUrl m_http;
    QString m_targetId;
    QList<InspectorTarget> m_targets;
    HttpFetch *m_list = nullptr;
    InspectorSession *m_session = nullptr;
    QTimer m_recordTimer;
    // Bounds each wait that is not the recording: the inspector's answer, the profile's
    // hand-over, the source maps still loading.
    QTimer m_watchdog;
    bool m_recording = false;
    bool m_stopping = false;
    QByteArray m_profile;
    std::shared_ptr<SourceMapSet> m_maps;
    QStringList m_mapUrlsSeen;
    QList<HttpFetch *> m_mapFetches;
};

} // namespace embers
