#include "ElidedLabel.h"

#include <QPainter>
#include <QStyle>

namespace embers {

ElidedLabel::ElidedLabel(QWidget *parent) : QFrame(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void ElidedLabel::setText(const QString &text)
{
    m_text = text;
    setToolTip(text);
    updateGeometry();
    update();
}

void ElidedLabel::setElideMode(Qt::TextElideMode mode)
{
    m_mode = mode;
    update();
}

QSize ElidedLabel::sizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    return {fm.horizontalAdvance(m_text) + 2 * frameWidth() + 2, fm.height() + 2 * frameWidth()};
}

QSize ElidedLabel::minimumSizeHint() const
{
    // Room for a few letters and the ellipsis: enough to see that something is there.
    const QFontMetrics fm = fontMetrics();
    return {std::min(sizeHint().width(), fm.horizontalAdvance(QStringLiteral("MMMM\u2026"))),
            sizeHint().height()};
}

void ElidedLabel::paintEvent(QPaintEvent *event)
{
    QFrame::paintEvent(event);
    QPainter painter(this);
    const QRect area = contentsRect();
    const QString shown = fontMetrics().elidedText(m_text, m_mode, area.width());
    style()->drawItemText(&painter, area, int(Qt::AlignLeft | Qt::AlignVCenter), palette(),
                          isEnabled(), shown, foregroundRole());
}

} // namespace embers
