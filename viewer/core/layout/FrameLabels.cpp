#include "FrameLabels.h"

#include <cctype>

namespace embers::labels {

namespace {

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

} // namespace

std::string dropArguments(std::string_view name)
{
    std::string_view s = name;
    // Trailing qualifiers of a member function: "f() const &".
    for (bool trimmed = true; trimmed;) {
        trimmed = false;
        for (std::string_view q : {" const", " volatile", " &&", " &", " noexcept"}) {
            if (endsWith(s, q)) {
                s.remove_suffix(q.size());
                trimmed = true;
            }
        }
    }
    if (s.empty() || s.back() != ')')
        return std::string(name);
    int depth = 0;
    for (size_t i = s.size(); i-- > 0;) {
        if (s[i] == ')') {
            ++depth;
        } else if (s[i] == '(' && --depth == 0) {
            std::string_view head = s.substr(0, i);
            if (i == 0 || endsWith(head, "operator"))
                return std::string(name);
            return std::string(head);
        }
    }
    return std::string(name);
}

std::string collapseTemplates(std::string_view name)
{
    std::string out;
    out.reserve(name.size());
    int depth = 0;
    for (size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        // operator<, operator<<, operator<=>, operator->, operator>> are not brackets.
        if ((c == '<' || c == '>') && endsWith(name.substr(0, i), "operator")) {
            size_t j = i;
            while (j < name.size() && (name[j] == '<' || name[j] == '>' || name[j] == '='))
                ++j;
            if (depth == 0)
                out.append(name.substr(i, j - i));
            i = j - 1;
            continue;
        }
        if (c == '>' && i > 0 && name[i - 1] == '-') { // "->"
            if (depth == 0)
                out += c;
            continue;
        }
        if (c == '<') {
            if (depth++ == 0)
                out += "<\xE2\x80\xA6";
        } else if (c == '>') {
            if (depth == 0)
                return std::string(name); // unbalanced: leave it alone
            if (--depth == 0)
                out += '>';
        } else if (depth == 0) {
            out += c;
        }
    }
    return depth == 0 ? out : std::string(name);
}

std::string dropPackagePath(std::string_view name)
{
    int depth = 0;
    size_t cut = std::string_view::npos;
    for (size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (c == '(' || c == '<' || c == '[')
            ++depth;
        else if ((c == ')' || c == '>' || c == ']') && depth > 0)
            --depth;
        else if (c == '/' && depth == 0)
            cut = i;
    }
    if (cut == std::string_view::npos || cut + 1 >= name.size())
        return std::string(name);
    return std::string(name.substr(cut + 1));
}

std::string dropLeadingQualifier(std::string_view name)
{
    // C++: the first "::" outside brackets.
    int depth = 0;
    for (size_t i = 0; i + 1 < name.size(); ++i) {
        const char c = name[i];
        if (c == '(' || c == '<' || c == '[')
            ++depth;
        else if ((c == ')' || c == '>' || c == ']') && depth > 0)
            --depth;
        else if (depth == 0 && c == ':' && name[i + 1] == ':')
            return i > 0 && i + 2 < name.size() ? std::string(name.substr(i + 2))
                                                : std::string(name);
    }
    // Go, Java, JavaScript: a leading identifier and a '.'.
    size_t i = 0;
    while (i < name.size() && (std::isalnum(static_cast<unsigned char>(name[i])) || name[i] == '_'))
        ++i;
    if (i > 0 && i + 1 < name.size() && name[i] == '.')
        return std::string(name.substr(i + 1));
    return std::string(name);
}

std::vector<std::string> shortenings(std::string_view name)
{
    std::vector<std::string> out;
    std::string current(name);
    auto add = [&](std::string next) {
        if (next == current || next.empty())
            return false;
        out.push_back(next);
        current = std::move(next);
        return true;
    };
    for (auto step : {dropArguments, collapseTemplates, dropPackagePath})
        add(step(current));
    while (add(dropLeadingQualifier(current))) {
    }
    return out;
}

} // namespace embers::labels
