// FewKeptRewrite: a trie rewrite in which few source nodes keep a frame and the others
// merge into their caller or are dropped (pprof's -show keeps a package's frames out of a
// whole profile, so its 9.4M nodes may come out as a few dozen). The level-by-level rewrite
// then gathers almost the whole trie into a few groups and sorts them; here each source
// node instead finds its output node in one pass in node order, through a hash table of
// the (output parent, frame) pairs met, which stays small and in cache. The output is then
// ordered breadth first, as rewriteTrie's. No grafts.
#pragma once

#include "StackTable.h"
#include "TrieRewrite.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

namespace embers {

// Whether rewriteFewKept applies to `rw` on `in` and is worth it: no grafts, at most one
// node in kFewKeptShare keeps a frame, and at least half of them merge.
bool fewKept(const StackTable &in, const TrieRewrite &rw);
inline constexpr uint32_t kFewKeptShare = 16;

// The same table as rewriteTrie(in, out, rw, outOf, cancel), for a rewrite without grafts.
std::optional<StackTable> rewriteFewKept(const StackTable &in, StackTable out,
                                         const TrieRewrite &rw, std::vector<uint32_t> *outOf,
                                         const std::atomic_bool *cancel);

} // namespace embers
