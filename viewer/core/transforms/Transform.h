// Transform: one step that refines what a profile shows, applied to the unique stacks
// (a StackTable) so that every view built on the result (CallTree, FunctionTable,
// FlameLayout) shows it unchanged. The result is a derived table: frame indices stay
// valid (new frames are added at the end), totals stay the source's, so percentages
// remain of the whole profile as in pprof.
//
// pprof's options, with its exact semantics (profile/filter.go, internal/driver):
//   Focus     keep the stacks through a frame the regex matches (-focus)
//   Ignore    drop the stacks through such a frame (-ignore)
//   Hide      remove the matching frames, their cost going to their callers (-hide)
//   Show      keep only the matching frames (-show)
//   ShowFrom  cut each stack above its outermost matching frame (-show_from)
//   TagFocus / TagIgnore  keep / drop samples by label (-tagfocus/-tagignore, TagFilter.h)
//   TagRoot   group by label values: synthetic root frames (-tagroot=key1,key2)
//   TagLeaf   the same frames at the leaf end of each stack (-tagleaf=key1,key2)
// Regexes match as FrameMatch.h says; frames inlined at one location are one unit for
// Focus/Ignore, and Hide/Show/ShowFrom take frames out of a location as pprof takes lines.
//
// The window's, on frames picked by hand (`frames`):
//   FocusFunction     root the graph at the function: each stack from its outermost call
//                     (stacks without it are dropped; callers merged)
//   FocusSubtree      keep the call path `frames` (root first) and what it calls, rooted
//                     at its last frame; or, a path picked at a coarser granularity, one
//                     set of frames per depth (callPathSteps), every path through them
//   MergeFunction     remove the function's frames (its cost stays with its callers)
//   DropFunction      drop the samples that have the function
//   CollapseDirectRecursion  f -> f -> f becomes f (`frames` empty: every function)
//   CollapseRecursion f -> g -> f -> h becomes f -> h: the frames between the outermost
//                     and each inner call of f are left out of the stacks through it
//   CollapseFile / CollapsePackage / CollapseLibrary  consecutive frames of the file,
//                     package or binary `pattern` become one frame named after it
#pragma once

#include "StackTable.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace embers {

enum class TransformKind : uint8_t {
    Focus,
    Ignore,
    Hide,
    Show,
    ShowFrom,
    TagFocus,
    TagIgnore,
    TagRoot,
    FocusFunction,
    FocusSubtree,
    MergeFunction,
    DropFunction,
    CollapseDirectRecursion,
    CollapseRecursion,
    CollapseFile,
    CollapsePackage,
    CollapseLibrary,
    TagLeaf,
};

struct Transform
{
    TransformKind kind = TransformKind::Focus;
    std::string pattern;          // regex, tag filter, label keys, or file/package/binary
    std::vector<uint32_t> frames; // the function(s), or the call path (with kInlineBit)
    bool enabled = true;

    bool operator==(const Transform &) const = default;
};

// pprof-like name of the kind ("focus", "show_from", "tagroot", "collapse-recursion"...).
const char *transformKindName(TransformKind kind);
// Whether the kind needs the samples' labels (StackTableOptions::keepLabels).
bool transformNeedsLabels(TransformKind kind);

struct TransformContext
{
    const std::atomic_bool *cancel = nullptr;
    // Name new frames (-tagroot's) as pprof's reports do (StackTableOptions::pprofNames).
    bool pprofNames = false;
    // Shortcuts for tables where little changes (unchanged subtrees copied whole, filters
    // that only remove nodes); false: the general rules alone, which the tests compare with.
    bool fastPaths = true;
};

struct TransformResult
{
    std::shared_ptr<const StackTable> table; // null on error or when cancelled
    bool matched = false;                    // the transform found something to act on
    bool cancelled = false;
    std::string error; // a pattern that does not compile, labels not kept...
};

// Applies one transform (enabled or not: the caller skips disabled ones). When it changes
// nothing the source table itself comes back.
TransformResult applyTransform(const std::shared_ptr<const StackTable> &source,
                               const Transform &transform, const TransformContext &context = {});

// The call path of a trie node, root first (frames with their inline bits): what
// FocusSubtree takes to name a node of the table the window shows.
std::vector<uint32_t> callPathOf(const StackTable &table, uint32_t node);

// FocusSubtree's frames as one set of frames per depth, root first, and back. A path of
// one frame per depth is its frames; with a set of several frames at some depth, each
// depth's frames are followed by kNoFrame (and match whatever their inline bits).
std::vector<std::vector<uint32_t>> callPathSteps(const std::vector<uint32_t> &frames);
std::vector<uint32_t> callPathOfSteps(const std::vector<std::vector<uint32_t>> &steps);

// The package of a function name, for CollapsePackage: Go's import path
// ("github.com/x/y.(*T).M" -> "github.com/x/y"), C++'s enclosing scope
// ("ns::Class::Method(int)" -> "ns::Class"); "" when the name has neither.
std::string packageOfFunction(std::string_view name);

} // namespace embers
