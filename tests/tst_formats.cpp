// More input formats and export: Chrome/V8 .cpuprofile and .heapprofile, folded stacks,
// told by content (plain or gzip'd) and turned into the same Profile; export of a stack
// table as folded stacks and as a gzip'd pprof file that `go tool pprof` reads back with
// the same numbers. Expected values come from the input files themselves (read here with
// plain JSON/text code), from hand-checked small files, or from go tool pprof references.
#include "Capture.h"
#include "FoldedExport.h"
#include "PprofExport.h"
#include "ProfileBuilder.h"
#include "ProgramRuns.h"
#include "TestData.h"
#include "TopReport.h"

#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <limits>
#include <map>

using namespace embers;
using namespace embers::test;

namespace {

QString formats(const char *name)
{
    return testData() + QStringLiteral("/formats/") + QLatin1String(name);
}

std::shared_ptr<const Capture> open(const QStringList &files,
                                    Granularity granularity = Granularity::Functions,
                                    bool pprofNames = false)
{
    OpenOptions options;
    options.model.granularity = granularity;
    options.model.pprofNames = pprofNames;
    OpenResult r = openCapture(files, options);
    if (!r.capture)
        qWarning("%s", qPrintable(r.error));
    return r.capture;
}

// flat and cum per frame name in one column.
struct Costs
{
    int64_t flat = 0, cum = 0;
    bool operator==(const Costs &) const = default;
};
using CostTable = std::map<std::string, Costs>;

CostTable costsOf(const Capture &c, size_t column)
{
    CostTable out;
    for (uint32_t f = 0; f < c.stacks->frameCount(); ++f) {
        Costs &costs = out[c.stacks->frameName(f)];
        costs.flat += c.functions->flat(f, column);
        costs.cum += c.functions->cum(f, column);
    }
    return out;
}

// The first difference of two cost tables, or "" when they are equal. A function that
// is missing costs 0 (a table lists the functions of locations no sample uses, too).
std::string firstDifference(const CostTable &a, const CostTable &b)
{
    auto compare = [](const CostTable &x, const CostTable &y) -> std::string {
        for (const auto &[name, costs] : x) {
            auto it = y.find(name);
            const Costs other = it == y.end() ? Costs{} : it->second;
            if (!(other == costs))
                return name + ": " + std::to_string(costs.flat) + "/" + std::to_string(costs.cum) +
                       " vs " + std::to_string(other.flat) + "/" + std::to_string(other.cum);
        }
        return {};
    };
    const std::string d = compare(a, b);
    return d.empty() ? compare(b, a) : d;
}

int columnOf(const Capture &c, const char *type)
{
    std::string error;
    return c.stacks->columnByName(type, &error);
}

// The median of a cpuprofile's time deltas (the upper middle one), in µs.
int64_t medianDelta(const QJsonArray &deltas)
{
    std::vector<int64_t> d;
    for (const QJsonValue &v : deltas)
        d.push_back(int64_t(v.toDouble()));
    std::sort(d.begin(), d.end());
    return d[d.size() / 2];
}

// The function name V8 gives a cpuprofile node, as the import names it.
QString v8Name(const QJsonObject &node)
{
    const QString name = node.value(QLatin1String("callFrame"))
                             .toObject()
                             .value(QLatin1String("functionName"))
                             .toString();
    return name.isEmpty() ? QStringLiteral("(anonymous)") : name;
}

// A folded file's stacks (root first, frames joined by ';') and their summed counts.
std::map<std::string, int64_t> foldedCounts(const QByteArray &text)
{
    std::map<std::string, int64_t> out;
    for (QByteArray line : text.split('\n')) {
        line = line.trimmed();
        if (line.isEmpty())
            continue;
        const qsizetype space = line.lastIndexOf(' ');
        out[line.left(space).trimmed().toStdString()] += line.mid(space + 1).toLongLong();
    }
    return out;
}

// flat (by leaf) and cum (once per stack) per function name of folded stacks.
CostTable foldedCosts(const std::map<std::string, int64_t> &stacks)
{
    CostTable out;
    for (const auto &[stack, count] : stacks) {
        const QStringList frames = QString::fromStdString(stack).split(QLatin1Char(';'));
        out[frames.back().toStdString()].flat += count;
        QSet<QString> seen;
        for (const QString &f : frames) {
            if (!seen.contains(f))
                out[f.toStdString()].cum += count;
            seen.insert(f);
        }
    }
    return out;
}

QByteArray gzipped(const QByteArray &bytes)
{
    return QByteArray::fromStdString(gzipBytes(bytes.toStdString()));
}

} // namespace

class TestFormats : public QObject
{
    Q_OBJECT

private slots:
    void cpuProfileSmall();
    void cpuProfileReal();
    void cpuProfilePositionTicks();
    void cpuProfileRealLines();
    void heapProfileSmall();
    void heapProfileReal();
    void foldedSmall();
    void foldedGzipped();
    void foldedLargestCount();
    void v8ProfilesAtTheLimits();
    void badInputs_data();
    void badInputs();
    void notProfileJson();
    void foldedExport();
    void foldedStartingLikeOtherFormats();
    void foldedWithLongLines();
    void foldedExportOfAwkwardNames();
    void exportReopensIdentical_data();
    void exportReopensIdentical();
    void exportMatchesGoToolPprof_data();
    void exportMatchesGoToolPprof();
    void cliFoldedToPprofToTop();
    void cliExportChecks();
};

// Hand-checked: samples [4,4,5,2,4,5,6,7] = work x3, anonymous@20:11 x2, (program),
// anonymous@20:31, (garbage collector); median delta 1000 µs.
void TestFormats::cpuProfileSmall()
{
    LoadResult loaded = loadProfile(formats("small.cpuprofile"));
    QVERIFY2(loaded.profile, qPrintable(loaded.error));
    const Profile &p = *loaded.profile;
    QCOMPARE(p.sampleTypeLabel(0), std::string("sample/count"));
    QCOMPARE(p.sampleTypeLabel(1), std::string("wall/nanoseconds"));
    QCOMPARE(p.period, int64_t(1000000));
    QCOMPARE(p.str(p.periodType.type), std::string("wall"));
    QCOMPARE(p.durationNanos, int64_t(9200) * 1000);
    // A function per (name, url, line, column): the two unnamed ones stay apart.
    int anonymous = 0;
    for (const Function &f : p.functions) {
        if (p.str(f.name) == "(anonymous)") {
            ++anonymous;
            QCOMPARE(p.str(f.filename), std::string("/app/work.js"));
            QCOMPARE(f.startLine, int64_t(20)); // V8's 0-based 19
        }
        QVERIFY(p.str(f.name) != "(root)");
    }
    QCOMPARE(anonymous, 2);
    std::vector<int64_t> columns;
    for (const Line &l : p.lines) {
        if (p.str(p.functions[l.function].name) == "(anonymous)")
            columns.push_back(l.column);
    }
    std::sort(columns.begin(), columns.end());
    QCOMPARE(columns, (std::vector<int64_t>{11, 31}));

    auto c = open({formats("small.cpuprofile")});
    QVERIFY(c);
    QCOMPARE(c->stacks->totals, (std::vector<int64_t>{8, 8000000}));
    const CostTable samples = costsOf(*c, 0);
    QCOMPARE(samples.at("work"), (Costs{3, 5}));
    QCOMPARE(samples.at("main"), (Costs{0, 6}));
    QCOMPARE(samples.at("(anonymous)"), (Costs{3, 3}));
    QCOMPARE(samples.at("(program)"), (Costs{1, 1}));
    QCOMPARE(samples.at("(garbage collector)"), (Costs{1, 1}));
    QCOMPARE(costsOf(*c, 1).at("work"), (Costs{3000000, 5000000}));

    auto lines = open({formats("small.cpuprofile")}, Granularity::Lines);
    QVERIFY(lines);
    bool found = false;
    for (uint32_t f = 0; f < lines->stacks->frameCount(); ++f)
        found |= lines->stacks->frameName(f) == "work /app/work.js:10";
    QVERIFY(found);
}

// A real `node --cpu-prof` file (gzip'd): totals are the file's own sample count x its
// median interval, and each function's flat count is its nodes' ticks.
void TestFormats::cpuProfileReal()
{
    const QJsonObject json =
        QJsonDocument::fromJson(readText(formats("workload.cpuprofile.gz"))).object();
    const QJsonArray samples = json.value(QLatin1String("samples")).toArray();
    QVERIFY(samples.size() > 100);
    const int64_t interval = medianDelta(json.value(QLatin1String("timeDeltas")).toArray());
    std::map<int64_t, QString> names;
    for (const QJsonValue &n : json.value(QLatin1String("nodes")).toArray())
        names[int64_t(n.toObject().value(QLatin1String("id")).toDouble())] = v8Name(n.toObject());
    std::map<std::string, int64_t> ticks;
    for (const QJsonValue &s : samples)
        ++ticks[names.at(int64_t(s.toDouble())).toStdString()];

    LoadResult loaded = loadProfile(formats("workload.cpuprofile.gz"));
    QVERIFY2(loaded.profile, qPrintable(loaded.error));
    QVERIFY(loaded.wasGzip);
    QCOMPARE(loaded.profile->period, interval * 1000);
    auto c = open({formats("workload.cpuprofile.gz")});
    QVERIFY(c);
    QCOMPARE(c->stacks->totals,
             (std::vector<int64_t>{samples.size(), samples.size() * interval * 1000}));
    const CostTable costs = costsOf(*c, 0);
    for (const auto &[name, count] : ticks) {
        QVERIFY2(name != "(root)", "a sample on (root)");
        QCOMPARE(costs.at(name).flat, count);
    }
    QVERIFY(costs.at("countWords").cum > costs.at("countWords").flat);
    QVERIFY(costs.at("fib").flat > 0);
}

// Hand-checked (tests/data/formats/ticks.cpuprofile): a node's positionTicks put its own
// ticks on their lines; what no line claims stays on the function's line, claims past the
// node's ticks are dropped, and the function is still one function.
void TestFormats::cpuProfilePositionTicks()
{
    auto lines = open({formats("ticks.cpuprofile")}, Granularity::Lines);
    QVERIFY(lines);
    QCOMPARE(lines->stacks->totals, (std::vector<int64_t>{7, 7000000}));
    const CostTable byLine = costsOf(*lines, 0);
    QCOMPARE(byLine.at("work /app/work.js:12"), (Costs{3, 3}));
    QCOMPARE(byLine.at("work /app/work.js:10"), (Costs{2, 4})); // 1 + the unclaimed 1; calls
    QCOMPARE(byLine.at("(anonymous) /app/work.js:21"), (Costs{2, 2}));
    auto costOf = [&byLine](const std::string &frame) {
        const auto it = byLine.find(frame);
        return it == byLine.end() ? Costs{} : it->second;
    };
    QCOMPARE(costOf("(anonymous) /app/work.js:22"), Costs{});
    QCOMPARE(costOf("(anonymous) /app/work.js:20"), Costs{});
    QCOMPARE(byLine.at("main /app/main.js:1"), (Costs{0, 7}));
    QCOMPARE(costsOf(*lines, 1).at("work /app/work.js:12"), (Costs{3000000, 3000000}));

    auto functions = open({formats("ticks.cpuprofile")});
    QVERIFY(functions);
    const CostTable byFunction = costsOf(*functions, 0);
    QCOMPARE(byFunction.at("work"), (Costs{5, 7}));
    QCOMPARE(byFunction.at("(anonymous)"), (Costs{2, 2}));
    // Unnamed functions are told apart by where they start, not by the sampled line.
    auto files = open({formats("ticks.cpuprofile")}, Granularity::FileFunctions);
    QVERIFY(files);
    QCOMPARE(costsOf(*files, 0).at("(anonymous) /app/work.js:20"), (Costs{2, 2}));
}

// The real file at lines granularity: each line's self ticks are what the file's
// positionTicks give it, summed over the nodes of one function; a node's ticks no line
// claims are on its function's first line.
void TestFormats::cpuProfileRealLines()
{
    const QJsonObject json =
        QJsonDocument::fromJson(readText(formats("workload.cpuprofile.gz"))).object();
    std::map<int64_t, int64_t> hits;
    for (const QJsonValue &s : json.value(QLatin1String("samples")).toArray())
        ++hits[int64_t(s.toDouble())];
    std::map<std::pair<std::string, int64_t>, int64_t> expected; // (name, line) -> ticks
    int64_t onOtherLines = 0;
    for (const QJsonValue &v : json.value(QLatin1String("nodes")).toArray()) {
        const QJsonObject node = v.toObject();
        const std::string name = v8Name(node).toStdString();
        const int64_t own = hits[int64_t(node.value(QLatin1String("id")).toDouble())];
        if (own == 0 || name == "(root)")
            continue;
        const int64_t first = node.value(QLatin1String("callFrame"))
                                  .toObject()
                                  .value(QLatin1String("lineNumber"))
                                  .toInt() +
                              1;
        int64_t left = own;
        for (const QJsonValue &t : node.value(QLatin1String("positionTicks")).toArray()) {
            const int64_t line = t.toObject().value(QLatin1String("line")).toInt();
            const int64_t ticks = t.toObject().value(QLatin1String("ticks")).toInt();
            expected[{name, line}] += ticks;
            left -= ticks;
            if (line != first)
                onOtherLines += ticks;
        }
        QVERIFY2(left >= 0, "Node's positionTicks exceed the node's samples");
        if (left > 0)
            expected[{name, first > 0 ? first : 0}] += left;
    }
    QVERIFY2(onOtherLines > 100, "the file has few ticks off the functions' first lines");

    auto c = open({formats("workload.cpuprofile.gz")}, Granularity::Lines);
    QVERIFY(c);
    std::map<std::pair<std::string, int64_t>, int64_t> got;
    const StackTable &t = *c->stacks;
    for (uint32_t f = 0; f < t.frameCount(); ++f) {
        if (const int64_t flat = c->functions->flat(f, 0))
            got[{t.strings[t.frames[f].name], t.frames[f].line}] += flat;
    }
    QCOMPARE(got, expected);
}

// Hand-checked: makeBuffers 2 objects 3072 bytes, the unnamed function 1 / 256, (external)
// 1 / 500; main holds the first two.
void TestFormats::heapProfileSmall()
{
    auto c = open({formats("small.heapprofile")});
    QVERIFY(c);
    QCOMPARE(c->stacks->columns.size(), size_t(2));
    QCOMPARE(c->stacks->columns[0].type, std::string("samples"));
    QCOMPARE(c->stacks->columns[1].type, std::string("inuse_space"));
    QCOMPARE(c->stacks->columns[1].unit, std::string("bytes"));
    QCOMPARE(c->stacks->defaultColumn, 1);
    QCOMPARE(c->stacks->totals, (std::vector<int64_t>{4, 3828}));
    const CostTable bytes = costsOf(*c, 1);
    QCOMPARE(bytes.at("makeBuffers"), (Costs{3072, 3072}));
    QCOMPARE(bytes.at("(anonymous)"), (Costs{256, 256}));
    QCOMPARE(bytes.at("(external)"), (Costs{500, 500}));
    QCOMPARE(bytes.at("main"), (Costs{0, 3328}));
    QVERIFY(!bytes.contains("(root)"));
    QCOMPARE(costsOf(*c, 0).at("main"), (Costs{0, 3}));
}

// A real `node --heap-prof` file: totals and each function's flat bytes from its samples.
void TestFormats::heapProfileReal()
{
    const QJsonObject json =
        QJsonDocument::fromJson(readText(formats("workload.heapprofile"))).object();
    std::map<int64_t, QString> names;
    std::vector<QJsonObject> pending{json.value(QLatin1String("head")).toObject()};
    while (!pending.empty()) {
        const QJsonObject n = pending.back();
        pending.pop_back();
        names[int64_t(n.value(QLatin1String("id")).toDouble())] = v8Name(n);
        for (const QJsonValue &child : n.value(QLatin1String("children")).toArray())
            pending.push_back(child.toObject());
    }
    const QJsonArray samples = json.value(QLatin1String("samples")).toArray();
    int64_t total = 0;
    std::map<std::string, int64_t> flat;
    int missing = 0;
    for (const QJsonValue &s : samples) {
        const int64_t size = int64_t(s.toObject().value(QLatin1String("size")).toDouble());
        const int64_t id = int64_t(s.toObject().value(QLatin1String("nodeId")).toDouble());
        total += size;
        // V8 wrote one sample after the tree (node 278): kept under a frame of its own.
        if (!names.contains(id)) {
            names[id] = QStringLiteral("(missing node %1)").arg(id);
            ++missing;
        }
        flat[names.at(id).toStdString()] += size;
    }
    QVERIFY(samples.size() > 20);
    QCOMPARE(missing, 1);

    auto c = open({formats("workload.heapprofile")});
    QVERIFY(c);
    QCOMPARE(c->stacks->warnings.size(), size_t(1));
    QVERIFY(c->stacks->warnings.front().starts_with(formats("workload.heapprofile").toStdString() +
                                                    ": 1 sample node id(s) are not in the tree"));
    QCOMPARE(c->stacks->totals, (std::vector<int64_t>{samples.size(), total}));
    const CostTable costs = costsOf(*c, 1);
    for (const auto &[name, bytes] : flat)
        QCOMPARE(costs.at(name).flat, bytes);
    QVERIFY(costs.at("tokens").cum > 0);
}

void TestFormats::foldedSmall()
{
    const QByteArray text = readText(formats("small.folded"));
    QVERIFY(text.contains("\r\n"));
    const CostTable expected = foldedCosts(foldedCounts(text));
    auto c = open({formats("small.folded")});
    QVERIFY(c);
    QCOMPARE(c->stacks->columns.size(), size_t(1));
    QCOMPARE(c->stacks->columns[0].type, std::string("samples"));
    QCOMPARE(c->stacks->totals, (std::vector<int64_t>{64}));
    QCOMPARE(costsOf(*c, 0), expected);
    QCOMPARE(expected.at("lex"), (Costs{42, 42}));
    QCOMPARE(expected.at("main"), (Costs{0, 59}));
}

void TestFormats::foldedGzipped()
{
    const QByteArray text = readText(formats("small.folded"));
    LoadResult loaded = loadProfileFromBytes(gzipped(text), QStringLiteral("stacks.gz"));
    QVERIFY2(loaded.profile, qPrintable(loaded.error));
    QVERIFY(loaded.wasGzip);
    int64_t sum = 0;
    for (int64_t v : loaded.profile->sampleValues)
        sum += v;
    QCOMPARE(sum, int64_t(64));
}

void TestFormats::badInputs_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("message");
    QTest::newRow("truncated JSON")
        << formats("truncated.cpuprofile")
        << QStringList{QStringLiteral("truncated.cpuprofile: this Chrome .cpuprofile is not "
                                      "valid JSON"),
                       QStringLiteral("truncated?")};
    QTest::newRow("missing node") << formats("missing-node.cpuprofile")
                                  << QStringList{QStringLiteral(
                                         "missing-node.cpuprofile: not a valid Chrome .cpuprofile: "
                                         "sample #5 refers to node id 9, which is not in nodes")};
    QTest::newRow("no count") << formats("no-count.folded")
                              << QStringList{QStringLiteral(
                                     "no-count.folded: line 3 of the folded stacks does not "
                                     "end in a count: \"main;eval\"")};
    QTest::newRow("two counts") << formats("two-counts.folded")
                                << QStringList{QStringLiteral(
                                       "two-counts.folded: line 1 of the folded stacks has two "
                                       "counts")};
    QTest::newRow("negative count")
        << formats("negative-count.folded")
        << QStringList{QStringLiteral("negative-count.folded: line 2 of the folded stacks has a "
                                      "negative count (-5); folded stacks count samples")};
    QTest::newRow("total past 2^63-1")
        << formats("total-overflow.folded")
        << QStringList{QStringLiteral(
               "total-overflow.folded: line 2 of the folded stacks has a count (1) that takes "
               "the total beyond what a profile can hold (9223372036854775807)")};
}

void TestFormats::badInputs()
{
    QFETCH(QString, file);
    QFETCH(QStringList, message);
    LoadResult loaded = loadProfile(file);
    QVERIFY(!loaded.profile);
    for (const QString &m : message)
        QVERIFY2(loaded.error.contains(m), qPrintable(loaded.error));
    QVERIFY(loaded.error.startsWith(file));
    // The same bytes gzip'd say the same.
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    loaded = loadProfileFromBytes(gzipped(f.readAll()), QStringLiteral("in.gz"));
    QVERIFY(!loaded.profile);
    QVERIFY2(loaded.error.startsWith(QLatin1String("in.gz: ")), qPrintable(loaded.error));
    QVERIFY2(loaded.error.contains(message.front().section(QLatin1String(": "), 1, 1)),
             qPrintable(loaded.error));
}

// JSON that is no profile keeps its own messages, plain or gzip'd, small or large.
void TestFormats::notProfileJson()
{
    QByteArray other = R"({"kind":"something else","items":[1,2,3]})";
    LoadResult r = loadProfileFromBytes(other, QStringLiteral("x.json"));
    QCOMPARE(r.error, QStringLiteral("x.json: this is a JSON document, not a pprof profile"));
    r = loadProfileFromBytes(gzipped(other), QStringLiteral("x.json.gz"));
    QCOMPARE(r.error, QStringLiteral("x.json.gz: this is a JSON document, not a pprof profile"));
    QByteArray big = R"({"message":"quota exceeded","padding":")" + QByteArray(10000, 'x') + "\"}";
    r = loadProfileFromBytes(big, QStringLiteral("big.json"));
    QCOMPARE(r.error, QStringLiteral("big.json: this is a JSON error response, not a profile: "
                                     "\"quota exceeded\""));
}

// Folded export of a real profile reads back as the same stacks and totals.
// The largest count a profile can hold opens, and its total stays exact.
void TestFormats::foldedLargestCount()
{
    auto c = open({formats("max-count.folded")});
    QVERIFY(c);
    QCOMPARE(c->stacks->totals[0], std::numeric_limits<int64_t>::max());
}

// The V8 importers compute values (hits x interval, the sum of a node's sample sizes):
// one past 2^63 - 1 is refused naming the node, one just within is kept exactly; a
// negative size, which the format has none of, is refused.
void TestFormats::v8ProfilesAtTheLimits()
{
    const QJsonObject noFile{{QStringLiteral("scriptId"), QStringLiteral("0")},
                             {QStringLiteral("url"), QString()},
                             {QStringLiteral("lineNumber"), 0},
                             {QStringLiteral("columnNumber"), 0}};
    auto frame = [&](const char *name) {
        QJsonObject f = noFile;
        f.insert(QStringLiteral("functionName"), QLatin1String(name));
        return f;
    };
    QTemporaryDir dir;
    auto openJson = [&](const QJsonObject &root) {
        const QString path = dir.filePath(QStringLiteral("limits.json"));
        writeFileContent(path, QJsonDocument(root).toJson(QJsonDocument::Compact));
        return openCapture({path});
    };
    // The largest interval JSON's numbers hold exactly (9e15 us): 9e18 ns for one sample.
    auto cpuProfile = [&](int samples) {
        QJsonArray ids, deltas;
        for (int i = 0; i < samples; ++i) {
            ids.append(2);
            deltas.append(9e15);
        }
        const QJsonArray nodes{
            QJsonObject{{QStringLiteral("id"), 1},
                        {QStringLiteral("callFrame"), frame("(root)")},
                        {QStringLiteral("children"), QJsonArray{2}}},
            QJsonObject{{QStringLiteral("id"), 2}, {QStringLiteral("callFrame"), frame("main")}}};
        return QJsonObject{{QStringLiteral("nodes"), nodes},
                           {QStringLiteral("startTime"), 0},
                           {QStringLiteral("endTime"), 9e15 * samples},
                           {QStringLiteral("samples"), ids},
                           {QStringLiteral("timeDeltas"), deltas}};
    };
    OpenResult one = openJson(cpuProfile(1));
    QVERIFY2(one.capture, qPrintable(one.error));
    const int wall = columnOf(*one.capture, "wall");
    QVERIFY(wall >= 0);
    QCOMPARE(one.capture->stacks->totals[size_t(wall)], int64_t(9'000'000'000'000'000'000));
    OpenResult two = openJson(cpuProfile(2));
    QVERIFY(!two.capture);
    QVERIFY2(two.error.contains(QLatin1String("the wall time of node 2 (2 samples of "
                                              "9000000000000000000 ns) is beyond what a profile "
                                              "can hold (9223372036854775807)")),
             qPrintable(two.error));

    // 1024 samples of 9e15 bytes fit (9.216e18); 1025 do not.
    auto heapProfile = [&](int samples, double size) {
        QJsonArray list;
        for (int i = 0; i < samples; ++i)
            list.append(QJsonObject{{QStringLiteral("size"), size},
                                    {QStringLiteral("nodeId"), 2},
                                    {QStringLiteral("ordinal"), i}});
        const QJsonObject leaf{{QStringLiteral("callFrame"), frame("alloc")},
                               {QStringLiteral("selfSize"), 0},
                               {QStringLiteral("id"), 2},
                               {QStringLiteral("children"), QJsonArray{}}};
        const QJsonObject head{{QStringLiteral("callFrame"), frame("(root)")},
                               {QStringLiteral("selfSize"), 0},
                               {QStringLiteral("id"), 1},
                               {QStringLiteral("children"), QJsonArray{leaf}}};
        return QJsonObject{{QStringLiteral("head"), head}, {QStringLiteral("samples"), list}};
    };
    OpenResult fits = openJson(heapProfile(1024, 9e15));
    QVERIFY2(fits.capture, qPrintable(fits.error));
    const int space = columnOf(*fits.capture, "inuse_space");
    QVERIFY(space >= 0);
    QCOMPARE(fits.capture->stacks->totals[size_t(space)], int64_t(9'216'000'000'000'000'000));
    OpenResult beyond = openJson(heapProfile(1025, 9e15));
    QVERIFY(!beyond.capture);
    QVERIFY2(beyond.error.contains(QLatin1String("the sizes of the samples at node 2 add up "
                                                 "beyond what a profile can hold")),
             qPrintable(beyond.error));
    OpenResult negative = openJson(heapProfile(1, -5));
    QVERIFY(!negative.capture);
    QVERIFY2(negative.error.contains(QLatin1String("has no valid size")),
             qPrintable(negative.error));
}

void TestFormats::foldedExport()
{
    const QString shared = sharedProfiles() + QStringLiteral("/real/go/cpu-parser.pb.gz");
    auto c = open({shared});
    QVERIFY(c);
    const int cpu = columnOf(*c, "cpu");
    QVERIFY(cpu >= 0);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("cpu.folded"));
    QString error;
    QVERIFY2(writeFoldedStacks(*c->stacks, size_t(cpu), out, &error), qPrintable(error));
    const QByteArray text = readText(out);
    QVERIFY(text.contains("runtime.main;main.main;main.phaseParse;"));
    auto back = open({out});
    QVERIFY(back);
    QCOMPARE(back->stacks->totals.front(), c->stacks->totals[size_t(cpu)]);
    const CostTable original = costsOf(*c, size_t(cpu));
    CostTable reread = costsOf(*back, 0);
    for (auto it = reread.begin(); it != reread.end(); ++it)
        QCOMPARE(it->second, original.at(it->first));
    // The text itself, read independently, says the same.
    QCOMPARE(foldedCosts(foldedCounts(text)), reread);
}

// Folded stacks whose first frame begins as JSON, markup, a JPEG or a PDF does are folded
// stacks (a perf capture's "[vdso]", a missing function's "<unknown>"); a page is not.
void TestFormats::foldedStartingLikeOtherFormats()
{
    QTemporaryDir dir;
    const std::pair<const char *, const char *> cases[] = {
        {"[vdso];main 3\nmain 1\n", "[vdso]"},
        {"<unknown>;parse 5", "<unknown>"},
        {"\xFF\xD8\xFFodd;main 2\n", "\xFF\xD8\xFFodd"},
        {"%PDF;main 4\n", "%PDF"},
    };
    for (const auto &[text, first] : cases) {
        const QString path = dir.filePath(QStringLiteral("stacks.folded"));
        writeFileContent(path, text);
        auto c = open({path});
        QVERIFY2(c, text);
        bool found = false;
        for (uint32_t frame = 0; frame < c->stacks->frameCount(); ++frame)
            found = found || c->stacks->frameName(frame) == first;
        QVERIFY2(found, first);
    }
    const QString page = dir.filePath(QStringLiteral("page.folded"));
    writeFileContent(page, "<html>\n<p>total 5\n");
    OpenResult r = openCapture({page});
    QVERIFY(!r.capture);
    QVERIFY2(r.error.contains(QLatin1String("HTML")), qPrintable(r.error));
    // A real PDF's first line is no stack, though a later one may read as one ("0 6").
    const QString pdf = dir.filePath(QStringLiteral("doc.folded"));
    writeFileContent(pdf, "%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\nxref\n0 6\n");
    r = openCapture({pdf});
    QVERIFY(!r.capture);
    QVERIFY2(r.error.contains(QLatin1String("PDF")), qPrintable(r.error));
}

// A deep stack makes a line of many KiB: the file is still told as folded stacks, plain
// or gzip'd, whichever line comes first.
void TestFormats::foldedWithLongLines()
{
    QByteArray deep = "main";
    for (int depth = 0; depth < 400; ++depth)
        deep += ";github.com/acme/service/internal/handler.step" + QByteArray::number(depth);
    QVERIFY(deep.size() > 16 * 1024);
    const QByteArray text = deep + " 7\nmain;other 3\n";
    QTemporaryDir dir;
    for (const bool gzip : {false, true}) {
        const QString path =
            dir.filePath(gzip ? QStringLiteral("deep.folded.gz") : QStringLiteral("deep.folded"));
        writeFileContent(path, gzip ? gzipped(text) : text);
        auto c = open({path});
        QVERIFY(c);
        QCOMPARE(c->stacks->totals.front(), int64_t(10));
        QCOMPARE(c->stacks->frameCount(), size_t(402)); // main, 400 steps, other
    }
}

// Names that folded stacks cannot hold as they are: written so that the file reads back
// as the same stacks (foldedFrameName's rules), hand-checked here.
void TestFormats::foldedExportOfAwkwardNames()
{
    ProfileBuilder b;
    b.sampleType("samples", "count");
    b.sample({"main", "a;b", "tab\there", "line\nbreak"}, {3});
    b.sample({"main", "  padded  ", "worker 12"}, {2});
    b.sample({"main", "\x01\x02", "x"}, {1});
    b.sample({"main", "eval -88"}, {4});
    QTemporaryDir dir;
    const QString in = dir.filePath(QStringLiteral("names.pb.gz"));
    writeFileContent(in, b.gzip());
    auto c = open({in});
    QVERIFY(c);
    const QString out = dir.filePath(QStringLiteral("names.folded"));
    QString error;
    QVERIFY2(writeFoldedStacks(*c->stacks, 0, out, &error), qPrintable(error));
    QStringList lines =
        QString::fromUtf8(readText(out)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    lines.sort();
    QCOMPARE(lines,
             QStringList(
                 {QStringLiteral("main;?;x 1"), QStringLiteral("main;a:b;tab here;line break 3"),
                  QStringLiteral("main;eval_-88 4"), QStringLiteral("main;padded;worker_12 2")}));
    auto back = open({out});
    QVERIFY(back);
    QCOMPARE(back->stacks->totals.front(), int64_t(10));
}

void TestFormats::exportReopensIdentical_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("granularity");
    const QString shared = sharedProfiles() + QStringLiteral("/real/");
    QStringList files;
    for (const char *dir : {"go", "node", "synthetic"}) {
        QDirIterator it(shared + QLatin1String(dir), {QStringLiteral("*.pb.gz")}, QDir::Files);
        while (it.hasNext())
            files << it.next();
    }
    files << formats("workload.cpuprofile.gz") << formats("workload.heapprofile")
          << formats("small.folded");
    std::sort(files.begin(), files.end());
    QVERIFY(files.size() >= 16);
    for (const QString &f : files) {
        for (Granularity g : {Granularity::Functions, Granularity::FileFunctions,
                              Granularity::Lines, Granularity::Addresses}) {
            if (largeUnderSanitizers(f) && g != Granularity::Functions)
                continue; // one granularity is enough there
            if (g == Granularity::Addresses && !f.contains(QLatin1String("/go/")))
                continue; // Go's profiles have addresses; the others' are made up
            QTest::newRow(
                qPrintable(QFileInfo(f).fileName() + QLatin1Char('/') + QString::number(int(g))))
                << f << int(g);
        }
    }
}

// Export to pprof and open again: every function's flat and cum, in every sample type,
// and the totals are the same; so are the sample types and the header.
void TestFormats::exportReopensIdentical()
{
    QFETCH(QString, file);
    QFETCH(int, granularity);
    const auto g = Granularity(granularity);
    auto original = open({file}, g);
    QVERIFY(original);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("export.pb.gz"));
    QString error;
    QVERIFY2(writePprof(*original->stacks, out, &error), qPrintable(error));
    auto back = open({out}, g);
    QVERIFY(back);
    const StackTable &a = *original->stacks, &b = *back->stacks;
    QCOMPARE(b.columns.size(), a.columns.size());
    for (size_t i = 0; i < a.columns.size(); ++i) {
        QCOMPARE(b.columns[i].type, a.columns[i].type);
        QCOMPARE(b.columns[i].unit, a.columns[i].unit);
        const std::string diff = firstDifference(costsOf(*original, i), costsOf(*back, i));
        QVERIFY2(diff.empty(), diff.c_str());
    }
    QCOMPARE(b.totals, a.totals);
    QCOMPARE(b.defaultColumn, a.defaultColumn);
    QCOMPARE(b.header.mainBinary, a.header.mainBinary);
    QCOMPARE(b.header.period, a.header.period);
    QCOMPARE(b.header.timeNanos, a.header.timeNanos);
    QCOMPARE(b.header.durationNanos, a.header.durationNanos);
    QCOMPARE(b.nodeCount(), a.nodeCount()); // the same call tree, inline frames included

    // A table at line granularity keeps what the coarser ones need.
    if (g == Granularity::Lines) {
        auto functions = open({file});
        auto backAtFunctions = open({out});
        for (size_t i = 0; i < a.columns.size(); ++i) {
            const std::string diff =
                firstDifference(costsOf(*functions, i), costsOf(*backAtFunctions, i));
            QVERIFY2(diff.empty(), diff.c_str());
        }
    }
}

// `go tool pprof -top` of exported files (tests/data/formats/pprof-export, made by its
// generate.sh) is the same text as of the originals (the shared references), and Embers'
// own export today still gives that text.
void TestFormats::exportMatchesGoToolPprof_data()
{
    QTest::addColumn<QString>("original");
    QTest::addColumn<QString>("sampleIndex");
    QTest::addColumn<QString>("flags");
    QTest::addColumn<QString>("exportReference");
    QTest::addColumn<QString>("originalReference");
    const QString dir = testData() + QStringLiteral("/formats/pprof-export/");
    const QString shared = sharedProfiles() + QStringLiteral("/real/");
    const QList<QByteArray> lines = readText(dir + QStringLiteral("manifest.tsv")).split('\n');
    int count = 0;
    for (const QByteArray &line : lines.mid(1)) {
        const QList<QByteArray> f = line.split('\t');
        if (f.size() < 6)
            continue;
        QTest::newRow(f[3].constData())
            << shared + QString::fromUtf8(f[0]) << QString::fromUtf8(f[1])
            << QString::fromUtf8(f[2]) << dir + QString::fromUtf8(f[3])
            << shared + QString::fromUtf8(f[4]);
        ++count;
    }
    QVERIFY2(count >= 10, "pprof-export/manifest.tsv lists too few references");
}

void TestFormats::exportMatchesGoToolPprof()
{
    QFETCH(QString, original);
    QFETCH(QString, sampleIndex);
    QFETCH(QString, flags);
    QFETCH(QString, exportReference);
    QFETCH(QString, originalReference);
    const QByteArray pprofOfExport = readText(exportReference);
    QVERIFY(!pprofOfExport.isEmpty());
    QCOMPARE(pprofOfExport, readText(originalReference));

    auto c = open({original}, Granularity::Lines);
    QVERIFY(c);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("export.pb.gz"));
    QString error;
    QVERIFY2(writePprof(*c->stacks, out, &error), qPrintable(error));
    auto back = open({out}, Granularity::Functions, true);
    QVERIFY(back);
    TopOptions top;
    std::string why;
    top.column = back->stacks->columnByName(sampleIndex.toStdString(), &why);
    QVERIFY2(top.column >= 0, why.c_str());
    if (flags.contains(QLatin1String("-nodefraction=0")))
        top.nodeFraction = 0;
    const TopTable table = buildTopTable(*back->stacks, *back->functions, top);
    QCOMPARE(QByteArray::fromStdString(formatTopReport(*back->stacks, table, top)), pprofOfExport);
}

// folded -> Embers -> pprof -> `embers --top`: the totals and every function's flat and
// cum are the folded text's own.
void TestFormats::cliFoldedToPprofToTop()
{
    QTemporaryDir dir;
    const QString pprof = dir.filePath(QStringLiteral("stacks.pb.gz"));
    EmbersRun r = runEmbers({QStringLiteral("--export=") + pprof, formats("small.folded")});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QFile written(pprof);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QVERIFY(written.read(2) == "\x1F\x8B");
    r = runEmbers({QStringLiteral("--top"), QStringLiteral("--tsv"), pprof});
    QVERIFY2(r.status == 0, qPrintable(r.err));

    CostTable expected = foldedCosts(foldedCounts(readText(formats("small.folded"))));
    // pprof's display name of a C++ name drops the argument and template lists.
    expected["std::vector::push_back"] = expected.at("std::vector<int>::push_back(int const&)");
    expected.erase("std::vector<int>::push_back(int const&)");
    CostTable top;
    int64_t flatSum = 0;
    const QStringList rows = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(rows.value(0), QStringLiteral("flat\tcum\tname"));
    for (const QString &line : rows.mid(1)) {
        const QStringList f = line.split(QLatin1Char('\t'));
        QCOMPARE(f.size(), 3);
        top[f[2].toStdString()] = {f[0].toLongLong(), f[1].toLongLong()};
        flatSum += f[0].toLongLong();
    }
    QCOMPARE(top, expected);
    int64_t total = 0;
    for (const auto &[stack, count] : foldedCounts(readText(formats("small.folded"))))
        total += count;
    QCOMPARE(flatSum, total);

    // And back to folded stacks: the same stacks and counts.
    const QString folded = dir.filePath(QStringLiteral("again.txt"));
    r = runEmbers({QStringLiteral("--export=") + folded, QStringLiteral("--format=folded"), pprof});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QCOMPARE(foldedCounts(readText(folded)), foldedCounts(readText(formats("small.folded"))));
}

void TestFormats::cliExportChecks()
{
    QTemporaryDir dir;
    const QString input = dir.filePath(QStringLiteral("input.folded"));
    QVERIFY(QFile::copy(formats("small.folded"), input));
    const QByteArray before = readText(input);

    // Never over an input, by its name or through a link.
    EmbersRun r =
        runEmbers({QStringLiteral("--export=") + input, QStringLiteral("--format=pprof"), input});
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains(QLatin1String("names an input file")), qPrintable(r.err));
    const QString link = dir.filePath(QStringLiteral("link.pb.gz"));
    QVERIFY(QFile::link(input, link));
    r = runEmbers({QStringLiteral("--export=") + link, input});
    QCOMPARE(r.status, 2);
    r = runEmbers(
        {QStringLiteral("--export=./input.folded"), QStringLiteral("--format=folded"), input},
        dir.path());
    QCOMPARE(r.status, 2);
    QCOMPARE(readText(input), before);

    // Usage errors.
    r = runEmbers({QStringLiteral("--export=") + dir.filePath(QStringLiteral("out.xml")), input});
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains(QLatin1String("--format=pprof|folded")), qPrintable(r.err));
    r = runEmbers({QStringLiteral("--export=") + dir.filePath(QStringLiteral("out")),
                   QStringLiteral("--format=json"), input});
    QCOMPARE(r.status, 2);
    r = runEmbers({QStringLiteral("--format=pprof"), QStringLiteral("--top"), input});
    QCOMPARE(r.status, 2);
    r = runEmbers({QStringLiteral("--export=") + dir.filePath(QStringLiteral("out.folded")),
                   QStringLiteral("--sample-index=nope"), input});
    QCOMPARE(r.status, 2);

    // A bad input says which file and what is wrong, and writes nothing.
    const QString out = dir.filePath(QStringLiteral("bad.pb.gz"));
    r = runEmbers({QStringLiteral("--export=") + out, formats("no-count.folded")});
    QCOMPARE(r.status, 1);
    QVERIFY2(r.err.contains(QLatin1String("no-count.folded: line 3")), qPrintable(r.err));
    QVERIFY(!QFile::exists(out));

    // A folded export in a chosen sample type, from a pprof file.
    const QString heap = sharedProfiles() + QStringLiteral("/real/go/heap-cache.pb.gz");
    const QString folded = dir.filePath(QStringLiteral("heap.folded"));
    r = runEmbers(
        {QStringLiteral("--export=") + folded, QStringLiteral("--sample-index=alloc_space"), heap});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    auto original = open({heap});
    int64_t total = 0;
    for (const auto &[stack, count] : foldedCounts(readText(folded)))
        total += count;
    QCOMPARE(total, original->stacks->totals[size_t(columnOf(*original, "alloc_space"))]);

    // The help documents export.
    r = runEmbers({QStringLiteral("--help")});
    QVERIFY(r.out.contains(QLatin1String("--format=folded")));
    QVERIFY(r.out.contains(QLatin1String(".cpuprofile")));
}

QTEST_GUILESS_MAIN(TestFormats)
#include "tst_formats.moc"
