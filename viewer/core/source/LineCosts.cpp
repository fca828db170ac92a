#include "LineCosts.h"

#include "DiffTree.h"

#include <algorithm>
#include <map>

namespace embers {

std::vector<FunctionSource>
functionSources(const StackTable &stacks, const FunctionTable &functions, size_t column,
                const std::function<bool(uint32_t frame)> &pick,
                const std::function<std::string(std::string_view file)> &fileOf)
{
    std::map<std::pair<std::string, std::string>, FunctionSource> byNameAndFile;
    std::map<uint32_t, std::string> files; // a file name mapped once
    for (uint32_t f = 0; f < functions.frameCount() && f < stacks.frameCount(); ++f) {
        const int64_t flat = functions.flat(f, column), cum = functions.cum(f, column);
        if (flat == 0 && cum == 0)
            continue;
        if (pick && !pick(f))
            continue;
        const Frame &frame = stacks.frames[f];
        auto file = files.find(frame.file);
        if (file == files.end()) {
            const std::string &recorded = stacks.strings[frame.file];
            file =
                files.emplace(frame.file, recorded.empty() || !fileOf ? recorded : fileOf(recorded))
                    .first;
        }
        FunctionSource &fn = byNameAndFile[{stacks.strings[frame.name], file->second}];
        if (fn.frames.empty()) {
            fn.name = stacks.strings[frame.name];
            fn.file = file->second;
            fn.startLine = frame.startLine;
        } else if (frame.startLine != 0 && (fn.startLine == 0 || frame.startLine < fn.startLine)) {
            fn.startLine = frame.startLine;
        }
        fn.frames.push_back(f);
        fn.flat = addSaturating(fn.flat, flat);
        fn.cum = addSaturating(fn.cum, cum);
        fn.lines.push_back({frame.line, flat, cum});
    }
    std::vector<FunctionSource> out;
    out.reserve(byNameAndFile.size());
    for (auto &entry : byNameAndFile) {
        FunctionSource &fn = entry.second;
        std::sort(fn.lines.begin(), fn.lines.end(),
                  [](const LineCost &a, const LineCost &b) { return a.line < b.line; });
        // Frames of one line (different start lines or binaries) are one line here.
        std::vector<LineCost> merged;
        for (const LineCost &cost : fn.lines) {
            if (!merged.empty() && merged.back().line == cost.line) {
                merged.back().flat = addSaturating(merged.back().flat, cost.flat);
                merged.back().cum = addSaturating(merged.back().cum, cost.cum);
            } else {
                merged.push_back(cost);
            }
        }
        fn.lines = std::move(merged);
        out.push_back(std::move(fn));
    }
    return out;
}

std::pair<int64_t, int64_t> listedRange(const FunctionSource &function)
{
    constexpr int64_t kMargin = 5;
    if (function.lines.empty())
        return {function.startLine, function.startLine};
    const int64_t first = function.lines.front().line, last = function.lines.back().line;
    // pprof starts at the function's first line even when a costly line comes before it.
    const int64_t start = function.startLine != 0 ? function.startLine : first - kMargin;
    return {std::max<int64_t>(start, 1), last + kMargin};
}

std::vector<LineCost> fileLineCosts(const std::vector<FunctionSource> &functions,
                                    std::string_view file)
{
    std::map<int64_t, LineCost> byLine;
    for (const FunctionSource &fn : functions) {
        if (fn.file != file)
            continue;
        for (const LineCost &cost : fn.lines) {
            LineCost &sum = byLine.try_emplace(cost.line, LineCost{cost.line, 0, 0}).first->second;
            sum.flat = addSaturating(sum.flat, cost.flat);
            sum.cum = addSaturating(sum.cum, cost.cum);
        }
    }
    std::vector<LineCost> out;
    out.reserve(byLine.size());
    for (const auto &entry : byLine)
        out.push_back(entry.second);
    return out;
}

SourceFileCosts sourceFileCosts(const StackTable &stacks, const FunctionTable &functions,
                                size_t column, std::string_view name, std::string_view file)
{
    SourceFileCosts out;
    out.total = column < stacks.totals.size() ? stacks.totals[column] : 0;
    std::map<int64_t, size_t> at; // line -> index in fileLines
    std::vector<FunctionSource> inFile;
    for (FunctionSource &fn : functionSources(stacks, functions, column, {}, {})) {
        if (fn.file != file)
            continue;
        if (fn.name == name)
            out.function = fn;
        inFile.push_back(std::move(fn));
    }
    out.fileLines = fileLineCosts(inFile, file);
    out.frames.resize(out.fileLines.size());
    for (size_t i = 0; i < out.fileLines.size(); ++i)
        at[out.fileLines[i].line] = i;
    for (const FunctionSource &fn : inFile) {
        for (uint32_t f : fn.frames) {
            if (const auto line = at.find(stacks.frames[f].line); line != at.end())
                out.frames[line->second].push_back(f);
        }
    }
    if (out.function.name.empty()) {
        out.function.name = std::string(name);
        out.function.file = std::string(file);
    }
    return out;
}

std::string costliestFileOf(const StackTable &stacks, const FunctionTable &functions, size_t column,
                            std::string_view name)
{
    std::string best;
    int64_t bestCum = -1;
    auto named = [&](uint32_t f) { return stacks.strings[stacks.frames[f].name] == name; };
    for (const FunctionSource &fn : functionSources(stacks, functions, column, named)) {
        if (!fn.file.empty() && std::abs(fn.cum) > bestCum) {
            best = fn.file;
            bestCum = std::abs(fn.cum);
        }
    }
    return best;
}

SourceFileCosts sourceFileDiff(const StackTable &stacks, const FunctionTable &functions,
                               size_t baseColumn, size_t newColumn, bool normalize,
                               std::string_view name, std::string_view file)
{
    SourceFileCosts after = sourceFileCosts(stacks, functions, newColumn, name, file);
    const SourceFileCosts before = sourceFileCosts(stacks, functions, baseColumn, name, file);
    const double scale = baseScaleFor(before.total, after.total, normalize);
    auto scaled = [scale](LineCost c) {
        c.flat = scaledBy(c.flat, scale);
        c.cum = scaledBy(c.cum, scale);
        return c;
    };
    struct Row
    {
        LineCost after, before;
        std::vector<uint32_t> frames;
    };
    std::map<int64_t, Row> rows;
    for (size_t i = 0; i < after.fileLines.size(); ++i) {
        Row &r = rows[after.fileLines[i].line];
        r.after = after.fileLines[i];
        r.frames = after.frames[i];
    }
    for (size_t i = 0; i < before.fileLines.size(); ++i) {
        Row &r = rows[before.fileLines[i].line];
        r.after.line = before.fileLines[i].line;
        r.before = scaled(before.fileLines[i]);
        for (uint32_t f : before.frames[i]) {
            if (std::find(r.frames.begin(), r.frames.end(), f) == r.frames.end())
                r.frames.push_back(f);
        }
    }
    SourceFileCosts out;
    out.function = std::move(after.function);
    out.total = after.total;
    out.compared = true;
    out.baseTotal = scaledBy(before.total, scale);
    out.baseFunctionCum = scaledBy(before.function.cum, scale);
    if (out.function.startLine <= 0)
        out.function.startLine = before.function.startLine;
    for (auto &[line, r] : rows) {
        out.fileLines.push_back(r.after);
        out.baseLines.push_back(r.before);
        out.frames.push_back(std::move(r.frames));
    }
    // The function's lines in either capture (the new one's values; 0 where only the
    // base has the line): a function that is gone still has its place in the file.
    std::map<int64_t, LineCost> functionLines;
    for (const LineCost &c : out.function.lines)
        functionLines[c.line] = c;
    for (const LineCost &c : before.function.lines)
        functionLines.try_emplace(c.line, LineCost{c.line, 0, 0});
    out.function.lines.clear();
    for (const auto &[line, c] : functionLines)
        out.function.lines.push_back(c);
    return out;
}

} // namespace embers
