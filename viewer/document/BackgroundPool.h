// backgroundPool: one thread for analyses nobody waits for (which stacks were cut at a
// profiler's depth limit, ...). On the global pool such a pass holds one of its threads
// (two on a 2-core machine) for a fifth of a second while the window's own work, which
// it does wait for, queues behind it: that delayed the hand-off of a large capture by a
// tenth of a second.
#pragma once

class QThreadPool;

namespace embers {

QThreadPool *backgroundPool();

} // namespace embers
