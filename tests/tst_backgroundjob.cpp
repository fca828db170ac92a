// BackgroundJob: only the latest job's result reaches its owner, cancel() drops it and
// stops the work, stop() still hands over what the work made, Overlap::Wait never runs
// two jobs at once, progress is signalled, and a job object that is gone hands nothing
// over and leaves its work to wind down.
#include "BackgroundJob.h"

#include <QSignalSpy>
#include <QThreadPool>
#include <QtTest>

#include <atomic>
#include <memory>
#include <thread>

using namespace embers;

namespace {

constexpr int kTimeoutMs = 10000;

// Work that runs until it is cancelled or released, and says how it ended.
struct Gate
{
    std::atomic_bool release{false};
    std::atomic_int running{0};
    std::atomic_int mostAtOnce{0};
    std::atomic_int sawCancel{0};
    std::atomic_int started{0};

    // Returns `value` once released; -1 if it was cancelled first.
    int wait(JobControl &control, int value)
    {
        ++started;
        const int now = ++running;
        int most = mostAtOnce.load();
        while (now > most && !mostAtOnce.compare_exchange_weak(most, now)) {
        }
        while (!release.load()) {
            if (control.isCancelled()) {
                ++sawCancel;
                --running;
                return -1;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        --running;
        return value;
    }
};

} // namespace

class TestBackgroundJob : public QObject
{
    Q_OBJECT

private slots:
    void deliversTheResultOnItsThread()
    {
        BackgroundJob job;
        QSignalSpy running(&job, &BackgroundJob::runningChanged);
        Qt::HANDLE worker = nullptr;
        int got = 0;
        Qt::HANDLE deliveredOn = nullptr;
        job.run(
            [&](JobControl &) {
                worker = QThread::currentThreadId();
                return 42;
            },
            [&](int value) {
                got = value;
                deliveredOn = QThread::currentThreadId();
            });
        QVERIFY(job.isRunning());
        QTRY_COMPARE_WITH_TIMEOUT(got, 42, kTimeoutMs);
        QVERIFY(!job.isRunning());
        QVERIFY(worker != QThread::currentThreadId());
        QCOMPARE(deliveredOn, QThread::currentThreadId());
        QCOMPARE(running.count(), 2);
        QCOMPARE(running.at(0).at(0).toBool(), true);
        QCOMPARE(running.at(1).at(0).toBool(), false);
    }

    void theLatestJobWins()
    {
        auto gate = std::make_shared<Gate>();
        BackgroundJob job;
        QList<int> delivered;
        job.run([gate](JobControl &c) { return gate->wait(c, 1); }, [&](int v) { delivered << v; });
        QTRY_COMPARE_WITH_TIMEOUT(gate->running.load(), 1, kTimeoutMs);
        // The second supersedes the first: it is asked to stop, and what it returns is
        // dropped, even when it finishes after the second.
        job.run([gate](JobControl &c) { return gate->wait(c, 2); }, [&](int v) { delivered << v; });
        QTRY_COMPARE_WITH_TIMEOUT(gate->sawCancel.load(), 1, kTimeoutMs);
        gate->release = true;
        QTRY_VERIFY_WITH_TIMEOUT(!job.isRunning(), kTimeoutMs);
        QTest::qWait(50);
        QCOMPARE(delivered, QList<int>{2});
    }

    void cancelDropsTheResultAndStopsTheWork()
    {
        auto gate = std::make_shared<Gate>();
        BackgroundJob job;
        bool delivered = false;
        job.run([gate](JobControl &c) { return gate->wait(c, 1); }, [&](int) { delivered = true; });
        QTRY_COMPARE_WITH_TIMEOUT(gate->running.load(), 1, kTimeoutMs);
        job.cancel();
        QVERIFY(!job.isRunning());
        QTRY_COMPARE_WITH_TIMEOUT(gate->sawCancel.load(), 1, kTimeoutMs);
        QTest::qWait(50);
        QVERIFY(!delivered);
    }

    void stopHandsOverWhatWasMade()
    {
        BackgroundJob job;
        std::atomic_int steps{0};
        int delivered = -1;
        job.run(
            [&](JobControl &c) {
                int made = 0;
                while (!c.isCancelled()) {
                    ++made;
                    ++steps;
                    std::this_thread::sleep_for(std::chrono::milliseconds(1));
                }
                return made;
            },
            [&](int made) { delivered = made; });
        QTRY_VERIFY_WITH_TIMEOUT(steps.load() >= 3, kTimeoutMs);
        QVERIFY(!job.isStopping());
        job.stop();
        QVERIFY(job.isStopping());
        QVERIFY(job.isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(delivered >= 3, kTimeoutMs);
        QVERIFY(!job.isRunning());
        QVERIFY(!job.isStopping());
    }

    void waitRunsOneJobAtATime()
    {
        auto gate = std::make_shared<Gate>();
        BackgroundJob job(nullptr, BackgroundJob::Overlap::Wait);
        QList<int> delivered;
        auto record = [&](int v) { delivered << v; };
        // The first ignores nothing: it stops when asked. The second request waits for
        // it and is replaced by the third before it ever starts.
        job.run([gate](JobControl &c) { return gate->wait(c, 1); }, record);
        QTRY_COMPARE_WITH_TIMEOUT(gate->running.load(), 1, kTimeoutMs);
        job.run([gate](JobControl &c) { return gate->wait(c, 2); }, record);
        job.run([gate](JobControl &c) { return gate->wait(c, 3); }, record);
        QVERIFY(job.isRunning());
        // The first was asked to stop; the third starts once it has.
        QTRY_COMPARE_WITH_TIMEOUT(gate->sawCancel.load(), 1, kTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(gate->running.load(), 1, kTimeoutMs);
        gate->release = true;
        QTRY_COMPARE_WITH_TIMEOUT(delivered, QList<int>{3}, kTimeoutMs);
        QCOMPARE(gate->mostAtOnce.load(), 1);
        QCOMPARE(gate->started.load(), 2); // the second never ran
        QVERIFY(!job.isRunning());
    }

    void reportsProgress()
    {
        BackgroundJob job;
        QSignalSpy progress(&job, &BackgroundJob::progress);
        std::atomic_bool release{false};
        bool done = false;
        job.run(
            [&](JobControl &c) {
                c.setProgress(30, 100);
                while (!release.load())
                    std::this_thread::sleep_for(std::chrono::milliseconds(1));
                c.setProgress(100, 100);
            },
            [&] { done = true; });
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty(), kTimeoutMs);
        QCOMPARE(progress.first().at(0).toLongLong(), qint64(30));
        QCOMPARE(progress.first().at(1).toLongLong(), qint64(100));
        release = true;
        QTRY_VERIFY_WITH_TIMEOUT(done, kTimeoutMs);
        // The last report reaches the owner before the result does.
        QCOMPARE(progress.last().at(0).toLongLong(), qint64(100));
    }

    void aJobObjectThatIsGoneDeliversNothing()
    {
        auto gate = std::make_shared<Gate>();
        bool delivered = false;
        {
            BackgroundJob job;
            job.run([gate](JobControl &c) { return gate->wait(c, 1); },
                    [&](int) { delivered = true; });
            QTRY_COMPARE_WITH_TIMEOUT(gate->running.load(), 1, kTimeoutMs);
        }
        QTRY_COMPARE_WITH_TIMEOUT(gate->sawCancel.load(), 1, kTimeoutMs);
        QTest::qWait(50);
        QVERIFY(!delivered);
    }

    void followsWorkThatRunsAlready()
    {
        std::atomic_bool release{false};
        QFuture<void> shared = startOnPool(QThreadPool::globalInstance(), [&] {
            while (!release.load())
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
        });
        BackgroundJob job;
        QList<int> delivered;
        job.follow(shared, [&] { delivered << 1; });
        // A newer request supersedes the follower; the shared work goes on for others.
        job.follow(shared, [&] { delivered << 2; });
        release = true;
        QTRY_COMPARE_WITH_TIMEOUT(delivered, QList<int>{2}, kTimeoutMs);
        QVERIFY(shared.isFinished());
    }
};

QTEST_GUILESS_MAIN(TestBackgroundJob)
#include "tst_backgroundjob.moc"
