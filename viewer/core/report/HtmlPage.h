// HtmlPage: a capture as one self-contained interactive web page, for people without
// Embers. Everything is inline (script, style, data) and the page fetches nothing.
//
// The data is the model, packed: strings and frames once, the call tree as the
// StackTable's trie (each node's parent as a step from the previous node's, which the
// breadth-first order keeps small), the stacks' values per sample type and the function
// table's flat and cum. Names and what describes the arrays are JSON; the arrays are one
// binary blob, gzip'd and in base64, that the browser inflates (DecompressionStream) and
// views as typed arrays without parsing. Colours come from FrameColors, so the page's
// boxes are the window's. The page's script (report/page/page.js) draws the flame graph
// and the table from it; it computes no number the model has, except each node's total
// from the stacks, as CallTree does.
//
// Names are data, never markup: they travel as JSON in a script element that does not
// run, with every '<', '>' and '&' escaped and invalid UTF-8 replaced; the script puts
// them into the page only as text. A content security policy forbids every load.
#pragma once

#include "DiffTree.h"
#include "FunctionDiff.h"
#include "FunctionTable.h"
#include "PageSources.h"
#include "StackTable.h"

#include <string>
#include <utility>
#include <vector>

namespace embers {

struct HtmlPageInfo
{
    std::string title; // the capture's name
    // The profile's summary, label and value, in the order shown.
    std::vector<std::pair<std::string, std::string>> summary;
    // The page's words in the exporter's language (pageTexts()), and its BCP 47 name.
    std::vector<std::pair<std::string, std::string>> texts = {};
    std::string language = "en";
};

// The summary the window's header shows: files, sample types, duration, time, binary,
// comments, frames and stacks.
std::vector<std::pair<std::string, std::string>> pageSummary(const StackTable &stacks,
                                                             const std::vector<std::string> &files);

// One capture: the flame graph and function table in every sample type, `column` first;
// with `sources` (collected at lines granularity, in the same sample types), a Source
// panel for each function that has some.
std::string formatProfilePage(const StackTable &stacks, const FunctionTable &functions,
                              size_t column, const HtmlPageInfo &info,
                              const PageSources *sources = nullptr);

// Two captures compared in one sample type: the differential flame graph (boxes by
// |before| + |after|, coloured by change, noise faint) and the diff table; with `sources`
// (two columns: the base's lines, scaled as the diff scales it, and the new capture's), a
// Source panel of each line before, after and its change.
std::string formatDiffPage(const DiffTree &diff, const FunctionDiff &functions,
                           const HtmlPageInfo &info, const PageSources *sources = nullptr);

} // namespace embers
