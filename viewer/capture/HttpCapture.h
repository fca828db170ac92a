// HttpCapture: a profile fetched from a URL (Go's net/http/pprof, a profiling API's
// download link). The server records: Go's /debug/pprof/profile answers once its
// `seconds` are over, so a stop cannot end it early. A URL with no path is a service:
// its /debug/pprof/ index says what it offers (Listed).
#pragma once

#include "ProfileCapture.h"

#include <QStringList>

namespace embers {

class HttpFetch;

class HttpCapture : public ProfileCapture
{
    Q_OBJECT
public:
    HttpCapture(const CaptureRequest &request, QObject *parent = nullptr);

    void start() override;
    void cancel() override;

private:
    HttpFetch *m_fetch = nullptr;
};

// The profiles a Go /debug/pprof/ index page links to ("allocs", "heap", "profile", ...).
QStringList goPprofIndexNames(const QByteArray &html);

} // namespace embers
