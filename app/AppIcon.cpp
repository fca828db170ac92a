#include "AppIcon.h"

namespace embers {

QString appId()
{
    return QStringLiteral(EMBERS_APP_ID);
}

QIcon appIcon()
{
    return QIcon::fromTheme(appId(), QIcon(QStringLiteral(":/icons/%1.svg").arg(appId())));
}

} // namespace embers
