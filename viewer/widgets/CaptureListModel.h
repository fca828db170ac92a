// CaptureListModel: the open captures, one row each, with their loading state and a
// short overview. Rows are identified by an id that stays valid while rows come and go.
#pragma once

#include "Capture.h"
#include "ModelRoles.h"

#include <QAbstractListModel>
#include <QStringList>

#include <memory>
#include <vector>

namespace embers {

class CaptureListModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum class State { Loading, Loaded, Failed };
    Q_ENUM(State)

    explicit CaptureListModel(QObject *parent = nullptr);

    // Adds a row in the Loading state; returns its id.
    quint64 addCapture(const QStringList &paths);
    void removeCapture(quint64 id);
    void setLoading(quint64 id);
    void setProgress(quint64 id, qint64 bytesDone, qint64 bytesTotal);
    void setLoaded(quint64 id, std::shared_ptr<const Capture> capture);
    void setFailed(quint64 id, const QString &error);

    int rowOfId(quint64 id) const; // -1 when unknown
    quint64 idAt(int row) const { return m_entries[size_t(row)].id; }
    State state(int row) const { return m_entries[size_t(row)].state; }
    QStringList paths(int row) const { return m_entries[size_t(row)].paths; }
    // The row's name as shown, with parent folders when another row has the same name.
    QString name(int row) const;
    std::shared_ptr<const Capture> capture(int row) const { return m_entries[size_t(row)].capture; }
    QString error(int row) const { return m_entries[size_t(row)].error; }

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    struct Entry
    {
        quint64 id = 0;
        QStringList paths;
        State state = State::Loading;
        std::shared_ptr<const Capture> capture;
        QString error;
        int percent = -1; // of the bytes read while loading; -1 before the first report
        QStringList overview;
    };
    Entry *entry(quint64 id);
    void changed(quint64 id);
    void namesChanged();

    std::vector<Entry> m_entries;
    quint64 m_nextId = 1;
};

} // namespace embers
