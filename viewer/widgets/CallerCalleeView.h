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

#include <QWidget>

#include <atomic>
#include <cstdint>
#include <memory>

class QLabel;
class QStackedWidget;
class QTimer;

namespace embers {

class FlameGraphView;

class CallerCalleeView : public QWidget
{
    Q_OBJECT
public:
    explicit CallerCalleeView(QWidget *parent = nullptr);
    ~CallerCalleeView() override;

    // The capture whose functions are shown (clears the function) and the sample type.
    void setCapture(std::shared_ptr<const Capture> capture, int column);
    void setColumn(int column);
    void setColorMode(colors::ColorMode mode);

    // The function shown (or asked for while the view was hidden); kNoFrame for none.
    uint32_t frame() const { return m_frame; }
    // True while the trees of frame() are being built or wait for the view to be shown.
    bool isPending() const { return m_pending || m_running; }

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
    struct Result;
    void start();
    void showResult(const Result &result);
    void updateTitle();

    std::shared_ptr<const Capture> m_capture;
    int m_column = -1;
    uint32_t m_frame;
    bool m_pending = false; // frame() still has to be built
    bool m_running = false; // a build of frame() is under way
    uint64_t m_generation = 0;
    std::shared_ptr<std::atomic_bool> m_cancel;
    std::shared_ptr<const StackTable> m_callerStacks, m_calleeStacks;

    QStackedWidget *m_stack;
    QLabel *m_placeholder;
    QLabel *m_title;
    QLabel *m_callersCaption;
    QLabel *m_calleesCaption;
    FlameGraphView *m_callers;
    FlameGraphView *m_callees;
    QTimer *m_debounce;
};

} // namespace embers
