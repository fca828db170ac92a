#include "SourceListing.h"

#include "LineCosts.h"
#include "SourcePaths.h"
#include "SourceText.h"
#include "Units.h"

#include <cctype>
#include <cstdio>
#include <map>

namespace embers {

std::string formatSourceListing(const StackTable &stacks, const FunctionTable &functions,
                                const ListingOptions &options, std::string *error)
{
    error->clear();
    const size_t c = options.column;
    // pprof cleans up the recorded names first: its -trim_path rules, then Go's Clean.
    const auto fileOf = [&options](std::string_view file) {
        return cleanPath(pprofTrimPath(file, options.trimPaths, options.searchPath));
    };
    const auto matches = [&](uint32_t frame) {
        const QString name = QString::fromStdString(stacks.strings[stacks.frames[frame].name]);
        return options.pattern.match(name).hasMatch();
    };
    const std::vector<FunctionSource> listed =
        functionSources(stacks, functions, c, matches, fileOf);
    if (listed.empty()) {
        *error = "no matches found for regexp: " + options.pattern.pattern().toStdString();
        return {};
    }

    std::string unit = stacks.columns[c].unit;
    for (char &ch : unit)
        ch = char(std::tolower(static_cast<unsigned char>(ch)));
    const auto value = [&unit](int64_t v) { return units::scaledLabel(v, unit, "minimum"); };
    const auto valueOrDot = [&value](int64_t v) { return v == 0 ? std::string(".") : value(v); };
    const int64_t total = stacks.totals[c];

    std::map<std::string, std::vector<std::string>> read; // each file read once
    std::map<std::string, std::string> readErrors;
    std::string out = "Total: " + value(total) + "\n";
    char buf[128];
    for (size_t i = 0; i < listed.size();) {
        // One function's files; a function with none has no source information.
        size_t end = i;
        while (end < listed.size() && listed[end].name == listed[i].name)
            ++end;
        bool anyFile = false;
        for (size_t k = i; k < end; ++k)
            anyFile = anyFile || !listed[k].file.empty();
        if (!anyFile)
            out += "No source information for " + listed[i].name + "\n";
        for (size_t k = i; k < end; ++k) {
            const FunctionSource &fn = listed[k];
            if (fn.file.empty())
                continue;
            if (!read.contains(fn.file)) {
                const SourceLookup found =
                    findSourceAsPprof(fn.file, options.searchPath, options.trimPaths);
                if (found.path.empty())
                    readErrors[fn.file] = found.error;
                read[fn.file] =
                    found.path.empty() ? std::vector<std::string>() : readLinesAsPprof(found.path);
            }
            out += "ROUTINE ======================== " + fn.name + " in " + fn.file + "\n";
            std::snprintf(buf, sizeof buf, "%10s %10s (flat, cum) %s of Total\n",
                          value(fn.flat).c_str(), value(fn.cum).c_str(),
                          units::percentage(fn.cum, total).c_str());
            out += buf;
            if (const auto e = readErrors.find(fn.file); e != readErrors.end()) {
                out += " Error: " + e->second + "\n";
                continue;
            }
            const std::vector<std::string> &lines = read[fn.file];
            const auto [first, last] = listedRange(fn);
            size_t cost = 0;
            for (int64_t line = first; line <= last && line <= int64_t(lines.size()); ++line) {
                while (cost < fn.lines.size() && fn.lines[cost].line < line)
                    ++cost;
                const bool has = cost < fn.lines.size() && fn.lines[cost].line == line;
                std::snprintf(buf, sizeof buf,
                              "%10s %10s %6lld:", valueOrDot(has ? fn.lines[cost].flat : 0).c_str(),
                              valueOrDot(has ? fn.lines[cost].cum : 0).c_str(),
                              static_cast<long long>(line));
                out += buf;
                out += lines[size_t(line - 1)];
                out += '\n';
            }
        }
        i = end;
    }
    return out;
}

} // namespace embers
