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
//
// Embers' own captures add HeapProfiler.startSampling's parameters beside `head`:
// `samplingInterval` becomes the period, and with `includeObjectsCollectedByMajorGC` the
// samples are every sampled allocation of the recording, collected or not: the bytes are
// then `alloc_space`. There is no alloc_objects: V8 hands over each sample's bytes already
// scaled up to the allocations it stands for (about one interval's worth), so the number
// of objects behind it cannot be told.
#pragma once

#include "ProfileAssembler.h"

class QJsonObject;

namespace embers {

// Whether a JSON document has the shape of a heap profile (a `head` node with a
// callFrame and a selfSize).
bool isHeapProfile(const QJsonObject &root);

ImportResult importHeapProfile(const QJsonObject &root);

} // namespace embers
