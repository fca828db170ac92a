// CaptureStore: every capture kept at once as a gzip'd pprof file in the captures folder,
// so that closing Embers loses nothing. A pprof the target sent is kept byte for byte
// (gzip'd if it came raw); V8's JSON is converted (source maps applied, lines kept), and
// `go tool pprof` reads either. A heap snapshot is kept as it came (`.heapsnapshot`), for
// DevTools and memlab to read too. Never overwrites a file: names are made unique.
#pragma once

#include "Profile.h"
#include "ProfileCapture.h"

#include <QString>

#include <memory>

namespace embers {

// The folder captures go to unless the user chose another: "captures" in the user's
// data folder (~/.local/share/embers/captures on Linux).
QString defaultCapturesFolder();

// "FOLDER/LABEL-yyyyMMdd-HHmmss.pb.gz" (.heapsnapshot for a snapshot; with -2, -3... when
// taken), written whole or not
// at all. Returns the path; empty with *error ("TARGET: what is wrong") when the profile
// is not one Embers reads or the file cannot be written. With `read`, a file kept as sent
// also hands back the profile read from its bytes (OpenOptions::preloaded): null for a
// conversion, which is opened from the file as a later open would read it.
QString saveCapture(const CapturedProfile &captured, const QString &folder, QString *error,
                    std::shared_ptr<Profile> *read = nullptr);

// Whether the bytes are a pprof protobuf (raw or gzip'd) rather than JSON or text.
bool isPprofPayload(const QByteArray &bytes);

} // namespace embers
