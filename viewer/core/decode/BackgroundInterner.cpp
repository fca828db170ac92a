#include "BackgroundInterner.h"

#include "LargeArrays.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>

namespace embers {

namespace {
constexpr size_t kBatchesAhead = 4;  // enough to ride out the parser's uneven pace
constexpr size_t kPrefetchAhead = 8; // sequences
} // namespace

struct BackgroundInterner::Shared
{
    std::mutex mutex;
    std::condition_variable changed;
    std::deque<std::unique_ptr<Batch>> full; // waiting for the helper, oldest first
    std::vector<std::unique_ptr<Batch>> spare;
    std::unique_ptr<Batch> filling;
    bool busy = false; // the helper is interning a batch it took
    bool stop = false;
    bool outOfMemory = false;
    std::thread thread;
};

BackgroundInterner::BackgroundInterner(SequenceInterner &interner, std::vector<uint32_t> &indices,
                                       unsigned minCores)
    : m_interner(interner), m_indices(indices), m_ownFilling(std::make_unique<Batch>()),
      m_filling(m_ownFilling.get()), m_minCores(minCores)
{}

BackgroundInterner::~BackgroundInterner()
{
    if (!m_shared)
        return;
    {
        std::lock_guard lock(m_shared->mutex);
        m_shared->stop = true;
    }
    m_shared->changed.notify_all();
    m_shared->thread.join();
}

bool BackgroundInterner::helperPays(unsigned minCores)
{
    return std::thread::hardware_concurrency() >= minCores;
}

void BackgroundInterner::internBatch(const Batch &b)
{
    // A sequence's table slot is a cache miss in a large table: fetch it a few ahead.
    const size_t n = b.ends.size();
    growLarge(m_indices, n);
    for (size_t i = 0; i < std::min(n, kPrefetchAhead); ++i)
        m_interner.prefetch(b.hashes[i]);
    uint32_t begin = 0;
    for (size_t i = 0; i < n; ++i) {
        if (i + kPrefetchAhead < n)
            m_interner.prefetch(b.hashes[i + kPrefetchAhead]);
        const uint32_t end = b.ends[i];
        m_indices.push_back(m_interner.intern(
            std::span<const uint32_t>(b.words.data() + begin, end - begin), b.hashes[i]));
        begin = end;
    }
}

void BackgroundInterner::handOver()
{
    // The helper starts with the first full batch: a small profile never needs it.
    if (!m_shared && !m_inPlace) {
        m_inPlace = !helperPays(m_minCores);
        if (!m_inPlace) {
            m_shared = std::make_unique<Shared>();
            m_shared->filling = std::move(m_ownFilling);
            try {
                m_shared->thread = std::thread([this] { run(); });
            } catch (const std::system_error &) { // no thread to be had: work in place
                m_ownFilling = std::move(m_shared->filling);
                m_shared.reset();
                m_inPlace = true;
            }
        }
    }
    if (!m_shared) {
        internBatch(*m_filling);
        m_filling->clear();
        return;
    }
    Shared &s = *m_shared;
    {
        std::unique_lock lock(s.mutex);
        s.changed.wait(lock, [&] { return s.full.size() < kBatchesAhead || s.outOfMemory; });
        s.full.push_back(std::move(s.filling));
        if (s.spare.empty()) {
            s.filling = std::make_unique<Batch>();
        } else {
            s.filling = std::move(s.spare.back());
            s.spare.pop_back();
        }
        m_filling = s.filling.get();
    }
    s.changed.notify_all();
}

void BackgroundInterner::finish()
{
    if (!m_shared) {
        internBatch(*m_filling);
        m_filling->clear();
        return;
    }
    if (!m_filling->ends.empty())
        handOver();
    Shared &s = *m_shared;
    std::unique_lock lock(s.mutex);
    s.changed.wait(lock, [&] { return (s.full.empty() && !s.busy) || s.outOfMemory; });
    if (s.outOfMemory)
        throw std::bad_alloc();
}

void BackgroundInterner::run()
{
    Shared &s = *m_shared;
    std::unique_ptr<Batch> batch;
    for (;;) {
        {
            std::unique_lock lock(s.mutex);
            if (batch) {
                batch->clear();
                s.spare.push_back(std::move(batch));
                s.busy = false;
                s.changed.notify_all();
            }
            s.changed.wait(lock, [&] { return s.stop || !s.full.empty(); });
            if (s.stop)
                return;
            batch = std::move(s.full.front());
            s.full.pop_front();
            s.busy = true;
        }
        s.changed.notify_all();
        try {
            internBatch(*batch);
        } catch (const std::bad_alloc &) {
            std::lock_guard lock(s.mutex);
            s.outOfMemory = true;
            s.busy = false;
            s.changed.notify_all();
            return;
        }
    }
}

} // namespace embers
