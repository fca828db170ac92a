#include "StackTable.h"

#include "LargeArrays.h"

#include <algorithm>
#include <cctype>
#include <cinttypes>
#include <cstdio>

namespace embers {

namespace {

std::string baseName(const std::string &path)
{
    size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

} // namespace

std::optional<Granularity> granularityFromName(std::string_view name)
{
    if (name == "functions")
        return Granularity::Functions;
    if (name == "filefunctions")
        return Granularity::FileFunctions;
    if (name == "lines")
        return Granularity::Lines;
    if (name == "addresses")
        return Granularity::Addresses;
    return std::nullopt;
}

std::string StackTable::frameName(uint32_t frame) const
{
    const Frame &f = frames[frame & kFrameMask];
    std::string out;
    auto add = [&](const std::string &part) {
        if (!out.empty())
            out += ' ';
        out += part;
    };
    if (f.address != 0) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%016" PRIx64, f.address);
        add(buf);
    }
    const std::string &name = strings[f.name];
    if (!name.empty())
        add(name);
    if (f.line != 0)
        add(strings[f.file] + ":" + std::to_string(f.line));
    else if (f.file != 0)
        add(strings[f.file]);
    else if (!name.empty())
        ;
    else if (f.objfile != 0)
        add("[" + baseName(strings[f.objfile]) + "]");
    else
        add("<unknown>");
    return out;
}

void StackTable::stackFrames(size_t stack, std::vector<uint32_t> &out) const
{
    out.clear();
    for (uint32_t node = stackNodes[stack]; node != kRoot; node = nodeParents[node])
        out.push_back(nodeFrames[node]);
    std::reverse(out.begin(), out.end());
}

int StackTable::columnByName(std::string_view name, std::string *error) const
{
    if (name.empty())
        return defaultColumn;
    int number = -1;
    bool numeric = !name.empty() && std::all_of(name.begin(), name.end(),
                                                [](char c) { return c >= '0' && c <= '9'; });
    if (numeric && name.size() < 9)
        number = std::stoi(std::string(name));
    if (numeric) {
        if (number >= 0 && size_t(number) < columns.size())
            return number;
    } else {
        std::string_view noInuse = name;
        if (noInuse.starts_with("inuse_"))
            noInuse.remove_prefix(6);
        for (size_t i = 0; i < columns.size(); ++i) {
            if (columns[i].type == name || columns[i].type == noInuse)
                return int(i);
        }
    }
    if (error) {
        std::string known;
        for (size_t i = 0; i < columns.size(); ++i)
            known += (i ? ", " : "") + columns[i].type;
        *error = "sample type \"" + std::string(name) + "\" not found; the profile has: " + known;
    }
    return -1;
}

int StackTable::countColumnFor(size_t shown) const
{
    if (shown >= columns.size())
        return -1;
    auto lower = [](std::string_view s) {
        std::string out(s);
        for (char &c : out)
            c = char(std::tolower(static_cast<unsigned char>(c)));
        return out;
    };
    auto prefix = [](std::string_view type) { return type.substr(0, type.find('_')); };
    if (lower(columns[shown].unit) == "count")
        return -1;
    const std::string shownType = lower(columns[shown].type);
    const size_t perGroup = columnsPerGroup(), first = shown / perGroup * perGroup;
    int paired = -1;
    for (size_t c = first; c < first + perGroup; ++c) {
        if (c == shown || lower(columns[c].unit) != "count")
            continue;
        const std::string type = lower(columns[c].type);
        if (type == "samples" || type == "sample")
            return int(c);
        if (paired < 0 && prefix(type) == prefix(shownType))
            paired = int(c);
    }
    return paired;
}

void computeChildRanges(StackTable &t)
{
    const size_t n = t.nodeParents.size();
    assignLarge<uint32_t>(t.nodeChildBegin, n + 1, 0);
    for (size_t node = 1; node < n; ++node)
        ++t.nodeChildBegin[t.nodeParents[node] + 1];
    t.nodeChildBegin[0] = 1;
    for (size_t node = 1; node <= n; ++node)
        t.nodeChildBegin[node] += t.nodeChildBegin[node - 1];
}

} // namespace embers
