// Where the tests find their inputs: the team's shared profiles (with go tool pprof
// references) and the project's own test data.
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QString>

#include <zlib.h>

namespace embers::test {

// Built with AddressSanitizer or ThreadSanitizer: several times slower, and with an
// allocator of their own, so the heaviest loops check a sample and memory bounds are not
// measured.
constexpr bool kSanitized =
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
    true;
#else
    false;
#endif
#else
    false;
#endif

// Built with ThreadSanitizer alone.
constexpr bool kThreadSanitized =
#if defined(__SANITIZE_THREAD__)
    true;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
    true;
#else
    false;
#endif
#else
    false;
#endif

inline QString sharedProfiles()
{
    return QString::fromLocal8Bit(qgetenv("EMBERS_PROFILES"));
}

// The shared profiles' one large capture (a synthetic 9.4 MB trie): seconds a test row
// under the sanitizers, where the suites check a sample of its rows and the small
// profiles take every path. The release run checks them all.
inline const QString kLargeSharedProfile = QStringLiteral("real/synthetic/synth-S-seed2.pb.gz");

// Whether a row on `path` is one the sanitizer build may leave out.
inline bool largeUnderSanitizers(const QString &path)
{
    return kSanitized && path.endsWith(kLargeSharedProfile);
}

inline QString testData()
{
    return QString::fromLocal8Bit(qgetenv("EMBERS_TEST_DATA"));
}

// Where a suite leaves what a person looks at afterwards (screenshots): `name` below the
// build tree's ci-artifacts (EMBERS_ARTIFACTS, set by ctest), else below a temporary folder
// that is kept and said, never the current folder (a run from the clone's root would
// write into the sources).
inline QString artifactsDir(const QString &name)
{
    QString root = QString::fromLocal8Bit(qgetenv("EMBERS_ARTIFACTS"));
    if (root.isEmpty()) {
        static const QString kept = [] {
            const QString dir = QDir::temp().filePath(
                QStringLiteral("embers-artifacts-%1").arg(QCoreApplication::applicationPid()));
            qInfo("EMBERS_ARTIFACTS is not set: artifacts go to %s", qPrintable(dir));
            return dir;
        }();
        root = kept;
    }
    const QString dir = root + QLatin1Char('/') + name;
    if (!QDir().mkpath(dir))
        qFatal("cannot make %s", qPrintable(dir));
    return dir;
}

// A file's bytes as they are (a test input that cannot be read stops the suite).
inline QByteArray fileContent(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

// Writes a test input (one that cannot be written stops the suite).
inline void writeFileContent(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

// Inflates gzip'd bytes (as far as they go).
inline QByteArray gunzip(const QByteArray &data)
{
    z_stream z{};
    inflateInit2(&z, 16 + MAX_WBITS);
    QByteArray out;
    char buf[65536];
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
    z.avail_in = uInt(data.size());
    int rc;
    do {
        z.next_out = reinterpret_cast<Bytef *>(buf);
        z.avail_out = sizeof buf;
        rc = inflate(&z, Z_NO_FLUSH);
        out.append(buf, int(sizeof buf - z.avail_out));
    } while (rc == Z_OK);
    inflateEnd(&z);
    return out;
}

// Reads a file, inflating it when its name ends in .gz.
inline QByteArray readText(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray data = f.readAll();
    return path.endsWith(QLatin1String(".gz")) ? gunzip(data) : data;
}

} // namespace embers::test
