#include "ProfileLoader.h"

#include "InflatingStream.h"
#include "PprofDecoder.h"

#include <QBuffer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace embers {

namespace {

const char kConvertHint[] = "convert it with `go tool pprof -proto FILE > FILE.pb.gz`";

// A message found in a JSON error body such as an API returns when no capture was made.
QString jsonMessage(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    if (v.isArray()) {
        QStringList parts;
        for (const QJsonValue &e : v.toArray()) {
            QString m = jsonMessage(e);
            if (!m.isEmpty())
                parts << m;
        }
        return parts.join(QStringLiteral("; "));
    }
    if (v.isObject()) {
        QJsonObject o = v.toObject();
        for (const char *key : {"message", "error", "errors", "detail", "msg"}) {
            QString m = jsonMessage(o.value(QLatin1String(key)));
            if (!m.isEmpty())
                return m;
        }
    }
    return {};
}

// Recognises inputs that are certainly not pprof protobuf, from their first bytes.
// Returns an empty string when the bytes may be a profile.
QString sniffNotPprof(const QByteArray &head, bool complete, const QByteArray &all)
{
    if (head.startsWith("\x89PNG"))
        return QStringLiteral("this is a PNG image, not a profile");
    if (head.startsWith("\xFF\xD8\xFF"))
        return QStringLiteral("this is a JPEG image, not a profile");
    if (head.startsWith("%PDF"))
        return QStringLiteral("this is a PDF document, not a profile");
    if (head.startsWith("PK\x03\x04"))
        return QStringLiteral("this is a zip archive, not a profile; extract the profile first");
    if (head.startsWith("\x28\xB5\x2F\xFD"))
        return QStringLiteral("this is zstd-compressed data; decompress it with `zstd -d` first");
    if (head.startsWith("BZh"))
        return QStringLiteral("this is bzip2-compressed data; decompress it with `bunzip2` first");

    QByteArray trimmed = head.trimmed();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
        QString message;
        if (complete) {
            QJsonParseError err;
            QJsonDocument doc = QJsonDocument::fromJson(all, &err);
            if (err.error == QJsonParseError::NoError)
                message =
                    jsonMessage(doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object()));
        }
        if (!message.isEmpty())
            return QStringLiteral("this is a JSON error response, not a profile: \"%1\"")
                .arg(message);
        if (trimmed.contains("\"nodes\"") || trimmed.contains("\"samples\""))
            return QStringLiteral("this is JSON (a Chrome .cpuprofile?), not a pprof profile");
        return QStringLiteral("this is a JSON document, not a pprof profile");
    }
    if (trimmed.startsWith("<"))
        return QStringLiteral("this is an HTML or XML document, not a profile");

    // Legacy pprof text formats.
    static const QRegularExpression legacyText(
        QStringLiteral("^(heap profile:|--- contention|--- threadz|--- heapz|--- contentionz|"
                       "[a-z]+ profile: total \\d+|goroutine profile: total)"));
    if (legacyText.match(QString::fromLatin1(trimmed.left(128))).hasMatch())
        return QStringLiteral("legacy text profile (gperftools or Go debug format); %1")
            .arg(QLatin1String(kConvertHint));
    return {};
}

// Legacy binary CPU profile: header words 0 (header count) and 3 (header words),
// 32- or 64-bit little-endian.
bool looksLikeLegacyBinary(const QByteArray &head)
{
    static const char h32[] = {0, 0, 0, 0, 3, 0, 0, 0};
    static const char h64[] = {0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0};
    return head.startsWith(QByteArray(h32, sizeof h32)) ||
           head.startsWith(QByteArray(h64, sizeof h64));
}

LoadResult load(QIODevice &device, uint64_t size, const QString &name, const LoadOptions &options)
{
    LoadResult result;
    result.fileBytes = size;
    auto failWith = [&](const QString &why) {
        result.error = name + QStringLiteral(": ") + why;
        return result;
    };
    if (size == 0 && device.atEnd())
        return failWith(QStringLiteral("the file is empty"));

    QByteArray head = device.peek(4096);
    bool complete = uint64_t(head.size()) == size;
    QByteArray all = complete ? head : QByteArray();
    if (complete && size == 0)
        return failWith(QStringLiteral("the file is empty"));
    bool gzip = head.startsWith("\x1F\x8B");
    if (!gzip) {
        QString why = sniffNotPprof(head, complete, all);
        if (!why.isEmpty())
            return failWith(why);
        if (looksLikeLegacyBinary(head))
            return failWith(QStringLiteral("legacy binary CPU profile (gperftools format); %1")
                                .arg(QLatin1String(kConvertHint)));
    }

    StreamOptions so;
    so.maxInflatedBytes = options.maxInflatedBytes;
    so.cancel = options.cancel;
    so.progress = options.progress;
    InflatingStream stream(&device, size, so);
    result.wasGzip = stream.isGzip();
    if (gzip) {
        // What was compressed may not be a profile either (a gzip'd JSON error body or
        // legacy profile): look at the start of the inflated data, then hand it back.
        const void *data = nullptr;
        int n = 0;
        if (stream.Next(&data, &n)) {
            const QByteArray inner = QByteArray::fromRawData(static_cast<const char *>(data), n);
            QString why;
            if (inner.startsWith("\x1F\x8B"))
                why = QStringLiteral("the data is gzip-compressed twice; decompress it once with "
                                     "`gunzip` first");
            else if (looksLikeLegacyBinary(inner.left(16)))
                why = QStringLiteral("gzip-compressed legacy binary CPU profile (gperftools "
                                     "format); %1")
                          .arg(QLatin1String(kConvertHint));
            else if (QString inside = sniffNotPprof(inner.left(4096), true, inner);
                     !inside.isEmpty())
                why = QStringLiteral("gzip-compressed, but ") + inside;
            stream.BackUp(n);
            if (!why.isEmpty())
                return failWith(why);
        }
    }
    DecodeResult decoded = decodePprof(stream, options.cancel, [&] { return stream.error(); });
    if (decoded.cancelled || stream.cancelled()) {
        result.cancelled = true;
        return failWith(QStringLiteral("loading was cancelled"));
    }
    if (!decoded.profile) {
        QString why = QString::fromStdString(decoded.error);
        if (gzip && stream.error().empty() && stream.ByteCount() == 0)
            why = QStringLiteral("the gzip data inflates to nothing");
        return failWith(why);
    }
    if (gzip && decoded.profile->messageBytes == 0)
        return failWith(QStringLiteral("the gzip data inflates to an empty file"));
    // Warnings name the file too: a capture may merge several.
    for (std::string &w : decoded.profile->warnings)
        w = name.toStdString() + ": " + w;
    result.profile = decoded.profile;
    return result;
}

} // namespace

LoadResult loadProfile(const QString &path, const LoadOptions &options)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        LoadResult result;
        result.error = path + QStringLiteral(": cannot open: ") + file.errorString();
        return result;
    }
    return load(file, uint64_t(file.size()), path, options);
}

LoadResult loadProfileFromBytes(const QByteArray &bytes, const QString &name,
                                const LoadOptions &options)
{
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    return load(buffer, uint64_t(bytes.size()), name, options);
}

} // namespace embers
