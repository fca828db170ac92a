#include "HttpFetch.h"

#include "TargetText.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslConfiguration>
#include <QSslError>

namespace embers {

bool sameOrigin(const QUrl &a, const QUrl &b)
{
    const auto port = [](const QUrl &u) {
        return u.port(u.scheme().compare(QLatin1String("https"), Qt::CaseInsensitive) == 0 ? 443
                                                                                           : 80);
    };
    return a.scheme().compare(b.scheme(), Qt::CaseInsensitive) == 0 &&
           a.host().compare(b.host(), Qt::CaseInsensitive) == 0 && port(a) == port(b);
}

QString firstLineOf(const QByteArray &body)
{
    QByteArray line = body.left(4096);
    const qsizetype end = line.indexOf('\n');
    if (end >= 0)
        line.truncate(end);
    QString text = QString::fromUtf8(line).trimmed().simplified();
    if (text.size() > 200)
        text = text.left(200) + QChar(0x2026);
    return text;
}

HttpFetch::HttpFetch(QNetworkAccessManager *network, const QUrl &url, HttpFetchOptions options,
                     QObject *parent)
    : QObject(parent), m_network(network), m_url(url), m_options(std::move(options))
{
    m_deadline.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        fail(tr("no complete answer within %1 s").arg(m_options.deadlineMs / 1000.0));
    });
}

HttpFetch::~HttpFetch()
{
    abort();
}

void HttpFetch::start()
{
    m_done = false;
    m_redirects = 0;
    m_deadline.start(m_options.deadlineMs);
    send(m_url);
}

void HttpFetch::send(const QUrl &to)
{
    QUrl url = to;
    // The headers and the user info are the user's secrets for the place they named.
    const bool named = sameOrigin(url, m_url);
    if (!named)
        url.setUserInfo(QString());
    else if (url.userInfo().isEmpty())
        url.setUserInfo(m_url.userInfo());
    m_current = url;
    QNetworkRequest request(url);
    // Each redirect is checked here (followedRedirect): Qt's own policies either follow
    // any host with the headers, or lose the body on a second hop (Qt 6.4).
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::ManualRedirectPolicy);
    // A profile is often gzip'd already; asking for more would only cost time.
    request.setRawHeader("Accept-Encoding", "identity");
    request.setHeader(QNetworkRequest::UserAgentHeader, QByteArrayLiteral("Embers"));
    if (named) {
        for (const auto &[name, value] : m_options.headers)
            request.setRawHeader(name, value);
    }
    if (!m_options.caCertificates.isEmpty()) {
        QSslConfiguration tls = request.sslConfiguration();
        tls.addCaCertificates(m_options.caCertificates);
        request.setSslConfiguration(tls);
    }
    m_body.clear();
    m_sslErrors.clear();
    m_reply = m_network->get(request);
    connect(m_reply, &QNetworkReply::readyRead, this, &HttpFetch::readBody);
    connect(m_reply, &QNetworkReply::finished, this, &HttpFetch::replyFinished);
    connect(m_reply, &QNetworkReply::sslErrors, this, [this](const QList<QSslError> &errors) {
        QStringList what;
        for (const QSslError &e : errors)
            what << e.errorString();
        m_sslErrors = what.join(QStringLiteral("; "));
    });
}

bool HttpFetch::followedRedirect(QNetworkReply *reply, int status)
{
    if (status < 300 || status >= 400 || status == 304)
        return false;
    const QUrl location = reply->attribute(QNetworkRequest::RedirectionTargetAttribute).toUrl();
    if (location.isEmpty() || !location.isValid())
        return false;
    const QUrl target = m_current.resolved(location);
    if (target.scheme().compare(m_url.scheme(), Qt::CaseInsensitive) != 0) {
        QUrl shown = target;
        shown.setUserInfo(QString());
        shown.setQuery(QString());
        fail(tr("redirected to %1, another scheme: refused").arg(displayUrl(shown)));
        return true;
    }
    if (m_options.stayOnHost && target.host().compare(m_url.host(), Qt::CaseInsensitive) != 0) {
        QUrl shown = target;
        shown.setUserInfo(QString());
        shown.setQuery(QString());
        fail(tr("redirected to %1, another host: refused").arg(displayUrl(shown)));
        return true;
    }
    if (++m_redirects > kMaxHttpRedirects) {
        fail(tr("too many redirects"));
        return true;
    }
    m_reply = nullptr;
    reply->disconnect(this);
    reply->deleteLater();
    send(target);
    return true;
}

void HttpFetch::abort()
{
    m_deadline.stop();
    m_done = true;
    if (QNetworkReply *reply = m_reply) {
        m_reply = nullptr;
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
}

void HttpFetch::fail(const QString &what)
{
    if (m_done)
        return;
    abort();
    emit failed(what);
}

void HttpFetch::readBody()
{
    if (!m_reply)
        return;
    // A redirect's own page is not the profile.
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status >= 300 && status < 400) {
        m_reply->skip(m_reply->bytesAvailable());
        return;
    }
    const qint64 available = m_reply->bytesAvailable();
    if (m_body.size() + available > m_options.maxBytes) {
        fail(tr("the response is larger than %1 MiB; not a profile Embers can keep")
                 .arg(m_options.maxBytes / double(1 << 20), 0, 'g', 4));
        return;
    }
    m_body += m_reply->readAll();
    emit received(m_body.size());
}

void HttpFetch::replyFinished()
{
    if (!m_reply || m_done)
        return;
    readBody();
    if (m_done)
        return;
    QNetworkReply *reply = m_reply;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QNetworkReply::NetworkError error = reply->error();
    if (error == QNetworkReply::NoError && followedRedirect(reply, status))
        return;
    if (status >= 400 || (status == 0 && error == QNetworkReply::NoError)) {
        QString what = QStringLiteral("HTTP %1").arg(status);
        const QString reason =
            reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
        if (!reason.isEmpty())
            what += QLatin1Char(' ') + reason;
        const QString line = firstLineOf(m_body);
        if (!line.isEmpty())
            what += QStringLiteral(": ") + line;
        fail(what);
        return;
    }
    if (error != QNetworkReply::NoError) {
        QString what;
        switch (error) {
        case QNetworkReply::ConnectionRefusedError:
            what = tr("connection refused (is the service running on that port?)");
            break;
        case QNetworkReply::HostNotFoundError:
            what =
                tr("the host name %1 does not resolve").arg(printableTargetText(m_current.host()));
            break;
        case QNetworkReply::RemoteHostClosedError:
            what = tr("the server closed the connection before the whole "
                      "response arrived (%1 bytes)")
                       .arg(m_body.size());
            break;
        case QNetworkReply::OperationCanceledError:
            what = tr("the request was cancelled");
            break;
        case QNetworkReply::TooManyRedirectsError:
            what = tr("too many redirects");
            break;
        case QNetworkReply::SslHandshakeFailedError:
            what = m_sslErrors.isEmpty()
                       ? reply->errorString()
                       : tr("its TLS certificate is not trusted: %1").arg(m_sslErrors);
            break;
        default:
            what = reply->errorString();
        }
        fail(what);
        return;
    }
    if (status >= 300) {
        fail(tr("HTTP %1 without a usable redirect").arg(status));
        return;
    }
    // Qt does not always flag a body cut short by a reset connection.
    const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
    if (length.isValid() && m_body.size() < length.toLongLong()) {
        fail(tr("the server closed the connection before the whole response "
                "arrived (%1 of %2 bytes)")
                 .arg(m_body.size())
                 .arg(length.toLongLong()));
        return;
    }
    m_deadline.stop();
    m_done = true;
    m_reply = nullptr;
    reply->deleteLater();
    emit finished(m_body);
}

} // namespace embers
