#include "RecentFiles.h"

#include <QFileInfo>
#include <QSettings>

namespace embers {

namespace {
const QString kKey = QStringLiteral("recentFiles");
} // namespace

RecentFiles::RecentFiles(QObject *parent) : QObject(parent) {}

QStringList RecentFiles::stored() const
{
    return QSettings().value(kKey).toStringList();
}

void RecentFiles::store(const QStringList &files)
{
    QSettings().setValue(kKey, files);
    emit changed();
}

QStringList RecentFiles::files()
{
    const QStringList all = stored();
    QStringList existing;
    for (const QString &path : all) {
        if (QFileInfo(path).isFile())
            existing << path;
    }
    if (existing != all)
        store(existing);
    return existing;
}

void RecentFiles::add(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = stored();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxFiles)
        files.removeLast();
    store(files);
}

void RecentFiles::remove(const QString &path)
{
    QStringList files = stored();
    if (files.removeAll(QFileInfo(path).absoluteFilePath()) > 0)
        store(files);
}

void RecentFiles::clear()
{
    store({});
}

} // namespace embers
