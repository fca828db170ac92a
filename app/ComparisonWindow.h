// ComparisonWindow: a window comparing open captures. It brings them onto one trie off
// the GUI thread, then shows the views that fit: the diff (two captures, the first is
// the base), the panes side by side, and the table of every function across them.
#pragma once

#include "Comparison.h"

#include <QWidget>

#include <memory>
#include <vector>

class QCheckBox;
class QLabel;
class QPushButton;
class QTabWidget;

namespace embers {

class BackgroundJob;
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

    // Compares these captures instead (a watched folder's, as they arrive): computed off
    // the GUI thread like the first; the views are replaced when it is done, on the same
    // tab.
    void setCaptures(std::vector<std::shared_ptr<const Capture>> captures);
    size_t captureCount() const { return m_captures.size(); }

    bool isReady() const { return m_comparison != nullptr; }
    std::shared_ptr<const Comparison> comparison() const { return m_comparison; }
    QString errorText() const;
    // Says which captures were built again at a finer granularity for the comparison
    // (hidden when none was).
    QLabel *granularityNote() const { return m_granularityNote; }
    // Exports the diff as a web page (shown on the Diff tab), and what came of it.
    QPushButton *exportButton() const { return m_exportButton; }
    QCheckBox *exportSourceBox() const { return m_exportSource; }
    QLabel *exportNote() const { return m_exportNote; }
    QTabWidget *tabs() const { return m_tabs; }
    DiffView *diffView() const { return m_diff; }
    SideBySideView *sideBySideView() const { return m_sideBySide; }
    CaptureMatrixView *matrixView() const { return m_matrix; }

signals:
    void ready();

private:
    void start();
    void comparisonDone(const ComparisonResult &result);
    void updateTitle();
    void updateGranularityNote();

    Mode m_mode;
    std::vector<std::shared_ptr<const Capture>> m_captures; // the latest asked for
    std::shared_ptr<const Comparison> m_comparison;
    BackgroundJob *m_job; // the comparison of m_captures
    QPushButton *m_exportButton = nullptr;
    QCheckBox *m_exportSource = nullptr;
    QLabel *m_exportNote = nullptr;
    QLabel *m_status;
    QLabel *m_granularityNote;
    QTabWidget *m_tabs;
    DiffView *m_diff = nullptr;
    SideBySideView *m_sideBySide = nullptr;
    CaptureMatrixView *m_matrix = nullptr;
};

} // namespace embers
