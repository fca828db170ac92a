// What the analysis fuzz targets share: their input is a recipe of kRecipeBytes bytes
// (which transforms, patterns, frames, sample type...) followed by a profile in any format
// the open path reads, so libFuzzer mutates both the profile and what is done with it.
// Also the oracles they check against: a table's stacks by frame names, and the sums of
// its values, which do not depend on frame ids or trie order.
#pragma once

#include "ProfileLoader.h"
#include "StackLabels.h"
#include "StackTable.h"
#include "Transform.h"

#include <QByteArray>
#include <QRegularExpression>
#include <QString>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace embers::fuzz {

inline constexpr size_t kRecipeBytes = 32;

// Reads the recipe's choices from its bytes, first to last; zeros once they run out.
class Recipe
{
public:
    explicit Recipe(const uint8_t *data) : m_data(data) {}

    uint8_t byte() { return m_at < kRecipeBytes ? m_data[m_at++] : 0; }
    bool flag() { return byte() & 1; }
    // An integer in [low, high], from as few bytes as the range needs.
    template <typename T> T inRange(T low, T high)
    {
        const uint64_t range = uint64_t(high) - uint64_t(low);
        uint64_t v = 0;
        for (uint64_t left = range; left != 0; left >>= 8)
            v = (v << 8) | byte();
        return T(uint64_t(low) + (range == UINT64_MAX ? v : v % (range + 1)));
    }
    // A probability in [0, 1].
    double fraction() { return double(inRange<uint32_t>(0, UINT32_MAX)) / double(UINT32_MAX); }

private:
    const uint8_t *m_data;
    size_t m_at = 0;
};

// An invariant broke: say which, and abort so that libFuzzer keeps the input.
[[noreturn]] inline void fail(const char *what)
{
    std::fprintf(stderr, "invariant broken: %s\n", what);
    std::abort();
}
inline void check(bool holds, const char *what)
{
    if (!holds)
        fail(what);
}

// The profile after the recipe, or null when it does not open (the open target covers
// that path).
inline ProfilePtr openAfterRecipe(const uint8_t *data, size_t size)
{
    if (size <= kRecipeBytes)
        return nullptr;
    LoadOptions load;
    load.maxInflatedBytes = 64 << 20; // keep each input cheap
    const QByteArray bytes(reinterpret_cast<const char *>(data + kRecipeBytes),
                           int(size - kRecipeBytes));
    return loadProfileFromBytes(bytes, QStringLiteral("fuzz"), load).profile;
}

inline std::shared_ptr<const StackTable> buildTable(const ProfilePtr &profile,
                                                    const StackTableOptions &options)
{
    std::string error;
    auto table = StackTable::build({profile}, options, &error);
    if (!table)
        return nullptr;
    return std::make_shared<const StackTable>(std::move(*table));
}

// Stacks as the names of their frames, root first, with their values in `column` summed
// where names repeat; stacks whose value is 0 are left out (exports drop them).
using NamedStacks = std::map<std::vector<std::string>, int64_t>;
inline NamedStacks namedStacks(const StackTable &t, size_t column)
{
    NamedStacks out;
    std::vector<uint32_t> frames;
    std::vector<std::string> names;
    for (size_t s = 0; s < t.stackCount(); ++s) {
        t.stackFrames(s, frames);
        names.clear();
        for (uint32_t f : frames)
            names.push_back(t.frameName(f & kFrameMask));
        int64_t &sum = out[names];
        sum = addSaturating(sum, t.value(s, column));
    }
    std::erase_if(out, [](const auto &entry) { return entry.second == 0; });
    return out;
}

// Checks that two tables' stacks are the same, printing the first difference if not.
inline void checkSameStacks(const NamedStacks &a, const NamedStacks &b, const char *what)
{
    if (a == b)
        return;
    auto print = [](const char *side, const NamedStacks &mine, const NamedStacks &other) {
        for (const auto &[names, value] : mine) {
            const auto found = other.find(names);
            if (found != other.end() && found->second == value)
                continue;
            std::string stack;
            for (const std::string &name : names)
                stack += (stack.empty() ? "" : ";") + name;
            std::fprintf(stderr, "%s: [%s] %lld\n", side, stack.c_str(), (long long)value);
            return;
        }
    };
    print("first", a, b);
    print("second", b, a);
    fail(what);
}

// Flat and cum per frame name, from the stacks (a stack counts once for a name it holds
// several times), as pprof's reports sum them.
struct NameCosts
{
    int64_t flat = 0, cum = 0;
    bool operator==(const NameCosts &) const = default;
};
inline std::map<std::string, NameCosts> costsByName(const NamedStacks &stacks)
{
    std::map<std::string, NameCosts> out;
    for (const auto &[names, value] : stacks) {
        if (names.empty())
            continue;
        out[names.back()].flat += value;
        std::vector<std::string> seen = names;
        std::sort(seen.begin(), seen.end());
        seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
        for (const std::string &name : seen)
            out[name].cum += value;
    }
    return out;
}

// Per column: the sum of the values and the sum of their magnitudes.
struct ColumnSums
{
    int64_t values = 0, magnitudes = 0;
};
inline ColumnSums columnSums(const StackTable &t, size_t column)
{
    ColumnSums sums;
    for (size_t s = 0; s < t.stackCount(); ++s) {
        const int64_t v = t.value(s, column);
        sums.values = addSaturating(sums.values, v);
        sums.magnitudes = addSaturating(sums.magnitudes, v < 0 ? subtractSaturating(0, v) : v);
    }
    return sums;
}

// A frame of the table picked by the recipe (kNoFrame for an empty table).
inline uint32_t pickFrame(Recipe &recipe, const StackTable &t)
{
    if (t.frameCount() == 0)
        return StackTable::kNoFrame;
    return recipe.inRange<uint32_t>(0, uint32_t(t.frameCount() - 1));
}

// A regular expression: a piece of a frame's name (escaped or not, so that some do not
// compile), or one of a few shapes that match much, little or nothing.
inline std::string pickPattern(Recipe &recipe, const StackTable &t)
{
    static const char *const shapes[] = {"",   ".",     "^main",  "(",       "[a-z]+\\.", "a|b",
                                         "$^", "(?i)A", "\\.go$", "runtime", "node",      ".*x*"};
    const uint8_t how = recipe.byte();
    const uint32_t frame = pickFrame(recipe, t);
    if (how % 3 == 0 || frame == StackTable::kNoFrame)
        return shapes[how % std::size(shapes)];
    const std::string name = t.strings[t.frames[frame].name];
    const size_t start = recipe.inRange<size_t>(0, name.size());
    const size_t length = recipe.inRange<size_t>(0, 12);
    const std::string piece = name.substr(start, length);
    if (how % 3 == 1)
        return piece;
    return QRegularExpression::escape(QString::fromStdString(piece)).toStdString();
}

// A label key of the table (or a made-up one), and a tag filter on its values.
inline std::string pickLabelKey(Recipe &recipe, const StackTable &t)
{
    if (t.sampleLabels && t.sampleLabels->labelSets) {
        const LabelSets &sets = *t.sampleLabels->labelSets;
        const std::vector<uint32_t> keys = sets.keys();
        if (!keys.empty() && recipe.flag())
            return sets.strings[keys[recipe.inRange<size_t>(0, keys.size() - 1)]];
    }
    static const char *const made[] = {"thread", "bytes", "key,other", "", ","};
    return made[recipe.inRange<size_t>(0, std::size(made) - 1)];
}
inline std::string pickTagFilter(Recipe &recipe, const StackTable &t)
{
    static const char *const values[] = {
        "=.", "=main", "=1kb:4mb", "=:64", "=4mb:", "=(", "", "=0", "=x,y"};
    const std::string key = pickLabelKey(recipe, t);
    const std::string value = values[recipe.inRange<size_t>(0, std::size(values) - 1)];
    return value.empty() ? key : key + value;
}

// One transform of any kind, on what the table has.
inline Transform pickTransform(Recipe &recipe, const StackTable &t)
{
    Transform transform;
    transform.kind = TransformKind(recipe.inRange<int>(0, int(TransformKind::TagLeaf)));
    const uint32_t frame = pickFrame(recipe, t);
    const Frame *picked = frame == StackTable::kNoFrame ? nullptr : &t.frames[frame];
    switch (transform.kind) {
    case TransformKind::Focus:
    case TransformKind::Ignore:
    case TransformKind::Hide:
    case TransformKind::Show:
    case TransformKind::ShowFrom:
        transform.pattern = pickPattern(recipe, t);
        break;
    case TransformKind::TagFocus:
    case TransformKind::TagIgnore:
        transform.pattern = pickTagFilter(recipe, t);
        break;
    case TransformKind::TagRoot:
    case TransformKind::TagLeaf:
        transform.pattern = pickLabelKey(recipe, t);
        break;
    case TransformKind::FocusSubtree:
        if (t.nodeCount() > 1) {
            const auto node = recipe.inRange<uint32_t>(1, uint32_t(t.nodeCount() - 1));
            transform.frames = callPathOf(t, node);
        }
        break;
    case TransformKind::CollapseDirectRecursion:
        if (picked && recipe.flag())
            transform.frames = {frame};
        break;
    case TransformKind::FocusFunction:
    case TransformKind::MergeFunction:
    case TransformKind::DropFunction:
    case TransformKind::CollapseRecursion:
        if (picked)
            transform.frames = {frame};
        break;
    case TransformKind::CollapseFile:
        transform.pattern = picked ? t.strings[picked->file] : std::string("a.go");
        break;
    case TransformKind::CollapsePackage:
        transform.pattern =
            picked ? packageOfFunction(t.strings[picked->name]) : std::string("main");
        break;
    case TransformKind::CollapseLibrary:
        transform.pattern = picked ? t.strings[picked->objfile] : std::string("[vdso]");
        break;
    }
    transform.enabled = recipe.byte() % 8 != 0;
    return transform;
}

} // namespace embers::fuzz
