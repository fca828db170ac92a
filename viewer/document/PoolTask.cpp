#include "PoolTask.h"

#include <QFutureInterface>
#include <QThreadPool>

#include <atomic>

namespace embers {

namespace {

// Every hand-off goes through this one atomic, not one the task carries: the worker cannot
// read its task's captures before it has acquired what the caller released, and a flag
// stored among those captures would itself be read unsynchronised.
std::atomic<quint64> g_handOffs{0};

} // namespace

QFuture<void> startOnPool(QThreadPool *pool, std::function<void()> task)
{
    QFutureInterface<void> promise;
    promise.reportStarted();
    QFuture<void> future = promise.future();
    std::function<void()> run = [task = std::move(task), promise]() mutable {
        (void)g_handOffs.load(std::memory_order_acquire);
        task();
        promise.reportFinished();
    };
    g_handOffs.fetch_add(1, std::memory_order_release);
    pool->start(std::move(run));
    return future;
}

} // namespace embers
