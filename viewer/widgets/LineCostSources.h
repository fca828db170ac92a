// LineCostSources: where a source pane's per-line costs come from. A capture page's are its
// capture at lines granularity after the page's transforms (its own table when the page is
// at lines already); a comparison's are its captures at lines granularity on one table: a
// diff's lines before and after, a side-by-side pane's of its own capture. What is built
// once is kept for the next Show Source while the capture (and the transforms) stay the
// same; the work runs in SourcePane's job, off the GUI thread, so the kept tables sit
// behind a mutex.
#pragma once

#include "Comparison.h"
#include "SampleType.h"
#include "SourcePane.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace embers {

class CaptureDocument;

class CaptureLineCosts
{
public:
    explicit CaptureLineCosts(CaptureDocument *document);
    ~CaptureLineCosts();

    // Show Source for `frame` of the document's shown capture, in its sample type.
    SourceRequest request(uint32_t frame) const;
    // The shown capture at lines granularity after the page's transforms (what request()'s
    // costs come from), for a job off the GUI thread: null tables when cancelled, with
    // `error` when it failed.
    struct Lines
    {
        std::shared_ptr<const StackTable> stacks;
        std::shared_ptr<const FunctionTable> functions;
        QString error;
    };
    std::function<Lines(JobControl &)> linesJob() const;
    // The shown capture's frames for frames of the pane's table (a clicked line's).
    std::vector<uint32_t> shownFrames(const StackTable &lines,
                                      const std::vector<uint32_t> &frames) const;

private:
    struct Kept;
    CaptureDocument *m_document;
    std::shared_ptr<Kept> m_kept;
};

class ComparisonLineCosts
{
public:
    // In a diff, the comparison's capture 0 is the base, capture 1 the new one.
    explicit ComparisonLineCosts(std::shared_ptr<const Comparison> comparison);
    ~ComparisonLineCosts();

    // Show Source for `frame` of the comparison's table: each line before and after, in
    // `type`, the base scaled to the new total when `normalize` (as the diff is).
    SourceRequest request(uint32_t frame, SampleType type, bool normalize) const;
    // Show Source for `frame` of the comparison's table: capture `capture`'s lines alone,
    // in `type` (a side-by-side pane's).
    SourceRequest captureRequest(uint32_t frame, SampleType type, size_t capture) const;
    // The comparison's captures at lines granularity on one table (what the requests' costs
    // come from, built once), for a job off the GUI thread: null when cancelled, with
    // `error` set when it failed.
    std::function<std::shared_ptr<const Comparison>(JobControl &, QString *error)> linesJob() const;
    // The comparison's frames for frames of the pane's table.
    std::vector<uint32_t> comparisonFrames(const StackTable &lines,
                                           const std::vector<uint32_t> &frames) const;

private:
    struct Kept;
    // The request for `frame`'s function. Its costs job takes the captures at lines (built
    // once, then kept) and lets `fill` set the file and the costs from `column`, `type`'s
    // column within a capture group.
    using FillCosts = std::function<void(const Comparison &lines, size_t column,
                                         const std::string &name, SourceCosts *out)>;
    SourceRequest request(uint32_t frame, SampleType type, FillCosts fill) const;
    std::shared_ptr<const Comparison> m_comparison;
    std::shared_ptr<Kept> m_kept;
};

} // namespace embers
