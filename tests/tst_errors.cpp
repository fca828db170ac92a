// Bad input: every file that is not a usable pprof profile gives one clear message that
// names the file and the problem, and never crashes or hangs. Damaged but still usable
// profiles load, with warnings. The edge cases from pprof's test data are compared with
// pprof's own verdicts (shared/profiles/pprof-testdata/README.md); where Embers is more
// lenient, the test says why.
#include "Capture.h"
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

} // namespace

class TestErrors : public QObject
{
    Q_OBJECT

private slots:
    void rejected_data();
    void rejected();
    void acceptedWithWarnings();
    void gzipBombStopsAtTheCap();
    void deepStackDoesNotOverflow();
    void missingFileAndDirectory();
    void inputFileIsNeverWritten();
};

// Inputs that must be refused: (bytes, expected message fragment).
void TestErrors::rejected_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("message");

    const QByteArray sample =
        fileBytes(sharedProfiles() + QStringLiteral("/pprof-testdata/sample.cpu"));
    const QByteArray raw =
        fileBytes(sharedProfiles() + QStringLiteral("/pprof-testdata/derived/sample.cpu.raw.pb"));
    QVERIFY(sample.size() > 1000 && raw.size() > 1000);

    QTest::newRow("empty") << QByteArray() << "the file is empty";
    // pprof: "empty input file".
    QTest::newRow("empty.pb") << fileBytes(edge("empty.pb")) << "the file is empty";
    QTest::newRow("truncated gzip") << sample.left(sample.size() / 2) << "truncated gzip data";
    QByteArray corrupt = sample;
    for (int i = 200; i < 260; ++i)
        corrupt[i] = char(corrupt[i] ^ 0x5A);
    QTest::newRow("corrupt deflate") << corrupt << "corrupt gzip data";
    // pprof: "concatenated profiles detected".
    QTest::newRow("two gzip members")
        << fileBytes(edge("concatenated-two-profiles.pb.gz")) << "several gzip members";
    QTest::newRow("two raw messages") << raw + raw << "concatenated profiles detected";
    QByteArray random(8192, Qt::Uninitialized);
    QRandomGenerator rng(42);
    for (char &c : random)
        c = char(rng.generate() & 0xFF);
    random[0] = char(0x5A); // not gzip magic, not JSON
    QTest::newRow("random bytes") << random << "not a valid pprof";
    QTest::newRow("png") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16) << "PNG image";
    QTest::newRow("json error body")
        << QByteArray(
               R"({"success":false,"errors":[{"code":10021,"message":"Profiling is not enabled for this Worker"}],"result":null})")
        << "Profiling is not enabled for this Worker";
    QTest::newRow("legacy text heap")
        << QByteArray("heap profile:   10:  1234 [  20:  5678] @ heapprofile\n")
        << "legacy text profile";
    QTest::newRow("legacy go text")
        << fileBytes(sharedProfiles() + QStringLiteral("/pprof-testdata/not-pprof/go.godoc.thread"))
        << "go tool pprof -proto";
    QTest::newRow("legacy binary")
        << fileBytes(sharedProfiles() + QStringLiteral("/pprof-testdata/not-pprof/java.cpu"))
        << "legacy binary CPU profile";
    // pprof: "mismatch: sample has 3 values vs. 2 types".
    QTest::newRow("more values than types")
        << fileBytes(edge("value-count-mismatch.pb.gz"))
        << "a sample has 3 values but the profile declares 2 sample types";
    // A length-delimited field whose length runs far past the end.
    QTest::newRow("huge length") << QByteArray("\x32\xFF\xFF\xFF\xFF\x07"
                                               "abc",
                                               9)
                                 << "not a valid pprof";
    QTest::newRow("overlong varint")
        << QByteArray("\x48\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\x01", 12) << "varint";
    {
        ProfileBuilder b; // samples but no sample types
        b.sample({"main"}, {});
        b.proto().mutable_sample(0)->add_value(5);
        QTest::newRow("samples without types") << b.raw() << "samples but no sample types";
    }
    QTest::newRow("zstd") << QByteArray("\x28\xB5\x2F\xFD\x00\x00", 6) << "zstd";
}

void TestErrors::rejected()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, message);
    const QString name =
        QStringLiteral("captures/bad-%1.pb.gz").arg(QString::fromLatin1(QTest::currentDataTag()));
    LoadResult r = loadProfileFromBytes(bytes, name);
    QVERIFY(!r.profile);
    QVERIFY2(r.error.startsWith(name + QStringLiteral(": ")), qPrintable(r.error));
    QVERIFY2(r.error.contains(message), qPrintable(r.error));
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
    // 64 MiB of zeros inflate from ~64 KiB; with a 16 MiB cap the load stops early.
    QByteArray zeros(64 << 20, '\0');
    QByteArray bomb = gzipBytes(zeros);
    QVERIFY(bomb.size() < (1 << 20));
    LoadOptions o;
    o.maxInflatedBytes = 16 << 20;
    LoadResult r = loadProfileFromBytes(bomb, QStringLiteral("bomb.pb.gz"), o);
    QVERIFY(!r.profile);
    QVERIFY2(r.error.contains(QLatin1String("size limit of 16 MiB")), qPrintable(r.error));
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
