// OwnGoFolders: Go's folders for Show Source named in the environment, empty ones of the
// test's own, so that the search starts no `go env` (GoFolders.h): under ThreadSanitizer
// that would be a fork among threads, where clang 14's runtime aborts. Called before the
// first Show Source (the folders are found once per process).
#pragma once

#include <QFile>
#include <QTemporaryDir>

namespace embers::test {

inline void useOwnGoFolders()
{
    static QTemporaryDir folder;
    qputenv("GOROOT", QFile::encodeName(folder.filePath(QStringLiteral("goroot"))));
    qputenv("GOMODCACHE", QFile::encodeName(folder.filePath(QStringLiteral("modcache"))));
}

} // namespace embers::test
