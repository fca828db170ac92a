// runOnNextTurn: runs a step of GUI-thread work in a later turn of the event loop, so
// that a long hand-off split in steps lets input and paint in between them.
#pragma once

#include <QObject>

#include <functional>

namespace embers {

// `step` runs once from a zero timer, unless `context` is destroyed first. Not a queued
// call: queued calls all run in one batch with the other posted events, so input and
// paint would still wait for all of them.
void runOnNextTurn(QObject *context, std::function<void()> step);

} // namespace embers
