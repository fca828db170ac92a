// SourceMapController: the source maps applied to one capture document. Applies maps
// (files or folders) off the GUI thread: the document's files are read again and each
// profile remapped (SourceMapRemap), and the document then holds the remapped capture;
// undo() goes back to the original one. When a loaded capture names scripts that have
// maps beside them, it offers those. What it says (barText()) is shown by a bar above the
// page's graphs (SourceMapBar).
#pragma once

#include "SourceMapRemap.h"

#include <QObject>
#include <QStringList>

#include <functional>
#include <memory>

namespace embers {

class BackgroundJob;
class CaptureDocument;

class SourceMapController : public QObject
{
    Q_OBJECT
public:
    enum class State { Original, Offering, Applying, Remapped };
    Q_ENUM(State)

    // The document's own (CaptureDocument::sourceMaps()).
    explicit SourceMapController(CaptureDocument *document);

    // Remaps the document's capture with the maps in `paths` (.map files or folders), in
    // addition to those applied already.
    void apply(const QStringList &paths);
    // Applies the maps on offer.
    void applyOffered() { apply(m_offered); }
    // Back to the capture as loaded.
    void undo();
    void cancel();
    // The offer and the last error are dismissed.
    void dismiss();

    State state() const { return m_state; }
    const RemapStats &stats() const { return m_stats; }
    QStringList appliedMaps() const { return m_applied; }
    QStringList offeredMaps() const { return m_offered; }
    // What a bar says of the state and the last error; empty when there is nothing to say.
    QString barText() const;
    QString errorText() const { return m_error; }
    // The maps the shown capture was remapped with (null while it is not): the source
    // pane reads original files from their sourcesContent.
    std::shared_ptr<const SourceMapSet> appliedMapSet() const { return m_maps; }
    // An extra tooltip line for the frames whose remap is approximate; null while nothing
    // is remapped.
    std::function<QString(const StackTable &, uint32_t frame)> frameNote() const;

signals:
    void stateChanged(embers::SourceMapController::State state);
    // The state, the texts or the frame note changed.
    void changed();
    // A map could not be read, nothing matched, ...: also part of barText().
    void message(const QString &text);

private:
    struct Outcome;
    void documentLoaded();
    void finished(const Outcome &outcome, const QStringList &paths);
    void setState(State state);
    QString stateText() const;

    CaptureDocument *m_document;
    BackgroundJob *m_job;
    State m_state = State::Original;
    std::shared_ptr<const Capture> m_original;
    std::shared_ptr<const Capture> m_remapped;
    QStringList m_applied;
    QStringList m_offered;
    QStringList m_used; // the applied maps that remapped something
    QString m_error;    // what went wrong with the last apply, shown until dismissed
    RemapStats m_stats;
    std::shared_ptr<const std::set<std::string>> m_approximate;
    std::shared_ptr<const SourceMapSet> m_maps;
    bool m_replacing = false;
    bool m_lookedBeside = false; // maps beside the scripts are offered once per load
};

} // namespace embers
