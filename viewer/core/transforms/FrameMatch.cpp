#include "FrameMatch.h"

#include <QString>
#include <QStringView>

#include <cctype>
#include <cstring>
#include <optional>

namespace embers {

namespace {

// A pattern that is plain text (escapes of punctuation allowed), maybe anchored at either
// end, is matched by comparing bytes: what users type is mostly a name.
struct Literal
{
    std::string text;
    bool atStart = false, atEnd = false;

    bool matches(std::string_view s) const
    {
        if (atStart && atEnd)
            return s == text;
        if (atStart)
            return s.starts_with(text);
        if (atEnd)
            return s.ends_with(text);
        return s.find(text) != std::string_view::npos;
    }
};

std::optional<Literal> literalOf(const QString &pattern)
{
    const QByteArray p = pattern.toUtf8();
    Literal l;
    qsizetype begin = 0, end = p.size();
    if (begin < end && p[begin] == '^') {
        l.atStart = true;
        ++begin;
    }
    // A trailing '$' anchors unless escaped; PCRE2's '$' also matches before a final
    // newline, which no name, file or binary has.
    if (end > begin && p[end - 1] == '$') {
        qsizetype backslashes = 0;
        for (qsizetype i = end - 2; i >= begin && p[i] == '\\'; --i)
            ++backslashes;
        if (backslashes % 2 == 0) {
            l.atEnd = true;
            --end;
        }
    }
    for (qsizetype i = begin; i < end; ++i) {
        const char c = p[i];
        if (c == '\\') {
            if (i + 1 >= end)
                return std::nullopt;
            const char next = p[i + 1];
            // \d, \w, \b, \Q... are not literal; an escaped punctuation mark is.
            if (std::isalnum(static_cast<unsigned char>(next)) || (next & 0x80))
                return std::nullopt;
            l.text += next;
            ++i;
            continue;
        }
        if (std::strchr(".^$|?*+()[]{}", c) != nullptr)
            return std::nullopt;
        l.text += c;
    }
    return l;
}

// Per string of the table, whether the expression is found in it; only for the strings
// that `needed` marks.
std::vector<uint8_t> matchStrings(const StackTable &t, const QRegularExpression &rx,
                                  const std::vector<uint8_t> &needed)
{
    std::vector<uint8_t> result(t.strings.size(), 0);
    std::vector<uint32_t> ids;
    for (uint32_t s = 0; s < needed.size(); ++s) {
        if (needed[s])
            ids.push_back(s);
    }
    if (const std::optional<Literal> literal = literalOf(rx.pattern());
        literal && rx.patternOptions() == QRegularExpression::NoPatternOption) {
        for (uint32_t s : ids)
            result[s] = literal->matches(t.strings[s]);
        return result;
    }
    // Two halves on both cores; each reuses one buffer for the strings it converts.
    auto run = [&](size_t from, size_t to) {
        QString buffer;
        for (size_t i = from; i < to; ++i) {
            const std::string &s = t.strings[ids[i]];
            bool ascii = true;
            for (char c : s)
                ascii = ascii && !(c & 0x80);
            QStringView view;
            if (ascii) {
                buffer.resize(qsizetype(s.size()));
                char16_t *out = reinterpret_cast<char16_t *>(buffer.data());
                for (size_t k = 0; k < s.size(); ++k)
                    out[k] = char16_t(static_cast<unsigned char>(s[k]));
                view = buffer;
            } else {
                buffer = QString::fromUtf8(s.data(), qsizetype(s.size()));
                view = buffer;
            }
            result[ids[i]] = rx.match(view).hasMatch() ? 1 : 0;
        }
    };
    const size_t half = ids.size() / 2;
    if (ids.size() < 4096)
        run(0, ids.size());
    else
        inParallel([&] { run(0, half); }, [&] { run(half, ids.size()); });
    return result;
}

} // namespace

FrameMask matchFrames(const StackTable &t, const QRegularExpression &rx, FrameMatchRule rule)
{
    rx.optimize(); // compiled before two threads use it
    // The strings to try: the frames' origins' names, files and binaries, or the frames'
    // own for the frames without origins.
    std::vector<uint8_t> needed(t.strings.size(), 0);
    for (uint32_t f = 0; f < t.frameCount(); ++f) {
        const auto origins = t.origins.of(f);
        for (uint32_t o : origins) {
            const FrameOrigin &origin = t.origins.origins[o];
            if (origin.symbolized)
                needed[origin.name] = needed[origin.file] = 1;
            if (origin.mapping != FrameOrigin::kNoMapping)
                needed[origin.mapping] = 1;
        }
        if (origins.empty()) {
            const Frame &frame = t.frames[f];
            needed[frame.name] = needed[frame.file] = needed[frame.objfile] = 1;
        }
    }
    const std::vector<uint8_t> matches = matchStrings(t, rx, needed);

    auto originMatches = [&](const FrameOrigin &o) {
        if (rule == FrameMatchRule::ShowKeeps && !o.symbolized)
            return false; // pprof's -show leaves a location without lines nothing to keep
        if (o.symbolized && (matches[o.name] || matches[o.file]))
            return true;
        return o.mapping != FrameOrigin::kNoMapping && matches[o.mapping];
    };
    FrameMask mask(t.frameCount(), 0);
    for (uint32_t f = 0; f < t.frameCount(); ++f) {
        const auto origins = t.origins.of(f);
        if (!origins.empty()) {
            for (uint32_t o : origins) {
                if (originMatches(t.origins.origins[o])) {
                    mask[f] = 1;
                    break;
                }
            }
            continue;
        }
        const Frame &frame = t.frames[f];
        const bool symbolized = frame.name != 0 || frame.file != 0;
        if (rule == FrameMatchRule::ShowKeeps && !symbolized)
            continue;
        mask[f] = (frame.name != 0 && matches[frame.name]) ||
                  (frame.file != 0 && matches[frame.file]) ||
                  (frame.objfile != 0 && matches[frame.objfile]);
    }
    return mask;
}

} // namespace embers
