// HttpFetch: one GET with every limit a capture needs, on Qt's network module: a deadline
// for the whole exchange, a cap on the body's size, up to kMaxHttpRedirects redirects
// followed within the same scheme, extra headers and the URL's user info sent only to the
// scheme, host and port the user named (a redirect elsewhere goes without them, as curl's
// does), TLS certificates verified (with extra trusted CAs if given). Says what went
// wrong in one line, for the caller to prefix with what the user named.
#pragma once

#include "CaptureTarget.h"

#include <QByteArray>
#include <QNetworkReply>
#include <QObject>
#include <QPointer>
#include <QSslCertificate>
#include <QTimer>
#include <QUrl>

class QNetworkAccessManager;

namespace embers {

// Redirects followed before "too many redirects" (docs/cli.md says so).
constexpr int kMaxHttpRedirects = 5;

struct HttpFetchOptions
{
    HttpHeaders headers;
    int deadlineMs = 60000;
    qint64 maxBytes = qint64(1) << 30;
    // Trusted besides the system's CAs (--cacert).
    QList<QSslCertificate> caCertificates;
    // Refuses a redirect to another host (a URL a target named: its source maps).
    bool stayOnHost = false;
};

class HttpFetch : public QObject
{
    Q_OBJECT
public:
    HttpFetch(QNetworkAccessManager *network, const QUrl &url, HttpFetchOptions options,
              QObject *parent = nullptr);
    ~HttpFetch() override;

    void start();
    // Stops the request; neither finished() nor failed() follows.
    void abort();
    QUrl url() const { return m_url; }
    bool isRunning() const { return m_reply != nullptr; }

signals:
    void finished(const QByteArray &body);
    // What went wrong ("connection refused", "HTTP 404 Not Found: ...").
    void failed(const QString &message);
    void received(qint64 bytes);

private:
    void send(const QUrl &url);
    void fail(const QString &what);
    void readBody();
    void replyFinished();
    // True when the reply was a redirect, now followed (or refused with a message).
    bool followedRedirect(QNetworkReply *reply, int status);

    QNetworkAccessManager *m_network;
    QUrl m_url;
    HttpFetchOptions m_options;
    QPointer<QNetworkReply> m_reply;
    QUrl m_current; // the URL of this hop
    int m_redirects = 0;
    QByteArray m_body;
    QString m_sslErrors;
    QTimer m_deadline;
    bool m_done = false;
};

// Whether the two URLs have the same scheme, host and port (default ports filled in).
bool sameOrigin(const QUrl &a, const QUrl &b);

// The body's first line, trimmed to something a message can quote (an error page's
// "404 page not found", a JSON error's text).
QString firstLineOf(const QByteArray &body);

} // namespace embers
