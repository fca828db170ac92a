// PprofDecoder: reads a pprof protobuf message from a stream into a linked Profile.
// Fields may come in any order and interleave; references are resolved only at the end.
// Samples are read field by field straight into flat arrays, with stacks deduplicated
// as they arrive, so memory stays close to what the model needs.
#pragma once

#include "Profile.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>

namespace google::protobuf::io {
class ZeroCopyInputStream;
}

namespace embers {

struct DecodeResult
{
    std::shared_ptr<Profile> profile; // null on error
    std::string error;                // why decoding failed (without the file name)
    bool cancelled = false;
};

// `streamError` is asked when the protobuf parse stops early, so that a truncated or
// corrupt gzip stream is reported as such rather than as bad protobuf. `busyBeside`
// counts the threads that work while the decoder does (the one inflating its input):
// the decoder's own helper thread starts only if there is a core left for it.
DecodeResult decodePprof(google::protobuf::io::ZeroCopyInputStream &input,
                         const std::atomic_bool *cancel = nullptr,
                         const std::function<std::string()> &streamError = {},
                         unsigned busyBeside = 0);

} // namespace embers
