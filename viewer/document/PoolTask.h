// startOnPool: runs a task on a thread pool and returns a future that finishes once it has.
// Unlike QtConcurrent::run, what the caller wrote before the call (the task's captures) is
// handed to the worker through an atomic of ours, which ThreadSanitizer sees: Qt's own locks
// it cannot, as Qt is not built with it. Results go back the same way (BackgroundJob,
// SharedTruncation): written, then released through an atomic the reader acquires.
#pragma once

#include <QFuture>

#include <functional>

class QThreadPool;

namespace embers {

QFuture<void> startOnPool(QThreadPool *pool, std::function<void()> task);

} // namespace embers
