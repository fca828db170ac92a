// StallMeter: how long the GUI thread stops answering, for the benchmarks that drive the
// real window; TracingApplication: which events it was handling meanwhile.
#pragma once

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>

#include <string>
#include <vector>

// A 1 ms timer on the GUI thread, on the application's clock: the gaps between its ticks
// are the stalls a user would feel. reset() starts a new measurement.
class StallMeter
{
public:
    explicit StallMeter(const QElapsedTimer &clock) : m_clock(clock)
    {
        gaps.reserve(1 << 16);
        m_ticker.setTimerType(Qt::PreciseTimer);
        m_ticker.setInterval(1);
        QObject::connect(&m_ticker, &QTimer::timeout, [this] {
            const qint64 now = m_clock.nsecsElapsed();
            const double gap = double(now - m_last) / 1e6;
            gaps.push_back(gap);
            if (gap > largest) {
                largest = gap;
                largestEndMs = double(now) / 1e6;
            }
            m_last = now;
        });
    }
    void start()
    {
        reset();
        m_ticker.start();
    }
    void stop() { m_ticker.stop(); }
    void reset()
    {
        largest = 0;
        m_last = m_clock.nsecsElapsed();
    }

    double largest = 0, largestEndMs = 0; // the largest gap and when it ended
    std::vector<double> gaps;

private:
    const QElapsedTimer &m_clock;
    QTimer m_ticker;
    qint64 m_last = 0;
};

// Times every event the GUI thread delivers at the top level (nested deliveries are
// part of their outer event's time), on one clock shared with the stall measurement.
class TracingApplication : public QApplication
{
public:
    TracingApplication(int &argc, char **argv) : QApplication(argc, argv) { clock.start(); }

    struct Event
    {
        double startMs, ms;
        std::string what;
    };
    QElapsedTimer clock;
    bool tracing = false;
    std::vector<Event> events; // those of 1 ms or more

    bool notify(QObject *receiver, QEvent *event) override
    {
        if (!tracing || m_depth > 0)
            return QApplication::notify(receiver, event);
        ++m_depth;
        const qint64 start = clock.nsecsElapsed();
        const int type = int(event->type());
        const std::string receiverName = receiver->metaObject()->className();
        const bool result = QApplication::notify(receiver, event);
        const double ms = double(clock.nsecsElapsed() - start) / 1e6;
        --m_depth;
        if (ms >= 1)
            events.push_back(
                {double(start) / 1e6, ms, receiverName + " event " + std::to_string(type)});
        return result;
    }

private:
    int m_depth = 0;
};
