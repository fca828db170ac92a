#include "CaptureBar.h"

#include "CaptureSession.h"
#include "TargetText.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

namespace embers {

CaptureBar::CaptureBar(QWidget *parent)
    : QFrame(parent), m_label(new QLabel), m_stop(new QPushButton(tr("S&top"))),
      m_cancel(new QPushButton(tr("Cancel"))), m_close(new QToolButton)
{
    setObjectName(QStringLiteral("captureBar"));
    setFrameShape(QFrame::StyledPanel);
    m_label->setObjectName(QStringLiteral("captureBarText"));
    m_label->setWordWrap(true);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_stop->setObjectName(QStringLiteral("captureStop"));
    m_stop->setToolTip(tr("End the recording now and keep what was recorded"));
    m_cancel->setObjectName(QStringLiteral("captureCancel"));
    m_cancel->setToolTip(tr("Discard this capture"));
    m_close->setObjectName(QStringLiteral("captureBarClose"));
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_close->setAutoRaise(true);
    m_close->setToolTip(tr("Dismiss"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_stop);
    layout->addWidget(m_cancel);
    layout->addWidget(m_close);
    connect(m_stop, &QPushButton::clicked, this, [this] {
        if (m_session)
            m_session->stop();
    });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_session)
            m_session->cancel();
    });
    connect(m_close, &QToolButton::clicked, this, [this] {
        m_message.clear();
        update();
    });
    m_tick.setInterval(250);
    connect(&m_tick, &QTimer::timeout, this, &CaptureBar::update);
    hide();
}

void CaptureBar::setSession(CaptureSession *session)
{
    if (m_session)
        m_session->disconnect(this);
    m_session = session;
    m_message.clear();
    if (session) {
        connect(session, &CaptureSession::stateChanged, this, &CaptureBar::update);
        connect(session, &CaptureSession::progressed, this, &CaptureBar::update);
        m_tick.start();
    }
    update();
}

void CaptureBar::showMessage(const QString &text, bool error)
{
    // Messages quote what targets said: one line, their control characters made visible.
    m_message = printableTargetText(text);
    m_error = error;
    update();
}

void CaptureBar::update()
{
    const bool running = m_session && m_session->state() != CaptureSession::State::Ended;
    QString status;
    if (running) {
        const CaptureRequest &r = m_session->request();
        const QString target = displayTarget(r.target);
        const QString what = targetKind(r.target) == TargetKind::Inspector
                                 ? (r.kind == RecordKind::Snapshot ? tr("a heap snapshot")
                                    : isHeapKind(r.kind)           ? tr("heap")
                                                                   : tr("CPU"))
                                 : tr("a profile");
        const ProfileCapture *capture = m_session->current();
        const QDateTime now = QDateTime::currentDateTimeUtc();
        switch (m_session->state()) {
        case CaptureSession::State::Capturing:
            if (capture && capture->phase() == ProfileCapture::Phase::Recording) {
                const qint64 elapsed = m_session->recordingSince().secsTo(now);
                status = r.seconds > 0
                             ? tr("Recording %1 from %2: %3 s left")
                                   .arg(what, target)
                                   .arg(std::max<qint64>(0, r.seconds - elapsed))
                             : tr("Recording %1 from %2: %3 s").arg(what, target).arg(elapsed);
            } else if (capture && capture->phase() == ProfileCapture::Phase::Collecting) {
                status = tr("Collecting the profile from %1\u2026").arg(target);
            } else {
                status = tr("Connecting to %1\u2026").arg(target);
            }
            break;
        case CaptureSession::State::Saving:
            status = tr("Saving and opening the capture from %1\u2026").arg(target);
            break;
        case CaptureSession::State::Waiting:
            status = tr("Next capture from %1 in %2 s (%n saved)", nullptr, m_session->savedCount())
                         .arg(target)
                         .arg(std::max<qint64>(0, now.secsTo(m_session->nextCaptureAt())));
            break;
        case CaptureSession::State::Ended:
            break;
        }
    } else {
        m_tick.stop();
    }
    QStringList lines;
    if (!status.isEmpty())
        lines << status.toHtmlEscaped();
    if (!m_message.isEmpty())
        lines << (m_error ? QStringLiteral("<b>%1</b>").arg(m_message.toHtmlEscaped())
                          : m_message.toHtmlEscaped());
    m_label->setText(lines.join(QStringLiteral("<br>")));
    const bool canStop = running && (m_session->state() == CaptureSession::State::Waiting ||
                                     (m_session->current() && m_session->current()->canStop()));
    m_stop->setVisible(canStop);
    m_cancel->setVisible(running);
    m_close->setVisible(!running);
    setVisible(running || !m_message.isEmpty());
}

} // namespace embers
