#include "PoolTask.h"

#include <QFutureInterface>
#include <QThreadPool>

#include <atomic>
#include <memory>

namespace embers {

QFuture<void> startOnPool(QThreadPool *pool, std::function<void()> task)
{
    QFutureInterface<void> promise;
    promise.reportStarted();
    QFuture<void> future = promise.future();
    auto handedOver = std::make_shared<std::atomic_bool>(false);
    std::function<void()> run = [task = std::move(task), handedOver, promise]() mutable {
        (void)handedOver->load(std::memory_order_acquire);
        task();
        promise.reportFinished();
    };
    handedOver->store(true, std::memory_order_release);
    pool->start(std::move(run));
    return future;
}

} // namespace embers
