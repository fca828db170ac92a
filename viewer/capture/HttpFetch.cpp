#include "HttpFetch.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

namespace embers {

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
    QNetworkRequest request(m_url);
    // Each redirect is checked (redirected()): within the same scheme only.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::UserVerifiedRedirectPolicy);
    request.setMaximumRedirectsAllowed(5);
    // A profile is often gzip'd already; asking for more would only cost time.
    request.setRawHeader("Accept-Encoding", "identity");
    request.setHeader(QNetworkRequest::UserAgentHeader, QByteArrayLiteral("Embers"));
    for (const auto &[name, value] : m_options.headers)
        request.setRawHeader(name, value);
    m_done = false;
    m_body.clear();
    m_reply = m_network->get(request);
    connect(m_reply, &QNetworkReply::readyRead, this, &HttpFetch::readBody);
    connect(m_reply, &QNetworkReply::finished, this, &HttpFetch::replyFinished);
    connect(m_reply, &QNetworkReply::redirected, this, [this](const QUrl &to) {
        const QUrl target = m_url.resolved(to);
        if (target.scheme().compare(m_url.scheme(), Qt::CaseInsensitive) != 0) {
            fail(tr("redirected to %1, another scheme: refused")
                     .arg(target.toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery)));
            return;
        }
        if (m_options.stayOnHost && target.host().compare(m_url.host(), Qt::CaseInsensitive) != 0) {
            fail(tr("redirected to %1, another host: refused")
                     .arg(target.toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery)));
            return;
        }
        emit m_reply->redirectAllowed();
    });
    m_deadline.start(m_options.deadlineMs);
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
            what = tr("the host name %1 does not resolve").arg(m_url.host());
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
