// ComparisonWindow: a window comparing open captures. It brings them onto one trie off
// the GUI thread, then shows the views that fit: the diff (two captures, the first is
// the base), the panes side by side, and the table of every function across them.
#pragma once

#include "Comparison.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>
#include <vector>

class QLabel;
class QTabWidget;

namespace embers {

class CaptureMatrixView;
class DiffView;
class SideBySideView;

class ComparisonWindow : public QWidget
{
    Q_OBJECT
public:
    enum class Mode { Diff, SideBySide, Table };
    Q_ENUM(Mode)

    ComparisonWindow(std::vector<std::shared_ptr<const Capture>> captures, Mode mode,
                     QWidget *parent = nullptr);
    ~ComparisonWindow() override;

    bool isReady() const { return m_comparison != nullptr; }
    QString errorText() const;
    QTabWidget *tabs() const { return m_tabs; }
    DiffView *diffView() const { return m_diff; }
    SideBySideView *sideBySideView() const { return m_sideBySide; }
    CaptureMatrixView *matrixView() const { return m_matrix; }

signals:
    void ready();

private:
    void comparisonDone();

    Mode m_mode;
    std::shared_ptr<const Comparison> m_comparison;
    QFutureWatcher<ComparisonResult> m_watcher;
    QLabel *m_status;
    QTabWidget *m_tabs;
    DiffView *m_diff = nullptr;
    SideBySideView *m_sideBySide = nullptr;
    CaptureMatrixView *m_matrix = nullptr;
};

} // namespace embers
