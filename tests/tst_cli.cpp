// The `embers` command line, run as a user runs it: exit status 0 / 1 / 2, messages on
// stderr that name the file, the pprof-style table and the raw TSV, no display needed.
#include "NegativeCorpus.h"
#include "ProgramRuns.h"
#include "TestData.h"

#include <QImage>
#include <QImageReader>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace embers::test;

namespace {

QString testdata(const char *name)
{
    return sharedProfiles() + QStringLiteral("/pprof-testdata/") + QLatin1String(name);
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void help()
    {
        EmbersRun r = runEmbers({QStringLiteral("--help")});
        QCOMPARE(r.status, 0);
        QVERIFY(r.out.contains(QLatin1String("--top")));
        QVERIFY(r.out.contains(QLatin1String("--sample-index")));
        QVERIFY(r.out.contains(QLatin1String("Exit status")));
        QVERIFY(r.out.contains(QLatin1String("--source-map=FILE")));
        r = runEmbers({QStringLiteral("--version")});
        QCOMPARE(r.status, 0);
        QVERIFY(r.out.startsWith(QLatin1String("embers ")));
    }

    void topMatchesPprof()
    {
        EmbersRun r = runEmbers(
            {QStringLiteral("--top"), QStringLiteral("--nodefraction=0"), testdata("sample.cpu")});
        QCOMPARE(r.status, 0);
        QCOMPARE(r.out.toUtf8(), readText(testdata("derived/expected/sample.cpu.top.txt")));
        r = runEmbers({QStringLiteral("--top"), QStringLiteral("--cum"),
                       QStringLiteral("--nodecount=25"), testdata("large.cpu")});
        QCOMPARE(r.status, 0);
        QCOMPARE(r.out.toUtf8(), readText(testdata("derived/expected/large.cpu.top25-cum.txt")));
    }

    // `embers -`: a profile piped in (Cloudflare's CLI writes one to standard output) is
    // read as the file would be, kept in the captures folder; nothing else is written.
    void standardInputIsAFile()
    {
        QTemporaryDir captures;
        QVERIFY(captures.isValid());
        auto piped = [&](const QByteArray &input, const QStringList &arguments) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.remove(QStringLiteral("DISPLAY"));
            env.remove(QStringLiteral("QT_QPA_PLATFORM"));
            env.insert(QStringLiteral("TZ"), QStringLiteral("UTC"));
            p.setProcessEnvironment(env);
            p.start(QString::fromLocal8Bit(qgetenv("EMBERS_BINARY")),
                    QStringList{QStringLiteral("--captures=") + captures.path()} + arguments);
            p.write(input);
            p.closeWriteChannel();
            if (!p.waitForFinished(120000))
                qFatal("embers did not finish");
            return EmbersRun{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                             QString::fromUtf8(p.readAllStandardOutput()),
                             QString::fromUtf8(p.readAllStandardError())};
        };
        QFile raw(testdata("sample.cpu"));
        QVERIFY(raw.open(QIODevice::ReadOnly));
        const QByteArray profile = raw.readAll();
        EmbersRun r = piped(profile, {QStringLiteral("--top"), QStringLiteral("--nodefraction=0"),
                                      QStringLiteral("-")});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QCOMPARE(r.out.toUtf8(), readText(testdata("derived/expected/sample.cpu.top.txt")));
        const QStringList saved = QDir(captures.path()).entryList(QDir::Files);
        QCOMPARE(saved.size(), 1);
        QVERIFY2(r.err.contains(captures.path() + QLatin1Char('/') + saved.front()),
                 qPrintable(r.err));
        // Beside other files, as a diff's base.
        r = piped(profile, {QStringLiteral("--top"), QStringLiteral("--diff-base=-"),
                            testdata("sample.cpu")});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("Showing nodes accounting for 0, 0% of")),
                 qPrintable(r.out));

        r = piped("not a profile\n", {QStringLiteral("--top"), QStringLiteral("-")});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains(QLatin1String("standard input: this is a text file")),
                 qPrintable(r.err));
        r = piped({}, {QStringLiteral("--top"), QStringLiteral("-")});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains(QLatin1String("standard input: ")), qPrintable(r.err));
        r = piped(profile, {QStringLiteral("--top"), QStringLiteral("-"), QStringLiteral("-")});
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains(QLatin1String("once only")), qPrintable(r.err));
        QCOMPARE(QDir(captures.path()).entryList(QDir::Files).size(), 2);
    }

    void tsvIsRaw()
    {
        EmbersRun r = runEmbers({QStringLiteral("--top"), QStringLiteral("--tsv"),
                                 QStringLiteral("--sample-index=cpu"), testdata("sample.cpu")});
        QCOMPARE(r.status, 0);
        const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.first(), QStringLiteral("flat\tcum\tname"));
        // pprof: runtime.mapiternext 1.28s flat, 1.37s cum; main.busyLoop 0.15s / 1.76s.
        QVERIFY(lines.contains(QStringLiteral("1280000000\t1370000000\truntime.mapiternext")));
        QVERIFY(lines.contains(QStringLiteral("150000000\t1760000000\tmain.busyLoop")));
    }

    void mergesSeveralFiles()
    {
        EmbersRun r =
            runEmbers({QStringLiteral("--top"), QStringLiteral("--nodefraction=0"),
                       testdata("sample.cpu"), testdata("derived/sample.variant.cpu.pb.gz")});
        QCOMPARE(r.status, 0);
        QCOMPARE(r.out.toUtf8(),
                 readText(testdata("derived/expected/sample.plus.variant.merged.top.txt")));
    }

    void badInputExitsOne()
    {
        const QString bad = testdata("not-pprof/java.cpu");
        EmbersRun r = runEmbers({QStringLiteral("--top"), testdata("sample.cpu"), bad});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains(bad + QStringLiteral(": legacy binary CPU profile")),
                 qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
        r = runEmbers({QStringLiteral("--top"), QStringLiteral("/nonexistent.pb.gz")});
        QCOMPARE(r.status, 1);
        QVERIFY(r.err.contains(QLatin1String("/nonexistent.pb.gz: cannot open")));
    }

    // The flamegraph renders without a display, to PNG or SVG.
    void exportFlamegraph()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("flame.png"));
        const QString svg = dir.filePath(QStringLiteral("flame.svg"));
        EmbersRun r = runEmbers({QStringLiteral("--export=") + png, QStringLiteral("--width=900"),
                                 testdata("sample.cpu")});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QImage image(png);
        QCOMPARE(image.width(), 900);
        QVERIFY(image.height() > 100);
        r = runEmbers({QStringLiteral("--export=") + svg, testdata("sample.cpu")});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        const QByteArray text = readText(svg);
        QVERIFY(text.startsWith("<?xml"));
        QVERIFY(text.contains("main.busyLoop"));
        r = runEmbers({QStringLiteral("--export=") + dir.filePath(QStringLiteral("x.jpg")),
                       testdata("sample.cpu")});
        QCOMPARE(r.status, 2);
        r = runEmbers({QStringLiteral("--export=") + png, testdata("not-pprof/java.cpu")});
        QCOMPARE(r.status, 1);
    }

    void usageErrorsExitTwo()
    {
        for (const QStringList &args :
             {QStringList{QStringLiteral("--top")},
              QStringList{QStringLiteral("--bogus"), testdata("sample.cpu")},
              QStringList{QStringLiteral("--top"), QStringLiteral("--granularity=atoms"),
                          testdata("sample.cpu")},
              QStringList{QStringLiteral("--top"), QStringLiteral("--nodecount=x"),
                          testdata("sample.cpu")},
              QStringList{QStringLiteral("--top"), QStringLiteral("--sample-index=heap"),
                          testdata("sample.cpu")}}) {
            EmbersRun r = runEmbers(args);
            QVERIFY2(r.status == 2,
                     qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(" -> ") + r.err));
            QVERIFY(!r.err.isEmpty());
        }
        EmbersRun r = runEmbers({QStringLiteral("--top"), QStringLiteral("--sample-index=heap"),
                                 testdata("sample.cpu")});
        QVERIFY2(r.err.contains(QLatin1String("samples, cpu")), qPrintable(r.err));
    }

    // pprof's filter options, spelled as Embers spells them, give pprof's table (the
    // references of tests/data/pprof-refs/filter-manifest.tsv, made by go tool pprof).
    void filtersMatchPprof_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("reference");
        const QString real = sharedProfiles() + QStringLiteral("/real/");
        const QString refs = testData() + QStringLiteral("/pprof-refs/filters/");
        QTest::newRow("focus, hide")
            << QStringList{QStringLiteral("--focus=quicksort"), QStringLiteral("--hide=partition"),
                           QStringLiteral("--nodefraction=0"),
                           real + QStringLiteral("go/cpu-parser.pb.gz")}
            << refs + QStringLiteral("cpu-parser.13.cpu.txt.gz");
        QTest::newRow("show-from, noinlines")
            << QStringList{QStringLiteral("--show-from=encodeStage"), QStringLiteral("--noinlines"),
                           QStringLiteral("--nodefraction=0"),
                           real + QStringLiteral("go/cpu-workers.pb.gz")}
            << refs + QStringLiteral("cpu-workers.28.cpu.txt.gz");
        QTest::newRow("tagfocus range")
            << QStringList{QStringLiteral("--sample-index=alloc_objects"),
                           QStringLiteral("--tagfocus=bytes=:64b"),
                           QStringLiteral("--nodefraction=0"),
                           real + QStringLiteral("go/heap-cache.pb.gz")}
            << refs + QStringLiteral("heap-cache.30.alloc_objects.txt.gz");
        QTest::newRow("tagroot, filefunctions, cum")
            << QStringList{QStringLiteral("--tagroot=batch"),
                           QStringLiteral("--granularity=filefunctions"), QStringLiteral("--cum"),
                           QStringLiteral("--nodefraction=0"),
                           real + QStringLiteral("node/kvworker-time-labels.pb.gz")}
            << refs + QStringLiteral("kvworker-time-labels.52.cpu.txt.gz");
        QTest::newRow("tagleaf, two keys")
            << QStringList{QStringLiteral("--tagleaf=route,batch"),
                           QStringLiteral("--nodefraction=0"),
                           real + QStringLiteral("node/kvworker-time-labels.pb.gz")}
            << refs + QStringLiteral("kvworker-time-labels.77.cpu.txt.gz");
        QTest::newRow("relative percentages")
            << QStringList{QStringLiteral("--relative-percentages"),
                           QStringLiteral("--focus=countSubsets"),
                           real + QStringLiteral("go/cpu-parser.pb.gz")}
            << refs + QStringLiteral("cpu-parser.18.cpu.txt.gz");
        const QString more = testData() + QStringLiteral("/pprof-refs/");
        QTest::newRow("prune-from, lines")
            << QStringList{QStringLiteral("--prune-from=Abs"),
                           QStringLiteral("--granularity=lines"),
                           QStringLiteral("--nodefraction=0"),
                           sharedProfiles() + QStringLiteral("/pprof-testdata/sample.cpu")}
            << more + QStringLiteral("prune/pprof-testdata_sample.cpu.cpu_prune_fromAbs_lines_"
                                     "nodefraction0.txt.gz");
        QTest::newRow("addresses, unsymbolised")
            << QStringList{QStringLiteral("--granularity=addresses"),
                           QStringLiteral("--nodefraction=0"),
                           sharedProfiles() +
                               QStringLiteral("/pprof-testdata/cppbench.cpu_no_samples_type")}
            << more + QStringLiteral("granularity/pprof-testdata_cppbench.cpu_no_samples_type.cpu_"
                                     "addresses_nodefraction0.txt.gz");
    }

    void filtersMatchPprof()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, reference);
        EmbersRun r = runEmbers(QStringList{QStringLiteral("--top")} + arguments);
        QCOMPARE(r.status, 0);
        QCOMPARE(r.out.toUtf8(), readText(reference));
    }

    void filterErrorsAndWarnings()
    {
        const QString parser = sharedProfiles() + QStringLiteral("/real/go/cpu-parser.pb.gz");
        // A regex that does not compile, a filter without --top or --export: usage errors.
        for (const QStringList &args :
             {QStringList{QStringLiteral("--top"), QStringLiteral("--focus=("), parser},
              QStringList{QStringLiteral("--top"), QStringLiteral("--tagfocus=k=("), parser},
              QStringList{QStringLiteral("--hide=x"), parser}}) {
            EmbersRun r = runEmbers(args);
            QVERIFY2(r.status == 2,
                     qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(" -> ") + r.err));
            QVERIFY(!r.err.isEmpty());
        }
        // A filter that matches nothing is not an error: pprof's warning, on stderr.
        EmbersRun r = runEmbers(
            {QStringLiteral("--top"), QStringLiteral("--focus=no_such_function"), parser});
        QCOMPARE(r.status, 0);
        QVERIFY2(r.err.contains(QLatin1String("Focus expression matched no samples")),
                 qPrintable(r.err));
        QVERIFY(r.out.contains(QLatin1String("Active filters:\n   focus=no_such_function\n")));
        // Label filters on a profile without labels: nothing matches.
        r = runEmbers({QStringLiteral("--top"), QStringLiteral("--tagfocus=route=x"), parser});
        QCOMPARE(r.status, 0);
        QVERIFY(r.err.contains(QLatin1String("TagFocus expression matched no samples")));
        // The flamegraph export takes the filters too.
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("focus.png"));
        r = runEmbers(
            {QStringLiteral("--export=") + png, QStringLiteral("--focus=parseExpr"), parser});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QVERIFY(!QImage(png).isNull());
        // And --help lists them.
        r = runEmbers({QStringLiteral("--help")});
        for (const char *option :
             {"--focus=RE", "--ignore=RE", "--hide=RE", "--show=RE", "--show-from=RE",
              "--tagfocus=", "--tagignore=", "--tagroot=", "--tagleaf="})
            QVERIFY2(r.out.contains(QLatin1String(option)), option);
    }

    // --- The negative corpus (NegativeCorpus.h), as a user meets it -------------------

    // Every file that is not a usable profile: exit status 1, nothing on stdout, and one
    // line on stderr naming the file and the problem.
    void negativeCorpusExitsOne()
    {
        QTemporaryDir dir;
        const std::vector<BadInput> inputs = rejectedInputs();
        for (const BadInput &in : inputs) {
            const QString path = dir.filePath(in.file);
            QVERIFY(writeFile(path, in.bytes));
            EmbersRun r = runEmbers({QStringLiteral("--top"), path});
            const QString what = in.file + QStringLiteral(" -> ") + r.err;
            QVERIFY2(r.status == 1, qPrintable(what));
            QVERIFY2(r.out.isEmpty(), qPrintable(what));
            QVERIFY2(r.err.contains(path + QStringLiteral(": ")), qPrintable(what));
            QVERIFY2(r.err.contains(in.message), qPrintable(what));
            QVERIFY2(r.err.contains(in.message2), qPrintable(what));
            QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
        }
        // Among good files, and when exporting, too.
        const QString bad = dir.filePath(inputs.front().file);
        EmbersRun r = runEmbers({QStringLiteral("--top"), testdata("sample.cpu"), bad});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains(bad + QStringLiteral(": ")), qPrintable(r.err));
        r = runEmbers({QStringLiteral("--export=") + dir.filePath(QStringLiteral("out.png")), bad});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains(bad + QStringLiteral(": ")), qPrintable(r.err));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("out.png"))));
    }

    // Damaged but usable: the table is printed (exit 0) and a warning names the file and
    // the problem.
    void damagedInputsWarn()
    {
        QTemporaryDir dir;
        for (const DamagedInput &in : damagedInputs()) {
            const QString path = dir.filePath(in.file);
            QVERIFY(writeFile(path, in.bytes));
            EmbersRun r = runEmbers({QStringLiteral("--top"), path});
            const QString what = in.file + QStringLiteral(" -> ") + r.err;
            QVERIFY2(r.status == 0, qPrintable(what));
            QVERIFY2(r.out.contains(QLatin1String("flat%")), qPrintable(what));
            QVERIFY2(r.err.contains(QStringLiteral("warning: ") + path + QStringLiteral(": ")),
                     qPrintable(what));
            QVERIFY2(r.err.contains(in.warning), qPrintable(what));
        }
    }

    // A gzip bomb past the default cap (4 GiB inflated from ~4 MB) stops with a message.
    void gzipBombStopsAtTheDefaultCap()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bomb.pb.gz"));
        QVERIFY(writeFile(path, gzipBomb((uint64_t(4) << 30) + (uint64_t(16) << 20))));
        QVERIFY(QFileInfo(path).size() < 8 * 1000 * 1000);
        EmbersRun r = runEmbers({QStringLiteral("--top"), path});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains(path + QStringLiteral(": ")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("size limit of 4 GiB")), qPrintable(r.err));
    }

    // 100,000 frames deep: the table and the rendered flamegraph, no stack overflow.
    void deepStack()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("deep.pb.gz"));
        QVERIFY(writeFile(path, deepStackProfile(100000)));
        EmbersRun r = runEmbers({QStringLiteral("--top"), QStringLiteral("--tsv"), path});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        // Recursion counts once per stack: cum of "recurse" is 7, of "descend" 8.
        QVERIFY2(r.out.contains(QLatin1String("\t7\trecurse\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QLatin1String("8\t8\tleaf\n")), qPrintable(r.out));
        const QString png = dir.filePath(QStringLiteral("deep.png"));
        r = runEmbers({QStringLiteral("--export=") + png, path});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        // The export is capped at 32,000 pixels tall; more than QImage reads by default.
        QImageReader::setAllocationLimit(0);
        const QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.height() <= 32000);
    }

    // `--top --diff-base` prints what `go tool pprof -top -diff_base` prints (the shared
    // diff pairs' references); misuse is a usage error.
    void diffBase()
    {
        const QString real = sharedProfiles() + QStringLiteral("/real/");
        EmbersRun r = runEmbers(
            {QStringLiteral("--top"), QStringLiteral("--sample-index=cpu"),
             QStringLiteral("--diff-base=") + real + QStringLiteral("go/diff-render-base.pb.gz"),
             real + QStringLiteral("go/diff-render-slow.pb.gz")});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QCOMPARE(r.out.toUtf8(),
                 readText(real + QStringLiteral("go/diff-render-slow.ref/diff-top.cpu.txt")));
        const QString refs = testData() + QStringLiteral("/pprof-refs/diff/");
        r = runEmbers(
            {QStringLiteral("--top"), QStringLiteral("--sample-index=wall"),
             QStringLiteral("--normalize"),
             QStringLiteral("--base=") + real + QStringLiteral("node/kvworker-diff-base.pb.gz"),
             real + QStringLiteral("node/kvworker-diff-slow.pb.gz")});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QCOMPARE(r.out.toUtf8(),
                 readText(refs + QStringLiteral("kvworker-diff-slow_base_normalize.wall.txt.gz")));
        // Usage errors: --normalize alone, --diff-base without --top, --diff with one file.
        QCOMPARE(runEmbers({QStringLiteral("--top"), QStringLiteral("--normalize"),
                            testdata("sample.cpu")})
                     .status,
                 2);
        QCOMPARE(runEmbers({QStringLiteral("--diff-base=") + testdata("sample.cpu"),
                            testdata("sample.cpu")})
                     .status,
                 2);
        r = runEmbers({QStringLiteral("--diff"), testdata("sample.cpu")});
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains(QLatin1String("BASE NEW")), qPrintable(r.err));
        // A bad base names the file.
        r = runEmbers({QStringLiteral("--top"), QStringLiteral("--diff-base=/nonexistent.pb.gz"),
                       testdata("sample.cpu")});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains(QLatin1String("/nonexistent.pb.gz")), qPrintable(r.err));
    }

    void sourceMaps()
    {
        // --top with the bundled example's maps: the original functions, with the totals
        // Mozilla's source-map library computes (tests/data/sourcemap/expected.js).
        const QString dir =
            QString::fromLocal8Bit(qgetenv("EMBERS_TEST_DATA")) + QStringLiteral("/sourcemap");
        EmbersRun r = runEmbers({QStringLiteral("--top"), QStringLiteral("--tsv"),
                                 QStringLiteral("--sample-index=sample"),
                                 QStringLiteral("--source-map=") + dir + QStringLiteral("/dist"),
                                 dir + QStringLiteral("/worker-lines-time.pb.gz")});
        QCOMPARE(r.status, 0);
        QVERIFY2(r.err.contains(QLatin1String("1 of 2 used")), qPrintable(r.err));
        const QStringList expected =
            QString::fromUtf8(readText(dir + QStringLiteral("/expected-worker-lines.tsv")))
                .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(expected.size(), 8);
        for (const QString &row : expected)
            QVERIFY2(r.out.contains(row + QLatin1Char('\n')), qPrintable(row));

        // Exported remapped, the pprof file has the original names.
        QTemporaryDir tmp;
        const QString out = tmp.filePath(QStringLiteral("remapped.pb.gz"));
        r = runEmbers(
            {QStringLiteral("--export=") + out,
             QStringLiteral("--source-map=") + dir + QStringLiteral("/dist/worker.min.js.map"),
             dir + QStringLiteral("/worker-min.cpuprofile")});
        QCOMPARE(r.status, 0);
        r = runEmbers({QStringLiteral("--top"), QStringLiteral("--tsv"),
                       QStringLiteral("--sample-index=sample"), out});
        const QStringList expectedMin =
            QString::fromUtf8(readText(dir + QStringLiteral("/expected-worker-min.tsv")))
                .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        for (const QString &row : expectedMin)
            QVERIFY2(r.out.contains(row + QLatin1Char('\n')), qPrintable(row));

        // A bad map names the file; --source-map alone is a usage error.
        const QString bad = tmp.filePath(QStringLiteral("bad.js.map"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"version\":3,\"sources\":[],\"mappings\":\"A!\"}");
        f.close();
        r = runEmbers({QStringLiteral("--top"), QStringLiteral("--source-map=") + bad,
                       dir + QStringLiteral("/worker-min.cpuprofile")});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains(bad + QStringLiteral(": not a usable source map")),
                 qPrintable(r.err));
        r = runEmbers({QStringLiteral("--source-map=") + bad});
        QCOMPARE(r.status, 2);
    }

    // QCommandLineParser's spellings: a value as the next argument, one dash as pprof's and
    // Qt's options have; Qt's options and their values are not files. A missing value is a
    // usage error.
    void optionSpellings()
    {
        EmbersRun r = runEmbers({QStringLiteral("-platform"), QStringLiteral("offscreen"),
                                 QStringLiteral("-top"), QStringLiteral("--nodefraction"),
                                 QStringLiteral("0"), testdata("sample.cpu")});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QCOMPARE(r.out.toUtf8(), readText(testdata("derived/expected/sample.cpu.top.txt")));
        r = runEmbers({QStringLiteral("--top"), testdata("sample.cpu"), QStringLiteral("--focus")});
        QCOMPARE(r.status, 2);
        QCOMPARE(r.err, QStringLiteral("embers: missing value after '--focus'\n"
                                       "Try 'embers --help'.\n"));
    }

    void watchOption()
    {
        // --watch opens the window: with a report, or on something that is not a folder,
        // it is a usage error; --help lists it.
        QTemporaryDir dir;
        EmbersRun r = runEmbers({QStringLiteral("--watch=") + dir.path(), QStringLiteral("--top"),
                                 testdata("sample.cpu")});
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains(QLatin1String("--watch opens a window")), qPrintable(r.err));
        r = runEmbers({QStringLiteral("--watch=") + dir.filePath(QStringLiteral("missing"))});
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains(QLatin1String("--watch needs a folder")), qPrintable(r.err));
        r = runEmbers({QStringLiteral("--help")});
        QVERIFY(r.out.contains(QLatin1String("--watch=DIR")));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
