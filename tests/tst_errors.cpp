// Bad input: every file that is not a usable pprof profile gives one clear message that
// names the file and the problem, and never crashes or hangs. Damaged but still usable
// profiles load, with warnings. The edge cases from pprof's test data are compared with
// pprof's own verdicts (shared/profiles/pprof-testdata/README.md); where Embers is more
// lenient, the test says why.
#include "Capture.h"
#include "NegativeCorpus.h"
#include "ProfileBuilder.h"
#include "StackTable.h"
#include "TestData.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>

using namespace embers;
using namespace embers::test;

namespace {

QString edge(const char *name)
{
    return sharedProfiles() + QStringLiteral("/pprof-testdata/derived/edge-cases/") +
           QLatin1String(name);
}

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return f.readAll();
}

bool hasWarning(const Profile &p, const char *text)
{
    for (const std::string &w : p.warnings) {
        if (w.find(text) != std::string::npos)
            return true;
    }
    return false;
}

bool hasFrameNamed(const Profile &p, const std::string &name)
{
    StackTableOptions o;
    std::string error;
    auto t = StackTable::build({std::const_pointer_cast<const Profile>(
                                   std::shared_ptr<Profile>(std::make_shared<Profile>(p)))},
                               o, &error);
    for (uint32_t f = 0; t && f < t->frameCount(); ++f) {
        if (t->frameName(f) == name)
            return true;
    }
    return false;
}

// Protobuf wire format, by hand: fast enough to write millions of messages.
void putVarint(std::string &out, uint64_t v)
{
    while (v >= 0x80) {
        out.push_back(char(v | 0x80));
        v >>= 7;
    }
    out.push_back(char(v));
}

void putField(std::string &out, int field, uint64_t v)
{
    putVarint(out, uint64_t(field) << 3);
    putVarint(out, v);
}

void putBytes(std::string &out, int field, const std::string &bytes)
{
    putVarint(out, (uint64_t(field) << 3) | 2);
    putVarint(out, bytes.size());
    out += bytes;
}

// A raw profile where `n` distinct functions are each called from main once: strings,
// functions, locations and samples interleaved, as the Go runtime writes them, in
// concatenated chunks (repeated fields of concatenated messages append).
bool writeManyFunctions(const QString &path, uint32_t n)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    std::string out, msg, inner, name;
    for (const char *s : {"", "samples", "count", "main"})
        putBytes(out, 6, s);
    putField(msg, 1, 1);
    putField(msg, 2, 2);
    putBytes(out, 1, msg);
    const uint64_t mainId = uint64_t(n) + 1;
    for (uint64_t i = 1; i <= mainId; ++i) {
        const uint64_t nameIndex = i == mainId ? 3 : 3 + i;
        if (i != mainId) {
            // Appended piece by piece: GCC 12 warns (-Wrestrict) about chained operator+.
            name.assign("github.com/acme/p");
            name.append(std::to_string(i % 1000)).append(".Func").append(std::to_string(i));
            putBytes(out, 6, name);
        }
        msg.clear();
        putField(msg, 1, i);
        putField(msg, 2, nameIndex);
        putBytes(out, 5, msg);
        inner.clear();
        putField(inner, 1, i);
        putField(inner, 2, 1);
        msg.clear();
        putField(msg, 1, i);
        putBytes(msg, 4, inner);
        putBytes(out, 4, msg);
        if (i != mainId) {
            inner.clear();
            putVarint(inner, i);
            putVarint(inner, mainId);
            msg.clear();
            putBytes(msg, 1, inner);
            putBytes(msg, 2, std::string(1, '\x01'));
            putBytes(out, 2, msg);
        }
        if (out.size() > (4u << 20) || i == mainId) {
            if (file.write(out.data(), qint64(out.size())) != qint64(out.size()))
                return false;
            out.clear();
        }
    }
    return true;
}

// Peak resident memory since the last reset, in bytes (Linux).
qint64 peakRss()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').front().toLongLong() * 1024;
    }
    return -1;
}

void resetPeakRss()
{
    QFile clear(QStringLiteral("/proc/self/clear_refs"));
    if (clear.open(QIODevice::WriteOnly))
        clear.write("5");
}

} // namespace

class TestErrors : public QObject
{
    Q_OBJECT

private slots:
    void rejected_data();
    void rejected();
    void damaged_data();
    void damaged();
    void acceptedWithWarnings();
    void gzipBombStopsAtTheCap();
    void deepStackDoesNotOverflow();
    void manyDistinctFunctions();
    void missingFileAndDirectory();
    void inputFileIsNeverWritten();
};

// Inputs that must be refused (NegativeCorpus.h): one message, "FILE: the problem".
void TestErrors::rejected_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("message2");
    const std::vector<BadInput> inputs = rejectedInputs();
    QVERIFY(inputs.size() >= 25);
    for (const BadInput &in : inputs)
        QTest::newRow(qPrintable(in.file)) << in.bytes << in.file << in.message << in.message2;
}

void TestErrors::rejected()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, file);
    QFETCH(QString, message);
    QFETCH(QString, message2);
    const QString name = QStringLiteral("captures/") + file;
    LoadResult r = loadProfileFromBytes(bytes, name);
    QVERIFY(!r.profile);
    QVERIFY2(r.error.startsWith(name + QStringLiteral(": ")), qPrintable(r.error));
    QVERIFY2(r.error.contains(message), qPrintable(r.error));
    QVERIFY2(r.error.contains(message2), qPrintable(r.error));
    QVERIFY2(!r.error.contains(QLatin1Char('\n')), qPrintable(r.error)); // one line

    // The same from a file on disk, through the whole open.
    QTemporaryDir dir;
    const QString path = dir.filePath(file);
    QVERIFY(writeFile(path, bytes));
    OpenResult opened = openCapture({path});
    QVERIFY(!opened.capture);
    QVERIFY2(opened.error.startsWith(path + QStringLiteral(": ")), qPrintable(opened.error));
    QVERIFY2(opened.error.contains(message), qPrintable(opened.error));
}

// Damaged but usable (NegativeCorpus.h): loads, and a warning says "FILE: the problem".
void TestErrors::damaged_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("warning");
    for (const DamagedInput &in : damagedInputs())
        QTest::newRow(qPrintable(in.file)) << in.bytes << in.file << in.warning;
}

void TestErrors::damaged()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, file);
    QFETCH(QString, warning);
    const QString name = QStringLiteral("captures/") + file;
    LoadResult r = loadProfileFromBytes(bytes, name);
    QVERIFY2(r.profile, qPrintable(r.error));
    bool found = false;
    for (const std::string &w : r.profile->warnings) {
        const QString text = QString::fromStdString(w);
        QVERIFY2(text.startsWith(name + QStringLiteral(": ")), qPrintable(text));
        found = found || text.contains(warning);
    }
    QVERIFY2(found, qPrintable(warning));
    // The whole model builds, and the warning reaches it (the window and CLI show it).
    QTemporaryDir dir;
    const QString path = dir.filePath(file);
    QVERIFY(writeFile(path, bytes));
    OpenResult opened = openCapture({path});
    QVERIFY2(opened.capture, qPrintable(opened.error));
    found = false;
    for (const std::string &w : opened.capture->stacks->warnings)
        found = found || (QString::fromStdString(w).startsWith(path + QStringLiteral(": ")) &&
                          QString::fromStdString(w).contains(warning));
    QVERIFY(found);
}

// Damaged profiles whose data is still usable: Embers loads them and says what was
// wrong, where pprof refuses some of them.
void TestErrors::acceptedWithWarnings()
{
    // pprof accepts, treating the mapping as absent.
    LoadResult r = loadProfile(edge("dangling-mapping-ref.pb.gz"));
    QVERIFY2(r.profile, qPrintable(r.error));
    QVERIFY(hasWarning(*r.profile, "mapping id 777"));

    // pprof rejects ("sample has nil location"); Embers keeps the value under a placeholder.
    r = loadProfile(edge("missing-location-ref.pb.gz"));
    QVERIFY2(r.profile, qPrintable(r.error));
    QVERIFY(hasWarning(*r.profile, "location id 999999"));
    QVERIFY(hasFrameNamed(*r.profile, "<missing location 999999>"));

    // pprof rejects ("a line with nil function"); Embers shows a "??" frame.
    r = loadProfile(edge("line-without-function.pb.gz"));
    QVERIFY2(r.profile, qPrintable(r.error));
    QVERIFY(hasWarning(*r.profile, "no function"));
    QVERIFY(hasFrameNamed(*r.profile, "??"));

    // pprof rejects ("reserved id=0"); Embers ignores that location.
    r = loadProfile(edge("location-id-zero.pb.gz"));
    QVERIFY2(r.profile, qPrintable(r.error));
    QVERIFY(hasWarning(*r.profile, "reserved id 0"));

    // pprof rejects; Embers shows the bad reference as such.
    r = loadProfile(edge("string-index-out-of-range.pb.gz"));
    QVERIFY2(r.profile, qPrintable(r.error));
    QVERIFY(hasWarning(*r.profile, "string #100000"));
    QVERIFY(hasFrameNamed(*r.profile, "<bad string #100000>"));

    // pprof rejects; the rest of the table is intact, so Embers reads entry 0 as "".
    r = loadProfile(edge("string0-not-empty.pb.gz"));
    QVERIFY2(r.profile, qPrintable(r.error));
    QVERIFY(hasWarning(*r.profile, "string_table[0]"));
    QCOMPARE(r.profile->strings[0], std::string());

    // pprof skips the field number 0 too.
    r = loadProfile(edge("field-number-zero.pb.gz"));
    QVERIFY2(r.profile, qPrintable(r.error));
    QVERIFY(hasWarning(*r.profile, "field number 0"));

    // pprof rejects group wire types; they are valid (deprecated) protobuf, and libprotobuf
    // skips unknown ones, as Embers does: the profile is intact.
    r = loadProfile(edge("group-wiretype.pb.gz"));
    QVERIFY2(r.profile, qPrintable(r.error));
    QCOMPARE(r.profile->sampleCount(), size_t(76));

    for (const char *name : {"unknown-fields.pb.gz", "sparse-ids.pb.gz", "odd-samples.pb.gz",
                             "invalid-utf8-string.pb.gz"}) {
        r = loadProfile(edge(name));
        QVERIFY2(r.profile, qPrintable(r.error));
    }

    // Duplicate ids: the first definition wins, with a warning.
    ProfileBuilder b;
    b.sampleType("samples", "count");
    b.sample({"main", "work"}, {3});
    auto *dup = b.proto().add_function();
    dup->set_id(1);
    dup->set_name(b.str("impostor"));
    r = b.load();
    QVERIFY2(r.profile, qPrintable(r.error));
    QVERIFY(hasWarning(*r.profile, "function id 1 is defined twice"));
    QVERIFY(hasFrameNamed(*r.profile, "main"));
    QVERIFY(!hasFrameNamed(*r.profile, "impostor"));
}

void TestErrors::gzipBombStopsAtTheCap()
{
    // A real bomb (NegativeCorpus.h): 64 MiB from ~70 KiB, a valid gzip stream.
    const QByteArray bomb = gzipBomb(uint64_t(64) << 20);
    QVERIFY2(bomb.size() < 100 * 1024, qPrintable(QString::number(bomb.size())));
    z_stream z{};
    QCOMPARE(inflateInit2(&z, 16 + MAX_WBITS), Z_OK);
    std::vector<unsigned char> out(1 << 20);
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(bomb.constData()));
    z.avail_in = uInt(bomb.size());
    int rc;
    do {
        z.next_out = out.data();
        z.avail_out = uInt(out.size());
        rc = inflate(&z, Z_NO_FLUSH);
    } while (rc == Z_OK);
    QCOMPARE(rc, Z_STREAM_END); // CRC and length check out
    QCOMPARE(uint64_t(z.total_out), uint64_t(64) << 20);
    inflateEnd(&z);

    // With a 16 MiB cap the load stops early.
    LoadOptions o;
    o.maxInflatedBytes = 16 << 20;
    LoadResult r = loadProfileFromBytes(bomb, QStringLiteral("bomb.pb.gz"), o);
    QVERIFY(!r.profile);
    QVERIFY2(r.error.startsWith(QLatin1String("bomb.pb.gz: ")), qPrintable(r.error));
    QVERIFY2(r.error.contains(QLatin1String("size limit of 16 MiB")), qPrintable(r.error));
    // Under the cap, what it holds is an unknown field: an empty profile, which loads.
    o.maxInflatedBytes = 128 << 20;
    r = loadProfileFromBytes(bomb, QStringLiteral("bomb.pb.gz"), o);
    QVERIFY2(r.profile, qPrintable(r.error));
}

void TestErrors::deepStackDoesNotOverflow()
{
    // 100,000 frames deep, alternating two functions (deep recursion) plus a leaf.
    ProfileBuilder b;
    b.sampleType("samples", "count");
    std::vector<std::string> stack;
    for (int i = 0; i < 100000; ++i)
        stack.push_back(i % 2 ? "recurse" : "descend");
    stack.push_back("leaf");
    b.sample(stack, {7});
    b.sample({"descend", "leaf"}, {1});
    OpenOptions o;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("deep.pb.gz"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(b.gzip());
    f.close();
    OpenResult opened = openCapture({path}, o);
    QVERIFY2(opened.capture, qPrintable(opened.error));
    const StackTable &t = *opened.capture->stacks;
    QCOMPARE(t.nodeCount(), size_t(100000 + 1 + 1 + 1)); // root + the deep path + leaf + short leaf
    QVERIFY(opened.capture->tree);
    QCOMPARE(opened.capture->tree->total(StackTable::kRoot), int64_t(8));
    const FunctionTable &ft = *opened.capture->functions;
    for (uint32_t frame = 0; frame < t.frameCount(); ++frame) {
        const std::string name = t.frameName(frame);
        if (name == "recurse")
            QCOMPARE(ft.cum(frame, 0), int64_t(7)); // once per stack, not 50,000 times
        if (name == "descend")
            QCOMPARE(ft.cum(frame, 0), int64_t(8));
        if (name == "leaf")
            QCOMPARE(ft.flat(frame, 0), int64_t(8));
    }
}

// Millions of distinct functions load, with memory proportional to the file. 1M by
// default (a few seconds); the full-size check is run by hand (minutes; its figures are in
// docs/performance-history.md):
//   EMBERS_MANY_FUNCTIONS=10000000 QTEST_FUNCTION_TIMEOUT=3600000 tst_errors manyDistinctFunctions
void TestErrors::manyDistinctFunctions()
{
    uint32_t n = kSanitized ? 200000 : 1000000;
    if (qEnvironmentVariableIsSet("EMBERS_MANY_FUNCTIONS"))
        n = uint32_t(qEnvironmentVariableIntValue("EMBERS_MANY_FUNCTIONS"));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("many.pb"));
    QElapsedTimer timer;
    timer.start();
    QVERIFY(writeManyFunctions(path, n));
    const qint64 writeMs = timer.restart();
    const qint64 fileSize = QFileInfo(path).size();

    resetPeakRss();
    const qint64 before = peakRss();
    OpenOptions o;
    o.keepSamples = false; // as the window and the CLI open
    o.model.granularity = Granularity::FileFunctions;
    OpenResult opened = openCapture({path}, o);
    const qint64 openMs = timer.elapsed();
    const qint64 peak = peakRss();
    QVERIFY2(opened.capture, qPrintable(opened.error));
    const StackTable &t = *opened.capture->stacks;
    QCOMPARE(t.frameCount(), size_t(n) + 1);
    QCOMPARE(t.nodeCount(), size_t(n) + 2); // root, main, one leaf per function
    QCOMPARE(opened.capture->tree->total(StackTable::kRoot), int64_t(n));
    QCOMPARE(opened.capture->functions->cum(t.nodeFrame(1), 0), int64_t(n));
    qInfo("%u functions: %.0f MB file written in %lld ms, opened in %lld ms, peak +%.0f MB "
          "(%.1f x the file, %.0f bytes per function)",
          n, fileSize / 1e6, writeMs, openMs, (peak - before) / 1e6,
          double(peak - before) / double(fileSize), double(peak - before) / n);
    if (!kSanitized && before > 0) {
        // Bounded: a small multiple of the file (about 7 at 1M and at 10M functions; the
        // benchmark profile's is about 5).
        QVERIFY2(peak - before < 10 * fileSize,
                 qPrintable(QStringLiteral("peak +%1 MB for a %2 MB file")
                                .arg((peak - before) / 1e6)
                                .arg(fileSize / 1e6)));
    }
}

void TestErrors::missingFileAndDirectory()
{
    LoadResult r = loadProfile(QStringLiteral("/nonexistent/capture.pb.gz"));
    QVERIFY(!r.profile);
    QVERIFY2(r.error.startsWith(QLatin1String("/nonexistent/capture.pb.gz: cannot open")),
             qPrintable(r.error));
    QTemporaryDir dir;
    r = loadProfile(dir.path());
    QVERIFY(!r.profile);
    QVERIFY2(r.error.startsWith(dir.path()), qPrintable(r.error));
}

void TestErrors::inputFileIsNeverWritten()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("sample.cpu"));
    QVERIFY(QFile::copy(sharedProfiles() + QStringLiteral("/pprof-testdata/sample.cpu"), path));
    QFile::setPermissions(path, QFileDevice::ReadOwner); // read-only, as the shared copy is
    const QByteArray before = fileBytes(path);
    const QDateTime modified = QFileInfo(path).lastModified();
    OpenResult opened = openCapture({path});
    QVERIFY2(opened.capture, qPrintable(opened.error));
    QCOMPARE(fileBytes(path), before);
    QCOMPARE(QFileInfo(path).lastModified(), modified);
}

QTEST_GUILESS_MAIN(TestErrors)
#include "tst_errors.moc"
