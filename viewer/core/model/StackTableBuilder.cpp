#include "StackTableBuilder.h"

#include "FreedMemory.h"
#include "LargeArrays.h"
#include "PprofNames.h"
#include "SourcePaths.h"
#include "StackLabels.h"
#include "Units.h"
#include "ValueRange.h"

#include <QRegularExpression>
#include <QString>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <unordered_map>

namespace embers::stackbuild {

// How one profile's columns map onto the merged columns.
struct ColumnMap
{
    std::vector<int> source;   // merged column -> profile column
    std::vector<double> ratio; // unit conversion to the merged unit
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
            v = scaled(v, scale[c]);
        if (map.ratio[c] != 1)
            v = scaled(v, map.ratio[c]);
        return v;
    }
    // v x s rounded; past the 64-bit range INT64_MIN, which the sums refuse (ValueRange.h).
    static int64_t scaled(int64_t v, double s)
    {
        const double x = double(v) * s;
        return std::abs(x) < 0x1p63 ? int64_t(std::llround(x)) : INT64_MIN;
    }
};

namespace {

// Whether cleanPath() (Go's filepath.Clean, which pprof applies to source file names)
// would return the path unchanged, as it does for most: no empty, "." or ".." part and no
// trailing slash.
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

} // namespace

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
            // Every sum of these values is at most the sum of their magnitudes: with that
            // in range, nothing below can overflow (-2^63 has no 64-bit magnitude).
            if (v == INT64_MIN || __builtin_add_overflow(m_total[c], magnitudeOf(v), &m_total[c])) {
                m_beyondColumn = int(c);
                return false;
            }
            sums[c] += v;
            m_anyNegative = m_anyNegative || v < 0;
            if (base)
                m_baseTotal[c] += magnitudeOf(v);
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
                const int64_t a = magnitudeOf(groups[gi * columns + c]);
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
            // FileFunctions: V8's unnamed functions of one file kept apart by where they
            // start (a sampled line inside one is still the same function).
            f.line = g == Granularity::FileFunctions && fn.startLine > 0 ? fn.startLine : line.line;
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

} // namespace embers::stackbuild

namespace embers {

std::optional<StackTable> StackTable::build(const std::vector<ProfilePtr> &profiles,
                                            const StackTableOptions &options, std::string *error)
{
    using namespace stackbuild;
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
        if (const int c = builder.beyondColumn(); c >= 0) {
            *error = valuesBeyondRangeMessage(t.columns[size_t(c)]);
            return std::nullopt;
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

} // namespace embers
