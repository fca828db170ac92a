// StringPool: interns strings by content, so frames from different profiles that name
// the same function compare equal by index.
#pragma once

#include "Hashing.h"

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>

namespace embers {

class StringPool
{
public:
    StringPool() { intern({}); }

    uint32_t intern(std::string_view s)
    {
        auto it = m_index.find(s);
        if (it != m_index.end())
            return it->second;
        m_strings.emplace_back(s);
        uint32_t id = uint32_t(m_strings.size() - 1);
        m_index.emplace(m_strings.back(), id);
        return id;
    }

    const std::string &operator[](uint32_t id) const { return m_strings[id]; }
    size_t size() const { return m_strings.size(); }

private:
    struct Hash
    {
        size_t operator()(std::string_view s) const { return size_t(hashBytes(s)); }
    };
    std::deque<std::string> m_strings; // stable addresses for the views in m_index
    std::unordered_map<std::string_view, uint32_t, Hash> m_index;
};

} // namespace embers
