#include "ProfileAssembler.h"

#include "SequenceInterner.h"

namespace embers {

ProfileAssembler::ProfileAssembler(const SampleTypeNames &sampleTypes)
    : m_stacks(std::make_unique<SequenceInterner>(m_p->stackOffsets, m_p->stackLocations))
{
    m_strings.emplace(std::string(), 0);
    for (const auto &[type, unit] : sampleTypes)
        m_p->sampleTypes.push_back({string(type), string(unit)});
}

ProfileAssembler::~ProfileAssembler() = default;

StringId ProfileAssembler::string(std::string_view s)
{
    auto [it, added] = m_strings.try_emplace(std::string(s), StringId(m_p->strings.size()));
    if (added)
        m_p->strings.emplace_back(s);
    return it->second;
}

uint32_t ProfileAssembler::location(std::string_view name, std::string_view file, int64_t startLine,
                                    int64_t startColumn, int64_t line, int64_t column)
{
    const StringId nameId = string(name), fileId = string(file);
    auto [fn, newFunction] = m_functions.try_emplace({nameId, fileId, startLine, startColumn},
                                                     uint32_t(m_p->functions.size()));
    if (newFunction)
        m_p->functions.push_back(
            {uint64_t(m_p->functions.size() + 1), nameId, nameId, fileId, startLine});
    auto [loc, newLocation] =
        m_locations.try_emplace({fn->second, line, column}, uint32_t(m_p->locations.size()));
    if (newLocation) {
        Location l;
        l.id = m_p->locations.size() + 1;
        l.firstLine = uint32_t(m_p->lines.size());
        l.lineCount = 1;
        m_p->lines.push_back({fn->second, line, column});
        m_p->locations.push_back(l);
    }
    return loc->second;
}

void ProfileAssembler::addSample(std::span<const uint32_t> stackLeafFirst,
                                 std::span<const int64_t> values)
{
    m_p->sampleStacks.push_back(m_stacks->intern(stackLeafFirst));
    m_p->sampleValues.insert(m_p->sampleValues.end(), values.begin(), values.end());
}

std::shared_ptr<Profile> ProfileAssembler::finish()
{
    m_stacks.reset();
    return std::move(m_p);
}

} // namespace embers
