// SourcePaths: how a file name recorded in a profile becomes a file on this machine. First
// pprof's own rules, which `--list` follows exactly (-source_path, -trim_path and pprof's
// guess from the search folders' names); then, for the window, the places Go keeps sources
// (GOROOT, the module cache), the profile's folder and the user's own answers to Locate….
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace embers {

// Go's filepath.Clean: "." and ".." resolved lexically, repeated and trailing slashes gone.
std::string cleanPath(std::string_view path);

// pprof's trimPath: `path` without the first of `trimPaths` (':'-separated) that prefixes
// it, or, when none is given, without everything up to a search folder's name
// ("/build/x/myproj/a/b.go" with the folder ".../myproj" gives "a/b.go"). "/proc/self/cwd/"
// is always trimmed.
std::string pprofTrimPath(std::string_view path, std::string_view trimPaths,
                          std::string_view searchPath);

// Where pprof's openSourceFile looks for `recorded`: the trimmed path if it is absolute,
// else that path below each search folder and each of its parents. `path` is the file to
// read, or empty with `error` as pprof words it.
struct SourceLookup
{
    std::string path;
    std::string error;
};
SourceLookup findSourceAsPprof(std::string_view recorded, std::string_view searchPath,
                               std::string_view trimPaths);

// What the window also searches, after pprof's rules.
struct SourceRoots
{
    std::string searchPath; // ':'-separated, as pprof's -source_path
    std::string trimPaths;  // as pprof's -trim_path
    std::string goRoot;     // `go env GOROOT`: ".../src/runtime/proc.go" is found below it
    std::string goModCache; // `go env GOMODCACHE`: "mod@v1.2.3/x.go", ".../pkg/mod/..."
    // Folders of the profiles: relative names are found below them and their parents.
    std::vector<std::string> profileFolders;
    // The user's answers (Locate…): a recorded prefix and the folder that stands for it.
    std::vector<std::pair<std::string, std::string>> prefixes;
};

// Every place tried for `recorded`, in order, and the first that is a readable file.
struct SourceSearch
{
    std::string found;              // empty when none
    std::vector<std::string> tried; // the candidates, to show the user
};
SourceSearch findSource(std::string_view recorded, const SourceRoots &roots);

// The remembered answer for a file the user located: the longest common tail of `recorded`
// and `located` dropped gives ("/build/app/", "/home/me/app/"); empty when the two do not
// end alike (only the file's own name is then remembered, as its folder).
std::pair<std::string, std::string> locatedPrefix(std::string_view recorded,
                                                  std::string_view located);

} // namespace embers
