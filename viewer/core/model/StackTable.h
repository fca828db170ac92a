// StackTable: the unique stacks of one or several profiles, with a value per sample
// type. Frames are identified by content at a chosen granularity (never by pprof ids),
// so profiles merge and compare by what they say. Inline frames are expanded;
// drop_frames/keep_frames are applied here.
//
// The stacks are stored as a trie of frames (the call tree's shape): node 0 is the
// empty stack, every other node extends its parent's stack by one frame, and a stack
// is the node where it ends. Nodes are in breadth-first order with each node's
// children contiguous, so the trie is also the merged call tree, and shared prefixes
// are stored once (real profiles share most of their frames).
#pragma once

#include "FrameOrigins.h"
#include "Profile.h"
#include "StringPool.h"

#include <atomic>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace embers {

// Addresses: one frame per location line, keyed by the location's address too (pprof's
// -addresses); for unsymbolised native profiles, where a frame is otherwise a binary.
enum class Granularity { Functions, FileFunctions, Lines, Addresses };

// Parses "functions", "filefunctions", "lines", "addresses".
std::optional<Granularity> granularityFromName(std::string_view name);

// A frame's identity. String members index StackTable::strings.
struct Frame
{
    uint32_t name = 0;
    uint32_t file = 0;
    uint32_t objfile = 0; // binary, kept only when there is no function name
    uint32_t origin = 0;  // FrameOriginMode::Split only: 1 + index in StackTable::origins
    int64_t line = 0;
    int64_t startLine = 0;
    uint64_t address = 0;

    bool operator==(const Frame &) const = default;
};

// Stack entries carry this bit when the frame was inlined into its caller.
inline constexpr uint32_t kInlineBit = 0x80000000u;
inline constexpr uint32_t kFrameMask = 0x7FFFFFFFu;

struct SampleColumn
{
    std::string type;
    std::string unit;
};

// What the header of a (merged) capture says, for reports and the summary.
struct CaptureHeader
{
    std::string mainBinary; // mapping[0]'s file
    std::string buildId;
    std::vector<std::string> comments;
    int64_t timeNanos = 0;
    int64_t durationNanos = 0;
    int64_t period = 0;
    SampleColumn periodType;
    std::string dropFrames;
    std::string keepFrames;
    std::string docUrl;
};

// How one input profile takes part in a build, for pprof's -base and -diff_base.
struct StackLabels;

// What a build records of where frames came from (FrameOrigins.h).
enum class FrameOriginMode {
    None,
    Listed, // each frame's origins, for matching as pprof's -focus/-ignore/... do
    Split,  // and frames of different origins kept apart (Frame::origin), so that those
            // expressions match exactly as pprof's; regroupFrames() merges them afterwards
};

enum class ProfileRole {
    Plain,
    Base,     // subtracted (pprof -base)
    DiffBase, // subtracted, and its samples alone make the report totals (-diff_base)
};

struct StackTableOptions
{
    Granularity granularity = Granularity::Functions;
    bool noInlines = false;  // keep only the out-of-line function of each location
    bool dropFrames = true;  // apply the profile's drop_frames/keep_frames
    bool pprofNames = false; // rewrite names as pprof's default demangling does (for parity)
    const std::atomic_bool *cancel = nullptr;
    // One per profile given to build(), or empty (all plain).
    std::vector<ProfileRole> roles;
    // pprof's -normalize: scale the plain profiles so that each column sums to what
    // the base profiles sum to (each sample rounded, as pprof's Profile.ScaleN does).
    bool normalize = false;
    FrameOriginMode origins = FrameOriginMode::Listed;
    // Keep the samples' labels by stack (StackTable::sampleLabels), for label filters.
    bool keepLabels = false;
    // pprof's -prune_from=RE: each location keeps only its lines from the innermost one
    // whose function matches outwards, and each stack ends at its leaf-most such location
    // (the frames beneath are dropped). Empty: none. Applied as the table is built, so
    // before the other filters (pprof applies it after them).
    std::string pruneFrom;
};

struct StackDerivation;

class StackTable
{
public:
    // Builds the table of one profile, or merges several as pprof merges them: only the
    // sample types common to all (in the first one's order), finest unit wins. Returns
    // nullopt with *error set when they cannot be merged or the build was cancelled.
    static std::optional<StackTable> build(const std::vector<ProfilePtr> &profiles,
                                           const StackTableOptions &options, std::string *error);

    static constexpr uint32_t kRoot = 0;
    static constexpr uint32_t kNoFrame = 0xFFFFFFFFu;

    size_t columnCount() const { return columns.size(); }
    size_t stackCount() const { return stackNodes.size(); }
    size_t frameCount() const { return frames.size(); }
    size_t nodeCount() const { return nodeParents.size(); }

    // Trie navigation. nodeFrame() includes kInlineBit when the frame was inlined.
    uint32_t nodeParent(uint32_t node) const { return nodeParents[node]; }
    uint32_t nodeFrame(uint32_t node) const { return nodeFrames[node]; }
    uint32_t firstChild(uint32_t node) const { return nodeChildBegin[node]; }
    uint32_t childEnd(uint32_t node) const { return nodeChildBegin[node + 1]; }

    int64_t value(size_t stack, size_t column) const
    {
        return stackValues[stack * columns.size() + column];
    }
    // The frames of stack s, root first (with kInlineBit where inlined).
    void stackFrames(size_t stack, std::vector<uint32_t> &out) const;

    // pprof's printable name of a frame: "name", "name file", "name file:line",
    // "[binary]" or "<unknown>".
    std::string frameName(uint32_t frame) const;
    // Index of a sample type by pprof's -sample_index rules; -1 and *error if none.
    int columnByName(std::string_view nameOrNumber, std::string *error) const;
    // The column that counts the samples behind `shown`, within its capture's group: a
    // "count" column, "samples"/"sample" first, else the one of the same prefix
    // (alloc_space -> alloc_objects). -1 when `shown` is a count itself or there is none.
    int countColumnFor(size_t shown) const;

    std::vector<SampleColumn> columns;
    int defaultColumn = -1;
    // Tables combined Apart (CombinedStacks.h) hold several captures side by side: the
    // columns are `groups` blocks of columnsPerGroup() columns, one block per capture.
    size_t groups = 1;
    size_t columnsPerGroup() const { return columns.size() / groups; }
    // The report total per column as pprof computes it: the sum of |value| over samples,
    // or over the base samples only in a -diff_base profile.
    std::vector<int64_t> totals;
    CaptureHeader header;

    StringPool strings;
    std::vector<Frame> frames;

    std::vector<uint32_t> nodeParents{kRoot};
    std::vector<uint32_t> nodeFrames{kNoFrame}; // frame index | kInlineBit
    std::vector<uint32_t> nodeChildBegin;       // nodeCount() + 1 entries

    std::vector<uint32_t> stackNodes; // ascending; where each unique stack ends
    std::vector<int64_t> stackValues; // stackCount() x columnCount()

    Granularity granularity = Granularity::Functions;
    std::vector<std::string> warnings;

    FrameOrigins origins;
    // With StackTableOptions::keepLabels: each stack's values by label set.
    std::shared_ptr<const StackLabels> sampleLabels;
    // How a transform made this table from another, when the other's views tell this
    // one's (FunctionTableReuse.h). Null for other tables; never copied into derived ones.
    std::shared_ptr<const StackDerivation> derivedFrom;
};

struct StackDerivation
{
    enum class Kind {
        Subset,        // some of its stacks, frames and values unchanged (a filter)
        SameFunctions, // each stack keeps its functions and leaf (direct recursion folded)
        FramesMerged,  // some frames merged into their callers (hide, merge)
        // A function's recursion collapsed: the frames between its outermost and its
        // innermost call leave the stacks with two calls or more.
        RecursionCollapsed,
        FramesCollapsed, // each run of some frames became one new frame (a package, file…)
    };
    Kind kind = Kind::Subset;
    std::weak_ptr<const StackTable> of;
    std::vector<uint8_t> kept; // Subset: per stack of `of`
    // Per frame of `of`: the merged frames (FramesMerged), the function's frames
    // (RecursionCollapsed), the collapsed frames (FramesCollapsed).
    std::vector<uint8_t> frames;
    uint32_t into = 0; // FramesCollapsed: the frame the runs became, `of`'s frameCount()
};

// Sets t.nodeChildBegin from t.nodeParents, for nodes laid out breadth first with each
// node's children contiguous (parents never decrease).
void computeChildRanges(StackTable &t);

// Saturating signed add: huge values (2^62 appear in the wild) must not wrap.
inline int64_t addSaturating(int64_t a, int64_t b)
{
    int64_t r;
    if (__builtin_add_overflow(a, b, &r))
        return b > 0 ? INT64_MAX : INT64_MIN;
    return r;
}

// a - b, saturating: a table's sums fit (StackTable::build refuses those that do not), but
// the difference of two captures' values may not when one of them has negative values.
inline int64_t subtractSaturating(int64_t a, int64_t b)
{
    int64_t r;
    if (__builtin_sub_overflow(a, b, &r))
        return b < 0 ? INT64_MAX : INT64_MIN;
    return r;
}

// Runs `here` on this thread and `there` on a helper thread (one after the other when
// there is a single core or no thread to be had), and returns when both are done; an
// exception from either reaches the caller. The model's builders split their big passes
// in two with it.
template <typename Here, typename There> void inParallel(Here &&here, There &&there)
{
    static const bool severalCores = std::thread::hardware_concurrency() > 1;
    std::exception_ptr thrown;
    std::jthread helper;
    if (severalCores) {
        try {
            helper = std::jthread([&] {
                try {
                    there();
                } catch (...) {
                    thrown = std::current_exception();
                }
            });
        } catch (const std::system_error &) {
        }
    }
    if (!helper.joinable()) {
        here();
        there();
        return;
    }
    here(); // should this throw, the helper is joined (jthread) before the exception goes on
    helper.join();
    if (thrown)
        std::rethrow_exception(thrown);
}

} // namespace embers
