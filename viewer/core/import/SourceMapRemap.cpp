#include "SourceMapRemap.h"

#include "SourcePaths.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QUrl>

#include <map>
#include <tuple>
#include <unordered_map>

namespace embers {

namespace {

// A script name as a path: file:// URLs made local, queries and fragments dropped.
QString scriptPath(const QString &script)
{
    if (script.startsWith(QLatin1String("file://")))
        return QUrl(script).toLocalFile();
    QString s = script;
    if (s.contains(QLatin1String("://"))) {
        const qsizetype cut = s.indexOf(QRegularExpression(QStringLiteral("[?#]")));
        if (cut >= 0)
            s.truncate(cut);
    }
    return s;
}

QStringList components(const QString &path)
{
    return path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
}

int trailingMatch(const QStringList &a, const QStringList &b)
{
    int n = 0;
    while (n < a.size() && n < b.size() && a[a.size() - 1 - n] == b[b.size() - 1 - n])
        ++n;
    return n;
}

QString baseName(std::string_view file)
{
    const size_t slash = file.find_last_of('/');
    return QString::fromUtf8(slash == std::string_view::npos ? file : file.substr(slash + 1));
}

} // namespace

QByteArray SourceMapSet::sourceContent(std::string_view path, QString *map) const
{
    for (const SourceMapFile &file : m_maps) {
        const SourceMap &m = file.map;
        for (qsizetype i = 0; i < m.sources.size() && size_t(i) < m.sourcesContent.size(); ++i) {
            if (m.sourcesContent[size_t(i)].isNull())
                continue;
            const std::string source = m.sources[i].toStdString();
            if (source == path || cleanPath(source) == path) {
                if (map)
                    *map = file.path;
                return m.sourcesContent[size_t(i)];
            }
        }
    }
    return {};
}

int SourceMapSet::find(std::string_view script, int *matched) const
{
    if (matched)
        *matched = 0;
    const QStringList parts = components(scriptPath(QString::fromUtf8(script)));
    if (parts.isEmpty())
        return -1;
    int best = -1, bestScore = 0;
    for (size_t i = 0; i < m_maps.size(); ++i) {
        for (const QString &generated : m_maps[i].generated) {
            const int score = trailingMatch(parts, components(generated));
            if (score > bestScore) {
                best = int(i);
                bestScore = score;
            }
        }
    }
    if (matched)
        *matched = bestScore;
    return best;
}

bool readSourceMap(const QString &path, SourceMapFile *out, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": ") + f.errorString();
        return false;
    }
    // Maps of big bundles are tens of megabytes; anything far beyond is not one.
    constexpr qint64 kMaxBytes = qint64(512) << 20;
    if (f.size() > kMaxBytes) {
        *error = path + QStringLiteral(": too big for a source map");
        return false;
    }
    const QByteArray bytes = f.readAll();
    const QFileInfo info(path);
    QString why;
    std::optional<SourceMap> map = SourceMap::parse(bytes, info.absolutePath(), &why);
    if (!map) {
        *error = path + QStringLiteral(": not a usable source map: ") + why;
        return false;
    }
    out->path = path;
    out->generated.clear();
    const QString abs = info.absoluteFilePath();
    if (abs.endsWith(QLatin1String(".map")))
        out->generated << abs.chopped(4);
    if (!map->file.isEmpty())
        out->generated << (QDir::isAbsolutePath(map->file)
                               ? map->file
                               : QDir::cleanPath(info.absoluteDir().filePath(map->file)));
    out->map = std::move(*map);
    out->generatedLines.reset();
    for (const QString &generated : std::as_const(out->generated)) {
        QFile script(generated);
        constexpr qint64 kMaxScript = qint64(64) << 20;
        if (script.size() > kMaxScript || !script.open(QIODevice::ReadOnly))
            continue;
        auto lines = std::make_shared<std::vector<QString>>();
        const QString text = QString::fromUtf8(script.readAll());
        for (QStringView l : QStringView(text).split(QLatin1Char('\n')))
            lines->push_back(l.toString());
        out->generatedLines = std::move(lines);
        break;
    }
    return true;
}

bool isSourceMapFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    return SourceMap::looksLikeSourceMap(f.read(4096));
}

SourceMapLoad loadSourceMaps(const QStringList &paths)
{
    SourceMapLoad load;
    QStringList files;
    for (const QString &path : paths) {
        if (QFileInfo(path).isDir()) {
            QDirIterator it(path, {QStringLiteral("*.map")}, QDir::Files,
                            QDirIterator::Subdirectories);
            QStringList found;
            while (it.hasNext())
                found << it.next();
            found.sort(); // the same order on every run
            files += found;
        } else {
            files << path;
        }
    }
    for (const QString &file : files) {
        SourceMapFile map;
        QString error;
        if (readSourceMap(file, &map, &error))
            load.maps.add(std::move(map));
        else
            load.errors << error;
    }
    return load;
}

std::string remapKey(std::string_view name, std::string_view file)
{
    std::string key(name);
    key += '\n';
    key += baseName(file).toStdString();
    return key;
}

std::shared_ptr<Profile> remapProfile(const Profile &profile, const SourceMapSet &maps,
                                      RemapStats *stats)
{
    auto out = std::make_shared<Profile>(profile);
    remapProfileInPlace(*out, maps, stats);
    return out;
}

void remapProfileInPlace(Profile &profile, const SourceMapSet &maps, RemapStats *stats)
{
    if (maps.empty())
        return;
    Profile *out = &profile;
    // The generated functions, as they were (new ones are appended; lines are rewritten).
    const std::vector<Function> generatedFunctions = profile.functions;
    const size_t generatedStrings = profile.strings.size();
    std::unordered_map<std::string, StringId> stringIds;
    auto intern = [&](const QString &s) -> StringId {
        if (stringIds.empty()) {
            for (size_t i = 0; i < out->strings.size(); ++i)
                stringIds.emplace(out->strings[i], StringId(i));
        }
        std::string utf8 = s.toStdString();
        auto [it, added] = stringIds.emplace(utf8, StringId(out->strings.size()));
        if (added)
            out->strings.push_back(std::move(utf8));
        return it->second;
    };
    uint64_t nextFunctionId = 1;
    for (const Function &f : generatedFunctions)
        nextFunctionId = std::max(nextFunctionId, f.id + 1);
    std::map<std::tuple<StringId, StringId, StringId, int64_t>, uint32_t> functions;
    auto function = [&](StringId name, StringId systemName, StringId file, int64_t startLine) {
        auto [it, added] = functions.emplace(std::tuple(name, systemName, file, startLine),
                                             uint32_t(out->functions.size()));
        if (added) {
            Function fn;
            fn.id = nextFunctionId++; // ids must stay unique
            fn.name = name;
            fn.systemName = systemName;
            fn.filename = file;
            fn.startLine = startLine;
            out->functions.push_back(fn);
        }
        return it->second;
    };

    // Each script's map (-1: none), kept only where the script matches the map best.
    std::vector<int> mapOfFile(generatedStrings, -1);
    {
        std::vector<int> score(generatedStrings, 0);
        std::vector<bool> looked(generatedStrings);
        std::vector<int> bestScore(maps.size(), 0);
        for (const Function &fn : generatedFunctions) {
            if (fn.filename >= generatedStrings || looked[fn.filename])
                continue;
            looked[fn.filename] = true;
            const std::string &file = profile.str(fn.filename);
            if (file.empty())
                continue;
            const int m = maps.find(file, &score[fn.filename]);
            mapOfFile[fn.filename] = m;
            if (m >= 0)
                bestScore[size_t(m)] = std::max(bestScore[size_t(m)], score[fn.filename]);
        }
        for (size_t f = 0; f < generatedStrings; ++f) {
            if (mapOfFile[f] >= 0 && score[f] < bestScore[size_t(mapOfFile[f])])
                mapOfFile[f] = -1;
        }
    }
    // Declarations found by name, per map, generated line and name (a long line is
    // scanned once per function, not once per frame).
    std::map<std::pair<int, int64_t>, QHash<QString, std::vector<SourceMap::Declaration>>>
        declarations;
    // A sampled line inside a function (positionTicks, @datadog/pprof's lineNumbers) is
    // the same function as its own frame: it takes the function that frame was remapped to
    // (found in the first pass), and only its position from the line.
    auto isSampledLine = [&](const Line &line) {
        const Function &fn = generatedFunctions[line.function];
        return line.column <= 0 && fn.startLine > 0 && line.line > 0 && line.line != fn.startLine;
    };
    std::vector<uint32_t> remappedFunction(generatedFunctions.size(), kNone);
    auto remapLine = [&](Line &line) {
        const uint32_t generatedFunction = line.function;
        const Function fn = generatedFunctions[line.function];
        const bool sampled = isSampledLine(line);
        const int m = fn.filename < generatedStrings ? mapOfFile[fn.filename] : -1;
        if (m < 0)
            return;
        const SourceMap &map = maps.at(size_t(m)).map;
        const QString generatedName = QString::fromStdString(profile.str(fn.name));
        const int64_t generatedLine = line.line > 0 ? line.line : fn.startLine;
        if (generatedLine <= 0)
            return;
        std::optional<OriginalPosition> pos;
        // The function's identifier in the generated code: the last part of `Class.method`.
        QString identifier = generatedName.section(QLatin1Char('.'), -1);
        if (identifier.startsWith(QLatin1Char('(')))
            identifier.clear(); // (anonymous)
        const std::vector<QString> *text = maps.at(size_t(m)).generatedLines.get();
        if (line.column > 0) {
            pos = map.function(generatedLine - 1, line.column - 1, identifier.size());
        } else if (text && !identifier.isEmpty() && size_t(generatedLine) <= text->size() &&
                   (fn.startLine <= 0 || fn.startLine == generatedLine)) {
            // The line is the function's own and the generated code is at hand: find the
            // declaration by its generated name. Exact when the name is declared once on
            // the line; when a minifier reused it in several scopes there, the first is
            // taken and the result is approximate.
            auto key = std::pair(m, generatedLine);
            auto lineDeclarations = declarations.find(key);
            if (lineDeclarations == declarations.end())
                lineDeclarations =
                    declarations
                        .emplace(key,
                                 SourceMap::declarationsOfLine((*text)[size_t(generatedLine - 1)]))
                        .first;
            const auto found = lineDeclarations->second.constFind(identifier);
            if (found != lineDeclarations->second.cend() && !found->empty()) {
                const SourceMap::Declaration &d = found->front();
                pos = map.functionNamedAt(generatedLine - 1, d.column, d.nameColumn);
                if (pos)
                    pos->approximate = found->size() > 1;
            }
        }
        int64_t originalStart = 0;
        if (!pos && line.column <= 0) {
            pos = map.functionOnLine(generatedLine - 1);
            // A sampled line inside the function whose own frame was not remapped: the
            // name and start come from the function's own line, the position from the
            // sampled one.
            if (pos && sampled) {
                const uint32_t known = remappedFunction[generatedFunction];
                if (known != kNone) {
                    line.function = known;
                    line.line = pos->line + 1;
                    if (stats) {
                        stats->mapsUsed.insert(size_t(m));
                        ++stats->framesRemapped;
                    }
                    return;
                }
                std::optional<OriginalPosition> decl = map.functionOnLine(fn.startLine - 1);
                if (decl) {
                    pos->name = decl->name;
                    pos->approximate = pos->approximate || decl->approximate;
                    if (decl->source == pos->source)
                        originalStart = decl->line + 1;
                }
            }
        }
        if (!pos)
            return;
        // An anonymous function has no name in the map: a name on its line would be
        // another identifier's. @datadog/pprof names them by generated position
        // ("(anonymous:L#3:C#9)"), which no longer means anything once remapped.
        const bool anonymous =
            generatedName.isEmpty() || generatedName.startsWith(QLatin1String("(anonymous"));
        const QString name = anonymous             ? QStringLiteral("(anonymous)")
                             : pos->name.isEmpty() ? generatedName
                                                   : pos->name;
        const StringId nameId = intern(name);
        const StringId fileId = intern(pos->source);
        line.function =
            function(nameId, fn.name, fileId, originalStart > 0 ? originalStart : pos->line + 1);
        line.line = pos->line + 1;
        if (!sampled && remappedFunction[generatedFunction] == kNone)
            remappedFunction[generatedFunction] = line.function;
        line.column = line.column > 0 ? pos->column + 1 : 0;
        if (stats) {
            stats->mapsUsed.insert(size_t(m));
            ++stats->framesRemapped;
            if (pos->approximate) {
                ++stats->approximate;
                stats->approximateFunctions.insert(
                    remapKey(name.toStdString(), pos->source.toStdString()));
            }
        }
    };
    for (const bool sampled : {false, true}) {
        for (Line &line : out->lines) {
            if (line.function != kNone && line.function < generatedFunctions.size() &&
                isSampledLine(line) == sampled)
                remapLine(line);
        }
    }
}

QStringList sourceMapsBesideScripts(const std::vector<ProfilePtr> &profiles)
{
    QStringList found;
    static const QRegularExpression comment(
        QStringLiteral("[#@]\\s*sourceMappingURL=([^\\s'\"]+)\\s*$"));
    // Scripts only, told by their names before anything else: a Go or native profile
    // names thousands of other files, and this runs when a capture has loaded.
    auto isScript = [](std::string_view f) {
        for (std::string_view ending : {".js", ".mjs", ".cjs"}) {
            if (f.size() > ending.size() && f.substr(f.size() - ending.size()) == ending)
                return true;
        }
        return false;
    };
    for (const ProfilePtr &p : profiles) {
        std::vector<bool> seen(p->strings.size());
        for (const Function &fn : p->functions) {
            if (fn.filename >= seen.size() || seen[fn.filename])
                continue;
            seen[fn.filename] = true;
            const std::string &file = p->str(fn.filename);
            if (!isScript(file))
                continue;
            const QString script = scriptPath(QString::fromStdString(file));
            if (!QDir::isAbsolutePath(script) || !QFileInfo(script).isFile())
                continue;
            QString map = script + QStringLiteral(".map");
            if (!QFileInfo(map).isFile()) {
                // The comment is on the script's last line.
                QFile f(script);
                if (!f.open(QIODevice::ReadOnly))
                    continue;
                f.seek(std::max<qint64>(0, f.size() - 4096));
                const QString tail = QString::fromUtf8(f.readAll()).trimmed();
                const QRegularExpressionMatch match = comment.match(tail);
                if (!match.hasMatch() || match.captured(1).startsWith(QLatin1String("data:")))
                    continue;
                map = QDir::cleanPath(
                    QFileInfo(script).absoluteDir().filePath(QUrl(match.captured(1)).path()));
                if (!QFileInfo(map).isFile())
                    continue;
            }
            if (!found.contains(map))
                found << map;
        }
    }
    return found;
}

OpenResult openRemappedCapture(const QStringList &paths, OpenOptions options,
                               const SourceMapSet &maps, RemapStats *stats)
{
    options.rewrite = [&maps, stats](std::shared_ptr<Profile> p) {
        remapProfileInPlace(*p, maps, stats); // freshly loaded: ours alone
        return p;
    };
    return openCapture(paths, options);
}

} // namespace embers
