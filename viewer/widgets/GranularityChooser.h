// GranularityChooser: the page's "Frames:" selector (functions, functions and file,
// lines, addresses; only those the capture can tell apart). Choosing one builds the
// capture's model again off the GUI thread; a newer choice, a new capture or the
// chooser's end cancels the build still running.
#pragma once

#include "Capture.h"

#include <QWidget>

#include <atomic>
#include <functional>
#include <memory>

class QComboBox;
class QLabel;

namespace embers {

class GranularityChooser : public QWidget
{
    Q_OBJECT
public:
    explicit GranularityChooser(QWidget *parent = nullptr);
    ~GranularityChooser() override;

    // The capture shown (its granularity is the one selected); cancels a running build.
    void setCapture(std::shared_ptr<const Capture> capture);
    // Which sample type the rebuilt capture's call tree is for.
    void setColumnSource(std::function<int()> column) { m_column = std::move(column); }
    // Whether the rebuilt capture groups its truncated stacks (TruncatedStacks.h).
    void setGroupTruncatedSource(std::function<bool()> group) { m_group = std::move(group); }

    // The granularity shown (functions + file is shown as functions without files).
    Granularity granularity() const { return m_shown; }
    // The granularity selected in the list: the one shown, or the one being built.
    Granularity chosen() const;
    // Starts building the capture at `g` (as if chosen in the list).
    void choose(Granularity g);
    // Builds the capture again at the granularity shown (another model option changed).
    void rebuild();
    bool isBuilding() const { return bool(m_cancel); }
    QComboBox *combo() const { return m_combo; }

    static QString displayName(Granularity g);

signals:
    // The capture built again at the chosen granularity.
    void rebuilt(std::shared_ptr<const embers::Capture> capture);
    void failed(const QString &error);

private:
    void cancelBuild();
    void start(Granularity g);

    QComboBox *m_combo;
    QLabel *m_status;
    std::shared_ptr<const Capture> m_capture;
    std::shared_ptr<std::atomic_bool> m_cancel; // the running build's; null when idle
    std::function<int()> m_column;
    std::function<bool()> m_group;
    Granularity m_shown = Granularity::FileFunctions;
};

} // namespace embers
