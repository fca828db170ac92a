// The capture options of the command line against a real Node process (node
// --inspect=127.0.0.1:0, tests/data/capture/target.js): --capture=heap records V8's
// sampling heap profiler, --interval sets its sampling interval (bytes) or the CPU
// profiler's (microseconds). What was
// saved is read by `go tool pprof`, not by Embers. And the options' usage errors.
#include "NodeInspectorTarget.h"
#include "ProgramRuns.h"
#include "RequiredTool.h"
#include "TestData.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace embers::test;

namespace {

struct PprofRun
{
    int status = -1;
    QString out, err;
};

// `go tool pprof ARGS` (TZ=UTC, its state kept out of the user's home).
PprofRun pprof(const QString &go, const QStringList &arguments, const QString &home)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TZ"), QStringLiteral("UTC"));
    env.insert(QStringLiteral("HOME"), home);
    p.setProcessEnvironment(env);
    p.start(go, QStringList{QStringLiteral("tool"), QStringLiteral("pprof")} + arguments);
    if (!p.waitForFinished(120000))
        return {};
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

// What pprof -raw says of a profile: its sample types, period and duration, and the sum of
// its first sample type's values.
struct RawProfile
{
    QString periodType;
    qint64 period = -1;
    double durationSeconds = -1;
    QString sampleTypes;
    qint64 firstTotal = 0;
};

RawProfile readRaw(const QString &raw)
{
    RawProfile r;
    const QStringList lines = raw.split(QLatin1Char('\n'));
    bool samples = false;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString &line = lines[i];
        if (line.startsWith(QLatin1String("PeriodType: ")))
            r.periodType = line.mid(12).trimmed();
        else if (line.startsWith(QLatin1String("Period: ")))
            r.period = line.mid(8).trimmed().toLongLong();
        else if (line.startsWith(QLatin1String("Duration: ")))
            r.durationSeconds = line.mid(10).trimmed().toDouble();
        else if (line == QLatin1String("Samples:") && i + 1 < lines.size()) {
            r.sampleTypes = lines[++i].trimmed();
            samples = true;
        } else if (samples && line.contains(QLatin1Char(':')) && !line.endsWith(QLatin1Char(':')) &&
                   line.startsWith(QLatin1Char(' '))) {
            r.firstTotal += line.trimmed().section(QLatin1Char(' '), 0, 0).toLongLong();
        } else if (!line.startsWith(QLatin1Char(' '))) {
            samples = false;
        }
    }
    return r;
}

} // namespace

class TestCaptureOptions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void usageErrors_data();
    void usageErrors();
    void heapCaptureHasHeapSampleTypes();
    void intervalSetsTheSampling();

private:
    // Captures `target` with `options` into an exported pprof; empty on failure.
    QString capture(const QString &name, const QStringList &options, const QString &target);

    QTemporaryDir m_dir;
    QString m_node;
    QString m_go;
};

void TestCaptureOptions::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_node = QStandardPaths::findExecutable(QStringLiteral("node"));
    m_go = QStandardPaths::findExecutable(QStringLiteral("go"));
}

void TestCaptureOptions::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QString target = QStringLiteral("inspect://127.0.0.1:9");
    const QString interval = QStringLiteral("--interval needs a whole number from 10 to 1000000");
    QTest::newRow("interval 0") << QStringList{QStringLiteral("--interval=0"), target}
                                << interval + QStringLiteral(", not '0'");
    QTest::newRow("interval below V8's least")
        << QStringList{QStringLiteral("--interval=9"), target}
        << interval + QStringLiteral(", not '9'");
    QTest::newRow("interval not a number") << QStringList{QStringLiteral("--interval=1ms"), target}
                                           << interval + QStringLiteral(", not '1ms'");
    QTest::newRow("unknown kind")
        << QStringList{QStringLiteral("--capture=gpu"), target}
        << QStringLiteral("--capture must be cpu, heap, heap-live or snapshot, not 'gpu'");
    QTest::newRow("capture without a target")
        << QStringList{QStringLiteral("--capture=heap"), QStringLiteral("heap.pb.gz")}
        << QStringLiteral("--capture goes with a TARGET");
    // Options a target would ignore: an HTTP target's URL says what it records.
    const QString http = QStringLiteral("http://127.0.0.1:9/debug/pprof/heap");
    QTest::newRow("capture for an HTTP target")
        << QStringList{QStringLiteral("--capture=heap"), http}
        << QStringLiteral("--capture goes with an inspector TARGET (inspect://...)");
    QTest::newRow("interval for an HTTP target")
        << QStringList{QStringLiteral("--interval=100"), http}
        << QStringLiteral("--interval goes with an inspector TARGET (inspect://...)");
    QTest::newRow("heap interval below V8's least")
        << QStringList{QStringLiteral("--capture=heap"), QStringLiteral("--interval=63"), target}
        << QStringLiteral("--interval needs a whole number from 64 to 1073741824, not '63'");
    QTest::newRow("interval without a target")
        << QStringList{QStringLiteral("--interval=100"), QStringLiteral("cpu.pb.gz")}
        << QStringLiteral("--interval goes with a TARGET");
}

void TestCaptureOptions::usageErrors()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    // Refused before anything is fetched: nothing listens on port 9.
    const EmbersRun r = runEmbers(QStringList{QStringLiteral("--top")} + arguments);
    QVERIFY2(r.status == 2, qPrintable(r.err));
    QVERIFY2(r.err.startsWith(QStringLiteral("embers: ") + message), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
}

QString TestCaptureOptions::capture(const QString &name, const QStringList &options,
                                    const QString &target)
{
    const QString out = m_dir.filePath(name);
    const QString captures = m_dir.filePath(QStringLiteral("captures-") + name);
    const EmbersRun r = runEmbers(
        QStringList{QStringLiteral("--export=") + out, QStringLiteral("--captures=") + captures} +
        options + QStringList{target});
    if (r.status != 0) {
        qWarning().noquote() << name << "exit" << r.status << r.err;
        return {};
    }
    // Saved in the captures folder too, named by its kind.
    const QStringList saved = QDir(captures).entryList(QDir::Files);
    if (saved.size() != 1 || !r.err.contains(QStringLiteral("Saved profile in ") + captures)) {
        qWarning().noquote() << name << saved << r.err;
        return {};
    }
    return out;
}

void TestCaptureOptions::heapCaptureHasHeapSampleTypes()
{
    EMBERS_REQUIRE_TOOL(!m_node.isEmpty(), "Node (node)");
    EMBERS_REQUIRE_TOOL(!m_go.isEmpty(), "Go (Debian's golang-go)");
    NodeInspectorTarget node;
    QString error;
    const QString target =
        node.start(m_node, testData() + QStringLiteral("/capture/target.js"), &error);
    QVERIFY2(!target.isEmpty(), qPrintable(error));

    const QString heap =
        capture(QStringLiteral("heap.pb.gz"),
                {QStringLiteral("--capture=heap"), QStringLiteral("--interval=65536"),
                 QStringLiteral("--seconds=2")},
                target);
    QVERIFY(!heap.isEmpty());
    const QString captures = m_dir.filePath(QStringLiteral("captures-heap.pb.gz"));
    QVERIFY(QDir(captures).entryList(QDir::Files).front().contains(QLatin1String("-heap-")));
    const PprofRun raw = pprof(m_go, {QStringLiteral("-raw"), heap}, m_dir.path());
    QVERIFY2(raw.status == 0, qPrintable(raw.err));
    const RawProfile profile = readRaw(raw.out);
    // V8's sampled allocations and their estimated bytes, the bytes the default; the
    // period is the interval asked for.
    QCOMPARE(profile.sampleTypes, QStringLiteral("samples/count alloc_space/bytes[dflt]"));
    QCOMPARE(profile.periodType, QStringLiteral("space bytes"));
    QCOMPARE(profile.period, qint64(65536));
    QVERIFY(profile.firstTotal > 0);
    // The allocations are the hoarder's; the CPU-bound function allocates nothing.
    const PprofRun top = pprof(m_go, {QStringLiteral("-top"), heap}, m_dir.path());
    QVERIFY2(top.status == 0, qPrintable(top.err));
    const QStringList rows = top.out.split(QLatin1Char('\n'));
    const qsizetype header =
        rows.indexOf(QRegularExpression(QStringLiteral(R"(\s+flat\s+flat%.*)")));
    QVERIFY2(header >= 0 && header + 1 < rows.size(), qPrintable(top.out));
    QVERIFY2(rows[header + 1].endsWith(QLatin1String(" hoardObjects")), qPrintable(top.out));
    QVERIFY2(!top.out.contains(QLatin1String("spinHot")), qPrintable(top.out));

    // The same target's CPU capture, for contrast: not heap types.
    const QString cpu =
        capture(QStringLiteral("cpu.pb.gz"), {QStringLiteral("--seconds=1")}, target);
    QVERIFY(!cpu.isEmpty());
    const RawProfile cpuProfile =
        readRaw(pprof(m_go, {QStringLiteral("-raw"), cpu}, m_dir.path()).out);
    QCOMPARE(cpuProfile.periodType, QStringLiteral("wall nanoseconds"));
    QVERIFY2(!cpuProfile.sampleTypes.contains(QLatin1String("alloc_space")),
             qPrintable(cpuProfile.sampleTypes));
}

void TestCaptureOptions::intervalSetsTheSampling()
{
    EMBERS_REQUIRE_TOOL(!m_node.isEmpty(), "Node (node)");
    EMBERS_REQUIRE_TOOL(!m_go.isEmpty(), "Go (Debian's golang-go)");
    NodeInspectorTarget node;
    QString error;
    const QString target =
        node.start(m_node, testData() + QStringLiteral("/capture/target.js"), &error);
    QVERIFY2(!target.isEmpty(), qPrintable(error));

    // 0.5 ms and 20 ms, forty times apart: on a loaded machine V8's sampler falls behind
    // the fine one, never ahead of the coarse one.
    const QString fine =
        capture(QStringLiteral("fine.pb.gz"),
                {QStringLiteral("--interval=500"), QStringLiteral("--seconds=2")}, target);
    const QString coarse =
        capture(QStringLiteral("coarse.pb.gz"),
                {QStringLiteral("--interval=20000"), QStringLiteral("--seconds=2")}, target);
    QVERIFY(!fine.isEmpty() && !coarse.isEmpty());
    const PprofRun fineRaw = pprof(m_go, {QStringLiteral("-raw"), fine}, m_dir.path());
    const PprofRun coarseRaw = pprof(m_go, {QStringLiteral("-raw"), coarse}, m_dir.path());
    QVERIFY2(fineRaw.status == 0 && coarseRaw.status == 0, qPrintable(fineRaw.err + coarseRaw.err));
    const RawProfile f = readRaw(fineRaw.out);
    const RawProfile c = readRaw(coarseRaw.out);
    QCOMPARE(f.periodType, QStringLiteral("wall nanoseconds"));
    QVERIFY2(f.sampleTypes.startsWith(QLatin1String("sample/count ")), qPrintable(f.sampleTypes));
    // The recorded period is the median interval between V8's ticks: at least about the
    // interval asked for.
    QVERIFY2(c.period >= 15'000'000, qPrintable(QString::number(c.period)));
    QVERIFY2(f.period >= 400'000 && f.period * 4 < c.period,
             qPrintable(QStringLiteral("%1 %2").arg(f.period).arg(c.period)));
    // Per second recorded, the fine interval gives many times the samples.
    QVERIFY(f.durationSeconds > 1 && c.durationSeconds > 1);
    const double fineRate = double(f.firstTotal) / f.durationSeconds;
    const double coarseRate = double(c.firstTotal) / c.durationSeconds;
    QVERIFY2(coarseRate > 0 && fineRate > 4 * coarseRate,
             qPrintable(QStringLiteral("%1 vs %2 samples/s").arg(fineRate).arg(coarseRate)));
    QVERIFY2(coarseRate < 60, qPrintable(QString::number(coarseRate))); // 50 a second at most
}

QTEST_MAIN(TestCaptureOptions)
#include "tst_captureoptions.moc"
