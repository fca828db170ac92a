// PageSources: the source lines a capture's web page carries when asked to (`--with-source`),
// for its Source panel: per function and file, the lines `go tool pprof -list` prints, with
// their flat and cum in every sample type, and the text where the file was found. Source
// code can be private, so a page has none unless the user asks; the text is capped, the
// costliest functions' first.
#pragma once

#include "FunctionTable.h"
#include "SourcePaths.h"
#include "SourceText.h"
#include "SourceTokens.h"
#include "StackTable.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace embers {

struct PageToken
{
    uint32_t start = 0, length = 0;
    TokenKind kind = TokenKind::Keyword;
};

struct PageSourceBlock
{
    std::string name; // the function
    std::string file; // as recorded
    std::string path; // where it was read; empty when not found
    std::string why;  // why there is no text: pprof's error, or the page's size cap
    // The lines shown, ascending: pprof's -list range with the text (around each costly
    // line when that range is too long for a function), the costly lines without it.
    std::vector<int64_t> lines;
    std::vector<std::string> text; // one per shown line, or none
    // The text's highlighting, as the window's: per text line its number of tokens, and
    // the tokens one line after another (offsets in UTF-16 code units of the line).
    std::vector<uint32_t> tokenCount;
    std::vector<PageToken> tokens;
    // Per sample type: the function's flat and cum, and each shown line's.
    std::vector<int64_t> functionFlat, functionCum;
    std::vector<std::vector<int64_t>> flat, cum; // [column][shown line]
};

struct PageSources
{
    std::vector<PageSourceBlock> blocks; // by function name, then file
    size_t filesFound = 0, filesMissing = 0;
};

// A recorded file's text, or why there is none.
struct FoundSource
{
    std::shared_ptr<const SourceText> text; // null when not found
    std::string error;                      // when not found, or not readable as text
};
// Where a recorded file is read from: pprof's rules for the command line, the window's
// wider search (and a source map's embedded text) in the app. Called on the caller's
// thread, once per file.
using SourceFinder = std::function<FoundSource(std::string_view recorded)>;

// `lookup`'s file read for showing (SourceText's checks), or its error.
FoundSource readFoundSource(const SourceLookup &lookup);

class SourceMapSet;
// A remapped frame's original as one of `maps` embeds it (sourcesContent: the text the
// bundle was built from); no text when none has it.
FoundSource embeddedSource(const SourceMapSet *maps, std::string_view recorded);

// Lines cut at this many bytes keep their start and say so: a minified bundle's line is
// megabytes.
constexpr size_t kPageSourceLineBytes = 1000;

constexpr size_t kPageSourceTextBytes = 16u << 20;

// One column of a page's line costs: a table at lines granularity and one of its sample
// types, its values times `scale` (a normalised diff's base).
struct SourceColumn
{
    const StackTable *stacks = nullptr;
    const FunctionTable *functions = nullptr;
    size_t column = 0;
    double scale = 1;
};

// The sources of every function with a cost in any of `columns`, grouped by function and
// file as `fileOf` names files (as recorded without it: pprof's -trim_path for a diff of
// captures built in different folders), with at most `maxTextBytes` of text.
PageSources collectPageSources(const std::vector<SourceColumn> &columns, const SourceFinder &find,
                               const std::function<std::string(std::string_view)> &fileOf = {},
                               size_t maxTextBytes = kPageSourceTextBytes);

// Every sample type of `stacks` (at lines granularity), files as recorded.
PageSources collectPageSources(const StackTable &stacks, const FunctionTable &functions,
                               const SourceFinder &find,
                               size_t maxTextBytes = kPageSourceTextBytes);

} // namespace embers
