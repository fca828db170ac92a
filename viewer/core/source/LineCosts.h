// LineCosts: flat and cum per source line, from a table at lines granularity (one frame
// per function, file and line; inlined code is a frame of its own at its own line), grouped
// as pprof's -list groups them: by function name, then by file.
#pragma once

#include "FunctionTable.h"
#include "StackTable.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace embers {

struct LineCost
{
    int64_t line = 0;
    int64_t flat = 0;
    int64_t cum = 0;
};

struct FunctionSource
{
    std::string name;
    std::string file;      // as `fileOf` gives it; empty when the profile names none
    int64_t startLine = 0; // the function's first line; 0 when the profile does not say
    int64_t flat = 0, cum = 0;
    std::vector<LineCost> lines;  // one per line with a cost, ascending
    std::vector<uint32_t> frames; // the table's frames at those lines
};

// The functions whose frames `pick` accepts (all when empty), sorted by name then file.
// Frames with neither flat nor cum in `column` are left out, as pprof leaves them.
std::vector<FunctionSource>
functionSources(const StackTable &stacks, const FunctionTable &functions, size_t column,
                const std::function<bool(uint32_t frame)> &pick = {},
                const std::function<std::string(std::string_view file)> &fileOf = {});

// The lines pprof's -list prints for one function: from its first line (or 5 before its
// first costly line) to 5 after its last.
std::pair<int64_t, int64_t> listedRange(const FunctionSource &function);

// A file's lines with a cost, over all of its functions, summed per line.
std::vector<LineCost> fileLineCosts(const std::vector<FunctionSource> &functions,
                                    std::string_view file);

// What the window's source pane shows for one function: its own lines, every costly line
// of its file (all functions there), and the frames at each of those lines (to select them
// in the graphs).
struct SourceFileCosts
{
    FunctionSource function;                   // empty lines when the function has no cost
    std::vector<LineCost> fileLines;           // ascending
    std::vector<std::vector<uint32_t>> frames; // per fileLines entry
    int64_t total = 0;                         // the whole profile's, for shares

    // A comparison (sourceFileDiff): the values above are the new capture's, these the
    // base's, scaled as the diff scales them (normalised: to the new total).
    bool compared = false;
    std::vector<LineCost> baseLines; // per fileLines entry (0 where the base has none)
    int64_t baseFunctionCum = 0;
    int64_t baseTotal = 0;
};
SourceFileCosts sourceFileCosts(const StackTable &stacks, const FunctionTable &functions,
                                size_t column, std::string_view name, std::string_view file);

// The file of function `name` where it costs most in `column` (a frame at functions
// granularity has no file; its lines may be in several); empty when it has none.
std::string costliestFileOf(const StackTable &stacks, const FunctionTable &functions, size_t column,
                            std::string_view name);

// The same for two captures on one table (a Comparison's, at lines granularity): every
// line costly in either, with its values before (`baseColumn`, times baseScaleFor(...,
// normalize)) and after (`newColumn`). A line only the base has is still listed, with 0
// after; function.lines spans both, for the function's range.
SourceFileCosts sourceFileDiff(const StackTable &stacks, const FunctionTable &functions,
                               size_t baseColumn, size_t newColumn, bool normalize,
                               std::string_view name, std::string_view file);

} // namespace embers
