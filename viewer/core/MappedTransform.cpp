#include "MappedTransform.h"

#include "FinerFrames.h"
#include "Regranulate.h"

#include <algorithm>

namespace embers {

namespace {

// The frame of `to` nearest to `frame` (keeping its inline bit), kNoFrame when none.
uint32_t nearest(const StackTable &from, uint32_t frame, const StackTable &to)
{
    const uint32_t f = mapFrame(from, frame & kFrameMask, to);
    return f == StackTable::kNoFrame ? f : f | (frame & kInlineBit);
}

template <typename T> void appendOnce(std::vector<T> &out, T value)
{
    if (std::find(out.begin(), out.end(), value) == out.end())
        out.push_back(std::move(value));
}

std::vector<uint32_t> mapCallPaths(const std::vector<uint32_t> &paths, const StackTable &from,
                                   const StackTable &to, bool finer)
{
    std::vector<std::vector<uint32_t>> mapped;
    for (auto begin = paths.begin(); begin != paths.end();) {
        const auto end = std::find(begin, paths.end(), StackTable::kNoFrame);
        const std::vector<uint32_t> path(begin, end);
        begin = end == paths.end() ? end : end + 1;
        if (path.empty())
            continue;
        if (finer) {
            for (std::vector<uint32_t> &p : finerCallPaths(from, path, to))
                appendOnce(mapped, std::move(p));
            continue;
        }
        std::vector<uint32_t> p;
        for (uint32_t frame : path) {
            const uint32_t f = nearest(from, frame, to);
            if (f == StackTable::kNoFrame)
                break;
            p.push_back(f);
        }
        if (p.size() == path.size())
            appendOnce(mapped, std::move(p));
    }
    std::vector<uint32_t> out;
    for (const std::vector<uint32_t> &p : mapped) {
        if (!out.empty())
            out.push_back(StackTable::kNoFrame);
        out.insert(out.end(), p.begin(), p.end());
    }
    return out;
}

} // namespace

std::vector<uint32_t> mapTransformFrames(const Transform &t, const StackTable &from,
                                         const StackTable &to)
{
    const bool finer = to.granularity > from.granularity;
    if (t.kind == TransformKind::FocusSubtree)
        return mapCallPaths(t.frames, from, to, finer);
    // Every other kind with frames takes them as a set of functions.
    std::vector<uint32_t> out;
    for (uint32_t frame : t.frames) {
        if (finer) {
            for (uint32_t f : finerFrames(from, frame, to))
                appendOnce(out, f | (frame & kInlineBit));
        } else if (const uint32_t f = nearest(from, frame, to); f != StackTable::kNoFrame) {
            appendOnce(out, f);
        }
    }
    return out;
}

} // namespace embers
