#include "HttpCapture.h"

#include "HttpFetch.h"
#include "TargetText.h"

#include <QRegularExpression>

namespace embers {

QStringList goPprofIndexNames(const QByteArray &html)
{
    // <a href='heap?debug=1'>heap</a>, and the two that take no debug: profile, trace.
    static const QRegularExpression link(
        QStringLiteral(R"(<a\s+href=['"]([A-Za-z0-9_.-]+)(?:\?[^'"]*)?['"]\s*>)"));
    QStringList names;
    for (auto it = link.globalMatch(QString::fromUtf8(html)); it.hasNext();) {
        const QString name = it.next().captured(1);
        // cmdline is text and trace an execution trace: neither is a profile.
        if (name != QLatin1String("cmdline") && name != QLatin1String("trace") &&
            !names.contains(name))
            names << name;
    }
    names.sort();
    return names;
}

HttpCapture::HttpCapture(const CaptureRequest &request, QObject *parent)
    : ProfileCapture(request, parent)
{}

void HttpCapture::start()
{
    const QUrl url = profileUrl(m_request);
    if (!url.isValid() || url.host().isEmpty()) {
        fail(displayTarget(m_request.target) + tr(": not a URL Embers can fetch"));
        return;
    }
    const bool service = isServiceUrl(QUrl(m_request.target));
    HttpFetchOptions options;
    options.headers = m_request.headers;
    options.deadlineMs = service ? 60000 : requestDeadlineMs(m_request);
    if (m_request.timeoutSeconds > 0 && service)
        options.deadlineMs = m_request.timeoutSeconds * 1000;
    options.maxBytes = m_request.maxResponseBytes;
    if (!m_request.caFile.isEmpty()) {
        options.caCertificates = QSslCertificate::fromPath(m_request.caFile);
        if (options.caCertificates.isEmpty()) {
            fail(displayTarget(m_request.target) +
                 tr(": %1 holds no PEM certificate to trust").arg(m_request.caFile));
            return;
        }
    }
    m_fetch = new HttpFetch(network(), url, options, this);
    connect(m_fetch, &HttpFetch::received, this, &ProfileCapture::received);
    connect(m_fetch, &HttpFetch::failed, this, [this](const QString &what) {
        fail(displayTarget(m_request.target) + QStringLiteral(": ") + what);
    });
    connect(m_fetch, &HttpFetch::finished, this, [this, service](const QByteArray &body) {
        m_result.recordedMs = m_result.started.msecsTo(QDateTime::currentDateTimeUtc());
        if (!service) {
            finish(body);
            return;
        }
        const QStringList names = goPprofIndexNames(body);
        if (names.isEmpty())
            fail(displayTarget(m_request.target) +
                 tr(": names a service, not a profile, and its /debug/pprof/ "
                    "page lists no profiles; give the profile's URL"));
        else
            list(names);
    });
    m_result.started = QDateTime::currentDateTimeUtc();
    // The server records while the request waits: the recording is the request.
    setPhase(service ? Phase::Connecting : Phase::Recording);
    m_fetch->start();
}

void HttpCapture::cancel()
{
    if (isDone())
        return;
    if (m_fetch)
        m_fetch->abort();
    cancelled();
}

} // namespace embers
