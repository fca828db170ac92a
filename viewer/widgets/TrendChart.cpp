#include "TrendChart.h"

#include "CaptureMatrixModel.h"
#include "StackTable.h"
#include "Units.h"

#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace embers {

namespace {

constexpr qreal kLeft = 84, kRight = 18, kTop = 30, kBottom = 24;

double meanOf(const std::vector<int64_t> &v, size_t begin, size_t end)
{
    double sum = 0;
    for (size_t i = begin; i < end; ++i)
        sum += double(v[i]);
    return end > begin ? sum / double(end - begin) : 0.0;
}

} // namespace

TrendChart::TrendChart(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("trendChart"));
    setAttribute(Qt::WA_OpaquePaintEvent);
    setBackgroundRole(QPalette::Base);
}

void TrendChart::setSeries(const QString &title, const TrendRow *row, const std::string &unit,
                           const QStringList &captureNames, bool judged)
{
    m_judged = row && judged;
    m_title = title;
    m_values = row ? row->values : std::vector<int64_t>{};
    m_changeAt = row ? row->changeAt : -1;
    m_verdict = row ? row->verdict : TrendVerdict::Steady;
    m_pValue = row ? row->pValue : 1;
    m_unit = unit;
    m_captureNames = captureNames;
    m_low = 0;
    m_high = 0;
    for (int64_t v : m_values) {
        m_low = std::min(m_low, v);
        m_high = std::max(m_high, v);
    }
    // Headroom, so that the highest point does not sit on the frame.
    m_high = addSaturating(m_high, (m_high - m_low) / 10);
    update();
}

void TrendChart::clear()
{
    setSeries({}, nullptr, {}, {});
}

QSize TrendChart::sizeHint() const
{
    return {640, fontMetrics().height() * 12};
}

QSize TrendChart::minimumSizeHint() const
{
    return {240, fontMetrics().height() * 6};
}

QRectF TrendChart::plotRect() const
{
    return QRectF(rect()).adjusted(kLeft, kTop, -kRight, -kBottom);
}

QPointF TrendChart::pointAt(size_t capture) const
{
    const QRectF r = plotRect();
    const size_t n = m_values.size();
    const qreal x = n > 1 ? r.left() + r.width() * qreal(capture) / qreal(n - 1) : r.center().x();
    const double range = double(m_high) - double(m_low);
    const double v = double(m_values[capture]);
    const qreal y = range > 0 ? r.bottom() - r.height() * (v - double(m_low)) / range : r.bottom();
    return {x, y};
}

int TrendChart::captureAt(QPointF position) const
{
    int best = -1;
    qreal distance = 12; // pixels
    for (size_t i = 0; i < m_values.size(); ++i) {
        const qreal d = std::abs(pointAt(i).x() - position.x());
        if (d < distance) {
            distance = d;
            best = int(i);
        }
    }
    return best;
}

bool TrendChart::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int capture = captureAt(help->pos());
        if (capture < 0) {
            QToolTip::hideText();
            event->ignore();
            return true;
        }
        const QString value =
            QString::fromStdString(units::humanValue(m_values[size_t(capture)], m_unit));
        //: the trend chart's tooltip: the capture's place and name, the function's value
        QToolTip::showText(
            help->globalPos(),
            tr("#%1 %2: %3").arg(capture + 1).arg(m_captureNames.value(capture), value), this);
        return true;
    }
    return QWidget::event(event);
}

void TrendChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    p.setRenderHint(QPainter::Antialiasing);
    const QColor text = palette().color(QPalette::Text);
    QColor faint = palette().color(QPalette::PlaceholderText);
    const QFontMetrics fm = fontMetrics();

    // The title: the function, and what the test found.
    QString headline = m_title;
    if (m_judged) {
        QString finding = CaptureMatrixModel::verdictText(m_verdict);
        if (m_changeAt >= 0)
            //: the trend chart's finding: the verdict and the capture, e.g. "Grew from #5"
            finding = tr("%1 from #%2").arg(finding).arg(m_changeAt + 1);
        if (m_verdict != TrendVerdict::Steady)
            finding += QStringLiteral(" (p %1)").arg(QLocale().toString(m_pValue, 'g', 2));
        headline = tr("%1 \u2014 %2").arg(m_title, finding);
    }
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(text);
    p.drawText(QRectF(8, 4, width() - 16, kTop - 6), Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetrics(bold).elidedText(headline, Qt::ElideMiddle, width() - 16));
    p.setFont(font());
    if (m_values.empty()) {
        p.setPen(faint);
        p.drawText(plotRect(), Qt::AlignCenter,
                   m_title.isEmpty() ? tr("Select a function to see it capture by capture")
                                     : QString());
        return;
    }

    // Axes: the lowest and highest values (0 always in range) and the middle.
    const QRectF r = plotRect();
    faint.setAlphaF(0.5f);
    for (int i = 0; i <= 2; ++i) {
        const double v = double(m_low) + (double(m_high) - double(m_low)) * i / 2;
        const qreal y = r.bottom() - r.height() * i / 2;
        p.setPen(QPen(faint, 1));
        p.drawLine(QPointF(r.left(), y), QPointF(r.right(), y));
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(QRectF(0, y - fm.height() / 2.0, kLeft - 8, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter,
                   QString::fromStdString(units::humanValue(int64_t(std::llround(v)), m_unit)));
    }
    const size_t n = m_values.size();
    // Capture numbers: every one when they fit, else every k-th, and the change point.
    const int step = std::max(1, int(std::ceil(qreal(fm.horizontalAdvance(QStringLiteral("99"))) *
                                               2 / std::max<qreal>(1, r.width() / qreal(n)))));
    for (size_t i = 0; i < n; ++i) {
        if (i % size_t(step) != 0 && i + 1 != n && int(i) != m_changeAt)
            continue;
        const QPointF at = pointAt(i);
        p.drawText(QRectF(at.x() - 20, r.bottom() + 4, 40, fm.height()), Qt::AlignCenter,
                   QString::number(i + 1));
    }

    const QColor accent = CaptureMatrixModel::verdictColor(
        m_verdict == TrendVerdict::Steady ? TrendVerdict::Grew : m_verdict);
    // What the test found, under the series.
    if (m_changeAt > 0 && size_t(m_changeAt) < n) {
        const qreal x = (pointAt(size_t(m_changeAt) - 1).x() + pointAt(size_t(m_changeAt)).x()) / 2;
        p.setPen(QPen(accent, 1.5, Qt::DashLine));
        p.drawLine(QPointF(x, r.top()), QPointF(x, r.bottom()));
        QColor level = accent;
        level.setAlphaF(0.45f);
        p.setPen(QPen(level, 3));
        const auto levelY = [&](double mean) {
            const double range = double(m_high) - double(m_low);
            return range > 0 ? r.bottom() - r.height() * (mean - double(m_low)) / range
                             : r.bottom();
        };
        const qreal before = levelY(meanOf(m_values, 0, size_t(m_changeAt)));
        const qreal after = levelY(meanOf(m_values, size_t(m_changeAt), n));
        p.drawLine(QPointF(r.left(), before), QPointF(x, before));
        p.drawLine(QPointF(x, after), QPointF(r.right(), after));
    } else if (m_verdict == TrendVerdict::Growing && n > 1) {
        // The least-squares line.
        std::vector<double> series(m_values.begin(), m_values.end());
        const trend::FittedLine line = trend::fitLine(series);
        const double range = double(m_high) - double(m_low);
        auto yOf = [&](double v) {
            return range > 0 ? r.bottom() - r.height() * (v - double(m_low)) / range : r.bottom();
        };
        QColor fit = accent;
        fit.setAlphaF(0.6f);
        p.setPen(QPen(fit, 2, Qt::DashLine));
        p.drawLine(QPointF(r.left(), yOf(line.intercept)),
                   QPointF(r.right(), yOf(line.intercept + line.slope * double(n - 1))));
    }

    // The series.
    const QColor ink = palette().color(QPalette::Highlight);
    QPainterPath line;
    for (size_t i = 0; i < n; ++i) {
        if (i == 0)
            line.moveTo(pointAt(i));
        else
            line.lineTo(pointAt(i));
    }
    p.setPen(QPen(ink, 2));
    p.setBrush(Qt::NoBrush);
    p.drawPath(line);
    p.setBrush(ink);
    p.setPen(QPen(palette().color(QPalette::Base), 1.5));
    const qreal radius = n > 60 ? 2.5 : 4;
    for (size_t i = 0; i < n; ++i)
        p.drawEllipse(pointAt(i), radius, radius);
}

} // namespace embers
