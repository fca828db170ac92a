#include "SourcePaths.h"

#include <QFileInfo>
#include <QString>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace embers {

namespace {

std::vector<std::string_view> splitList(std::string_view list)
{
    std::vector<std::string_view> parts;
    if (list.empty())
        return parts; // Go's filepath.SplitList("") is empty, not [""]
    size_t start = 0;
    for (;;) {
        const size_t colon = list.find(':', start);
        parts.push_back(list.substr(start, colon - start));
        if (colon == std::string_view::npos)
            return parts;
        start = colon + 1;
    }
}

// Go's filepath.Base.
std::string baseName(std::string_view path)
{
    while (path.size() > 1 && path.back() == '/')
        path.remove_suffix(1);
    if (path.empty())
        return ".";
    if (path == "/")
        return "/";
    const size_t slash = path.rfind('/');
    return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

// Go's filepath.Dir.
std::string dirName(std::string_view path)
{
    const size_t slash = path.rfind('/');
    return cleanPath(slash == std::string_view::npos ? std::string_view()
                                                     : path.substr(0, slash + 1));
}

std::string joinPath(std::string_view dir, std::string_view path)
{
    if (dir.empty())
        return cleanPath(path);
    if (path.empty())
        return cleanPath(dir);
    return cleanPath(std::string(dir) + "/" + std::string(path));
}

bool isReadableFile(const std::string &path)
{
    const QFileInfo info(QString::fromStdString(path));
    return info.isFile() && info.isReadable();
}

// What Go's os.Open says of a path it cannot open: "open PATH: no such file or directory".
// Opening succeeds for a folder, as it does in Go (reading it then gives no lines), and
// without blocking for a pipe (which is then not read).
std::string openError(const std::string &path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd >= 0) {
        ::close(fd);
        return {};
    }
    std::string why = std::strerror(errno);
    if (!why.empty())
        why[0] = char(std::tolower(static_cast<unsigned char>(why[0])));
    return "open " + path + ": " + why;
}

} // namespace

std::string cleanPath(std::string_view path)
{
    if (path.empty())
        return ".";
    const bool rooted = path.front() == '/';
    std::vector<std::string_view> out;
    size_t start = 0;
    while (start <= path.size()) {
        size_t slash = path.find('/', start);
        if (slash == std::string_view::npos)
            slash = path.size();
        const std::string_view part = path.substr(start, slash - start);
        start = slash + 1;
        if (part.empty() || part == ".")
            continue;
        if (part == "..") {
            if (!out.empty() && out.back() != "..")
                out.pop_back();
            else if (!rooted)
                out.push_back(part);
            continue;
        }
        out.push_back(part);
    }
    std::string result = rooted ? "/" : "";
    for (size_t i = 0; i < out.size(); ++i) {
        if (i)
            result += '/';
        result += out[i];
    }
    return result.empty() ? "." : result;
}

std::string pprofTrimPath(std::string_view path, std::string_view trimPaths,
                          std::string_view searchPath)
{
    if (trimPaths.empty()) {
        for (std::string_view dir : splitList(searchPath)) {
            const std::string want = "/" + baseName(dir) + "/";
            if (const size_t found = path.find(want); found != std::string_view::npos)
                return std::string(path.substr(found + want.size()));
        }
    }
    std::vector<std::string> prefixes;
    for (std::string_view prefix : splitList(trimPaths))
        prefixes.emplace_back(prefix);
    prefixes.emplace_back("/proc/self/cwd/./");
    prefixes.emplace_back("/proc/self/cwd/");
    for (std::string &prefix : prefixes) {
        if (prefix.empty() || prefix.back() != '/')
            prefix += '/';
        if (path.starts_with(prefix))
            return std::string(path.substr(prefix.size()));
    }
    return std::string(path);
}

SourceLookup findSourceAsPprof(std::string_view recorded, std::string_view searchPath,
                               std::string_view trimPaths)
{
    const std::string path = pprofTrimPath(recorded, trimPaths, searchPath);
    if (!path.empty() && path.front() == '/') {
        std::string error = openError(path);
        return {error.empty() ? path : std::string(), error};
    }
    for (std::string_view start : splitList(searchPath)) {
        std::string dir(start);
        for (;;) {
            const std::string candidate = joinPath(dir, path);
            if (openError(candidate).empty())
                return {candidate, {}};
            std::string parent = dirName(dir);
            if (parent == dir)
                break;
            dir = std::move(parent);
        }
    }
    return {{}, "could not find file " + path + " on path " + std::string(searchPath)};
}

SourceSearch findSource(std::string_view recorded, const SourceRoots &roots)
{
    SourceSearch search;
    const auto tryPath = [&search](std::string candidate) {
        if (candidate.empty())
            return false;
        candidate = cleanPath(candidate);
        for (const std::string &seen : search.tried) {
            if (seen == candidate)
                return false;
        }
        search.tried.push_back(candidate);
        if (!isReadableFile(candidate))
            return false;
        search.found = std::move(candidate);
        return true;
    };
    const std::string asRecorded = cleanPath(recorded);
    const bool absolute = !recorded.empty() && recorded.front() == '/';
    if (absolute && tryPath(asRecorded))
        return search;
    // The user's answers, the longest prefix first.
    const std::pair<std::string, std::string> *best = nullptr;
    for (const auto &prefix : roots.prefixes) {
        if (asRecorded.starts_with(prefix.first) &&
            (!best || prefix.first.size() > best->first.size()))
            best = &prefix;
    }
    if (best && tryPath(best->second + asRecorded.substr(best->first.size())))
        return search;
    // pprof's rules, with each search folder and its parents.
    const std::string trimmed = pprofTrimPath(recorded, roots.trimPaths, roots.searchPath);
    if (!trimmed.empty() && trimmed.front() == '/') {
        if (trimmed != asRecorded && tryPath(trimmed))
            return search;
    } else {
        std::vector<std::string> folders;
        for (std::string_view dir : splitList(roots.searchPath))
            folders.emplace_back(dir);
        folders.insert(folders.end(), roots.profileFolders.begin(), roots.profileFolders.end());
        for (std::string dir : folders) {
            for (;;) {
                if (tryPath(joinPath(dir, trimmed)))
                    return search;
                std::string parent = dirName(dir);
                if (parent == dir)
                    break;
                dir = std::move(parent);
            }
        }
    }
    // Go's standard library: ".../go/src/runtime/proc.go", or "runtime/proc.go" from a
    // -trimpath build, below this machine's GOROOT.
    if (!roots.goRoot.empty()) {
        for (size_t at = asRecorded.find("/src/"); at != std::string::npos;
             at = asRecorded.find("/src/", at + 1)) {
            if (tryPath(roots.goRoot + asRecorded.substr(at)))
                return search;
        }
        if (!absolute && tryPath(roots.goRoot + "/src/" + asRecorded))
            return search;
    }
    // Modules: ".../pkg/mod/example.com/m@v1.2.3/x.go", or "example.com/m@v1.2.3/x.go".
    if (!roots.goModCache.empty()) {
        const size_t mod = asRecorded.find("/pkg/mod/");
        if (mod != std::string::npos &&
            tryPath(roots.goModCache + asRecorded.substr(mod + std::strlen("/pkg/mod"))))
            return search;
        if (!absolute && asRecorded.find('@') != std::string::npos &&
            tryPath(roots.goModCache + "/" + asRecorded))
            return search;
    }
    // Relative to the profile's folders, with the folder names pprof would have trimmed.
    for (const std::string &folder : roots.profileFolders) {
        const std::string name = asRecorded.substr(asRecorded.rfind('/') + 1);
        std::string beside = folder;
        beside += '/';
        beside += name;
        if (tryPath(std::move(beside)))
            return search;
    }
    return search;
}

std::pair<std::string, std::string> locatedPrefix(std::string_view recorded,
                                                  std::string_view located)
{
    const std::string from = cleanPath(recorded), to = cleanPath(located);
    size_t common = 0;
    while (common < from.size() && common < to.size() &&
           from[from.size() - 1 - common] == to[to.size() - 1 - common])
        ++common;
    // Back to a folder boundary: the tail kept is whole path components.
    while (common > 0 && from[from.size() - common] != '/')
        --common;
    if (common == 0)
        return {};
    return {from.substr(0, from.size() - common + 1), to.substr(0, to.size() - common + 1)};
}

} // namespace embers
