#include "MappedTransform.h"

#include <algorithm>

namespace embers {

namespace {

void appendOnce(std::vector<uint32_t> &out, uint32_t value)
{
    if (std::find(out.begin(), out.end(), value) == out.end())
        out.push_back(value);
}

} // namespace

TransformFrameMap::TransformFrameMap(const StackTable &from, const StackTable &to)
    : m_from(from), m_to(to), m_finer(to.granularity > from.granularity)
{}

// The frames of `to` that `frame` stands for, with its inline bit.
std::vector<uint32_t> TransformFrameMap::mapped(uint32_t frame) const
{
    const uint32_t inlined = frame & kInlineBit;
    std::vector<uint32_t> out;
    if (m_finer) {
        out = finerFrames(m_from, frame, m_to);
    } else if (const uint32_t f = nearestFrame(m_from, frame, m_to); f != StackTable::kNoFrame) {
        out.push_back(f);
    }
    for (uint32_t &f : out)
        f |= inlined;
    return out;
}

std::vector<uint32_t> TransformFrameMap::frames(const Transform &t) const
{
    if (t.kind == TransformKind::FocusSubtree) {
        // Each depth's frames mapped; nothing when a depth has none left.
        std::vector<std::vector<uint32_t>> steps;
        for (const std::vector<uint32_t> &step : callPathSteps(t.frames)) {
            std::vector<uint32_t> frames;
            for (uint32_t frame : step) {
                for (uint32_t f : mapped(frame))
                    appendOnce(frames, f);
            }
            if (frames.empty())
                return {};
            steps.push_back(std::move(frames));
        }
        return callPathOfSteps(steps);
    }
    // Every other kind with frames takes them as a set of functions.
    std::vector<uint32_t> out;
    for (uint32_t frame : t.frames) {
        for (uint32_t f : mapped(frame))
            appendOnce(out, f);
    }
    return out;
}

} // namespace embers
