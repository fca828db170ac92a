// CaptureLoader: opens one capture (one file, or several merged) off the GUI thread
// and reports throttled progress, the capture or the error on the GUI thread.
#pragma once

#include "Capture.h"

#include <QObject>
#include <QStringList>
#include <QTimer>

#include <memory>

template <typename T> class QFutureWatcher;

namespace embers {

class CaptureLoader : public QObject
{
    Q_OBJECT
public:
    explicit CaptureLoader(QObject *parent = nullptr);
    ~CaptureLoader() override;

    // Starts loading `paths` as one capture (several files are merged, as pprof does).
    // A load still running is abandoned: it is cancelled and its result dropped.
    void load(const QStringList &paths);
    // Asks the running load to stop; cancelled() follows once the worker has stopped.
    void cancel();

    bool isLoading() const { return bool(m_job); }
    bool isCancelling() const;
    QStringList paths() const { return m_paths; }
    // Input bytes the current (or last) load had read, and the total to read.
    qint64 bytesDone() const;
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
    struct Job;
    void pollProgress();
    void jobFinished(QFutureWatcher<OpenResult> *watcher, const std::shared_ptr<Job> &job);

    QStringList m_paths;
    std::shared_ptr<Job> m_job; // the current load; null when idle
    std::shared_ptr<Job> m_lastJob;
    qint64 m_bytesTotal = 0;
    qint64 m_reported = -1;
    QTimer m_progressTimer;
};

} // namespace embers
