#include "PageSources.h"

#include "DiffTree.h"
#include "LineCosts.h"
#include "SourceMapRemap.h"
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

// The largest share of its column's total a block has, to spend the text cap on.
double largestShare(const PageSourceBlock &block, const std::vector<SourceColumn> &columns)
{
    double share = 0;
    for (size_t c = 0; c < block.functionCum.size() && c < columns.size(); ++c) {
        const std::vector<int64_t> &totals = columns[c].stacks->totals;
        const int64_t total = columns[c].column < totals.size()
                                  ? scaledBy(totals[columns[c].column], columns[c].scale)
                                  : 0;
        if (total != 0)
            share = std::max(share, std::abs(double(block.functionCum[c]) / double(total)));
    }
    return share;
}

// The lines a block shows: with the file's text, pprof's listed range (from the function's
// first line, or 5 before its first costly one, to 5 after its last), or, for a range too
// long to be a function (a hostile line number), 5 lines around each costly one; without
// it, the costly lines alone. A costly line is always shown, even past the file's end.
std::vector<int64_t> shownLines(const std::vector<int64_t> &costly, int64_t startLine,
                                const SourceText *text)
{
    constexpr int64_t kContext = 5, kWholeRange = 2000;
    std::vector<int64_t> rows = costly;
    if (text) {
        const int64_t end = text->lineCount();
        const int64_t first =
            startLine > 0 ? startLine : std::max<int64_t>(costly.front() - kContext, 1);
        const int64_t last = std::min(costly.back() + kContext, end);
        if (last - first < kWholeRange) {
            for (int64_t n = first; n <= last; ++n)
                rows.push_back(n);
        } else {
            for (const int64_t line : costly) {
                for (int64_t n = std::max<int64_t>(line - kContext, 1);
                     n <= std::min(line + kContext, end); ++n)
                    rows.push_back(n);
            }
        }
    }
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    return rows;
}

} // namespace

FoundSource readFoundSource(const SourceLookup &lookup)
{
    if (lookup.path.empty())
        return {nullptr, lookup.error};
    return {std::make_shared<const SourceText>(readSourceText(QString::fromStdString(lookup.path))),
            {}};
}

FoundSource embeddedSource(const SourceMapSet *maps, std::string_view recorded)
{
    const QByteArray embedded = maps ? maps->sourceContent(recorded) : QByteArray();
    if (embedded.isNull())
        return {};
    return {std::make_shared<const SourceText>(sourceTextFromBytes(
                embedded, QString::fromUtf8(recorded.data(), qsizetype(recorded.size())))),
            {}};
}

PageSources collectPageSources(const StackTable &stacks, const FunctionTable &functions,
                               const SourceFinder &find, size_t maxTextBytes)
{
    std::vector<SourceColumn> columns;
    for (size_t c = 0; c < stacks.columnCount(); ++c)
        columns.push_back({&stacks, &functions, c, 1});
    return collectPageSources(columns, find, {}, maxTextBytes);
}

PageSources collectPageSources(const std::vector<SourceColumn> &sourceColumns,
                               const SourceFinder &find,
                               const std::function<std::string(std::string_view)> &fileOf,
                               size_t maxTextBytes)
{
    // SourceText numbers its lines with ints; a line past that is no line of a file.
    constexpr int64_t kLastLine = INT32_MAX;
    const size_t columns = sourceColumns.size();
    // Each function and file's lines in every column: a block shows them all.
    std::map<std::pair<std::string, std::string>, std::vector<FunctionSource>> byKey;
    // The files as recorded, for the finder: `fileOf` names them for grouping only (a source
    // map knows a remapped file by its recorded name).
    std::map<std::string, std::string> recordedFile;
    for (size_t c = 0; c < columns; ++c) {
        const SourceColumn &in = sourceColumns[c];
        for (FunctionSource &fn :
             functionSources(*in.stacks, *in.functions, in.column, {}, fileOf)) {
            if (!fn.frames.empty())
                recordedFile.try_emplace(fn.file,
                                         in.stacks->strings[in.stacks->frames[fn.frames[0]].file]);
            if (in.scale != 1) {
                fn.flat = scaledBy(fn.flat, in.scale);
                fn.cum = scaledBy(fn.cum, in.scale);
                for (LineCost &cost : fn.lines) {
                    cost.flat = scaledBy(cost.flat, in.scale);
                    cost.cum = scaledBy(cost.cum, in.scale);
                }
            }
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
        std::vector<int64_t> costly;
        int64_t startLine = 0;
        for (const FunctionSource &fn : perColumn) {
            for (const LineCost &cost : fn.lines) {
                if (cost.line >= 1 && cost.line <= kLastLine)
                    costly.push_back(cost.line);
            }
            if (fn.startLine >= 1 && fn.startLine <= kLastLine &&
                (startLine == 0 || fn.startLine < startLine))
                startLine = fn.startLine;
        }
        if (block.file.empty() || costly.empty())
            continue; // no source information: nothing to show
        std::sort(costly.begin(), costly.end());
        auto found = read.find(block.file);
        if (found == read.end()) {
            const auto recorded = recordedFile.find(block.file);
            FoundSource file = find(recorded == recordedFile.end() ? block.file : recorded->second);
            if (file.text && file.text->status != SourceText::Status::Ok && file.error.empty())
                file.error = whyUnread(*file.text);
            else if (!file.text && file.error.empty())
                file.error = "could not find file " + block.file;
            ++(file.error.empty() ? out.filesFound : out.filesMissing);
            found = read.emplace(block.file, std::move(file)).first;
        }
        const SourceText *text = found->second.error.empty() ? found->second.text.get() : nullptr;
        if (text)
            block.path = text->path.toStdString();
        else
            block.why = found->second.error;
        block.lines = shownLines(costly, startLine, text);
        block.functionFlat.resize(columns);
        block.functionCum.resize(columns);
        block.flat.assign(columns, std::vector<int64_t>(block.lines.size()));
        block.cum.assign(columns, std::vector<int64_t>(block.lines.size()));
        for (size_t c = 0; c < columns; ++c) {
            const FunctionSource &fn = perColumn[c];
            block.functionFlat[c] = fn.flat;
            block.functionCum[c] = fn.cum;
            for (const LineCost &cost : fn.lines) {
                const auto row =
                    std::lower_bound(block.lines.begin(), block.lines.end(), cost.line);
                if (row != block.lines.end() && *row == cost.line) {
                    block.flat[c][size_t(row - block.lines.begin())] = cost.flat;
                    block.cum[c][size_t(row - block.lines.begin())] = cost.cum;
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
        share[i] = largestShare(out.blocks[i], sourceColumns);
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return share[a] > share[b]; });
    size_t spent = 0;
    // Each file's language and the state each of its lines starts in, found once.
    std::map<std::string, std::pair<SourceLanguage, std::vector<SourceLineState>>> states;
    for (const size_t i : order) {
        PageSourceBlock &block = out.blocks[i];
        if (block.path.empty())
            continue;
        const SourceText &text = *read.at(block.file).text;
        std::vector<std::string> lines;
        size_t bytes = 0;
        for (const int64_t n : block.lines) {
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
        auto known = states.find(block.file);
        if (known == states.end()) {
            const SourceLanguage language = languageForPath(text.path);
            known =
                states
                    .emplace(block.file, std::pair(language, language == SourceLanguage::Plain
                                                                 ? std::vector<SourceLineState>()
                                                                 : lineEntryStates(text, language)))
                    .first;
        }
        const auto &[language, entry] = known->second;
        if (language != SourceLanguage::Plain) {
            const TokenSink sink = [&block](int start, int length, TokenKind kind) {
                block.tokens.push_back({uint32_t(start), uint32_t(length), kind});
            };
            for (size_t row = 0; row < lines.size(); ++row) {
                const size_t before = block.tokens.size();
                const auto n = size_t(block.lines[row]);
                if (n <= entry.size())
                    scanSourceLine(QString::fromStdString(lines[row]), entry[n - 1], language,
                                   &sink);
                block.tokenCount.push_back(uint32_t(block.tokens.size() - before));
            }
        }
        block.text = std::move(lines);
    }
    return out;
}

} // namespace embers
