#include "CaptureLoader.h"

#include <QFileInfo>

namespace embers {

namespace {

// openCapture reports per file; this turns it into all files.
class FilesProgress
{
public:
    explicit FilesProgress(JobControl control) : m_control(std::move(control)) {}

    void report(uint64_t doneInFile, uint64_t fileSize, qint64 total)
    {
        // Within a file `doneInFile` only grows; anything else means the next file began.
        const bool nextFile =
            m_fileTotal != 0 &&
            (fileSize != m_fileTotal || doneInFile <= m_fileDone || m_fileDone >= m_fileTotal);
        if (nextFile)
            m_base += m_fileTotal;
        m_fileDone = doneInFile;
        m_fileTotal = fileSize;
        m_control.setProgress(qint64(m_base + doneInFile), total);
    }

private:
    JobControl m_control;
    uint64_t m_base = 0;
    uint64_t m_fileDone = 0;
    uint64_t m_fileTotal = 0;
};

} // namespace

CaptureLoader::CaptureLoader(QObject *parent) : QObject(parent), m_job(new BackgroundJob(this))
{
    connect(m_job, &BackgroundJob::progress, this, [this](qint64 done) { report(done); });
}

void CaptureLoader::load(const QStringList &paths)
{
    m_paths = paths;
    m_bytesTotal = 0;
    for (const QString &path : paths)
        m_bytesTotal += QFileInfo(path).size();
    m_bytesDone = 0;
    m_cancelling = false;

    // A load still running is superseded: it stops, and its result is dropped.
    m_job->run(
        [paths, total = m_bytesTotal](JobControl &control) {
            OpenOptions options;
            options.model.granularity = Granularity::FileFunctions;
            options.model.keepLabels = true; // for the labels panel and label filters
            options.labelsOnlyIfAny = true;
            options.model.cancel = control.cancelFlag();
            options.load.cancel = control.cancelFlag();
            auto files = std::make_shared<FilesProgress>(control);
            options.load.progress = [files, total](uint64_t done, uint64_t fileSize) {
                files->report(done, fileSize, total);
            };
            return openCapture(paths, options);
        },
        [this](const OpenResult &result) { loadFinished(result); });
    emit started();
    emit progress(0, m_bytesTotal);
}

void CaptureLoader::cancel()
{
    if (!m_job->isRunning())
        return;
    m_cancelling = true;
    m_job->stop();
}

void CaptureLoader::report(qint64 done)
{
    m_bytesDone = done;
    emit progress(done, m_bytesTotal);
}

void CaptureLoader::loadFinished(const OpenResult &result)
{
    // Stopped by cancel(): a result that arrives after it is stale, even when the work
    // got done.
    if (m_cancelling || result.cancelled) {
        emit cancelled();
    } else if (result.capture) {
        if (m_bytesDone != m_bytesTotal)
            report(m_bytesTotal);
        emit finished(result.capture);
    } else {
        emit failed(result.error);
    }
}

} // namespace embers
