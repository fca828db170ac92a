// Helpers for the transform suites (tst_transforms, tst_transformcrosscheck): tables built
// from hand-built profiles and transforms applied to them, checked to be well-formed tries.
#pragma once

#include "ProfileBuilder.h"
#include "StackTable.h"
#include "Transform.h"
#include "TrieHelpers.h"

#include <QtGlobal>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace embers::test {

using Stacks = std::map<std::string, int64_t>;
using TablePtr = std::shared_ptr<const StackTable>;

inline TablePtr build(const ProfileBuilder &b, StackTableOptions options = {})
{
    LoadResult r = b.load();
    if (!r.profile)
        qFatal("%s", qPrintable(r.error));
    std::string error;
    auto t = StackTable::build({r.profile}, options, &error);
    if (!t)
        qFatal("%s", error.c_str());
    return std::make_shared<const StackTable>(std::move(*t));
}

inline TablePtr withLabels(const ProfileBuilder &b)
{
    StackTableOptions o;
    o.keepLabels = true;
    return build(b, o);
}

inline uint32_t frameNamed(const StackTable &t, const std::string &name)
{
    for (uint32_t f = 0; f < t.frameCount(); ++f) {
        if (t.frameName(f) == name)
            return f;
    }
    qFatal("no frame %s", name.c_str());
}

inline TablePtr apply(const TablePtr &t, TransformKind kind, const std::string &pattern,
                      std::vector<uint32_t> frames = {}, bool *matched = nullptr)
{
    TransformResult r = applyTransform(t, Transform{kind, pattern, std::move(frames), true});
    if (!r.table)
        qFatal("%s", r.error.c_str());
    if (matched)
        *matched = r.matched;
    const QString problems = trieProblems(*r.table);
    if (!problems.isEmpty())
        qFatal("%s", qPrintable(problems));
    return r.table;
}

// A location with lines innermost first: {"peek", "parse"} is peek inlined into parse.
inline uint64_t inlined(ProfileBuilder &b, std::vector<std::string> innermostFirst)
{
    std::vector<std::pair<std::string, int64_t>> lines;
    for (const std::string &name : innermostFirst)
        lines.push_back({name, 1});
    return b.location(lines);
}

inline std::string functionName(uint32_t i)
{
    std::string name(1, 'f');
    name += std::to_string(i);
    return name;
}

} // namespace embers::test
