#include "FoldedImport.h"

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace embers {

namespace {

// Splits "frames count" at the last run of blanks; false when the line has no count.
bool splitLine(std::string_view line, std::string_view *frames, int64_t *count)
{
    const size_t blank = line.find_last_of(" \t");
    if (blank == std::string_view::npos)
        return false;
    const std::string_view number = line.substr(blank + 1);
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), *count);
    if (ec != std::errc() || end != number.data() + number.size() || number.empty())
        return false;
    *frames = line.substr(0, blank);
    while (!frames->empty() && (frames->back() == ' ' || frames->back() == '\t'))
        frames->remove_suffix(1);
    return !frames->empty();
}

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

// The text of a bad line for a message: at most 80 bytes.
std::string quoted(std::string_view line)
{
    std::string out = "\"";
    out.append(line.substr(0, 80));
    out.append(line.size() > 80 ? "...\"" : "\"");
    return out;
}

} // namespace

bool looksLikeFolded(const QByteArray &head)
{
    for (char c : head) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 && c != '\t' && c != '\n' && c != '\r')
            return false;
    }
    // Text in which some whole line reads as a stack and its count: a bad line further on
    // is then reported by its number rather than as bad protobuf.
    std::string_view text(head.constData(), size_t(head.size()));
    for (size_t eol; (eol = text.find('\n')) != std::string_view::npos || !text.empty();) {
        if (eol == std::string_view::npos && size_t(head.size()) >= 4096)
            break; // the line goes on past the sniffed bytes
        const std::string_view line = trimmed(text.substr(0, eol));
        std::string_view frames;
        int64_t count;
        if (!line.empty() && splitLine(line, &frames, &count))
            return true;
        text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    }
    return false;
}

ImportResult importFolded(const QByteArray &bytes)
{
    ProfileAssembler assembler(SampleTypeNames{{"samples", "count"}});
    Profile &p = assembler.profile();
    p.periodType = {assembler.string("samples"), assembler.string("count")};
    p.period = 1;
    std::string_view text(bytes.constData(), size_t(bytes.size()));
    if (text.starts_with("\xEF\xBB\xBF"))
        text.remove_prefix(3);
    std::vector<uint32_t> stack;
    size_t lineNumber = 0;
    // Every sum a view makes of these counts is at most this total: refusing a file whose
    // total leaves the 64-bit range keeps every table, report and diff exact.
    int64_t total = 0;
    while (!text.empty()) {
        ++lineNumber;
        const size_t eol = text.find('\n');
        const std::string_view line = trimmed(text.substr(0, eol));
        text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
        if (line.empty())
            continue;
        std::string_view frames;
        int64_t count = 0;
        if (!splitLine(line, &frames, &count)) {
            const size_t blank = line.find_last_of(" \t");
            const std::string_view last =
                line.substr(blank == std::string_view::npos ? 0 : blank + 1);
            const bool numeric =
                !last.empty() && last.find_first_not_of("-0123456789") == std::string_view::npos;
            return {nullptr, "line " + std::to_string(lineNumber) + " of the folded stacks " +
                                 (numeric ? "has a count that is out of range or has no stack"
                                          : "does not end in a count") +
                                 ": " + quoted(line)};
        }
        // "a;b 10 20" (differential folded stacks) would read as a frame "b 10".
        if (const size_t blank = frames.find_last_of(" \t"); blank != std::string_view::npos) {
            const std::string_view before = frames.substr(blank + 1);
            if (frames.find(';', blank) == std::string_view::npos && !before.empty() &&
                before.find_first_not_of("-0123456789") == std::string_view::npos)
                return {nullptr, "line " + std::to_string(lineNumber) +
                                     " of the folded stacks has two counts; only one count "
                                     "column is read: " +
                                     quoted(line)};
        }
        if (count < 0)
            return {nullptr, "line " + std::to_string(lineNumber) +
                                 " of the folded stacks has a negative count (" +
                                 std::to_string(count) + "); folded stacks count samples"};
        if (__builtin_add_overflow(total, count, &total))
            return {nullptr, "line " + std::to_string(lineNumber) +
                                 " of the folded stacks has a count (" + std::to_string(count) +
                                 ") that takes the total beyond what a profile can hold (" +
                                 std::to_string(INT64_MAX) + ")"};
        // Folded stacks are root first; pprof's are leaf first.
        stack.clear();
        for (size_t end = frames.size();;) {
            const size_t semi = frames.rfind(';', end == 0 ? 0 : end - 1);
            const size_t begin = semi == std::string_view::npos || end == 0 ? 0 : semi + 1;
            const std::string_view frame = frames.substr(begin, end - begin);
            stack.push_back(assembler.location(frame, {}, 0, 0, 0, 0));
            if (begin == 0)
                break;
            end = semi;
        }
        assembler.addSample(stack, std::span(&count, 1));
    }
    return {assembler.finish(), {}};
}

} // namespace embers
