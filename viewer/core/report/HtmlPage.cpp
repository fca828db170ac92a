#include "HtmlPage.h"

#include "FrameColors.h"
#include "Units.h"

#include <QByteArray>
#include <QFile>

#include <zlib.h>

#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <numeric>
#include <type_traits>
#include <unordered_map>

namespace embers {

namespace {

// The largest integer a double (a JavaScript number) holds exactly, and all below it.
constexpr int64_t kExactInDouble = int64_t(1) << 53;

// JSON written straight into a string, safe inside an HTML script element.
class Json
{
public:
    explicit Json(std::string &out) : m_out(out) {}

    void raw(std::string_view s) { m_out += s; }
    void number(int64_t v)
    {
        char buf[24];
        const int n = std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
        m_out.append(buf, size_t(n));
    }
    void number(double v)
    {
        if (!std::isfinite(v)) { // JSON has no infinities
            m_out += "null";
            return;
        }
        char buf[32];
        const int n = std::snprintf(buf, sizeof buf, "%.6g", v);
        m_out.append(buf, size_t(n));
    }
    // An integer as `name` (a JSON number, which a page reads as a double), and, when a
    // double cannot hold it, also as text in `name`Exact, which the page reads as a BigInt.
    void integerField(std::string_view name, int64_t v)
    {
        m_out += ',';
        key(name);
        number(v);
        if (v > kExactInDouble || v < -kExactInDouble) {
            m_out += ',';
            key(std::string(name) + "Exact");
            m_out += '"';
            number(v);
            m_out += '"';
        }
    }
    void boolean(bool v) { m_out += v ? "true" : "false"; }
    // A string, its invalid UTF-8 replaced by U+FFFD; '<', '>' and '&' escaped so that no
    // name can close the script element or start markup.
    void string(std::string_view s);
    void key(std::string_view k)
    {
        string(k);
        m_out += ':';
    }
    template <typename T, typename F> void array(const std::vector<T> &items, F &&write)
    {
        m_out += '[';
        for (size_t i = 0; i < items.size(); ++i) {
            if (i)
                m_out += ',';
            write(items[i]);
        }
        m_out += ']';
    }

private:
    std::string &m_out;
};

// The length of the valid UTF-8 sequence at s[i], or 0 when it is not one.
size_t utf8SequenceLength(std::string_view s, size_t i)
{
    const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = byte(i);
    size_t n;
    uint32_t cp;
    if (c < 0x80)
        return 1;
    if ((c & 0xE0) == 0xC0) {
        n = 2;
        cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
        n = 3;
        cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
        n = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (i + n > s.size())
        return 0;
    for (size_t k = 1; k < n; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (byte(i + k) & 0x3F);
    }
    static constexpr uint32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kSmallest[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0; // overlong, past Unicode, or a surrogate
    return n;
}

void Json::string(std::string_view s)
{
    m_out += '"';
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const size_t n = utf8SequenceLength(s, i);
        if (n == 0) {
            m_out += "\\ufffd";
            ++i;
            continue;
        }
        if (n > 1) {
            const std::string_view sequence = s.substr(i, n);
            // U+2028 and U+2029 end lines in older JavaScript: escaped too.
            if (sequence == "\xE2\x80\xA8" || sequence == "\xE2\x80\xA9")
                m_out += sequence.back() == '\xA8' ? "\\u2028" : "\\u2029";
            else
                m_out += sequence;
            i += n;
            continue;
        }
        switch (c) {
        case '"':
            m_out += "\\\"";
            break;
        case '\\':
            m_out += "\\\\";
            break;
        case '<':
            m_out += "\\u003c";
            break;
        case '>':
            m_out += "\\u003e";
            break;
        case '&':
            m_out += "\\u0026";
            break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                m_out += buf;
            } else {
                m_out += char(c);
            }
        }
        ++i;
    }
    m_out += '"';
}

// Text for an HTML element's content or attribute (the page's title).
std::string htmlEscaped(std::string_view s)
{
    std::string out;
    for (const char c : s) {
        switch (c) {
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '&':
            out += "&amp;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string resource(const char *path)
{
    QFile file(QString::fromLatin1(path));
    if (!file.open(QIODevice::ReadOnly))
        return {}; // the resources are linked in; only a broken build gets here
    return file.readAll().toStdString();
}

// The page's big arrays, one binary blob: typed arrays the script views in place, with no
// parsing (a million-sample capture has millions of nodes). Little-endian, as every
// browser's typed arrays on the machines that run them; each array aligned to 8 bytes.
class ArrayBlob
{
public:
    static_assert(std::endian::native == std::endian::little);

    template <typename T> void add(std::string_view name, const std::vector<T> &values)
    {
        append(name, typeName<T>(), values.data(), values.size() * sizeof(T), values.size(), 1);
    }

    // Integers in the smallest typed array that holds them, divided by their greatest
    // common divisor first (CPU time is a multiple of the sampling period; the page
    // multiplies back). Quotients past 2^53, which a double cannot hold, go as 64-bit
    // integers, which the page reads exactly (BigInt64Array) for the numbers it shows.
    void addIntegers(std::string_view name, const std::vector<int64_t> &values)
    {
        uint64_t divisor = 0;
        int64_t low = 0, high = 0;
        for (const int64_t v : values) {
            divisor = std::gcd(divisor, v < 0 ? 0 - uint64_t(v) : uint64_t(v));
            low = std::min(low, v);
            high = std::max(high, v);
        }
        if (divisor == 0 || divisor > (uint64_t(1) << 53))
            divisor = 1;
        const int64_t d = int64_t(divisor);
        low /= d;
        high /= d;
        if (low >= 0 && high <= UINT8_MAX)
            addAs<uint8_t>(name, values, d);
        else if (low >= 0 && high <= UINT16_MAX)
            addAs<uint16_t>(name, values, d);
        else if (low >= 0 && high <= UINT32_MAX)
            addAs<uint32_t>(name, values, d);
        else if (low >= INT32_MIN && high <= INT32_MAX)
            addAs<int32_t>(name, values, d);
        else if (low >= -kExactInDouble && high <= kExactInDouble)
            addAs<double>(name, values, d);
        else
            addAs<int64_t>(name, values, d);
    }

    // {"name": [byte offset, count, "type", scale], ...}
    void writeDirectory(Json &json) const
    {
        json.raw("{");
        for (size_t i = 0; i < m_entries.size(); ++i) {
            const Entry &e = m_entries[i];
            if (i)
                json.raw(",");
            json.key(e.name);
            json.raw("[");
            json.number(int64_t(e.offset));
            json.raw(",");
            json.number(int64_t(e.count));
            json.raw(",");
            json.string(e.type);
            json.raw(",");
            json.number(e.scale);
            json.raw("]");
        }
        json.raw("}");
    }

    // The blob gzip'd (the browser inflates it with DecompressionStream) and in base64,
    // which only has characters that mean nothing in HTML.
    std::string gzipBase64() const
    {
        z_stream z{};
        // Fast over small: the sparse arrays shrink well at any level, and level 6 takes
        // several times as long on a big capture for a few percent.
        if (deflateInit2(&z, 1, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
            return {};
        std::string packed(deflateBound(&z, uLong(m_bytes.size())), '\0');
        z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(m_bytes.data()));
        z.avail_in = uInt(m_bytes.size());
        z.next_out = reinterpret_cast<Bytef *>(packed.data());
        z.avail_out = uInt(packed.size());
        const int status = deflate(&z, Z_FINISH);
        packed.resize(z.total_out);
        deflateEnd(&z);
        if (status != Z_STREAM_END)
            return {};
        return QByteArray::fromRawData(packed.data(), qsizetype(packed.size()))
            .toBase64()
            .toStdString();
    }

private:
    struct Entry
    {
        std::string name;
        const char *type;
        size_t offset, count;
        int64_t scale;
    };

    template <typename T> static const char *typeName()
    {
        if constexpr (std::is_same_v<T, uint8_t>)
            return "u8";
        else if constexpr (std::is_same_v<T, uint16_t>)
            return "u16";
        else if constexpr (std::is_same_v<T, uint32_t>)
            return "u32";
        else if constexpr (std::is_same_v<T, int32_t>)
            return "i32";
        else if constexpr (std::is_same_v<T, int64_t>)
            return "i64";
        else
            return "f64";
        static_assert(std::is_same_v<T, uint8_t> || std::is_same_v<T, uint16_t> ||
                      std::is_same_v<T, uint32_t> || std::is_same_v<T, int32_t> ||
                      std::is_same_v<T, int64_t> || std::is_same_v<T, double>);
    }

    template <typename T>
    void addAs(std::string_view name, const std::vector<int64_t> &values, int64_t divisor)
    {
        std::vector<T> narrow(values.size());
        for (size_t i = 0; i < values.size(); ++i) {
            const int64_t quotient = values[i] / divisor; // exact: divisor divides them all
            narrow[i] = T(quotient);
        }
        append(name, typeName<T>(), narrow.data(), narrow.size() * sizeof(T), narrow.size(),
               divisor);
    }

    void append(std::string_view name, const char *type, const void *data, size_t bytes,
                size_t count, int64_t scale)
    {
        m_bytes.resize((m_bytes.size() + 7) / 8 * 8);
        m_entries.push_back({std::string(name), type, m_bytes.size(), count, scale});
        m_bytes.append(static_cast<const char *>(data), bytes);
    }

    std::string m_bytes;
    std::vector<Entry> m_entries;
};

// Strings as UTF-8, one after another, and their lengths: compressed with the arrays.
// The page's decoder replaces invalid UTF-8, as Json::string does.
template <typename String>
void addTexts(ArrayBlob &blob, std::string_view bytesName, std::string_view lengthsName,
              const std::vector<String> &strings)
{
    std::vector<uint8_t> bytes;
    std::vector<int64_t> lengths;
    for (const String &s : strings) {
        bytes.insert(bytes.end(), s.begin(), s.end());
        lengths.push_back(int64_t(s.size()));
    }
    blob.add(bytesName, bytes);
    blob.addIntegers(lengthsName, lengths);
}

std::string hexColor(colors::Rgb c)
{
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
    return buf;
}

// Colours used once each, indexed by the frames and nodes that use them.
class Palette
{
public:
    uint32_t index(colors::Rgb c)
    {
        const uint32_t key = uint32_t(c.r) << 16 | uint32_t(c.g) << 8 | c.b;
        const auto [it, added] = m_index.try_emplace(key, uint32_t(m_colors.size()));
        if (added)
            m_colors.push_back(c);
        return it->second;
    }
    // Each colour as 0xRRGGBB, and whether its text is black (else white), as the window
    // picks it.
    void write(ArrayBlob &blob) const
    {
        std::vector<uint32_t> rgb;
        std::vector<uint8_t> darkText;
        for (const colors::Rgb c : m_colors) {
            rgb.push_back(uint32_t(c.r) << 16 | uint32_t(c.g) << 8 | c.b);
            darkText.push_back(colors::textColorFor(c) == colors::Rgb{0, 0, 0});
        }
        blob.add("paletteRgb", rgb);
        blob.add("paletteDarkText", darkText);
    }

private:
    std::unordered_map<uint32_t, uint32_t> m_index;
    std::vector<colors::Rgb> m_colors;
};

// A sample type: its name, and what the page needs to print its values as the window
// does (units::humanValue): the unit's family and the factor to its base unit.
void writeColumn(Json &json, const SampleColumn &column, int64_t total)
{
    double ratio = 1;
    const char *family = "count";
    if (units::compatibleUnits(column.unit, "bytes", &ratio))
        family = "memory";
    else if (units::compatibleUnits(column.unit, "nanoseconds", &ratio))
        family = "time";
    else
        ratio = 1;
    json.raw("{\"type\":");
    json.string(column.type);
    json.raw(",\"unit\":");
    json.string(column.unit);
    json.raw(",\"family\":");
    json.string(family);
    json.raw(",\"factor\":");
    json.number(ratio);
    json.integerField("total", total);
    json.raw("}");
}

// The parts every page shares: title, summary, strings and frames, and into `trie` each
// call (caller frame -> callee frame) once; returns each node's callee index among its
// parent frame's calls, for addShape. `palette` colours the frames (a diff colours its
// nodes instead).
std::vector<uint32_t> writeModel(Json &json, ArrayBlob &blob, ArrayBlob &trie,
                                 const StackTable &stacks, const HtmlPageInfo &info,
                                 Palette *palette)
{
    json.key("title");
    json.string(info.title);
    json.raw(",\"lang\":");
    json.string(info.language);
    json.raw(",\"texts\":{");
    for (size_t i = 0; i < info.texts.size(); ++i) {
        if (i)
            json.raw(",");
        json.key(info.texts[i].first);
        json.string(info.texts[i].second);
    }
    json.raw("},\"summary\":");
    json.array(info.summary, [&](const std::pair<std::string, std::string> &row) {
        json.raw("[");
        json.string(row.first);
        json.raw(",");
        json.string(row.second);
        json.raw("]");
    });

    // Strings once: names and files.
    std::unordered_map<std::string, uint32_t> index;
    std::vector<std::string> strings;
    auto intern = [&](std::string s) {
        const auto [it, added] = index.try_emplace(s, uint32_t(strings.size()));
        if (added)
            strings.push_back(std::move(s));
        return it->second;
    };
    const size_t frameCount = stacks.frameCount();
    std::vector<uint32_t> names(frameCount), files(frameCount);
    std::vector<int32_t> lines(frameCount);
    for (uint32_t f = 0; f < frameCount; ++f) {
        names[f] = intern(stacks.frameName(f));
        files[f] = intern(std::string(stacks.strings[stacks.frames[f].file]));
        lines[f] = int32_t(std::clamp<int64_t>(stacks.frames[f].line, 0, INT32_MAX));
    }
    // In the blob, not the JSON: names are most of a small capture's page.
    addTexts(blob, "stringBytes", "stringLength", strings);
    blob.add("frameName", names);
    blob.add("frameFile", files);
    blob.add("frameLine", lines);
    if (palette) {
        std::vector<uint32_t> fill(frameCount), inlinedFill(frameCount);
        for (uint32_t f = 0; f < frameCount; ++f) {
            fill[f] =
                palette->index(colors::frameColor(stacks, f, colors::ColorMode::Function, false));
            inlinedFill[f] =
                palette->index(colors::frameColor(stacks, f, colors::ColorMode::Function, true));
        }
        blob.add("frameFill", fill);
        blob.add("frameInlinedFill", inlinedFill);
    }

    // The trie is written as, in its breadth-first order, each node's number of children
    // and its frame as the how-manyth callee of its parent's frame: a function calls few
    // others, so those are small numbers that pack into a byte and compress well, and each
    // call (caller frame -> callee frame * 2 + inlined) is listed once, here.
    const size_t nodeCount = stacks.nodeCount();
    std::vector<uint32_t> calls(nodeCount);
    const auto rootKey = uint32_t(frameCount); // the root's callees
    std::vector<std::vector<uint32_t>> callees(frameCount + 1);
    std::unordered_map<uint64_t, uint32_t> callIndex;
    for (uint32_t n = 1; n < nodeCount; ++n) {
        const uint32_t parent = stacks.nodeParent(n);
        const uint32_t caller = parent == 0 ? rootKey : stacks.nodeFrame(parent) & kFrameMask;
        const uint32_t entry = stacks.nodeFrame(n);
        const uint32_t callee = (entry & kFrameMask) * 2 + ((entry & kInlineBit) ? 1 : 0);
        const auto [it, added] = callIndex.try_emplace(uint64_t(caller) << 32 | callee,
                                                       uint32_t(callees[caller].size()));
        if (added)
            callees[caller].push_back(callee);
        calls[n] = it->second;
    }
    std::vector<uint32_t> calleeStart(callees.size() + 1), calleeList;
    for (size_t k = 0; k < callees.size(); ++k) {
        calleeStart[k + 1] = calleeStart[k] + uint32_t(callees[k].size());
        calleeList.insert(calleeList.end(), callees[k].begin(), callees[k].end());
    }
    trie.add("calleeStart", calleeStart);
    trie.add("callee", calleeList);
    return calls;
}

// The trie's shape, for all its nodes or for the `kept` ones (ascending, each with its
// parent): one byte per node, its kept children << 4 | which callee of its parent's frame
// it is (`calls`), 15 meaning "the next of PREFIX{Children,Call}.big".
void addShape(ArrayBlob &blob, const std::string &prefix, const StackTable &stacks,
              const std::vector<uint32_t> &calls, const std::vector<uint32_t> *kept)
{
    const size_t count = kept ? kept->size() : stacks.nodeCount();
    std::vector<uint8_t> shape(count);
    std::vector<uint32_t> bigChildren, bigCalls;
    std::vector<uint8_t> isKept;
    if (kept) {
        isKept.resize(stacks.nodeCount());
        for (const uint32_t n : *kept)
            isKept[n] = 1;
    }
    for (size_t i = 0; i < count; ++i) {
        const uint32_t n = kept ? (*kept)[i] : uint32_t(i);
        uint32_t children = stacks.childEnd(n) - stacks.firstChild(n);
        if (kept) {
            children = 0;
            for (uint32_t c = stacks.firstChild(n); c < stacks.childEnd(n); ++c)
                children += isKept[c];
        }
        shape[i] =
            uint8_t(std::min<uint32_t>(children, 15) << 4 | std::min<uint32_t>(calls[n], 15));
        if (children >= 15)
            bigChildren.push_back(children);
        if (calls[n] >= 15)
            bigCalls.push_back(calls[n]);
    }
    blob.add(prefix + "Shape", shape);
    blob.add(prefix + "Children.big", bigChildren);
    blob.add(prefix + "Call.big", bigCalls);
}

// Tries of more nodes than this are drawn from an overview first.
constexpr size_t kOverviewFrom = 200000;

// The overview: the nodes whose weight (the sum of |value| beneath them) in `column` is at
// least 1/4096 of the root's, the only ones a box is drawn for unzoomed at up to 4096
// pixels (and their ancestors, which weigh more). With each its node in the whole trie,
// its frame, its total and self value and its weight, in that sample type only.
void addOverview(ArrayBlob &blob, const StackTable &stacks, const std::vector<uint32_t> &calls,
                 size_t column)
{
    const size_t nodeCount = stacks.nodeCount();
    std::vector<int64_t> total(nodeCount), self(nodeCount), weight(nodeCount);
    for (size_t s = 0; s < stacks.stackCount(); ++s) {
        const int64_t v = stacks.value(s, column);
        self[stacks.stackNodes[s]] = v;
        total[stacks.stackNodes[s]] = v;
        weight[stacks.stackNodes[s]] = v < 0 ? subtractSaturating(0, v) : v;
    }
    for (size_t n = nodeCount - 1; n > 0; --n) {
        const uint32_t parent = stacks.nodeParent(uint32_t(n));
        total[parent] = addSaturating(total[parent], total[n]);
        weight[parent] = addSaturating(weight[parent], weight[n]);
    }
    std::vector<uint32_t> kept, keptFrame;
    std::vector<int64_t> keptTotal, keptSelf, keptWeight;
    for (uint32_t n = 0; n < nodeCount; ++n) {
        if (n != 0 && weight[n] < weight[0] / 4096)
            continue;
        kept.push_back(n);
        const uint32_t entry = stacks.nodeFrame(n);
        keptFrame.push_back(n ? (entry & kFrameMask) * 2 + ((entry & kInlineBit) ? 1 : 0) : 0);
        keptTotal.push_back(total[n]);
        keptSelf.push_back(self[n]);
        keptWeight.push_back(weight[n]);
    }
    // Its frames as they are (the calls are in the whole trie's part of the page).
    addShape(blob, "overview", stacks, calls, &kept);
    blob.add("overviewFrame", keptFrame);
    blob.add("overviewNode", kept);
    blob.addIntegers("overviewTotal", keptTotal);
    blob.addIntegers("overviewSelf", keptSelf);
    blob.addIntegers("overviewWeight", keptWeight);
}

// The Source panel's data: per block its function, file and why it has no text (JSON), its
// rows (line numbers), their text, their flat and cum in each of `columns` (a diff's: before
// and after); and per frame of the page the blocks of its function, those of the frame's
// own file first.
void addSources(Json &json, ArrayBlob &blob, const StackTable &stacks, const PageSources &sources,
                size_t columns)
{
    const std::vector<PageSourceBlock> &blocks = sources.blocks;
    json.raw(",\"sources\":");
    json.array(blocks, [&](const PageSourceBlock &b) {
        json.raw("{\"name\":");
        json.string(b.name);
        json.raw(",\"file\":");
        json.string(b.file);
        json.raw(",\"why\":");
        json.string(b.why);
        json.raw("}");
    });
    std::vector<int64_t> rows, lines, textLines;
    std::vector<std::string_view> text;
    for (const PageSourceBlock &b : blocks) {
        rows.push_back(int64_t(b.lines.size()));
        lines.insert(lines.end(), b.lines.begin(), b.lines.end());
        textLines.push_back(int64_t(b.text.size()));
        text.insert(text.end(), b.text.begin(), b.text.end());
    }
    blob.addIntegers("srcRows", rows);
    blob.addIntegers("srcLine", lines);
    blob.addIntegers("srcTextLines", textLines);
    addTexts(blob, "srcText", "srcLineLength", text);
    // The highlighting: per block its tokens' count per text line (none for a language
    // Embers does not highlight), and the tokens.
    std::vector<int64_t> tokenLines, tokenCount, tokenStart, tokenLength;
    std::vector<uint8_t> tokenKind;
    for (const PageSourceBlock &b : blocks) {
        tokenLines.push_back(int64_t(b.tokenCount.size()));
        tokenCount.insert(tokenCount.end(), b.tokenCount.begin(), b.tokenCount.end());
        for (const PageToken &t : b.tokens) {
            tokenStart.push_back(t.start);
            tokenLength.push_back(t.length);
            tokenKind.push_back(uint8_t(t.kind));
        }
    }
    blob.addIntegers("srcTokenLines", tokenLines);
    blob.addIntegers("srcTokenCount", tokenCount);
    blob.addIntegers("srcTokenStart", tokenStart);
    blob.addIntegers("srcTokenLength", tokenLength);
    blob.add("srcTokenKind", tokenKind);
    for (size_t c = 0; c < columns; ++c) {
        std::vector<int64_t> fnFlat, fnCum, flat, cum;
        for (const PageSourceBlock &b : blocks) {
            const bool has = c < b.flat.size();
            fnFlat.push_back(has ? b.functionFlat[c] : 0);
            fnCum.push_back(has ? b.functionCum[c] : 0);
            for (size_t i = 0; i < b.lines.size(); ++i) {
                flat.push_back(has ? b.flat[c][i] : 0);
                cum.push_back(has ? b.cum[c][i] : 0);
            }
        }
        const std::string suffix = std::to_string(c);
        blob.addIntegers("srcFnFlat" + suffix, fnFlat);
        blob.addIntegers("srcFnCum" + suffix, fnCum);
        blob.addIntegers("srcFlat" + suffix, flat);
        blob.addIntegers("srcCum" + suffix, cum);
    }
    std::unordered_map<std::string_view, std::vector<uint32_t>> byName;
    for (uint32_t i = 0; i < blocks.size(); ++i)
        byName[blocks[i].name].push_back(i);
    std::vector<uint32_t> frameStart{0}, frameBlocks;
    for (uint32_t f = 0; f < stacks.frameCount(); ++f) {
        const Frame &frame = stacks.frames[f];
        if (const auto it = byName.find(stacks.strings[frame.name]); it != byName.end()) {
            const std::string &file = stacks.strings[frame.file];
            std::vector<uint32_t> own = it->second;
            // The block's file may be the recorded one trimmed (pprof's -trim_path).
            std::stable_partition(own.begin(), own.end(), [&](uint32_t b) {
                const std::string &named = blocks[b].file;
                return file == named || (file.size() > named.size() && file.ends_with(named) &&
                                         file[file.size() - named.size() - 1] == '/');
            });
            frameBlocks.insert(frameBlocks.end(), own.begin(), own.end());
        }
        frameStart.push_back(uint32_t(frameBlocks.size()));
    }
    blob.add("srcFrameStart", frameStart);
    blob.add("srcFrameBlock", frameBlocks);
}

// The page: the template with its style, script and data put in.
std::string assemblePage(const std::string &title, const std::string &data,
                         const std::string &arrays, const std::string &tree)
{
    const std::string page = resource(":/embers/page/page.html");
    const std::string style = resource(":/embers/page/page.css");
    const std::string script = resource(":/embers/page/page.js");
    std::string out;
    out.reserve(page.size() + style.size() + script.size() + data.size() + arrays.size() +
                tree.size() + title.size());
    const std::pair<std::string_view, const std::string *> parts[] = {
        {"{{TITLE}}", &title},   {"{{STYLE}}", &style},   {"{{DATA}}", &data},
        {"{{ARRAYS}}", &arrays}, {"{{SCRIPT}}", &script}, {"{{TREE}}", &tree}};
    size_t at = 0;
    for (const auto &[marker, content] : parts) {
        const size_t found = page.find(marker, at);
        if (found == std::string::npos)
            continue;
        out.append(page, at, found - at);
        out += *content;
        at = found + marker.size();
    }
    out.append(page, at);
    return out;
}

std::string pageTitle(const HtmlPageInfo &info)
{
    return htmlEscaped(info.title.empty() ? std::string("Embers") : info.title + " \u2014 Embers");
}

} // namespace

std::vector<std::pair<std::string, std::string>> pageSummary(const StackTable &stacks,
                                                             const std::vector<std::string> &files)
{
    std::vector<std::pair<std::string, std::string>> rows;
    std::string joined;
    for (const std::string &file : files)
        joined += (joined.empty() ? "" : ", ") + file;
    if (!joined.empty())
        rows.emplace_back(files.size() == 1 ? "File" : "Files", joined);
    std::string types;
    for (size_t c = 0; c < stacks.columnCount(); ++c) {
        types += (c ? ", " : "") + stacks.columns[c].type;
        if (!stacks.columns[c].unit.empty())
            types += " (" + stacks.columns[c].unit + ")";
    }
    rows.emplace_back("Sample types", types);
    const CaptureHeader &h = stacks.header;
    if (h.durationNanos > 0)
        rows.emplace_back("Duration", units::humanValue(h.durationNanos, "nanoseconds"));
    if (h.timeNanos > 0) {
        const auto seconds = std::time_t(h.timeNanos / 1000000000);
        std::tm utc{};
        gmtime_r(&seconds, &utc);
        char buf[64];
        std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &utc);
        rows.emplace_back("Captured", buf);
    }
    if (h.period > 0)
        rows.emplace_back("Period", units::humanValue(h.period, h.periodType.unit));
    if (!h.mainBinary.empty())
        rows.emplace_back("Binary", h.mainBinary);
    for (const std::string &comment : h.comments)
        rows.emplace_back("Comment", comment);
    rows.emplace_back("Functions", units::humanValue(int64_t(stacks.frameCount()), ""));
    rows.emplace_back("Stacks", units::humanValue(int64_t(stacks.stackCount()), ""));
    return rows;
}

std::string formatProfilePage(const StackTable &stacks, const FunctionTable &functions,
                              size_t column, const HtmlPageInfo &info, const PageSources *sources)
{
    std::string data;
    Json json(data);
    ArrayBlob blob;
    Palette palette;
    json.raw("{\"version\":1,\"kind\":\"profile\",");
    // The whole trie and the stacks' values go last in the page, after the script: a big
    // capture's page is drawn from an overview first (the nodes wide enough to be seen
    // unzoomed), while the browser still reads the rest. The stacks: where each ends in
    // the trie, as steps from the previous one, and per sample type their values.
    ArrayBlob tree;
    const std::vector<uint32_t> calls = writeModel(json, blob, tree, stacks, info, &palette);
    palette.write(blob);
    addShape(tree, "node", stacks, calls, nullptr);
    std::vector<int64_t> stackSteps(stacks.stackCount());
    for (size_t s = 0; s < stacks.stackCount(); ++s)
        stackSteps[s] = int64_t(stacks.stackNodes[s]) - (s ? int64_t(stacks.stackNodes[s - 1]) : 0);
    tree.addIntegers("stackStep", stackSteps);
    std::vector<int64_t> values(stacks.stackCount());
    std::vector<int64_t> flat(stacks.frameCount()), cum(stacks.frameCount());
    const bool tableFits = functions.frameCount() == stacks.frameCount();
    json.raw(",\"columns\":[");
    for (size_t c = 0; c < stacks.columnCount(); ++c) {
        for (size_t s = 0; s < stacks.stackCount(); ++s)
            values[s] = stacks.value(s, c);
        for (uint32_t f = 0; f < stacks.frameCount(); ++f) {
            flat[f] = tableFits ? functions.flat(f, c) : 0;
            cum[f] = tableFits ? functions.cum(f, c) : 0;
        }
        const std::string suffix = std::to_string(c);
        tree.addIntegers("value" + suffix, values);
        blob.addIntegers("flat" + suffix, flat);
        blob.addIntegers("cum" + suffix, cum);
        if (c)
            json.raw(",");
        writeColumn(json, stacks.columns[c], c < stacks.totals.size() ? stacks.totals[c] : 0);
    }
    json.raw("],\"column\":");
    json.number(int64_t(column));
    const bool overview = stacks.nodeCount() > kOverviewFrom && column < stacks.columnCount();
    json.raw(",\"overview\":");
    json.boolean(overview);
    if (overview)
        addOverview(blob, stacks, calls, column);
    if (sources)
        addSources(json, blob, stacks, *sources, stacks.columnCount());
    json.raw(",\"arrays\":");
    blob.writeDirectory(json);
    json.raw(",\"treeArrays\":");
    tree.writeDirectory(json);
    json.raw("}");
    return assemblePage(pageTitle(info), data, blob.gzipBase64(), tree.gzipBase64());
}

std::string formatDiffPage(const DiffTree &diff, const FunctionDiff &functions,
                           const HtmlPageInfo &info, const PageSources *sources)
{
    const StackTable &stacks = diff.stacks();
    std::string data;
    Json json(data);
    ArrayBlob blob;
    json.raw("{\"version\":1,\"kind\":\"diff\",");
    addShape(blob, "node", stacks, writeModel(json, blob, blob, stacks, info, nullptr), nullptr);

    // Nodes: totals before (scaled when normalised) and after, the layout's weight, and a
    // colour by change (its size quantised, so that the palette stays small).
    Palette palette;
    const size_t nodeCount = diff.nodeCount();
    std::vector<int64_t> before(nodeCount - 1), after(nodeCount - 1), weight(nodeCount - 1);
    std::vector<uint32_t> fill(nodeCount - 1);
    std::vector<uint8_t> noise(nodeCount - 1);
    const double largest = double(std::max<int64_t>(diff.maxAbsDelta(), 1));
    for (uint32_t n = 1; n < nodeCount; ++n) {
        before[n - 1] = diff.before(n);
        after[n - 1] = diff.after(n);
        weight[n - 1] = (*diff.weights())[n];
        const Change change = diff.change(n);
        const int sign = change == Change::Grew || change == Change::Added       ? 1
                         : change == Change::Shrank || change == Change::Removed ? -1
                                                                                 : 0;
        const bool isNoise = sign != 0 && diff.isNoise(n);
        noise[n - 1] = isNoise;
        const double size = std::round(std::abs(double(diff.delta(n))) / largest * 20) / 20;
        fill[n - 1] =
            palette.index(colors::diffColor(sign, size, isNoise, colors::DiffPalette::RedGreen));
    }
    blob.addIntegers("before", before);
    blob.addIntegers("after", after);
    blob.addIntegers("weight", weight);
    blob.add("nodeFill", fill);
    blob.add("noise", noise);

    const std::vector<FunctionDiffRow> &rows = functions.rows;
    auto field = [&](const char *name, auto get) {
        using T = decltype(get(rows.front()));
        std::vector<T> v(rows.size());
        for (size_t i = 0; i < rows.size(); ++i)
            v[i] = get(rows[i]);
        if constexpr (std::is_same_v<T, int64_t>)
            blob.addIntegers(name, v);
        else
            blob.add(name, v);
    };
    field("fnFrame", [](const FunctionDiffRow &r) { return r.frame; });
    field("fnFlatBefore", [](const FunctionDiffRow &r) { return r.flatBefore; });
    field("fnFlatAfter", [](const FunctionDiffRow &r) { return r.flatAfter; });
    field("fnCumBefore", [](const FunctionDiffRow &r) { return r.cumBefore; });
    field("fnCumAfter", [](const FunctionDiffRow &r) { return r.cumAfter; });
    field("fnPValue", [](const FunctionDiffRow &r) { return r.pValue; });
    field("fnNoise", [](const FunctionDiffRow &r) { return uint8_t(r.noise); });

    palette.write(blob);
    json.raw(",\"columns\":[");
    writeColumn(json, stacks.columns[diff.column()], diff.newTotal());
    json.raw("],\"column\":0,\"diff\":{\"normalized\":");
    json.boolean(diff.isNormalized());
    json.integerField("baseTotal", diff.baseTotal());
    json.integerField("scaledBaseTotal", scaledBy(diff.baseTotal(), diff.baseScale()));
    json.integerField("newTotal", diff.newTotal());
    json.raw(",\"noiseTest\":");
    json.boolean(diff.hasNoiseTest());
    // The legend's swatches, from the same palette function.
    const auto swatch = [&](const char *name, colors::Rgb c) {
        json.raw(",");
        json.key(name);
        json.string(hexColor(c));
    };
    json.raw(",\"legend\":{\"same\":");
    json.string(hexColor(colors::diffNeutralColor()));
    swatch("grew", colors::diffColor(1, 1, false, colors::DiffPalette::RedGreen));
    swatch("shrank", colors::diffColor(-1, 1, false, colors::DiffPalette::RedGreen));
    swatch("noise", colors::diffColor(1, 1, true, colors::DiffPalette::RedGreen));
    json.raw("}}");
    if (sources)
        addSources(json, blob, stacks, *sources, 2);
    json.raw(",\"arrays\":");
    blob.writeDirectory(json);
    json.raw("}");
    return assemblePage(pageTitle(info), data, blob.gzipBase64(), {});
}

} // namespace embers
