// CombinedStacks: one StackTable from the StackTables of several captures, frames and
// stacks matched by content (never by pprof id or address), so captures that were opened
// separately can be merged or compared without decoding them again.
//
// - Sum: the values of each column are added (a merge of the captures, as pprof merges
//   profiles: common sample types only, in the first capture's order, finest unit).
// - Apart: capture i's values go to columns [i*C, (i+1)*C), C being the common sample
//   types. One trie then holds every capture, so a node id means the same call path in
//   all of them: a diff, linked side-by-side panes and the many-captures table all read
//   the same nodes and frames.
//
// The tries are merged level by level (breadth first), so the result is a trie in the
// same breadth-first layout as a built StackTable.
#pragma once

#include "FunctionTable.h"
#include "StackTable.h"

#include <atomic>
#include <optional>
#include <span>
#include <string>

namespace embers {

enum class CombineMode { Sum, Apart };

// How the input tables went into a combined one: each input frame's combined frame,
// and each combined column's source column and unit conversion per input.
struct CombineMaps
{
    std::vector<std::vector<uint32_t>> frames; // [table][frame]
    std::vector<std::vector<size_t>> source;   // [table][column within a group]
    std::vector<std::vector<double>> ratio;    // [table][column within a group]
};

// What a combined table holds: the merged trie with every stack's values, or only the
// frames, columns and totals (a trie of the root alone, no stacks), for what reads the
// function tables only: a table of stacks kept apart holds every capture's columns on
// every row, mostly zeros, which for dozens of captures is most of the work.
enum class CombineContent { Stacks, FramesOnly };

// nullopt with *error when the tables share no sample type, their units cannot be
// converted, their granularities differ, or the work was cancelled.
std::optional<StackTable> combineStackTables(std::span<const StackTable *const> tables,
                                             CombineMode mode, std::string *error,
                                             const std::atomic_bool *cancel = nullptr,
                                             CombineMaps *maps = nullptr,
                                             CombineContent content = CombineContent::Stacks);

// The function table of a combined table from the inputs' own function tables, without
// walking the combined trie: flat and cum are sums over stacks (linear in the values)
// and a frame of an input is one frame of the combined table.
FunctionTable combineFunctionTables(std::span<const FunctionTable *const> functions,
                                    const StackTable &combined, CombineMode mode,
                                    const CombineMaps &maps);

} // namespace embers
