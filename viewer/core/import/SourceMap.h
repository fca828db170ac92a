// SourceMap: a source map (revision 3) decoded: for each generated line, the segments
// that map a generated column to an original source, line, column and name. Our own
// decoder (QJsonDocument + Base64 VLQ), so that no JavaScript library is needed; index
// maps (`sections`) are flattened into one map.
//
// Positions are 0-based throughout, as in the format; callers convert.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace embers {

struct SourceMapSegment
{
    int32_t column = 0;       // generated column
    int32_t source = -1;      // index into SourceMap::sources; -1: maps to nothing
    int32_t line = 0;         // original line
    int32_t sourceColumn = 0; // original column
    int32_t name = -1;        // index into SourceMap::names; -1: none
};

struct OriginalPosition
{
    QString source;     // as resolved by SourceMap::sources
    int64_t line = 0;   // 0-based
    int64_t column = 0; // 0-based
    QString name;       // empty when the map names none
    bool approximate = false;
};

// Decodes one Base64 VLQ value at `p`, advancing it; false on a bad digit, a value cut
// short or one that does not fit in 32 bits.
bool decodeVlq(const char *&p, const char *end, int32_t &value);

class SourceMap
{
public:
    // `mapDirectory` resolves relative `sources` (with `sourceRoot`) to paths; empty keeps
    // them as written. On failure *error says what is wrong (without the file name).
    static std::optional<SourceMap> parse(const QByteArray &json, const QString &mapDirectory,
                                          QString *error);

    // Whether `head` (the start of a file) looks like a source map: a JSON object with
    // "version": 3 and "mappings", "sections" or "sources". Cheap, for telling dropped
    // files apart.
    static bool looksLikeSourceMap(const QByteArray &head);

    QString file;        // the generated file the map says it is for (may be empty)
    QStringList sources; // resolved
    // Per source, the original file as the map embeds it (UTF-8); null where it has none.
    std::vector<QByteArray> sourcesContent;
    QStringList names;
    std::vector<std::vector<SourceMapSegment>> lines; // per generated line, by column

    // The segment covering generated (line, column): the last one on the line at or
    // before the column, if it maps to a source.
    const SourceMapSegment *segmentAt(int64_t line, int64_t column) const;
    std::optional<OriginalPosition> at(int64_t line, int64_t column) const;

    // A function whose parameter list starts at generated (line, column), V8's function
    // position, named `generatedName` in the generated code: its original position, and
    // its original name when the map names the identifier just before the position.
    std::optional<OriginalPosition> function(int64_t line, int64_t column,
                                             int64_t generatedNameLength) const;
    // The same with the name's own column (`a=(b)=>`: the name is not right before the
    // parameters).
    std::optional<OriginalPosition> functionNamedAt(int64_t line, int64_t column,
                                                    int64_t nameColumn) const;

    // The same with the line alone (V8 pprof from @datadog/pprof, most Node tools): see
    // the .cpp for the rule. `approximate` is set when the line maps to more than one
    // original line, so that another function on it may be the one meant.
    std::optional<OriginalPosition> functionOnLine(int64_t line) const;

    size_t segmentCount() const;

    // Where functions named `name` are declared in a line of generated code: the column of
    // the name and of the parameter list V8 places the function at, for each of
    // `function name(`, `name=function(`, `name=(…)=>`, `name=x=>`, `name(…){`. Lets
    // a line-only frame of a minified bundle (one long line) find its function by its
    // generated name when the generated file is at hand.
    struct Declaration
    {
        int64_t nameColumn = 0;
        int64_t column = 0;
    };
    static std::vector<Declaration> findDeclarations(const QString &line, const QString &name);
    // Every name's declarations in the line, in one pass.
    static QHash<QString, std::vector<Declaration>> declarationsOfLine(const QString &line);

private:
    OriginalPosition position(const SourceMapSegment &s) const;
};

} // namespace embers
