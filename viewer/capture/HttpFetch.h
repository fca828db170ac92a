// HttpFetch: one GET with every limit a capture needs, on Qt's network module: a deadline
// for the whole exchange, a cap on the body's size, redirects followed only within the
// same scheme, extra headers. Says what went wrong in one line, for the caller to prefix
// with what the user named.
#pragma once

#include "CaptureTarget.h"

#include <QByteArray>
#include <QNetworkReply>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>

class QNetworkAccessManager;

namespace embers {

struct HttpFetchOptions
{
    HttpHeaders headers;
    int deadlineMs = 60000;
    qint64 maxBytes = qint64(1) << 30;
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
    void fail(const QString &what);
    void readBody();
    void replyFinished();

    QNetworkAccessManager *m_network;
    QUrl m_url;
    HttpFetchOptions m_options;
    QPointer<QNetworkReply> m_reply;
    QByteArray m_body;
    QTimer m_deadline;
    bool m_done = false;
};

// The body's first line, trimmed to something a message can quote (an error page's
// "404 page not found", a JSON error's text).
QString firstLineOf(const QByteArray &body);

} // namespace embers
