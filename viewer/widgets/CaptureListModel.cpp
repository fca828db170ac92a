#include "CaptureListModel.h"

#include "CaptureDescription.h"

#include <QApplication>
#include <QIcon>
#include <QStyle>

#include <algorithm>

namespace embers {

CaptureListModel::CaptureListModel(QObject *parent) : QAbstractListModel(parent) {}

quint64 CaptureListModel::addCapture(const QStringList &paths)
{
    Entry e;
    e.id = m_nextId++;
    e.paths = paths;
    int row = int(m_entries.size());
    beginInsertRows({}, row, row);
    m_entries.push_back(std::move(e));
    endInsertRows();
    namesChanged();
    return m_entries.back().id;
}

void CaptureListModel::removeCapture(quint64 id)
{
    int row = rowOfId(id);
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    m_entries.erase(m_entries.begin() + row);
    endRemoveRows();
    namesChanged();
}

// A row added or removed can give other rows of the same name their folders, or take them.
void CaptureListModel::namesChanged()
{
    if (!m_entries.empty())
        emit dataChanged(index(0), index(rowCount() - 1), {Qt::DisplayRole});
}

QString CaptureListModel::name(int row) const
{
    QList<QStringList> all;
    for (const Entry &e : m_entries)
        all << e.paths;
    return CaptureDescription::displayNames(all).value(row);
}

CaptureListModel::Entry *CaptureListModel::entry(quint64 id)
{
    int row = rowOfId(id);
    return row < 0 ? nullptr : &m_entries[size_t(row)];
}

void CaptureListModel::changed(quint64 id)
{
    QModelIndex i = index(rowOfId(id));
    emit dataChanged(i, i);
}

void CaptureListModel::setLoading(quint64 id)
{
    if (Entry *e = entry(id)) {
        e->state = State::Loading;
        e->capture.reset();
        e->error.clear();
        e->percent = -1;
        changed(id);
    }
}

void CaptureListModel::setProgress(quint64 id, qint64 bytesDone, qint64 bytesTotal)
{
    Entry *e = entry(id);
    if (!e || bytesTotal <= 0)
        return;
    int percent = int(std::clamp<qint64>(100 * bytesDone / bytesTotal, 0, 100));
    if (percent != e->percent) {
        e->percent = percent;
        changed(id);
    }
}

void CaptureListModel::setLoaded(quint64 id, std::shared_ptr<const Capture> capture)
{
    if (Entry *e = entry(id)) {
        e->state = State::Loaded;
        e->overview = CaptureDescription::overview(*capture);
        e->capture = std::move(capture);
        e->error.clear();
        changed(id);
    }
}

void CaptureListModel::setFailed(quint64 id, const QString &error)
{
    if (Entry *e = entry(id)) {
        e->state = State::Failed;
        e->capture.reset();
        e->error = error;
        changed(id);
    }
}

int CaptureListModel::rowOfId(quint64 id) const
{
    for (size_t i = 0; i < m_entries.size(); ++i) {
        if (m_entries[i].id == id)
            return int(i);
    }
    return -1;
}

int CaptureListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

QVariant CaptureListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry &e = m_entries[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return name(index.row());
    case Qt::ToolTipRole: {
        QString tip = e.paths.join(QLatin1Char('\n'));
        if (e.state == State::Failed)
            tip += QLatin1Char('\n') + e.error;
        return tip;
    }
    case Qt::DecorationRole:
        if (e.state == State::Failed)
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        break;
    case DetailsRole:
        switch (e.state) {
        case State::Loading:
            if (e.percent < 0)
                return QStringList{tr("Loading\u2026")};
            return QStringList{tr("Loading\u2026 %1 %").arg(e.percent)};
        case State::Failed:
            return QStringList{tr("Could not be opened")};
        case State::Loaded:
            return e.overview;
        }
        break;
    case StateRole:
        return QVariant::fromValue(e.state);
    case IdRole:
        return e.id;
    case PathsRole:
        return e.paths;
    }
    return {};
}

} // namespace embers
