#include "FinerFrames.h"

#include "Transform.h"

#include <map>

namespace embers {

int frameMatchScore(const StackTable &from, uint32_t f, const StackTable &to, uint32_t g)
{
    const Frame &a = from.frames[f];
    const Frame &b = to.frames[g];
    const std::string &name = from.strings[a.name];
    if (to.strings[b.name] != name ||
        (name.empty() && to.strings[b.objfile] != from.strings[a.objfile]))
        return 0;
    int score = 1;
    if (a.file != 0 && b.file != 0) {
        if (to.strings[b.file] != from.strings[a.file])
            return 0;
        ++score;
    }
    if (a.line != 0 && b.line != 0) {
        if (b.line != a.line)
            return 0;
        ++score;
    }
    if (a.address != 0 && b.address != 0) {
        if (b.address != a.address)
            return 0;
        ++score;
    }
    return score;
}

std::vector<uint32_t> finerFrames(const StackTable &from, uint32_t frame, const StackTable &to)
{
    std::vector<uint32_t> out;
    frame &= kFrameMask;
    if (frame >= from.frameCount())
        return out;
    int best = 0;
    for (uint32_t g = 0; g < to.frameCount(); ++g) {
        const int score = frameMatchScore(from, frame, to, g);
        if (score == 0 || score < best)
            continue;
        if (score > best) {
            out.clear();
            best = score;
        }
        out.push_back(g);
    }
    return out;
}

std::vector<std::vector<uint32_t>>
finerCallPaths(const StackTable &from, const std::vector<uint32_t> &path, const StackTable &to)
{
    // Per distinct frame of the path (recursion repeats them), which of to's frames stand
    // for it.
    std::map<uint32_t, std::vector<uint8_t>> masks;
    for (uint32_t f : path) {
        auto [it, added] = masks.try_emplace(f & kFrameMask);
        if (!added)
            continue;
        it->second.assign(to.frameCount(), 0);
        for (uint32_t g : finerFrames(from, f, to))
            it->second[g] = 1;
    }
    std::vector<uint32_t> level{StackTable::kRoot}, next;
    for (uint32_t f : path) {
        const std::vector<uint8_t> &mask = masks[f & kFrameMask];
        next.clear();
        for (uint32_t node : level) {
            for (uint32_t c = to.firstChild(node); c < to.childEnd(node); ++c) {
                if (mask[to.nodeFrame(c) & kFrameMask])
                    next.push_back(c);
            }
        }
        std::swap(level, next);
        if (level.empty())
            break;
    }
    std::vector<std::vector<uint32_t>> out;
    if (path.empty())
        return out;
    for (uint32_t node : level)
        out.push_back(callPathOf(to, node));
    return out;
}

} // namespace embers
