// ProfileCapture: one "profile it now" of a target, on the GUI thread's event loop and
// never blocking it: connect, record for the request's seconds (or until stop()), collect
// the profile. stop() keeps what was recorded so far where the target allows it (an
// inspector); cancel() discards everything at any stage. Made by create() for HTTP and
// inspector targets (HttpCapture, InspectorCapture).
#pragma once

#include "CaptureTarget.h"

#include <QByteArray>
#include <QDateTime>
#include <QObject>
#include <QStringList>

#include <memory>

class QNetworkAccessManager;

namespace embers {

class SourceMapSet;

struct CapturedProfile
{
    QString target; // as the user named it
    QString label;  // targetLabel()
    RecordKind kind = RecordKind::Cpu;
    QDateTime started;
    qint64 recordedMs = 0;
    // As the target sent it: pprof (often gzip'd) from HTTP, V8's JSON from an inspector.
    QByteArray bytes;
    // The scripts' source maps an inspector named while recording (null: none).
    std::shared_ptr<const SourceMapSet> sourceMaps;
    QStringList sourceMapErrors; // maps named but not usable, one line each
};

class ProfileCapture : public QObject
{
    Q_OBJECT
public:
    enum class Phase {
        Idle,
        Connecting,
        Recording,
        Collecting,
        Finished,
        Listed,
        Failed,
        Cancelled
    };
    Q_ENUM(Phase)

    // Null for a file target.
    static ProfileCapture *create(const CaptureRequest &request, QObject *parent = nullptr);
    ~ProfileCapture() override;

    virtual void start() = 0;
    // Ends the recording now and keeps it; false when the target cannot (Go records for
    // the `seconds` it was asked, server-side).
    virtual bool canStop() const { return false; }
    virtual void stop() {}
    // Discards the capture at whatever stage it is.
    virtual void cancel() = 0;

    const CaptureRequest &request() const { return m_request; }
    Phase phase() const { return m_phase; }
    bool isDone() const;
    // Failed: "TARGET: what went wrong".
    QString errorText() const { return m_error; }
    // Finished: the profile.
    const CapturedProfile &result() const { return m_result; }
    // Listed: the target is a service, not a profile, and offers these (Go's
    // /debug/pprof/ index: "heap", "profile", ...), and inspector targets' ids.
    QStringList offered() const { return m_offered; }
    // While recording: the milliseconds asked for (0: until stopped).
    int recordingMs() const { return m_request.seconds * 1000; }

signals:
    void phaseChanged(embers::ProfileCapture::Phase phase);
    // Finished, Listed, Failed or Cancelled.
    void done();
    void received(qint64 bytes);

protected:
    ProfileCapture(const CaptureRequest &request, QObject *parent);
    QNetworkAccessManager *network();
    void setPhase(Phase phase);
    void finish(QByteArray bytes);
    void fail(const QString &message);
    void list(QStringList offered);
    void cancelled();

    CaptureRequest m_request;
    CapturedProfile m_result;

private:
    void end(Phase phase);

    Phase m_phase = Phase::Idle;
    QString m_error;
    QStringList m_offered;
    QNetworkAccessManager *m_network = nullptr;
};

} // namespace embers
