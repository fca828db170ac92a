// TargetHost: where a capture target's own URLs may lead. A target names URLs (its
// WebSocket, its scripts' source maps); Embers follows only those on the host the user
// named, and reads files only for a target on this machine.
#pragma once

#include <QString>
#include <QUrl>

namespace embers {

// localhost, 127.0.0.0/8 or ::1: the target runs here, so its file names are this
// machine's.
bool isThisMachine(const QString &host);

// True when `url` is on the host `named` (the user's): the same name or address, or
// both this machine's "localhost" and a loopback address. The port may differ (an
// inspector serves its source maps from its dev server's port).
bool isNamedHost(const QUrl &named, const QUrl &url);

} // namespace embers
