// SourceMapRemap: frames of bundled/minified JavaScript turned back into the original
// (TypeScript...) functions with source maps. Works on the Profile, before the stacks are
// built, because a frame's generated line and column are per location and the stack
// table keeps neither at the window's granularity; the result is an ordinary Profile, so
// the capture built from it (openRemappedCapture) works everywhere unchanged and exports
// as any other.
#pragma once

#include "Capture.h"
#include "SourceMap.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace embers {

struct SourceMapFile
{
    QString path;          // the .map file
    QStringList generated; // paths of the generated file: PATH without .map, the map's `file`
    SourceMap map;
    // The generated file's lines when it is beside the map: line-only frames of a minified
    // bundle then find their function by its generated name (SourceMap::findDeclarations).
    std::shared_ptr<const std::vector<QString>> generatedLines;
};

class SourceMapSet
{
public:
    void add(SourceMapFile file) { m_maps.push_back(std::move(file)); }
    bool empty() const { return m_maps.empty(); }
    size_t size() const { return m_maps.size(); }
    const SourceMapFile &at(size_t i) const { return m_maps[i]; }

    // The map for a script as a profile names it (a path, a file:// or http URL,
    // webpack://...), or -1. The generated file's path is matched from its end: the
    // map sharing the most trailing path components wins, and at least the file name
    // must match, so a capture from /srv/app/dist/worker.js finds the map a build left
    // in ./dist/worker.js.map on another machine.
    // *matched: how many trailing components matched.
    int find(std::string_view script, int *matched = nullptr) const;

    // The text a map embeds (sourcesContent) for an original source, named as remapped
    // frames name it (`path`, maybe cleaned); null when no map has it. *map: the map's path.
    QByteArray sourceContent(std::string_view path, QString *map = nullptr) const;

private:
    std::vector<SourceMapFile> m_maps;
};

// Reads one .map file; false and *error ("FILE: what is wrong") when it is not a
// usable source map.
bool readSourceMap(const QString &path, SourceMapFile *out, QString *error);

struct SourceMapLoad
{
    SourceMapSet maps;
    QStringList errors; // one per file that could not be read
};

// Files are read as maps; folders are searched, with their subfolders, for *.map files.
SourceMapLoad loadSourceMaps(const QStringList &paths);

// Whether the file is a source map, by its content.
bool isSourceMapFile(const QString &path);

struct RemapStats
{
    std::set<size_t> mapsUsed;  // indices in the SourceMapSet
    int64_t framesRemapped = 0; // profile frames (a location's function at a line)
    int64_t approximate = 0;    // of which remapped by line alone, ambiguously
    // remapKey()s of the functions some approximate frame was remapped to.
    std::set<std::string> approximateFunctions;
};

// The key approximateFunctions uses: the function's name and its file's name (the
// stack table cleans paths, so directories are left out).
std::string remapKey(std::string_view name, std::string_view file);

// A copy of the profile whose frames in scripts that have a map are the original
// functions (name, file, line; the generated name kept as the system name). Frames of
// other files are left as they are. When several of the profile's scripts match one map,
// only those that match it best use it (dist/index.js, not node_modules/x/index.js).
std::shared_ptr<Profile> remapProfile(const Profile &profile, const SourceMapSet &maps,
                                      RemapStats *stats);
// The same in place (no copy of a big profile's samples).
void remapProfileInPlace(Profile &profile, const SourceMapSet &maps, RemapStats *stats);

// Source maps beside the scripts the profiles name, as a build leaves them: SCRIPT.map,
// or the file a `//# sourceMappingURL=` comment at the end of SCRIPT names. Only local
// .js/.mjs/.cjs files that exist; each map once.
QStringList sourceMapsBesideScripts(const std::vector<ProfilePtr> &profiles);

// openCapture() with every profile remapped.
OpenResult openRemappedCapture(const QStringList &paths, OpenOptions options,
                               const SourceMapSet &maps, RemapStats *stats);

} // namespace embers
