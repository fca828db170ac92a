// Profile: everything a pprof file says, decoded and linked, immutable once built.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace embers {

// Index into Profile::strings. 0 is always the empty string.
using StringId = uint32_t;
// Index into one of the Profile tables; kNone marks "no such entry".
inline constexpr uint32_t kNone = 0xFFFFFFFFu;

struct ValueType
{
    StringId type = 0;
    StringId unit = 0;
};

struct Mapping
{
    uint64_t id = 0;
    uint64_t memoryStart = 0;
    uint64_t memoryLimit = 0;
    uint64_t fileOffset = 0;
    StringId filename = 0;
    StringId buildId = 0;
    bool hasFunctions = false;
    bool hasFilenames = false;
    bool hasLineNumbers = false;
    bool hasInlineFrames = false;
};

struct Function
{
    uint64_t id = 0;
    StringId name = 0;
    StringId systemName = 0;
    StringId filename = 0;
    int64_t startLine = 0;
};

// One source frame at a location. Lines of a location are stored innermost first,
// as in the file: the last line is the out-of-line function containing the address.
struct Line
{
    uint32_t function = kNone; // index into Profile::functions, kNone when unknown
    int64_t line = 0;
    int64_t column = 0;
};

struct Location
{
    uint64_t id = 0;
    uint32_t mapping = kNone; // index into Profile::mappings
    uint64_t address = 0;
    uint32_t firstLine = 0; // range in Profile::lines
    uint32_t lineCount = 0;
    bool isFolded = false;
};

struct Label
{
    StringId key = 0;
    StringId str = 0; // nonzero for a string label
    int64_t num = 0;
    StringId numUnit = 0;
};

// A decoded pprof profile. Samples are kept as flat arrays: each refers to a unique
// location stack (leaf first, as in the file) and a unique label set.
struct Profile
{
    std::vector<std::string> strings{std::string()};

    std::vector<ValueType> sampleTypes;
    StringId defaultSampleType = 0;
    ValueType periodType;
    int64_t period = 0;
    int64_t timeNanos = 0;
    int64_t durationNanos = 0;
    std::vector<StringId> comments;
    StringId dropFrames = 0;
    StringId keepFrames = 0;
    StringId docUrl = 0;

    std::vector<Mapping> mappings;
    std::vector<Function> functions;
    std::vector<Location> locations;
    std::vector<Line> lines;

    // Unique location stacks: stack s is stackLocations[stackOffsets[s] .. stackOffsets[s+1]).
    std::vector<uint64_t> stackOffsets{0};
    std::vector<uint32_t> stackLocations;

    // Unique label sets: set l is labels[labelSetOffsets[l] .. labelSetOffsets[l+1]).
    // Set 0 is the empty set.
    std::vector<uint32_t> labelSetOffsets{0, 0};
    std::vector<Label> labels;

    // Samples: sample i has stack sampleStacks[i], label set labelSetOf(i) and values
    // sampleValues[i * sampleTypes.size() .. +sampleTypes.size()). sampleLabelSets is
    // a set per sample, or empty when every set is 0 (no sample has a label, as in most
    // profiles: a large one saves an array as long as sampleStacks).
    std::vector<uint32_t> sampleStacks;
    std::vector<uint32_t> sampleLabelSets;
    std::vector<int64_t> sampleValues;

    // Things that were wrong but did not stop decoding, for the user to see.
    std::vector<std::string> warnings;

    // Size of the protobuf message (after inflating), in bytes.
    uint64_t messageBytes = 0;

    const std::string &str(StringId id) const { return strings[id]; }
    size_t sampleCount() const { return sampleStacks.size(); }
    uint32_t labelSetOf(size_t sample) const
    {
        return sampleLabelSets.empty() ? 0 : sampleLabelSets[sample];
    }
    size_t stackCount() const { return stackOffsets.size() - 1; }

    // The column pprof shows when none is chosen: default_sample_type if it names a
    // column (first match), else the last column. -1 when there are no sample types.
    int defaultSampleIndex() const;
    // "type/unit" for messages and headers.
    std::string sampleTypeLabel(int index) const;
    // True when some sample carries the label pprof::base=true (a -diff_base profile).
    bool hasDiffBaseSamples() const;
    bool labelSetIsDiffBase(uint32_t labelSet) const;
};

using ProfilePtr = std::shared_ptr<const Profile>;

} // namespace embers
