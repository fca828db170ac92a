// CaptureDocument: what the user is looking at on one capture's page, in one place, with
// no widget in it. It loads the files, and owns the model the views show and every
// choice that shapes it:
//
//   capture()      the files' model at the chosen granularity, with source maps applied
//   base()         capture() without V8's pseudo-frames while they are hidden
//   shown()        base() after the page's transforms (TransformController)
//   inverted()     shown()'s stacks reversed (bottom-up), while a view wants it
//   tree()         shown()'s call tree in the chosen sample type (inverted: invertedTree())
//
// Each step runs off the GUI thread (BackgroundJob: the latest request wins); the document
// says what changed with changed(Changes), and views render what it holds. Views never
// build what the document builds: a call tree is built once per table and sample type.
#pragma once

#include "BackgroundJob.h"
#include "Capture.h"
#include "SampleType.h"
#include "StackFilter.h"
#include "TruncatedStacks.h"

#include <QObject>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <vector>

namespace embers {

class CaptureLoader;
class SourceMapController;
class TransformController;

class CaptureDocument : public QObject
{
    Q_OBJECT
public:
    // Cancelled: the user stopped the load; there is nothing to show.
    enum class State { Loading, Loaded, Failed, Cancelled };
    Q_ENUM(State)

    enum Change {
        CaptureChanged = 0x1,       // capture(): loaded, built again, remapped
        BaseChanged = 0x2,          // base(): pseudo-frames hidden or shown
        ShownChanged = 0x4,         // shown() and inverted()
        SampleTypeChanged = 0x8,    // sampleType()
        TreesChanged = 0x10,        // tree() and invertedTree()
        PseudoFramesChanged = 0x20, // the toggle's state: wanted, filtering
        GranularityChanged = 0x40,  // a rebuild started or ended
        TruncationChanged = 0x80,   // truncation() found
        InvertedChanged = 0x100,    // inverted() made or dropped
    };
    Q_DECLARE_FLAGS(Changes, Change)
    Q_FLAG(Changes)

    explicit CaptureDocument(const QStringList &paths, QObject *parent = nullptr);
    ~CaptureDocument() override;

    // Loading.
    QStringList paths() const { return m_paths; }
    State state() const { return m_state; }
    QString errorText() const { return m_error; }
    CaptureLoader *loader() const { return m_loader; }
    // Starts (or restarts) loading the files.
    void load();
    void cancelLoad();
    // A capture loaded elsewhere (a watched folder's), as if load() had loaded it.
    void setLoaded(std::shared_ptr<const Capture> capture);
    // Another model of the same files in place of capture() (remapped by source maps, or
    // the original again): the sample type stays, the transforms follow its frames.
    void replaceCapture(std::shared_ptr<const Capture> capture);

    std::shared_ptr<const Capture> capture() const { return m_capture; }
    std::shared_ptr<const Capture> base() const { return m_base; }
    std::shared_ptr<const Capture> shown() const { return m_shown; }
    // Null while it is not wanted, or being made.
    std::shared_ptr<const Capture> inverted() const { return m_inverted; }

    SampleType sampleType() const { return m_sampleType; }
    void setSampleType(SampleType type);
    // The trees of the sample type; null while they are being built.
    std::shared_ptr<const CallTree> tree() const { return m_trees.get(m_shown, m_sampleType); }
    std::shared_ptr<const CallTree> invertedTree() const
    {
        return m_invertedTrees.get(m_inverted, m_sampleType);
    }
    // Trees of tables with at least this many nodes are built off the GUI thread (a pass
    // over every node: tens of milliseconds on a big capture).
    static constexpr size_t kBackgroundTreeNodes = size_t(1) << 20;
    void setBackgroundTreeNodes(size_t nodes) { m_backgroundTreeNodes = nodes; }

    // V8 captures (Node, Workers) have pseudo-frames that are not JavaScript work:
    // (program), (idle), the garbage collector. Hiding them drops their samples, so that
    // percentages are of the JavaScript work. The wish holds before a capture is there; it
    // applies to captures that have such frames.
    bool hasPseudoFrames() const { return m_hasPseudoFrames; }
    bool pseudoFramesHidden() const { return m_hidePseudoFrames; }
    void setPseudoFramesHidden(bool hidden);
    // True while base() without pseudo-frames is being built.
    bool isFiltering() const { return m_filter->isRunning(); }
    // What the pseudo-frames' stacks cost in capture().
    int64_t pseudoFramesCost(SampleType type) const;

    // The transforms (focus, merge, label filters...), applied to base().
    TransformController *transforms() const { return m_transforms; }

    // Whether inverted() is made (the transforms apply first).
    void setInvertedWanted(bool wanted);
    bool isInvertedWanted() const { return m_invertedWanted; }

    // Builds capture() again at another granularity (Regranulate.h); a newer choice, a
    // new capture or the document's end cancels a build still running.
    void setGranularity(Granularity granularity);
    void cancelRegranulate();
    Granularity granularity() const;
    // The granularity being built, or granularity() when none is.
    Granularity chosenGranularity() const;
    bool isRegranulating() const { return m_regranulate->isRunning(); }
    // Why the last rebuild failed (empty when it did not).
    QString regranulateError() const { return m_regranulateError; }
    // Groups the stacks cut at the producer's depth limit under "[truncated]" (a rebuild).
    void setTruncatedGrouped(bool grouped);
    bool isTruncatedGrouped() const { return m_groupTruncated; }
    // capture()'s stacks cut at a profiler's depth limit, found on first request (a pass
    // over every node, off the GUI thread); null until then.
    std::shared_ptr<const StackTruncation> truncation() const { return m_truncation; }
    void findTruncation();

    SourceMapController *sourceMaps() const { return m_sourceMaps; }

signals:
    void stateChanged(embers::CaptureDocument::State state);
    void progress(qint64 bytesDone, qint64 bytesTotal);
    // What changed; a view takes what it shows from the document.
    void changed(embers::CaptureDocument::Changes what);
    // capture() was built again (another granularity, source maps) from `previous`: a view
    // maps what it had picked to the new frames. Comes before changed() announces it.
    void captureReplaced(std::shared_ptr<const embers::Capture> previous);

private:
    // Call trees of one table, per sample type.
    class TreeCache
    {
    public:
        std::shared_ptr<const CallTree> get(const std::shared_ptr<const Capture> &capture,
                                            SampleType type) const;
        void put(const std::shared_ptr<const Capture> &capture, SampleType type,
                 std::shared_ptr<const CallTree> tree);

    private:
        std::shared_ptr<const StackTable> m_stacks;
        SampleType m_type;
        std::shared_ptr<const CallTree> m_tree;
    };
    class Batch;

    // Announces `what` now, or at the end of the outermost Batch.
    void notify(Changes what);
    void setState(State state);
    void reset();
    void adopt(std::shared_ptr<const Capture> capture, SampleType keep);
    void updateBase();
    void setBase(std::shared_ptr<const Capture> base);
    void setShown(std::shared_ptr<const Capture> shown, std::shared_ptr<const Capture> inverted);
    void buildTrees();
    void regranulate(Granularity granularity);

    QStringList m_paths;
    State m_state = State::Loading;
    QString m_error;
    std::shared_ptr<const Capture> m_capture;
    std::shared_ptr<const Capture> m_base;
    std::shared_ptr<const Capture> m_shown;
    std::shared_ptr<const Capture> m_inverted;
    std::shared_ptr<const Capture> m_withoutPseudoFrames; // built on first use
    SampleType m_sampleType;
    TreeCache m_trees;
    TreeCache m_invertedTrees;

    FrameMask m_pseudoFrames;
    std::vector<int64_t> m_pseudoCosts; // per column
    bool m_hasPseudoFrames = false;
    bool m_hidePseudoFrames = false;
    bool m_invertedWanted = false;
    size_t m_backgroundTreeNodes = kBackgroundTreeNodes;
    bool m_groupTruncated = false;
    Granularity m_building = Granularity::FileFunctions;
    QString m_regranulateError;
    std::shared_ptr<const StackTruncation> m_truncation;
    Changes m_pending;
    int m_batchDepth = 0;

    CaptureLoader *m_loader;
    TransformController *m_transforms;
    SourceMapController *m_sourceMaps;
    BackgroundJob *m_filter;      // capture() without pseudo-frames
    BackgroundJob *m_treeBuild;   // trees of another sample type
    BackgroundJob *m_regranulate; // capture() at another granularity
    BackgroundJob *m_truncationSearch;
};

} // namespace embers

Q_DECLARE_OPERATORS_FOR_FLAGS(embers::CaptureDocument::Changes)
