// HeapProfileImport: Chrome DevTools / V8 sampling heap profiles (`.heapprofile`, also
// what `node --heap-prof` writes) as a Profile.
//
// The JSON has `head`, a tree of nodes (callFrame, selfSize, id, children), and
// `samples`, one entry per sampled live object (size, nodeId, ordinal). The sample types
// are `samples/count` (sampled objects: V8 does not store its sampling interval in the
// file, so the count cannot be scaled to an estimate of all objects the way
// @datadog/pprof's inuse_objects is) and `inuse_space/bytes` (V8's estimate of the live
// bytes, named as @datadog/pprof names it so that the two compare). A file without
// `samples` has only inuse_space, from the nodes' selfSize.
#pragma once

#include "ProfileAssembler.h"

class QJsonObject;

namespace embers {

// Whether a JSON document has the shape of a heap profile (a `head` node with a
// callFrame and a selfSize).
bool isHeapProfile(const QJsonObject &root);

ImportResult importHeapProfile(const QJsonObject &root);

} // namespace embers
