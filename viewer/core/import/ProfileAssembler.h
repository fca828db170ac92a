// ProfileAssembler: builds a Profile from frames named in code, for the formats that are
// not pprof (Chrome .cpuprofile/.heapprofile, folded stacks). Strings, functions and
// locations are interned by content and stacks deduplicated, so the result is the same
// model the pprof decoder makes and every view, table and comparison works on it.
#pragma once

#include "Profile.h"

#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace embers {

class SequenceInterner;

// A profile read from a format other than pprof, or why it could not be.
struct ImportResult
{
    std::shared_ptr<Profile> profile; // null on error
    std::string error;                // what is wrong, without the file name
};

// Sample types as (type, unit).
using SampleTypeNames = std::vector<std::pair<std::string, std::string>>;

class ProfileAssembler
{
public:
    // The last sample type is the default, as in pprof.
    explicit ProfileAssembler(const SampleTypeNames &sampleTypes);
    ~ProfileAssembler();

    Profile &profile() { return *m_p; }
    StringId string(std::string_view s);

    // The location of one source frame: function `name` in `file`, starting at
    // `startLine`:`startColumn`, executing at `line`:`column`. Equal arguments give the
    // same location. Functions are told apart by all of name, file, start line and start
    // column, as V8 does.
    uint32_t location(std::string_view name, std::string_view file, int64_t startLine,
                      int64_t startColumn, int64_t line, int64_t column);

    // One sample: its stack (location indices, leaf first, as in pprof) and one value per
    // sample type.
    void addSample(std::span<const uint32_t> stackLeafFirst, std::span<const int64_t> values);

    std::shared_ptr<Profile> finish();

private:
    std::shared_ptr<Profile> m_p = std::make_shared<Profile>();
    std::unordered_map<std::string, StringId> m_strings;
    std::map<std::tuple<StringId, StringId, int64_t, int64_t>, uint32_t> m_functions;
    std::map<std::tuple<uint32_t, int64_t, int64_t>, uint32_t> m_locations;
    std::unique_ptr<SequenceInterner> m_stacks;
};

} // namespace embers
