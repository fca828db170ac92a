// SourceMapIntake: the source maps an inspector target names for its scripts
// (Debugger.scriptParsed) while a capture records, taken in only within limits, because
// the target is not trusted. Each script's map is looked at once, in O(1) per event;
// at most kMaxMapsPerCapture maps are taken in, each of at most kMaxMapBytes, all of
// them together at most kMaxMapTotalBytes. Maps over HTTP come only from the host the
// user named; local files only for a target on this machine, and only regular files
// named *.map, read off the GUI thread without blocking (loadSourceMap). The problems are
// kept as lines for warnings, at most kMaxProblemLines of them and a count of the rest.
#pragma once

#include "SourceMapRemap.h"

#include <QSet>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace embers {

constexpr int kMaxMapsPerCapture = 200;
constexpr qint64 kMaxMapBytes = qint64(64) << 20;
constexpr qint64 kMaxMapTotalBytes = qint64(256) << 20;
constexpr int kMaxProblemLines = 20;

// Where a script's map is to be read from.
struct SourceMapSource
{
    enum class Kind { Inline, File, Http };
    Kind kind = Kind::Inline;
    QString scriptUrl; // as the target named it
    QString mapUrl;    // as the target named it (Inline: the data: URL)
    QString path;      // File
    QUrl url;          // Http
    // What messages say of the map: its file or URL, escaped.
    QString shown() const;
};

// A map read and parsed (off the GUI thread), or why not.
struct LoadedSourceMap
{
    std::optional<SourceMapFile> file;
    QString problem; // "MAP: what is wrong"
    qint64 bytes = 0;
};

class SourceMapIntake
{
public:
    // `inspector`: the inspector's HTTP address the user named.
    explicit SourceMapIntake(const QUrl &inspector);

    // A script the target parsed, with the map it names: where to read the map from, or
    // nothing (no map, a script seen before, a map refused: a problem line).
    std::optional<SourceMapSource> scriptParsed(const QString &scriptUrl, const QString &mapUrl);
    // The bytes the next map may take, reserved until settle(); 0 when the capture's
    // total is used up (a problem line says so).
    qint64 reserve(const SourceMapSource &source);
    void settle(qint64 reserved, qint64 used);
    void addProblem(const QString &line);
    // The problem lines, and one for the rest.
    QStringList problems() const;

private:
    QUrl m_inspector;
    QSet<QString> m_seen;
    int m_taken = 0;
    qint64 m_beyondCount = 0;
    qint64 m_used = 0;
    qint64 m_reserved = 0;
    QStringList m_problems;
    qint64 m_moreProblems = 0;
};

// The map's bytes (Inline: decoded from the URL; File: read from the file; Http: the
// fetched body) parsed, at most `maxBytes` of them. Runs on any thread.
LoadedSourceMap loadSourceMap(const SourceMapSource &source, const QByteArray &fetched,
                              qint64 maxBytes);

// A local file's bytes: only a regular file of at most maxBytes, opened without blocking
// (a FIFO, a device, a socket are refused, never waited on).
bool readSourceMapFile(const QString &path, qint64 maxBytes, QByteArray *bytes, QString *problem);

} // namespace embers
