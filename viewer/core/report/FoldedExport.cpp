#include "FoldedExport.h"

#include <QSaveFile>

#include <algorithm>

namespace embers {

std::string foldedFrameName(std::string_view name)
{
    std::string out(name);
    for (char &c : out) {
        if (c == ';')
            c = ':';
        else if (static_cast<unsigned char>(c) < 0x20)
            c = ' ';
    }
    const size_t first = out.find_first_not_of(' ');
    if (first == std::string::npos)
        return "?";
    out = out.substr(first, out.find_last_not_of(' ') - first + 1);
    // "name 12" or "name -12" ending a line would read as a second count column (the
    // importer takes any run of digits and minus signs there for one).
    const size_t blank = out.rfind(' ');
    if (blank != std::string::npos &&
        out.find_first_not_of("-0123456789", blank + 1) == std::string::npos)
        out[blank] = '_';
    return out;
}

std::string foldedStacks(const StackTable &stacks, size_t column)
{
    std::vector<std::string> names(stacks.frameCount());
    std::vector<bool> named(stacks.frameCount(), false);
    auto nameOf = [&](uint32_t frame) -> const std::string & {
        frame &= kFrameMask;
        if (!named[frame]) {
            names[frame] = foldedFrameName(stacks.frameName(frame));
            named[frame] = true;
        }
        return names[frame];
    };
    std::string out;
    std::vector<uint32_t> frames;
    for (size_t s = 0; s < stacks.stackCount(); ++s) {
        const int64_t value = stacks.value(s, column);
        stacks.stackFrames(s, frames);
        if (value == 0 || frames.empty()) // a stack without frames has no folded form
            continue;
        for (size_t i = 0; i < frames.size(); ++i) {
            if (i)
                out += ';';
            out += nameOf(frames[i]);
        }
        out += ' ';
        out += std::to_string(value);
        out += '\n';
    }
    return out;
}

bool writeFoldedStacks(const StackTable &stacks, size_t column, const QString &path, QString *error)
{
    const std::string text = foldedStacks(stacks, column);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit()) {
        if (error)
            *error = path + QStringLiteral(": cannot write: ") + file.errorString();
        return false;
    }
    return true;
}

} // namespace embers
