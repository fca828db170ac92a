// The hot line: `embers --list` against `go tool pprof -list` references of Go and Node
// programs written for it (tests/data/source-list), pprof's path rules (Go's Clean, its
// -trim_path and -source_path search), the window's further search (GOROOT, the module
// cache, the profile's folder, the user's located prefixes), and source files that are
// not source: binary, invalid UTF-8, megabyte lines, folders, pipes, `..`.
#include "GoFolders.h"
#include "LineCosts.h"
#include "PageSources.h"
#include "ProfileBuilder.h"
#include "ProgramRuns.h"
#include "RequiredTool.h"
#include "SourcePaths.h"
#include "SourceText.h"
#include "TestData.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include <optional>

#include <sys/stat.h>

using namespace embers;
using namespace embers::test;

namespace {

// `b`'s profile at lines granularity; no table (and a failure) when it does not build.
std::optional<StackTable> atLines(const ProfileBuilder &b, std::string *error)
{
    const LoadResult loaded = b.load();
    if (!loaded.profile) {
        *error = "the profile does not load";
        return std::nullopt;
    }
    StackTableOptions options;
    options.granularity = Granularity::Lines;
    return StackTable::build({loaded.profile}, options, error);
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

// pprof's flags as embers spells them.
QStringList embersFlags(const QString &pprofFlags)
{
    static const std::pair<const char *, const char *> renamed[] = {
        {"-list=", "--list="},           {"-source_path=", "--source-path="},
        {"-trim_path=", "--trim-path="}, {"-sample_index=", "--sample-index="},
        {"-focus=", "--focus="},         {"-hide=", "--hide="},
        {"-noinlines", "--noinlines"},   {"-diff_base=", "--diff-base="},
    };
    QStringList out;
    for (QString arg : pprofFlags.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        for (const auto &[from, to] : renamed) {
            if (arg.startsWith(QLatin1String(from))) {
                arg = QLatin1String(to) + arg.mid(int(std::strlen(from)));
                break;
            }
        }
        out << arg;
    }
    return out;
}

} // namespace

class TestSourceList : public QObject
{
    Q_OBJECT
private slots:
    void matchesGoToolPprof();
    void listUsageErrors();
    void listNeverHangsOnOddFiles();
    void cleanPathAsGo();
    void trimPathAsPprof();
    void windowSearchFindsGoAndProfileFolders();
    void goFoldersFromTheEnvironmentFirst();
    void locatedPrefixRemembersFolders();
    void readsOddSourcesSafely();
    void lineCostsOfInlinedCode();
    void pageSourcesOfFarApartLines();
};

void TestSourceList::matchesGoToolPprof()
{
    const QString dir = testData() + QStringLiteral("/source-list/");
    const QList<QByteArray> rows = readText(dir + QStringLiteral("manifest.tsv")).split('\n');
    int count = 0;
    for (const QByteArray &row : rows.mid(1)) {
        const QList<QByteArray> f = row.split('\t');
        if (f.size() < 4)
            continue;
        const QString flags = QString::fromUtf8(f[0]);
        const QByteArray expected = readText(dir + QString::fromUtf8(f[1]));
        const int status = f[2].toInt();
        const EmbersRun r = runEmbers(embersFlags(flags), dir);
        QVERIFY2(r.status == status, qPrintable(QStringLiteral("%1: exit %2, pprof's %3; %4")
                                                    .arg(flags)
                                                    .arg(r.status)
                                                    .arg(status)
                                                    .arg(r.err)));
        if (status == 0) {
            if (r.out.toUtf8() != expected) {
                qWarning().noquote() << "embers:\n" << r.out << "\npprof:\n" << expected;
                QFAIL(qPrintable(
                    QStringLiteral("%1: not as %2").arg(flags, QString::fromUtf8(f[3]))));
            }
            // The Node profile as recorded lists as its pprof conversion does.
            if (flags.endsWith(QLatin1String("node-cpu.pb.gz"))) {
                QStringList args = embersFlags(flags);
                args.last() = QStringLiteral("node-cpu.cpuprofile");
                const EmbersRun v8 = runEmbers(args, dir);
                QCOMPARE(v8.status, 0);
                QCOMPARE(v8.out, r.out);
            }
        } else {
            // pprof's message, on standard error as pprof prints it.
            QVERIFY2(r.err.contains(QStringLiteral("no matches found for regexp: ")),
                     qPrintable(r.err));
            QVERIFY(r.out.isEmpty());
        }
        ++count;
    }
    QVERIFY2(count >= 10, "source-list/manifest.tsv lists too few references");

    // V8's positionTicks: Node's costs are on the lines that ran, not only on each
    // function's first line (pprof's listing of the conversion shows them).
    int costlyLines = 0;
    for (const QByteArray &line : readText(dir + QStringLiteral("node-all.txt")).split('\n')) {
        if (line.contains("parts.push(") || line.contains("parts.join("))
            costlyLines += line.trimmed().startsWith('.') ? 0 : 1;
    }
    QCOMPARE(costlyLines, 2);
}

void TestSourceList::listUsageErrors()
{
    const QString profile = testData() + QStringLiteral("/source-list/go-cpu-trimpath.pb.gz");
    const struct
    {
        QStringList args;
        const char *says;
    } cases[] = {
        {{QStringLiteral("--source-path=/tmp"), QStringLiteral("--top"), profile},
         "goes with --list"},
        {{QStringLiteral("--list=main"), QStringLiteral("--top"), profile}, "--list"},
        {{QStringLiteral("--list=main("), profile}, "not a valid regular expression"},
        {{QStringLiteral("--list=main"), QStringLiteral("--granularity=functions"), profile},
         "--granularity"},
        {{QStringLiteral("--list=main")}, "needs at least one FILE"},
    };
    for (const auto &c : cases) {
        const EmbersRun r = runEmbers(c.args);
        QVERIFY2(r.status == 2,
                 qPrintable(c.args.join(QLatin1Char(' ')) + QStringLiteral(": ") + r.err));
        QVERIFY2(r.err.contains(QLatin1String(c.says)), qPrintable(r.err));
    }
    // A profile that is not one: exit 1, the file named.
    const EmbersRun bad =
        runEmbers({QStringLiteral("--list=."), QStringLiteral("/nonexistent.pb.gz")});
    QCOMPARE(bad.status, 1);
    QVERIFY2(bad.err.contains(QStringLiteral("/nonexistent.pb.gz")), qPrintable(bad.err));
}

void TestSourceList::listNeverHangsOnOddFiles()
{
    // A profile whose functions live in a folder, a pipe, a binary file and a file of one
    // 3 MB line. pprof reads a folder as empty, would block on the pipe, prints a binary
    // file's lines and stops at a line over 64 KiB; embers the same, never blocking.
    QTemporaryDir tmp;
    const QString d = tmp.path();
    QDir().mkpath(d + QStringLiteral("/folder.go"));
    QCOMPARE(::mkfifo(QFile::encodeName(d + QStringLiteral("/pipe.go")).constData(), 0600), 0);
    writeFile(d + QStringLiteral("/binary.go"), QByteArray("\x7f"
                                                           "ELF\0\0\n\x01\x02\n",
                                                           11));
    writeFile(d + QStringLiteral("/long.js"),
              QByteArray("short\n") + QByteArray(3 << 20, 'x') + QByteArray("\nafter\n"));
    ProfileBuilder b;
    b.sampleType("samples", "count");
    const std::string base = d.toStdString();
    for (const char *file : {"folder.go", "pipe.go", "binary.go", "long.js"}) {
        const std::string name = std::string("fn_") + file;
        const uint64_t loc = b.location({{name, 2}}, base + "/" + file);
        b.sampleIds({loc}, {5});
    }
    writeFile(d + QStringLiteral("/odd.pb.gz"), b.gzip());
    QElapsedTimer timer;
    timer.start();
    const EmbersRun r = runEmbers({QStringLiteral("--list=fn_"), d + QStringLiteral("/odd.pb.gz")});
    QCOMPARE(r.status, 0);
    QVERIFY2(timer.elapsed() < 60000, "--list took a minute");
    for (const char *file : {"folder.go", "pipe.go", "binary.go", "long.js"})
        QVERIFY2(r.out.contains(QStringLiteral("ROUTINE ======================== fn_%1 in %2/%1")
                                    .arg(QLatin1String(file), d)),
                 qPrintable(r.out));
    // The binary file's second line is listed (as pprof lists it); the long file stops
    // before its long line, so neither it nor line 2 is printed.
    QVERIFY2(r.out.contains(QStringLiteral("      2:\u0001\u0002")), qPrintable(r.out));
    QVERIFY(!r.out.contains(QStringLiteral("xxxxxxxx")));
    QVERIFY(r.out.contains(QStringLiteral("      1:short")));
}

void TestSourceList::cleanPathAsGo()
{
    // Go's filepath.Clean examples and edge cases.
    const std::pair<const char *, const char *> cases[] = {
        {"", "."},
        {"abc", "abc"},
        {"abc/def/", "abc/def"},
        {"a//b/./c/", "a/b/c"},
        {"abc/def/../ghi", "abc/ghi"},
        {"abc/../..", ".."},
        {"../../abc", "../../abc"},
        {"/../abc", "/abc"},
        {"/..", "/"},
        {"/", "/"},
        {"./", "."},
        {"abc/./../def", "def"},
        {"file:///srv/app.js", "file:/srv/app.js"},
    };
    for (const auto &[in, out] : cases)
        QCOMPARE(cleanPath(in), std::string(out));
}

void TestSourceList::trimPathAsPprof()
{
    // pprof's trimPath: the configured prefixes, with or without their slash...
    QCOMPARE(pprofTrimPath("/build/src/app/main.go", "/build/src", ""), std::string("app/main.go"));
    QCOMPARE(pprofTrimPath("/build/src/app/main.go", "/x:/build/src/", ""),
             std::string("app/main.go"));
    QCOMPARE(pprofTrimPath("/build/srcx/main.go", "/build/src", ""),
             std::string("/build/srcx/main.go"));
    // ...Bazel's /proc/self/cwd, always...
    QCOMPARE(pprofTrimPath("/proc/self/cwd/./a/b.cc", "", "/none"), std::string("a/b.cc"));
    QCOMPARE(pprofTrimPath("/proc/self/cwd/a/b.cc", "/other", ""), std::string("a/b.cc"));
    // ...and, with none configured, the search folders' names found in the path.
    QCOMPARE(pprofTrimPath("/remote/path/my-project/foo/bar.c", "", "/local/my-project"),
             std::string("foo/bar.c"));
    QCOMPARE(pprofTrimPath("/remote/path/my-project/foo/bar.c", "/nothing", "/local/my-project"),
             std::string("/remote/path/my-project/foo/bar.c"));
    // pprof's search: an absolute path must exist; a relative one is tried below each
    // folder and its parents, and the error names the path and the folders.
    QTemporaryDir tmp;
    writeFile(tmp.path() + QStringLiteral("/proj/pkg/a.go"), "package pkg\n");
    const std::string root = tmp.path().toStdString();
    SourceLookup found = findSourceAsPprof("pkg/a.go", root + "/proj/deep/er", "");
    QCOMPARE(found.path, root + "/proj/pkg/a.go");
    found = findSourceAsPprof("pkg/b.go", root + "/proj", "");
    QCOMPARE(found.path, std::string());
    QCOMPARE(found.error, "could not find file pkg/b.go on path " + root + "/proj");
    found = findSourceAsPprof(root + "/proj/nope.go", ".", "");
    QCOMPARE(found.error, "open " + root + "/proj/nope.go: no such file or directory");
}

void TestSourceList::windowSearchFindsGoAndProfileFolders()
{
    QTemporaryDir tmp;
    const QString t = tmp.path();
    writeFile(t + QStringLiteral("/goroot/src/runtime/proc.go"), "package runtime\n");
    writeFile(t + QStringLiteral("/modcache/github.com/x/y@v1.2.3/z.go"), "package y\n");
    writeFile(t + QStringLiteral("/captures/service/main.go"), "package main\n");
    writeFile(t + QStringLiteral("/captures/handler.go"), "package main\n");
    const std::string r = t.toStdString();
    SourceRoots roots;
    roots.searchPath = r + "/empty";
    roots.goRoot = r + "/goroot";
    roots.goModCache = r + "/modcache";
    roots.profileFolders = {r + "/captures"};
    // GOROOT, from another machine's GOROOT and from a -trimpath build.
    QCOMPARE(findSource("/usr/local/go/src/runtime/proc.go", roots).found,
             r + "/goroot/src/runtime/proc.go");
    QCOMPARE(findSource("runtime/proc.go", roots).found, r + "/goroot/src/runtime/proc.go");
    // The module cache, from another machine's GOPATH and from a -trimpath build.
    QCOMPARE(findSource("/home/ci/go/pkg/mod/github.com/x/y@v1.2.3/z.go", roots).found,
             r + "/modcache/github.com/x/y@v1.2.3/z.go");
    QCOMPARE(findSource("github.com/x/y@v1.2.3/z.go", roots).found,
             r + "/modcache/github.com/x/y@v1.2.3/z.go");
    // Relative names below the profile's folder; a file of the same name beside it.
    QCOMPARE(findSource("service/main.go", roots).found, r + "/captures/service/main.go");
    QCOMPARE(findSource("/build/agent/work/handler.go", roots).found, r + "/captures/handler.go");
    // `..` in a recorded name is resolved, never used to climb out of the search folder.
    QCOMPARE(findSource("../../../captures/service/main.go", roots).found, std::string());
    // Nothing found: every candidate is listed, once, for the placeholder.
    const SourceSearch missing = findSource("/nowhere/lost.go", roots);
    QVERIFY(missing.found.empty());
    QVERIFY(missing.tried.size() >= 2);
    QCOMPARE(missing.tried.front(), std::string("/nowhere/lost.go"));
    QCOMPARE(std::set<std::string>(missing.tried.begin(), missing.tried.end()).size(),
             missing.tried.size());
    // A folder is never taken for the file.
    QDir().mkpath(t + QStringLiteral("/captures/dir.go"));
    QCOMPARE(findSource("dir.go", roots).found, std::string());
}

void TestSourceList::goFoldersFromTheEnvironmentFirst()
{
    QTemporaryDir tmp;
    const QString root = tmp.filePath(QStringLiteral("goroot"));
    const QString modCache = tmp.filePath(QStringLiteral("modcache"));
    const QString noGo = tmp.filePath(QStringLiteral("bin"));
    QVERIFY(QDir().mkpath(noGo));
    // Both set: taken as they are, with no `go` to ask (a PATH without it).
    QProcessEnvironment env;
    env.insert(QStringLiteral("GOROOT"), root);
    env.insert(QStringLiteral("GOMODCACHE"), modCache);
    env.insert(QStringLiteral("PATH"), noGo);
    GoFolders folders = goFoldersFrom(env);
    QCOMPARE(folders.root, root.toStdString());
    QCOMPARE(folders.modCache, modCache.toStdString());
    // Neither set and no Go: nothing, and no error.
    env.remove(QStringLiteral("GOROOT"));
    env.remove(QStringLiteral("GOMODCACHE"));
    folders = goFoldersFrom(env);
    QCOMPARE(folders.root, std::string());
    QCOMPARE(folders.modCache, std::string());

    EMBERS_REQUIRE_TOOL(!QStandardPaths::findExecutable(QStringLiteral("go")).isEmpty(),
                        "Go (Debian's golang-go)");
    // One set, the other from `go env` in the same environment: what Go itself says.
    QProcessEnvironment withGo = QProcessEnvironment::systemEnvironment();
    withGo.remove(QStringLiteral("GOMODCACHE"));
    withGo.insert(QStringLiteral("GOROOT"), QString());
    withGo.insert(QStringLiteral("GOPATH"), tmp.filePath(QStringLiteral("gopath")));
    const auto goEnv = [&](const QString &name) {
        QProcess go;
        go.setProcessEnvironment(withGo);
        go.start(QStringLiteral("go"), {QStringLiteral("env"), name});
        return go.waitForFinished(30000)
                   ? QString::fromLocal8Bit(go.readAllStandardOutput()).trimmed().toStdString()
                   : std::string("go env did not finish");
    };
    // An empty GOROOT is an unset one, to Go and here.
    folders = goFoldersFrom(withGo);
    QVERIFY(!folders.root.empty());
    QCOMPARE(folders.root, goEnv(QStringLiteral("GOROOT")));
    QCOMPARE(folders.modCache, goEnv(QStringLiteral("GOMODCACHE")));
    withGo.insert(QStringLiteral("GOROOT"), root);
    folders = goFoldersFrom(withGo);
    QCOMPARE(folders.root, root.toStdString());
    QCOMPARE(folders.modCache, goEnv(QStringLiteral("GOMODCACHE")));
}

void TestSourceList::locatedPrefixRemembersFolders()
{
    const auto [from, to] =
        locatedPrefix("/build/agent/app/src/main.go", "/home/me/app/src/main.go");
    QCOMPARE(from, std::string("/build/agent/"));
    QCOMPARE(to, std::string("/home/me/"));
    QCOMPARE(locatedPrefix("/a/x.go", "/b/y.go"), (std::pair<std::string, std::string>()));
    // The answer is used for the other files under that prefix.
    QTemporaryDir tmp;
    writeFile(tmp.path() + QStringLiteral("/app/src/util.go"), "package main\n");
    SourceRoots roots;
    roots.prefixes = {{"/build/agent/", tmp.path().toStdString() + "/"}};
    QCOMPARE(findSource("/build/agent/app/src/util.go", roots).found,
             tmp.path().toStdString() + "/app/src/util.go");
}

void TestSourceList::readsOddSourcesSafely()
{
    QTemporaryDir tmp;
    const QString t = tmp.path();
    // CRLF lines, a missing final newline.
    writeFile(t + QStringLiteral("/crlf.go"), "one\r\ntwo\r\nthree");
    SourceText s = readSourceText(t + QStringLiteral("/crlf.go"));
    QCOMPARE(s.status, SourceText::Status::Ok);
    QCOMPARE(s.lineCount(), 3);
    QCOMPARE(s.line(2), QStringLiteral("two"));
    QCOMPARE(s.line(3), QStringLiteral("three"));
    QVERIFY(s.line(4).isEmpty());
    QVERIFY(s.line(0).isEmpty());
    // Invalid UTF-8 shows as U+FFFD, and is said.
    writeFile(t + QStringLiteral("/latin1.js"), "// caf\xe9\nok\n");
    s = readSourceText(t + QStringLiteral("/latin1.js"));
    QCOMPARE(s.status, SourceText::Status::Ok);
    QVERIFY(s.invalidUtf8);
    QCOMPARE(s.line(1), QStringLiteral("// caf\ufffd"));
    // A megabyte line: its length known, what is drawn cut.
    writeFile(t + QStringLiteral("/bundle.js"), "a\n" + QByteArray(2 << 20, 'x') + "\nb\n");
    s = readSourceText(t + QStringLiteral("/bundle.js"));
    QCOMPARE(s.lineCount(), 3);
    QCOMPARE(s.longestLine, qsizetype(2 << 20));
    QCOMPARE(s.lineLength(2), qsizetype(2 << 20));
    QCOMPARE(s.line(2).size(), qsizetype(4096));
    QCOMPARE(s.line(3), QStringLiteral("b"));
    // Binary, too large, a folder, a pipe, nothing there.
    writeFile(t + QStringLiteral("/a.out"), QByteArray("\x7f"
                                                       "ELF\0\0\0",
                                                       7));
    QCOMPARE(readSourceText(t + QStringLiteral("/a.out")).status, SourceText::Status::Binary);
    QCOMPARE(readSourceText(t + QStringLiteral("/bundle.js"), 1000).status,
             SourceText::Status::TooLarge);
    QCOMPARE(readSourceText(t).status, SourceText::Status::Folder);
    QCOMPARE(::mkfifo(QFile::encodeName(t + QStringLiteral("/fifo")).constData(), 0600), 0);
    QCOMPARE(readSourceText(t + QStringLiteral("/fifo")).status, SourceText::Status::Special);
    QVERIFY(readLinesAsPprof(QString(t + QStringLiteral("/fifo")).toStdString()).empty());
    QCOMPARE(readSourceText(t + QStringLiteral("/none.go")).status, SourceText::Status::Missing);
    // `..` in the path is the file's own business: it reads what is there.
    QCOMPARE(readSourceText(t + QStringLiteral("/sub/../crlf.go")).status,
             SourceText::Status::Missing); // "sub" does not exist
    QDir().mkpath(t + QStringLiteral("/sub"));
    QCOMPARE(readSourceText(t + QStringLiteral("/sub/../crlf.go")).lineCount(), 3);
    // pprof's reading: '\r' dropped at the end of a line only, a long line ends it.
    writeFile(t + QStringLiteral("/scan.txt"), "a\r\nb\rc\n" + QByteArray(70000, 'y') + "\nz\n");
    const std::vector<std::string> lines =
        readLinesAsPprof(QString(t + QStringLiteral("/scan.txt")).toStdString());
    QCOMPARE(lines, (std::vector<std::string>{"a", "b\rc"}));
}

void TestSourceList::lineCostsOfInlinedCode()
{
    // Hand-checked: leaf() inlined into mid() at mid.go:12, called from main at 3.
    ProfileBuilder b;
    b.sampleType("samples", "count");
    const uint64_t inl = b.location({{"leaf", 7}, {"mid", 12}}, "a.go");
    const uint64_t mid = b.location({{"mid", 14}}, "a.go");
    const uint64_t top = b.location({{"main", 3}}, "a.go");
    b.sampleIds({inl, top}, {10});
    b.sampleIds({mid, top}, {4});
    b.sampleIds({top}, {1});
    std::string error;
    const std::optional<StackTable> stacks = atLines(b, &error);
    QVERIFY2(stacks, error.c_str());
    const FunctionTable functions = FunctionTable::build(*stacks);
    const std::vector<FunctionSource> fns = functionSources(*stacks, functions, 0);
    QCOMPARE(fns.size(), size_t(3));
    QCOMPARE(fns[0].name, std::string("leaf"));
    QCOMPARE(fns[0].lines.size(), size_t(1));
    QCOMPARE(fns[0].lines[0].line, int64_t(7));
    QCOMPARE(fns[0].lines[0].flat, int64_t(10));
    QCOMPARE(fns[1].name, std::string("main"));
    QCOMPARE(fns[1].cum, int64_t(15));
    QCOMPARE(fns[1].flat, int64_t(1));
    QCOMPARE(fns[2].name, std::string("mid"));
    QCOMPARE(fns[2].lines.size(), size_t(2));
    QCOMPARE(fns[2].lines[0].line, int64_t(12));
    QCOMPARE(fns[2].lines[0].flat, int64_t(0));
    QCOMPARE(fns[2].lines[0].cum, int64_t(10));
    QCOMPARE(fns[2].lines[1].flat, int64_t(4));
    // The file's costs over its functions: a line keeps each function's share once.
    const std::vector<LineCost> file = fileLineCosts(fns, "a.go");
    QCOMPARE(file.size(), size_t(4));
    QCOMPARE(file[0].line, int64_t(3));
    QCOMPARE(file[0].cum, int64_t(15));
    QCOMPARE(listedRange(fns[2]), (std::pair<int64_t, int64_t>(7, 19)));
}

// A shared page's lines (hand-checked): pprof's range when it is a function's size; 5 lines
// around each costly line when two are thousands apart; a costly line past the file's end
// still shown; line numbers no file has are left out, never allocated for.
void TestSourceList::pageSourcesOfFarApartLines()
{
    ProfileBuilder b;
    b.sampleType("samples", "count");
    const uint64_t near = b.location({{"near", 3}}, "near.go");
    const uint64_t nearPast = b.location({{"near", 12}}, "near.go"); // the file has 10 lines
    const uint64_t farA = b.location({{"far", 3}}, "far.go");
    const uint64_t farB = b.location({{"far", 4000}}, "far.go");
    const uint64_t huge = b.location({{"far", int64_t(1) << 40}}, "far.go");
    b.sampleIds({near}, {1});
    b.sampleIds({nearPast}, {2});
    b.sampleIds({farA}, {3});
    b.sampleIds({farB}, {4});
    b.sampleIds({huge}, {5});
    std::string error;
    const std::optional<StackTable> stacks = atLines(b, &error);
    QVERIFY2(stacks, error.c_str());
    const FunctionTable functions = FunctionTable::build(*stacks);
    const auto lines = [](int count) {
        QByteArray text;
        for (int n = 1; n <= count; ++n)
            text += "line " + QByteArray::number(n) + '\n';
        return text;
    };
    const PageSources sources = collectPageSources(*stacks, functions, [&](std::string_view file) {
        const int count = file == "near.go" ? 10 : 5000;
        return FoundSource{std::make_shared<const SourceText>(sourceTextFromBytes(
                               lines(count), QString::fromUtf8(file.data(), file.size()))),
                           {}};
    });
    QCOMPARE(sources.blocks.size(), size_t(2));
    const PageSourceBlock &far = sources.blocks[0], &nearBlock = sources.blocks[1];
    QCOMPARE(far.name, std::string("far"));
    std::vector<int64_t> expected;
    for (int64_t n = 1; n <= 8; ++n)
        expected.push_back(n);
    for (int64_t n = 3995; n <= 4005; ++n)
        expected.push_back(n);
    QCOMPARE(far.lines, expected);
    QCOMPARE(far.text.size(), far.lines.size());
    QCOMPARE(far.text[2], std::string("line 3"));
    QCOMPARE(far.text[8 + 5], std::string("line 4000"));
    QCOMPARE(far.flat[0][2], int64_t(3));
    QCOMPARE(far.flat[0][8 + 5], int64_t(4));
    QCOMPARE(far.functionFlat[0], int64_t(3 + 4 + 5)); // the function keeps all its cost

    // near.go: 1..10, then 12, past the end, with its cost and no text.
    expected = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12};
    QCOMPARE(nearBlock.lines, expected);
    QCOMPARE(nearBlock.text.back(), std::string());
    QCOMPARE(nearBlock.cum[0].back(), int64_t(2));
}

QTEST_GUILESS_MAIN(TestSourceList)
#include "tst_sourcelist.moc"
