// Source maps: VLQ decoding, lookups on hand-checked mappings, bad maps, matching a
// profile's script to its map, and the bundled TypeScript example remapped with the
// totals an independent decoder (Mozilla's source-map, tests/data/sourcemap/expected.js)
// computes from the same captures.
#include "Capture.h"
#include "PprofExport.h"
#include "SourceMap.h"
#include "SourceMapRemap.h"
#include "TestData.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace embers;

namespace {

QString exampleDir()
{
    return test::testData() + QStringLiteral("/sourcemap");
}

std::optional<int32_t> vlq(const QByteArray &text)
{
    const char *p = text.constData();
    int32_t v = 0;
    if (!decodeVlq(p, text.constData() + text.size(), v) || p != text.constData() + text.size())
        return std::nullopt;
    return v;
}

// sources a.ts, b.ts; names foo, bar. Decoded by hand:
//   line 0: col 0 -> a.ts 0:0;  col 9 -> a.ts 0:4 "foo"
//   line 1: nothing
//   line 2: col 0 -> b.ts 0:4;  col 3 -> b.ts 0:5 "bar"
//   line 3: col 0 -> b.ts 1:5;  col 2 -> b.ts 2:5
const char kHandMap[] = "{\"version\":3,\"file\":\"out.js\",\"sourceRoot\":\"src\",\n"
                        "  \"sources\":[\"a.ts\",\"b.ts\"],\"names\":[\"foo\",\"bar\"],\n"
                        "  \"mappings\":\"AAAA,SAAIA;;ACAA,GAACC;AACA,EACA\"}";

// The spec's guard line against cross-site script inclusion.
const char kXssiPrefix[] = ")]}'\n";

SourceMap handMap()
{
    QString error;
    auto map = SourceMap::parse(kHandMap, QStringLiteral("/maps"), &error);
    if (!map)
        qFatal("hand map: %s", qPrintable(error));
    return *map;
}

struct Totals
{
    int64_t flat = 0, cum = 0;
    bool operator==(const Totals &) const = default;
};

// "flat<TAB>cum<TAB>name" rows of expected.js.
std::map<QString, Totals> readExpected(const QString &path)
{
    std::map<QString, Totals> rows;
    const QList<QByteArray> lines = test::readText(path).split('\n');
    for (const QByteArray &line : lines) {
        const QList<QByteArray> f = line.split('\t');
        if (f.size() == 3)
            rows[QString::fromUtf8(f[2])] = {f[0].toLongLong(), f[1].toLongLong()};
    }
    return rows;
}

// Per function name (functions granularity), in the sample/count column.
std::map<QString, Totals> totalsByName(const Capture &capture)
{
    const StackTable &t = *capture.stacks;
    std::string error;
    const int column = t.columnByName("sample", &error);
    std::map<QString, Totals> rows;
    for (uint32_t f = 0; f < t.frameCount(); ++f) {
        const QString name = QString::fromStdString(t.strings[t.frames[f].name]);
        rows[name] = {capture.functions->flat(f, size_t(column)),
                      capture.functions->cum(f, size_t(column))};
    }
    return rows;
}

// Checks the capture's totals of every function in the expected file (8 of them).
void compareWithExpected(const Capture &capture, const QString &expectedFile)
{
    const auto expected = readExpected(exampleDir() + expectedFile);
    QCOMPARE(expected.size(), size_t(8));
    const auto got = totalsByName(capture);
    for (const auto &[name, totals] : expected) {
        QVERIFY2(got.count(name), qPrintable(name));
        QCOMPARE(got.at(name).flat, totals.flat);
        QCOMPARE(got.at(name).cum, totals.cum);
    }
}

} // namespace

class TestSourceMap : public QObject
{
    Q_OBJECT
private slots:
    void vlqValues()
    {
        QCOMPARE(vlq("A"), 0);
        QCOMPARE(vlq("C"), 1);
        QCOMPARE(vlq("D"), -1);
        QCOMPARE(vlq("E"), 2);
        QCOMPARE(vlq("gB"), 16);  // 32 | 0, then 1: (1 << 5) >> 1
        QCOMPARE(vlq("hB"), -16); // sign bit set
        QCOMPARE(vlq("2H"), 123); // 246 = 22 + (7 << 5)
        QCOMPARE(vlq("+/////D"), INT32_MAX);
        QCOMPARE(vlq("g"), std::nullopt);        // continuation with nothing after
        QCOMPARE(vlq("!"), std::nullopt);        // not Base64
        QCOMPARE(vlq("gggggggB"), std::nullopt); // more than 32 bits
    }

    void handCheckedLookups()
    {
        const SourceMap map = handMap();
        QCOMPARE(map.file, QStringLiteral("out.js"));
        QCOMPARE(map.sources, QStringList({"/maps/src/a.ts", "/maps/src/b.ts"}));
        QCOMPARE(map.lines.size(), size_t(4));
        QCOMPARE(map.segmentCount(), size_t(6));

        auto at = [&](int64_t l, int64_t c) {
            auto p = map.at(l, c);
            return p ? QStringLiteral("%1 %2:%3 %4")
                           .arg(QFileInfo(p->source).fileName())
                           .arg(p->line)
                           .arg(p->column)
                           .arg(p->name)
                     : QStringLiteral("-");
        };
        QCOMPARE(at(0, 0), QStringLiteral("a.ts 0:0 "));
        QCOMPARE(at(0, 8), QStringLiteral("a.ts 0:0 "));
        QCOMPARE(at(0, 9), QStringLiteral("a.ts 0:4 foo"));
        QCOMPARE(at(0, 500), QStringLiteral("a.ts 0:4 foo"));
        QCOMPARE(at(1, 0), QStringLiteral("-"));
        QCOMPARE(at(2, 2), QStringLiteral("b.ts 0:4 "));
        QCOMPARE(at(2, 3), QStringLiteral("b.ts 0:5 bar"));
        QCOMPARE(at(3, 1), QStringLiteral("b.ts 1:5 "));
        QCOMPARE(at(9, 0), QStringLiteral("-"));

        // V8's position is the parameter list, after the generated name.
        auto fn = map.function(0, 12, 3); // "foo"'s identifier at column 9, 3 long
        QVERIFY(fn);
        QCOMPARE(fn->name, QStringLiteral("foo"));
        QCOMPARE(fn->line, 0);
        QCOMPARE(fn->column, 4);
        QVERIFY(!fn->approximate);
        fn = map.function(0, 12, 2); // no named identifier at column 10
        QVERIFY(fn);
        QCOMPARE(fn->name, QString());
        QCOMPARE(fn->column, 4);
        fn = map.function(0, 12, 0); // anonymous
        QCOMPARE(fn->name, QString());

        // Line only: first mapping gives the place, first name the function.
        auto line = map.functionOnLine(0);
        QVERIFY(line);
        QCOMPARE(line->name, QStringLiteral("foo"));
        QCOMPARE(line->line, 0);
        QCOMPARE(line->column, 0);
        QVERIFY(!line->approximate); // everything on it is a.ts line 0
        line = map.functionOnLine(2);
        QCOMPARE(line->name, QStringLiteral("bar"));
        QVERIFY(!line->approximate);
        line = map.functionOnLine(3);
        QCOMPARE(line->line, 1);
        QCOMPARE(line->name, QString());
        QVERIFY(line->approximate); // b.ts lines 1 and 2
        QVERIFY(!map.functionOnLine(1));
        QVERIFY(!map.functionOnLine(-1));
    }

    void sourcesResolved()
    {
        QString error;
        auto map = SourceMap::parse(
            QByteArray(kXssiPrefix) +
                "{\"version\":3,\"sources\":[\"webpack://app/./src/x.ts\",\"file:///abs/y.ts\",\n"
                "                    "
                "\"../z.ts\",\"/root/w.ts\"],\"names\":[],\"mappings\":\"AAAA\"}",
            QStringLiteral("/build/dist"), &error);
        QVERIFY2(map, qPrintable(error));
        QCOMPARE(map->sources, QStringList({"webpack://app/./src/x.ts", "/abs/y.ts", "/build/z.ts",
                                            "/root/w.ts"}));
    }

    void indexMap()
    {
        QString error;
        auto map =
            SourceMap::parse("{\"version\":3,\"sections\":[\n"
                             "            "
                             "{\"offset\":{\"line\":0,\"column\":0},\"map\":{\"version\":3,"
                             "\"sources\":[\"a.ts\"],\"names\":[],\"mappings\":\"AAAA\"}},\n"
                             "            "
                             "{\"offset\":{\"line\":1,\"column\":10},\"map\":{\"version\":3,"
                             "\"sources\":[\"b.ts\"],\"names\":[\"n\"],\"mappings\":\"AACAA\"}}]}",
                             QString(), &error);
        QVERIFY2(map, qPrintable(error));
        QCOMPARE(map->sources, QStringList({"a.ts", "b.ts"}));
        QVERIFY(!map->at(1, 5));
        auto p = map->at(1, 10);
        QVERIFY(p);
        QCOMPARE(p->source, QStringLiteral("b.ts"));
        QCOMPARE(p->line, 1);
        QCOMPARE(p->name, QStringLiteral("n"));
        QCOMPARE(map->at(0, 3)->source, QStringLiteral("a.ts"));
    }

    // sourcesContent: per source, null where the map has none (short arrays, nulls), kept
    // through index maps; a set finds a source's text by its remapped (cleaned) name.
    void sourcesContent()
    {
        QString error;
        auto map = SourceMap::parse(
            "{\"version\":3,\"sections\":["
            "{\"offset\":{\"line\":0,\"column\":0},\"map\":{\"version\":3,"
            "\"sources\":[\"a.ts\",\"b.ts\"],\"sourcesContent\":[\"let a = 1;\\n\",null],"
            "\"names\":[],\"mappings\":\"AAAA\"}},"
            "{\"offset\":{\"line\":1,\"column\":0},\"map\":{\"version\":3,"
            "\"sources\":[\"./c.ts\",\"d.ts\"],\"sourcesContent\":[\"\u00e9\"],"
            "\"names\":[],\"mappings\":\"AAAA\"}}]}",
            QStringLiteral("/src"), &error);
        QVERIFY2(map, qPrintable(error));
        QCOMPARE(map->sources, QStringList({"/src/a.ts", "/src/b.ts", "/src/c.ts", "/src/d.ts"}));
        QCOMPARE(map->sourcesContent.size(), size_t(4));
        QCOMPARE(map->sourcesContent[0], QByteArray("let a = 1;\n"));
        QVERIFY(map->sourcesContent[1].isNull());
        QCOMPARE(map->sourcesContent[2], QByteArray("\xc3\xa9"));
        QVERIFY(map->sourcesContent[3].isNull());

        // The example's bundle map embeds every TypeScript file as it is on disk.
        SourceMapLoad load = loadSourceMaps({exampleDir() + QStringLiteral("/dist")});
        const std::string hash =
            QDir::cleanPath(exampleDir() + QStringLiteral("/src/hash.ts")).toStdString();
        QString from;
        QCOMPARE(load.maps.sourceContent(hash, &from),
                 test::readText(exampleDir() + QStringLiteral("/src/hash.ts")));
        QVERIFY(from.endsWith(QLatin1String(".js.map")));
        QVERIFY(load.maps.sourceContent("/elsewhere/hash.ts").isNull());
    }

    void badMaps_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << QByteArray("{\"version\":3,") << "not JSON";
        QTest::newRow("array") << QByteArray("[1]") << "not a JSON object";
        QTest::newRow("version 2")
            << QByteArray("{\"version\":2,\"mappings\":\"\"}") << "not a version 3";
        QTest::newRow("no mappings")
            << QByteArray("{\"version\":3,\"sources\":[]}") << "no \"mappings\"";
        QTest::newRow("bad digit")
            << QByteArray("{\"version\":3,\"sources\":[\"a\"],\"mappings\":\"A!AA\"}")
            << "not a Base64";
        QTest::newRow("source out of range")
            << QByteArray("{\"version\":3,\"sources\":[\"a\"],\"mappings\":\"AEAA\"}")
            << "source 2 of 1";
        QTest::newRow("name out of range")
            << QByteArray("{\"version\":3,\"sources\":[\"a\"],\"names\":[],\"mappings\":\"AAAAA\"}")
            << "name 0 of 0";
        QTest::newRow("two fields")
            << QByteArray("{\"version\":3,\"sources\":[\"a\"],\"mappings\":\"AA\"}") << "2 fields";
        QTest::newRow("negative")
            << QByteArray("{\"version\":3,\"sources\":[\"a\"],\"mappings\":\"AADA\"}")
            << "negative position";
        QTest::newRow("cut short")
            << QByteArray("{\"version\":3,\"sources\":[\"a\"],\"mappings\":\"AAAg\"}") << "VLQ";
    }

    void badMaps()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!SourceMap::parse(json, QString(), &error));
        QVERIFY2(error.contains(message), qPrintable(error));

        // Read from a file, the message names it.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.js.map"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(json);
        f.close();
        SourceMapLoad load = loadSourceMaps({dir.path()});
        QCOMPARE(load.maps.size(), size_t(0));
        QCOMPARE(load.errors.size(), 1);
        QVERIFY2(load.errors[0].startsWith(path + QStringLiteral(": ")),
                 qPrintable(load.errors[0]));
    }

    void detectedByContent()
    {
        QVERIFY(SourceMap::looksLikeSourceMap(kHandMap));
        QVERIFY(SourceMap::looksLikeSourceMap("{\"version\": 3, \"sections\": []}"));
        QVERIFY(!SourceMap::looksLikeSourceMap("{\"nodes\":[],\"samples\":[]}"));
        QVERIFY(!SourceMap::looksLikeSourceMap("main;foo 12\n"));
        // esbuild's order: the sources' text first, "mappings" far beyond the head.
        QVERIFY(SourceMap::looksLikeSourceMap("{\n  \"version\": 3,\n  \"sources\": [\"a.ts\"],\n"
                                              "  \"sourcesContent\": [\"...\"]"));
        QVERIFY(!SourceMap::looksLikeSourceMap("{\"version\": 3, \"nodes\": []}"));
        QVERIFY(isSourceMapFile(exampleDir() + QStringLiteral("/dist/worker.min.js.map")));
        QVERIFY(!isSourceMapFile(exampleDir() + QStringLiteral("/worker-min.cpuprofile")));
    }

    void scriptsMatchMaps()
    {
        SourceMapSet set;
        set.add({QStringLiteral("/build/dist/worker.js.map"),
                 {QStringLiteral("/build/dist/worker.js")},
                 handMap(),
                 nullptr});
        set.add({QStringLiteral("/other/worker.js.map"),
                 {QStringLiteral("/other/worker.js")},
                 handMap(),
                 nullptr});
        set.add(
            {QStringLiteral("/x/main.js.map"), {QStringLiteral("/x/main.js")}, handMap(), nullptr});
        QCOMPARE(set.find("/build/dist/worker.js"), 0);
        QCOMPARE(set.find("file:///srv/app/dist/worker.js"), 0); // dist/worker.js
        QCOMPARE(set.find("/srv/other/worker.js"), 1);
        QCOMPARE(set.find("https://cdn.example/static/main.js?v=3#x"), 2);
        QCOMPARE(set.find("webpack://app/dist/worker.js"), 0);
        QCOMPARE(set.find("worker.js"), 0); // a tie goes to the first
        QCOMPARE(set.find("/x/y/other.js"), -1);
        QCOMPARE(set.find(""), -1);
        int matched = 0;
        QCOMPARE(set.find("/srv/app/dist/worker.js", &matched), 0);
        QCOMPARE(matched, 2);

        // In one profile, the scripts that match a map best take it: a dependency's
        // file of the same name keeps its frames.
        SourceMapSet one;
        one.add({QStringLiteral("/build/dist/index.js.map"),
                 {QStringLiteral("/build/dist/index.js")},
                 handMap(),
                 nullptr});
        Profile p;
        p.strings = {"", "/app/dist/index.js", "/app/node_modules/dep/index.js", "abc"};
        p.functions = {{1, 3, 0, 1, 1}, {2, 3, 0, 2, 1}};
        // "abc" ends right before column 13 (1-based), where the map names "foo".
        p.lines = {{0, 1, 13}, {1, 1, 13}};
        RemapStats stats;
        auto out = remapProfile(p, one, &stats);
        QCOMPARE(stats.framesRemapped, 1);
        QCOMPARE(out->str(out->functions[out->lines[0].function].name), std::string("foo"));
        QCOMPARE(out->lines[1].function, 1u); // untouched
    }

    void remapsCpuProfile()
    {
        SourceMapLoad maps = loadSourceMaps({exampleDir() + QStringLiteral("/dist")});
        QVERIFY(maps.errors.isEmpty());
        QCOMPARE(maps.maps.size(), size_t(2));
        RemapStats stats;
        OpenResult r = openRemappedCapture(
            {exampleDir() + QStringLiteral("/worker-min.cpuprofile")}, {}, maps.maps, &stats);
        QVERIFY2(r.capture, qPrintable(r.error));
        QCOMPARE(stats.mapsUsed, std::set<size_t>({1})); // dist/worker.min.js.map
        QVERIFY(stats.framesRemapped >= 8);
        QCOMPARE(stats.approximate, 0); // every frame has a column

        compareWithExpected(*r.capture, QStringLiteral("/expected-worker-min.tsv"));
        if (QTest::currentTestFailed())
            return;
        const auto got = totalsByName(*r.capture);
        // No minified name of the bundle is left (they are one or two letters there).
        for (const auto &[name, totals] : got)
            QVERIFY2(name.size() > 2 || name.startsWith(QLatin1Char('(')), qPrintable(name));
    }

    void remapsLineOnlyPprof()
    {
        SourceMapLoad maps = loadSourceMaps({exampleDir() + QStringLiteral("/dist")});
        RemapStats stats;
        OpenResult r = openRemappedCapture(
            {exampleDir() + QStringLiteral("/worker-lines-time.pb.gz")}, {}, maps.maps, &stats);
        QVERIFY2(r.capture, qPrintable(r.error));
        QCOMPARE(stats.mapsUsed, std::set<size_t>({0})); // dist/worker.lines.js.map
        QVERIFY(stats.framesRemapped >= 8);

        compareWithExpected(*r.capture, QStringLiteral("/expected-worker-lines.tsv"));
        if (QTest::currentTestFailed())
            return;
    }

    // A .cpuprofile's positionTicks inside a bundled function: the ticks on a body line
    // are the original function's (named by its own frame, which has a column) at the
    // original line. Hand-checked: worker.lines.js:41 `function x(r)` is hash.ts:2
    // fnv1a; its lines 44 and 45 are hash.ts:5 `h ^= text.charCodeAt(i)` and hash.ts:8
    // `return h >>> 0`.
    void remapsSampledLines()
    {
        QTemporaryDir dir;
        const QString profile = dir.filePath(QStringLiteral("ticks.cpuprofile"));
        QFile f(profile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // (Plain literals: moc reads this file, and a multi-line raw string confuses it.)
        f.write("{\"nodes\": ["
                "{\"id\": 1, \"callFrame\": {\"functionName\": \"(root)\", \"url\": \"\","
                " \"lineNumber\": -1, \"columnNumber\": -1}, \"children\": [2]},"
                "{\"id\": 2, \"callFrame\": {\"functionName\": \"x\","
                " \"url\": \"file:///build/dist/worker.lines.js\", \"lineNumber\": 40,"
                " \"columnNumber\": 10}, \"positionTicks\": [{\"line\": 44, \"ticks\": 3},"
                " {\"line\": 45, \"ticks\": 2}]}],"
                " \"startTime\": 0, \"endTime\": 6000, \"samples\": [2, 2, 2, 2, 2, 2],"
                " \"timeDeltas\": [1000, 1000, 1000, 1000, 1000, 1000]}");
        f.close();
        SourceMapLoad maps = loadSourceMaps({exampleDir() + QStringLiteral("/dist")});
        OpenOptions options;
        options.model.granularity = Granularity::Lines;
        RemapStats stats;
        OpenResult r = openRemappedCapture({profile}, options, maps.maps, &stats);
        QVERIFY2(r.capture, qPrintable(r.error));
        QCOMPARE(stats.approximate, 0);
        const StackTable &t = *r.capture->stacks;
        std::map<std::string, int64_t> flat;
        for (uint32_t frame = 0; frame < t.frameCount(); ++frame) {
            const std::string file = t.strings[t.frames[frame].file];
            flat[t.strings[t.frames[frame].name] + " " + file.substr(file.rfind('/') + 1) + ":" +
                 std::to_string(t.frames[frame].line)] += r.capture->functions->flat(frame, 0);
        }
        QCOMPARE(flat.at("fnv1a hash.ts:5"), int64_t(3));
        QCOMPARE(flat.at("fnv1a hash.ts:8"), int64_t(2));
        QCOMPARE(flat.at("fnv1a hash.ts:2"), int64_t(1)); // the tick no line claims
        for (const auto &[frame, value] : flat)
            QVERIFY2(frame.starts_with("fnv1a "), frame.c_str()); // no "x" left over
    }

    void declarationsByName()
    {
        using D = SourceMap::Declaration;
        auto cols = [](const QString &line, const QString &name) {
            QList<QPair<int64_t, int64_t>> out;
            for (const D &d : SourceMap::findDeclarations(line, name))
                out << qMakePair(d.nameColumn, d.column);
            return out;
        };
        using L = QList<QPair<int64_t, int64_t>>;
        const QString decl = QStringLiteral("function a(b){return b}function bb(a){}");
        QCOMPARE(cols(decl, "a"), L({{9, 10}}));
        QCOMPARE(cols(decl, "bb"), L({{32, 34}}));
        QCOMPARE(cols(decl, "b"), L()); // a parameter, not a function
        // Arrows (defaults in parentheses too); a call is no declaration.
        QCOMPARE(cols("var a=(b,c=(1))=>b,d=a(1);", "a"), L({{4, 6}}));
        QCOMPARE(cols("a=async e=>e", "a"), L({{0, 8}}));
        QCOMPARE(cols("a=(1+2)*3", "a"), L()); // an assignment, not a function
        QCOMPARE(cols("let a=function*(){}", "a"), L({{4, 15}}));
        QCOMPARE(cols("x.a=function(){}", "a"), L()); // a property: V8 names it x.a
        QCOMPARE(cols("class K{a(b){}}", "a"), L({{8, 9}}));
        QCOMPARE(cols("if(a(b)){}", "a"), L());
        QCOMPARE(cols("while(c)$a(b);", "$a"), L());
        // A name a minifier reused in two scopes: both, in order.
        QCOMPARE(cols("function f(){function a(){}}function g(){function a(){}}", "a"),
                 L({{22, 23}, {50, 51}}));
    }

    void lineOnlyFramesFindTheirDeclaration()
    {
        // The fully minified bundle without columns: everything is on line 1. With the
        // generated file beside the map, each frame finds its function by its generated
        // name, and the totals are those of the frames with columns.
        SourceMapLoad maps = loadSourceMaps({exampleDir() + QStringLiteral("/dist")});
        QVERIFY(maps.maps.at(1).generatedLines);
        OpenOptions options;
        options.rewrite = [](std::shared_ptr<Profile> p) {
            for (Line &line : p->lines)
                line.column = 0;
            return p;
        };
        OpenResult plain =
            openCapture({exampleDir() + QStringLiteral("/worker-min.cpuprofile")}, options);
        QVERIFY(plain.capture);
        RemapStats stats;
        auto remapped = remapProfile(*plain.capture->profiles[0], maps.maps, &stats);
        QVERIFY(stats.framesRemapped >= 8);
        QCOMPARE(stats.approximate, 2); // the two anonymous functions: no name to look for
        // The rest of the profile is as it was.
        QCOMPARE(remapped->sampleValues, plain.capture->profiles[0]->sampleValues);
        std::string error;
        auto table = StackTable::build({remapped}, {}, &error);
        QVERIFY(table);
        Capture capture;
        capture.stacks = std::make_shared<const StackTable>(std::move(*table));
        capture.functions =
            std::make_shared<const FunctionTable>(FunctionTable::build(*capture.stacks));
        const auto got = totalsByName(capture);
        for (const auto &[name, totals] :
             readExpected(exampleDir() + QStringLiteral("/expected-worker-min.tsv")))
            QCOMPARE(got.at(name), totals);

        // Without the generated file, only the line is left: every frame is a guess.
        QTemporaryDir dir;
        QVERIFY(QFile::copy(exampleDir() + QStringLiteral("/dist/worker.min.js.map"),
                            dir.filePath(QStringLiteral("worker.min.js.map"))));
        SourceMapLoad alone = loadSourceMaps({dir.path()});
        QVERIFY(!alone.maps.at(0).generatedLines);
        RemapStats guessed;
        remapProfile(*plain.capture->profiles[0], alone.maps, &guessed);
        QCOMPARE(guessed.framesRemapped, stats.framesRemapped);
        QCOMPARE(guessed.approximate, guessed.framesRemapped);
        QVERIFY(!guessed.approximateFunctions.empty());
    }

    void remappedExportReadsBack()
    {
        SourceMapLoad maps = loadSourceMaps({exampleDir() + QStringLiteral("/dist")});
        RemapStats stats;
        OpenOptions lines;
        lines.model.granularity = Granularity::Lines;
        OpenResult r = openRemappedCapture(
            {exampleDir() + QStringLiteral("/worker-min.cpuprofile")}, lines, maps.maps, &stats);
        QVERIFY(r.capture);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("remapped.pb.gz"));
        QString error;
        QVERIFY2(writePprof(*r.capture->stacks, out, &error), qPrintable(error));
        OpenOptions files;
        files.model.granularity = Granularity::FileFunctions;
        OpenResult back = openCapture({out}, files);
        QVERIFY2(back.capture, qPrintable(back.error));
        const auto expected =
            readExpected(exampleDir() + QStringLiteral("/expected-worker-min.tsv"));
        const auto got = totalsByName(*back.capture);
        for (const auto &[name, totals] : expected)
            QCOMPARE(got.at(name), totals);
        // The original file names and lines come along.
        const StackTable &t = *back.capture->stacks;
        bool parseTs = false;
        for (const Frame &f : t.frames)
            parseTs = parseTs || QString::fromStdString(t.strings[f.file]).endsWith("src/parse.ts");
        QVERIFY(parseTs);
    }

    void mapsBesideScripts()
    {
        // A capture whose script path exists: its .map is found beside it.
        QTemporaryDir dir;
        const QString script = dir.filePath(QStringLiteral("worker.min.js"));
        QVERIFY(QFile::copy(exampleDir() + QStringLiteral("/dist/worker.min.js"), script));
        QVERIFY(QFile::copy(exampleDir() + QStringLiteral("/dist/worker.min.js.map"),
                            script + QStringLiteral(".map")));
        auto p = std::make_shared<Profile>();
        p->strings.push_back("file://" + script.toStdString());
        p->strings.push_back("/nonexistent/x.js");
        p->functions.push_back({1, 0, 0, 1, 1});
        p->functions.push_back({2, 0, 0, 2, 1});
        QCOMPARE(sourceMapsBesideScripts({p}), QStringList({script + QStringLiteral(".map")}));

        // Named by the sourceMappingURL comment instead.
        QVERIFY(QFile::rename(script + QStringLiteral(".map"), dir.filePath("maps.json")));
        QFile f(script);
        QVERIFY(f.open(QIODevice::Append));
        f.write("\n//# sourceMappingURL=maps.json\n");
        f.close();
        QCOMPARE(sourceMapsBesideScripts({p}), QStringList({dir.filePath("maps.json")}));
    }
};

QTEST_GUILESS_MAIN(TestSourceMap)
#include "tst_sourcemap.moc"
