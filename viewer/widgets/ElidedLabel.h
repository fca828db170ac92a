// ElidedLabel: one line of plain text that gives up its width to its neighbours and
// shows "…" where it is cut, with the whole text in the tooltip. For titles built from
// file names, which would otherwise set the window's smallest width (wider than a laptop
// screen with long names).
#pragma once

#include <QFrame>
#include <QString>

namespace embers {

class ElidedLabel : public QFrame
{
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget *parent = nullptr);

    void setText(const QString &text);
    QString text() const { return m_text; }
    void setElideMode(Qt::TextElideMode mode);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QString m_text;
    Qt::TextElideMode m_mode = Qt::ElideMiddle;
};

} // namespace embers
