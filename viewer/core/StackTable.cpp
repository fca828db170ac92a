#include "StackTable.h"

#include "FrameIndex.h"
#include "FreedMemory.h"
#include "LargeArrays.h"
#include "PprofNames.h"
#include "RadixSort.h"
#include "StackLabels.h"
#include "Units.h"

#include <QRegularExpression>
#include <QString>

#include <algorithm>
#include <cctype>
#include <cinttypes>
#include <cmath>
#include <memory>
#include <mutex>
#include <span>
#include <unordered_map>

#ifdef __linux__
#include <sys/mman.h>
#include <unistd.h>
#endif

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

// Whether cleanPath() would return the path unchanged, as it does for most: no empty,
// "." or ".." part and no trailing slash.
bool isClean(std::string_view path)
{
    if (path.empty())
        return false;
    for (size_t i = 0; i < path.size();) {
        size_t j = std::min(path.find('/', i), path.size());
        std::string_view part = path.substr(i, j - i);
        if ((part.empty() && i != 0) || part == "." || part == "..")
            return false;
        i = j + 1;
    }
    return path.back() != '/' || path.size() == 1;
}

std::string baseName(const std::string &path)
{
    size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Gives a big buffer's memory back to the system as it is consumed from the front, a
// page at a time, rather than all of it only when the buffer is freed: the buffers that
// feed the trie's levels shrink as fast as the trie grows.
class ConsumedPages
{
public:
    explicit ConsumedPages(const void *begin) : m_released(pageAfter(begin)) {}

    // Everything before `end` is dead.
    void release(const void *end)
    {
#ifdef __linux__
        const uintptr_t to = uintptr_t(end) & ~(pageSize() - 1);
        if (to > m_released) {
            madvise(reinterpret_cast<void *>(m_released), to - m_released, MADV_DONTNEED);
            m_released = to;
        }
#else
        (void)end;
#endif
    }

private:
    static uintptr_t pageSize()
    {
#ifdef __linux__
        static const uintptr_t size = uintptr_t(sysconf(_SC_PAGESIZE));
        return size;
#else
        return 4096;
#endif
    }
    // Whole pages only: the allocator keeps its bookkeeping next to the buffer.
    static uintptr_t pageAfter(const void *p)
    {
        return (uintptr_t(p) + pageSize() - 1) & ~(pageSize() - 1);
    }

    uintptr_t m_released;
};

// Frees a vector's buffer now: `v = {}` would keep its capacity.
template <typename T> void freeNow(std::vector<T> &v)
{
    std::vector<T>().swap(v);
}

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

// pprof's Profile.Normalize: per column, (sum over base samples) / (sum over the others).
std::vector<double> normalizingScale(const std::vector<ProfilePtr> &profiles,
                                     const std::vector<ColumnMap> &maps,
                                     const std::vector<ProfileRole> &roles, size_t columns)
{
    std::vector<double> base(columns, 0), plain(columns, 0);
    for (size_t i = 0; i < profiles.size(); ++i) {
        const Profile &p = *profiles[i];
        const bool isBase = i < roles.size() && roles[i] != ProfileRole::Plain;
        std::vector<double> &sums = isBase ? base : plain;
        for (size_t s = 0; s < p.sampleCount(); ++s) {
            for (size_t c = 0; c < columns; ++c)
                sums[c] +=
                    double(p.sampleValues[s * p.sampleTypes.size() + size_t(maps[i].source[c])]) *
                    maps[i].ratio[c];
        }
    }
    std::vector<double> scale(columns, 0);
    for (size_t c = 0; c < columns; ++c)
        scale[c] = plain[c] == 0 ? 0.0 : base[c] / plain[c];
    return scale;
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
    // Most locations have one frame: it is read from here, with a single lookup.
    std::vector<uint32_t> locSingleFrame; // location -> frame, or kSeveralFrames
    std::vector<uint64_t> locOffsets;     // location -> range in locFrames
    std::vector<uint32_t> locFrames;      // frame | kInlineBit
    std::vector<int64_t> values;          // location stack x column
    std::vector<uint32_t> leafEnd; // per location stack: locations [leafEnd, depth) are kept;
                                   // empty when all are
};

// A location with one frame has no inlined frame, so its frame never has kInlineBit.
constexpr uint32_t kSeveralFrames = 0xFFFFFFFFu;

// A stack that takes part in the build: which profile, which location stack.
struct SourceStack
{
    uint32_t profile;
    uint32_t stack;
};

// The frames of all stacks laid out by depth: stacks are ranked by decreasing depth,
// so the stacks that reach depth d are ranks [0, reaching[d]), and the frame of rank r
// at depth d is frames[levelStart[d] + r]. Building the trie level by level then reads
// one compact array per level, which stays in cache.
struct DepthLayout
{
    std::vector<uint32_t> sourceOfRank;
    std::vector<uint32_t> reaching;     // maxDepth + 2 entries
    std::vector<uint64_t> levelStart;   // maxDepth + 1 entries; the last one is the frame count
    std::unique_ptr<uint32_t[]> frames; // not zeroed first: every entry is written
};

struct SampleReader;

class Builder
{
public:
    Builder(StackTable &table, const StackTableOptions &options)
        : m_t(table), m_options(options), m_frameIndex(table.frames),
          m_total(table.columns.size(), 0), m_baseTotal(table.columns.size(), 0)
    {}

    // Preparing a profile is two independent halves: its samples summed per location
    // stack, and its locations' frames (strings interned, in order).
    bool sumSamples(const SampleReader &read, PreparedProfile &out);
    void finishTotals(const std::vector<SampleReader> &readers);
    bool prepareFrames(const Profile &p, PreparedProfile &out);
    // The stacks that take part, ranked by depth. Depths need the frames only when
    // drop_frames cuts stacks (`framesKnown`); `bothCores` lets it take a helper thread.
    bool rankByDepth(const std::vector<PreparedProfile> &prepared, bool framesKnown,
                     bool bothCores);
    bool buildTrie(const std::vector<PreparedProfile> &prepared);
    // Each frame's origins, once every profile's frames are prepared.
    void finishOrigins();
    // The samples' values by stack and label set (StackTableOptions::keepLabels).
    void collectLabels(const std::vector<SampleReader> &readers);

private:
    bool fillLayout(const std::vector<PreparedProfile> &prepared);

    uint32_t internFrame(const Frame &f) { return m_frameIndex.intern(f); }
    // Origins are not deduplicated: equal ones match alike, and frames split by origin
    // merge again after filtering.
    uint32_t addOrigin(const FrameOrigin &o)
    {
        m_t.origins.origins.push_back(o);
        return uint32_t(m_t.origins.origins.size() - 1);
    }

    bool cancelled() const
    {
        return m_options.cancel && m_options.cancel->load(std::memory_order_relaxed);
    }

    StackTable &m_t;
    const StackTableOptions &m_options;
    FrameIndex m_frameIndex;
    std::vector<SourceStack> m_sources; // the location stacks with a value
    DepthLayout m_layout;
    std::vector<int64_t> m_total, m_baseTotal; // per column, over all profiles
    bool m_anyNegative = false;
    std::vector<uint64_t> m_frameOrigins; // frame << 32 | origin, with repeats
    std::vector<uint32_t> m_nodeOfSource; // keepLabels: where each source stack ends
};

// pprof's identity of a sample's stack and labels after merging (its sampleKey):
// locations by content (address within the mapping, mapping, lines' functions and
// line numbers), labels as an unordered set. Samples with equal keys are one sample.
class SampleKeys
{
public:
    explicit SampleKeys(const Profile &p) : m_p(p)
    {
        m_location.resize(p.locations.size());
        for (size_t i = 0; i < p.locations.size(); ++i)
            m_location[i] = locationHash(p.locations[i]);
        m_stack.resize(p.stackCount());
        for (size_t s = 0; s < p.stackCount(); ++s) {
            uint64_t h = 0x51ed270b27a1c0d3ULL;
            for (uint64_t i = p.stackOffsets[s]; i < p.stackOffsets[s + 1]; ++i)
                h = mix64(h ^ m_location[p.stackLocations[i]]);
            m_stack[s] = h;
        }
        m_labelSet.resize(p.labelSetOffsets.size() - 1);
        for (size_t l = 0; l + 1 < p.labelSetOffsets.size(); ++l) {
            uint64_t h = 0;
            for (uint32_t i = p.labelSetOffsets[l]; i < p.labelSetOffsets[l + 1]; ++i) {
                const Label &label = p.labels[i];
                h += mix64(hashBytes(p.str(label.key)) ^ hashBytes(p.str(label.str)) * 3 ^
                           uint64_t(label.num) * 5 ^ hashBytes(p.str(label.numUnit)) * 7);
            }
            m_labelSet[l] = h;
        }
    }

    uint64_t operator()(size_t sample, bool base) const
    {
        return mix64(m_stack[m_p.sampleStacks[sample]] ^
                     mix64(m_labelSet[m_p.labelSetOf(sample)] + (base ? 1 : 0)));
    }

private:
    uint64_t locationHash(const Location &l) const
    {
        uint64_t h = mix64(l.address ^ (l.isFolded ? 0x8000000000000000ULL : 0));
        if (l.mapping != kNone) {
            const Mapping &m = m_p.mappings[l.mapping];
            const uint64_t size = ((m.memoryLimit - m.memoryStart) + 0xFFF) & ~uint64_t(0xFFF);
            const StringId file = m.buildId ? m.buildId : m.filename;
            h = mix64((l.address - m.memoryStart) ^ mix64(size ^ mix64(m.fileOffset)) ^
                      hashBytes(m_p.str(file)));
        }
        for (uint32_t i = l.firstLine; i < l.firstLine + l.lineCount; ++i) {
            const Line &line = m_p.lines[i];
            uint64_t f = 0;
            if (line.function != kNone) {
                const Function &fn = m_p.functions[line.function];
                f = mix64(hashBytes(m_p.str(fn.name)) ^ hashBytes(m_p.str(fn.systemName)) * 3 ^
                          hashBytes(m_p.str(fn.filename)) * 5 ^ uint64_t(fn.startLine));
            }
            h = mix64(h ^ f ^ uint64_t(line.line) * 0x9e3779b97f4a7c15ULL);
        }
        return h;
    }

    const Profile &m_p;
    std::vector<uint64_t> m_location, m_stack, m_labelSet;
};

// Reads one profile's sample values in the merged columns, scaled as its role says.
struct SampleReader
{
    const Profile &p;
    const ColumnMap &map;
    const std::vector<double> &scale; // per column; empty: none
    bool allBase;                     // every sample is a pprof::base sample

    int64_t operator()(size_t sample, size_t c) const
    {
        int64_t v = p.sampleValues[sample * p.sampleTypes.size() + size_t(map.source[c])];
        if (!scale.empty() && scale[c] != 1)
            v = int64_t(std::llround(double(v) * scale[c]));
        if (map.ratio[c] != 1)
            v = int64_t(std::llround(double(v) * map.ratio[c]));
        return v;
    }
};

int64_t magnitude(int64_t v)
{
    return v < 0 ? (v == INT64_MIN ? INT64_MAX : -v) : v;
}

// Which samples are pprof::base samples: all of a base profile's, or those labelled so.
std::vector<char> baseLabelSets(const Profile &p, bool allBase)
{
    std::vector<char> isBase(p.labelSetOffsets.size() - 1, allBase ? 1 : 0);
    if (!allBase && p.hasDiffBaseSamples()) {
        for (size_t s = 0; s < isBase.size(); ++s)
            isBase[s] = char(p.labelSetIsDiffBase(uint32_t(s)));
    }
    return isBase;
}

// Sums the samples of each unique location stack, and |value| for pprof's totals.
bool Builder::sumSamples(const SampleReader &read, PreparedProfile &out)
{
    constexpr size_t kSumAhead = 16; // samples
    const Profile &p = read.p;
    const size_t columns = m_t.columns.size();
    std::vector<int64_t> &agg = out.values;
    agg.assign(p.stackCount() * columns, 0);
    const std::vector<char> isBase = baseLabelSets(p, read.allBase);
    const size_t n = p.sampleCount();
    for (size_t i = 0; i < n; ++i) {
        // The sums of a large profile's stacks do not fit in the cache: fetch ahead.
        if (i + kSumAhead < n)
            __builtin_prefetch(agg.data() + size_t(p.sampleStacks[i + kSumAhead]) * columns);
        int64_t *sums = agg.data() + size_t(p.sampleStacks[i]) * columns;
        const bool base = isBase[p.labelSetOf(i)];
        for (size_t c = 0; c < columns; ++c) {
            int64_t v = read(i, c);
            sums[c] = addSaturating(sums[c], v);
            m_anyNegative = m_anyNegative || v < 0;
            m_total[c] = addSaturating(m_total[c], magnitude(v));
            if (base)
                m_baseTotal[c] = addSaturating(m_baseTotal[c], magnitude(v));
        }
        if ((i & 0xFFFF) == 0 && cancelled())
            return false;
    }
    return true;
}

// pprof's report total: the sum of |value| over the merged samples, or over the base
// samples alone when there are any (a -diff_base report shows shares of the base).
void Builder::finishTotals(const std::vector<SampleReader> &readers)
{
    if (m_anyNegative) {
        // pprof merges samples with the same stack and labels (across the profiles)
        // before it sums |value|, so a negative and a positive sample cancel in it.
        const size_t columns = m_t.columns.size();
        std::unordered_map<uint64_t, size_t> groupIndex;
        std::vector<int64_t> groups;
        std::vector<char> groupIsBase;
        for (const SampleReader &read : readers) {
            const Profile &p = read.p;
            const SampleKeys keys(p);
            const std::vector<char> isBase = baseLabelSets(p, read.allBase);
            for (size_t i = 0; i < p.sampleCount(); ++i) {
                const bool base = isBase[p.labelSetOf(i)];
                auto [it, added] = groupIndex.emplace(keys(i, base), groupIndex.size());
                if (added) {
                    groups.resize(groups.size() + columns, 0);
                    groupIsBase.push_back(char(base));
                }
                int64_t *g = groups.data() + it->second * columns;
                for (size_t c = 0; c < columns; ++c)
                    g[c] = addSaturating(g[c], read(i, c));
            }
        }
        std::fill(m_total.begin(), m_total.end(), 0);
        std::fill(m_baseTotal.begin(), m_baseTotal.end(), 0);
        for (size_t gi = 0; gi < groupIsBase.size(); ++gi) {
            for (size_t c = 0; c < columns; ++c) {
                const int64_t a = magnitude(groups[gi * columns + c]);
                m_total[c] = addSaturating(m_total[c], a);
                if (groupIsBase[gi])
                    m_baseTotal[c] = addSaturating(m_baseTotal[c], a);
            }
        }
    }
    for (size_t c = 0; c < m_t.columns.size(); ++c)
        m_t.totals[c] = m_baseTotal[c] > 0 ? m_baseTotal[c] : m_total[c];
}

bool Builder::prepareFrames(const Profile &p, PreparedProfile &out)
{
    const Granularity g = m_options.granularity;

    // 1. Each location's frames, root first, after drop_frames.
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
    std::optional<QRegularExpression> pruneRx;
    if (!m_options.pruneFrom.empty()) {
        pruneRx.emplace(QString::fromStdString(m_options.pruneFrom));
        if (!pruneRx->isValid()) {
            m_t.warnings.push_back("prune_from is not a valid regular expression: " +
                                   pruneRx->errorString().toStdString());
            pruneRx.reset();
        }
    }
    std::vector<uint8_t> pruneFrom(pruneRx ? p.locations.size() : 0, 0);
    enum : uint8_t { Keep = 0, PruneWhole = 1, PruneBeneath = 2 };
    std::vector<uint8_t> prune(dropRx ? p.locations.size() : 0, Keep);
    out.locOffsets.assign(p.locations.size() + 1, 0);
    out.locSingleFrame.resize(p.locations.size());
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
            m = m_t.strings.intern(isClean(p.str(id)) ? p.str(id) : cleanPath(p.str(id)));
        return m;
    };
    // Most frames depend on the function alone: intern those once per function rather
    // than once per line, since each interning is a lookup in a large table.
    constexpr uint32_t kUnknown = 0xFFFFFFFFu, kPerLine = 0xFFFFFFFEu;
    // With origins, a function's frame is known for the binary it was last seen in (one
    // entry, so that checking the binary costs no other cache miss).
    const FrameOriginMode originMode = m_options.origins;
    struct Known
    {
        uint32_t frame = kUnknown;
        uint32_t mapping = 0;
    };
    std::vector<Known> functionFrame(p.functions.size());
    const bool byAddress = g == Granularity::Addresses;
    auto lineFrame = [&](const Line &line, uint32_t objfile, uint32_t mapping, uint64_t address) {
        Known &known = functionFrame[line.function];
        if (known.frame < kPerLine &&
            (originMode == FrameOriginMode::None || known.mapping == mapping))
            return known.frame;
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
        if (g == Granularity::Lines || byAddress ||
            (g == Granularity::FileFunctions && p.str(fn.name) == "(anonymous)")) {
            f.line = line.line; // FileFunctions: keep V8's unnamed functions of one file apart
            perLine = true;
        }
        if (byAddress)
            f.address = address;
        uint32_t origin = 0;
        if (originMode != FrameOriginMode::None) {
            origin = addOrigin({pooled(fn.name), pooled(fn.filename), mapping, true});
            if (originMode == FrameOriginMode::Split)
                f.origin = origin + 1;
        }
        const uint32_t frame = internFrame(f);
        if (originMode != FrameOriginMode::None)
            m_frameOrigins.push_back(uint64_t(frame) << 32 | origin);
        known = {perLine ? kPerLine : frame, mapping};
        return frame;
    };
    // The origin of a location without lines, per binary.
    std::vector<uint32_t> unsymbolizedOrigin(p.mappings.size() + 1, kUnknown);
    for (size_t l = 0; l < p.locations.size(); ++l) {
        const Location &loc = p.locations[l];
        uint32_t objfile = loc.mapping == kNone ? 0 : pooled(p.mappings[loc.mapping].filename);
        // pprof gives a profile without mappings a fake one with no file name.
        const uint32_t mapping = loc.mapping != kNone ? objfile
                                 : p.mappings.empty() ? 0
                                                      : FrameOrigin::kNoMapping;
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
        if (pruneRx) {
            // -prune_from: innermost matching line first; the lines inside it go.
            for (uint32_t i = 0; i < count; ++i) {
                const std::string &name = p.str(p.functions[p.lines[first + i].function].name);
                if (!name.empty() &&
                    pruneRx->match(QString::fromStdString(pprofMatchName(name))).hasMatch()) {
                    pruneFrom[l] = 1;
                    first += i;
                    count -= i;
                    break;
                }
            }
        }
        if (count == 0) {
            // Unsymbolized: one frame for the binary (for each address, by address).
            Frame f;
            f.objfile = objfile;
            if (byAddress)
                f.address = loc.address;
            uint32_t origin = 0;
            if (originMode != FrameOriginMode::None) {
                uint32_t &known =
                    unsymbolizedOrigin[loc.mapping == kNone ? p.mappings.size() : loc.mapping];
                if (known == kUnknown)
                    known = addOrigin({0, 0, mapping, false});
                origin = known;
                if (originMode == FrameOriginMode::Split)
                    f.origin = origin + 1;
            }
            const uint32_t frame = internFrame(f);
            if (originMode != FrameOriginMode::None)
                m_frameOrigins.push_back(uint64_t(frame) << 32 | origin);
            out.locFrames.push_back(frame);
        }
        for (int i = int(count) - 1; i >= 0; --i) {
            const Line &line = p.lines[first + uint32_t(i)];
            out.locFrames.push_back(lineFrame(line, objfile, mapping, loc.address) |
                                    (i != int(count) - 1 ? kInlineBit : 0));
        }
        out.locOffsets[l + 1] = out.locFrames.size();
        out.locSingleFrame[l] =
            out.locOffsets[l + 1] - out.locOffsets[l] == 1 ? out.locFrames.back() : kSeveralFrames;
    }

    // 2. drop_frames on stacks: from the root, after the first location that is kept,
    // cut at the first dropped location (or just below a partly dropped one).
    if (dropRx) {
        out.leafEnd.assign(p.stackCount(), 0);
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
    // 3. -prune_from: each stack ends at its leaf-most pruning location (of those kept).
    if (pruneRx) {
        if (out.leafEnd.empty())
            out.leafEnd.assign(p.stackCount(), 0);
        for (size_t s = 0; s < p.stackCount(); ++s) {
            const uint32_t *locs = p.stackLocations.data() + p.stackOffsets[s];
            const size_t depth = p.stackOffsets[s + 1] - p.stackOffsets[s];
            for (size_t i = out.leafEnd[s]; i < depth; ++i) {
                if (pruneFrom[locs[i]]) {
                    out.leafEnd[s] = uint32_t(i);
                    break;
                }
            }
        }
    }
    return true;
}

// Work is split between two threads only when there is enough of it to pay for one:
// this many frames (or nodes), or this many stacks (or samples).
constexpr uint64_t kParallelFrames = uint64_t(1) << 16;
constexpr size_t kParallelStacks = 4096;
// Rank blocks handed alternately to the two threads of the layout's passes.
constexpr uint32_t kRankBlock = 4096;

// Where a source stack's kept locations are, leaf first as in the file.
std::span<const uint32_t> locationsOf(const SourceStack &src, const PreparedProfile &pp)
{
    const Profile &p = *pp.profile;
    const uint32_t *locs = p.stackLocations.data() + p.stackOffsets[src.stack];
    const uint32_t count = uint32_t(p.stackOffsets[src.stack + 1] - p.stackOffsets[src.stack]);
    const uint32_t leafEnd = pp.leafEnd.empty() ? 0 : pp.leafEnd[src.stack];
    return std::span<const uint32_t>(locs + leafEnd, locs + count);
}

// Runs pass(begin, end) over [0, count) in blocks of kRankBlock, every other block on a
// helper thread when there is more than one: the passes over the stacks read them in a
// scattered order, and alternate blocks balance the two threads without counting.
template <typename Pass> void inBlocks(size_t count, bool bothCores, const Pass &pass)
{
    const size_t step = bothCores && count > kRankBlock ? 2 : 1;
    auto blocksFrom = [&](size_t first) {
        for (size_t b = first * kRankBlock; b < count; b += step * kRankBlock)
            pass(b, std::min(count, b + kRankBlock));
    };
    if (step == 2)
        inParallel([&] { blocksFrom(0); }, [&] { blocksFrom(1); });
    else
        blocksFrom(0);
}

bool Builder::rankByDepth(const std::vector<PreparedProfile> &prepared, bool framesKnown,
                          bool bothCores)
{
    const size_t columns = m_t.columns.size();
    m_sources.clear();
    for (uint32_t k = 0; k < prepared.size(); ++k) {
        const PreparedProfile &pp = prepared[k];
        for (uint32_t s = 0; s < pp.profile->stackCount(); ++s) {
            const int64_t *v = pp.values.data() + size_t(s) * columns;
            if (std::any_of(v, v + columns, [](int64_t x) { return x != 0; }))
                m_sources.push_back({k, s});
        }
    }
    if (cancelled())
        return false;

    // Each location's frame count, compact: a location has a frame per line (inlined ones
    // included unless left out), or one for its binary when it has no line; drop_frames
    // can cut that, but then the frames are known.
    std::vector<std::vector<uint32_t>> frameCounts(prepared.size());
    for (size_t k = 0; k < prepared.size(); ++k) {
        const PreparedProfile &pp = prepared[k];
        const std::vector<Location> &locations = pp.profile->locations;
        frameCounts[k].resize(locations.size());
        for (size_t l = 0; l < locations.size(); ++l) {
            if (framesKnown) {
                frameCounts[k][l] = uint32_t(pp.locOffsets[l + 1] - pp.locOffsets[l]);
            } else {
                const uint32_t lines = locations[l].lineCount;
                frameCounts[k][l] = lines == 0 || m_options.noInlines ? 1 : lines;
            }
        }
    }
    std::vector<uint32_t> depthOf(m_sources.size());
    inBlocks(m_sources.size(), bothCores, [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
            const SourceStack &src = m_sources[i];
            const uint32_t *frames = frameCounts[src.profile].data();
            uint32_t d = 0;
            for (uint32_t location : locationsOf(src, prepared[src.profile]))
                d += frames[location];
            depthOf[i] = d;
        }
    });
    freeNow(frameCounts);
    const uint32_t maxDepth =
        depthOf.empty() ? 0 : *std::max_element(depthOf.begin(), depthOf.end());
    std::vector<uint32_t> withDepth(maxDepth + 1, 0);
    for (uint32_t d : depthOf)
        ++withDepth[d];
    // reaching[d]: the stacks deeper than d, which is also the first rank of depth d.
    DepthLayout &out = m_layout;
    out.reaching.assign(maxDepth + 2, 0);
    for (uint32_t d = maxDepth; d-- > 0;)
        out.reaching[d] = out.reaching[d + 1] + withDepth[d + 1];
    out.sourceOfRank.resize(m_sources.size());
    std::vector<uint32_t> nextRank(out.reaching.begin(), out.reaching.end() - 1);
    for (uint32_t i = 0; i < m_sources.size(); ++i)
        out.sourceOfRank[nextRank[depthOf[i]]++] = i;
    out.levelStart.assign(maxDepth + 1, 0);
    for (uint32_t d = 1; d <= maxDepth; ++d)
        out.levelStart[d] = out.levelStart[d - 1] + out.reaching[d - 1];
    return !cancelled();
}

bool Builder::fillLayout(const std::vector<PreparedProfile> &prepared)
{
    DepthLayout &out = m_layout;
    const std::vector<SourceStack> &sources = m_sources;
    out.frames.reset(new uint32_t[out.levelStart.back()]);
    prefaultPages(out.frames.get(), out.levelStart.back() * sizeof(uint32_t)); // written whole
    // Stacks come in rank order, which is scattered in memory: fetch each stack's
    // bookkeeping, then its locations, some ranks ahead, so that the cache misses overlap.
    inBlocks(out.sourceOfRank.size(), true, [&](size_t begin, size_t end) {
        constexpr size_t kAhead = 8;
        for (size_t rank = begin; rank < end; ++rank) {
            if (rank + 3 * kAhead < end)
                __builtin_prefetch(sources.data() + out.sourceOfRank[rank + 3 * kAhead]);
            if (rank + 2 * kAhead < end) {
                const SourceStack &ahead = sources[out.sourceOfRank[rank + 2 * kAhead]];
                const PreparedProfile &pp = prepared[ahead.profile];
                __builtin_prefetch(pp.profile->stackOffsets.data() + ahead.stack);
                if (!pp.leafEnd.empty())
                    __builtin_prefetch(pp.leafEnd.data() + ahead.stack);
            }
            if (rank + kAhead < end) {
                const SourceStack &ahead = sources[out.sourceOfRank[rank + kAhead]];
                const auto locs = locationsOf(ahead, prepared[ahead.profile]);
                if (!locs.empty()) {
                    __builtin_prefetch(&locs.front());
                    __builtin_prefetch(&locs.back());
                }
            }
            const SourceStack &src = sources[out.sourceOfRank[rank]];
            const PreparedProfile &pp = prepared[src.profile];
            // Plain pointers: the stores into `frames` must not force reloads of these.
            const uint32_t *const single = pp.locSingleFrame.data();
            const uint64_t *const locOffsets = pp.locOffsets.data();
            const uint32_t *const locFrames = pp.locFrames.data();
            const uint64_t *const start = out.levelStart.data();
            uint32_t *const column = out.frames.get() + rank;
            const std::span<const uint32_t> locs = locationsOf(src, pp);
            uint32_t d = 0;
            for (auto it = locs.rbegin(); it != locs.rend(); ++it) {
                if (single[*it] != kSeveralFrames) {
                    column[start[d++]] = single[*it];
                    continue;
                }
                for (uint64_t f = locOffsets[*it], e = locOffsets[*it + 1]; f < e; ++f)
                    column[start[d++]] = locFrames[f];
            }
        }
    });
    return !cancelled();
}

// A stack on its way down the trie: its rank in the layout and the node it has reached.
struct Cursor
{
    uint32_t rank;
    uint32_t node;
};

// Where a source stack ends in the trie.
struct StackEnd
{
    uint32_t node;
    uint32_t source;
};

// Grows a trie, or the part of it below some nodes, one depth at a time. At each depth
// the stacks still going are kept grouped by their current node, in node order; each
// group is sorted by its next frame and every distinct frame becomes a child. Nodes come
// out breadth-first with children contiguous, and no hash table is needed: the work is a
// few linear passes per depth.
class TrieGrower
{
public:
    // The nodes this grower adds are numbered from `firstNode` on.
    TrieGrower(const DepthLayout &layout, uint32_t firstNode)
        : m_layout(layout), m_firstNode(firstNode)
    {}

    std::vector<Cursor> cursors;           // at the current depth, grouped by node in node order
    std::vector<uint32_t> parents, frames; // of nodes firstNode, firstNode + 1, ...
    std::vector<uint32_t> levelEnds;       // one past the last node of each level added
    std::vector<StackEnd> ends;            // in node order

    uint32_t nextNode() const { return m_firstNode + uint32_t(parents.size()); }
    // The first node of the level the cursors are at.
    uint32_t cursorLevelBegin() const
    {
        return levelEnds.size() > 1 ? levelEnds.end()[-2] : m_firstNode;
    }

    // Frees what only growing needs.
    void stopGrowing()
    {
        freeNow(cursors);
        freeNow(m_next);
        freeNow(m_keys);
        freeNow(m_scratch);
    }

    // Adds the level below the cursors, which are at `depth`.
    void grow(uint32_t depth)
    {
        const uint32_t *levelFrames = m_layout.frames.get() + m_layout.levelStart[depth];
        const uint32_t goesDeeper = m_layout.reaching[depth + 1]; // ranks below this go on
        // A cursor makes at most one node: fault in that much room ahead (reserved).
        const size_t room = std::min(cursors.size(), parents.capacity() - parents.size());
        prefaultPages(parents.data() + parents.size(), room * sizeof(uint32_t));
        prefaultPages(frames.data() + frames.size(), room * sizeof(uint32_t));
        m_next.clear();
        for (size_t i = 0; i < cursors.size();) {
            const uint32_t parent = cursors[i].node;
            size_t j = i;
            m_keys.clear();
            for (; j < cursors.size() && cursors[j].node == parent; ++j) {
                if (j + 16 < cursors.size())
                    __builtin_prefetch(levelFrames + cursors[j + 16].rank);
                m_keys.push_back((uint64_t(levelFrames[cursors[j].rank]) << 32) | uint32_t(j - i));
            }
            if (m_keys.size() >= kRadixSortFrom)
                sortByHighWord(m_keys, m_scratch);
            else if (m_keys.size() > 1)
                std::sort(m_keys.begin(), m_keys.end());
            uint32_t previousFrame = 0, node = 0;
            for (size_t k = 0; k < m_keys.size(); ++k) {
                const uint32_t frame = uint32_t(m_keys[k] >> 32);
                if (k == 0 || frame != previousFrame) {
                    node = nextNode();
                    parents.push_back(parent);
                    frames.push_back(frame);
                    previousFrame = frame;
                }
                const uint32_t rank = cursors[i + uint32_t(m_keys[k])].rank;
                if (rank < goesDeeper)
                    m_next.push_back({rank, node});
                else
                    ends.push_back({node, m_layout.sourceOfRank[rank]});
            }
            i = j;
        }
        cursors.swap(m_next);
        levelEnds.push_back(nextNode());
    }

private:
    const DepthLayout &m_layout;
    uint32_t m_firstNode;
    std::vector<Cursor> m_next;
    std::vector<uint64_t> m_keys; // frame << 32 | position in group
    std::vector<uint64_t> m_scratch;
};

// Where to split the nodes the cursors are at into two runs with about as many cursors
// each, for two threads to grow the trie below each. 0 when no split is worth it.
uint32_t balancedSplit(const std::vector<Cursor> &cursors, uint64_t framesAhead)
{
    if (framesAhead < kParallelFrames)
        return 0;
    // The cursors are grouped by node, in node order: the best split is at the start of
    // the group that holds the middle cursor, or of the group after it.
    const size_t middle = cursors.size() / 2;
    size_t begin = middle, end = middle;
    while (begin > 0 && cursors[begin - 1].node == cursors[middle].node)
        --begin;
    while (end < cursors.size() && cursors[end].node == cursors[middle].node)
        ++end;
    const size_t at = begin >= cursors.size() - end ? begin : end;
    const size_t larger = std::max(at, cursors.size() - at);
    return larger * 5 <= cursors.size() * 3 ? cursors[at].node : 0; // at most 60% on one side
}

// A split trie's numbering: the root and the top levels as grown, then, level by level,
// the first half's nodes and the second's. Each half numbers its nodes locally, starting
// with the nodes of the split level it grows from.
class MergedNumbering
{
public:
    MergedNumbering(const TrieGrower (&halves)[2], uint32_t levelBegin, uint32_t split,
                    uint32_t levelEnd)
    {
        const uint32_t startNodes[2] = {split - levelBegin, levelEnd - split};
        size_t levels = 1;
        for (int h = 0; h < 2; ++h)
            levels = std::max(levels, halves[h].levelEnds.size() + 1);
        // localBegin[h][l]: half h's first local node of level l (0: the split level).
        for (int h = 0; h < 2; ++h) {
            m_localBegin[h] = {0, startNodes[h]};
            for (size_t l = 2; l <= levels; ++l) {
                const std::vector<uint32_t> &ends = halves[h].levelEnds;
                m_localBegin[h].push_back(l - 2 < ends.size() ? ends[l - 2]
                                                              : m_localBegin[h].back());
            }
        }
        int64_t globalBegin = levelBegin;
        for (size_t l = 0; l < levels; ++l) {
            const int64_t firstSize = m_localBegin[0][l + 1] - m_localBegin[0][l];
            m_delta[0].push_back(globalBegin - m_localBegin[0][l]);
            m_delta[1].push_back(globalBegin + firstSize - m_localBegin[1][l]);
            globalBegin += firstSize + (m_localBegin[1][l + 1] - m_localBegin[1][l]);
        }
        m_nodeCount = uint32_t(globalBegin);
    }

    uint32_t nodeCount() const { return m_nodeCount; }
    size_t levels() const { return m_delta[0].size(); }
    uint32_t localBegin(int half, size_t level) const { return m_localBegin[half][level]; }
    uint32_t global(int half, size_t level, uint32_t local) const
    {
        return uint32_t(local + m_delta[half][level]);
    }

private:
    std::vector<uint32_t> m_localBegin[2]; // levels() + 1 entries
    std::vector<int64_t> m_delta[2];       // local -> global, per level
    uint32_t m_nodeCount = 0;
};

// Builds the trie. The top levels are grown here until the nodes of a level can be split
// into two runs of about equal work; the trie below each run is then grown on its own
// thread, and the two are merged level by level: at every depth the first run's nodes
// come before the second's, as in a breadth-first order of the whole trie, since all
// their parents do. The result is the same as growing it all here.
bool Builder::buildTrie(const std::vector<PreparedProfile> &prepared)
{
    const size_t columns = m_t.columns.size();
    if (!fillLayout(prepared))
        return false;
    DepthLayout &layout = m_layout;
    const std::vector<SourceStack> &sources = m_sources;

    // The top grower starts with the root, and its arrays become the table's.
    TrieGrower top(layout, StackTable::kRoot);
    // At most one node per frame: reserving is free until touched, and saves copies.
    reserveLarge(top.parents, layout.levelStart.back() + 1);
    reserveLarge(top.frames, layout.levelStart.back() + 1);
    top.parents.push_back(StackTable::kRoot);
    top.frames.push_back(StackTable::kNoFrame);
    top.levelEnds.push_back(1);
    for (uint32_t rank = 0; rank < layout.sourceOfRank.size(); ++rank) {
        if (rank < layout.reaching[0])
            top.cursors.push_back({rank, StackTable::kRoot});
        else
            top.ends.push_back({StackTable::kRoot, layout.sourceOfRank[rank]});
    }
    ConsumedPages consumedLayout(layout.frames.get());
    uint32_t depth = 0, split = 0;
    for (; !top.cursors.empty(); ++depth) {
        if (cancelled())
            return false;
        const uint64_t framesAhead = layout.levelStart.back() - layout.levelStart[depth];
        if (top.levelEnds.back() - top.cursorLevelBegin() > 1 &&
            (split = balancedSplit(top.cursors, framesAhead)) != 0)
            break;
        top.grow(depth);
        consumedLayout.release(layout.frames.get() + layout.levelStart[depth + 1]);
    }

    // Each half numbers its nodes locally: first those of the split level it grows from,
    // then the ones it adds.
    const uint32_t levelBegin = split ? top.cursorLevelBegin() : 0;
    const uint32_t levelEnd = split ? top.levelEnds.back() : 0;
    TrieGrower halves[2] = {TrieGrower(layout, split - levelBegin),
                            TrieGrower(layout, levelEnd - split)};
    if (split) {
        // Each half adds at most a node per frame ahead: reserving is free until touched.
        const uint64_t framesAhead = layout.levelStart.back() - layout.levelStart[depth];
        for (int h = 0; h < 2; ++h) {
            halves[h].parents.reserve(framesAhead);
            halves[h].frames.reserve(framesAhead);
        }
        for (const Cursor &c : top.cursors) {
            if (c.node < split)
                halves[0].cursors.push_back({c.rank, c.node - levelBegin});
            else
                halves[1].cursors.push_back({c.rank, c.node - split});
        }
    }
    top.stopGrowing();
    if (split) {
        // Both halves read every level of the layout: a level is dead once both are past it.
        std::mutex releasing;
        uint32_t passed[2] = {depth, depth};
        auto growHalf = [&](int h) {
            for (uint32_t d = depth; !halves[h].cursors.empty() && !cancelled(); ++d) {
                halves[h].grow(d);
                std::lock_guard lock(releasing);
                passed[h] = halves[h].cursors.empty() ? uint32_t(layout.reaching.size()) : d + 1;
                const uint32_t dead = std::min(passed[0], passed[1]);
                if (dead < layout.levelStart.size())
                    consumedLayout.release(layout.frames.get() + layout.levelStart[dead]);
            }
        };
        inParallel(
            [&] {
                growHalf(0);
                halves[0].stopGrowing();
            },
            [&] {
                growHalf(1);
                halves[1].stopGrowing();
            });
        if (cancelled())
            return false;
    }
    layout = {};

    // The nodes: the root and the top levels, then the halves' levels interleaved, added
    // in order so that the table's arrays are written once (not zeroed first). One thread
    // adds the parents, the other the frames, each giving the halves' pages back as it goes.
    const MergedNumbering numbering(halves, levelBegin, split, levelEnd);
    auto appendHalves = [&](bool parents) {
        std::vector<uint32_t> &out = parents ? top.parents : top.frames;
        std::vector<uint32_t> *from[2] = {parents ? &halves[0].parents : &halves[0].frames,
                                          parents ? &halves[1].parents : &halves[1].frames};
        ConsumedPages consumed[2] = {ConsumedPages(from[0]->data()),
                                     ConsumedPages(from[1]->data())};
        for (size_t l = 1; l < numbering.levels(); ++l) {
            // Faulted in a level at a time, as the halves' pages go back.
            const size_t levelNodes = numbering.localBegin(0, l + 1) - numbering.localBegin(0, l) +
                                      numbering.localBegin(1, l + 1) - numbering.localBegin(1, l);
            prefaultPages(out.data() + out.size(), levelNodes * sizeof(uint32_t));
            for (int h = 0; h < 2; ++h) {
                const uint32_t *stored = from[h]->data(); // from its first added node on
                const uint32_t first = numbering.localBegin(h, 1);
                const uint32_t begin = numbering.localBegin(h, l) - first;
                const uint32_t end = numbering.localBegin(h, l + 1) - first;
                for (uint32_t i = begin; i < end; ++i)
                    out.push_back(parents ? numbering.global(h, l - 1, stored[i]) : stored[i]);
                consumed[h].release(stored + end);
            }
        }
        freeNow(*from[0]);
        freeNow(*from[1]);
    };
    if (split) {
        inParallel([&] { appendHalves(true); }, [&] { appendHalves(false); });
        for (int h = 0; h < 2; ++h) {
            size_t l = 1;
            for (StackEnd &end : halves[h].ends) {
                while (end.node >= numbering.localBegin(h, l + 1))
                    ++l;
                end.node = numbering.global(h, l, end.node);
            }
        }
    }
    const uint32_t n = uint32_t(top.parents.size());
    m_t.nodeParents = std::move(top.parents);
    m_t.nodeFrames = std::move(top.frames);

    // The growing's scratch is all freed: hand it back before the last arrays are made.
    returnFreedMemory();

    // Children ranges: the parents of a breadth-first order never decrease, and the
    // children of node n come right after those of node n - 1. Each thread takes half of
    // the nodes, the second one first finding where its first node's children begin.
    const std::vector<uint32_t> &parents = m_t.nodeParents;
    m_t.nodeChildBegin = freshLargeArray<uint32_t>(size_t(n) + 1, 0);
    auto childRanges = [&](uint32_t begin, uint32_t end) {
        uint32_t child =
            uint32_t(std::lower_bound(parents.begin() + 1, parents.end(), begin) - parents.begin());
        for (uint32_t node = begin; node < end; ++node) {
            m_t.nodeChildBegin[node] = child;
            while (child < n && parents[child] == node)
                ++child;
        }
    };
    if (n >= kParallelFrames)
        inParallel([&] { childRanges(0, n / 2); }, [&] { childRanges(n / 2, n + 1); });
    else
        childRanges(0, n + 1);

    // Unique stacks: sources that end at the same node are one stack. Each thread sums
    // about half of the ends, split where a node's run of ends begins.
    std::vector<StackEnd> ends = std::move(top.ends);
    const size_t topEnds = ends.size();
    ends.resize(topEnds + halves[0].ends.size() + halves[1].ends.size());
    std::merge(halves[0].ends.begin(), halves[0].ends.end(), halves[1].ends.begin(),
               halves[1].ends.end(), ends.begin() + ptrdiff_t(topEnds),
               [](const StackEnd &a, const StackEnd &b) { return a.node < b.node; });
    freeNow(halves[0].ends);
    freeNow(halves[1].ends);
    if (m_options.keepLabels) {
        m_nodeOfSource.assign(sources.size(), kNone);
        for (const StackEnd &end : ends)
            m_nodeOfSource[end.source] = end.node;
    }
    size_t splitEnd = ends.size() / 2;
    while (splitEnd > 0 && splitEnd < ends.size() && ends[splitEnd].node == ends[splitEnd - 1].node)
        ++splitEnd;
    size_t stacks = 0, stacksBeforeSplit = 0;
    for (size_t i = 0; i < ends.size(); ++i) {
        if (i == splitEnd)
            stacksBeforeSplit = stacks;
        stacks += i == 0 || ends[i].node != ends[i - 1].node;
    }
    m_t.stackNodes = freshLargeArray<uint32_t>(stacks, 0);
    m_t.stackValues = freshLargeArray<int64_t>(stacks * columns, 0);
    auto sumEnds = [&](size_t begin, size_t end, size_t stack) {
        for (size_t i = begin; i < end; ++i) {
            if (i + 8 < end) {
                const SourceStack &ahead = sources[ends[i + 8].source];
                __builtin_prefetch(prepared[ahead.profile].values.data() + ahead.stack * columns);
            }
            if (i > begin && ends[i].node != ends[i - 1].node)
                ++stack;
            m_t.stackNodes[stack] = ends[i].node;
            const SourceStack &src = sources[ends[i].source];
            const int64_t *v = prepared[src.profile].values.data() + size_t(src.stack) * columns;
            int64_t *out = m_t.stackValues.data() + stack * columns;
            for (size_t c = 0; c < columns; ++c)
                out[c] = addSaturating(out[c], v[c]);
        }
    };
    if (ends.size() >= kParallelStacks)
        inParallel([&] { sumEnds(0, splitEnd, 0); },
                   [&] { sumEnds(splitEnd, ends.size(), stacksBeforeSplit); });
    else
        sumEnds(0, ends.size(), 0);
    return true;
}

void Builder::finishOrigins()
{
    if (m_options.origins == FrameOriginMode::None)
        return;
    std::sort(m_frameOrigins.begin(), m_frameOrigins.end());
    m_frameOrigins.erase(std::unique(m_frameOrigins.begin(), m_frameOrigins.end()),
                         m_frameOrigins.end());
    FrameOrigins &o = m_t.origins;
    o.offsets.assign(m_t.frames.size() + 1, 0);
    o.list.reserve(m_frameOrigins.size());
    for (uint64_t frameOrigin : m_frameOrigins) {
        ++o.offsets[(frameOrigin >> 32) + 1];
        o.list.push_back(uint32_t(frameOrigin));
    }
    for (size_t f = 1; f < o.offsets.size(); ++f)
        o.offsets[f] += o.offsets[f - 1];
    freeNow(m_frameOrigins);
}

void Builder::collectLabels(const std::vector<SampleReader> &readers)
{
    const size_t columns = m_t.columns.size();
    auto sets = std::make_shared<LabelSets>();
    auto out = std::make_shared<StackLabels>();
    out->columns = columns;
    std::vector<std::vector<uint32_t>> sourceOf(readers.size());
    for (size_t k = 0; k < readers.size(); ++k)
        sourceOf[k].assign(readers[k].p.stackCount(), kNone);
    for (uint32_t i = 0; i < m_sources.size(); ++i)
        sourceOf[m_sources[i].profile][m_sources[i].stack] = i;
    for (size_t k = 0; k < readers.size(); ++k) {
        const SampleReader &read = readers[k];
        const Profile &p = read.p;
        std::vector<uint32_t> setOf(p.labelSetOffsets.size() - 1, kNone);
        for (size_t i = 0; i < p.sampleCount(); ++i) {
            const uint32_t source = sourceOf[k][p.sampleStacks[i]];
            if (source == kNone || m_nodeOfSource[source] == kNone)
                continue; // a stack whose samples sum to nothing
            uint32_t &set = setOf[p.labelSetOf(i)];
            if (set == kNone)
                set = sets->internFrom(p, p.labelSetOf(i));
            out->nodes.push_back(m_nodeOfSource[source]);
            out->sets.push_back(set);
            for (size_t c = 0; c < columns; ++c)
                out->values.push_back(read(i, c));
        }
    }
    freeNow(m_nodeOfSource);
    out->labelSets = std::move(sets);
    out->normalize();
    m_t.sampleLabels = std::move(out);
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

    {
        Builder builder(t, options);
        std::vector<PreparedProfile> prepared(profiles.size());
        size_t samples = 0;
        // Stacks' depths then depend on their frames (drop_frames, -prune_from).
        bool dropping = !options.pruneFrom.empty();
        for (size_t i = 0; i < profiles.size(); ++i) {
            prepared[i].profile = profiles[i].get();
            samples += profiles[i]->sampleCount();
            dropping = dropping || (options.dropFrames && profiles[i]->dropFrames != 0);
        }
        // Bases are subtracted; -normalize scales the others to the bases' sums.
        const std::vector<double> baseScale(t.columns.size(), -1.0);
        std::vector<double> plainScale;
        if (options.normalize)
            plainScale = normalizingScale(profiles, maps, options.roles, t.columns.size());
        // The frames (interning strings, on this thread) do not depend on the samples'
        // sums and the stacks' ranks by depth (on a helper), unless drop_frames cuts.
        bool framesDone = true, samplesDone = true;
        auto frames = [&] {
            for (size_t i = 0; i < profiles.size() && framesDone; ++i) {
                mergeHeader(t.header, *profiles[i], i == 0);
                for (const std::string &w : profiles[i]->warnings)
                    t.warnings.push_back(w);
                framesDone = builder.prepareFrames(*profiles[i], prepared[i]);
            }
        };
        std::vector<SampleReader> readers;
        for (size_t i = 0; i < profiles.size(); ++i) {
            const ProfileRole role =
                i < options.roles.size() ? options.roles[i] : ProfileRole::Plain;
            readers.push_back({*profiles[i], maps[i],
                               role == ProfileRole::Plain ? plainScale : baseScale,
                               role == ProfileRole::DiffBase});
        }
        auto sums = [&] {
            for (size_t i = 0; i < profiles.size() && samplesDone; ++i)
                samplesDone = builder.sumSamples(readers[i], prepared[i]);
            if (samplesDone)
                builder.finishTotals(readers);
            samplesDone = samplesDone && (dropping || builder.rankByDepth(prepared, false, false));
        };
        if (samples >= kParallelStacks) {
            inParallel(frames, sums);
        } else {
            frames();
            sums();
        }
        if (!framesDone || !samplesDone ||
            (dropping && !builder.rankByDepth(prepared, true, true)) ||
            !builder.buildTrie(prepared)) {
            *error = "cancelled";
            return std::nullopt;
        }
        builder.finishOrigins();
        if (options.keepLabels)
            builder.collectLabels(readers);
    }
    returnFreedMemory();
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
