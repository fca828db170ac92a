// SourceText: a source file read for showing, never for writing. Whatever the file holds,
// the answer is lines or a reason: a folder, an unreadable or a binary file, one too large;
// invalid UTF-8 shows as U+FFFD and a line too long to read is cut, not painted whole.
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QDateTime>
#include <QString>

#include <cstdint>
#include <string>
#include <vector>

namespace embers {

struct SourceText
{
    // Special: a device, pipe or socket, never opened (a pipe would block the reader).
    enum class Status { Ok, Missing, Folder, Special, Unreadable, Binary, TooLarge };
    Status status = Status::Missing;
    QString path;
    // The file's bytes, kept as UTF-8: a line is decoded when it is shown, so a large file
    // costs one read and one pass for its line starts before it can be painted.
    QByteArray bytes;
    std::vector<qsizetype> lineStarts; // byte offsets; lineStarts.size() lines
    qsizetype longestLine = 0;         // in bytes
    bool invalidUtf8 = false;
    QDateTime modified;

    int lineCount() const { return int(lineStarts.size()); }
    // Line `n` (1-based) as UTF-8, without its '\n' and a final '\r'.
    QByteArrayView lineBytes(int n) const;
    // Line `n` decoded (U+FFFD for invalid UTF-8), at most `maxChars` characters of it.
    QString line(int n, int maxChars = 4096) const;
    // Its length in characters (UTF-16 code units).
    qsizetype lineLength(int n) const;
};

// Reads `path`; a file over `maxBytes` is refused (TooLarge), one with NUL bytes in its
// first 64 KiB is taken for binary.
SourceText readSourceText(const QString &path, int64_t maxBytes = 256ll << 20);

// Text held in memory (a source map's sourcesContent) read as a file would be; `path`
// names it. No modification time.
SourceText sourceTextFromBytes(QByteArray bytes, const QString &path);

// The lines as pprof reads them (Go's bufio.Scanner): split at '\n', a final '\r' dropped,
// the bytes kept as they are; reading stops at a line over 64 KiB, as the scanner does. A
// file that opens but cannot be read (a folder) has no lines.
std::vector<std::string> readLinesAsPprof(const std::string &path);

} // namespace embers
