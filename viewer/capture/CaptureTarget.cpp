#include "CaptureTarget.h"

#include <QRegularExpression>
#include <QUrlQuery>

#include <algorithm>
#include <limits>

namespace embers {

TargetKind targetKind(const QString &target)
{
    if (target.startsWith(QLatin1String("http://"), Qt::CaseInsensitive) ||
        target.startsWith(QLatin1String("https://"), Qt::CaseInsensitive))
        return TargetKind::Http;
    if (target.startsWith(QLatin1String("inspect://"), Qt::CaseInsensitive))
        return TargetKind::Inspector;
    return TargetKind::File;
}

bool isServiceUrl(const QUrl &url)
{
    return url.path().isEmpty() || url.path() == QLatin1String("/");
}

QUrl profileUrl(const CaptureRequest &request)
{
    QUrl url(request.target, QUrl::StrictMode);
    if (isServiceUrl(url)) {
        url.setPath(QStringLiteral("/debug/pprof/"));
        url.setQuery(QString());
        return url;
    }
    if (request.seconds > 0) {
        // pprof sets `seconds` on whatever it fetches: CPU and trace profiles record for
        // that long, Go's heap, allocs, mutex and block profiles become deltas over it.
        QUrlQuery query(url);
        query.removeAllQueryItems(QStringLiteral("seconds"));
        query.addQueryItem(QStringLiteral("seconds"), QString::number(request.seconds));
        url.setQuery(query);
    }
    return url;
}

int requestDeadlineMs(const CaptureRequest &request)
{
    int seconds = request.seconds;
    if (seconds <= 0) {
        // The URL may say it (pprof reads it back the same way); Go's CPU default is 30 s.
        seconds = QUrlQuery(QUrl(request.target)).queryItemValue(QStringLiteral("seconds")).toInt();
        if (seconds <= 0 && QUrl(request.target).path().endsWith(QLatin1String("/profile")))
            seconds = 30;
    }
    const qint64 timeout = request.timeoutSeconds > 0 ? request.timeoutSeconds
                           : seconds > 0              ? std::max(seconds / 2, 10)
                                                      : 60;
    return int(std::min<qint64>((seconds + timeout) * 1000, std::numeric_limits<int>::max()));
}

bool parseInspectorTarget(const QString &target, QUrl *http, QString *id)
{
    if (targetKind(target) != TargetKind::Inspector)
        return false;
    static const QRegularExpression address(
        QStringLiteral(R"(^inspect://(\[[0-9a-fA-F:.]+\]|[^/:\[\]]+):(\d{1,5})(?:/([^/?#]*))?/?$)"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = address.match(target);
    if (!m.hasMatch())
        return false;
    const int port = m.captured(2).toInt();
    if (port <= 0 || port > 65535)
        return false;
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    QString host = m.captured(1);
    if (host.startsWith(QLatin1Char('[')))
        host = host.mid(1, host.size() - 2);
    url.setHost(host);
    url.setPort(port);
    if (!url.isValid())
        return false;
    *http = url;
    *id = m.captured(3);
    return true;
}

namespace {

// A header name is a token (RFC 9110).
bool isHeaderName(const QString &name)
{
    static const QRegularExpression token(QStringLiteral("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$"));
    return token.match(name).hasMatch();
}

} // namespace

bool parseHeader(const QString &text, QPair<QByteArray, QByteArray> *header)
{
    const qsizetype colon = text.indexOf(QLatin1Char(':'));
    if (colon <= 0)
        return false;
    const QString name = text.left(colon).trimmed();
    const QByteArray value = text.mid(colon + 1).trimmed().toUtf8();
    // No line break in the value: nothing smuggled into the request.
    if (!isHeaderName(name) || value.contains('\n') || value.contains('\r'))
        return false;
    *header = {name.toLatin1(), value};
    return true;
}

QString headerProblem(const QString &text)
{
    const qsizetype colon = text.indexOf(QLatin1Char(':'));
    if (colon < 0)
        return QStringLiteral("no ':' after a name (the text is not shown: it may be a secret)");
    const QString name = text.left(colon).trimmed();
    if (!isHeaderName(name))
        return QStringLiteral("no header name before the ':' (the text is not shown: it may be "
                              "a secret)");
    return QStringLiteral("\"%1\": its value holds a line break").arg(name.left(40));
}

HttpHeaders headersFromEnvironment(QString *error)
{
    HttpHeaders headers;
    const QString text = qEnvironmentVariable("EMBERS_CAPTURE_HEADERS");
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString line = lines[i].endsWith(QLatin1Char('\r')) ? lines[i].chopped(1) : lines[i];
        if (line.trimmed().isEmpty())
            continue;
        QPair<QByteArray, QByteArray> header;
        if (!parseHeader(line, &header)) {
            *error = QStringLiteral("EMBERS_CAPTURE_HEADERS: line %1 is not a \"Name: value\" "
                                    "header: %2")
                         .arg(i + 1)
                         .arg(headerProblem(line));
            return {};
        }
        headers << header;
    }
    return headers;
}

QString caFileFromEnvironment()
{
    return qEnvironmentVariable("EMBERS_CAPTURE_CACERT");
}

QString recordKindName(RecordKind kind)
{
    switch (kind) {
    case RecordKind::Heap:
        return QStringLiteral("heap");
    case RecordKind::HeapLive:
        return QStringLiteral("heap-live");
    case RecordKind::Snapshot:
        return QStringLiteral("snapshot");
    case RecordKind::Cpu:
        break;
    }
    return QStringLiteral("cpu");
}

QString targetLabel(const CaptureRequest &request)
{
    QString host;
    QString what;
    if (targetKind(request.target) == TargetKind::Inspector) {
        QUrl http;
        QString id;
        if (parseInspectorTarget(request.target, &http, &id))
            host = http.host() + QLatin1Char('_') + QString::number(http.port());
        what = recordKindName(request.kind);
    } else {
        const QUrl url(request.target);
        host = url.host();
        if (url.port() > 0)
            host += QLatin1Char('_') + QString::number(url.port());
        what = url.path().section(QLatin1Char('/'), -1, -1, QString::SectionSkipEmpty);
    }
    QString label = host + (what.isEmpty() ? QString() : QLatin1Char('-') + what);
    // A file name on every system: no separators, no reserved characters.
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9._-]+"));
    label.replace(unsafe, QStringLiteral("_"));
    return label.left(80).isEmpty() ? QStringLiteral("capture") : label.left(80);
}

} // namespace embers
