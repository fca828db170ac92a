#include "SourceMapIntake.h"

#include "TargetHost.h"
#include "TargetText.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace embers {

namespace {

QString mib(qint64 bytes)
{
    return QString::number(bytes / double(1 << 20), 'g', 4);
}

// data:[<mediatype>][;base64],<data>
bool decodeDataUrl(const QString &url, QByteArray *bytes)
{
    const qsizetype comma = url.indexOf(QLatin1Char(','));
    if (!url.startsWith(QLatin1String("data:"), Qt::CaseInsensitive) || comma < 0)
        return false;
    const QStringView header = QStringView(url).mid(5, comma - 5);
    const QByteArray data = QStringView(url).mid(comma + 1).toUtf8();
    if (header.endsWith(QLatin1String(";base64"), Qt::CaseInsensitive)) {
        const auto decoded = QByteArray::fromBase64Encoding(data);
        if (!decoded)
            return false;
        *bytes = decoded.decoded;
    } else {
        *bytes = QByteArray::fromPercentEncoding(data);
    }
    return true;
}

QString localPath(const QUrl &url)
{
    if (url.isLocalFile())
        return url.toLocalFile();
    if (url.scheme().isEmpty() && url.path().startsWith(QLatin1Char('/')))
        return url.path();
    return {};
}

QString shownText(const QString &text)
{
    return printableTargetText(text, 200);
}

} // namespace

QString SourceMapSource::shown() const
{
    switch (kind) {
    case Kind::File:
        return shownText(path);
    case Kind::Http:
        return displayUrl(url);
    case Kind::Inline:
        break;
    }
    return shownText(scriptUrl);
}

SourceMapIntake::SourceMapIntake(const QUrl &inspector) : m_inspector(inspector) {}

std::optional<SourceMapSource> SourceMapIntake::scriptParsed(const QString &scriptUrl,
                                                             const QString &mapUrl)
{
    if (scriptUrl.isEmpty() || mapUrl.isEmpty() || m_seen.contains(scriptUrl))
        return std::nullopt;
    if (m_taken >= kMaxMapsPerCapture) {
        ++m_beyondCount;
        return std::nullopt;
    }
    m_seen.insert(scriptUrl);
    ++m_taken;
    SourceMapSource source;
    source.scriptUrl = scriptUrl;
    source.mapUrl = mapUrl;
    if (mapUrl.startsWith(QLatin1String("data:"), Qt::CaseInsensitive)) {
        source.kind = SourceMapSource::Kind::Inline;
        return source;
    }
    const QUrl resolved = QUrl(scriptUrl).resolved(QUrl(mapUrl));
    const QString path = localPath(resolved);
    if (!path.isEmpty()) {
        source.kind = SourceMapSource::Kind::File;
        source.path = path;
        if (!isThisMachine(m_inspector.host())) {
            addProblem(QCoreApplication::translate(
                           "embers::InspectorCapture",
                           "%1: a file on the target's machine, not this one: not read")
                           .arg(source.shown()));
            return std::nullopt;
        }
        if (!path.endsWith(QLatin1String(".map"), Qt::CaseInsensitive)) {
            addProblem(QCoreApplication::translate("embers::InspectorCapture",
                                                   "%1: not a .map file: not read")
                           .arg(source.shown()));
            return std::nullopt;
        }
        return source;
    }
    const QString scheme = resolved.scheme().toLower();
    if (scheme != QLatin1String("http") && scheme != QLatin1String("https")) {
        addProblem(shownText(mapUrl) +
                   QCoreApplication::translate("embers::InspectorCapture",
                                               ": not a source map Embers can fetch"));
        return std::nullopt;
    }
    source.kind = SourceMapSource::Kind::Http;
    source.url = resolved;
    if (!isNamedHost(m_inspector, resolved)) {
        addProblem(QCoreApplication::translate("embers::InspectorCapture",
                                               "%1: on another host than %2: not fetched")
                       .arg(source.shown(), shownText(m_inspector.host())));
        return std::nullopt;
    }
    return source;
}

qint64 SourceMapIntake::reserve(const SourceMapSource &source)
{
    const qint64 left = kMaxMapTotalBytes - m_used - m_reserved;
    if (left <= 0) {
        addProblem(QCoreApplication::translate("embers::InspectorCapture",
                                               "%1: the capture's source maps already take "
                                               "%2 MiB: not read")
                       .arg(source.shown(), mib(kMaxMapTotalBytes)));
        return 0;
    }
    const qint64 allowed = std::min(left, kMaxMapBytes);
    m_reserved += allowed;
    return allowed;
}

void SourceMapIntake::settle(qint64 reserved, qint64 used)
{
    m_reserved -= reserved;
    m_used += used;
}

void SourceMapIntake::addProblem(const QString &line)
{
    if (m_problems.size() < kMaxProblemLines)
        m_problems << line;
    else
        ++m_moreProblems;
}

QStringList SourceMapIntake::problems() const
{
    QStringList lines = m_problems;
    if (m_moreProblems > 0)
        lines << QCoreApplication::translate("embers::InspectorCapture",
                                             "%1 more source maps were not usable")
                     .arg(m_moreProblems);
    if (m_beyondCount > 0)
        lines << QCoreApplication::translate("embers::InspectorCapture",
                                             "%1 more scripts named source maps, beyond the %2 "
                                             "a capture takes in: not read")
                     .arg(m_beyondCount)
                     .arg(kMaxMapsPerCapture);
    return lines;
}

bool readSourceMapFile(const QString &path, qint64 maxBytes, QByteArray *bytes, QString *problem)
{
    const QByteArray name = QFile::encodeName(path);
    const int fd = ::open(name.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        *problem = QCoreApplication::translate("embers::InspectorCapture", "cannot open it: %1")
                       .arg(QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    struct stat info;
    bool ok = false;
    if (::fstat(fd, &info) != 0) {
        *problem = QString::fromLocal8Bit(std::strerror(errno));
    } else if (!S_ISREG(info.st_mode)) {
        *problem = QCoreApplication::translate("embers::InspectorCapture",
                                               "not a regular file (a device, a pipe, a "
                                               "folder...): not read");
    } else if (info.st_size > maxBytes) {
        *problem =
            QCoreApplication::translate("embers::InspectorCapture", "larger than %1 MiB: not read")
                .arg(mib(maxBytes));
    } else {
        // The file may grow while it is read: never past the cap.
        bytes->resize(qsizetype(info.st_size) + 1);
        qsizetype have = 0;
        ok = true;
        while (have < bytes->size()) {
            const ssize_t n = ::read(fd, bytes->data() + have, size_t(bytes->size() - have));
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0) {
                *problem = QString::fromLocal8Bit(std::strerror(errno));
                ok = false;
                break;
            }
            if (n == 0)
                break;
            have += n;
            if (have == bytes->size() && have <= maxBytes)
                bytes->resize(std::min<qsizetype>(have * 2, qsizetype(maxBytes) + 1));
        }
        if (ok && have > maxBytes) {
            *problem = QCoreApplication::translate("embers::InspectorCapture",
                                                   "larger than %1 MiB: not read")
                           .arg(mib(maxBytes));
            ok = false;
        }
        bytes->resize(ok ? have : 0);
    }
    ::close(fd);
    return ok;
}

LoadedSourceMap loadSourceMap(const SourceMapSource &source, const QByteArray &fetched,
                              qint64 maxBytes)
{
    LoadedSourceMap loaded;
    QByteArray json;
    QString problem;
    switch (source.kind) {
    case SourceMapSource::Kind::Inline:
        if (!decodeDataUrl(source.mapUrl, &json)) {
            loaded.problem =
                source.shown() +
                QCoreApplication::translate("embers::InspectorCapture",
                                            ": its inline source map is not a valid data: URL");
            return loaded;
        }
        if (json.size() > maxBytes)
            problem = QCoreApplication::translate("embers::InspectorCapture",
                                                  "larger than %1 MiB: not read")
                          .arg(mib(maxBytes));
        break;
    case SourceMapSource::Kind::File:
        readSourceMapFile(source.path, maxBytes, &json, &problem);
        break;
    case SourceMapSource::Kind::Http:
        json = fetched;
        break;
    }
    if (!problem.isEmpty()) {
        loaded.problem = source.shown() + QStringLiteral(": ") + problem;
        return loaded;
    }
    loaded.bytes = json.size();
    const QString directory = source.kind == SourceMapSource::Kind::File
                                  ? QFileInfo(source.path).absolutePath()
                                  : QString();
    QString error;
    std::optional<SourceMap> map = SourceMap::parse(json, directory, &error);
    if (!map) {
        loaded.problem = source.shown() + QStringLiteral(": ") + printableTargetText(error, 200);
        return loaded;
    }
    SourceMapFile file;
    switch (source.kind) {
    case SourceMapSource::Kind::File:
        file.path = source.path;
        break;
    case SourceMapSource::Kind::Http:
        file.path = source.url.toString();
        break;
    case SourceMapSource::Kind::Inline:
        file.path = source.scriptUrl + QStringLiteral(".map");
        break;
    }
    file.generated << source.scriptUrl;
    const QString script = localPath(QUrl(source.scriptUrl));
    if (!script.isEmpty())
        file.generated << script;
    file.map = std::move(*map);
    loaded.file = std::move(file);
    return loaded;
}

} // namespace embers
