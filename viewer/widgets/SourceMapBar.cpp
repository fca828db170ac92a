#include "SourceMapBar.h"

#include "SourceMapController.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace embers {

SourceMapBar::SourceMapBar(SourceMapController *maps, QWidget *parent)
    : QFrame(parent), m_maps(maps), m_label(new QLabel),
      m_applyButton(new QPushButton(tr("&Apply"))), m_undoButton(new QPushButton(tr("&Undo"))),
      m_cancelButton(new QPushButton(tr("Cancel"))), m_dismissButton(new QPushButton(tr("Dismiss")))
{
    setObjectName(QStringLiteral("sourceMapBar"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    m_label->setObjectName(QStringLiteral("sourceMapLabel"));
    m_label->setTextFormat(Qt::PlainText);
    m_label->setWordWrap(true);
    m_undoButton->setObjectName(QStringLiteral("sourceMapUndo"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 3, 8, 3);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_applyButton);
    layout->addWidget(m_dismissButton);
    layout->addWidget(m_cancelButton);
    layout->addWidget(m_undoButton);

    connect(m_applyButton, &QPushButton::clicked, maps, &SourceMapController::applyOffered);
    connect(m_dismissButton, &QPushButton::clicked, maps, &SourceMapController::dismiss);
    connect(m_undoButton, &QPushButton::clicked, maps, &SourceMapController::undo);
    connect(m_cancelButton, &QPushButton::clicked, maps, &SourceMapController::cancel);
    connect(maps, &SourceMapController::changed, this, &SourceMapBar::refresh);
    refresh();
}

QString SourceMapBar::text() const
{
    return m_label->text();
}

void SourceMapBar::refresh()
{
    using State = SourceMapController::State;
    const State state = m_maps->state();
    const bool error = !m_maps->errorText().isEmpty();
    m_label->setText(m_maps->barText());
    m_label->setToolTip(state == State::Remapped   ? m_maps->appliedMaps().join(QLatin1Char('\n'))
                        : state == State::Offering ? m_maps->offeredMaps().join(QLatin1Char('\n'))
                                                   : QString());
    m_applyButton->setVisible(state == State::Offering);
    m_dismissButton->setVisible(state == State::Offering || (error && state != State::Applying));
    m_cancelButton->setVisible(state == State::Applying);
    m_undoButton->setVisible(state == State::Remapped);
    setVisible(state != State::Original || error);
}

} // namespace embers
