#include "NextTurn.h"

#include <QTimer>

namespace embers {

void runOnNextTurn(QObject *context, std::function<void()> step)
{
    auto *timer = new QTimer(context);
    timer->setSingleShot(true);
    QObject::connect(timer, &QTimer::timeout, context, [timer, step = std::move(step)] {
        timer->deleteLater();
        step();
    });
    timer->start(0);
}

} // namespace embers
