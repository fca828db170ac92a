#include "TargetHost.h"

#include <QHostAddress>

namespace embers {

namespace {

bool isLocalhostName(const QString &host)
{
    return host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0 ||
           host.endsWith(QLatin1String(".localhost"), Qt::CaseInsensitive);
}

} // namespace

bool isThisMachine(const QString &host)
{
    if (isLocalhostName(host))
        return true;
    QHostAddress address;
    return address.setAddress(host) && address.isLoopback();
}

bool isNamedHost(const QUrl &named, const QUrl &url)
{
    const QString a = named.host();
    const QString b = url.host();
    if (a.isEmpty() || b.isEmpty())
        return false;
    if (a.compare(b, Qt::CaseInsensitive) == 0)
        return true;
    // "localhost" is the loopback address it resolves to, and the other way round; two
    // different loopback addresses are not the same host.
    QHostAddress address;
    if (isLocalhostName(a))
        return address.setAddress(b) && (address == QHostAddress(QHostAddress::LocalHost) ||
                                         address == QHostAddress(QHostAddress::LocalHostIPv6));
    if (isLocalhostName(b))
        return address.setAddress(a) && (address == QHostAddress(QHostAddress::LocalHost) ||
                                         address == QHostAddress(QHostAddress::LocalHostIPv6));
    QHostAddress other;
    return address.setAddress(a) && other.setAddress(b) && address == other;
}

} // namespace embers
