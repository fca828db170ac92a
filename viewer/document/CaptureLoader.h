// CaptureLoader: opens one capture (one file, or several merged) off the GUI thread
// and reports throttled progress, the capture or the error on the GUI thread.
#pragma once

#include "BackgroundJob.h"
#include "Capture.h"

#include <QObject>
#include <QStringList>

#include <memory>

namespace embers {

class CaptureLoader : public QObject
{
    Q_OBJECT
public:
    explicit CaptureLoader(QObject *parent = nullptr);

    // Starts loading `paths` as one capture (several files are merged, as pprof does).
    // A load still running is abandoned: it is cancelled and its result dropped.
    void load(const QStringList &paths);
    // Asks the running load to stop; cancelled() follows once the worker has stopped.
    void cancel();

    bool isLoading() const { return m_job->isRunning(); }
    bool isCancelling() const { return m_job->isRunning() && m_cancelling; }
    QStringList paths() const { return m_paths; }
    // Input bytes the current (or last) load had read, and the total to read.
    qint64 bytesDone() const { return m_bytesDone; }
    qint64 bytesTotal() const { return m_bytesTotal; }

signals:
    void started();
    // Throttled; bytesDone reaches bytesTotal before the model is built.
    void progress(qint64 bytesDone, qint64 bytesTotal);
    void finished(std::shared_ptr<const embers::Capture> capture);
    // `error` names the file and the problem.
    void failed(const QString &error);
    void cancelled();

private:
    void report(qint64 done);
    void loadFinished(const OpenResult &result);

    BackgroundJob *m_job;
    QStringList m_paths;
    qint64 m_bytesTotal = 0;
    qint64 m_bytesDone = 0;
    bool m_cancelling = false; // cancel() was called on the running load
};

} // namespace embers
