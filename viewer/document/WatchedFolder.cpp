#include "WatchedFolder.h"

#include "CaptureLoader.h"

#include <QTimer>

namespace embers {

WatchedFolder::WatchedFolder(QObject *parent) : QObject(parent), m_watcher(new FolderWatcher(this))
{
    connect(m_watcher, &FolderWatcher::fileReady, this, &WatchedFolder::load);
}

bool WatchedFolder::watch(const QString &folder)
{
    stop();
    return m_watcher->watch(folder);
}

void WatchedFolder::stop()
{
    ++m_generation;
    m_watcher->stop();
    m_loads.clear();
    // Deleting a loader cancels its load.
    for (CaptureLoader *loader : findChildren<CaptureLoader *>(Qt::FindDirectChildrenOnly))
        delete loader;
}

void WatchedFolder::load(const QString &path)
{
    // One loader per file: several may arrive at once.
    auto *loader = new CaptureLoader(this);
    const quint64 generation = m_generation;
    auto current = [this, generation] { return generation == m_generation; };
    // A file that changed while it loaded was not complete after all: the watcher
    // reports its next version, which is the one to keep.
    auto unchanged = [path, reported = FileVersion::of(path)] {
        return FileVersion::of(path) == reported;
    };
    // Loads finish in any order; captures are handed over in the order the files came.
    const auto load = m_loads.insert(m_loads.end(), Load{});
    connect(loader, &CaptureLoader::finished, this,
            [this, loader, current, unchanged, load](std::shared_ptr<const Capture> capture) {
                loader->deleteLater();
                if (!current())
                    return; // `load` is gone with the list
                load->done = true;
                if (unchanged())
                    load->capture = std::move(capture);
                handOver();
            });
    connect(loader, &CaptureLoader::failed, this,
            [this, loader, current, path, load](const QString &error) {
                loader->deleteLater();
                if (!current())
                    return;
                load->done = true;
                loadFailed(path, error);
                handOver();
            });
    connect(loader, &CaptureLoader::cancelled, loader, &QObject::deleteLater);
    loader->load({path});
}

void WatchedFolder::handOver()
{
    const quint64 generation = m_generation;
    while (!m_loads.empty() && m_loads.front().done) {
        std::shared_ptr<const Capture> capture = std::move(m_loads.front().capture);
        m_loads.pop_front();
        if (capture)
            emit captureLoaded(std::move(capture));
        if (generation != m_generation)
            return; // a receiver stopped or moved the watch
    }
}

void WatchedFolder::loadFailed(const QString &path, const QString &error)
{
    // Still being written (a pause longer than the settle time, a truncated gzip)? Then
    // it changes again soon, the watcher reports the new version, and this one is moot.
    const FileVersion failed = FileVersion::of(path);
    const quint64 generation = m_generation;
    QTimer::singleShot(m_watcher->settleTime(), this, [=, this] {
        if (generation == m_generation && failed.size >= 0 && FileVersion::of(path) == failed)
            emit fileSkipped(path, error);
    });
}

} // namespace embers
