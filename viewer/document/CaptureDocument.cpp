#include "CaptureDocument.h"

#include "CaptureLoader.h"
#include "Regranulate.h"
#include "SharedTruncation.h"
#include "SourceMapController.h"
#include "TransformController.h"

#include <utility>

namespace embers {

// Changes made inside one call of the document's are announced once, at its end, so that a
// view sees the whole new state (a capture with its sample type and its shown model).
class CaptureDocument::Batch
{
public:
    explicit Batch(CaptureDocument *document) : m_document(document) { ++document->m_batchDepth; }
    ~Batch()
    {
        if (--m_document->m_batchDepth == 0 && m_document->m_pending) {
            const Changes what = std::exchange(m_document->m_pending, {});
            emit m_document->changed(what);
        }
    }
    Batch(const Batch &) = delete;
    Batch &operator=(const Batch &) = delete;

private:
    CaptureDocument *m_document;
};

std::shared_ptr<const CallTree>
CaptureDocument::TreeCache::get(const std::shared_ptr<const Capture> &capture,
                                SampleType type) const
{
    if (!capture || !type.isIn(*capture->stacks))
        return nullptr;
    if (capture->tree && capture->tree->column() == type.column())
        return capture->tree;
    if (capture->stacks == m_stacks && type == m_type)
        return m_tree;
    return nullptr;
}

void CaptureDocument::TreeCache::put(const std::shared_ptr<const Capture> &capture, SampleType type,
                                     std::shared_ptr<const CallTree> tree)
{
    // One tree besides the capture's own: each holds a value per node.
    m_stacks = capture ? capture->stacks : nullptr;
    m_type = type;
    m_tree = std::move(tree);
}

CaptureDocument::CaptureDocument(const QStringList &paths, QObject *parent)
    : QObject(parent), m_paths(paths), m_loader(new CaptureLoader(this)),
      m_transforms(new TransformController(this)), m_filter(new BackgroundJob(this)),
      m_treeBuild(new BackgroundJob(this)), m_regranulate(new BackgroundJob(this)),
      m_truncationSearch(new BackgroundJob(this))
{
    // Created after the transforms: it listens to the document's own signals.
    m_sourceMaps = new SourceMapController(this);
    connect(m_loader, &CaptureLoader::progress, this, &CaptureDocument::progress);
    connect(m_loader, &CaptureLoader::finished, this,
            [this](std::shared_ptr<const Capture> capture) {
                Batch batch(this);
                adopt(std::move(capture), SampleType());
            });
    connect(m_loader, &CaptureLoader::failed, this, [this](const QString &error) {
        m_error = error;
        setState(State::Failed);
    });
    connect(m_loader, &CaptureLoader::cancelled, this, [this] { setState(State::Cancelled); });
    connect(m_transforms, &TransformController::resultReady, this,
            [this](std::shared_ptr<const Capture> shown) {
                Batch batch(this);
                setShown(std::move(shown), m_transforms->invertedCapture());
            });
}

CaptureDocument::~CaptureDocument() = default;

void CaptureDocument::notify(Changes what)
{
    m_pending |= what;
    if (m_batchDepth == 0) {
        const Changes all = std::exchange(m_pending, {});
        emit changed(all);
    }
}

void CaptureDocument::setState(State state)
{
    m_state = state;
    emit stateChanged(state);
}

void CaptureDocument::reset()
{
    for (BackgroundJob *job : {m_filter, m_treeBuild, m_regranulate, m_truncationSearch})
        job->cancel();
    m_transforms->clear();
    m_capture.reset();
    m_base.reset();
    m_shown.reset();
    m_inverted.reset();
    m_withoutPseudoFrames.reset();
    m_trees = {};
    m_invertedTrees = {};
    m_sampleType = {};
    m_pseudoFrames.clear();
    m_pseudoCosts.clear();
    m_hasPseudoFrames = false;
    m_groupTruncated = false;
    m_truncation.reset();
    m_regranulateError.clear();
    m_error.clear();
}

void CaptureDocument::load()
{
    reset();
    // Loading again (Try Again) is a state change even from Loading's point of view.
    setState(State::Loading);
    m_loader->load(m_paths);
}

void CaptureDocument::cancelLoad()
{
    if (m_state == State::Loading)
        m_loader->cancel();
}

void CaptureDocument::setLoaded(std::shared_ptr<const Capture> capture)
{
    reset();
    setState(State::Loading);
    Batch batch(this);
    adopt(std::move(capture), SampleType());
}

void CaptureDocument::replaceCapture(std::shared_ptr<const Capture> capture)
{
    if (!capture)
        return;
    const std::shared_ptr<const Capture> previous = m_capture;
    Batch batch(this);
    // The transforms on picked functions follow them to the new frames.
    if (previous)
        m_transforms->mapFrames(*previous->stacks, *capture->stacks);
    adopt(std::move(capture), m_sampleType);
    // Before changed() announces the new capture, so that views still hold the old one.
    emit captureReplaced(previous);
}

void CaptureDocument::adopt(std::shared_ptr<const Capture> capture, SampleType keep)
{
    for (BackgroundJob *job : {m_filter, m_treeBuild, m_truncationSearch})
        job->cancel();
    m_capture = std::move(capture);
    const StackTable &stacks = *m_capture->stacks;
    m_sampleType = keep.isIn(stacks) ? keep : SampleType::defaultOf(stacks);
    m_transforms->setSampleType(m_sampleType);
    m_withoutPseudoFrames.reset();
    m_truncation.reset();
    m_pseudoFrames = StackFilter::v8PseudoFrames(stacks);
    m_hasPseudoFrames = StackFilter::anyStackThrough(stacks, m_pseudoFrames);
    m_pseudoCosts = m_hasPseudoFrames ? StackFilter::totalThrough(stacks, m_pseudoFrames)
                                      : std::vector<int64_t>(stacks.columnCount(), 0);
    if (m_state != State::Loaded)
        setState(State::Loaded);
    notify(CaptureChanged | SampleTypeChanged | PseudoFramesChanged | GranularityChanged |
           TruncationChanged);
    updateBase();
}

void CaptureDocument::updateBase()
{
    if (!m_capture)
        return;
    if (!m_hidePseudoFrames || !m_hasPseudoFrames) {
        if (m_base != m_capture)
            setBase(m_capture);
        return;
    }
    if (m_withoutPseudoFrames) {
        if (m_base != m_withoutPseudoFrames)
            setBase(m_withoutPseudoFrames);
        return;
    }
    if (m_filter->isRunning())
        return; // its result is shown once it is there
    // The table and the trees are built again, which takes long on a big capture. A
    // build that is no longer wanted still finishes: the toggle may come back to it.
    m_filter->run(
        [capture = m_capture, mask = m_pseudoFrames, type = m_sampleType](JobControl &) {
            auto stacks =
                StackFilter::withoutFrames(*capture->stacks, mask, StackFilter::Totals::Recomputed);
            return derivedCapture(*capture, std::make_shared<const StackTable>(std::move(*stacks)),
                                  type);
        },
        [this](std::shared_ptr<const Capture> filtered) {
            Batch batch(this);
            m_withoutPseudoFrames = std::move(filtered);
            notify(PseudoFramesChanged);
            if (m_hidePseudoFrames)
                setBase(m_withoutPseudoFrames);
        });
    notify(PseudoFramesChanged);
}

void CaptureDocument::setBase(std::shared_ptr<const Capture> base)
{
    m_base = std::move(base);
    notify(BaseChanged);
    // With transforms, their result follows (resultReady).
    if (!m_transforms->setBase(m_base, m_sampleType))
        setShown(m_base, nullptr);
}

void CaptureDocument::setShown(std::shared_ptr<const Capture> shown,
                               std::shared_ptr<const Capture> inverted)
{
    m_shown = std::move(shown);
    m_inverted = m_invertedWanted ? std::move(inverted) : nullptr;
    notify(ShownChanged | InvertedChanged);
    buildTrees();
}

void CaptureDocument::buildTrees()
{
    notify(TreesChanged);
    struct Missing
    {
        std::shared_ptr<const Capture> capture;
        TreeCache *cache;
    };
    std::vector<Missing> missing;
    for (auto [capture, cache] :
         {std::pair{m_shown, &m_trees}, std::pair{m_inverted, &m_invertedTrees}}) {
        if (capture && m_sampleType.isIn(*capture->stacks) && !cache->get(capture, m_sampleType))
            missing.push_back({capture, cache});
    }
    if (missing.empty())
        return;
    size_t nodes = 0;
    for (const Missing &m : missing)
        nodes += m.capture->stacks->nodeCount();
    const SampleType type = m_sampleType;
    if (nodes < m_backgroundTreeNodes) {
        for (const Missing &m : missing)
            m.cache->put(m.capture, type,
                         std::make_shared<const CallTree>(m.capture->stacks, type.column()));
        return;
    }
    // Until then tree() is null: the views keep what they show, or say it is coming.
    std::vector<std::shared_ptr<const StackTable>> tables;
    for (const Missing &m : missing)
        tables.push_back(m.capture->stacks);
    m_treeBuild->run(
        [tables, type](JobControl &) {
            std::vector<std::shared_ptr<const CallTree>> trees;
            for (const std::shared_ptr<const StackTable> &t : tables)
                trees.push_back(std::make_shared<const CallTree>(t, type.column()));
            return trees;
        },
        [this, missing, type](const std::vector<std::shared_ptr<const CallTree>> &trees) {
            Batch batch(this);
            for (size_t i = 0; i < missing.size(); ++i)
                missing[i].cache->put(missing[i].capture, type, trees[i]);
            notify(TreesChanged);
        });
}

void CaptureDocument::setSampleType(SampleType type)
{
    if (!m_capture || type == m_sampleType || !type.isIn(*m_capture->stacks))
        return;
    Batch batch(this);
    m_sampleType = type;
    m_transforms->setSampleType(type);
    m_treeBuild->cancel();
    notify(SampleTypeChanged);
    buildTrees();
}

int64_t CaptureDocument::pseudoFramesCost(SampleType type) const
{
    return type.isNone() || type.column() >= m_pseudoCosts.size() ? 0
                                                                  : m_pseudoCosts[type.column()];
}

void CaptureDocument::setPseudoFramesHidden(bool hidden)
{
    Batch batch(this);
    const bool changed = hidden != m_hidePseudoFrames;
    m_hidePseudoFrames = hidden;
    if (m_capture && m_hasPseudoFrames)
        updateBase();
    if (changed)
        notify(PseudoFramesChanged);
}

void CaptureDocument::setInvertedWanted(bool wanted)
{
    if (wanted == m_invertedWanted)
        return;
    Batch batch(this);
    m_invertedWanted = wanted;
    m_transforms->setInverted(wanted); // when wanted, resultReady() brings it
    if (!wanted) {
        m_inverted.reset();
        notify(InvertedChanged | TreesChanged);
    }
}

Granularity CaptureDocument::granularity() const
{
    return m_capture ? m_capture->stacks->granularity : Granularity::FileFunctions;
}

Granularity CaptureDocument::chosenGranularity() const
{
    return isRegranulating() ? m_building : granularity();
}

void CaptureDocument::setGranularity(Granularity granularity)
{
    if (!m_capture)
        return;
    Batch batch(this);
    m_regranulate->cancel();
    m_regranulateError.clear();
    if (granularity == this->granularity()) {
        notify(GranularityChanged);
        return;
    }
    regranulate(granularity);
}

void CaptureDocument::cancelRegranulate()
{
    if (!m_regranulate->isRunning())
        return;
    m_regranulate->cancel();
    notify(GranularityChanged);
}

void CaptureDocument::setTruncatedGrouped(bool grouped)
{
    if (!m_capture)
        return;
    Batch batch(this);
    m_groupTruncated = grouped;
    m_regranulate->cancel();
    m_regranulateError.clear();
    regranulate(granularity());
}

void CaptureDocument::regranulate(Granularity granularity)
{
    m_building = granularity;
    m_regranulate->run(
        [capture = m_capture, granularity, type = m_sampleType,
         group = m_groupTruncated](JobControl &control) {
            QString error;
            auto rebuilt =
                embers::regranulate(*capture, granularity, type.isNone() ? -1 : int(type.column()),
                                    control.cancelFlag(), &error, group);
            return std::pair{rebuilt, error};
        },
        [this](const std::pair<std::shared_ptr<const Capture>, QString> &result) {
            const auto &[rebuilt, error] = result;
            if (!rebuilt) {
                m_regranulateError = error;
                notify(GranularityChanged);
                return;
            }
            if (m_capture && rebuilt->profiles == m_capture->profiles)
                replaceCapture(rebuilt);
        });
    notify(GranularityChanged);
}

void CaptureDocument::findTruncation()
{
    if (!m_capture || m_truncation || m_truncationSearch->isRunning())
        return;
    // Shared with the flame graphs' tooltip notes, which ask about the same table.
    const std::shared_ptr<const TruncationSearch> search = sharedTruncation(m_capture->stacks);
    m_truncationSearch->follow(search->finished, [this, search, stacks = m_capture->stacks] {
        if (!m_capture || m_capture->stacks != stacks)
            return;
        m_truncation = search->result();
        m_groupTruncated = m_truncation->groupNode != StackTable::kNoFrame;
        notify(TruncationChanged);
    });
}

} // namespace embers
