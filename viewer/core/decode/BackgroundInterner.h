// BackgroundInterner: interns a stream of sequences into a SequenceInterner on a helper
// thread, in order, while the caller goes on producing the next ones. The decoder hands
// it each sample's stack: probing the table and comparing with the stored stack are
// cache misses, and on a core of their own they overlap the parse instead of adding to it.
//
// With fewer cores than it is told to need, fewer sequences than a batch, or no thread
// to be had, it interns in place, in the caller's thread.
#pragma once

#include "SequenceInterner.h"

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace embers {

class BackgroundInterner
{
public:
    // Appends the index of every added sequence to `indices`. Neither may be touched by
    // anyone else until finish() returns or this object is gone. The helper pays only
    // with a core of its own: `minCores` counts the caller's and those of other busy
    // threads beside it.
    BackgroundInterner(SequenceInterner &interner, std::vector<uint32_t> &indices,
                       unsigned minCores = 2);
    ~BackgroundInterner(); // stops the helper, dropping what it has not interned

    // Whether a helper thread would run, given the cores it needs (as `minCores` above).
    static bool helperPays(unsigned minCores);

    void add(std::span<const uint32_t> seq, uint64_t hash)
    {
        Batch &b = *m_filling;
        b.words.insert(b.words.end(), seq.begin(), seq.end());
        b.ends.push_back(uint32_t(b.words.size()));
        b.hashes.push_back(hash);
        if (b.ends.size() == kBatchSize)
            handOver();
    }

    // Waits until every sequence added is interned. Throws std::bad_alloc if the helper
    // ran out of memory.
    void finish();

private:
    static constexpr size_t kBatchSize = 4096;
    struct Batch
    {
        std::vector<uint32_t> words;
        std::vector<uint32_t> ends; // of each sequence in `words`
        std::vector<uint64_t> hashes;
        void clear()
        {
            words.clear();
            ends.clear();
            hashes.clear();
        }
    };
    struct Shared;

    void handOver();
    void internBatch(const Batch &b);
    void run();

    SequenceInterner &m_interner;
    std::vector<uint32_t> &m_indices;
    std::unique_ptr<Batch> m_ownFilling; // until the helper starts
    Batch *m_filling;
    std::unique_ptr<Shared> m_shared; // null until the helper starts
    const unsigned m_minCores;
    bool m_inPlace = false; // too few cores, or no thread could be started
};

} // namespace embers
