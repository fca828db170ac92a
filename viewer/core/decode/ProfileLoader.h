// ProfileLoader: opens a file (or bytes) as a profile. Tells the format by content, never
// by the file name, plain or inside gzip: pprof protobuf, Chrome .cpuprofile and
// .heapprofile JSON, folded stacks. Recognises what is not a profile (legacy text/binary
// pprof, JSON error bodies, images, ...) and says so, with the file name, in one message.
#pragma once

#include "Profile.h"

#include <QByteArray>
#include <QString>

#include <atomic>
#include <functional>

namespace embers {

struct LoadOptions
{
    uint64_t maxInflatedBytes = uint64_t(4) << 30;
    const std::atomic_bool *cancel = nullptr;
    std::function<void(uint64_t done, uint64_t total)> progress;
};

struct LoadResult
{
    std::shared_ptr<Profile> profile; // null on error; the caller's to keep or trim
    QString error;                    // "FILE: what is wrong", empty on success
    bool cancelled = false;
    bool wasGzip = false;
    uint64_t fileBytes = 0;
};

LoadResult loadProfile(const QString &path, const LoadOptions &options = {});
// `name` is used in messages in place of a file name.
LoadResult loadProfileFromBytes(const QByteArray &bytes, const QString &name,
                                const LoadOptions &options = {});

} // namespace embers
