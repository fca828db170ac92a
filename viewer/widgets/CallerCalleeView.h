// CallerCalleeView: the caller/callee ("sandwich") view of one function. Its callers are
// a flame graph growing upwards from it, its callees an icicle growing downwards, each
// merged over every place where the function occurs (see CallerCallee), with values in
// the chosen sample type and percentages of the whole profile.
//
// The trees are built on a worker thread (a function near the root of a big profile has a
// callees tree as big as the whole call tree), only while the view is shown; a newer
// request cancels an older one. Double-clicking a box asks to centre the view on that
// function (frameActivated); a click focuses the box, as in the main flame graph.
#pragma once

#include "Capture.h"
#include "FrameColors.h"
#include "SampleType.h"

#include <QWidget>

#include <cstdint>
#include <memory>

class QLabel;
class QStackedWidget;
class QTimer;

namespace embers {

class BackgroundJob;
class FlameGraphView;

class CallerCalleeView : public QWidget
{
    Q_OBJECT
public:
    explicit CallerCalleeView(QWidget *parent = nullptr);

    // The capture whose functions are shown (clears the function) and the sample type.
    void setCapture(std::shared_ptr<const Capture> capture, SampleType type);
    void setSampleType(SampleType type);
    void setColorMode(colors::ColorMode mode);

    // The function shown (or asked for while the view was hidden); kNoFrame for none.
    uint32_t frame() const { return m_frame; }
    // True while the trees of frame() are being built or wait for the view to be shown.
    bool isPending() const;

    FlameGraphView *callersView() const { return m_callers; }
    FlameGraphView *calleesView() const { return m_callees; }
    QLabel *title() const { return m_title; }

public slots:
    // Shows a function's callers and callees; kNoFrame clears the view.
    void setFrame(uint32_t frame);

signals:
    // A box was double-clicked: the user wants that function at the centre.
    void frameActivated(uint32_t frame);
    // New trees are shown (or the view was cleared).
    void treesChanged();

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Trees;
    void start();
    void showTrees(const Trees &trees);
    void updateTitle();

    std::shared_ptr<const Capture> m_capture;
    SampleType m_sampleType;
    uint32_t m_frame;
    bool m_pending = false; // frame() still has to be built
    std::shared_ptr<const StackTable> m_callerStacks, m_calleeStacks;

    QStackedWidget *m_stack;
    QLabel *m_placeholder;
    QLabel *m_title;
    QLabel *m_callersCaption;
    QLabel *m_calleesCaption;
    FlameGraphView *m_callers;
    FlameGraphView *m_callees;
    QTimer *m_debounce;
    BackgroundJob *m_build; // of frame()'s trees
};

} // namespace embers
