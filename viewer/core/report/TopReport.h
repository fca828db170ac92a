// TopReport: the function table as `go tool pprof -top` prints it (same rows, order,
// units, rounding and header), or as raw tab-separated integers.
#pragma once

#include "FunctionTable.h"
#include "StackTable.h"

#include <string>
#include <vector>

namespace embers {

struct TopOptions
{
    int column = 0;
    bool sortByCum = false;
    int nodeCount = 0;           // <= 0: all rows
    double nodeFraction = 0.005; // pprof's default: hide rows with |cum| below 0.5% of the total
    double edgeFraction = 0.001; // call edges lighter than this do not count for "(inline)"
    bool tsv = false;
};

struct TopRow
{
    uint32_t frame;
    int64_t flat;
    int64_t cum;
    std::string name;
    std::string inlineLabel; // "", "(inline)" or "(partial-inline)"
};

struct TopTable
{
    std::vector<TopRow> rows;
    std::vector<std::string> headerLines;
    std::string unit; // the unit values are printed in
};

TopTable buildTopTable(const StackTable &stacks, const FunctionTable &functions,
                       const TopOptions &options);
std::string formatTopReport(const StackTable &stacks, const TopTable &table,
                            const TopOptions &options);

} // namespace embers
