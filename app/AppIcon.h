// AppIcon: the application icon — the icon theme's (the installed hicolor icon, or a
// theme's own drawing of it) or else the SVG embedded in the binary.
#pragma once

#include <QIcon>
#include <QString>

namespace embers {

// The application id, dev.embers.Embers: desktop file, icon and metainfo names.
QString appId();
QIcon appIcon();

} // namespace embers
