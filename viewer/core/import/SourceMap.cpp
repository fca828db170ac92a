#include "SourceMap.h"

#include <QDir>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QUrl>

#include <algorithm>
#include <set>
#include <utility>

namespace embers {

namespace {

int base64Digit(char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

QString resolveSource(const QString &sourceRoot, const QString &source, const QString &mapDir)
{
    QString s = source;
    if (!sourceRoot.isEmpty() && !source.contains(QLatin1String("://")) &&
        !source.startsWith(QLatin1Char('/')))
        s = sourceRoot.endsWith(QLatin1Char('/')) ? QString(sourceRoot + source)
                                                  : QString(sourceRoot + QLatin1Char('/') + source);
    if (s.startsWith(QLatin1String("file://")))
        return QDir::cleanPath(QUrl(s).toLocalFile());
    // Bundler namespaces (webpack://, vite's /@fs/...) and URLs stay as written: they
    // name no file here.
    if (s.contains(QLatin1String("://")) || s.startsWith(QLatin1String("webpack:")))
        return s;
    if (QDir::isAbsolutePath(s) || mapDir.isEmpty())
        return QDir::cleanPath(s);
    return QDir::cleanPath(QDir(mapDir).filePath(s));
}

struct Decoded
{
    QStringList sources;
    std::vector<QByteArray> sourcesContent; // per source; null when the map has none
    QStringList names;
    std::vector<std::vector<SourceMapSegment>> lines;
};

bool decodeMappings(const QByteArray &mappings, int sourceCount, int nameCount, Decoded &out,
                    QString *error)
{
    const char *p = mappings.constData();
    const char *end = p + mappings.size();
    int32_t source = 0, line = 0, sourceColumn = 0, name = 0;
    out.lines.emplace_back();
    int32_t column = 0;
    auto fail = [&](const QString &what) {
        *error = QStringLiteral("bad \"mappings\" at generated line %1: %2")
                     .arg(out.lines.size())
                     .arg(what);
        return false;
    };
    while (p < end) {
        if (*p == ';') {
            out.lines.emplace_back();
            column = 0;
            ++p;
            continue;
        }
        if (*p == ',') {
            ++p;
            continue;
        }
        int32_t fields[5];
        int n = 0;
        while (p < end && *p != ',' && *p != ';') {
            if (n == 5)
                return fail(QStringLiteral("a segment has more than 5 fields"));
            if (!decodeVlq(p, end, fields[n]))
                return fail(QStringLiteral("not a Base64 VLQ value"));
            ++n;
        }
        if (n != 1 && n != 4 && n != 5)
            return fail(QStringLiteral("a segment has %1 fields (1, 4 or 5 expected)").arg(n));
        SourceMapSegment s;
        column += fields[0];
        s.column = column;
        if (n >= 4) {
            source += fields[1];
            line += fields[2];
            sourceColumn += fields[3];
            if (source < 0 || source >= sourceCount)
                return fail(QStringLiteral("source %1 of %2").arg(source).arg(sourceCount));
            s.source = source;
            s.line = line;
            s.sourceColumn = sourceColumn;
            if (n == 5) {
                name += fields[4];
                if (name < 0 || name >= nameCount)
                    return fail(QStringLiteral("name %1 of %2").arg(name).arg(nameCount));
                s.name = name;
            }
        }
        if (s.column < 0 || s.line < 0 || s.sourceColumn < 0)
            return fail(QStringLiteral("a negative position"));
        out.lines.back().push_back(s);
    }
    for (auto &segments : out.lines)
        std::stable_sort(segments.begin(), segments.end(),
                         [](const SourceMapSegment &a, const SourceMapSegment &b) {
                             return a.column < b.column;
                         });
    return true;
}

QStringList stringList(const QJsonValue &v)
{
    QStringList out;
    const QJsonArray a = v.toArray();
    for (const QJsonValue e : a)
        out << e.toString(); // null sources stay empty
    return out;
}

bool decodeMap(const QJsonObject &o, const QString &mapDir, Decoded &out, QString *file,
               QString *error, int depth)
{
    if (o.value(QLatin1String("version")).toInt() != 3) {
        *error = QStringLiteral("not a version 3 source map");
        return false;
    }
    if (file && o.value(QLatin1String("file")).isString())
        *file = o.value(QLatin1String("file")).toString();
    if (o.contains(QLatin1String("sections"))) {
        // An index map: each section's map starts at its offset in the generated file.
        if (depth > 0) {
            *error = QStringLiteral("an index map inside an index map");
            return false;
        }
        const QJsonArray sections = o.value(QLatin1String("sections")).toArray();
        for (const QJsonValue sv : sections) {
            const QJsonObject section = sv.toObject();
            const QJsonObject offset = section.value(QLatin1String("offset")).toObject();
            const int line = offset.value(QLatin1String("line")).toInt(-1);
            const int column = offset.value(QLatin1String("column")).toInt(-1);
            if (line < 0 || column < 0 || !section.value(QLatin1String("map")).isObject()) {
                *error = QStringLiteral("a section without an offset or an embedded map");
                return false;
            }
            if (line + 1 < int(out.lines.size())) {
                *error = QStringLiteral("sections out of order");
                return false;
            }
            Decoded part;
            if (!decodeMap(section.value(QLatin1String("map")).toObject(), mapDir, part, nullptr,
                           error, depth + 1))
                return false;
            const int32_t sourceBase = int32_t(out.sources.size());
            const int32_t nameBase = int32_t(out.names.size());
            out.sources += part.sources;
            for (QByteArray &content : part.sourcesContent)
                out.sourcesContent.push_back(std::move(content));
            out.names += part.names;
            if (out.lines.size() < size_t(line) + part.lines.size())
                out.lines.resize(size_t(line) + part.lines.size());
            for (size_t l = 0; l < part.lines.size(); ++l) {
                for (SourceMapSegment s : part.lines[l]) {
                    if (l == 0)
                        s.column += column;
                    if (s.source >= 0)
                        s.source += sourceBase;
                    if (s.name >= 0)
                        s.name += nameBase;
                    out.lines[size_t(line) + l].push_back(s);
                }
            }
        }
        return true;
    }
    if (!o.value(QLatin1String("mappings")).isString()) {
        *error = QStringLiteral("no \"mappings\"");
        return false;
    }
    const QString root = o.value(QLatin1String("sourceRoot")).toString();
    const QStringList sources = stringList(o.value(QLatin1String("sources")));
    for (const QString &s : sources)
        out.sources << resolveSource(root, s, mapDir);
    // The original files themselves, when the bundler embedded them (null where not).
    const QJsonArray contents = o.value(QLatin1String("sourcesContent")).toArray();
    for (qsizetype i = 0; i < sources.size(); ++i)
        out.sourcesContent.push_back(i < contents.size() && contents[i].isString()
                                         ? contents[i].toString().toUtf8()
                                         : QByteArray());
    out.names = stringList(o.value(QLatin1String("names")));
    return decodeMappings(o.value(QLatin1String("mappings")).toString().toLatin1(),
                          int(out.sources.size()), int(out.names.size()), out, error);
}

} // namespace

bool decodeVlq(const char *&p, const char *end, int32_t &value)
{
    uint64_t result = 0;
    int shift = 0;
    for (;;) {
        if (p == end)
            return false;
        const int digit = base64Digit(*p++);
        if (digit < 0 || shift > 30)
            return false;
        result |= uint64_t(digit & 31) << shift;
        shift += 5;
        if (!(digit & 32))
            break;
    }
    // The lowest bit is the sign.
    const uint64_t magnitude = result >> 1;
    if (magnitude > uint64_t(INT32_MAX))
        return false;
    value = (result & 1) ? -int32_t(magnitude) : int32_t(magnitude);
    return true;
}

std::optional<SourceMap> SourceMap::parse(const QByteArray &json, const QString &mapDirectory,
                                          QString *error)
{
    QByteArray text = json;
    // The spec allows a ")]}'" line in front, against cross-site script inclusion.
    if (text.startsWith(")]}"))
        text = text.mid(text.indexOf('\n') + 1);
    QJsonParseError jsonError;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &jsonError);
    if (doc.isNull() || !doc.isObject()) {
        *error = doc.isNull() ? QStringLiteral("not JSON (%1)").arg(jsonError.errorString())
                              : QStringLiteral("not a JSON object");
        return std::nullopt;
    }
    Decoded decoded;
    SourceMap map;
    if (!decodeMap(doc.object(), mapDirectory, decoded, &map.file, error, 0))
        return std::nullopt;
    map.sources = std::move(decoded.sources);
    map.sourcesContent = std::move(decoded.sourcesContent);
    map.names = std::move(decoded.names);
    map.lines = std::move(decoded.lines);
    return map;
}

bool SourceMap::looksLikeSourceMap(const QByteArray &head)
{
    QByteArray h = head.trimmed();
    if (h.startsWith(")]}"))
        h = h.mid(h.indexOf('\n') + 1).trimmed();
    if (!h.startsWith('{'))
        return false;
    static const QRegularExpression version(QStringLiteral("\"version\"\\s*:\\s*3\\b"));
    // Bundlers write "sources" and "sourcesContent" (whole files) before "mappings", which
    // can then be megabytes in: any of the keys only a source map has will do.
    return QString::fromUtf8(h).contains(version) &&
           (h.contains("\"mappings\"") || h.contains("\"sections\"") || h.contains("\"sources\""));
}

const SourceMapSegment *SourceMap::segmentAt(int64_t line, int64_t column) const
{
    if (line < 0 || size_t(line) >= lines.size())
        return nullptr;
    const auto &segments = lines[size_t(line)];
    auto it = std::upper_bound(segments.begin(), segments.end(), column,
                               [](int64_t c, const SourceMapSegment &s) { return c < s.column; });
    if (it == segments.begin())
        return nullptr;
    --it;
    return it->source >= 0 ? &*it : nullptr;
}

OriginalPosition SourceMap::position(const SourceMapSegment &s) const
{
    OriginalPosition pos;
    pos.source = sources.value(s.source);
    pos.line = s.line;
    pos.column = s.sourceColumn;
    if (s.name >= 0)
        pos.name = names.value(s.name);
    return pos;
}

std::optional<OriginalPosition> SourceMap::at(int64_t line, int64_t column) const
{
    const SourceMapSegment *s = segmentAt(line, column);
    if (!s)
        return std::nullopt;
    return position(*s);
}

std::optional<OriginalPosition> SourceMap::function(int64_t line, int64_t column,
                                                    int64_t generatedNameLength) const
{
    // V8 places a function at its parameter list, right after its name: `function a(`,
    // `a(){`... A minifier that renamed the function maps that identifier with its
    // original name, so the segment starting generatedNameLength columns earlier names
    // the function. Without one (anonymous functions, names kept as they were), the
    // position still gives the original file and line.
    return functionNamedAt(line, column,
                           generatedNameLength > 0 ? column - generatedNameLength : -1);
}

std::optional<OriginalPosition> SourceMap::functionNamedAt(int64_t line, int64_t column,
                                                           int64_t nameColumn) const
{
    if (nameColumn >= 0 && line >= 0 && size_t(line) < lines.size()) {
        for (const SourceMapSegment &s : lines[size_t(line)]) {
            if (s.column == nameColumn && s.source >= 0 && s.name >= 0)
                return position(s);
            if (s.column > nameColumn)
                break;
        }
    }
    std::optional<OriginalPosition> pos = at(line, column);
    if (pos)
        pos->name.clear(); // a name at the parameter list is a parameter's, not the function's
    return pos;
}

std::vector<SourceMap::Declaration> SourceMap::findDeclarations(const QString &line,
                                                                const QString &name)
{
    return declarationsOfLine(line).value(name);
}

QHash<QString, std::vector<SourceMap::Declaration>>
SourceMap::declarationsOfLine(const QString &line)
{
    // One pass per pattern over the line, every name at once: a minified bundle's line is
    // hundreds of kilobytes and holds thousands of functions. Keywords (`if(…){`) are
    // found too, under names no function has.
    static const QRegularExpression patterns[] = {
        QRegularExpression(QStringLiteral("\\bfunction\\s*\\*?\\s*([\\w$]+)\\s*(\\()")),
        // Not part of a longer identifier or a property (`x.a=`): (?<![\w$.]).
        QRegularExpression(QStringLiteral(
            "(?<![\\w$.])([\\w$]+)\\s*=\\s*(?:async\\s*)?function\\s*\\*?\\s*(\\()")),
        // An arrow function: `(…)=>` (one level of parentheses inside, for defaults) or
        // `x=>`.
        QRegularExpression(
            QStringLiteral("(?<![\\w$.])([\\w$]+)\\s*=\\s*(?:async\\s*)?"
                           "(?:(\\()(?:[^()]|\\([^()]*\\))*\\)\\s*=>|([\\w$]+)\\s*=>)")),
        // A method or an object literal's function: `a(…){`.
        QRegularExpression(QStringLiteral("(?<![\\w$.])([\\w$]+)\\s*(\\()[^()]*\\)\\s*\\{")),
    };
    QHash<QString, std::vector<Declaration>> found;
    for (const QRegularExpression &rx : patterns) {
        QRegularExpressionMatchIterator it = rx.globalMatch(line);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            const Declaration d{m.capturedStart(1),
                                m.capturedStart(2) >= 0 ? m.capturedStart(2) : m.capturedStart(3)};
            std::vector<Declaration> &list = found[m.captured(1)];
            if (std::none_of(list.begin(), list.end(),
                             [&](const Declaration &e) { return e.column == d.column; }))
                list.push_back(d);
        }
    }
    for (auto &list : found)
        std::sort(list.begin(), list.end(),
                  [](const Declaration &a, const Declaration &b) { return a.column < b.column; });
    return found;
}

std::optional<OriginalPosition> SourceMap::functionOnLine(int64_t line) const
{
    // (SourceMapRemap first looks for the function's generated name on the line when the
    // generated file is at hand; this is what is left without it.)
    // Without a column, all we know is the line V8 gives the function: the line where it
    // starts (its declaration). Source maps carry no scopes, so "the original function
    // enclosing that line" is found through its declaration: the first mapped segment
    // of the line gives the original file and line (a function that starts on the line
    // starts at or after it), and the first segment of the line that carries a name
    // gives the function's original name, since a declaration names the function before
    // its parameters (`function a(b)`, `a=(b)=>`, `a(b){`). When everything on the line
    // comes from one original line this is exact; when the line holds code from several
    // (minified bundles put everything on one line), another function may be the one
    // meant, and the result is flagged approximate.
    if (line < 0 || size_t(line) >= lines.size())
        return std::nullopt;
    const SourceMapSegment *first = nullptr;
    const SourceMapSegment *named = nullptr;
    std::set<std::pair<int32_t, int32_t>> originalLines;
    for (const SourceMapSegment &s : lines[size_t(line)]) {
        if (s.source < 0)
            continue;
        if (!first)
            first = &s;
        if (!named && s.name >= 0)
            named = &s;
        originalLines.insert({s.source, s.line});
    }
    if (!first)
        return std::nullopt;
    OriginalPosition pos = position(*first);
    pos.name = named ? names.value(named->name) : QString();
    pos.approximate = originalLines.size() > 1;
    return pos;
}

size_t SourceMap::segmentCount() const
{
    size_t n = 0;
    for (const auto &l : lines)
        n += l.size();
    return n;
}

} // namespace embers
