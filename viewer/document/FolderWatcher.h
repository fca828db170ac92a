// FolderWatcher: says when a new file in a folder is complete. Profiles are often written
// by a script (a capture every minute), in pieces or by a slow download, so a file is
// reported once its size and modification time have not changed for a settle time. Each
// version of a file is reported once: files already there when watching starts are not,
// a file rewritten later is again. Hidden and temporary files (".x", "x.tmp", "x.part",
// "x~", ...) are left alone: writers rename them into place when done.
//
// It polls the folder's listing rather than relying on change notifications, which miss
// appends on some file systems (network shares) and say nothing about completeness.
#pragma once

#include <QDateTime>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QHash>
#include <QObject>
#include <QTimer>

namespace embers {

// What tells one version of a file from the next: its size and modification time.
struct FileVersion
{
    qint64 size = -1; // -1: the file does not exist
    QDateTime modified;

    static FileVersion of(const QFileInfo &file)
    {
        return file.exists() ? FileVersion{file.size(), file.lastModified()} : FileVersion{};
    }
    static FileVersion of(const QString &path) { return of(QFileInfo(path)); }
    bool operator==(const FileVersion &) const = default;
};

class FolderWatcher : public QObject
{
    Q_OBJECT
public:
    explicit FolderWatcher(QObject *parent = nullptr);

    // Starts watching `folder` (stops watching the previous one); false when it is not a
    // readable folder.
    bool watch(const QString &folder);
    void stop();
    bool isWatching() const { return m_timer.isActive(); }
    QString folder() const { return m_folder; }

    // How long a file must stay unchanged to count as complete, and how often to look.
    void setSettleTime(int ms) { m_settleMs = ms; }
    int settleTime() const { return m_settleMs; }
    void setPollInterval(int ms) { m_timer.setInterval(ms); }

    // Whether a file name is one the watcher leaves alone (hidden or temporary).
    static bool isIgnoredName(const QString &fileName);

signals:
    // A new or rewritten file is complete; `path` is absolute.
    void fileReady(const QString &path);

private:
    struct Seen
    {
        FileVersion version;
        qint64 stableSince = 0; // ms on m_clock
        bool reported = false;
    };
    void poll();

    QString m_folder;
    int m_settleMs = 1000;
    QTimer m_timer;
    QElapsedTimer m_clock;
    QHash<QString, Seen> m_seen; // by file name
};

} // namespace embers
