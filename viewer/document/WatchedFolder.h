// WatchedFolder: continuous profiling on the desk. Every profile that a script writes
// into a folder is loaded, off the GUI thread, once its file is complete (FolderWatcher),
// and handed over as a capture. A file that does not load is reported as skipped, with
// the loader's message, unless it changes again within the settle time: then it was
// still being written, and its next version is tried instead.
#pragma once

#include "Capture.h"
#include "FolderWatcher.h"

#include <QObject>

#include <list>
#include <memory>

namespace embers {

class CaptureLoader;

class WatchedFolder : public QObject
{
    Q_OBJECT
public:
    explicit WatchedFolder(QObject *parent = nullptr);

    // Starts watching `folder` (and stops watching any other); false when it is not a
    // readable folder. Files already there are not opened.
    bool watch(const QString &folder);
    void stop();
    bool isWatching() const { return m_watcher->isWatching(); }
    QString folder() const { return m_watcher->folder(); }
    FolderWatcher *watcher() const { return m_watcher; }

signals:
    void captureLoaded(std::shared_ptr<const embers::Capture> capture);
    // `reason` names the file and what is wrong with it.
    void fileSkipped(const QString &path, const QString &reason);

private:
    void load(const QString &path);
    void loadFailed(const QString &path, const QString &error);
    void handOver();

    struct Load
    {
        bool done = false;
        std::shared_ptr<const Capture> capture; // null when it failed or was superseded
    };
    std::list<Load> m_loads; // in the order the files were reported

    FolderWatcher *m_watcher;
    quint64 m_generation = 0; // a new watch() or stop() drops what is still loading
};

} // namespace embers
