// CaptureSession: "profile it now" as the window runs it: one capture of a
// target, or one every `repeatSeconds` (a series: continuous profiling at the
// desk). Each capture is saved at once in the captures folder and opened, off
// the GUI thread; stop() keeps what the current capture recorded and ends the
// series, cancel() discards it.
#pragma once

#include "Capture.h"
#include "ProfileCapture.h"

#include <QDateTime>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <memory>

namespace embers {

class BackgroundJob;

class CaptureSession : public QObject
{
    Q_OBJECT
public:
    enum class State { Capturing, Saving, Waiting, Ended };
    Q_ENUM(State)

    CaptureSession(const CaptureRequest &request, const QString &folder, int repeatSeconds = 0,
                   QObject *parent = nullptr);
    ~CaptureSession() override;

    void start();
    void stop();
    void cancel();

    const CaptureRequest &request() const { return m_request; }
    State state() const { return m_state; }
    // The capture running now (Capturing), else null.
    ProfileCapture *current() const { return m_capture; }
    // When the current capture began recording, and when the next one starts
    // (Waiting).
    QDateTime recordingSince() const { return m_recordingSince; }
    QDateTime nextCaptureAt() const { return m_nextAt; }
    int savedCount() const { return m_saved; }
    int repeatSeconds() const { return m_repeatSeconds; }
    QString lastError() const { return m_error; }

signals:
    void stateChanged(embers::CaptureSession::State state);
    // The capture's phase moved (connecting, recording, collecting).
    void progressed();
    // A capture was saved at `path` and opened.
    void captured(const QString &path, std::shared_ptr<const embers::Capture> capture);
    // A capture failed ("TARGET: what went wrong"); a series goes on with the
    // next.
    void failed(const QString &message);
    // A service's address named: what it offers (the capture list stays as it
    // was).
    void listed(const QStringList &offered);

private:
    struct Saved
    {
        QString path;
        std::shared_ptr<const Capture> capture;
        QString error;
    };
    void setState(State state);
    void next();
    void captureDone();
    void saveDone(const Saved &saved);
    // The next capture of a series after its pause, or the end.
    void continueOrEnd();

    CaptureRequest m_request;
    QString m_folder;
    int m_repeatSeconds = 0;
    State m_state = State::Waiting;
    QPointer<ProfileCapture> m_capture;
    BackgroundJob *m_save;
    QTimer m_repeat;
    QDateTime m_recordingSince;
    QDateTime m_nextAt;
    int m_saved = 0;
    bool m_ending = false;
    QString m_error;
};

} // namespace embers
