// V8 heap snapshots as profiles over the dominator tree: a hand-checked graph (weak and
// shortcut edges, objects the root does not reach, a cycle), a Node program's snapshot
// against memlab's retained sizes for every class, and damaged or hostile snapshots.
#include "Capture.h"
#include "FunctionTable.h"
#include "HeapSnapshotImport.h"
#include "ProfileLoader.h"
#include "RequiredTool.h"
#include "TestData.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using namespace embers;
using namespace embers::test;

namespace {

// Per class: objects, shallow bytes, retained bytes (the table's flat and cum).
using ClassSizes = std::map<QString, std::array<int64_t, 3>>;

ClassSizes classSizes(const Capture &capture)
{
    const StackTable &stacks = *capture.stacks;
    const int objects = stacks.columnByName("objects", nullptr);
    const int size = stacks.columnByName("size", nullptr);
    ClassSizes out;
    if (objects < 0 || size < 0)
        return out;
    const FunctionTable &f = *capture.functions;
    for (uint32_t frame = 0; frame < f.frameCount(); ++frame) {
        const QString name = QString::fromStdString(stacks.strings[stacks.frames[frame].name]);
        auto &row = out[name];
        row[0] += f.flat(frame, size_t(objects));
        row[1] += f.flat(frame, size_t(size));
        row[2] += f.cum(frame, size_t(size));
    }
    return out;
}

std::shared_ptr<const Capture> openFile(const QString &path, QString *error)
{
    OpenOptions options;
    OpenResult opened = openCapture({path}, options);
    *error = opened.error;
    return opened.capture;
}

// A snapshot in V8's layout from nodes (type, name, id, self_size, edge_count) and edges
// (type, name_or_index, to_node as a node number: written as V8 writes it, times 5).
QByteArray snapshotJson(const QStringList &strings, const QList<std::array<qint64, 5>> &nodes,
                        const QList<std::array<qint64, 3>> &edges)
{
    QByteArray out = R"({"snapshot":{"meta":{"node_fields":["type","name","id","self_size",)"
                     R"("edge_count"],"node_types":[["hidden","array","string","object","code",)"
                     R"("closure","regexp","number","native","synthetic"],"string","number",)"
                     R"("number","number"],"edge_fields":["type","name_or_index","to_node"],)"
                     R"("edge_types":[["context","element","property","internal","hidden",)"
                     R"("shortcut","weak"],"string_or_number","node"]},"node_count":)";
    out += QByteArray::number(nodes.size()) + ",\"edge_count\":" + QByteArray::number(edges.size());
    out += "},\n\"nodes\":[";
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        for (int f = 0; f < 5; ++f)
            out += (i || f ? "," : "") + QByteArray::number(nodes[i][size_t(f)]);
        out += '\n';
    }
    out += "],\n\"edges\":[";
    for (qsizetype i = 0; i < edges.size(); ++i)
        out += (i ? "," : "") + QByteArray::number(edges[i][0]) + ',' +
               QByteArray::number(edges[i][1]) + ',' + QByteArray::number(edges[i][2] * 5);
    out += "],\n\"strings\":[";
    for (qsizetype i = 0; i < strings.size(); ++i)
        out += (i ? ",\"" : "\"") + strings[i].toUtf8() + '"';
    out += "]}\n";
    return out;
}

enum NodeType : qint64 {
    Hidden,
    Array,
    String,
    Object,
    Code,
    Closure,
    Regexp,
    Number,
    Native,
    Synthetic
};
enum EdgeType : qint64 { Context, Element, Property, Internal, HiddenEdge, Shortcut, Weak };

} // namespace

class TestHeapSnapshot : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // Worked by hand: root -> Holder A {Leaf B, Leaf C}; B and C -> array D, so A, not B
    // or C, retains D; B's shortcut to C retains nothing; Lonely E (and its string F) only
    // weakly held, and a cycle of two Cycle objects nothing holds, both hang from the root.
    void dominatorsByHand()
    {
        const QStringList strings{"", "(root)", "Holder", "Leaf", "Lonely", "Cycle", "x", "y"};
        const QList<std::array<qint64, 5>> nodes{
            {Synthetic, 1, 1, 0, 2}, // 0 root: -> A, weak -> E
            {Object, 2, 3, 100, 2},  // 1 A: -> B, C
            {Object, 3, 5, 10, 2},   // 2 B: -> D, shortcut -> C
            {Object, 3, 7, 20, 1},   // 3 C: -> D
            {Object, 4, 9, 7, 1},    // 4 E: -> F
            {Array, 6, 11, 1000, 0}, // 5 D
            {String, 7, 13, 3, 0},   // 6 F
            {Object, 5, 15, 5, 1},   // 7 -> 8
            {Object, 5, 17, 6, 1},   // 8 -> 7
        };
        const QList<std::array<qint64, 3>> edges{
            {Property, 6, 1}, {Weak, 7, 4},     // root
            {Property, 6, 2}, {Property, 7, 3}, // A
            {Element, 0, 5},  {Shortcut, 6, 3}, // B
            {Element, 0, 5},                    // C
            {Property, 6, 6},                   // E
            {Property, 6, 8},                   // 7
            {Property, 7, 7},                   // 8
        };
        const QString path = m_dir.filePath(QStringLiteral("by-hand.heapsnapshot"));
        writeFileContent(path, snapshotJson(strings, nodes, edges));
        QString error;
        const auto capture = openFile(path, &error);
        QVERIFY2(capture, qPrintable(error));
        const ClassSizes got = classSizes(*capture);
        const ClassSizes expected{
            {"Holder", {1, 100, 1130}}, {"Leaf", {2, 30, 30}},   {"(array)", {1, 1000, 1000}},
            {"Lonely", {1, 7, 10}},     {"(string)", {1, 3, 3}}, {"Cycle", {2, 11, 11}},
        };
        QCOMPARE(got, expected);
        // The size is the default column, and the objects the root misses are said.
        const StackTable &stacks = *capture->stacks;
        QCOMPARE(stacks.columns[size_t(stacks.defaultColumn)].type, std::string("size"));
        const LoadResult loaded = loadProfile(path);
        QVERIFY(loaded.profile);
        QCOMPARE(loaded.profile->warnings.size(), size_t(1));
        QVERIFY2(QString::fromStdString(loaded.profile->warnings[0])
                     .contains(QLatin1String(": 4 objects are not reachable from")),
                 loaded.profile->warnings[0].c_str());
    }

    // Every class of a real Node snapshot: objects, shallow and retained size as memlab
    // computes them.
    void classesMatchMemlab()
    {
        const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
        const QString memlab = qEnvironmentVariable("EMBERS_MEMLAB");
        EMBERS_REQUIRE_TOOL(!node.isEmpty(), "Node (node)");
        EMBERS_REQUIRE_TOOL(!memlab.isEmpty(), "memlab (npm's @memlab/core, EMBERS_MEMLAB)");
        const QString snapshot = m_dir.filePath(QStringLiteral("leaky.heapsnapshot"));
        QProcess program;
        program.start(node, {testData() + QStringLiteral("/heapsnapshot/leaky.js"), snapshot});
        QVERIFY(program.waitForFinished(120000));
        QVERIFY2(program.exitCode() == 0, program.readAllStandardError().constData());

        QProcess reference;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("NODE_PATH"), memlab);
        reference.setProcessEnvironment(env);
        reference.start(node,
                        {testData() + QStringLiteral("/heapsnapshot/memlab-classes.js"), snapshot});
        QVERIFY(reference.waitForFinished(300000));
        QVERIFY2(reference.exitCode() == 0, reference.readAllStandardError().constData());
        ClassSizes expected;
        for (const QByteArray &line : reference.readAllStandardOutput().split('\n')) {
            const QList<QByteArray> f = line.split('\t');
            if (f.size() == 4)
                expected[QString::fromUtf8(f[0])] = {f[1].toLongLong(), f[2].toLongLong(),
                                                     f[3].toLongLong()};
        }
        QVERIFY(expected.size() > 50);
        QVERIFY(expected.count(QStringLiteral("Item")));

        QString error;
        const auto capture = openFile(snapshot, &error);
        QVERIFY2(capture, qPrintable(error));
        const ClassSizes got = classSizes(*capture);
        QStringList differ;
        for (const auto &[name, sizes] : expected) {
            const auto it = got.find(name);
            if (it == got.end() || it->second != sizes)
                differ << QStringLiteral("%1: memlab %2/%3/%4, Embers %5/%6/%7")
                              .arg(name)
                              .arg(sizes[0])
                              .arg(sizes[1])
                              .arg(sizes[2])
                              .arg(it == got.end() ? -1 : it->second[0])
                              .arg(it == got.end() ? -1 : it->second[1])
                              .arg(it == got.end() ? -1 : it->second[2]);
        }
        QVERIFY2(differ.isEmpty(), qPrintable(differ.join(QLatin1Char('\n'))));
        QCOMPARE(got.size(), expected.size());
        // The program's own: 5,000 Items, held by both the Cache and the Map, so that
        // neither of them retains them.
        QCOMPARE(got.at(QStringLiteral("Item"))[0], int64_t(5000));
        QVERIFY(got.at(QStringLiteral("Cache"))[2] < got.at(QStringLiteral("Item"))[2]);
        qInfo("%zu classes equal memlab's; the Items retain %lld bytes", expected.size(),
              static_cast<long long>(got.at(QStringLiteral("Item"))[2]));
    }

    // Leaks: a series of snapshots of a growing leak; --trend flags its class as growing,
    // and a diff of the first and the last shows what it retains more.
    void leakSeriesIsFlagged()
    {
        const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
        EMBERS_REQUIRE_TOOL(!node.isEmpty(), "Node (node)");
        const QString prefix = m_dir.filePath(QStringLiteral("series"));
        QProcess program;
        program.start(node, {testData() + QStringLiteral("/heapsnapshot/series.js"), prefix,
                             QStringLiteral("8")});
        QVERIFY(program.waitForFinished(120000));
        QVERIFY2(program.exitCode() == 0, program.readAllStandardError().constData());
        QStringList series;
        for (int s = 0; s < 8; ++s)
            series << QStringLiteral("%1-%2.heapsnapshot").arg(prefix).arg(s);
        auto run = [](const QStringList &arguments) {
            QProcess embers;
            embers.start(qEnvironmentVariable("EMBERS_BINARY"), arguments);
            embers.waitForFinished(300000);
            return QString::fromUtf8(embers.readAllStandardOutput());
        };
        const QString trend =
            run(QStringList{QStringLiteral("--trend"), QStringLiteral("--tsv")} + series);
        const QString leak = trend.section(QStringLiteral("\nLeak\t"), 1, 1).section('\n', 0, 0);
        QVERIFY2(leak.startsWith(QLatin1String("growing\t")), qPrintable(trend));
        // Each snapshot retains 2,000 more Leaks: the values climb every time.
        const QStringList values = leak.split(QLatin1Char('\t')).mid(3);
        QCOMPARE(values.size(), 8);
        for (int s = 1; s < 8; ++s)
            QVERIFY2(values[s].toLongLong() > values[s - 1].toLongLong(), qPrintable(leak));

        const QString diff = run({QStringLiteral("--top"), QStringLiteral("--tsv"),
                                  QStringLiteral("--nodecount=1000"),
                                  QStringLiteral("--diff-base=") + series.front(), series.back()});
        const QStringList row = diff.section(QStringLiteral("\t") + QStringLiteral("Leak\n"), 0, 0)
                                    .section('\n', -1)
                                    .split(QLatin1Char('\t'));
        QCOMPARE(row.size(), 2);
        // Seven times 2,000 more objects, each with its 100-character string.
        QVERIFY2(row[1].toLongLong() > 7 * 2000 * 100, qPrintable(diff));
        QCOMPARE(row[1].toLongLong(), values[7].toLongLong() - values[0].toLongLong());
    }

    // Damaged and hostile snapshots: an error naming the file and what is wrong.
    void damagedSnapshotsAreRefused_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        const QStringList strings{"", "(root)", "A"};
        const QList<std::array<qint64, 5>> two{{Synthetic, 1, 1, 0, 1}, {Object, 2, 3, 8, 0}};
        const QByteArray good = snapshotJson(strings, two, {{Property, 2, 1}});
        QTest::newRow("truncated") << good.left(good.size() - 40) << "is it truncated?";
        QTest::newRow("edge to no node")
            << snapshotJson(strings, two, {{Property, 2, 7}}) << "edge #0 goes to 35";
        QTest::newRow("edge between nodes")
            << QByteArray(good).replace("2,5]", "2,6]") << "edge #0 goes to 6";
        QTest::newRow("name not a string")
            << snapshotJson(strings, {{Synthetic, 1, 1, 0, 1}, {Object, 99, 3, 8, 0}},
                            {{Property, 2, 1}})
            << "named by string 99";
        QTest::newRow("type not named")
            << snapshotJson(strings, {{Synthetic, 1, 1, 0, 1}, {42, 2, 3, 8, 0}},
                            {{Property, 2, 1}})
            << "node #1 has type 42";
        QTest::newRow("more edges than counted")
            << snapshotJson(strings, two, {{Property, 2, 1}, {Property, 2, 1}})
            << "more edges than its nodes' edge counts";
        QTest::newRow("fewer edges than counted")
            << snapshotJson(strings, {{Synthetic, 1, 1, 0, 3}, {Object, 2, 3, 8, 0}},
                            {{Property, 2, 1}})
            << "add up to 3 edges, and it lists 1";
        QTest::newRow("no nodes") << snapshotJson(strings, {}, {}) << "it has no nodes";
        QTest::newRow("a node cut short")
            << QByteArray(good).replace("3,8,0\n]", "3,8\n]") << "ends in the middle of a node";
        QTest::newRow("no meta") << QByteArray(
                                        R"({"snapshot":{},"nodes":[],"edges":[],"strings":[]})")
                                 << "its meta does not name";
        QTest::newRow("nodes not numbers")
            << QByteArray(good).replace("[9,1,1,0,1", "[9,1,\"x\",0,1") << "nodes are not a list";
    }

    void damagedSnapshotsAreRefused()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        const QString path = m_dir.filePath(QStringLiteral("damaged.heapsnapshot"));
        writeFileContent(path, json);
        QString error;
        QVERIFY(!openFile(path, &error));
        QVERIFY2(error.startsWith(path + QStringLiteral(": not a valid V8 heap snapshot: ")),
                 qPrintable(error));
        QVERIFY2(error.contains(message), qPrintable(error));
    }

    // A chain of a million objects of two alternating classes: no recursion, and the path
    // is cut at kMaxDominatorDepth with nothing lost; a chain of one class is one frame.
    void longChains()
    {
        const int length = kSanitized ? 100000 : 1000000;
        for (const bool alternating : {true, false}) {
            QList<std::array<qint64, 5>> nodes{{Synthetic, 1, 1, 0, 1}};
            QList<std::array<qint64, 3>> edges{{Property, 4, 1}};
            for (int i = 1; i <= length; ++i) {
                nodes.append(
                    {Object, alternating && i % 2 ? 3 : 2, 2 * i + 1, 16, i < length ? 1 : 0});
                if (i < length)
                    edges.append({Property, 4, i + 1});
            }
            const QString path = m_dir.filePath(QStringLiteral("chain.heapsnapshot"));
            writeFileContent(path,
                             snapshotJson({"", "(root)", "Link", "Node", "next"}, nodes, edges));
            QString error;
            const auto capture = openFile(path, &error);
            QVERIFY2(capture, qPrintable(error));
            const ClassSizes got = classSizes(*capture);
            int64_t objects = 0, bytes = 0;
            for (const auto &[name, sizes] : got) {
                objects += sizes[0];
                bytes += sizes[1];
            }
            QCOMPARE(objects, int64_t(length));
            QCOMPARE(bytes, int64_t(length) * 16);
            // The first object retains them all.
            QCOMPARE(got.at(alternating ? QStringLiteral("Node") : QStringLiteral("Link"))[2],
                     int64_t(length) * 16);
            const StackTable &stacks = *capture->stacks;
            size_t deepest = 0;
            std::vector<uint32_t> frames;
            for (size_t stack = 0; stack < stacks.stackCount(); ++stack) {
                stacks.stackFrames(stack, frames);
                deepest = std::max(deepest, frames.size());
            }
            QVERIFY2(deepest <= size_t(alternating ? kMaxDominatorDepth + 1 : 1),
                     qPrintable(QString::number(deepest)));
            QCOMPARE(got.count(QStringLiteral("(deeper)")), size_t(alternating ? 1 : 0));
        }
    }

    // The same text, without its first field: not a snapshot, and the message does not
    // say it is a .cpuprofile (a snapshot has "nodes" too).
    void snapshotIsToldByContent()
    {
        const QByteArray json =
            snapshotJson({"", "(root)", "A"}, {{Synthetic, 1, 1, 0, 1}, {Object, 2, 3, 8, 0}},
                         {{Property, 2, 1}});
        const QString path = m_dir.filePath(QStringLiteral("named-as-a.cpuprofile"));
        writeFileContent(path, json);
        QString error;
        const auto capture = openFile(path, &error);
        QVERIFY2(capture, qPrintable(error));
        QCOMPARE(classSizes(*capture).at(QStringLiteral("A"))[1], int64_t(8));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestHeapSnapshot)
#include "tst_heapsnapshot.moc"
