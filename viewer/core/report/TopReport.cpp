#include "TopReport.h"

#include "Units.h"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <unordered_map>

namespace embers {

namespace {

int64_t abs64(int64_t v)
{
    return v < 0 ? (v == INT64_MIN ? INT64_MAX : -v) : v;
}

std::string lower(std::string s)
{
    for (char &c : s)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// "Jan 2, 2006 at 3:04pm (MST)" in local time, as pprof prints it.
std::string formatTime(int64_t nanos)
{
    time_t seconds = time_t(nanos / 1000000000);
    struct tm tm;
    localtime_r(&seconds, &tm);
    static const char *const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    int hour = tm.tm_hour % 12;
    if (hour == 0)
        hour = 12;
    char buf[96];
    std::snprintf(buf, sizeof buf, "%s %d, %d at %d:%02d%s (%s)", months[tm.tm_mon], tm.tm_mday,
                  tm.tm_year + 1900, hour, tm.tm_min, tm.tm_hour < 12 ? "am" : "pm",
                  tm.tm_zone ? tm.tm_zone : "");
    return buf;
}

std::string baseName(const std::string &path)
{
    size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// pprof marks a row "(inline)" when every call edge into it is an inlined call, and
// "(partial-inline)" when some are. Edges are taken between the rows that are shown,
// and edges lighter than the cutoff do not count (pprof trims them first). pprof counts
// an edge once per stack that holds it, with the flag of its first (rootmost) call: one
// walk of the trie, where a node whose edge is not open above it stands for every stack
// below it, does that without visiting each stack's path.
void computeInlineLabels(const StackTable &stacks, size_t column, int64_t edgeCutoff,
                         std::vector<TopRow> &rows)
{
    std::vector<int32_t> rowOf(stacks.frameCount(), -1);
    for (size_t r = 0; r < rows.size(); ++r)
        rowOf[rows[r].frame] = int32_t(r);

    // Each subtree's summed value, whether a stack of nonzero value ends in it (the
    // stacks pprof sees: a subtree summing to zero may still hold some), and whether it
    // holds a shown row (no edge starts in one that does not). Parents come before their
    // children in the trie's order.
    constexpr uint8_t kLive = 1, kShown = 2;
    const size_t nodes = stacks.nodeCount();
    std::vector<int64_t> weight(nodes, 0);
    std::vector<uint8_t> holds(nodes, 0);
    for (size_t s = 0; s < stacks.stackCount(); ++s) {
        const int64_t w = stacks.value(s, column);
        const uint32_t n = stacks.stackNodes[s];
        weight[n] = addSaturating(weight[n], w);
        holds[n] |= w != 0 ? kLive : 0;
    }
    for (size_t n = nodes; n-- > 1;) {
        if (rowOf[stacks.nodeFrame(uint32_t(n)) & kFrameMask] >= 0)
            holds[n] |= kShown;
        const uint32_t p = stacks.nodeParent(uint32_t(n));
        weight[p] = addSaturating(weight[p], weight[n]);
        holds[p] |= holds[n];
    }

    struct EdgeState
    {
        bool inlined;
        int64_t weight;
        uint32_t open; // how many times it is on the path being walked
    };
    std::unordered_map<uint64_t, EdgeState> edges;
    struct Visit
    {
        uint32_t node, nextChild;
        int32_t shownRow;  // the nearest shown row on the path, this node included
        EdgeState *opened; // the edge this node opened, closed when it is left
    };
    std::vector<Visit> path{{StackTable::kRoot, stacks.firstChild(StackTable::kRoot), -1, nullptr}};
    while (!path.empty()) {
        Visit &top = path.back();
        if (top.nextChild == stacks.childEnd(top.node)) {
            if (top.opened)
                --top.opened->open;
            path.pop_back();
            continue;
        }
        const uint32_t node = top.nextChild++;
        if (holds[node] != (kLive | kShown))
            continue;
        const uint32_t frame = stacks.nodeFrame(node);
        const int32_t above = top.shownRow, row = rowOf[frame & kFrameMask];
        EdgeState *opened = nullptr;
        if (row >= 0 && above >= 0 && row != above) {
            const uint64_t key = (uint64_t(uint32_t(above)) << 32) | uint32_t(row);
            const bool inlined = (frame & kInlineBit) != 0;
            const auto e = edges.try_emplace(key, EdgeState{inlined, 0, 0}).first;
            if (e->second.open == 0) { // the rootmost call of this edge in these stacks
                e->second.inlined = e->second.inlined && inlined;
                e->second.weight = addSaturating(e->second.weight, weight[node]);
            }
            ++e->second.open;
            opened = &e->second;
        }
        path.push_back({node, stacks.firstChild(node), row >= 0 ? row : above, opened});
    }

    std::vector<uint8_t> kinds(rows.size(), 0); // bit 0: inline in-edge, bit 1: other
    for (const auto &[key, e] : edges) {
        if (abs64(e.weight) >= edgeCutoff)
            kinds[uint32_t(key)] |= e.inlined ? 1 : 2;
    }
    for (size_t r = 0; r < rows.size(); ++r) {
        if (kinds[r] == 1)
            rows[r].inlineLabel = "(inline)";
        else if (kinds[r] == 3)
            rows[r].inlineLabel = "(partial-inline)";
        else
            rows[r].inlineLabel.clear();
    }
}

} // namespace

TopTable buildTopTable(const StackTable &stacks, const FunctionTable &functions,
                       const TopOptions &options)
{
    TopTable table;
    const size_t c = size_t(options.column);
    const int64_t total = stacks.totals[c];
    const std::string sampleUnit = lower(stacks.columns[c].unit);

    std::vector<TopRow> rows;
    int64_t flatSum = 0;
    for (uint32_t f = 0; f < functions.frameCount(); ++f) {
        int64_t flat = functions.flat(f, c), cum = functions.cum(f, c);
        if (flat == 0 && cum == 0)
            continue;
        flatSum = addSaturating(flatSum, flat);
        rows.push_back({f, flat, cum, stacks.frameName(f), {}});
    }

    // Drop rows whose |cum| is below the node fraction of the summed flat values.
    size_t dropped = 0;
    int64_t cutoff = abs64(int64_t(double(flatSum) * options.nodeFraction));
    if (cutoff > 0) {
        size_t before = rows.size();
        std::erase_if(rows, [&](const TopRow &r) { return abs64(r.cum) < cutoff; });
        dropped = before - rows.size();
    }
    const size_t shownBeforeCount = rows.size();

    auto byFlat = [](const TopRow &a, const TopRow &b) {
        if (abs64(a.flat) != abs64(b.flat))
            return abs64(a.flat) > abs64(b.flat);
        if (a.name != b.name)
            return a.name < b.name;
        if (abs64(a.cum) != abs64(b.cum))
            return abs64(a.cum) > abs64(b.cum);
        return a.frame < b.frame;
    };
    auto byCum = [](const TopRow &a, const TopRow &b) {
        if (abs64(a.cum) != abs64(b.cum))
            return abs64(a.cum) > abs64(b.cum);
        if (a.name != b.name)
            return a.name < b.name;
        if (abs64(a.flat) != abs64(b.flat))
            return abs64(a.flat) > abs64(b.flat);
        return a.frame < b.frame;
    };
    if (options.sortByCum)
        std::sort(rows.begin(), rows.end(), byCum);
    else
        std::sort(rows.begin(), rows.end(), byFlat);
    if (options.nodeCount > 0 && rows.size() > size_t(options.nodeCount))
        rows.resize(size_t(options.nodeCount));
    computeInlineLabels(stacks, c, abs64(int64_t(double(flatSum) * options.edgeFraction)), rows);

    // One unit for the whole table, chosen from the smallest value shown (with no row,
    // pprof scales each value on its own).
    int64_t minValue = 0;
    for (const TopRow &r : rows) {
        int64_t v = abs64(r.flat) ? abs64(r.flat) : abs64(r.cum);
        if (v > 0 && (minValue == 0 || v < minValue))
            minValue = v;
    }
    table.unit = rows.empty() ? "minimum" : units::reportUnit(minValue, total, sampleUnit);
    auto format = [&](int64_t v) { return units::scaledLabel(v, sampleUnit, table.unit); };

    // Header, as pprof writes it.
    std::vector<std::string> &h = table.headerLines;
    const CaptureHeader &ch = stacks.header;
    if (!ch.mainBinary.empty())
        h.push_back("File: " + baseName(ch.mainBinary));
    if (!ch.buildId.empty())
        h.push_back("Build ID: " + ch.buildId);
    for (const std::string &comment : ch.comments) {
        if (!comment.starts_with("#"))
            h.push_back(comment);
    }
    h.push_back("Type: " + stacks.columns[c].type);
    if (ch.timeNanos != 0)
        h.push_back("Time: " + formatTime(ch.timeNanos));
    if (ch.durationNanos != 0) {
        std::string ratio;
        units::Scaled nanos = units::scale(total, sampleUnit, "nanoseconds");
        if (nanos.unit == "ns" && nanos.value != 0)
            ratio = "(" + units::percentage(int64_t(nanos.value), ch.durationNanos) + ")";
        h.push_back("Duration: " + units::scaledLabel(ch.durationNanos, "nanoseconds", "auto") +
                    ", Total samples = " + format(total) + " " + ratio);
    }
    int64_t shownFlat = 0;
    for (const TopRow &r : rows)
        shownFlat += r.flat;
    std::string pct = units::percentage(shownFlat, total);
    pct.erase(0, pct.find_first_not_of(' '));
    h.push_back("Showing nodes accounting for " + format(shownFlat) + ", " + pct + " of " +
                format(total) + " total");
    if (total != 0) {
        if (dropped > 0) {
            h.push_back("Dropped " + std::to_string(dropped) + (dropped == 1 ? " node" : " nodes") +
                        " (cum <= " + format(abs64(int64_t(double(total) * options.nodeFraction))) +
                        ")");
        }
        if (!rows.empty() && rows.size() < shownBeforeCount)
            h.push_back("Showing top " + std::to_string(rows.size()) + " nodes out of " +
                        std::to_string(shownBeforeCount));
    }
    table.rows = std::move(rows);
    return table;
}

std::string formatTopReport(const StackTable &stacks, const TopTable &table,
                            const TopOptions &options)
{
    const size_t c = size_t(options.column);
    std::string out;
    if (options.tsv) {
        out = "flat\tcum\tname\n";
        for (const TopRow &r : table.rows)
            out += std::to_string(r.flat) + "\t" + std::to_string(r.cum) + "\t" + r.name + "\n";
        return out;
    }
    const int64_t total = stacks.totals[c];
    const std::string sampleUnit = lower(stacks.columns[c].unit);
    for (const std::string &line : table.headerLines)
        out += line + "\n";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%10s %5s%% %5s%% %10s %5s%%\n", "flat", "flat", "sum", "cum",
                  "cum");
    out += buf;
    int64_t flatSum = 0;
    for (const TopRow &r : table.rows) {
        flatSum = addSaturating(flatSum, r.flat);
        std::string flat = units::scaledLabel(r.flat, sampleUnit, table.unit);
        std::string cum = units::scaledLabel(r.cum, sampleUnit, table.unit);
        char line[128];
        std::snprintf(line, sizeof line, "%10s %s %s %10s %s  ", flat.c_str(),
                      units::percentage(r.flat, total).c_str(),
                      units::percentage(flatSum, total).c_str(), cum.c_str(),
                      units::percentage(r.cum, total).c_str());
        out += line;
        out += r.name;
        if (!r.inlineLabel.empty())
            out += " " + r.inlineLabel;
        out += "\n";
    }
    return out;
}

} // namespace embers
