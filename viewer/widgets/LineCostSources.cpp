#include "LineCostSources.h"

#include "BackgroundJob.h"
#include "CaptureDocument.h"
#include "FunctionTable.h"
#include "MappedTransform.h"
#include "Regranulate.h"
#include "SourceMapController.h"
#include "StackFilter.h"
#include "TransformController.h"
#include "TransformStack.h"

#include <mutex>

namespace embers {

namespace {

// The request's file, or where the function costs most when its frame has none.
std::string fileFor(const std::string &recorded, const StackTable &lines,
                    const FunctionTable &functions, size_t column, const std::string &name)
{
    return recorded.empty() ? costliestFileOf(lines, functions, column, name) : recorded;
}

// `frames` of `from` as frames of `to`, each once; those `to` lacks left out.
std::vector<uint32_t> framesIn(const StackTable &from, const std::vector<uint32_t> &frames,
                               const StackTable &to)
{
    std::vector<uint32_t> out;
    for (uint32_t f : frames) {
        const uint32_t mapped = mapFrame(from, f, to);
        if (mapped != StackTable::kNoFrame &&
            std::find(out.begin(), out.end(), mapped) == out.end())
            out.push_back(mapped);
    }
    return out;
}

} // namespace

// The capture at lines granularity after the transforms, for the capture and transforms
// it was built from.
struct CaptureLineCosts::Kept
{
    std::mutex mutex;
    std::weak_ptr<const Capture> capture;
    bool withoutPseudoFrames = false;
    std::vector<Transform> transforms;
    std::shared_ptr<const StackTable> lines;
    std::shared_ptr<const FunctionTable> functions;
};

CaptureLineCosts::CaptureLineCosts(CaptureDocument *document)
    : m_document(document), m_kept(std::make_shared<Kept>())
{}

CaptureLineCosts::~CaptureLineCosts() = default;

std::function<CaptureLineCosts::Lines(JobControl &)> CaptureLineCosts::linesJob() const
{
    const std::shared_ptr<const Capture> capture = m_document->capture();
    const std::shared_ptr<const Capture> shown = m_document->shown();
    const std::vector<Transform> transforms = m_document->transforms()->transforms();
    const bool atLines = m_document->granularity() == Granularity::Lines;
    const bool withoutPseudo = m_document->pseudoFramesHidden() && m_document->hasPseudoFrames();
    return [kept = m_kept, capture, shown = atLines ? shown : nullptr, transforms,
            withoutPseudo](JobControl &control) -> Lines {
        Lines out;
        if (shown)
            return {shown->stacks, shown->functions, {}};
        {
            std::lock_guard lock(kept->mutex);
            if (kept->capture.lock() == capture && kept->withoutPseudoFrames == withoutPseudo &&
                kept->transforms == transforms)
                return {kept->lines, kept->functions, {}};
        }
        const std::shared_ptr<const Capture> regranulated = regranulate(
            *capture, Granularity::Lines, -1, control.cancelFlag(), &out.error, false, false);
        if (!regranulated)
            return out;
        std::shared_ptr<const StackTable> lines = regranulated->stacks;
        std::shared_ptr<const FunctionTable> functions = regranulated->functions;
        if (withoutPseudo) {
            // As the page's base(): V8's (program), (idle) and GC stacks dropped.
            auto filtered =
                StackFilter::withoutFrames(*lines, StackFilter::v8PseudoFrames(*lines),
                                           StackFilter::Totals::Recomputed, control.cancelFlag());
            if (!filtered || control.isCancelled())
                return out;
            lines = std::make_shared<const StackTable>(std::move(*filtered));
            if (transforms.empty())
                functions = std::make_shared<const FunctionTable>(
                    FunctionTable::build(*lines, control.cancelFlag()));
        }
        if (!transforms.empty()) {
            // The page's transforms name frames of its own granularity: the same functions
            // at lines granularity are other frames.
            const TransformFrameMap map(*capture->stacks, *lines);
            std::vector<Transform> mapped;
            for (const Transform &tr : transforms) {
                Transform m = tr;
                m.frames = map.frames(tr);
                if (m.frames.empty() && !tr.frames.empty())
                    continue;
                mapped.push_back(std::move(m));
            }
            TransformStack stack(lines, TransformContext{control.cancelFlag()});
            stack.setTransforms(std::move(mapped));
            if (stack.apply(control.cancelFlag()).cancelled)
                return out;
            lines = stack.result();
            functions = std::make_shared<const FunctionTable>(
                FunctionTable::build(*lines, control.cancelFlag()));
        }
        if (control.isCancelled())
            return out;
        std::lock_guard lock(kept->mutex);
        kept->capture = capture;
        kept->withoutPseudoFrames = withoutPseudo;
        kept->transforms = transforms;
        kept->lines = lines;
        kept->functions = functions;
        return {lines, functions, {}};
    };
}

SourceRequest CaptureLineCosts::request(uint32_t frame) const
{
    const std::shared_ptr<const Capture> shown = m_document->shown();
    SourceRequest r;
    if (!m_document->capture() || !shown || frame >= shown->stacks->frameCount())
        return r;
    const StackTable &t = *shown->stacks;
    r.name = t.strings[t.frames[frame].name];
    r.file = t.strings[t.frames[frame].file];
    r.frameLine = t.frames[frame].line;
    r.profilePaths = m_document->paths();
    r.maps = m_document->sourceMaps()->appliedMapSet();
    r.costs = [lines = linesJob(), type = m_document->sampleType(), name = r.name,
               file = r.file](JobControl &control) -> SourceCosts {
        SourceCosts out;
        const Lines at = lines(control);
        if (!at.stacks) {
            out.error = at.error;
            return out;
        }
        const size_t column = type.isIn(*at.stacks) ? type.column() : 0;
        out.file = fileFor(file, *at.stacks, *at.functions, column, name);
        out.costs = sourceFileCosts(*at.stacks, *at.functions, column, name, out.file);
        out.unit = at.stacks->columns[column].unit;
        out.lines = at.stacks;
        return out;
    };
    return r;
}

std::vector<uint32_t> CaptureLineCosts::shownFrames(const StackTable &lines,
                                                    const std::vector<uint32_t> &frames) const
{
    const std::shared_ptr<const Capture> shown = m_document->shown();
    return shown ? framesIn(lines, frames, *shown->stacks) : std::vector<uint32_t>();
}

// The comparison's captures at lines granularity on one table.
struct ComparisonLineCosts::Kept
{
    std::mutex mutex;
    std::shared_ptr<const Comparison> lines;

    // The kept comparison, else built from `captures` (and kept). Null when cancelled, or
    // with `error` set.
    std::shared_ptr<const Comparison>
    atLines(const std::vector<std::shared_ptr<const Capture>> &captures, JobControl &control,
            QString *error);
};

ComparisonLineCosts::ComparisonLineCosts(std::shared_ptr<const Comparison> comparison)
    : m_comparison(std::move(comparison)), m_kept(std::make_shared<Kept>())
{}

ComparisonLineCosts::~ComparisonLineCosts() = default;

std::shared_ptr<const Comparison>
ComparisonLineCosts::Kept::atLines(const std::vector<std::shared_ptr<const Capture>> &captures,
                                   JobControl &control, QString *error)
{
    {
        std::lock_guard lock(mutex);
        if (lines)
            return lines;
    }
    ComparisonResult compared = compareAtLines(captures, control.cancelFlag());
    if (!compared.comparison) {
        if (!control.isCancelled())
            *error = compared.error;
        return nullptr;
    }
    std::lock_guard lock(mutex);
    lines = compared.comparison;
    return lines;
}

std::function<std::shared_ptr<const Comparison>(JobControl &, QString *)>
ComparisonLineCosts::linesJob() const
{
    return [kept = m_kept, captures = m_comparison->captures](JobControl &control, QString *error) {
        return kept->atLines(captures, control, error);
    };
}

SourceRequest ComparisonLineCosts::request(uint32_t frame, SampleType type, FillCosts fill) const
{
    SourceRequest r;
    const StackTable &t = *m_comparison->stacks;
    if (frame >= t.frameCount())
        return r;
    r.name = t.strings[t.frames[frame].name];
    r.file = t.strings[t.frames[frame].file];
    r.frameLine = t.frames[frame].line;
    r.costs = [kept = m_kept, captures = m_comparison->captures, type, fill = std::move(fill),
               name = r.name, file = r.file](JobControl &control) -> SourceCosts {
        SourceCosts out;
        const std::shared_ptr<const Comparison> lines =
            kept->atLines(captures, control, &out.error);
        const SampleType inGroup = lines ? lines->sampleTypeOr(type) : SampleType();
        if (inGroup.isNone())
            return out;
        out.file = file;
        fill(*lines, inGroup.column(), name, &out);
        out.unit = lines->stacks->columns[inGroup.column()].unit;
        out.lines = lines->stacks;
        return out;
    };
    return r;
}

SourceRequest ComparisonLineCosts::request(uint32_t frame, SampleType type, bool normalize) const
{
    if (m_comparison->captureCount() != 2)
        return {};
    SourceRequest r = request(
        frame, type,
        [normalize](const Comparison &lines, size_t c, const std::string &name, SourceCosts *out) {
            const StackTable &stacks = *lines.stacks;
            out->file = fileFor(out->file, stacks, *lines.functions, lines.columnOf(1, c), name);
            out->costs = sourceFileDiff(stacks, *lines.functions, lines.columnOf(0, c),
                                        lines.columnOf(1, c), normalize, name, out->file);
        });
    // The new capture's files: their folders are searched first, their time dates it.
    r.profilePaths = m_comparison->captures[1]->paths + m_comparison->captures[0]->paths;
    return r;
}

SourceRequest ComparisonLineCosts::captureRequest(uint32_t frame, SampleType type,
                                                  size_t capture) const
{
    if (capture >= m_comparison->captureCount())
        return {};
    SourceRequest r = request(
        frame, type,
        [capture](const Comparison &lines, size_t c, const std::string &name, SourceCosts *out) {
            const size_t column = lines.columnOf(capture, c);
            out->file = fileFor(out->file, *lines.stacks, *lines.functions, column, name);
            out->costs = sourceFileCosts(*lines.stacks, *lines.functions, column, name, out->file);
        });
    r.profilePaths = m_comparison->captures[capture]->paths;
    return r;
}

std::vector<uint32_t>
ComparisonLineCosts::comparisonFrames(const StackTable &lines,
                                      const std::vector<uint32_t> &frames) const
{
    return framesIn(lines, frames, *m_comparison->stacks);
}

} // namespace embers
