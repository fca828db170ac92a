// InspectorCapture: V8's own profilers driven through its inspector (the Chrome DevTools
// Protocol), as DevTools' Record button and Cloudflare's on-demand profiling drive them:
// the targets listed at /json/list, one picked (by id, else the first), then Profiler
// (CPU: a sample every `intervalMicros`) or HeapProfiler's sampling heap profiler, for the
// request's seconds or until stop(). The result is the .cpuprofile / .heapprofile JSON
// the importers read. While recording, the scripts' source maps (Debugger.scriptParsed)
// are collected: inline data: URLs, local files, or URLs the target serves, within the
// limits of SourceMapIntake. The target is not trusted: its URLs are followed only on the
// host the user named, its text is shown escaped, every wait is bounded by the request's
// time-out, and a message that cannot be read fails the capture at once.
#pragma once

#include "InspectorTargets.h"
#include "ProfileCapture.h"
#include "SourceMapIntake.h"

#include <QList>
#include <QTimer>
#include <QUrl>

#include <memory>

namespace embers {

class HttpFetch;
class InspectorSession;
class SourceMapSet;

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
    void takeSnapshot();
    void snapshotChunk(const QString &chunk);
    void collect(const QJsonObject &profile);
    void scriptParsed(const QJsonObject &params);
    // Reads and parses the map off the GUI thread (with the fetched body, over HTTP).
    void loadMap(const SourceMapSource &source, const QByteArray &fetched, qint64 reserved);
    void mapSettled();
    // The time-out of a wait after the recording.
    int collectDeadlineMs() const;
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
    QByteArray m_snapshot; // the chunks so far
    std::shared_ptr<SourceMapSet> m_maps;
    std::unique_ptr<SourceMapIntake> m_intake;
    QList<HttpFetch *> m_mapFetches;
    // Maps being read and parsed in a worker, and what each one shows in messages.
    QList<QObject *> m_mapLoads;
};

} // namespace embers
