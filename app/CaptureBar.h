// CaptureBar: the running capture above the pages — what it is doing ("Recording CPU from
// inspect://… 7 s left"), Stop (keep what was recorded) and Cancel (discard) — and, once
// it is over, why a capture failed, until dismissed. Everything else in the window stays
// usable meanwhile.
#pragma once

#include "CaptureSession.h"

#include <QFrame>
#include <QPointer>
#include <QTimer>

class QLabel;
class QPushButton;
class QToolButton;

namespace embers {

class CaptureBar : public QFrame
{
    Q_OBJECT
public:
    explicit CaptureBar(QWidget *parent = nullptr);

    // Follows `session` until it ends (null: none).
    void setSession(CaptureSession *session);
    // A message that stays until dismissed or the next capture: a failure, or what a
    // service offers.
    void showMessage(const QString &text, bool error);

private:
    void update();

    QPointer<CaptureSession> m_session;
    QLabel *m_label;
    QPushButton *m_stop;
    QPushButton *m_cancel;
    QToolButton *m_close;
    QTimer m_tick;
    QString m_message;
    bool m_error = false;
};

} // namespace embers
