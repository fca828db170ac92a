// SourceMapController: source maps on one capture page. Applies maps (files or folders)
// off the GUI thread: the page's files are read again and each profile remapped
// (SourceMapRemap), and the page then shows the remapped capture, with a bar that says
// what was remapped and offers Undo (the page goes back to the original capture). When
// a loaded capture names scripts that have maps beside them, the bar offers those.
#pragma once

#include "SourceMapRemap.h"

#include <QObject>
#include <QStringList>

#include <atomic>
#include <memory>

class QLabel;
class QPushButton;
class QFrame;

namespace embers {

class CapturePage;

class SourceMapController : public QObject
{
    Q_OBJECT
public:
    enum class State { Original, Offering, Applying, Remapped };
    Q_ENUM(State)

    // Attaches to the page (as its child); the bar goes above its graphs.
    explicit SourceMapController(CapturePage *page);
    ~SourceMapController() override;

    // The page's controller, or null.
    static SourceMapController *of(CapturePage *page);

    // Remaps the page's capture with the maps in `paths` (.map files or folders), in
    // addition to those applied already.
    void apply(const QStringList &paths);
    // Back to the capture as loaded.
    void undo();
    void cancel();

    State state() const { return m_state; }
    const RemapStats &stats() const { return m_stats; }
    QStringList appliedMaps() const { return m_applied; }
    QStringList offeredMaps() const { return m_offered; }
    // The bar's text (for tests and screenshots).
    QString barText() const;
    QString errorText() const { return m_error; }
    QFrame *bar() const { return m_bar; }

signals:
    void stateChanged(embers::SourceMapController::State state);
    // A map could not be read, nothing matched, ...: also shown on the bar.
    void message(const QString &text);

private:
    void pageLoaded();
    void finished(const OpenResult &result, const RemapStats &stats, const QStringList &paths,
                  const QStringList &errors);
    void setState(State state);
    void showBar();
    QString stateText() const;

    CapturePage *m_page;
    State m_state = State::Original;
    std::shared_ptr<const Capture> m_original;
    std::shared_ptr<const Capture> m_remapped;
    QStringList m_applied;
    QStringList m_offered;
    QStringList m_used; // the applied maps that remapped something
    QString m_error;    // what went wrong with the last apply, shown until dismissed
    RemapStats m_stats;
    std::shared_ptr<std::atomic_bool> m_cancel;
    uint64_t m_generation = 0;
    bool m_replacing = false;
    bool m_lookedBeside = false; // maps beside the scripts are offered once per load

    QFrame *m_bar;
    QLabel *m_label;
    QPushButton *m_applyButton;
    QPushButton *m_undoButton;
    QPushButton *m_cancelButton;
    QPushButton *m_dismissButton;
};

} // namespace embers
