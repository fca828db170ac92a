#include "DiffLegend.h"

#include <QLinearGradient>
#include <QPainter>

namespace embers {

namespace {

QColor qcolor(colors::Rgb c)
{
    return QColor(c.r, c.g, c.b);
}

constexpr int kBarWidth = 120;
constexpr int kSwatch = 14;
constexpr int kGap = 8;

} // namespace

DiffLegend::DiffLegend(QWidget *parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
}

void DiffLegend::setPalette(colors::DiffPalette palette)
{
    m_palette = palette;
    update();
}

void DiffLegend::setNoiseShown(bool shown)
{
    m_noise = shown;
    updateGeometry();
    update();
}

QSize DiffLegend::sizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    int w = fm.horizontalAdvance(tr("shrank")) + kGap + kBarWidth + kGap +
            fm.horizontalAdvance(tr("grew")) + 2 * kGap;
    w += kSwatch + 4 + fm.horizontalAdvance(tr("removed")) + kGap;
    w += kSwatch + 4 + fm.horizontalAdvance(tr("new")) + kGap;
    if (m_noise)
        w += kSwatch + 4 + fm.horizontalAdvance(tr("noise"));
    return QSize(w, std::max(fm.height(), kSwatch) + 4);
}

void DiffLegend::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QFontMetrics fm = fontMetrics();
    const int h = height();
    const int y = (h - kSwatch) / 2;
    int x = 0;
    auto text = [&](const QString &s) {
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(x, 0, fm.horizontalAdvance(s) + 1, h), Qt::AlignVCenter, s);
        x += fm.horizontalAdvance(s);
    };
    text(tr("shrank"));
    x += kGap;
    QLinearGradient g(x, 0, x + kBarWidth, 0);
    g.setColorAt(0, qcolor(colors::diffColor(-1, 1, false, m_palette)));
    g.setColorAt(0.45, qcolor(colors::diffColor(-1, 0, false, m_palette)));
    g.setColorAt(0.5, qcolor(colors::diffNeutralColor()));
    g.setColorAt(0.55, qcolor(colors::diffColor(1, 0, false, m_palette)));
    g.setColorAt(1, qcolor(colors::diffColor(1, 1, false, m_palette)));
    p.fillRect(QRect(x, y, kBarWidth, kSwatch), g);
    x += kBarWidth + kGap;
    text(tr("grew"));
    x += 2 * kGap;
    const QColor removedFill = qcolor(colors::diffColor(-1, 0.6, false, m_palette));
    p.fillRect(QRect(x, y, kSwatch, kSwatch), removedFill);
    p.fillRect(QRect(x, y, kSwatch, kSwatch), QBrush(QColor(0, 0, 0, 70), Qt::BDiagPattern));
    x += kSwatch + 4;
    text(tr("removed"));
    x += kGap;
    const QColor added = qcolor(colors::diffColor(1, 0.6, false, m_palette));
    p.fillRect(QRect(x, y, kSwatch, kSwatch), added);
    p.setPen(QPen(added.darker(170), 1.5));
    p.drawRect(QRectF(x + 1, y + 1, kSwatch - 2, kSwatch - 2));
    x += kSwatch + 4;
    text(tr("new"));
    if (m_noise) {
        x += kGap;
        p.fillRect(QRect(x, y, kSwatch, kSwatch), qcolor(colors::diffColor(1, 0, true, m_palette)));
        x += kSwatch + 4;
        text(tr("noise"));
    }
}

} // namespace embers
