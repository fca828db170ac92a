// GoFolders: where this machine's Go keeps the standard library's sources (GOROOT) and the
// modules it downloaded (GOMODCACHE), two of the places Show Source searches. Each comes
// from the environment when it is set there, as `go env` itself would report it; `go env`
// is run only for what the environment leaves unset, so that a set environment costs no
// process (nor a fork among the pool's threads, which ThreadSanitizer cannot follow).
#pragma once

#include <QProcessEnvironment>

#include <string>

namespace embers {

struct GoFolders
{
    std::string root;     // GOROOT
    std::string modCache; // GOMODCACHE
};

// The folders `environment` names, the rest from `go env` run in it (the `go` on its PATH);
// empty where neither says (no Go, or a Go that failed).
GoFolders goFoldersFrom(const QProcessEnvironment &environment);

// This process's, found at the first call (Show Source's first search: a page only viewed
// needs none), from any thread; later callers wait for it.
GoFolders goFolders();

} // namespace embers
