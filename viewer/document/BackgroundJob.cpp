#include "BackgroundJob.h"

#include <QThreadPool>

namespace embers {

namespace {
// Progress is polled rather than signalled by the worker: work may report thousands of
// times a second, a progress bar needs a few updates.
constexpr int kProgressIntervalMs = 50;
} // namespace

BackgroundJob::BackgroundJob(QObject *parent, Overlap overlap) : QObject(parent), m_overlap(overlap)
{
    m_progressTimer.setInterval(kProgressIntervalMs);
    connect(&m_progressTimer, &QTimer::timeout, this, &BackgroundJob::pollProgress);
}

BackgroundJob::~BackgroundJob()
{
    if (m_current)
        m_current->cancel = true;
}

QThreadPool *BackgroundJob::pool() const
{
    return m_pool ? m_pool : QThreadPool::globalInstance();
}

bool BackgroundJob::admit(Launch launch)
{
    if (m_overlap == Overlap::Wait && m_current) {
        m_current->cancel = true;
        m_waiting = std::move(launch);
        return false;
    }
    return true;
}

std::shared_ptr<JobControl::State> BackgroundJob::begin()
{
    const bool wasRunning = bool(m_current);
    if (m_current)
        m_current->cancel = true; // superseded
    m_current = std::make_shared<JobControl::State>();
    m_stopping = false;
    m_reported = -2;
    m_progressTimer.start();
    if (!wasRunning)
        emit runningChanged(true);
    return m_current;
}

bool BackgroundJob::finish(const std::shared_ptr<JobControl::State> &state)
{
    if (state != m_current)
        return false; // superseded or cancelled
    pollProgress();
    m_current.reset();
    m_progressTimer.stop();
    if (m_waiting) {
        // The request that waited for this job supersedes it.
        Launch launch = std::move(m_waiting);
        m_waiting = nullptr;
        launch();
        return false;
    }
    const bool stopped = m_stopping;
    m_stopping = false;
    emit runningChanged(false);
    // A job cancelled (not stopped) while it ran has already been dropped; one that was
    // asked to stop hands over what it has.
    return stopped || !state->cancel.load();
}

void BackgroundJob::cancel()
{
    m_waiting = nullptr;
    if (!m_current)
        return;
    m_current->cancel = true;
    m_current.reset();
    m_stopping = false;
    m_progressTimer.stop();
    emit runningChanged(false);
}

void BackgroundJob::stop()
{
    if (!m_current)
        return;
    m_current->cancel = true;
    m_stopping = true;
}

bool BackgroundJob::isStopping() const
{
    return m_current && m_stopping;
}

void BackgroundJob::pollProgress()
{
    if (!m_current)
        return;
    const qint64 done = m_current->done.load(std::memory_order_relaxed);
    if (done == m_reported)
        return;
    m_reported = done;
    if (done >= 0)
        emit progress(done, m_current->total.load(std::memory_order_relaxed));
}

} // namespace embers
