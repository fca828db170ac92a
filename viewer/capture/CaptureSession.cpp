#include "CaptureSession.h"

#include "BackgroundJob.h"
#include "CaptureStore.h"
#include "TargetText.h"

#include <QFile>

namespace embers {

CaptureSession::CaptureSession(const CaptureRequest &request, const QString &folder,
                               int repeatSeconds, QObject *parent)
    : QObject(parent), m_request(request), m_folder(folder), m_repeatSeconds(repeatSeconds),
      m_save(new BackgroundJob(this))
{
    m_repeat.setSingleShot(true);
    connect(&m_repeat, &QTimer::timeout, this, &CaptureSession::next);
}

CaptureSession::~CaptureSession()
{
    // A save that runs goes on to write its file; only its announcement is lost.
    if (m_capture)
        m_capture->cancel();
}

void CaptureSession::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}

void CaptureSession::start()
{
    next();
}

void CaptureSession::next()
{
    m_nextAt = {};
    m_recordingSince = {};
    m_capture = ProfileCapture::create(m_request, this);
    if (!m_capture) {
        m_error = displayTarget(m_request.target) + tr(": not a URL or inspector address");
        emit failed(m_error);
        setState(State::Ended);
        return;
    }
    connect(m_capture, &ProfileCapture::phaseChanged, this, [this](ProfileCapture::Phase phase) {
        if (phase == ProfileCapture::Phase::Recording)
            m_recordingSince = QDateTime::currentDateTimeUtc();
        emit progressed();
    });
    connect(m_capture, &ProfileCapture::done, this, &CaptureSession::captureDone);
    setState(State::Capturing);
    m_capture->start();
}

void CaptureSession::captureDone()
{
    ProfileCapture *capture = m_capture;
    m_capture = nullptr;
    capture->deleteLater();
    switch (capture->phase()) {
    case ProfileCapture::Phase::Finished: {
        setState(State::Saving);
        const CapturedProfile result = capture->result();
        const QString folder = m_folder;
        // Converting V8's JSON, writing, and opening the file: off the GUI thread,
        // handed over through BackgroundJob, whose hand-offs ThreadSanitizer sees.
        m_save->run(
            [result, folder](JobControl &) {
                Saved saved;
                std::shared_ptr<Profile> read;
                saved.path = saveCapture(result, folder, &saved.error, &read);
                if (saved.path.isEmpty())
                    return saved;
                OpenOptions options;
                options.preloaded = {read};
                options.labelsOnlyIfAny = true;
                options.model.keepLabels = true;
                OpenResult opened = openCapture({saved.path}, options);
                saved.capture = opened.capture;
                if (!saved.capture) {
                    // Nothing is kept that does not open; the message names the target.
                    QFile::remove(saved.path);
                    QString why = opened.error;
                    if (why.startsWith(saved.path + QStringLiteral(": ")))
                        why = why.mid(saved.path.size() + 2);
                    saved.error = displayTarget(result.target) + QStringLiteral(": ") + why;
                    saved.path.clear();
                }
                return saved;
            },
            [this](const Saved &saved) { saveDone(saved); });
        return;
    }
    case ProfileCapture::Phase::Listed:
        emit listed(capture->offered());
        m_ending = true;
        break;
    case ProfileCapture::Phase::Failed:
        // The target's own words may be in it: shown on one line, escapes made visible.
        m_error = printableTargetText(capture->errorText());
        emit failed(m_error);
        break;
    default: // cancelled
        m_ending = true;
        break;
    }
    continueOrEnd();
}

void CaptureSession::saveDone(const Saved &saved)
{
    if (saved.capture) {
        ++m_saved;
        emit captured(saved.path, saved.capture);
    } else {
        m_error = printableTargetText(saved.error);
        emit failed(m_error);
    }
    continueOrEnd();
}

void CaptureSession::continueOrEnd()
{
    if (m_ending || m_repeatSeconds <= 0) {
        setState(State::Ended);
        return;
    }
    m_nextAt = QDateTime::currentDateTimeUtc().addSecs(m_repeatSeconds);
    m_repeat.start(m_repeatSeconds * 1000);
    setState(State::Waiting);
}

void CaptureSession::stop()
{
    m_ending = true;
    if (m_capture && m_capture->canStop()) {
        m_capture->stop();
        return;
    }
    if (m_capture) {
        m_capture->cancel();
        return;
    }
    if (m_state == State::Waiting) {
        m_repeat.stop();
        setState(State::Ended);
    }
}

void CaptureSession::cancel()
{
    m_ending = true;
    m_repeat.stop();
    if (m_capture) {
        m_capture->cancel();
        return;
    }
    if (m_state == State::Waiting)
        setState(State::Ended);
}

} // namespace embers
