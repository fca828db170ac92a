#include "CaptureMatrixModel.h"

#include "CaptureDescription.h"
#include "Units.h"

#include <QFont>
#include <QGuiApplication>
#include <QLocale>
#include <QPalette>

#include <algorithm>
#include <cmath>
#include <limits>

namespace embers {

CaptureMatrixModel::CaptureMatrixModel(QObject *parent) : SortedRowsModel(parent) {}

void CaptureMatrixModel::setComparison(std::shared_ptr<const Comparison> comparison,
                                       SampleType type)
{
    beginResetModel();
    m_comparison = std::move(comparison);
    m_trend.reset();
    m_sampleType = {};
    m_captureNames.clear();
    if (m_comparison && m_comparison->stacks) {
        m_sampleType = m_comparison->sampleTypeOr(type);
        m_captureNames = CaptureDescription::displayNames(m_comparison->captures);
        // The same file opened twice still reads the same: its place goes in front.
        QStringList numbered = m_captureNames;
        for (qsizetype i = 0; i < numbered.size(); ++i) {
            if (m_captureNames.count(m_captureNames[i]) > 1)
                //: a capture's column header when several captures have the same file name:
                //: its place in the comparison, then its name, e.g. "2: cpu.pb.gz"
                numbered[i] = tr("%1: %2").arg(i + 1).arg(m_captureNames[i]);
        }
        m_captureNames = numbered;
    }
    rebuild();
    endResetModel();
    emit sampleTypeChanged(m_sampleType);
}

void CaptureMatrixModel::setSampleType(SampleType type)
{
    if (!m_comparison || type == m_sampleType || m_comparison->sampleTypeOr(type) != type)
        return;
    beginResetModel();
    m_sampleType = type;
    m_trend.reset();
    rebuild();
    endResetModel();
    emit sampleTypeChanged(m_sampleType);
}

void CaptureMatrixModel::setMeasure(CaptureMatrix::Measure measure)
{
    if (measure == m_measure)
        return;
    beginResetModel();
    m_measure = measure;
    rebuild();
    endResetModel();
}

void CaptureMatrixModel::rebuild()
{
    m_matrix = {};
    m_names.clear();
    if (m_comparison && !m_sampleType.isNone()) {
        m_matrix = CaptureMatrix::build(*m_comparison, m_sampleType.column(), m_measure);
        m_names.resize(m_matrix.rowCount());
    }
    mapTrendRows();
    rebuildRows();
}

void CaptureMatrixModel::setTrend(std::shared_ptr<const Trend> trend)
{
    beginResetModel();
    m_trend = std::move(trend);
    mapTrendRows();
    rebuildRows();
    endResetModel();
}

void CaptureMatrixModel::mapTrendRows()
{
    m_trendRows.assign(m_matrix.rowCount(), -1);
    if (m_trend) {
        // Both in frame order.
        size_t t = 0;
        for (size_t row = 0; row < m_matrix.rowCount(); ++row) {
            while (t < m_trend->rows.size() && m_trend->rows[t].frame < m_matrix.frame(row))
                ++t;
            if (t < m_trend->rows.size() && m_trend->rows[t].frame == m_matrix.frame(row))
                m_trendRows[row] = int(t);
        }
    }
}

const TrendRow *CaptureMatrixModel::trendRow(size_t matrixRow) const
{
    if (!m_trend || matrixRow >= m_trendRows.size() || m_trendRows[matrixRow] < 0)
        return nullptr;
    return &m_trend->rows[size_t(m_trendRows[matrixRow])];
}

void CaptureMatrixModel::setTrendFilter(TrendFilter filter)
{
    if (filter == m_trendFilter)
        return;
    m_trendFilter = filter;
    refilter();
}

QString CaptureMatrixModel::verdictText(TrendVerdict verdict)
{
    switch (verdict) {
    case TrendVerdict::Steady:
        //: a function's verdict across a series of captures: no change beyond noise
        return tr("Steady");
    case TrendVerdict::Grew:
        //: a function's verdict: its level rose from one capture on
        return tr("Grew");
    case TrendVerdict::Shrank:
        //: a function's verdict: its level fell from one capture on
        return tr("Shrank");
    case TrendVerdict::Appeared:
        //: a function's verdict: absent before one capture, present from it on
        return tr("Appeared");
    case TrendVerdict::Vanished:
        //: a function's verdict: present before one capture, absent from it on
        return tr("Vanished");
    case TrendVerdict::Growing:
        //: a function's verdict: a steady climb across the series (a leak suspect)
        return tr("Growing");
    }
    return {};
}

QColor CaptureMatrixModel::verdictColor(TrendVerdict verdict)
{
    // The diff view's hues: more is red, less is blue; steady recedes.
    switch (verdict) {
    case TrendVerdict::Steady:
        return QGuiApplication::palette().color(QPalette::PlaceholderText);
    case TrendVerdict::Shrank:
    case TrendVerdict::Vanished:
        return QColor(0x2f, 0x7e, 0xd8);
    case TrendVerdict::Grew:
    case TrendVerdict::Appeared:
    case TrendVerdict::Growing:
        break;
    }
    return QColor(0xd9, 0x48, 0x3b);
}

int CaptureMatrixModel::rowOfFrame(uint32_t frame) const
{
    const long row = m_matrix.rowOfFrame(frame);
    return row < 0 ? -1 : rowOfItem(uint32_t(row));
}

void CaptureMatrixModel::setFilter(const QString &text)
{
    if (text == m_filter)
        return;
    m_filter = text;
    refilter();
}

bool CaptureMatrixModel::acceptsItem(uint32_t row) const
{
    if (m_trendFilter != TrendFilter::All) {
        const TrendRow *t = trendRow(row);
        if (!t || t->verdict == TrendVerdict::Steady)
            return false;
        if (m_trendFilter == TrendFilter::LeakSuspects && t->verdict != TrendVerdict::Growing)
            return false;
    }
    return m_filter.isEmpty() || name(row).contains(m_filter, Qt::CaseInsensitive);
}

double CaptureMatrixModel::sortKey(size_t row, int column) const
{
    const int n = captureCount();
    if (column >= 1 && column <= n) {
        const size_t capture = size_t(column - 1);
        // Absent below every share (shares of diff profiles can be negative).
        return m_matrix.present(row, capture) ? m_matrix.share(row, capture)
                                              : std::numeric_limits<double>::lowest();
    }
    if (column == minColumn())
        return m_matrix.minShare(row);
    if (column == medianColumn())
        return m_matrix.medianShare(row);
    if (column == maxColumn())
        return m_matrix.maxShare(row);
    if (column == presentColumn())
        return double(m_matrix.presentCount(row));
    if (column == trendColumn())
        return m_matrix.slope(row);
    const TrendRow *t = trendRow(row);
    if (column == verdictColumn()) // what changed first (descending), the surest first
        return !t ? -1.0
               : t->verdict == TrendVerdict::Steady
                   ? 0.0
                   : 1.0 + std::min(300.0, -std::log10(std::max(t->pValue, 1e-300)));
    if (column == changeAtColumn())
        return t ? double(t->changeAt) : -2.0;
    if (column == pValueColumn())
        return t ? t->pValue : 2.0;
    return 0;
}

void CaptureMatrixModel::sortRows(std::vector<uint32_t> &rows, int column, bool descending) const
{
    if (column == kFunctionColumn) {
        sortByName(rows, descending, [&](uint32_t item) -> const QString & { return name(item); });
    } else {
        sortByKey(rows, descending, [&](uint32_t row) { return sortKey(row, column); });
    }
}

const QString &CaptureMatrixModel::name(size_t row) const
{
    // The function's own name; its file (and line) go to the tooltip. Frames without a
    // name ("[binary]", "<unknown>") use their full description.
    QString &name = m_names[row];
    if (name.isNull()) {
        const StackTable &stacks = *m_comparison->stacks;
        const uint32_t frame = m_matrix.frame(row);
        const std::string &own = stacks.strings[stacks.frames[frame].name];
        name = QString::fromStdString(own.empty() ? stacks.frameName(frame) : own);
    }
    return name;
}

QString CaptureMatrixModel::percentText(double share)
{
    if (share != 0 && std::abs(share) < 0.005)
        //: a share of a capture's total too small to show with two decimals
        return tr("< %1 %").arg(QLocale().toString(0.01, 'f', 2));
    //: a share of a capture's total, e.g. "12.34 %"
    return tr("%1 %").arg(QLocale().toString(share, 'f', 2));
}

int CaptureMatrixModel::columnCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_comparison || m_sampleType.isNone())
        return 0;
    return pValueColumn() + 1;
}

QVariant CaptureMatrixModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const size_t row = itemAt(index.row());
    const int column = index.column();
    const int n = captureCount();
    const bool isCapture = column >= 1 && column <= n;
    const size_t capture = isCapture ? size_t(column - 1) : 0;
    const bool absent = isCapture && !m_matrix.present(row, capture);

    switch (role) {
    case Qt::DisplayRole:
        if (column == kFunctionColumn)
            return name(row);
        if (isCapture)
            return absent ? QStringLiteral("—") : percentText(m_matrix.share(row, capture));
        if (column == minColumn())
            return percentText(m_matrix.minShare(row));
        if (column == medianColumn())
            return percentText(m_matrix.medianShare(row));
        if (column == maxColumn())
            return percentText(m_matrix.maxShare(row));
        if (column == presentColumn())
            //: in how many captures a function was sampled, e.g. "2 of 3"
            return tr("%1 of %2").arg(m_matrix.presentCount(row)).arg(n);
        if (const TrendRow *t = trendRow(row)) {
            if (column == verdictColumn())
                return verdictText(t->verdict);
            if (column == changeAtColumn())
                //: the capture a function changed at, by its place in the series: "#5"
                return t->changeAt >= 0 ? tr("#%1").arg(t->changeAt + 1) : QString();
            if (column == pValueColumn())
                return QLocale().toString(t->pValue, 'g', 2);
        }
        break;
    case SortRole:
        if (column == kFunctionColumn)
            return name(row);
        if (column == presentColumn())
            return qulonglong(m_matrix.presentCount(row));
        return sortKey(row, column);
    case FrameRole:
        return uint(m_matrix.frame(row));
    case SharesRole: {
        QVariantList shares;
        for (double s : m_matrix.shares(row))
            shares << s;
        return shares;
    }
    case PresentRole: {
        QVariantList present;
        for (size_t c = 0; c < size_t(n); ++c)
            present << m_matrix.present(row, c);
        return present;
    }
    case Qt::ToolTipRole: {
        const StackTable &stacks = *m_comparison->stacks;
        if (column == kFunctionColumn)
            return QString::fromStdString(stacks.frameName(m_matrix.frame(row)));
        if (isCapture) {
            if (absent)
                return tr("Not sampled in %1").arg(m_captureNames[qsizetype(capture)]);
            const std::string &unit =
                stacks.columns[m_comparison->columnOf(capture, m_sampleType.column())].unit;
            //: share of a capture's total, the capture, the value: "12.34 % of a.pb.gz (1.2 s)"
            return tr("%1 of %2 (%3)")
                .arg(percentText(m_matrix.share(row, capture)), m_captureNames[qsizetype(capture)],
                     QString::fromStdString(units::humanValue(m_matrix.value(row, capture), unit)));
        }
        if (column == changeAtColumn()) {
            const TrendRow *t = trendRow(row);
            if (t && t->changeAt >= 0)
                return m_captureNames.value(t->changeAt);
            break;
        }
        if (column == trendColumn()) {
            QStringList lines;
            for (int c = 0; c < n; ++c) {
                const QString share = m_matrix.present(row, size_t(c))
                                          ? percentText(m_matrix.share(row, size_t(c)))
                                          : QStringLiteral("—");
                //: one line of the trend tooltip: a capture and the function's share in it
                lines << tr("%1: %2").arg(m_captureNames[c], share);
            }
            return lines.join(QLatin1Char('\n'));
        }
        break;
    }
    case Qt::TextAlignmentRole:
        if (column == kFunctionColumn)
            return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        if (column == presentColumn())
            return QVariant::fromValue(Qt::AlignHCenter | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (absent)
            return QGuiApplication::palette().color(QPalette::PlaceholderText);
        if (column == verdictColumn()) {
            if (const TrendRow *t = trendRow(row))
                return verdictColor(t->verdict);
        }
        break;
    case Qt::FontRole:
        if (column == verdictColumn()) {
            const TrendRow *t = trendRow(row);
            if (t && t->verdict != TrendVerdict::Steady) {
                QFont bold;
                bold.setBold(true);
                return bold;
            }
        }
        break;
    }
    return {};
}

QString CaptureMatrixModel::captureToolTip(int capture) const
{
    const Capture &c = *m_comparison->captures[size_t(capture)];
    QStringList lines = c.paths;
    const QString total = CaptureDescription::total(
        *m_comparison->stacks, int(m_comparison->columnOf(size_t(capture), m_sampleType.column())));
    if (!total.isEmpty())
        //: the capture's total in the sample type shown, e.g. "Total: 7.39 s cpu"
        lines << tr("Total: %1").arg(total);
    return lines.join(QLatin1Char('\n'));
}

QVariant CaptureMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    const int n = captureCount();
    const bool self = m_measure == CaptureMatrix::Measure::Self;
    if (role == Qt::DisplayRole) {
        if (section == kFunctionColumn)
            return tr("Function");
        if (section <= n)
            return m_captureNames.value(section - 1);
        if (section == minColumn())
            return tr("Min");
        if (section == medianColumn())
            return tr("Median");
        if (section == maxColumn())
            return tr("Max");
        if (section == presentColumn())
            return tr("Present in");
        if (section == trendColumn())
            return tr("Trend");
        if (section == verdictColumn())
            return tr("Verdict");
        if (section == changeAtColumn())
            //: column header: the capture from which a function changed
            return tr("From");
        if (section == pValueColumn())
            return tr("p-value");
    } else if (role == Qt::ToolTipRole) {
        if (section == kFunctionColumn)
            return self ? tr("Shares are of the function's own samples (self)")
                        : tr("Shares are of the function and everything it calls (total)");
        if (section <= n)
            return captureToolTip(section - 1);
        if (section == minColumn())
            return tr("The smallest share over the captures (a capture without the function "
                      "counts as 0)");
        if (section == medianColumn())
            return tr("The median share over the captures (a capture without the function "
                      "counts as 0)");
        if (section == maxColumn())
            return tr("The largest share over the captures");
        if (section == presentColumn())
            return tr("In how many captures the function was sampled");
        if (section == trendColumn())
            return tr("The shares capture by capture, scaled to the row's largest; sorts by "
                      "the slope");
        if (section == verdictColumn())
            return tr("What the function's total did across the captures, in their order: "
                      "steady, grew or shrank (from one capture on), appeared, vanished, or "
                      "growing (a steady climb: a leak suspect). Changes must be beyond "
                      "sampling noise, tested over every split and every function");
        if (section == changeAtColumn())
            return tr("The first capture of the new level");
        if (section == pValueColumn())
            return tr("How likely a change this large is from sampling noise alone (before "
                      "the false discovery rate of 5% across functions)");
    } else if (role == Qt::TextAlignmentRole) {
        if (section == kFunctionColumn)
            return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignCenter);
    }
    return {};
}

} // namespace embers
