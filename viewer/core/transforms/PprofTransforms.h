// PprofTransforms: pprof's filter options as transforms, applied as `go tool pprof`
// applies them, and the lines its reports print about them.
//
// pprof filters the profile before it merges what the report's granularity merges, so a
// regex sees each function's own name, file and binary. For the same results the table
// is built with frames split by origin and inlined frames kept (openForFilters); after
// the transforms, finishForReport() merges them as the report's granularity wants.
#pragma once

#include "StackTable.h"
#include "TopReport.h"
#include "Transform.h"

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace embers {

struct PprofFilters
{
    std::string focus, ignore, hide, show, showFrom;
    std::string tagFocus, tagIgnore, tagShow, tagHide, tagRoot;
    std::string tagLeaf;
    bool relativePercentages = false; // percentages of what the filters leave
    // -prune_from: applied as the table is built (StackTableOptions::pruneFrom), so
    // before the other filters; pprof lists it in no report header.
    std::string pruneFrom;

    bool any() const;
    bool needsLabels() const
    {
        return !tagFocus.empty() || !tagIgnore.empty() || !tagRoot.empty() || !tagLeaf.empty();
    }
    // In pprof's order: -tagroot and -tagleaf, then -focus/-ignore/-hide/-show, -show_from, and
    // -tagfocus/-tagignore. (-tagshow/-taghide only choose the labels that reports
    // list, which -top does not.)
    std::vector<Transform> transforms() const;
    // "Active filters:" and a "   name=value" line per filter, as pprof's header has them.
    std::vector<std::string> headerLines() const;
};

// The build options that make the filters exact: frames split by origin, inlined frames
// kept until the end, the samples' labels when needed.
void openForFilters(StackTableOptions &model, const PprofFilters &filters);

struct FilteredTable
{
    std::shared_ptr<const StackTable> table; // null on error
    std::string error;
    std::vector<std::string> warnings; // pprof's "Focus expression matched no samples"...
    bool cancelled = false;
};

// Applies the filters to a table built with openForFilters(), then finishForReport().
FilteredTable applyPprofFilters(const std::shared_ptr<const StackTable> &table,
                                const PprofFilters &filters, bool noInlines, bool pprofNames,
                                const std::atomic_bool *cancel = nullptr);

// Merges frames that differ only by origin (FrameOriginMode::Split), and with noInlines
// each inlined frame into its caller, as pprof's aggregation does after filtering.
std::shared_ptr<const StackTable> finishForReport(const std::shared_ptr<const StackTable> &table,
                                                  bool noInlines,
                                                  const std::atomic_bool *cancel = nullptr);

// Inserts the filters' header lines where pprof prints them (before "Showing nodes").
void addActiveFilters(TopTable &table, const PprofFilters &filters);

} // namespace embers
