// TransformBar: the page's transforms as chips above the flame graph, in the order they
// apply. A chip's button turns its transform off and on; its x removes it; its menu also
// pops back to it (removes the ones after). A chip says when its transform matched
// nothing (as pprof warns) or failed; why it failed also shows below the chips. At the
// end, pprof's regex transforms can be typed (focus, ignore, hide, show, show_from, and
// the label ones).
#pragma once

#include <QWidget>

#include <vector>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QToolButton;

namespace embers {

class ElidedLabel;
class TransformController;

class TransformBar : public QWidget
{
    Q_OBJECT
public:
    explicit TransformBar(TransformController *controller, QWidget *parent = nullptr);

    // One per transform, in order.
    const std::vector<QWidget *> &chips() const { return m_chips; }
    // The chip's on/off button and its remove button.
    static QToolButton *chipToggle(QWidget *chip);
    static QToolButton *chipRemove(QWidget *chip);
    QComboBox *kindCombo() const { return m_kind; }
    QLineEdit *patternEdit() const { return m_pattern; }
    QToolButton *popButton() const { return m_pop; }
    QLabel *statusLabel() const { return m_status; }
    // Why the failed transform failed, below the chips; hidden when none did.
    ElidedLabel *problemLabel() const { return m_problem; }

public slots:
    // Adds the typed transform (Enter in the field).
    void addTyped();
    void rebuild();

private:
    QWidget *createChip(size_t index);
    // Why the failed transform failed; empty when none did.
    QString failure() const;

    TransformController *m_controller;
    QHBoxLayout *m_chipLayout;
    std::vector<QWidget *> m_chips;
    bool m_showNewest = false; // a chip was added: the chips scroll to show it
    QLabel *m_status;
    ElidedLabel *m_problem;
    QToolButton *m_pop;
    QComboBox *m_kind;
    QLineEdit *m_pattern;
};

} // namespace embers
