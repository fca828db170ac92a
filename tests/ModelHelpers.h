// Helpers for tests that need a call tree from a hand-built profile.
#pragma once

#include "CallTree.h"
#include "ProfileBuilder.h"
#include "StackTable.h"

#include <QtGlobal>

#include <memory>
#include <string>
#include <vector>

namespace embers::test {

// The StackTable of a hand-built profile (functions granularity).
inline std::shared_ptr<const StackTable> tableOf(const ProfileBuilder &b)
{
    LoadResult r = b.load();
    if (!r.profile)
        qFatal("%s", qPrintable(r.error));
    std::string error;
    auto t = StackTable::build({r.profile}, StackTableOptions{}, &error);
    if (!t)
        qFatal("%s", error.c_str());
    return std::make_shared<const StackTable>(std::move(*t));
}

inline std::shared_ptr<const CallTree> treeOf(const ProfileBuilder &b, size_t column = 0)
{
    return std::make_shared<const CallTree>(tableOf(b), column);
}

// The node reached from the root through the named functions, or UINT32_MAX.
inline uint32_t nodeOf(const CallTree &tree, const std::vector<std::string> &path)
{
    uint32_t node = CallTree::kRoot;
    for (const std::string &name : path) {
        uint32_t found = UINT32_MAX;
        for (uint32_t c = tree.firstChild(node); c < tree.childEnd(node); ++c) {
            if (tree.stacks().strings[tree.stacks().frames[tree.frame(c)].name] == name)
                found = c;
        }
        if (found == UINT32_MAX)
            return found;
        node = found;
    }
    return node;
}

} // namespace embers::test
