// `embers --check` and `embers --trend` as CI and a user run them: exit statuses, the
// Markdown summary and its reports, several NEW files merged, the TSV; and on real captures with a
// known truth, from a Go program written for this test (tests/data/series/goseries): a series of
// CPU captures whose hot function changes halfway, a series of heap profiles leaking every round,
// and a capture whose hot function does three times the work.
#include "ProgramRuns.h"
#include "RequiredTool.h"
#include "TestData.h"

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace embers::test;

namespace {

constexpr const char *kGo = "Go (Debian's golang-go)";

// The rows of --trend --tsv by name: {verdict, change_at, p_value, values...}.
QMap<QString, QStringList> trendRows(const QString &tsv)
{
    QMap<QString, QStringList> rows;
    const QStringList lines = tsv.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &line : lines.mid(1)) {
        const QStringList cells = line.split(QLatin1Char('\t'));
        rows.insert(cells[0], cells.mid(1));
    }
    return rows;
}

} // namespace

class TestRunSeries : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void checkUsageErrors();
    void checkSummaryAndReports();
    void checkMergesSeveralNewFiles();
    void checkOfSeveralGoCapturesAsPprofMergesThem();
    void trendTsv();
    void goCheckFindsTheTripledFunction();
    void goCpuSeriesChangesHalfway();
    void goHeapSeriesLeaks();

private:
    QString folded(const QString &name, const QByteArray &text);
    bool go(const QStringList &arguments);

    QTemporaryDir m_dir;
    QString m_go; // the goseries program, once built
};

void TestRunSeries::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QString error;
    m_go = buildGoProgram(testData() + QStringLiteral("/series/goseries"), m_dir.path(),
                          QStringLiteral("goseries"), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

QString TestRunSeries::folded(const QString &name, const QByteArray &text)
{
    const QString path = m_dir.filePath(name);
    writeFileContent(path, text);
    return path;
}

bool TestRunSeries::go(const QStringList &arguments)
{
    QProcess p;
    // Without asynchronous preemption: how often the runtime preempts a busy loop (and so
    // how many samples land in runtime.asyncPreempt) follows the machine's load, which
    // other suites running beside this one change from capture to capture.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GODEBUG"), QStringLiteral("asyncpreemptoff=1"));
    p.setProcessEnvironment(env);
    p.start(m_go, arguments);
    return p.waitForFinished(120000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

void TestRunSeries::checkUsageErrors()
{
    const QString a = folded(QStringLiteral("u-a.folded"), "main;hot 10\n");
    const QString b = folded(QStringLiteral("u-b.folded"), "main;hot 10\n");
    const QString budget =
        folded(QStringLiteral("bad-budget.json"),
               "{\n  \"rules\": [\n    {\"function\": \"x\", \"max_share\": }\n  ]\n}\n");
    const struct
    {
        QStringList arguments;
        const char *message;
    } cases[] = {
        {{QStringLiteral("--check"), b}, "--check needs --diff-base=BASE"},
        {{QStringLiteral("--check"), QStringLiteral("--base=") + a, b},
         "--check needs --diff-base"},
        {{QStringLiteral("--check"), QStringLiteral("--diff-base=") + a},
         "--check needs at least one NEW file"},
        {{QStringLiteral("--check"), QStringLiteral("--diff-base=") + a,
          QStringLiteral("--threshold=lots"), b},
         "--threshold needs a percentage from 0 to 100, not 'lots'"},
        {{QStringLiteral("--check"), QStringLiteral("--diff-base=") + a,
          QStringLiteral("--report=") + m_dir.filePath(QStringLiteral("out.txt")), b},
         "--report needs a file name ending in .md, .html, .svg or .png"},
        {{QStringLiteral("--check"), QStringLiteral("--diff-base=") + a,
          QStringLiteral("--report=") + b + QStringLiteral(".md"), b},
         nullptr},
        {{QStringLiteral("--check"), QStringLiteral("--diff-base=") + a,
          QStringLiteral("--budget=") + budget, b},
         "bad-budget.json: line 3: "},
        {{QStringLiteral("--check"), QStringLiteral("--diff-base=") + a,
          QStringLiteral("--budget=") + m_dir.filePath(QStringLiteral("none.json")), b},
         "none.json"},
        {{QStringLiteral("--check"), QStringLiteral("--diff-base=") + a,
          QStringLiteral("--sample-index=bytes"), b},
         "sample type \"bytes\" not found; the profiles have: samples"},
        {{QStringLiteral("--check"), QStringLiteral("--trend"), QStringLiteral("--diff-base=") + a,
          b},
         "--check and --trend cannot be combined"},
        {{QStringLiteral("--trend"), a}, "--trend needs at least two FILEs"},
        {{QStringLiteral("--trend"), QStringLiteral("--diff-base=") + a, a, b},
         "--trend reads a series"},
        {{QStringLiteral("--top"), QStringLiteral("--threshold=3"), a},
         "--threshold goes with --check"},
        {{QStringLiteral("--trend"), QStringLiteral("--focus=x"), a, b},
         "the filters and --source-map go with"},
    };
    for (const auto &c : cases) {
        const EmbersRun r = runEmbers(c.arguments);
        if (!c.message) { // a report over an input is refused only when it is one
            QCOMPARE(r.status, 0);
            continue;
        }
        QVERIFY2(r.status == 2, qPrintable(c.arguments.join(u' ') + QStringLiteral(": ") + r.err));
        QVERIFY2(r.err.contains(QLatin1String(c.message)), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }
    // Bad input is status 1 and names the file.
    const EmbersRun missing = runEmbers(
        {QStringLiteral("--check"),
         QStringLiteral("--diff-base=") + m_dir.filePath(QStringLiteral("gone.pb.gz")), b});
    QCOMPARE(missing.status, 1);
    QVERIFY(missing.err.contains(QLatin1String("gone.pb.gz")));
    const EmbersRun refused =
        runEmbers({QStringLiteral("--check"), QStringLiteral("--diff-base=") + a,
                   QStringLiteral("--report=") + a, b});
    QCOMPARE(refused.status, 2);
}

void TestRunSeries::checkSummaryAndReports()
{
    const QString base = folded(QStringLiteral("base.folded"), "main;hot 100\nmain;cold 100\n");
    const QString next = folded(QStringLiteral("next.folded"), "main;hot 300\nmain;cold 100\n");
    EmbersRun r =
        runEmbers({QStringLiteral("--check"), QStringLiteral("--diff-base=") + base, next});
    QVERIFY2(r.status == 3, qPrintable(r.err));
    QVERIFY2(r.out.startsWith(QLatin1String("## Embers check: regression (the total grew and 2 "
                                            "functions grew)\n")),
             qPrintable(r.out));
    QVERIFY(r.out.contains(QLatin1String("| grew | `hot` | 100 | 300 | +200 | +200.0% |")));
    const QString summary = r.out;
    QCOMPARE(
        runEmbers({QStringLiteral("--check"), QStringLiteral("--diff-base=") + base, next}).out,
        summary);

    // The same file on both sides: no regression.
    r = runEmbers({QStringLiteral("--check"), QStringLiteral("--diff-base=") + base, base});
    QCOMPARE(r.status, 0);
    QVERIFY(r.out.startsWith(QLatin1String("## Embers check: no regression\n")));

    // Reports: the summary as Markdown and as a page; the differential graph as images.
    const QString md = m_dir.filePath(QStringLiteral("check.md"));
    const QString html = m_dir.filePath(QStringLiteral("check.html"));
    const QString svg = m_dir.filePath(QStringLiteral("check.svg"));
    const QString png = m_dir.filePath(QStringLiteral("check.png"));
    for (const QString &out : {md, html, svg, png}) {
        r = runEmbers({QStringLiteral("--check"), QStringLiteral("--diff-base=") + base,
                       QStringLiteral("--report=") + out, next});
        QVERIFY2(r.status == 3, qPrintable(r.err));
        QCOMPARE(r.out, summary);
        // The images' QApplication comes after files were read on two threads: Qt must
        // still take this process's main thread as its own (else it leaks and warns).
        QVERIFY2(!r.err.contains(QLatin1String("not created in the main() thread")),
                 qPrintable(r.err));
    }
    QCOMPARE(QString::fromUtf8(fileContent(md)), summary);
    QVERIFY(fileContent(html).startsWith("<!DOCTYPE html>"));
    QVERIFY(fileContent(html).contains("<td><code>hot</code></td>"));
    const QByteArray svgText = fileContent(svg);
    QVERIFY(svgText.contains("<svg"));
    QVERIFY(svgText.contains("hot"));
    const QImage image(png);
    QCOMPARE(image.width(), 1200);
    QVERIFY(image.height() > 20);

    // A budget: hot may hold 70% of the new total; it holds 75%.
    const QString budget = folded(QStringLiteral("budget.json"),
                                  "{\"rules\": [{\"function\": \"^hot$\", \"max_share\": 70}]}");
    r = runEmbers({QStringLiteral("--check"), QStringLiteral("--diff-base=") + base,
                   QStringLiteral("--threshold=100"), QStringLiteral("--budget=") + budget, next});
    QCOMPARE(r.status, 3);
    QVERIFY2(r.out.startsWith(QLatin1String("## Embers check: regression (1 budget breach)")),
             qPrintable(r.out));
    QVERIFY(
        r.out.contains(QStringLiteral("| line 1 `^hot$` | `hot` | share ≤ 70.0% | 75.0% (300) |")));
}

// The summary's table: the lines from its header row on (the lines above name the files).
static QString checkTable(const QString &summary)
{
    return summary.mid(summary.indexOf(QLatin1String("\n| Change |")));
}

void TestRunSeries::checkMergesSeveralNewFiles()
{
    // NEW is the sum of its files: hot 100 + 200, cold 50 + 50 (checked by hand).
    const QString base = folded(QStringLiteral("m-base.folded"), "main;hot 100\nmain;cold 100\n");
    const QString one = folded(QStringLiteral("m-one.folded"), "main;hot 100\nmain;cold 50\n");
    const QString two = folded(QStringLiteral("m-two.folded"), "main;hot 200\nmain;cold 50\n");
    const QString sum = folded(QStringLiteral("m-sum.folded"), "main;hot 300\nmain;cold 100\n");
    const QString diffBase = QStringLiteral("--diff-base=") + base;
    const EmbersRun r = runEmbers({QStringLiteral("--check"), diffBase, one, two});
    QVERIFY2(r.status == 3, qPrintable(r.out + r.err));
    // The summary names them all, as given.
    QVERIFY2(r.out.contains(QStringLiteral("Base `%1` (200), new `%2, %3` (400), sample type "
                                           "`samples`")
                                .arg(base, one, two)),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("| grew | (total) | 200 | 400 | +200 | +100.0% |")),
             qPrintable(r.out));
    QVERIFY(r.out.contains(QLatin1String("| grew | `hot` | 100 | 300 | +200 | +200.0% |")));
    // cold is 100 on both sides: unchanged, so not listed.
    QVERIFY(!r.out.contains(QLatin1String("`cold`")));
    // The same as the one file that holds their sum, and in either order.
    const EmbersRun summed = runEmbers({QStringLiteral("--check"), diffBase, sum});
    QCOMPARE(summed.status, 3);
    QCOMPARE(checkTable(r.out), checkTable(summed.out));
    const EmbersRun swapped = runEmbers({QStringLiteral("--check"), diffBase, two, one});
    QCOMPARE(swapped.status, 3);
    QCOMPARE(checkTable(swapped.out), checkTable(r.out));
    // Normalised, the base is scaled to NEW's merged total (400): hot 200 -> 300.
    const QString halfOne =
        folded(QStringLiteral("m-half1.folded"), "main;hot 150\nmain;cold 50\n");
    const QString halfTwo =
        folded(QStringLiteral("m-half2.folded"), "main;hot 150\nmain;cold 50\n");
    const EmbersRun normalized = runEmbers(
        {QStringLiteral("--check"), QStringLiteral("--normalize"), diffBase, halfOne, halfTwo});
    QVERIFY2(normalized.status == 3, qPrintable(normalized.out + normalized.err));
    QVERIFY2(normalized.out.contains(QLatin1String("| grew | `hot` | 200 | 300 | +100 | +50.0% |")),
             qPrintable(normalized.out));
    QVERIFY(
        normalized.out.contains(QLatin1String("| shrank | `cold` | 200 | 100 | -100 | -50.0% |")));
    QVERIFY(!normalized.out.contains(QLatin1String("(total)"))); // equal once normalised
    // A budget judges the merged NEW: hot holds 300 of 400, beyond a 70% share; one file
    // alone (100 of 150) is within it.
    const QString budget = folded(QStringLiteral("m-budget.json"),
                                  "{\"rules\": [{\"function\": \"^hot$\", \"max_share\": 70}]}");
    const QStringList budgeted = {QStringLiteral("--check"), QStringLiteral("--threshold=100"),
                                  QStringLiteral("--budget=") + budget, diffBase};
    const EmbersRun breached = runEmbers(budgeted + QStringList{one, two});
    QCOMPARE(breached.status, 3);
    QVERIFY2(breached.out.contains(QStringLiteral("| `hot` | share ≤ 70.0% | 75.0% (300) |")),
             qPrintable(breached.out));
    QCOMPARE(runEmbers(budgeted + QStringList{one}).status, 0);

    // One bad file among them: status 1, that file named, no summary.
    const QString text = folded(QStringLiteral("m-notes.txt"), "some notes\n");
    const EmbersRun bad = runEmbers({QStringLiteral("--check"), diffBase, one, text, two});
    QCOMPARE(bad.status, 1);
    QVERIFY2(bad.err.contains(QLatin1String("m-notes.txt: ")), qPrintable(bad.err));
    QVERIFY(!bad.err.contains(QLatin1String("m-one.folded")));
    QVERIFY(bad.out.isEmpty());
    // Files that cannot be merged: named, and why.
    const QString cpu = sharedProfiles() + QStringLiteral("/real/go/cpu-parser.pb.gz");
    const QString heap = sharedProfiles() + QStringLiteral("/real/go/heap-cache.pb.gz");
    const EmbersRun mixed =
        runEmbers({QStringLiteral("--check"), QStringLiteral("--diff-base=") + cpu, cpu, heap});
    QCOMPARE(mixed.status, 1);
    QVERIFY2(
        mixed.err.contains(
            QStringLiteral("%1, %2: the profiles have no sample type in common").arg(cpu, heap)),
        qPrintable(mixed.err));
    QVERIFY(mixed.out.isEmpty());
}

void TestRunSeries::checkOfSeveralGoCapturesAsPprofMergesThem()
{
    const QString go = QStandardPaths::findExecutable(QStringLiteral("go"));
    EMBERS_REQUIRE_TOOL(!go.isEmpty(), "Go (Debian's golang-go)");
    // pprof's own merge of the two NEW captures is the reference: checked against it, the
    // base gives the same table as against the two files.
    const QString dir = sharedProfiles() + QStringLiteral("/real/go/");
    const QString base = dir + QStringLiteral("diff-render-base.pb.gz");
    const QString slow = dir + QStringLiteral("diff-render-slow.pb.gz");
    const QString parser = dir + QStringLiteral("cpu-parser.pb.gz");
    const QString merged = m_dir.filePath(QStringLiteral("pprof-merged.pb.gz"));
    QProcess pprof;
    pprof.setStandardOutputFile(merged);
    pprof.start(go, {QStringLiteral("tool"), QStringLiteral("pprof"), QStringLiteral("-proto"),
                     slow, parser});
    QVERIFY(pprof.waitForFinished(120000));
    QVERIFY2(pprof.exitCode() == 0, pprof.readAllStandardError().constData());
    for (const QStringList &mode : {QStringList{}, QStringList{QStringLiteral("--normalize")},
                                    QStringList{QStringLiteral("--sample-index=samples")}}) {
        const QStringList check =
            QStringList{QStringLiteral("--check"), QStringLiteral("--diff-base=") + base} + mode;
        const EmbersRun two = runEmbers(check + QStringList{slow, parser});
        const EmbersRun one = runEmbers(check + QStringList{merged});
        QVERIFY2(two.status == 3, qPrintable(two.out + two.err));
        QCOMPARE(one.status, two.status);
        QVERIFY2(two.out.contains(QLatin1String("`main.(*parser).parseExpr`")),
                 qPrintable(two.out));
        QCOMPARE(checkTable(two.out), checkTable(one.out));
    }
}

void TestRunSeries::trendTsv()
{
    QStringList files;
    for (int i = 1; i <= 6; ++i) {
        const int stepped = i <= 3 ? 100 : 300;
        files << folded(QStringLiteral("t%1.folded").arg(i),
                        QStringLiteral("main;a %1\nmain;b 200\n").arg(stepped).toUtf8() +
                            (i >= 5 ? QByteArray("main;c 80\n") : QByteArray()));
    }
    const EmbersRun r =
        runEmbers(QStringList{QStringLiteral("--trend"), QStringLiteral("--tsv")} + files);
    QCOMPARE(r.status, 0);
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines[0], QStringLiteral("name\tverdict\tchange_at\tp_value\t1\t2\t3\t4\t5\t6"));
    const QMap<QString, QStringList> rows = trendRows(r.out);
    QCOMPARE(rows.size(), 4);
    QCOMPARE(rows["a"].mid(0, 2), (QStringList{"grew", "4"}));
    QCOMPARE(rows["a"].mid(3), (QStringList{"100", "100", "100", "300", "300", "300"}));
    QCOMPARE(rows["c"].mid(0, 2), (QStringList{"appeared", "5"}));
    QCOMPARE(rows["b"].mid(0, 2), (QStringList{"steady", ""}));
    QCOMPARE(rows["main"].mid(0, 2), (QStringList{"grew", "4"}));
    QVERIFY(rows["a"][2].toDouble() < 1e-6);
    // Changed rows first, by p-value.
    QVERIFY(lines.last().startsWith(QLatin1String("b\tsteady")));

    const EmbersRun text = runEmbers(QStringList{QStringLiteral("--trend")} + files);
    QCOMPARE(text.status, 0);
    QVERIFY2(text.out.startsWith(QLatin1String("Trend over 6 captures (samples, absolute values): "
                                               "3 of 4 functions changed.\n")),
             qPrintable(text.out));
    QVERIFY(text.out.contains(QLatin1String("1 steady; --tsv lists every function")));
}

void TestRunSeries::goCheckFindsTheTripledFunction()
{
    EMBERS_REQUIRE_TOOL(!m_go.isEmpty(), kGo);
    // Three captures of the same number of rounds, 2 s of CPU each (some 1000 samples).
    const QString dir = m_dir.filePath(QStringLiteral("check"));
    QVERIFY(QDir().mkpath(dir));
    QVERIFY(go({QStringLiteral("check"), dir, QStringLiteral("2")}));
    const QString base = dir + QStringLiteral("/base.pprof");
    const QString again = dir + QStringLiteral("/again.pprof");
    const QString tripled = dir + QStringLiteral("/tripled.pprof");
    // Normalised: the captures' shares. A threshold far beyond the sampling noise: a
    // function's share of 1000 samples varies by some 2% between two captures of the same
    // work, so that at the default 1% a run like `again` is flagged about as often as the
    // noise test's 5% allows; the tripled function's change is some 25% of the total.
    const QStringList check{QStringLiteral("--check"), QStringLiteral("--normalize"),
                            QStringLiteral("--threshold=10"),
                            QStringLiteral("--diff-base=") + base};
    EmbersRun r = runEmbers(check + QStringList{again});
    QVERIFY2(r.status == 0, qPrintable(r.out + r.err));
    r = runEmbers(check + QStringList{tripled});
    QVERIFY2(r.status == 3, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QLatin1String("| grew | `main.encodeBlock` |")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("| shrank | `main.decodeBlock` |")), qPrintable(r.out));
    // Named first among what grew: it grew most.
    const qsizetype firstGrew = r.out.indexOf(QLatin1String("| grew |"));
    QCOMPARE(r.out.indexOf(QLatin1String("| grew | `main.encodeBlock` |")), firstGrew);
}

void TestRunSeries::goCpuSeriesChangesHalfway()
{
    EMBERS_REQUIRE_TOOL(!m_go.isEmpty(), kGo);
    const QString dir = m_dir.filePath(QStringLiteral("cpu-series"));
    QVERIFY(QDir().mkpath(dir));
    QVERIFY(go({QStringLiteral("cpu"), dir, QStringLiteral("8"), QStringLiteral("1")}));
    QStringList files;
    for (int i = 1; i <= 8; ++i)
        files << dir + QStringLiteral("/cpu-%1.pprof").arg(i, 2, 10, QLatin1Char('0'));
    // Normalised: every capture does the same work, but its samples are CPU time, and what
    // a round costs in CPU time follows what else runs on a shared machine; the shares do
    // not. (trendTsv checks the verdicts on absolute values, with files of known counts.)
    const EmbersRun r = runEmbers(QStringList{QStringLiteral("--trend"), QStringLiteral("--tsv"),
                                              QStringLiteral("--normalize")} +
                                  files);
    QCOMPARE(r.status, 0);
    const QMap<QString, QStringList> rows = trendRows(r.out);
    QVERIFY2(rows.contains("main.renderPage"), qPrintable(r.out));
    QCOMPARE(rows["main.renderPage"].mid(0, 2), (QStringList{"grew", "5"}));
    QCOMPARE(rows["main.parseRecords"].mid(0, 2), (QStringList{"shrank", "5"}));
    QCOMPARE(rows["main.spin"][0], QStringLiteral("steady"));
}

void TestRunSeries::goHeapSeriesLeaks()
{
    EMBERS_REQUIRE_TOOL(!m_go.isEmpty(), kGo);
    const QString dir = m_dir.filePath(QStringLiteral("heap-series"));
    QVERIFY(QDir().mkpath(dir));
    QVERIFY(go({QStringLiteral("heap"), dir, QStringLiteral("10")}));
    QStringList files;
    for (int i = 1; i <= 10; ++i)
        files << dir + QStringLiteral("/heap-%1.pprof").arg(i, 2, 10, QLatin1Char('0'));
    const EmbersRun r = runEmbers(QStringList{QStringLiteral("--trend"), QStringLiteral("--tsv"),
                                              QStringLiteral("--sample-index=inuse_space")} +
                                  files);
    QCOMPARE(r.status, 0);
    const QMap<QString, QStringList> rows = trendRows(r.out);
    QVERIFY2(rows.contains("main.leakCache"), qPrintable(r.out));
    QCOMPARE(rows["main.leakCache"].mid(0, 2), (QStringList{"growing", ""}));
    // 64 KiB more every round, recorded exactly (every allocation is sampled), plus the
    // slice of buffers that grows beside them.
    const QStringList values = rows["main.leakCache"].mid(3);
    QCOMPARE(values.size(), 10);
    for (int i = 1; i < 10; ++i) {
        const qint64 step = values[i].toLongLong() - values[i - 1].toLongLong();
        QVERIFY2(step >= 65536 && step < 65536 + 1024, qPrintable(values.join(u' ')));
    }
    // Freed every round: no leak.
    if (rows.contains("main.scratchBuffers"))
        QCOMPARE(rows["main.scratchBuffers"][0], QStringLiteral("steady"));
    // No count column: only steady and growing.
    for (const QStringList &row : rows)
        QVERIFY(row[0] == QLatin1String("steady") || row[0] == QLatin1String("growing"));
}

QTEST_GUILESS_MAIN(TestRunSeries)
#include "tst_runseries.moc"
