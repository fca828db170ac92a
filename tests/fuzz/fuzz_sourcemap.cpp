// libFuzzer target over the source map decoder, which reads maps the user drops or points
// at: parse (plain and index maps), then every kind of lookup the remapping makes, and the
// declaration scan of a generated line. Bad input must only ever produce an error message.
#include "SourceMap.h"

#include <QByteArray>
#include <QString>

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace {

using namespace embers;

volatile int64_t g_sink;

void lookUp(const SourceMap &map)
{
    // A bounded number of positions: each line's first and last segment, a column past
    // the end, and negative or huge positions.
    const size_t lines = std::min<size_t>(map.lines.size(), 64);
    for (size_t line = 0; line < lines; ++line) {
        const auto &segments = map.lines[line];
        for (int64_t column : {int64_t(0), segments.empty() ? int64_t(0) : segments.back().column,
                               int64_t(1) << 40}) {
            if (auto p = map.at(int64_t(line), column))
                g_sink = p->line + p->source.size() + p->name.size();
            if (auto f = map.function(int64_t(line), column, 3))
                g_sink = f->column;
            if (auto f = map.functionNamedAt(int64_t(line), column, column - 4))
                g_sink = f->column;
        }
        if (auto f = map.functionOnLine(int64_t(line)))
            g_sink = f->line + (f->approximate ? 1 : 0);
    }
    for (int64_t line : {int64_t(-1), int64_t(map.lines.size()), int64_t(1) << 40}) {
        g_sink = map.at(line, 0).has_value();
        g_sink = map.functionOnLine(line).has_value();
    }
    g_sink = int64_t(map.segmentCount());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    g_sink = SourceMap::looksLikeSourceMap(bytes.left(4096));
    QString error;
    if (auto map = SourceMap::parse(bytes, QStringLiteral("/maps"), &error))
        lookUp(*map);
    else
        g_sink = error.size();
    // The same bytes as a line of generated code, searched for declarations.
    const QString line = QString::fromUtf8(bytes.left(16384));
    g_sink = int64_t(SourceMap::declarationsOfLine(line).size());
    g_sink = int64_t(SourceMap::findDeclarations(line, QStringLiteral("f")).size());
    return 0;
}
