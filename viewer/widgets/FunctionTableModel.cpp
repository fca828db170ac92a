#include "FunctionTableModel.h"

#include "FrameRowName.h"
#include "Units.h"

#include <QLocale>

#include <algorithm>

namespace embers {

namespace {

// The count column to show beside `column`: the one of the same family (inuse_space ->
// inuse_objects, alloc_space -> alloc_objects), else "samples"/"sample", else any count.
SampleType findSamplesType(const StackTable &stacks, SampleType shown)
{
    auto family = [](const std::string &type) { return type.substr(0, type.find('_')); };
    const std::string wanted =
        shown.isIn(stacks) && shown.describedIn(stacks).type.find('_') != std::string::npos
            ? family(shown.describedIn(stacks).type)
            : std::string();
    int samples = -1, any = -1;
    for (size_t i = 0; i < stacks.columns.size(); ++i) {
        const SampleColumn &c = stacks.columns[i];
        if (c.unit != "count")
            continue;
        if (!wanted.empty() && family(c.type) == wanted)
            return SampleType(i);
        if (samples < 0 && (c.type == "samples" || c.type == "sample"))
            samples = int(i);
        if (any < 0)
            any = int(i);
    }
    const int found = samples >= 0 ? samples : any;
    return found >= 0 ? SampleType(size_t(found)) : SampleType();
}

} // namespace

FunctionTableModel::FunctionTableModel(QObject *parent) : SortedRowsModel(parent) {}

void FunctionTableModel::setCapture(std::shared_ptr<const Capture> capture, SampleType type)
{
    beginResetModel();
    m_capture = std::move(capture);
    m_names.clear();
    m_samplesType = {};
    m_sampleType = {};
    if (m_capture && m_capture->stacks) {
        const StackTable &stacks = *m_capture->stacks;
        m_names.resize(stacks.frameCount());
        m_sampleType = type.isIn(stacks) ? type : SampleType::defaultOf(stacks);
        m_samplesType = findSamplesType(stacks, m_sampleType);
    }
    rebuildRows();
    endResetModel();
    emit sampleTypeChanged(m_sampleType);
}

void FunctionTableModel::setSampleType(SampleType type)
{
    if (!m_capture || type == m_sampleType || !type.isIn(*m_capture->stacks))
        return;
    // The set of rows depends on the type, so this is a reset, not a dataChanged.
    beginResetModel();
    m_sampleType = type;
    // Whether there is a count column does not depend on `type`, so the column set stays.
    m_samplesType = findSamplesType(*m_capture->stacks, type);
    rebuildRows();
    endResetModel();
    emit sampleTypeChanged(m_sampleType);
}

uint32_t FunctionTableModel::itemCount() const
{
    return m_capture && !m_sampleType.isNone() ? uint32_t(m_capture->functions->frameCount()) : 0;
}

bool FunctionTableModel::acceptsItem(uint32_t frame) const
{
    const FunctionTable &functions = *m_capture->functions;
    return (functions.flat(frame, m_sampleType.column()) != 0 ||
            functions.cum(frame, m_sampleType.column()) != 0) &&
           (m_filter.isEmpty() || name(frame).contains(m_filter, Qt::CaseInsensitive));
}

void FunctionTableModel::sortRows(std::vector<uint32_t> &rows, int column, bool descending) const
{
    if (column == NameColumn) {
        sortByName(rows, descending, [&](uint32_t item) -> const QString & { return name(item); });
    } else {
        sortByKey(rows, descending, [&](uint32_t frame) { return value(frame, column); });
    }
}

void FunctionTableModel::setFilter(const QString &text)
{
    if (text == m_filter)
        return;
    m_filter = text;
    refilter();
}

const QString &FunctionTableModel::name(uint32_t frame) const
{
    // The function's own name; its file (and line) go to the tooltip.
    QString &name = m_names[frame];
    if (name.isNull())
        name = frameRowName(*m_capture->stacks, frame);
    return name;
}

int64_t FunctionTableModel::value(uint32_t frame, int column) const
{
    const FunctionTable &functions = *m_capture->functions;
    switch (column) {
    case SelfColumn:
    case SelfPercentColumn:
        return functions.flat(frame, m_sampleType.column());
    case TotalColumn:
    case TotalPercentColumn:
        return functions.cum(frame, m_sampleType.column());
    case SamplesColumn:
        return functions.flat(frame, m_samplesType.column());
    default:
        return 0;
    }
}

int FunctionTableModel::columnCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    return m_samplesType.isNone() ? SamplesColumn : SamplesColumn + 1;
}

QVariant FunctionTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const uint32_t frame = itemAt(index.row());
    const int column = index.column();
    const StackTable &stacks = *m_capture->stacks;
    const int64_t total = stacks.totals[m_sampleType.column()];

    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return name(frame);
        case SelfColumn:
        case TotalColumn:
            return QString::fromStdString(
                units::humanValue(value(frame, column), m_sampleType.describedIn(stacks).unit));
        case SelfPercentColumn:
        case TotalPercentColumn:
            if (total == 0)
                return QString();
            //: A share of the profile's total, e.g. "12.34 %"
            return tr("%1 %").arg(
                QLocale().toString(100.0 * double(value(frame, column)) / double(total), 'f', 2));
        case SamplesColumn:
            return QString::fromStdString(units::humanValue(value(frame, column), "count"));
        }
        break;
    case SortRole:
        if (column == NameColumn)
            return name(frame);
        return qint64(value(frame, column));
    case FrameRole:
        return uint(frame);
    case TotalCostRole:
        return qint64(total);
    case Qt::ToolTipRole:
        if (column == NameColumn)
            return QString::fromStdString(stacks.frameName(frame));
        break;
    case Qt::TextAlignmentRole:
        if (column != NameColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    }
    return {};
}

QVariant FunctionTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn:
            return tr("Name");
        case SelfColumn:
            return tr("Self");
        case SelfPercentColumn:
            return tr("Self %");
        case TotalColumn:
            return tr("Total");
        case TotalPercentColumn:
            return tr("Total %");
        case SamplesColumn: {
            const std::string &type = m_samplesType.describedIn(*m_capture->stacks).type;
            if (type == "samples" || type == "sample")
                return tr("Samples");
            return QString::fromStdString(type); // e.g. inuse_objects, contentions
        }
        }
    } else if (role == Qt::ToolTipRole) {
        switch (section) {
        case NameColumn:
            return tr("Function and source file");
        case SelfColumn:
        case SelfPercentColumn:
            return tr("Sampled in the function itself");
        case TotalColumn:
        case TotalPercentColumn:
            return tr("Sampled in the function and everything it called");
        case SamplesColumn:
            if (m_capture)
                return tr("Self, counted in %1")
                    .arg(
                        QString::fromStdString(m_samplesType.describedIn(*m_capture->stacks).type));
            break;
        }
    } else if (role == Qt::TextAlignmentRole && section != NameColumn) {
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

} // namespace embers
