// SourceMapBar: what a document's source maps say (SourceMapController::barText()), with
// the buttons that act on them: Apply the maps on offer, Dismiss, Cancel, Undo. Hidden
// while there is nothing to say.
#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

namespace embers {

class SourceMapController;

class SourceMapBar : public QFrame
{
    Q_OBJECT
public:
    explicit SourceMapBar(SourceMapController *maps, QWidget *parent = nullptr);

    QString text() const;

private:
    void refresh();

    SourceMapController *m_maps;
    QLabel *m_label;
    QPushButton *m_applyButton;
    QPushButton *m_undoButton;
    QPushButton *m_cancelButton;
    QPushButton *m_dismissButton;
};

} // namespace embers
