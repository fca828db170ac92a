#include "PprofNames.h"

namespace embers {

namespace {

bool looksLikeDemangledCpp(std::string_view name)
{
    if (name.find(".<") != std::string_view::npos) // Java "Class.<init>"
        return false;
    if (name.find("]).") != std::string_view::npos) // Go "pkg.(*T[...]).Method"
        return false;
    return name.find_first_of("<>[]") != std::string_view::npos ||
           name.find("::") != std::string_view::npos;
}

// Removes every outermost open..close group; a stray close leaves the name alone.
std::string removeGroups(std::string name, char open, char close)
{
    int nesting = 0;
    size_t first = 0;
    for (size_t i = 0; i < name.size(); ++i) {
        if (name[i] == open) {
            if (++nesting == 1)
                first = i;
        } else if (name[i] == close) {
            if (--nesting < 0)
                return name;
            if (nesting == 0) {
                name.erase(first, i - first + 1);
                i = first - 1;
            }
        }
    }
    return name;
}

} // namespace

std::string pprofDisplayName(std::string_view name, std::string_view systemName)
{
    if (!name.empty() && systemName != name)
        return std::string(name);
    std::string simplified(systemName);
    if (looksLikeDemangledCpp(simplified)) {
        simplified = removeGroups(std::move(simplified), '(', ')');
        simplified = removeGroups(std::move(simplified), '<', '>');
    }
    return simplified;
}

std::string pprofMatchName(std::string_view name)
{
    if (!name.empty() && name.front() == '.')
        name.remove_prefix(1);
    size_t pos = 0;
    while ((pos = name.find('(', pos)) != std::string_view::npos) {
        if (name.substr(pos).starts_with("(anonymous namespace)")) {
            pos += 21;
            continue;
        }
        if (pos >= 8 && name.substr(pos - 8).starts_with("operator()")) {
            pos += 2;
            continue;
        }
        return std::string(name.substr(0, pos));
    }
    return std::string(name);
}

} // namespace embers
