#include "PageSources.h"

#include "LineCosts.h"
#include "Units.h"

#include <QString>

#include <algorithm>
#include <cmath>
#include <map>

namespace embers {

namespace {

std::string whyUnread(const SourceText &text)
{
    const std::string path = text.path.toStdString();
    switch (text.status) {
    case SourceText::Status::Folder:
        return path + " is a folder";
    case SourceText::Status::Special:
        return path + " is not a regular file";
    case SourceText::Status::Binary:
        return path + " is a binary file, not source text";
    case SourceText::Status::TooLarge:
        return path + " is too large";
    case SourceText::Status::Unreadable:
    case SourceText::Status::Missing:
    case SourceText::Status::Ok:
        break;
    }
    return path + " cannot be read";
}

// A line as the page shows it: at most kPageSourceLineBytes, cut where a character starts.
std::string pageLine(QByteArrayView bytes)
{
    if (size_t(bytes.size()) <= kPageSourceLineBytes)
        return std::string(bytes.data(), size_t(bytes.size()));
    size_t cut = kPageSourceLineBytes;
    while (cut > 0 && (static_cast<unsigned char>(bytes[qsizetype(cut)]) & 0xC0) == 0x80)
        --cut;
    return std::string(bytes.data(), cut) + " \u2026 " +
           std::to_string(size_t(bytes.size()) - cut) + " more bytes";
}

// The largest share of its sample type's total a block has, to spend the text cap on.
double largestShare(const PageSourceBlock &block, const std::vector<int64_t> &totals)
{
    double share = 0;
    for (size_t c = 0; c < block.functionCum.size() && c < totals.size(); ++c) {
        if (totals[c] != 0)
            share = std::max(share, std::abs(double(block.functionCum[c]) / double(totals[c])));
    }
    return share;
}

} // namespace

FoundSource readFoundSource(const SourceLookup &lookup)
{
    if (lookup.path.empty())
        return {nullptr, lookup.error};
    return {std::make_shared<const SourceText>(readSourceText(QString::fromStdString(lookup.path))),
            {}};
}

PageSources collectPageSources(const StackTable &stacks, const FunctionTable &functions,
                               const SourceFinder &find, size_t maxTextBytes)
{
    const size_t columns = stacks.columnCount();
    // Each function and file's lines in every sample type: the listed range spans them all.
    std::map<std::pair<std::string, std::string>, std::vector<FunctionSource>> byKey;
    for (size_t c = 0; c < columns; ++c) {
        for (FunctionSource &fn : functionSources(stacks, functions, c)) {
            std::vector<FunctionSource> &perColumn = byKey[{fn.name, fn.file}];
            perColumn.resize(columns);
            perColumn[c] = std::move(fn);
        }
    }
    PageSources out;
    std::map<std::string, FoundSource> read; // each file read once
    for (auto &[key, perColumn] : byKey) {
        PageSourceBlock block;
        block.name = key.first;
        block.file = key.second;
        int64_t first = INT64_MAX, last = 0;
        for (const FunctionSource &fn : perColumn) {
            if (fn.lines.empty() && fn.startLine == 0)
                continue;
            const auto [from, to] = listedRange(fn);
            first = std::min(first, from);
            last = std::max(last, to);
        }
        if (block.file.empty() || last < first)
            continue; // no source information: nothing to show
        auto found = read.find(block.file);
        if (found == read.end()) {
            FoundSource file = find(block.file);
            if (file.text && file.text->status != SourceText::Status::Ok && file.error.empty())
                file.error = whyUnread(*file.text);
            else if (!file.text && file.error.empty())
                file.error = "could not find file " + block.file;
            ++(file.error.empty() ? out.filesFound : out.filesMissing);
            found = read.emplace(block.file, std::move(file)).first;
        }
        const SourceText *text = found->second.error.empty() ? found->second.text.get() : nullptr;
        if (text) {
            block.path = text->path.toStdString();
            // pprof stops at the file's end; a costly line past it is still listed.
            int64_t lastCostly = 0;
            for (const FunctionSource &fn : perColumn)
                lastCostly =
                    fn.lines.empty() ? lastCostly : std::max(lastCostly, fn.lines.back().line);
            last = std::max(std::min<int64_t>(last, text->lineCount()), lastCostly);
            first = std::min(first, last);
        } else {
            block.why = found->second.error;
        }
        block.first = first;
        block.last = last;
        const size_t count = size_t(last - first + 1);
        block.functionFlat.resize(columns);
        block.functionCum.resize(columns);
        block.flat.assign(columns, std::vector<int64_t>(count));
        block.cum.assign(columns, std::vector<int64_t>(count));
        for (size_t c = 0; c < columns; ++c) {
            const FunctionSource &fn = perColumn[c];
            block.functionFlat[c] = fn.flat;
            block.functionCum[c] = fn.cum;
            for (const LineCost &cost : fn.lines) {
                if (cost.line >= first && cost.line <= last) {
                    block.flat[c][size_t(cost.line - first)] = cost.flat;
                    block.cum[c][size_t(cost.line - first)] = cost.cum;
                }
            }
        }
        out.blocks.push_back(std::move(block));
    }

    // The text, costliest functions first, while the cap allows.
    std::vector<size_t> order(out.blocks.size());
    std::vector<double> share(out.blocks.size());
    for (size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
        share[i] = largestShare(out.blocks[i], stacks.totals);
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return share[a] > share[b]; });
    size_t spent = 0;
    for (const size_t i : order) {
        PageSourceBlock &block = out.blocks[i];
        if (block.path.empty())
            continue;
        const SourceText &text = *read.at(block.file).text;
        std::vector<std::string> lines;
        size_t bytes = 0;
        for (int64_t n = block.first; n <= block.last; ++n) {
            lines.push_back(n <= text.lineCount() ? pageLine(text.lineBytes(int(n)))
                                                  : std::string());
            bytes += lines.back().size() + 1;
        }
        if (spent + bytes > maxTextBytes) {
            block.why = "left out: the page carries at most " +
                        units::humanValue(int64_t(maxTextBytes), "bytes") + " of source text";
            continue;
        }
        spent += bytes;
        block.text = std::move(lines);
    }
    return out;
}

} // namespace embers
