#include "FolderWatcher.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>

namespace embers {

FolderWatcher::FolderWatcher(QObject *parent) : QObject(parent)
{
    m_timer.setInterval(250);
    connect(&m_timer, &QTimer::timeout, this, &FolderWatcher::poll);
}

bool FolderWatcher::isIgnoredName(const QString &fileName)
{
    static const char *const temporarySuffixes[] = {".tmp",        ".temp",     ".part", ".partial",
                                                    ".crdownload", ".download", ".swp",  "~"};
    if (fileName.startsWith(QLatin1Char('.')))
        return true;
    for (const char *suffix : temporarySuffixes) {
        if (fileName.endsWith(QLatin1String(suffix), Qt::CaseInsensitive))
            return true;
    }
    return false;
}

bool FolderWatcher::watch(const QString &folder)
{
    stop();
    const QFileInfo info(folder);
    if (!info.isDir() || !info.isReadable())
        return false;
    m_folder = info.absoluteFilePath();
    m_clock.start();
    // What is there already is not new: remember it as reported.
    const QFileInfoList files = QDir(m_folder).entryInfoList(QDir::Files);
    for (const QFileInfo &file : files)
        m_seen.insert(file.fileName(), {FileVersion::of(file), 0, true});
    m_timer.start();
    return true;
}

void FolderWatcher::stop()
{
    m_timer.stop();
    m_seen.clear();
    m_folder.clear();
}

void FolderWatcher::poll()
{
    const qint64 now = m_clock.elapsed();
    const QFileInfoList files = QDir(m_folder).entryInfoList(QDir::Files, QDir::Name);
    QStringList ready;
    QSet<QString> present;
    for (const QFileInfo &file : files) {
        const QString name = file.fileName();
        present.insert(name);
        if (isIgnoredName(name))
            continue;
        auto it = m_seen.find(name);
        const FileVersion version = FileVersion::of(file);
        if (it == m_seen.end() || it->version != version) {
            // New, or changed since last look: a new version, complete once it settles.
            m_seen.insert(name, {version, now, false});
            continue;
        }
        if (!it->reported && it->version.size > 0 && now - it->stableSince >= m_settleMs) {
            it->reported = true;
            ready << file.absoluteFilePath();
        }
    }
    // A deleted file that comes back is new again.
    for (auto it = m_seen.begin(); it != m_seen.end();)
        it = present.contains(it.key()) ? std::next(it) : m_seen.erase(it);
    // Signals last, and only while the same folder is watched: a receiver may stop.
    const QString folder = m_folder;
    for (const QString &path : ready) {
        if (m_folder != folder)
            break;
        emit fileReady(path);
    }
}

} // namespace embers
