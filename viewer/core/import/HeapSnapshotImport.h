// HeapSnapshotImport: V8 heap snapshots (`.heapsnapshot`: DevTools' Memory ▸ Save,
// `v8.writeHeapSnapshot()`, `node --heapsnapshot-signal`) as a profile of what holds the
// memory. Each object is a sample whose stack is its path in the dominator tree from the
// root, each frame named by the object's class as DevTools' Summary groups them
// (constructor names, `(string)`, `(array)`, `(closure)`, `(system)`, ...). The sample
// types are `objects/count` and `size/bytes`: a frame's flat is its objects' shallow size,
// its cum their retained size, each object counted once however often its class recurs on
// the path (DevTools' rule for a class's retained size).
//
// Retention follows DevTools: weak edges do not retain, shortcut edges only from the root,
// and objects the root does not reach hang from the root. Along a path, consecutive
// objects of one class share a frame (a linked list is one box, not a tower), and a path
// is cut at kMaxDominatorDepth classes, what lies deeper counted in a "(deeper)" frame.
//
// The JSON is read as it lies, into flat arrays: no document of the whole file.
#pragma once

#include "ProfileAssembler.h"

#include <QByteArrayView>

#include <atomic>

namespace embers {

constexpr int kMaxDominatorDepth = 256;

// Whether the text starts as a heap snapshot does: {"snapshot":{...
bool isHeapSnapshot(QByteArrayView head);

ImportResult importHeapSnapshot(QByteArrayView text, const std::atomic_bool *cancel = nullptr);

} // namespace embers
