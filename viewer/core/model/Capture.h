// Capture: one opened profile (or several merged) with the model built from it:
// bytes -> Profile -> StackTable -> CallTree + FunctionTable. Everything is immutable
// once built, so views and threads can share it freely.
#pragma once

#include "CallTree.h"
#include "FunctionTable.h"
#include "ProfileLoader.h"
#include "SampleType.h"
#include "StackTable.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>

namespace embers {

struct Capture
{
    QStringList paths;
    std::vector<ProfilePtr> profiles;
    std::shared_ptr<const StackTable> stacks;
    std::shared_ptr<const CallTree> tree; // in the default sample type
    std::shared_ptr<const FunctionTable> functions;
    uint64_t fileBytes = 0;
};

struct OpenOptions
{
    StackTableOptions model;
    // Drop model.keepLabels when no profile has labels (the window's choice: label
    // filters then have nothing to act on; pprof's "matched no samples" needs them kept).
    bool labelsOnlyIfAny = false;
    LoadOptions load;
    bool buildTree = true;
    // Drop the per-sample arrays once the stacks are built (halves the memory kept).
    bool keepSamples = true;
    // pprof's -diff_base=B / -base=B: these files are subtracted from the others
    // (model.normalize scales the others to them first).
    QStringList basePaths;
    ProfileRole baseRole = ProfileRole::DiffBase;
    // Profiles of `paths` already read from their bytes (same order; a missing or null
    // one is read from its file): a capture just saved is not read back.
    std::vector<std::shared_ptr<Profile>> preloaded;
    // Rewrites each profile once loaded, before the stacks are built (source maps).
    std::function<std::shared_ptr<Profile>(std::shared_ptr<Profile>)> rewrite;
};

struct OpenResult
{
    std::shared_ptr<const Capture> capture; // null on error
    QString error;                          // names the file and the problem
    bool cancelled = false;
};

// A capture of the same files as `source` whose model is `stacks`, derived from source's
// (V8's pseudo-frames dropped, transforms applied). Its function table follows
// `previous`'s where a transform relates their tables (FunctionTableReuse.h), else it is
// built; the call tree is `treeType`'s (none: no tree). Null when cancelled.
std::shared_ptr<const Capture>
derivedCapture(const Capture &source, std::shared_ptr<const StackTable> stacks, SampleType treeType,
               const Capture *previous = nullptr, const std::atomic_bool *cancel = nullptr);

// Loads the files and merges them into one capture, as `go tool pprof A B` does (with
// basePaths, as `go tool pprof -diff_base=B A` does).
OpenResult openCapture(const QStringList &paths, const OpenOptions &options = {});

} // namespace embers
