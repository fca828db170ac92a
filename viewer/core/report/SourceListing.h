// SourceListing: `go tool pprof -list=REGEX` — each matching function's source lines with
// their flat and cum, byte for byte as pprof prints them (header, ROUTINE blocks, units,
// the lines around, and pprof's errors for files it cannot find).
#pragma once

#include "FunctionTable.h"
#include "StackTable.h"

#include <QRegularExpression>

#include <string>

namespace embers {

struct ListingOptions
{
    QRegularExpression pattern; // matched, unanchored, against the function's name
    size_t column = 0;
    std::string searchPath; // pprof's -source_path; pprof uses the working folder when empty
    std::string trimPaths;  // pprof's -trim_path
};

// `stacks` at lines granularity. Empty `*error` and the listing, or pprof's message
// ("no matches found for regexp: …").
std::string formatSourceListing(const StackTable &stacks, const FunctionTable &functions,
                                const ListingOptions &options, std::string *error);

} // namespace embers
