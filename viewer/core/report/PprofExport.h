// PprofExport: a stack table as a pprof profile (a Profile message, gzip'd), which
// `go tool pprof` reads back with the same numbers. Works on any StackTable, so a
// filtered, transformed or remapped view exports as shown.
//
// Written: every column as a sample type (the table's default column as
// default_sample_type), period, period type, time, duration, comments and doc URL from
// the header; a function per (name, file, start line); a location per frame, except that
// a frame with the functions inlined into it becomes one location with several lines
// (innermost first), as pprof writes inlining; one sample per stack with a value; the
// main binary as mapping 1 when the profile had one; each location's address when the
// table keeps addresses (Granularity::Addresses). Not written: labels and
// drop_frames/keep_frames (the table has them applied already). Frames keep only what the
// table's granularity keeps, so export a table built at Granularity::Lines to keep file
// names and lines.
#pragma once

#include "StackTable.h"

#include <QString>

#include <string>

namespace embers {

// The Profile message, serialized (not compressed). `defaultColumn` is the sample type
// pprof shows first; -1 for the table's default.
std::string encodePprof(const StackTable &stacks, int defaultColumn = -1);

// gzip'd, as pprof files are stored.
std::string gzipBytes(const std::string &bytes);

// Writes the gzip'd profile to `path` (replacing it only once all is written); false and
// *error ("PATH: what went wrong") when it cannot.
bool writePprof(const StackTable &stacks, const QString &path, QString *error,
                int defaultColumn = -1);

} // namespace embers
