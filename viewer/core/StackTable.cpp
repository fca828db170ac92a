#include "StackTable.h"

#include "PprofNames.h"
#include "Units.h"

#include <QRegularExpression>
#include <QString>

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <span>
#include <unordered_map>

namespace embers {

namespace {

// Go's filepath.Clean, which pprof applies to source file names.
std::string cleanPath(std::string_view path)
{
    if (path.empty())
        return ".";
    bool rooted = path.front() == '/';
    std::vector<std::string_view> parts;
    size_t i = 0;
    while (i < path.size()) {
        size_t j = path.find('/', i);
        if (j == std::string_view::npos)
            j = path.size();
        std::string_view part = path.substr(i, j - i);
        i = j + 1;
        if (part.empty() || part == ".")
            continue;
        if (part == "..") {
            if (!parts.empty() && parts.back() != "..")
                parts.pop_back();
            else if (!rooted)
                parts.push_back(part);
            continue;
        }
        parts.push_back(part);
    }
    std::string out = rooted ? "/" : "";
    for (size_t k = 0; k < parts.size(); ++k) {
        if (k)
            out += '/';
        out += parts[k];
    }
    return out.empty() ? "." : out;
}

std::string baseName(const std::string &path)
{
    size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

uint64_t hashFrame(const Frame &f)
{
    uint64_t h = mix64(f.name ^ (uint64_t(f.file) << 32));
    h = mix64(h ^ f.objfile ^ (uint64_t(f.line) << 20));
    return mix64(h ^ uint64_t(f.startLine) ^ (f.address * 31));
}

// Frames by content: open addressing over indices into the frame table. Each slot keeps
// a tag of the hash, so that a probe rarely reads a frame it does not want; a node-based
// map would cost a scattered allocation per frame and a cache miss per lookup.
class FrameIndex
{
public:
    explicit FrameIndex(std::vector<Frame> &frames) : m_frames(frames) {}

    uint32_t intern(const Frame &f)
    {
        if ((m_frames.size() + 1) * 2 > m_slots.size())
            grow();
        const uint64_t h = hashFrame(f);
        const uint32_t tag = uint32_t(h >> 32);
        const size_t mask = m_slots.size() - 1;
        for (size_t i = h & mask;; i = (i + 1) & mask) {
            Slot &s = m_slots[i];
            if (s.index == kEmpty) {
                s = {tag, uint32_t(m_frames.size())};
                m_frames.push_back(f);
                return s.index;
            }
            if (s.tag == tag && m_frames[s.index] == f)
                return s.index;
        }
    }

private:
    static constexpr uint32_t kEmpty = 0xFFFFFFFFu;
    struct Slot
    {
        uint32_t tag = 0;
        uint32_t index = kEmpty;
    };

    void grow()
    {
        m_slots.assign(std::max<size_t>(1024, m_slots.size() * 2), Slot{});
        const size_t mask = m_slots.size() - 1;
        for (uint32_t index = 0; index < m_frames.size(); ++index) {
            const uint64_t h = hashFrame(m_frames[index]);
            size_t i = h & mask;
            while (m_slots[i].index != kEmpty)
                i = (i + 1) & mask;
            m_slots[i] = {uint32_t(h >> 32), index};
        }
    }

    std::vector<Frame> &m_frames;
    std::vector<Slot> m_slots;
};

// How one profile's columns map onto the merged columns.
struct ColumnMap
{
    std::vector<int> source;   // merged column -> profile column
    std::vector<double> ratio; // unit conversion to the merged unit
};

bool mergeColumns(const std::vector<ProfilePtr> &profiles, std::vector<SampleColumn> &columns,
                  std::vector<ColumnMap> &maps, std::string *error)
{
    const Profile &first = *profiles.front();
    for (const ValueType &vt : first.sampleTypes) {
        const std::string &type = first.str(vt.type);
        bool everywhere = true;
        for (const ProfilePtr &p : profiles) {
            bool found = false;
            for (const ValueType &o : p->sampleTypes)
                found = found || p->str(o.type) == type;
            everywhere = everywhere && found;
        }
        bool duplicate = std::any_of(columns.begin(), columns.end(),
                                     [&](const SampleColumn &c) { return c.type == type; });
        if (everywhere && !duplicate)
            columns.push_back({type, first.str(vt.unit)});
    }
    if (columns.empty() && !first.sampleTypes.empty()) {
        *error = "the profiles have no sample type in common";
        return false;
    }
    // The finest unit of each column wins.
    for (SampleColumn &c : columns) {
        for (const ProfilePtr &p : profiles) {
            for (const ValueType &o : p->sampleTypes) {
                if (p->str(o.type) != c.type)
                    continue;
                double ratio;
                if (!units::compatibleUnits(p->str(o.unit), c.unit, &ratio)) {
                    *error = "sample type " + c.type + " has incompatible units: " + c.unit +
                             " and " + p->str(o.unit);
                    return false;
                }
                if (ratio < 1)
                    c.unit = p->str(o.unit);
                break;
            }
        }
    }
    for (const ProfilePtr &p : profiles) {
        ColumnMap map;
        for (const SampleColumn &c : columns) {
            for (size_t i = 0; i < p->sampleTypes.size(); ++i) {
                if (p->str(p->sampleTypes[i].type) == c.type) {
                    double ratio = 1;
                    units::compatibleUnits(p->str(p->sampleTypes[i].unit), c.unit, &ratio);
                    map.source.push_back(int(i));
                    map.ratio.push_back(ratio);
                    break;
                }
            }
        }
        maps.push_back(std::move(map));
    }
    return true;
}

void mergeHeader(CaptureHeader &h, const Profile &p, bool first)
{
    if (first) {
        if (!p.mappings.empty()) {
            h.mainBinary = p.str(p.mappings[0].filename);
            h.buildId = p.str(p.mappings[0].buildId);
        }
        h.periodType = {p.str(p.periodType.type), p.str(p.periodType.unit)};
        h.dropFrames = p.str(p.dropFrames);
        h.keepFrames = p.str(p.keepFrames);
        h.timeNanos = p.timeNanos;
    } else if (p.timeNanos != 0 && (h.timeNanos == 0 || p.timeNanos < h.timeNanos)) {
        h.timeNanos = p.timeNanos;
    }
    if (h.docUrl.empty())
        h.docUrl = p.str(p.docUrl);
    h.durationNanos += p.durationNanos;
    h.period = std::max(h.period, p.period);
    for (StringId c : p.comments) {
        if (std::find(h.comments.begin(), h.comments.end(), p.str(c)) == h.comments.end())
            h.comments.push_back(p.str(c));
    }
}

// One profile's part of the build: each location's frames (root first, after
// drop_frames) and each location stack's summed values.
struct PreparedProfile
{
    const Profile *profile = nullptr;
    std::vector<uint64_t> locOffsets; // location -> range in locFrames
    std::vector<uint32_t> locFrames;  // frame | kInlineBit
    std::vector<int64_t> values;      // location stack x column
    std::vector<uint32_t> leafEnd;    // per location stack: locations [leafEnd, depth) are kept
};

// A stack that takes part in the build: which profile, which location stack.
struct SourceStack
{
    uint32_t profile;
    uint32_t stack;
};

struct DepthLayout;

class Builder
{
public:
    Builder(StackTable &table, const StackTableOptions &options)
        : m_t(table), m_options(options), m_frameIndex(table.frames)
    {
    }

    bool prepare(const Profile &p, const ColumnMap &map, PreparedProfile &out);
    bool buildTrie(const std::vector<PreparedProfile> &prepared);

private:
    bool layOutByDepth(const std::vector<PreparedProfile> &prepared,
                       const std::vector<SourceStack> &sources, DepthLayout &out);

    uint32_t internFrame(const Frame &f) { return m_frameIndex.intern(f); }

    bool cancelled() const
    {
        return m_options.cancel && m_options.cancel->load(std::memory_order_relaxed);
    }

    StackTable &m_t;
    const StackTableOptions &m_options;
    FrameIndex m_frameIndex;
};

bool Builder::prepare(const Profile &p, const ColumnMap &map, PreparedProfile &out)
{
    out.profile = &p;
    const size_t columns = m_t.columns.size();
    const size_t sourceColumns = p.sampleTypes.size();
    const Granularity g = m_options.granularity;

    // 1. Sum the samples of each unique location stack; compute pprof's totals.
    std::vector<int64_t> &agg = out.values;
    agg.assign(p.stackCount() * columns, 0);
    bool anyNegative = false;
    bool diffBase = p.hasDiffBaseSamples();
    std::vector<int64_t> total(columns, 0), baseTotal(columns, 0);
    std::vector<char> isBaseSet;
    if (diffBase) {
        isBaseSet.resize(p.labelSetOffsets.size() - 1);
        for (size_t s = 0; s < isBaseSet.size(); ++s)
            isBaseSet[s] = p.labelSetIsDiffBase(uint32_t(s));
    }
    auto sampleValue = [&](size_t sample, size_t c) {
        int64_t v = p.sampleValues[sample * sourceColumns + size_t(map.source[c])];
        if (map.ratio[c] != 1)
            v = int64_t(std::llround(double(v) * map.ratio[c]));
        return v;
    };
    auto magnitude = [](int64_t v) { return v < 0 ? (v == INT64_MIN ? INT64_MAX : -v) : v; };
    for (size_t i = 0; i < p.sampleCount(); ++i) {
        int64_t *sums = agg.data() + size_t(p.sampleStacks[i]) * columns;
        const bool base = diffBase && isBaseSet[p.sampleLabelSets[i]];
        for (size_t c = 0; c < columns; ++c) {
            int64_t v = sampleValue(i, c);
            sums[c] = addSaturating(sums[c], v);
            anyNegative = anyNegative || v < 0;
            total[c] = addSaturating(total[c], magnitude(v));
            if (base)
                baseTotal[c] = addSaturating(baseTotal[c], magnitude(v));
        }
        if ((i & 0xFFFF) == 0 && cancelled())
            return false;
    }
    if (anyNegative) {
        // pprof merges samples with the same stack and labels before it sums |value|,
        // so a negative and a positive sample of one stack cancel in the total.
        std::unordered_map<uint64_t, size_t> groupIndex;
        std::vector<int64_t> groups;
        std::vector<char> groupIsBase;
        for (size_t i = 0; i < p.sampleCount(); ++i) {
            uint64_t key = (uint64_t(p.sampleStacks[i]) << 32) | p.sampleLabelSets[i];
            auto [it, added] = groupIndex.emplace(key, groupIndex.size());
            if (added) {
                groups.resize(groups.size() + columns, 0);
                groupIsBase.push_back(diffBase && isBaseSet[p.sampleLabelSets[i]]);
            }
            for (size_t c = 0; c < columns; ++c)
                groups[it->second * columns + c] =
                    addSaturating(groups[it->second * columns + c], sampleValue(i, c));
        }
        std::fill(total.begin(), total.end(), 0);
        std::fill(baseTotal.begin(), baseTotal.end(), 0);
        for (size_t gi = 0; gi < groupIsBase.size(); ++gi) {
            for (size_t c = 0; c < columns; ++c) {
                int64_t a = magnitude(groups[gi * columns + c]);
                total[c] = addSaturating(total[c], a);
                if (groupIsBase[gi])
                    baseTotal[c] = addSaturating(baseTotal[c], a);
            }
        }
    }
    const bool useBase =
        std::any_of(baseTotal.begin(), baseTotal.end(), [](int64_t v) { return v > 0; });
    for (size_t c = 0; c < columns; ++c)
        m_t.totals[c] = addSaturating(m_t.totals[c], useBase ? baseTotal[c] : total[c]);

    // 2. Each location's frames, root first, after drop_frames.
    std::optional<QRegularExpression> dropRx, keepRx;
    if (m_options.dropFrames && p.dropFrames != 0) {
        dropRx.emplace(
            QRegularExpression::anchoredPattern(QString::fromStdString(p.str(p.dropFrames))));
        if (!dropRx->isValid()) {
            m_t.warnings.push_back(
                "drop_frames is not a valid regular expression and was ignored: " +
                dropRx->errorString().toStdString());
            dropRx.reset();
        } else if (p.keepFrames != 0) {
            keepRx.emplace(
                QRegularExpression::anchoredPattern(QString::fromStdString(p.str(p.keepFrames))));
            if (!keepRx->isValid())
                keepRx.reset();
        }
    }
    enum : uint8_t { Keep = 0, PruneWhole = 1, PruneBeneath = 2 };
    std::vector<uint8_t> prune(dropRx ? p.locations.size() : 0, Keep);
    out.locOffsets.assign(p.locations.size() + 1, 0);
    out.locFrames.clear();
    out.locFrames.reserve(p.lines.size() + p.locations.size());
    std::vector<uint32_t> stringMap(p.strings.size(), UINT32_MAX);
    auto pooled = [&](StringId id) {
        uint32_t &m = stringMap[id];
        if (m == UINT32_MAX)
            m = m_t.strings.intern(p.str(id));
        return m;
    };
    std::vector<uint32_t> pprofNames(m_options.pprofNames ? p.functions.size() : 0, UINT32_MAX);
    auto pprofName = [&](uint32_t function) {
        uint32_t &n = pprofNames[function];
        if (n == UINT32_MAX) {
            const Function &fn = p.functions[function];
            n = m_t.strings.intern(pprofDisplayName(p.str(fn.name), p.str(fn.systemName)));
        }
        return n;
    };
    std::vector<uint32_t> cleanedFiles(g != Granularity::Functions ? p.strings.size() : 0,
                                       UINT32_MAX);
    auto pooledFile = [&](StringId id) -> uint32_t {
        if (p.str(id).empty())
            return 0; // no file (pprof cleans only non-empty names)
        uint32_t &m = cleanedFiles[id];
        if (m == UINT32_MAX)
            m = m_t.strings.intern(cleanPath(p.str(id)));
        return m;
    };
    // Most frames depend on the function alone: intern those once per function rather
    // than once per line, since each interning is a lookup in a large table.
    constexpr uint32_t kUnknown = 0xFFFFFFFFu, kPerLine = 0xFFFFFFFEu;
    std::vector<uint32_t> functionFrame(p.functions.size(), kUnknown);
    auto lineFrame = [&](const Line &line, uint32_t objfile) {
        uint32_t &known = functionFrame[line.function];
        if (known < kPerLine)
            return known;
        const Function &fn = p.functions[line.function];
        Frame f;
        bool perLine = false;
        f.name = m_options.pprofNames ? pprofName(line.function) : pooled(fn.name);
        if (f.name == 0 && (m_options.pprofNames || fn.systemName == 0)) {
            f.objfile = objfile;
            f.startLine = fn.startLine;
            perLine = true;
        }
        if (g != Granularity::Functions)
            f.file = pooledFile(fn.filename);
        if (g == Granularity::Lines ||
            (g == Granularity::FileFunctions && p.str(fn.name) == "(anonymous)")) {
            f.line = line.line; // FileFunctions: keep V8's unnamed functions of one file apart
            perLine = true;
        }
        const uint32_t frame = internFrame(f);
        known = perLine ? kPerLine : frame;
        return frame;
    };
    for (size_t l = 0; l < p.locations.size(); ++l) {
        const Location &loc = p.locations[l];
        uint32_t objfile = loc.mapping == kNone ? 0 : pooled(p.mappings[loc.mapping].filename);
        uint32_t first = loc.firstLine, count = loc.lineCount;
        if (m_options.noInlines && count > 1) {
            first += count - 1;
            count = 1;
        }
        if (dropRx && count > 0) {
            // Scan outermost to innermost; the first match cuts here.
            for (int i = int(count) - 1; i >= 0; --i) {
                const Line &line = p.lines[first + uint32_t(i)];
                const std::string &name = p.str(p.functions[line.function].name);
                if (name.empty())
                    continue;
                QString simple = QString::fromStdString(pprofMatchName(name));
                if (dropRx->match(simple).hasMatch() &&
                    !(keepRx && keepRx->match(simple).hasMatch())) {
                    if (i == int(count) - 1) {
                        prune[l] = PruneWhole;
                    } else {
                        prune[l] = PruneBeneath;
                        first += uint32_t(i) + 1;
                        count -= uint32_t(i) + 1;
                    }
                    break;
                }
            }
        }
        if (count == 0) {
            // Unsymbolized: one frame for the binary.
            Frame f;
            f.objfile = objfile;
            out.locFrames.push_back(internFrame(f));
        }
        for (int i = int(count) - 1; i >= 0; --i) {
            const Line &line = p.lines[first + uint32_t(i)];
            out.locFrames.push_back(lineFrame(line, objfile) |
                                    (i != int(count) - 1 ? kInlineBit : 0));
        }
        out.locOffsets[l + 1] = out.locFrames.size();
    }

    // 3. drop_frames on stacks: from the root, after the first location that is kept,
    // cut at the first dropped location (or just below a partly dropped one).
    out.leafEnd.assign(p.stackCount(), 0);
    if (dropRx) {
        for (size_t s = 0; s < p.stackCount(); ++s) {
            const uint32_t *locs = p.stackLocations.data() + p.stackOffsets[s];
            size_t depth = p.stackOffsets[s + 1] - p.stackOffsets[s];
            bool foundUser = false;
            for (size_t i = depth; i-- > 0;) {
                uint8_t pr = prune[locs[i]];
                if (pr == Keep) {
                    foundUser = true;
                    continue;
                }
                if (!foundUser)
                    continue;
                out.leafEnd[s] = uint32_t(pr == PruneWhole ? i + 1 : i);
                break;
            }
        }
    }
    return true;
}

// The frames of all stacks laid out by depth: stacks are ranked by decreasing depth,
// so the stacks that reach depth d are ranks [0, reaching[d]), and the frame of rank r
// at depth d is frames[levelStart[d] + r]. Building the trie level by level then reads
// one compact array per level, which stays in cache.
struct DepthLayout
{
    std::vector<uint32_t> sourceOfRank;
    std::vector<uint32_t> reaching; // maxDepth + 2 entries
    std::vector<uint64_t> levelStart;
    std::vector<uint32_t> frames;
};

bool Builder::layOutByDepth(const std::vector<PreparedProfile> &prepared,
                            const std::vector<SourceStack> &sources, DepthLayout &out)
{
    // Where a source stack's kept locations are, leaf first as in the file.
    auto locationsOf = [&](const SourceStack &src, const PreparedProfile &pp) {
        const Profile &p = *pp.profile;
        const uint32_t *locs = p.stackLocations.data() + p.stackOffsets[src.stack];
        const uint32_t count = uint32_t(p.stackOffsets[src.stack + 1] - p.stackOffsets[src.stack]);
        return std::span<const uint32_t>(locs + pp.leafEnd[src.stack], locs + count);
    };

    std::vector<uint32_t> depthOf(sources.size());
    uint32_t maxDepth = 0;
    for (size_t i = 0; i < sources.size(); ++i) {
        const PreparedProfile &pp = prepared[sources[i].profile];
        uint32_t d = 0;
        for (uint32_t location : locationsOf(sources[i], pp))
            d += uint32_t(pp.locOffsets[location + 1] - pp.locOffsets[location]);
        depthOf[i] = d;
        maxDepth = std::max(maxDepth, d);
    }
    std::vector<uint32_t> withDepth(maxDepth + 1, 0);
    for (uint32_t d : depthOf)
        ++withDepth[d];
    // reaching[d]: the stacks deeper than d, which is also the first rank of depth d.
    out.reaching.assign(maxDepth + 2, 0);
    for (uint32_t d = maxDepth; d-- > 0;)
        out.reaching[d] = out.reaching[d + 1] + withDepth[d + 1];
    out.sourceOfRank.resize(sources.size());
    std::vector<uint32_t> nextRank(out.reaching.begin(), out.reaching.end() - 1);
    for (uint32_t i = 0; i < sources.size(); ++i)
        out.sourceOfRank[nextRank[depthOf[i]]++] = i;
    out.levelStart.assign(maxDepth + 1, 0);
    for (uint32_t d = 1; d <= maxDepth; ++d)
        out.levelStart[d] = out.levelStart[d - 1] + out.reaching[d - 1];
    out.frames.resize(maxDepth ? out.levelStart[maxDepth - 1] + out.reaching[maxDepth - 1] : 0);

    // Stacks come in rank order, which is scattered in memory: fetch each stack's
    // bookkeeping, then its locations, some ranks ahead, so that the cache misses overlap.
    constexpr uint32_t kAhead = 8;
    const uint32_t ranks = uint32_t(out.sourceOfRank.size());
    for (uint32_t rank = 0; rank < ranks; ++rank) {
        if ((rank & 0xFFFF) == 0 && cancelled())
            return false;
        if (rank + 3 * kAhead < ranks)
            __builtin_prefetch(sources.data() + out.sourceOfRank[rank + 3 * kAhead]);
        if (rank + 2 * kAhead < ranks) {
            const SourceStack &ahead = sources[out.sourceOfRank[rank + 2 * kAhead]];
            const PreparedProfile &pp = prepared[ahead.profile];
            __builtin_prefetch(pp.profile->stackOffsets.data() + ahead.stack);
            __builtin_prefetch(pp.leafEnd.data() + ahead.stack);
        }
        if (rank + kAhead < ranks) {
            const SourceStack &ahead = sources[out.sourceOfRank[rank + kAhead]];
            const std::span<const uint32_t> locs = locationsOf(ahead, prepared[ahead.profile]);
            __builtin_prefetch(locs.data());
            __builtin_prefetch(locs.data() + locs.size() - 1);
        }
        const SourceStack &src = sources[out.sourceOfRank[rank]];
        const PreparedProfile &pp = prepared[src.profile];
        // Plain pointers: the stores into `frames` must not force reloads of these.
        const uint64_t *const locOffsets = pp.locOffsets.data();
        const uint32_t *const locFrames = pp.locFrames.data();
        const uint64_t *const start = out.levelStart.data();
        uint32_t *const column = out.frames.data() + rank;
        const std::span<const uint32_t> locs = locationsOf(src, pp);
        uint32_t d = 0;
        for (auto it = locs.rbegin(); it != locs.rend(); ++it) {
            for (uint64_t f = locOffsets[*it], e = locOffsets[*it + 1]; f < e; ++f)
                column[start[d++]] = locFrames[f];
        }
    }
    return true;
}

// Builds the trie one depth at a time. At each depth the stacks still going are kept
// grouped by their current node, in node order; each group is sorted by its next frame
// and every distinct frame becomes a child. Nodes come out breadth-first with children
// contiguous, and no hash table is needed: the work is a few linear passes per depth.
bool Builder::buildTrie(const std::vector<PreparedProfile> &prepared)
{
    const size_t columns = m_t.columns.size();
    std::vector<SourceStack> sources;
    for (uint32_t k = 0; k < prepared.size(); ++k) {
        const PreparedProfile &pp = prepared[k];
        for (uint32_t s = 0; s < pp.profile->stackCount(); ++s) {
            const int64_t *v = pp.values.data() + size_t(s) * columns;
            if (std::any_of(v, v + columns, [](int64_t x) { return x != 0; }))
                sources.push_back({k, s});
        }
    }
    DepthLayout layout;
    if (!layOutByDepth(prepared, sources, layout))
        return false;

    struct Cursor
    {
        uint32_t rank;
        uint32_t node;
    };
    std::vector<Cursor> current, next;
    std::vector<std::pair<uint32_t, uint32_t>> ends; // (node, source), node ascending
    for (uint32_t rank = 0; rank < layout.sourceOfRank.size(); ++rank) {
        if (rank < layout.reaching[0])
            current.push_back({rank, StackTable::kRoot});
        else
            ends.push_back({StackTable::kRoot, layout.sourceOfRank[rank]});
    }
    std::vector<uint32_t> childCount{0};
    std::vector<uint64_t> keys; // frame << 32 | position in group
    // At most one node per frame: reserving is free until touched, and saves copies.
    m_t.nodeParents.reserve(layout.frames.size() + 1);
    m_t.nodeFrames.reserve(layout.frames.size() + 1);
    childCount.reserve(layout.frames.size() + 1);
    next.reserve(current.size());
    for (uint32_t d = 0; !current.empty(); ++d) {
        if (cancelled())
            return false;
        next.clear();
        const uint32_t *frames = layout.frames.data() + layout.levelStart[d];
        const uint32_t goesDeeper = layout.reaching[d + 1]; // ranks below this go on
        for (size_t i = 0; i < current.size();) {
            const uint32_t parent = current[i].node;
            size_t j = i;
            keys.clear();
            for (; j < current.size() && current[j].node == parent; ++j) {
                if (j + 16 < current.size())
                    __builtin_prefetch(frames + current[j + 16].rank);
                keys.push_back((uint64_t(frames[current[j].rank]) << 32) | uint32_t(j - i));
            }
            if (keys.size() > 1)
                std::sort(keys.begin(), keys.end());
            uint32_t previousFrame = 0, node = 0;
            for (size_t k = 0; k < keys.size(); ++k) {
                const uint32_t frame = uint32_t(keys[k] >> 32);
                if (k == 0 || frame != previousFrame) {
                    node = uint32_t(m_t.nodeParents.size());
                    m_t.nodeParents.push_back(parent);
                    m_t.nodeFrames.push_back(frame);
                    childCount.push_back(0);
                    ++childCount[parent];
                    previousFrame = frame;
                }
                const uint32_t rank = current[i + uint32_t(keys[k])].rank;
                if (rank < goesDeeper)
                    next.push_back({rank, node});
                else
                    ends.push_back({node, layout.sourceOfRank[rank]});
            }
            i = j;
        }
        current.swap(next);
    }

    // Children ranges: breadth-first order puts the children of node n right after
    // those of node n - 1.
    const size_t n = m_t.nodeParents.size();
    m_t.nodeChildBegin.resize(n + 1);
    uint32_t begin = 1;
    for (size_t node = 0; node < n; ++node) {
        m_t.nodeChildBegin[node] = begin;
        begin += childCount[node];
    }
    m_t.nodeChildBegin[n] = begin;

    // Unique stacks: sources that end at the same node are one stack.
    for (const auto &[node, source] : ends) {
        if (m_t.stackNodes.empty() || m_t.stackNodes.back() != node) {
            m_t.stackNodes.push_back(node);
            m_t.stackValues.resize(m_t.stackValues.size() + columns, 0);
        }
        const SourceStack &src = sources[source];
        const int64_t *v = prepared[src.profile].values.data() + size_t(src.stack) * columns;
        int64_t *out = m_t.stackValues.data() + m_t.stackValues.size() - columns;
        for (size_t c = 0; c < columns; ++c)
            out[c] = addSaturating(out[c], v[c]);
    }
    return true;
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
    return std::nullopt;
}

std::optional<StackTable> StackTable::build(const std::vector<ProfilePtr> &profiles,
                                            const StackTableOptions &options, std::string *error)
{
    std::string localError;
    if (!error)
        error = &localError;
    if (profiles.empty()) {
        *error = "no profiles";
        return std::nullopt;
    }
    StackTable t;
    t.granularity = options.granularity;
    std::vector<ColumnMap> maps;
    if (!mergeColumns(profiles, t.columns, maps, error))
        return std::nullopt;
    t.totals.assign(t.columns.size(), 0);

    // Default column: the first profile's default, if it survived the merge.
    const Profile &first = *profiles.front();
    int firstDefault = first.defaultSampleIndex();
    if (firstDefault >= 0) {
        const std::string &type = first.str(first.sampleTypes[firstDefault].type);
        for (size_t c = 0; c < t.columns.size(); ++c) {
            if (t.columns[c].type == type)
                t.defaultColumn = int(c);
        }
        if (t.defaultColumn < 0 && !t.columns.empty())
            t.defaultColumn = 0;
    }

    Builder builder(t, options);
    std::vector<PreparedProfile> prepared(profiles.size());
    for (size_t i = 0; i < profiles.size(); ++i) {
        mergeHeader(t.header, *profiles[i], i == 0);
        for (const std::string &w : profiles[i]->warnings)
            t.warnings.push_back(w);
        if (!builder.prepare(*profiles[i], maps[i], prepared[i])) {
            *error = "cancelled";
            return std::nullopt;
        }
    }
    if (!builder.buildTrie(prepared)) {
        *error = "cancelled";
        return std::nullopt;
    }
    return t;
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

} // namespace embers
