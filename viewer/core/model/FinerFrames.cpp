#include "FinerFrames.h"

namespace embers {

namespace {

// The frames of `to` with the function name of `frame` (its binary, for a frame without
// one): found by comparing string ids, not strings (a pass comparing 100k names took
// ~5 ms a frame, on the GUI thread).
std::vector<uint32_t> sameNamed(const StackTable &from, uint32_t frame, const StackTable &to)
{
    std::vector<uint32_t> out;
    if (frame >= from.frameCount())
        return out;
    const Frame &f = from.frames[frame];
    const uint32_t name = to.strings.find(from.strings[f.name]);
    if (name == StringPool::kNotFound)
        return out;
    uint32_t objfile = 0;
    if (name == 0 && (objfile = to.strings.find(from.strings[f.objfile])) == StringPool::kNotFound)
        return out;
    for (uint32_t g = 0; g < to.frameCount(); ++g) {
        if (to.frames[g].name == name && (name != 0 || to.frames[g].objfile == objfile))
            out.push_back(g);
    }
    return out;
}

} // namespace

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
    frame &= kFrameMask;
    std::vector<uint32_t> out;
    int best = 0;
    for (uint32_t g : sameNamed(from, frame, to)) {
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

uint32_t nearestFrame(const StackTable &from, uint32_t frame, const StackTable &to)
{
    frame &= kFrameMask;
    uint32_t best = StackTable::kNoFrame;
    int bestScore = 0;
    for (uint32_t g : sameNamed(from, frame, to)) {
        const int score = frameMatchScore(from, frame, to, g);
        if (score > bestScore) {
            best = g;
            bestScore = score;
        }
    }
    return best;
}

} // namespace embers
