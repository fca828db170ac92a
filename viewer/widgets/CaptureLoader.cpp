#include "CaptureLoader.h"

#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>

namespace embers {

namespace {
// Progress is polled rather than signalled per chunk: the worker may call back thousands
// of times a second, the progress bar needs a few updates.
constexpr int kProgressIntervalMs = 50;
} // namespace

// State shared by the GUI thread and one worker; the worker keeps it alive after the
// loader is gone, so an abandoned load can wind down safely.
struct CaptureLoader::Job
{
    std::atomic_bool cancel{false};
    std::atomic<uint64_t> done{0};
    // Worker side only: openCapture reports per file; these turn it into all files.
    uint64_t base = 0;
    uint64_t fileDone = 0;
    uint64_t fileTotal = 0;

    void report(uint64_t doneInFile, uint64_t fileSize)
    {
        // Within a file `doneInFile` only grows; anything else means the next file began.
        bool nextFile = fileTotal != 0 &&
                        (fileSize != fileTotal || doneInFile <= fileDone || fileDone >= fileTotal);
        if (nextFile)
            base += fileTotal;
        fileDone = doneInFile;
        fileTotal = fileSize;
        done.store(base + doneInFile, std::memory_order_relaxed);
    }
};

CaptureLoader::CaptureLoader(QObject *parent) : QObject(parent)
{
    m_progressTimer.setInterval(kProgressIntervalMs);
    connect(&m_progressTimer, &QTimer::timeout, this, &CaptureLoader::pollProgress);
}

CaptureLoader::~CaptureLoader()
{
    // The worker sees the flag and stops; its result goes nowhere.
    if (m_job)
        m_job->cancel = true;
}

bool CaptureLoader::isCancelling() const
{
    return m_job && m_job->cancel.load();
}

qint64 CaptureLoader::bytesDone() const
{
    const std::shared_ptr<Job> &job = m_job ? m_job : m_lastJob;
    return job ? qint64(job->done.load(std::memory_order_relaxed)) : 0;
}

void CaptureLoader::load(const QStringList &paths)
{
    if (m_job)
        m_job->cancel = true; // abandoned: jobFinished() drops its result

    m_paths = paths;
    m_bytesTotal = 0;
    for (const QString &path : paths)
        m_bytesTotal += QFileInfo(path).size();
    m_reported = -1;

    auto job = std::make_shared<Job>();
    m_job = job;
    m_lastJob = job;

    OpenOptions options;
    options.model.granularity = Granularity::FileFunctions;
    options.model.keepLabels = true; // for the labels panel and label filters
    options.labelsOnlyIfAny = true;
    options.model.cancel = &job->cancel;
    options.load.cancel = &job->cancel;
    options.load.progress = [job](uint64_t done, uint64_t total) { job->report(done, total); };

    auto *watcher = new QFutureWatcher<OpenResult>(this);
    connect(watcher, &QFutureWatcherBase::finished, this,
            [this, watcher, job] { jobFinished(watcher, job); });
    // `job` rides along so that `options`' pointers into it stay valid in the worker.
    watcher->setFuture(
        QtConcurrent::run([paths, options, job] { return openCapture(paths, options); }));

    emit started();
    pollProgress();
    m_progressTimer.start();
}

void CaptureLoader::cancel()
{
    if (m_job)
        m_job->cancel = true;
}

void CaptureLoader::pollProgress()
{
    if (!m_job)
        return;
    qint64 done = qint64(m_job->done.load(std::memory_order_relaxed));
    if (done == m_reported)
        return;
    m_reported = done;
    emit progress(done, m_bytesTotal);
}

void CaptureLoader::jobFinished(QFutureWatcher<OpenResult> *watcher,
                                const std::shared_ptr<Job> &job)
{
    watcher->deleteLater();
    if (job != m_job)
        return; // an abandoned load
    OpenResult result = watcher->result();
    m_job.reset();
    m_progressTimer.stop();

    // A result that arrives after cancel() is stale, even when the work got done.
    if (job->cancel.load() || result.cancelled) {
        emit cancelled();
    } else if (result.capture) {
        if (m_reported != m_bytesTotal)
            emit progress(m_bytesTotal, m_bytesTotal);
        emit finished(result.capture);
    } else {
        emit failed(result.error);
    }
}

} // namespace embers
