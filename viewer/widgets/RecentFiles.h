// RecentFiles: the most recently opened files, newest first, kept in QSettings. Files
// that no longer exist are dropped whenever the list is read.
#pragma once

#include <QObject>
#include <QStringList>

namespace embers {

class RecentFiles : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMaxFiles = 10;

    explicit RecentFiles(QObject *parent = nullptr);

    // Also forgets the files that are gone.
    QStringList files();
    void add(const QString &path);
    void remove(const QString &path);
    void clear();

signals:
    void changed();

private:
    QStringList stored() const;
    void store(const QStringList &files);
};

} // namespace embers
