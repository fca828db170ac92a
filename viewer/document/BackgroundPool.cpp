#include "BackgroundPool.h"

#include <QThreadPool>

namespace embers {

QThreadPool *backgroundPool()
{
    static QThreadPool *pool = [] {
        auto *p = new QThreadPool; // never destroyed: tasks may outlive the window
        p->setMaxThreadCount(1);
        return p;
    }();
    return pool;
}

} // namespace embers
