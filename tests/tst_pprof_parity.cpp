// Embers' --top tables against `go tool pprof -top` on real and test profiles: every
// reference in the shared profiles (and the ones generated for pprof's own test
// profiles, comparisons and filter options, tests/data/pprof-refs) must come out the
// same, row for row and digit for digit. A second check parses the reference's printed numbers and
// compares them with Embers' raw values, so that a formatting slip cannot hide a wrong number.
#include "Capture.h"
#include "PprofTransforms.h"
#include "TestData.h"
#include "TopReport.h"
#include "Units.h"

#include <QRegularExpression>
#include <QtTest>

#include <cmath>
#include <cstring>

using namespace embers;
using namespace embers::test;

namespace {

struct Case
{
    QStringList files; // absolute
    QString sampleIndex;
    QString flags;     // pprof's flags: -cum -nodefraction=0 -lines -filefunctions -nodecount=N
    QString reference; // absolute
};

// pprof's filter flags (-focus=RE ...) into `filters`; false for other flags.
bool takeFilter(const QString &flag, PprofFilters *filters)
{
    const std::pair<const char *, std::string *> options[] = {
        {"-focus=", &filters->focus},         {"-ignore=", &filters->ignore},
        {"-hide=", &filters->hide},           {"-show=", &filters->show},
        {"-show_from=", &filters->showFrom},  {"-tagfocus=", &filters->tagFocus},
        {"-tagignore=", &filters->tagIgnore}, {"-tagshow=", &filters->tagShow},
        {"-taghide=", &filters->tagHide},     {"-tagroot=", &filters->tagRoot},
        {"-tagleaf=", &filters->tagLeaf},     {"-prune_from=", &filters->pruneFrom}};
    for (const auto &[prefix, field] : options) {
        if (flag.startsWith(QLatin1String(prefix))) {
            *field = flag.mid(int(std::strlen(prefix))).toStdString();
            return true;
        }
    }
    return false;
}

// pprof's flags into Embers' options; -diff_base/-base take the base files from `bases`.
TopOptions optionsFor(const QString &flags, const QStringList &bases, OpenOptions *open,
                      PprofFilters *filters)
{
    TopOptions o;
    Granularity *granularity = &open->model.granularity;
    bool *noInlines = &open->model.noInlines;
    for (const QString &flag : flags.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (flag == QLatin1String("-diff_base") || flag == QLatin1String("-base")) {
            open->basePaths = bases;
            open->baseRole =
                flag == QLatin1String("-base") ? ProfileRole::Base : ProfileRole::DiffBase;
        } else if (flag == QLatin1String("-normalize"))
            open->model.normalize = true;
        else if (flag == QLatin1String("-cum"))
            o.sortByCum = true;
        else if (flag == QLatin1String("-nodefraction=0"))
            o.nodeFraction = 0;
        else if (flag == QLatin1String("-lines"))
            *granularity = Granularity::Lines;
        else if (flag == QLatin1String("-filefunctions"))
            *granularity = Granularity::FileFunctions;
        else if (flag == QLatin1String("-addresses"))
            *granularity = Granularity::Addresses;
        else if (flag == QLatin1String("-noinlines"))
            *noInlines = true;
        else if (flag.startsWith(QLatin1String("-nodecount=")))
            o.nodeCount = flag.mid(11).toInt();
        else if (flag == QLatin1String("-relative_percentages"))
            filters->relativePercentages = true;
        else if (!takeFilter(flag, filters))
            qFatal("unknown flag %s", qPrintable(flag));
    }
    return o;
}

// "1.68s" -> (1.68, "s"); "12" -> (12, ""); "-110ms" -> (-110, "ms").
bool parseValue(const QString &text, double *number, QString *unit, int *decimals)
{
    static const QRegularExpression re(QStringLiteral("^(-?[0-9]+(?:\\.([0-9]+))?)([A-Za-z*]*)$"));
    auto m = re.match(text);
    if (!m.hasMatch())
        return false;
    *number = m.captured(1).toDouble();
    *decimals = m.captured(2).size();
    *unit = m.captured(3);
    return true;
}

} // namespace

class TestPprofParity : public QObject
{
    Q_OBJECT

private slots:
    void top_data();
    void top();
};

void TestPprofParity::top_data()
{
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<QStringList>("bases");
    QTest::addColumn<QString>("sampleIndex");
    QTest::addColumn<QString>("flags");
    QTest::addColumn<QString>("reference");

    const QString shared = sharedProfiles();
    if (shared.isEmpty() || !QDir(shared).exists())
        QFAIL("EMBERS_PROFILES does not point at the shared profiles (../shared/profiles)");

    // 1. The shared real profiles: manifest.tsv, kinds top / top-cum / top-full / top-cum-full,
    // and diff-top / diff-top-cum (-diff_base).
    int count = 0, diffCount = 0;
    {
        const QString dir = shared + QStringLiteral("/real/");
        const QList<QByteArray> lines = readText(dir + QStringLiteral("manifest.tsv")).split('\n');
        for (const QByteArray &line : lines.mid(1)) {
            const QList<QByteArray> f = line.split('\t');
            const bool diff = f.size() >= 6 && f[2].startsWith("diff-top");
            if (f.size() < 6 || !(f[2].startsWith("top") || diff))
                continue;
            QString flags;
            QStringList bases;
            if (diff) {
                flags += QStringLiteral(" -diff_base");
                bases << dir + QString::fromUtf8(f[3]);
                ++diffCount;
            }
            if (f[2].contains("cum"))
                flags += QStringLiteral(" -cum");
            if (f[2].contains("full"))
                flags += QStringLiteral(" -nodefraction=0");
            QTest::newRow(qPrintable(QString::fromUtf8(f[4])))
                << QStringList{dir + QString::fromUtf8(f[0])} << bases << QString::fromUtf8(f[1])
                << flags << dir + QString::fromUtf8(f[4]);
            ++count;
        }
    }
    QVERIFY2(count >= 100, "the real profiles' manifest lists too few references");
    QVERIFY2(diffCount >= 8, "the real profiles' manifest lists too few diff references");

    // 2. pprof's own test profiles, every sample type (tests/data/pprof-refs/manifest.tsv).
    const QString testdata = shared + QStringLiteral("/pprof-testdata/");
    {
        const QString dir = testData() + QStringLiteral("/pprof-refs/");
        const QList<QByteArray> lines = readText(dir + QStringLiteral("manifest.tsv")).split('\n');
        for (const QByteArray &line : lines.mid(1)) {
            const QList<QByteArray> f = line.split('\t');
            if (f.size() < 5)
                continue;
            QTest::newRow(qPrintable(QString::fromUtf8(f[3])))
                << QStringList{testdata + QString::fromUtf8(f[0])} << QStringList()
                << QString::fromUtf8(f[1]) << QString::fromUtf8(f[2])
                << dir + QString::fromUtf8(f[3]);
            ++count;
        }
    }
    // ... and comparisons (-diff_base / -base, with and without -normalize) of the shared
    // diff pairs (tests/data/pprof-refs/diff-manifest.tsv).
    {
        const QString dir = testData() + QStringLiteral("/pprof-refs/");
        const QList<QByteArray> lines =
            readText(dir + QStringLiteral("diff-manifest.tsv")).split('\n');
        int comparisons = 0;
        for (const QByteArray &line : lines.mid(1)) {
            const QList<QByteArray> f = line.split('\t');
            if (f.size() < 6)
                continue;
            QTest::newRow(qPrintable(QString::fromUtf8(f[4])))
                << QStringList{shared + QLatin1Char('/') + QString::fromUtf8(f[0])}
                << QStringList{shared + QLatin1Char('/') + QString::fromUtf8(f[1])}
                << QString::fromUtf8(f[2]) << QString::fromUtf8(f[3])
                << dir + QString::fromUtf8(f[4]);
            ++comparisons;
        }
        QVERIFY2(comparisons >= 30, "diff-manifest.tsv lists too few references");
    }

    // ... and, in manifests of one format (file, options, sample index, reference): pprof's
    // filter options, alone and combined (-focus, -ignore, -hide, -show, -show_from,
    // -tagfocus, -tagignore, -tagroot, -tagleaf, -tagshow, -taghide, -relative_percentages), the
    // granularities (-addresses on unsymbolised and symbolised profiles, -lines /
    // -filefunctions on real ones) and -prune_from (tests/data/pprof-refs/*-manifest.tsv).
    for (const auto &[manifest, least] :
         {std::pair{"filter-manifest.tsv", 60}, std::pair{"granularity-manifest.tsv", 20},
          std::pair{"prune-manifest.tsv", 6}}) {
        const QString dir = testData() + QStringLiteral("/pprof-refs/");
        const QList<QByteArray> lines = readText(dir + QLatin1String(manifest)).split('\n');
        int listed = 0;
        for (const QByteArray &line : lines.mid(1)) {
            const QList<QByteArray> f = line.split('\t');
            if (f.size() < 5)
                continue;
            QTest::newRow(qPrintable(QString::fromUtf8(f[3])))
                << QStringList{shared + QLatin1Char('/') + QString::fromUtf8(f[0])} << QStringList()
                << QString::fromUtf8(f[1]) << QString::fromUtf8(f[2])
                << dir + QString::fromUtf8(f[3]);
            ++listed;
        }
        QVERIFY2(listed >= least, manifest);
    }

    // 3. The shared expected outputs for pprof's test profiles (commands in its README).
    const QString expected = testdata + QStringLiteral("derived/expected/");
    struct Fixed
    {
        const char *files, *sampleIndex, *flags, *reference;
    };
    const Fixed fixed[] = {
        {"sample.cpu", "", "-nodefraction=0", "sample.cpu.top.txt"},
        {"sample.cpu", "", "-cum -nodefraction=0", "sample.cpu.top-cum.txt"},
        {"sample.cpu", "", "", "sample.cpu.top-default-trim.txt"},
        {"sample.cpu", "", "-filefunctions -nodefraction=0", "sample.cpu.top-filefunctions.txt"},
        {"sample.cpu", "", "-lines -nodefraction=0", "sample.cpu.top-lines.txt"},
        {"sample.cpu", "", "-noinlines -nodefraction=0", "sample.cpu.top-noinlines.txt"},
        {"sample.cpu", "samples", "-nodefraction=0", "sample.cpu.top-samples.txt"},
        {"cppbench.cpu_no_samples_type", "", "-nodefraction=0",
         "cppbench.cpu_no_samples_type.top.txt"},
        {"go.nomappings.crash", "", "-nodefraction=0", "go.nomappings.crash.top.txt"},
        {"derived/converted/java.heap.pb.gz", "inuse_space", "-nodefraction=0",
         "java.heap.inuse_space.top.txt"},
        {"large.cpu", "", "-nodecount=25", "large.cpu.top25.txt"},
        {"large.cpu", "", "-cum -nodecount=25", "large.cpu.top25-cum.txt"},
        {"derived/edge-cases/odd-samples.pb.gz", "samples", "-nodefraction=0",
         "odd-samples.top.txt"},
        {"derived/sample.diff_base.cpu.pb.gz", "", "-nodefraction=0", "sample.diff_base.top.txt"},
        {"sample.cpu derived/sample.variant.cpu.pb.gz", "", "-nodefraction=0",
         "sample.plus.variant.merged.top.txt"},
    };
    for (const Fixed &c : fixed) {
        QStringList files;
        for (const QString &f : QString::fromLatin1(c.files).split(QLatin1Char(' ')))
            files << testdata + f;
        QTest::newRow(c.reference)
            << files << QStringList() << QString::fromLatin1(c.sampleIndex)
            << QString::fromLatin1(c.flags) << expected + QString::fromLatin1(c.reference);
    }
}

void TestPprofParity::top()
{
    QFETCH(QStringList, files);
    QFETCH(QStringList, bases);
    QFETCH(QString, sampleIndex);
    QFETCH(QString, flags);
    QFETCH(QString, reference);

    // The large profile has 23 rows: under the sanitizers, one in four.
    static int largeRows = 0;
    if (largeUnderSanitizers(files.first()) && largeRows++ % 4 != 0)
        QSKIP("one row in four of the large profile under the sanitizers");
    const QByteArray expected = readText(reference);
    QVERIFY2(!expected.isEmpty(), qPrintable(QStringLiteral("cannot read ") + reference));

    OpenOptions options;
    PprofFilters filters;
    TopOptions top = optionsFor(flags, bases, &options, &filters);
    options.model.pprofNames = true;
    options.buildTree = false;
    const bool noInlines = options.model.noInlines;
    openForFilters(options.model, filters);
    OpenResult opened = openCapture(files, options);
    QVERIFY2(opened.capture, qPrintable(opened.error));
    std::shared_ptr<const StackTable> filtered = opened.capture->stacks;
    std::shared_ptr<const FunctionTable> functions = opened.capture->functions;
    if (filters.any()) {
        const FilteredTable f = applyPprofFilters(filtered, filters, noInlines, true);
        QVERIFY2(f.table, f.error.c_str());
        filtered = f.table;
        functions = std::make_shared<const FunctionTable>(FunctionTable::build(*filtered));
    }
    const StackTable &stacks = *filtered;
    std::string error;
    top.column = stacks.columnByName(sampleIndex.toStdString(), &error);
    QVERIFY2(top.column >= 0, error.c_str());

    TopTable table = buildTopTable(stacks, *functions, top);
    addActiveFilters(table, filters);
    const QList<QByteArray> ours =
        QByteArray::fromStdString(formatTopReport(stacks, table, top)).split('\n');
    const QList<QByteArray> theirs = expected.split('\n');
    for (int i = 0; i < std::max(ours.size(), theirs.size()); ++i) {
        const QByteArray a = ours.value(i), b = theirs.value(i);
        if (a != b)
            QFAIL(qPrintable(QStringLiteral("line %1 differs:\n   embers: %2\n    pprof: %3")
                                 .arg(i + 1)
                                 .arg(QString::fromUtf8(a), QString::fromUtf8(b))));
    }

    // The printed numbers, parsed back, must be Embers' raw values give or take the
    // printed rounding.
    const std::string sampleUnit =
        QString::fromStdString(stacks.columns[size_t(top.column)].unit).toLower().toStdString();
    int row = 0;
    for (const QByteArray &line : theirs) {
        const QStringList f = QString::fromUtf8(line).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (f.size() < 6 || !f[1].endsWith(QLatin1Char('%')) || f[0] == QLatin1String("flat"))
            continue;
        if (row >= int(table.rows.size()))
            QFAIL("the reference has more rows than Embers");
        const TopRow &r = table.rows[size_t(row++)];
        for (auto [text, value] : {std::pair{f[0], r.flat}, std::pair{f[3], r.cum}}) {
            double number = 0;
            QString unit;
            int decimals = 0;
            QVERIFY2(parseValue(text, &number, &unit, &decimals), qPrintable(text));
            // Convert one printed unit to the sample unit.
            double factor =
                unit.isEmpty() ? 1.0 : 1.0 / units::scale(1, sampleUnit, unit.toStdString()).value;
            double tolerance =
                0.5 * std::pow(10.0, -decimals) * factor + 1e-6 * std::fabs(double(value));
            if (std::fabs(number * factor - double(value)) > tolerance)
                QFAIL(qPrintable(QStringLiteral("%1: printed %2 but Embers has %3")
                                     .arg(QString::fromStdString(r.name), text)
                                     .arg(value)));
        }
    }
    QCOMPARE(row, int(table.rows.size()));
}

QTEST_GUILESS_MAIN(TestPprofParity)
#include "tst_pprof_parity.moc"
