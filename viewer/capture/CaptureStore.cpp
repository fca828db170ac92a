#include "CaptureStore.h"

#include "HeapSnapshotImport.h"

#include "FoldedImport.h"
#include "PprofExport.h"
#include "ProfileLoader.h"
#include "SourceMapRemap.h"
#include "StackTable.h"
#include "TargetText.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QStandardPaths>

#include <zlib.h>

namespace embers {

namespace {

// The first bytes of the payload, inflated when it is gzip'd.
QByteArray headOf(const QByteArray &bytes)
{
    if (bytes.size() < 2 || uchar(bytes[0]) != 0x1f || uchar(bytes[1]) != 0x8b)
        return bytes.left(4096);
    QByteArray head(4096, Qt::Uninitialized);
    z_stream stream{};
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK)
        return {};
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(bytes.constData()));
    stream.avail_in = uInt(std::min<qsizetype>(bytes.size(), 1 << 30));
    stream.next_out = reinterpret_cast<Bytef *>(head.data());
    stream.avail_out = uInt(head.size());
    inflate(&stream, Z_SYNC_FLUSH);
    head.truncate(qsizetype(stream.total_out));
    inflateEnd(&stream);
    return head;
}

bool isGzip(const QByteArray &bytes)
{
    return bytes.size() >= 2 && uchar(bytes[0]) == 0x1f && uchar(bytes[1]) == 0x8b;
}

QString uniquePath(const QString &folder, const QString &stem, const QString &ending, QFile *file)
{
    for (int n = 1; n < 10000; ++n) {
        const QString path = QDir(folder).filePath(
            stem + (n == 1 ? QString() : QStringLiteral("-%1").arg(n)) + ending);
        file->setFileName(path);
        // NewOnly: created by this call or not at all, so no capture replaces another.
        if (file->open(QIODevice::WriteOnly | QIODevice::NewOnly))
            return path;
        if (!QFile::exists(path))
            return {};
    }
    return {};
}

} // namespace

QString defaultCapturesFolder()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation))
        .filePath(QStringLiteral("embers/captures"));
}

bool isPprofPayload(const QByteArray &bytes)
{
    const QByteArray head = headOf(bytes).trimmed();
    if (head.isEmpty())
        return false;
    const char first = head.front();
    return first != '{' && first != '[' && !looksLikeFolded(head);
}

QString saveCapture(const CapturedProfile &captured, const QString &folder, QString *error,
                    std::shared_ptr<Profile> *read)
{
    // Read before it is kept: an error page is not a profile, nor is what opens as one
    // with nothing in it (16 zero bytes decode as an empty pprof).
    const QString name = displayTarget(captured.target);
    const LoadResult loaded = loadProfileFromBytes(captured.bytes, name);
    if (!loaded.profile) {
        *error = loaded.error;
        return {};
    }
    if (loaded.profile->sampleTypes.empty()) {
        *error = name + QStringLiteral(": ") +
                 QCoreApplication::translate("embers::CaptureStore",
                                             "not a usable profile (it has no sample types); "
                                             "nothing was saved");
        return {};
    }
    std::string pprof;
    // A heap snapshot is kept as it came: DevTools and memlab open it, and a pprof of its
    // dominator tree would lose the graph.
    const bool snapshot = isHeapSnapshot(
        QByteArrayView(captured.bytes).first(std::min<qsizetype>(captured.bytes.size(), 4096)));
    const bool asSent = snapshot || isPprofPayload(captured.bytes);
    if (!asSent && captured.sourceMaps)
        remapProfileInPlace(*loaded.profile, *captured.sourceMaps, nullptr);
    // Built as opening the saved file will build it, so that what fails there fails here.
    StackTableOptions options;
    options.granularity = Granularity::Lines; // file and line kept, for the source
    std::string why;
    const auto stacks = StackTable::build({loaded.profile}, options, &why);
    if (!stacks) {
        *error = name + QStringLiteral(": ") + QString::fromStdString(why);
        return {};
    }
    if (snapshot)
        pprof = captured.bytes.toStdString();
    else if (asSent)
        pprof = isGzip(captured.bytes) ? captured.bytes.toStdString()
                                       : gzipBytes(captured.bytes.toStdString());
    else
        pprof = gzipBytes(encodePprof(*stacks));
    if (!QDir().mkpath(folder)) {
        *error = folder + QCoreApplication::translate("embers::CaptureStore",
                                                      ": cannot create the captures folder");
        return {};
    }
    const QString stem = captured.label + QLatin1Char('-') +
                         captured.started.toLocalTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QFile file;
    const QString path = uniquePath(
        folder, stem, snapshot ? QStringLiteral(".heapsnapshot") : QStringLiteral(".pb.gz"), &file);
    if (path.isEmpty()) {
        *error = folder + QCoreApplication::translate("embers::CaptureStore",
                                                      ": cannot write a capture there");
        return {};
    }
    if (file.write(pprof.data(), qint64(pprof.size())) != qint64(pprof.size()) || !file.flush()) {
        *error = path + QStringLiteral(": ") + file.errorString();
        file.close();
        file.remove();
        return {};
    }
    file.close();
    if (read && asSent) {
        // Its warnings name the file, as opening it would.
        const std::string was = name.toStdString() + ": ";
        const std::string now = path.toStdString() + ": ";
        for (std::string &w : loaded.profile->warnings) {
            if (w.compare(0, was.size(), was) == 0)
                w.replace(0, was.size(), now);
        }
        *read = loaded.profile;
    }
    return path;
}

} // namespace embers
