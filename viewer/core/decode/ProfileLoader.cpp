#include "ProfileLoader.h"

#include "CpuProfileImport.h"
#include "FoldedImport.h"
#include "HeapProfileImport.h"
#include "HeapSnapshotImport.h"
#include "InflatingStream.h"
#include "PprofDecoder.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStringDecoder>

#include <algorithm>
#include <climits>

namespace embers {

namespace {

// How to read a legacy profile (translated where it is used).
QString convertHint()
{
    return QCoreApplication::translate("ProfileLoader",
                                       "convert it with `go tool pprof -proto FILE > FILE.pb.gz`");
}

// A message found in a JSON error body such as an API returns when no capture was made.
QString jsonMessage(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    if (v.isArray()) {
        QStringList parts;
        for (const QJsonValue e : v.toArray()) {
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

// Why a JSON document that is no profile Embers reads is not one: an error body's own
// message when it has one. `doc` is null when the JSON was not (or could not be) parsed.
QString notAProfileJson(const QJsonDocument &doc, const QByteArray &head)
{
    const QString message = doc.isNull() ? QString()
                                         : jsonMessage(doc.isArray() ? QJsonValue(doc.array())
                                                                     : QJsonValue(doc.object()));
    if (!message.isEmpty())
        return QCoreApplication::translate("ProfileLoader",
                                           "this is a JSON error response, not a profile: \"%1\"")
            .arg(message);
    if (head.contains("\"nodes\"") || head.contains("\"samples\""))
        return QCoreApplication::translate(
            "ProfileLoader", "this is JSON (a Chrome .cpuprofile?), not a pprof profile");
    return QCoreApplication::translate("ProfileLoader",
                                       "this is a JSON document, not a pprof profile");
}

// Binary formats that are certainly not pprof protobuf, told by their first bytes (each
// has control characters soon after, so none reads as text).
QString sniffBinaryNotPprof(const QByteArray &head)
{
    if (head.startsWith("\x89PNG"))
        return QCoreApplication::translate("ProfileLoader", "this is a PNG image, not a profile");
    if (head.startsWith("\xFF\xD8\xFF"))
        return QCoreApplication::translate("ProfileLoader", "this is a JPEG image, not a profile");
    if (head.startsWith("PK\x03\x04"))
        return QCoreApplication::translate(
            "ProfileLoader", "this is a zip archive, not a profile; extract the profile first");
    if (head.startsWith("\x28\xB5\x2F\xFD"))
        return QCoreApplication::translate(
            "ProfileLoader", "this is zstd-compressed data; decompress it with `zstd -d` first");
    if (head.startsWith("BZh"))
        return QCoreApplication::translate(
            "ProfileLoader", "this is bzip2-compressed data; decompress it with `bunzip2` first");
    return {};
}

// Text that is no profile Embers reads (a PDF's start is text too); empty when it may be
// one.
QString sniffTextNotPprof(const QByteArray &head, bool complete, const QByteArray &all)
{
    QByteArray trimmed = head.trimmed();
    // Folded stacks may begin with a frame such as "[vdso]" or "<unknown>" (or any name):
    // not JSON, markup or a PDF when the first line reads as a stack and its count.
    const qsizetype eol = trimmed.indexOf('\n');
    const bool foldedLine = looksLikeFolded(eol < 0 ? trimmed : trimmed.left(eol));
    if (head.startsWith("%PDF") && !foldedLine)
        return QCoreApplication::translate("ProfileLoader",
                                           "this is a PDF document, not a profile");
    if (trimmed.startsWith('{') || (trimmed.startsWith('[') && !foldedLine)) {
        QJsonDocument doc;
        if (complete) {
            QJsonParseError err;
            doc = QJsonDocument::fromJson(all, &err);
        }
        return notAProfileJson(doc, trimmed);
    }
    if (trimmed.startsWith("<") && !foldedLine)
        return QCoreApplication::translate("ProfileLoader",
                                           "this is an HTML or XML document, not a profile");

    // Legacy pprof text formats.
    static const QRegularExpression legacyText(
        QStringLiteral("^(heap profile:|--- contention|--- threadz|--- heapz|--- contentionz|"
                       "[a-z]+ profile: total \\d+|goroutine profile: total)"));
    if (legacyText.match(QString::fromLatin1(trimmed.left(128))).hasMatch())
        return QCoreApplication::translate(
                   "ProfileLoader", "legacy text profile (gperftools or Go debug format); %1")
            .arg(convertHint());
    return {};
}

// Recognises inputs that are certainly not pprof protobuf, from their first bytes.
// Returns an empty string when the bytes may be a profile.
QString sniffNotPprof(const QByteArray &head, bool complete, const QByteArray &all)
{
    const QString binary = sniffBinaryNotPprof(head);
    return binary.isEmpty() ? sniffTextNotPprof(head, complete, all) : binary;
}

// Why bytes that read as text are no profile, with their first line to recognise the file
// by; empty when they are not text: UTF-8 (a BOM dropped), with no control characters but
// line breaks and tabs. A protobuf is not: its tags and lengths below 32 are control
// characters.
QString notAProfileText(const QByteArray &head)
{
    for (const char ch : head) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == 0x7F || (c < 0x20 && c != '\t' && c != '\n' && c != '\r'))
            return {};
    }
    // A character cut off at the end of `head` is no error: the decoder waits for the rest.
    QStringDecoder utf8(QStringDecoder::Utf8);
    const QString text = QString(utf8.decode(head)).trimmed();
    if (text.isEmpty() || utf8.hasError())
        return {};
    QString first = text.section(QLatin1Char('\n'), 0, 0).trimmed();
    constexpr qsizetype kShown = 60;
    if (first.size() > kShown)
        first = first.left(kShown - 1) + QChar(0x2026);
    return QCoreApplication::translate(
               "ProfileLoader",
               "this is a text file, not a pprof profile or folded stacks (it begins \"%1\")")
        .arg(first);
}

// The bytes a format is told by: the first 4 KiB of `data`, or, when those are one line
// (folded stacks of deep stacks have lines of many KiB), up to the end of that line.
QByteArray sniffedHead(const QByteArray &data)
{
    constexpr qsizetype kHead = 4096;
    if (data.size() > kHead && !QByteArrayView(data).first(kHead).contains('\n')) {
        if (const qsizetype eol = data.indexOf('\n'); eol > 0)
            return data.left(eol + 1);
    }
    return data.left(kHead);
}

// Formats other than pprof that Embers reads, told by their first bytes.
enum class TextFormat { None, Json, Folded };

TextFormat sniffTextFormat(const QByteArray &head)
{
    QByteArray start = head.startsWith("\xEF\xBB\xBF") ? head.mid(3) : head;
    start = start.trimmed();
    if (start.startsWith('{'))
        return TextFormat::Json;
    // Go's "goroutine profile: total 4" also ends in a count: legacy formats come first.
    if (looksLikeFolded(head) && sniffTextNotPprof(head, false, {}).isEmpty())
        return TextFormat::Folded;
    return TextFormat::None;
}

// QJsonDocument is fine for profile-sized JSON: Qt 6 has no 128 MB document limit (that
// was Qt 5's binary JSON), and it parses a few hundred MB in seconds.
// But it holds about 8 bytes of memory per byte of text, so a cap keeps a huge file from
// exhausting memory; V8 profiles of that size are rare (samples are ~10 bytes each).
constexpr qsizetype kMaxJsonBytes = qsizetype(512) << 20;

// Reads what is left of the stream; false (with *why) when it stops early or is too big.
bool readRest(InflatingStream &stream, qsizetype limit, const QString &format, QByteArray *out,
              QString *why)
{
    const void *data = nullptr;
    int n = 0;
    while (stream.Next(&data, &n)) {
        if (out->size() + n > limit) {
            *why =
                QCoreApplication::translate(
                    "ProfileLoader", "the data is larger than %1 MiB, more than Embers reads as %2")
                    .arg(limit >> 20)
                    .arg(format);
            return false;
        }
        out->append(static_cast<const char *>(data), n);
    }
    if (!stream.error().empty()) {
        *why = QString::fromStdString(stream.error());
        return false;
    }
    return true;
}

// A JSON profile (Chrome .cpuprofile or .heapprofile), or why the JSON is not one.
ImportResult importJson(const QByteArray &text, const std::atomic_bool *cancel)
{
    // A snapshot is read as it lies: Qt's document of a big one would not fit (nor be needed).
    if (isHeapSnapshot(QByteArrayView(text).first(std::min<qsizetype>(text.size(), 4096))))
        return importHeapSnapshot(text, cancel);
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &err);
    const QByteArray head = text.left(4096);
    if (err.error != QJsonParseError::NoError) {
        const QString reason = err.error == QJsonParseError::DocumentTooLarge
                                   ? QCoreApplication::translate(
                                         "ProfileLoader", "it is too large for Qt's JSON reader")
                                   : err.errorString();
        const bool truncated = err.offset >= text.size() - 1;
        QString why;
        if (head.contains("\"nodes\"") || head.contains("\"timeDeltas\""))
            why = truncated
                      ? QCoreApplication::translate(
                            "ProfileLoader", "this Chrome .cpuprofile is not valid JSON (%1 at "
                                             "byte %2); is it truncated?")
                      : QCoreApplication::translate(
                            "ProfileLoader", "this Chrome .cpuprofile is not valid JSON (%1 at "
                                             "byte %2)");
        else if (head.contains("\"head\""))
            why = truncated
                      ? QCoreApplication::translate(
                            "ProfileLoader", "this Chrome .heapprofile is not valid JSON (%1 at "
                                             "byte %2); is it truncated?")
                      : QCoreApplication::translate(
                            "ProfileLoader", "this Chrome .heapprofile is not valid JSON (%1 at "
                                             "byte %2)");
        else
            why = truncated
                      ? QCoreApplication::translate(
                            "ProfileLoader", "this JSON document is not valid JSON (%1 at byte "
                                             "%2); is it truncated?")
                      : QCoreApplication::translate(
                            "ProfileLoader", "this JSON document is not valid JSON (%1 at byte "
                                             "%2)");
        return {nullptr, why.arg(reason).arg(err.offset).toStdString()};
    }
    const QJsonObject root = doc.object();
    if (doc.isObject() && isCpuProfile(root))
        return importCpuProfile(root);
    if (doc.isObject() && isHeapProfile(root))
        return importHeapProfile(root);
    return {nullptr, notAProfileJson(doc, head.trimmed()).toStdString()};
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
        return failWith(QCoreApplication::translate("ProfileLoader", "the file is empty"));

    QByteArray head = device.peek(4096);
    if (head.size() == 4096 && !head.contains('\n'))
        head = sniffedHead(device.peek(qint64(1) << 20));
    bool complete = uint64_t(head.size()) == size;
    QByteArray all = complete ? head : QByteArray();
    if (complete && size == 0)
        return failWith(QCoreApplication::translate("ProfileLoader", "the file is empty"));
    bool gzip = head.startsWith("\x1F\x8B");
    QByteArray start = head; // of the data inside the gzip when it is one
    TextFormat text = gzip ? TextFormat::None : sniffTextFormat(head);
    if (!gzip && text == TextFormat::None) {
        QString why = sniffNotPprof(head, complete, all);
        if (!why.isEmpty())
            return failWith(why);
        if (looksLikeLegacyBinary(head))
            return failWith(
                QCoreApplication::translate("ProfileLoader",
                                            "legacy binary CPU profile (gperftools format); %1")
                    .arg(convertHint()));
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
            // A copy: the stream's buffer is handed back below.
            start = sniffedHead(QByteArray(inner.constData(), n));
            QString why;
            if (inner.startsWith("\x1F\x8B"))
                why = QCoreApplication::translate(
                    "ProfileLoader", "the data is gzip-compressed twice; decompress it once with "
                                     "`gunzip` first");
            else if (looksLikeLegacyBinary(inner.left(16)))
                why = QCoreApplication::translate(
                          "ProfileLoader", "gzip-compressed legacy binary CPU profile (gperftools "
                                           "format); %1")
                          .arg(convertHint());
            else if ((text = sniffTextFormat(start)) == TextFormat::None) {
                if (QString inside = sniffNotPprof(start, true, inner); !inside.isEmpty())
                    why = QCoreApplication::translate("ProfileLoader", "gzip-compressed, but %1")
                              .arg(inside);
            }
            stream.BackUp(n);
            if (!why.isEmpty())
                return failWith(why);
        }
    }
    if (text != TextFormat::None) {
        // JSON and folded stacks are read whole, then imported.
        QByteArray bytes;
        QString why;
        const bool json = text == TextFormat::Json;
        // Qt's JSON reader is the limit, and a heap snapshot does not go through it.
        const bool document = json && !isHeapSnapshot(start);
        const bool read = readRest(
            stream,
            document ? kMaxJsonBytes
                     : qsizetype(std::min<uint64_t>(options.maxInflatedBytes, uint64_t(INT64_MAX))),
            json ? QCoreApplication::translate("ProfileLoader", "JSON")
                 : QCoreApplication::translate("ProfileLoader", "folded stacks"),
            &bytes, &why);
        if (stream.cancelled() || (options.cancel && options.cancel->load())) {
            result.cancelled = true;
            return failWith(QCoreApplication::translate("ProfileLoader", "loading was cancelled"));
        }
        if (!read)
            return failWith(why);
        ImportResult imported = json ? importJson(bytes, options.cancel) : importFolded(bytes);
        if (options.cancel && options.cancel->load()) {
            result.cancelled = true;
            return failWith(QCoreApplication::translate("ProfileLoader", "loading was cancelled"));
        }
        if (!imported.profile)
            return failWith(QString::fromStdString(imported.error));
        imported.profile->messageBytes = uint64_t(bytes.size());
        const std::string prefix = name.toStdString() + ": ";
        for (std::string &w : imported.profile->warnings)
            w.insert(0, prefix);
        result.profile = imported.profile;
        return result;
    }
    // On two cores, a gzip'd file's inflating thread and the parse take both: a third
    // thread sharing them made the open slower, while a raw file's decode is faster
    // with it.
    DecodeResult decoded = decodePprof(
        stream, options.cancel, [&] { return stream.error(); }, stream.isGzip() ? 1 : 0);
    if (decoded.cancelled || stream.cancelled()) {
        result.cancelled = true;
        return failWith(QCoreApplication::translate("ProfileLoader", "loading was cancelled"));
    }
    if (!decoded.profile) {
        QString why = QString::fromStdString(decoded.error);
        if (gzip && stream.error().empty() && stream.ByteCount() == 0)
            why = QCoreApplication::translate("ProfileLoader", "the gzip data inflates to nothing");
        else if (const QString plain = stream.error().empty() ? notAProfileText(start) : QString();
                 !plain.isEmpty())
            // The decoder's detail ("field 4 has wire type 3") means nothing for a README.
            why = gzip ? QCoreApplication::translate("ProfileLoader", "gzip-compressed, but %1")
                             .arg(plain)
                       : plain;
        return failWith(why);
    }
    if (gzip && decoded.profile->messageBytes == 0)
        return failWith(QCoreApplication::translate("ProfileLoader",
                                                    "the gzip data inflates to an empty file"));
    // Warnings name the file too: a capture may merge several.
    const std::string prefix = name.toStdString() + ": ";
    for (std::string &w : decoded.profile->warnings)
        w.insert(0, prefix);
    result.profile = decoded.profile;
    return result;
}

} // namespace

LoadResult loadProfile(const QString &path, const LoadOptions &options)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        LoadResult result;
        result.error =
            path + QStringLiteral(": ") +
            QCoreApplication::translate("ProfileLoader", "cannot open: %1").arg(file.errorString());
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
