#include "FrameRowName.h"

namespace embers {

QString frameRowName(const StackTable &stacks, uint32_t frame)
{
    const std::string &own = stacks.strings[stacks.frames[frame].name];
    QString name = QString::fromStdString(own.empty() ? stacks.frameName(frame) : own);
    // Finer than functions, one function has several rows: tell them apart.
    const Frame &f = stacks.frames[frame];
    const bool fine =
        stacks.granularity == Granularity::Lines || stacks.granularity == Granularity::Addresses;
    if (!own.empty() && fine && f.line != 0)
        name += QStringLiteral(":%1").arg(f.line);
    if (!own.empty() && f.address != 0)
        name += QStringLiteral(" (0x%1)").arg(f.address, 0, 16);
    return name;
}

} // namespace embers
