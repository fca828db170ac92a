// BackgroundJob: the latest job of one kind (a page's transforms, a capture's load, a diff),
// run off the GUI thread. Starting a job supersedes the one before it: that one is asked to
// stop and its result is dropped, so only the latest answer ever reaches the owner. The
// result is handed to a callback on the job object's thread, never after the object is
// gone. Work sees a JobControl: a cancel flag to poll (or hand to the core's functions),
// and a progress report that the object polls and signals, throttled.
//
// Two ways to overlap: Cancel (the default) starts the new job at once, beside the old one
// winding down; Wait asks the running job to stop, lets it end (its result dropped) and only
// then starts the latest request, for work that cannot stop early and would otherwise run
// twice at once on a 2-core machine. Work and callbacks are copied: capture shared_ptrs.
#pragma once

#include "PoolTask.h"

#include <QFutureWatcher>
#include <QObject>
#include <QTimer>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

class QThreadPool;

namespace embers {

// What a job's work sees of its job: whether to stop, and where to say how far it got.
class JobControl
{
public:
    struct State
    {
        std::atomic_bool cancel{false};
        std::atomic<qint64> done{-1};
        std::atomic<qint64> total{0};
        // Set by the worker once its result is written; read before the result is.
        std::atomic_bool ended{false};
    };

    explicit JobControl(std::shared_ptr<State> state) : m_state(std::move(state)) {}

    bool isCancelled() const { return m_state->cancel.load(std::memory_order_relaxed); }
    // For the core's functions that poll a flag of their own.
    const std::atomic_bool *cancelFlag() const { return &m_state->cancel; }
    void setProgress(qint64 done, qint64 total)
    {
        m_state->total.store(total, std::memory_order_relaxed);
        m_state->done.store(done, std::memory_order_relaxed);
    }

private:
    std::shared_ptr<State> m_state;
};

class BackgroundJob : public QObject
{
    Q_OBJECT
public:
    enum class Overlap { Cancel, Wait };

    explicit BackgroundJob(QObject *parent = nullptr, Overlap overlap = Overlap::Cancel);
    // The running job is asked to stop; its result goes nowhere.
    ~BackgroundJob() override;

    // The thread pool jobs run on (the global one by default).
    void setPool(QThreadPool *pool) { m_pool = pool; }

    // Runs `work(JobControl &)` off this thread and then `done(result)` (or `done()` for
    // work that returns nothing) on it, unless a newer run(), cancel() or this object's
    // end comes first.
    template <typename Work, typename Done> void run(Work work, Done done);
    // Waits for work that runs already (shared with other askers: it is not stopped by
    // cancel()), then calls `done()` as run() does; the work hands over its result itself.
    template <typename Done> void follow(QFuture<void> future, Done done);

    // Drops the running job (it is asked to stop) and a request waiting for it.
    void cancel();
    // Asks the running job to stop early but still hands over what it returns (e.g. what
    // was recorded so far, or a result that says it was cancelled).
    void stop();

    bool isRunning() const { return bool(m_current); }
    // stop() was called on the running job.
    bool isStopping() const;

signals:
    void runningChanged(bool running);
    // Throttled; only what the work reported (done < 0: nothing yet).
    void progress(qint64 done, qint64 total);

private:
    using Launch = std::function<void()>;
    // Makes `state` the running job's; false when the request has to wait instead.
    bool admit(Launch launch);
    std::shared_ptr<JobControl::State> begin();
    // Whether the job whose state this is still matters; ends it.
    bool finish(const std::shared_ptr<JobControl::State> &state);
    void pollProgress();
    QThreadPool *pool() const;

    Overlap m_overlap;
    QThreadPool *m_pool = nullptr;
    std::shared_ptr<JobControl::State> m_current;
    bool m_stopping = false;
    Launch m_waiting; // Overlap::Wait: the latest request, started once the running job ends
    qint64 m_reported = -2;
    QTimer m_progressTimer;
};

template <typename Work, typename Done> void BackgroundJob::run(Work work, Done done)
{
    using Result = std::invoke_result_t<Work &, JobControl &>;
    // Where the worker leaves its result (a flag for work that returns nothing).
    using Slot = std::conditional_t<std::is_void_v<Result>, bool, std::optional<Result>>;
    Launch launch = [this, work = std::move(work), done = std::move(done)]() mutable {
        std::shared_ptr<JobControl::State> state = begin();
        auto slot = std::make_shared<Slot>();
        auto *watcher = new QFutureWatcher<void>(this);
        connect(watcher, &QFutureWatcherBase::finished, this,
                [this, watcher, state, slot, done]() mutable {
                    watcher->deleteLater();
                    const bool ended = state->ended.load(std::memory_order_acquire);
                    if (!finish(state) || !ended)
                        return;
                    if constexpr (std::is_void_v<Result>)
                        done();
                    else
                        done(std::move(**slot));
                });
        watcher->setFuture(startOnPool(pool(), [work, state, slot]() mutable {
            JobControl control(state);
            if constexpr (std::is_void_v<Result>)
                work(control);
            else
                slot->emplace(work(control));
            state->ended.store(true, std::memory_order_release);
        }));
    };
    if (admit(launch))
        launch();
}

template <typename Done> void BackgroundJob::follow(QFuture<void> future, Done done)
{
    Launch launch = [this, future, done]() mutable {
        std::shared_ptr<JobControl::State> state = begin();
        auto *watcher = new QFutureWatcher<void>(this);
        connect(watcher, &QFutureWatcherBase::finished, this,
                [this, watcher, state, done]() mutable {
                    watcher->deleteLater();
                    if (finish(state))
                        done();
                });
        watcher->setFuture(future);
    };
    if (admit(launch))
        launch();
}

} // namespace embers
