#include "CommandLine.h"

#include "TagFilter.h"
#include "Translations.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QLocale>
#include <QRegularExpression>
#include <QSslCertificate>
#include <QTranslator>

#include <algorithm>
#include <cstdio>
#include <iterator>

namespace embers {

namespace {

// The help, a section per message so that translations keep its layout. Translated
// when --lang or the system's language asks for Japanese or Traditional Chinese.
const char *const kUsage[] = {
    QT_TRANSLATE_NOOP(
        "embers::CommandLine",
        "Usage: embers [FILE...]\n"
        "       embers --diff BASE NEW\n"
        "       embers --top [OPTIONS] FILE...\n"
        "       embers --list=REGEX [OPTIONS] FILE...\n"
        "       embers --export=OUT [--format=pprof|folded] [OPTIONS] FILE...\n"
        "       embers --check --diff-base=BASE [OPTIONS] NEW...\n"
        "       embers --trend [OPTIONS] FILE...\n"
        "A FILE may also be a TARGET to capture a profile from now (see Capture).\n"
        "\n"
        "Embers opens profiles in a flamegraph window: pprof (gzip'd or raw protobuf),\n"
        "Chrome/V8 .cpuprofile and .heapprofile, and folded stacks ('a;b;c 42'), told\n"
        "apart by their content, plain or gzip'd.\n"
        "Several files open as several captures; --diff opens a comparison of two.\n"
        "  --lang=ja|zh_TW|en     the window's language (default: the system's)\n"),
    QT_TRANSLATE_NOOP(
        "embers::CommandLine",
        "Window:\n"
        "  --watch=DIR            open the window watching DIR: every profile written\n"
        "                         there from now on opens as a new capture\n"),
    QT_TRANSLATE_NOOP(
        "embers::CommandLine",
        "Capture (TARGET: http://... or https://... serving a profile, such as Go's\n"
        "/debug/pprof/profile or heap; http://HOST:PORT lists what a Go service offers;\n"
        "inspect://HOST:PORT[/ID]: a V8 inspector, node --inspect, workerd or wrangler dev,\n"
        "its first target unless ID is given). Each capture is saved as a gzip'd pprof\n"
        "file in the captures folder, then opened or reported like any FILE:\n"
        "  --seconds=N            record for N seconds (HTTP: passed as pprof passes it;\n"
        "                         inspector default 30)\n"
        "  --capture=KIND         what an inspector records: cpu (the default), heap\n"
        "                         (every sampled allocation, collected or not) or\n"
        "                         heap-live (the sampled objects still live at the end)\n"
        "                         or snapshot (every object now, with what retains it;\n"
        "                         saved as the .heapsnapshot itself)\n"
        "  --interval=N           V8's sampling interval: microseconds for cpu (default\n"
        "                         1000), bytes allocated for heap (default 32768)\n"
        "  --header='Name: value' send this HTTP header (may be repeated; also\n"
        "                         EMBERS_CAPTURE_HEADERS, one per line); never saved\n"
        "  --cacert=FILE          trust the CA certificates in FILE (PEM) for https://\n"
        "  --timeout=N            give up N seconds after the recording should have\n"
        "                         ended (default: half the duration, at least 10 s)\n"
        "  --captures=DIR         the captures folder (default\n"
        "                         ~/.local/share/embers/captures)\n"),
    QT_TRANSLATE_NOOP(
        "embers::CommandLine",
        "Headless report (no display needed):\n"
        "  --top                  print the function table, as `go tool pprof -top` does;\n"
        "                         several FILEs are merged (common sample types only)\n"
        "  --list=REGEX           print the source lines of the functions matching REGEX\n"
        "                         with their flat and cum, as `go tool pprof -list` does\n"
        "  --source-path=DIRS     where --list looks for sources (':'-separated; default:\n"
        "                         the working folder), as pprof's -source_path\n"
        "  --trim-path=PREFIXES   prefixes --list takes off recorded file names before it\n"
        "                         looks (':'-separated), as pprof's -trim_path\n"
        "  --sample-index=NAME|N  sample type to report (default: the profile's default,\n"
        "                         else the last one); inuse_X also finds X\n"
        "  --cum                  sort by cumulative value instead of flat\n"
        "  --nodecount=N          print at most N rows (default: all)\n"
        "  --nodefraction=F       hide rows whose |cum| is below F of the total\n"
        "                         (default 0.005 as pprof; 0 with --tsv)\n"
        "  --granularity=G        functions (default), filefunctions, lines or addresses\n"
        "  --noinlines            attribute inlined functions to their out-of-line caller\n"
        "  --tsv                  print 'flat<TAB>cum<TAB>name' with raw integer values in\n"
        "                         the sample type's own unit\n"
        "  --diff-base=BASE       subtract BASE and show the change (pprof's -diff_base:\n"
        "                         percentages are of BASE's total); may be repeated\n"
        "  --base=BASE            subtract BASE (pprof's -base: percentages of the result)\n"
        "  --normalize            scale FILE... to BASE's total first, so that captures\n"
        "                         of different length compare fairly\n"),
    QT_TRANSLATE_NOOP(
        "embers::CommandLine",
        "Regressions (no display needed; also --sample-index, --normalize, --granularity):\n"
        "  --check                compare NEW... (merged) with --diff-base=BASE and print a\n"
        "                         Markdown summary; exit status 3 when a function or the\n"
        "                         total grew beyond both the threshold and sampling noise\n"
        "                         (binomial test on the sample counts, 5% false discovery\n"
        "                         rate). Profiles without sample counts (heap profiles\n"
        "                         hold scaled estimates) are judged by the threshold alone\n"
        "  --threshold=PERCENT    the least growth that counts, in percent of the base\n"
        "                         total (default 1)\n"
        "  --budget=FILE          also check a JSON file of rules, such as\n"
        "                         {\"rules\": [{\"function\": \"RE\", \"max_share\": 5,\n"
        "                         \"max_growth\": 1}]} (percent of the new / base total)\n"
        "  --report=OUT           write the summary (OUT.md, OUT.html) or the differential\n"
        "                         flamegraph (OUT.svg, OUT.png)\n"
        "  --trend                one row per function across FILE... in the order given:\n"
        "                         steady, grew or shrank (a change of level from capture\n"
        "                         change_at on), appeared, vanished, or growing (a steady\n"
        "                         climb: a leak suspect; the only verdict besides steady for\n"
        "                         profiles without sample counts); with --tsv:\n"
        "                         'name<TAB>verdict<TAB>change_at<TAB>p_value' and a raw\n"
        "                         value per capture. Values are absolute; --normalize\n"
        "                         compares shares of each capture's total\n"),
    QT_TRANSLATE_NOOP(
        "embers::CommandLine",
        "Filters, as pprof's options of the same names (for --top and --export;\n"
        "RE is a regular expression matched against function names, source files and\n"
        "binaries):\n"
        "  --focus=RE             keep only the samples with a matching frame\n"
        "  --ignore=RE            drop the samples with a matching frame\n"
        "  --hide=RE              remove matching frames; their cost goes to their callers\n"
        "  --show=RE              keep only matching frames\n"
        "  --show-from=RE         drop the frames above the outermost matching one\n"
        "  --prune-from=RE        drop the frames beneath the innermost matching one\n"
        "                         (function names only; applied before the other filters)\n"
        "  --tagfocus=FILTER      keep the samples whose labels match: 'key=RE',\n"
        "                         'RE' (matched against 'key:value') or a numeric range\n"
        "                         such as 'bytes=1kb:64kb', ':64kb' or '4mb:'\n"
        "  --tagignore=FILTER     drop the samples whose labels match\n"
        "  --tagroot=KEY,...      put each label's values as root frames\n"
        "  --tagleaf=KEY,...      put each label's values as leaf frames\n"
        "  --tagshow=RE, --taghide=RE  accepted as pprof's (no effect on --top)\n"
        "  --relative-percentages  percentages of what the filters leave, not of all\n"),
    QT_TRANSLATE_NOOP(
        "embers::CommandLine",
        "Source maps (for --top and --export):\n"
        "  --source-map=FILE      remap the frames of the bundled script the map FILE is\n"
        "                         for (or of the *.map files in a folder) to the original\n"
        "                         functions, files and lines; may be repeated\n"),
    QT_TRANSLATE_NOOP(
        "embers::CommandLine",
        "Export (no display needed; FILE... merged, after the filters):\n"
        "  --export=OUT           write to OUT in the format --format names, else in the\n"
        "                         one OUT's ending names (.pb.gz, .folded, .png, .svg);\n"
        "                         an input file is never overwritten\n"
        "  --format=pprof         a gzip'd pprof profile with every sample type, which\n"
        "                         `go tool pprof` reads with the same numbers\n"
        "  --format=folded        folded stacks 'a;b;c 42' (root first) in the sample type\n"
        "                         --sample-index names, frames named as --granularity makes\n"
        "                         them\n"
        "  OUT.png, OUT.svg       the flamegraph as an image, in the --sample-index sample\n"
        "                         type, --width=PIXELS wide (default 1200)\n"
        "  OUT.html               one self-contained page to share: the flame graph, the\n"
        "                         function table, search, every sample type; opens offline\n"
        "                         in any browser. With --diff-base=BASE [--normalize], the\n"
        "                         differential graph and the diff table\n"
        "  --with-source          (OUT.html) carry the source lines of the profiled\n"
        "                         functions with their costs, found as --list finds them\n"
        "                         (--source-path, --trim-path): a Source panel per function\n"
        "\n"
        "  --help                 show this help\n"
        "  --version              show the version\n"
        "\n"
        "Exit status: 0 success, 1 unreadable or invalid input, 2 usage error,\n"
        "3 --check found a regression.\n"),
};

// A pprof filter option: the field it sets, and how its value is checked.
struct FilterOption
{
    enum Check { None, Regex, Tags };
    const char *name;
    const char *pprofName; // pprof's spelling, where it differs
    std::string PprofFilters::*field;
    Check check;
};

const FilterOption kFilterOptions[] = {
    {"focus", nullptr, &PprofFilters::focus, FilterOption::Regex},
    {"ignore", nullptr, &PprofFilters::ignore, FilterOption::Regex},
    {"hide", nullptr, &PprofFilters::hide, FilterOption::Regex},
    {"show", nullptr, &PprofFilters::show, FilterOption::Regex},
    {"show-from", "show_from", &PprofFilters::showFrom, FilterOption::Regex},
    {"prune-from", "prune_from", &PprofFilters::pruneFrom, FilterOption::Regex},
    {"tagfocus", nullptr, &PprofFilters::tagFocus, FilterOption::Tags},
    {"tagignore", nullptr, &PprofFilters::tagIgnore, FilterOption::Tags},
    {"tagshow", nullptr, &PprofFilters::tagShow, FilterOption::Regex},
    {"taghide", nullptr, &PprofFilters::tagHide, FilterOption::Regex},
    {"tagroot", nullptr, &PprofFilters::tagRoot, FilterOption::None},
    {"tagleaf", nullptr, &PprofFilters::tagLeaf, FilterOption::None},
};

const char *const kFlags[] = {"top",       "cum",        "tsv",
                              "noinlines", "normalize",  "diff",
                              "check",     "trend",      "relative-percentages",
                              "version",   "with-source"};
const char *const kValueOptions[] = {
    "lang",         "watch",     "sample-index", "granularity", "nodecount",
    "nodefraction", "diff-base", "base",         "source-map",  "export",
    "format",       "width",     "seconds",      "capture",     "interval",
    "header",       "timeout",   "captures",     "threshold",   "budget",
    "report",       "list",      "source-path",  "trim-path",   "cacert"};

// Qt's own options for the window (QGuiApplication's and QApplication's, and X11's -display
// and -geometry): known here so that their values are not taken for files; QApplication
// takes them out of argv when the window opens.
const char *const kQtValueOptions[] = {
    "platform",        "platformpluginpath", "platformtheme", "plugin",
    "qwindowgeometry", "qwindowicon",        "qwindowtitle",  "session",
    "style",           "stylesheet",         "display",       "geometry"};
const char *const kQtFlags[] = {"reverse", "widgetcount"};

void addOptions(QCommandLineParser &parser)
{
    // The help is ours (kUsage, in sections and translated), so no option needs a
    // description; a value name makes an option take a value.
    const auto flag = [&parser](QStringList names) { parser.addOption(QCommandLineOption(names)); };
    const auto withValue = [&parser](QStringList names) {
        parser.addOption(QCommandLineOption(names, QString(), QStringLiteral("VALUE")));
    };
    flag({QStringLiteral("h"), QStringLiteral("help")});
    for (const char *name : kFlags)
        flag({QLatin1String(name)});
    for (const char *name : kQtFlags)
        flag({QLatin1String(name)});
    for (const char *name : kValueOptions)
        withValue({QLatin1String(name)});
    for (const char *name : kQtValueOptions)
        withValue({QLatin1String(name)});
    for (const FilterOption &option : kFilterOptions) {
        QStringList names{QLatin1String(option.name)};
        if (option.pprofName)
            names << QLatin1String(option.pprofName);
        withValue(names);
    }
}

// The message for what QCommandLineParser refused. For an unknown option it gives the
// name alone: the message shows the argument as written.
QString parseError(const QCommandLineParser &parser, const QStringList &arguments)
{
    const QStringList unknown = parser.unknownOptionNames();
    if (unknown.isEmpty()) {
        // "Missing value after '--focus'.", "Unexpected value after '--top'.": in our style.
        QString message = parser.errorText();
        if (message.endsWith(QLatin1Char('.')))
            message.chop(1);
        if (!message.isEmpty())
            message[0] = message[0].toLower();
        return message;
    }
    for (const QString &arg : arguments.mid(1)) {
        if (arg == QLatin1String("--"))
            break;
        const QString name = arg.mid(arg.startsWith(QLatin1String("--")) ? 2 : 1);
        if (arg.startsWith(QLatin1Char('-')) && name.section(QLatin1Char('='), 0, 0) == unknown[0])
            return QStringLiteral("unknown option '%1'").arg(arg);
    }
    return QStringLiteral("unknown option '%1'").arg(unknown[0]);
}

// Whether `out` names one of the inputs, by path or (through links) by file: an export
// must never replace what it reads.
bool isInputFile(const QString &out, const QStringList &files)
{
    const QFileInfo target(out);
    for (const QString &file : files) {
        const QFileInfo input(file);
        if (target.absoluteFilePath() == input.absoluteFilePath() ||
            (target.exists() && input.exists() &&
             target.canonicalFilePath() == input.canonicalFilePath()))
            return true;
    }
    return false;
}

// What --export writes, or nullopt when neither --format nor the file name says.
std::optional<ExportFormat> exportFormatOf(const QString &out, const QString &format)
{
    if (format == QLatin1String("pprof"))
        return ExportFormat::Pprof;
    if (format == QLatin1String("folded"))
        return ExportFormat::Folded;
    if (!format.isEmpty())
        return std::nullopt;
    const QString name = out.toLower();
    if (name.endsWith(QLatin1String(".png")) || name.endsWith(QLatin1String(".svg")))
        return ExportFormat::Image;
    if (name.endsWith(QLatin1String(".html")) || name.endsWith(QLatin1String(".htm")))
        return ExportFormat::Html;
    for (const char *end : {".pb.gz", ".pb", ".pprof"}) {
        if (name.endsWith(QLatin1String(end)))
            return ExportFormat::Pprof;
    }
    for (const char *end : {".folded", ".collapsed"}) {
        if (name.endsWith(QLatin1String(end)))
            return ExportFormat::Folded;
    }
    return std::nullopt;
}

// Whether the filters' expressions compile; the first that does not is the error.
QString filterError(const PprofFilters &filters)
{
    for (const FilterOption &option : kFilterOptions) {
        const std::string &value = filters.*option.field;
        if (value.empty())
            continue;
        if (option.check == FilterOption::Regex) {
            const QRegularExpression rx(QString::fromStdString(value));
            if (!rx.isValid())
                return QStringLiteral("--%1: bad regular expression '%2': %3")
                    .arg(QLatin1String(option.name), QString::fromStdString(value),
                         rx.errorString());
        } else if (std::string why;
                   option.check == FilterOption::Tags && !TagFilter::parse(value, &why)) {
            return QStringLiteral("--%1: %2")
                .arg(QLatin1String(option.name), QString::fromStdString(why));
        }
    }
    return {};
}

// A whole number from `low` to `high` in option `name`, into *out.
QString readNumber(const QCommandLineParser &parser, const char *name, int low, int high, int *out)
{
    if (!parser.isSet(QLatin1String(name)))
        return {};
    bool ok;
    const int n = parser.value(QLatin1String(name)).toInt(&ok);
    if (!ok || n < low || n > high)
        return QStringLiteral("--%1 needs a whole number from %2 to %3, not '%4'")
            .arg(QLatin1String(name))
            .arg(low)
            .arg(high)
            .arg(parser.value(QLatin1String(name)));
    *out = n;
    return {};
}

// How targets are captured; the first bad value is the error.
QString readCaptureValues(const QCommandLineParser &parser, CommandLine &c)
{
    CaptureRequest &r = c.capture;
    if (QString why = readNumber(parser, "seconds", 1, 24 * 3600, &r.seconds); !why.isEmpty())
        return why;
    if (QString why = readNumber(parser, "timeout", 1, 24 * 3600, &r.timeoutSeconds);
        !why.isEmpty())
        return why;
    const QString kind = parser.value(QStringLiteral("capture"));
    if (kind == QLatin1String("heap"))
        r.kind = RecordKind::Heap;
    else if (kind == QLatin1String("heap-live"))
        r.kind = RecordKind::HeapLive;
    else if (kind == QLatin1String("snapshot"))
        r.kind = RecordKind::Snapshot;
    else if (!kind.isEmpty() && kind != QLatin1String("cpu"))
        return QStringLiteral("--capture must be cpu, heap, heap-live or snapshot, not '%1'")
            .arg(kind);
    if (r.kind == RecordKind::Snapshot) {
        for (const char *name : {"seconds", "interval"}) {
            if (parser.isSet(QLatin1String(name)))
                return QStringLiteral("--%1 does not go with --capture=snapshot: a snapshot is "
                                      "the heap at one moment")
                    .arg(QLatin1String(name));
        }
    }
    // Microseconds between CPU samples, or bytes allocated between heap samples.
    if (QString why = isHeapKind(r.kind)
                          ? readNumber(parser, "interval", 64, 1 << 30, &r.heapIntervalBytes)
                          : readNumber(parser, "interval", 10, 1000000, &r.intervalMicros);
        !why.isEmpty())
        return why;
    QString envError;
    r.headers = headersFromEnvironment(&envError);
    if (!envError.isEmpty())
        return envError;
    for (const QString &text : parser.values(QStringLiteral("header"))) {
        QPair<QByteArray, QByteArray> header;
        if (!parseHeader(text, &header))
            return QStringLiteral("--header needs 'Name: value': %1").arg(headerProblem(text));
        r.headers << header;
    }
    const bool caOption = parser.isSet(QStringLiteral("cacert"));
    r.caFile = caOption ? parser.value(QStringLiteral("cacert")) : caFileFromEnvironment();
    if ((caOption || !r.caFile.isEmpty()) && QSslCertificate::fromPath(r.caFile).isEmpty())
        return QStringLiteral("%1=%2: no PEM certificate can be read there")
            .arg(caOption ? QStringLiteral("--cacert") : QStringLiteral("EMBERS_CAPTURE_CACERT"),
                 r.caFile);
    c.capturesFolder = parser.value(QStringLiteral("captures"));
    const bool targets = std::any_of(c.files.begin(), c.files.end(), isRemoteTarget) ||
                         std::any_of(c.basePaths.begin(), c.basePaths.end(), isRemoteTarget);
    if (!targets) {
        for (const char *name : {"seconds", "capture", "interval", "header", "timeout", "cacert"}) {
            if (parser.isSet(QLatin1String(name)))
                return QStringLiteral("--%1 goes with a TARGET to capture from (http://..., "
                                      "inspect://...)")
                    .arg(QLatin1String(name));
        }
        return {};
    }
    // What no target would use is an error, not silently ignored.
    const auto isInspector = [](const QString &t) {
        return targetKind(t) == TargetKind::Inspector;
    };
    const bool inspectors = std::any_of(c.files.begin(), c.files.end(), isInspector) ||
                            std::any_of(c.basePaths.begin(), c.basePaths.end(), isInspector);
    for (const char *name : {"capture", "interval"}) {
        if (!inspectors && parser.isSet(QLatin1String(name)))
            return QStringLiteral("--%1 goes with an inspector TARGET (inspect://...); an HTTP "
                                  "target records what its URL names")
                .arg(QLatin1String(name));
    }
    return {};
}

// Reads the options' values into `c`; the first bad one is the error.
QString readValues(const QCommandLineParser &parser, CommandLine &c)
{
    const auto isSet = [&parser](const char *name) { return parser.isSet(QLatin1String(name)); };
    const auto value = [&parser](const char *name) { return parser.value(QLatin1String(name)); };
    c.diff = isSet("diff");
    c.noInlines = isSet("noinlines");
    c.normalize = isSet("normalize");
    c.top.sortByCum = isSet("cum");
    c.top.tsv = isSet("tsv");
    c.sampleIndex = value("sample-index");
    c.exportPath = value("export");
    c.listPattern = value("list");
    c.sourcePath = value("source-path");
    c.trimPath = value("trim-path");
    if (isSet("list")) {
        if (c.listPattern.isEmpty())
            return QStringLiteral("--list needs a REGEX naming the functions to list");
        const QRegularExpression rx(c.listPattern);
        if (!rx.isValid())
            return QStringLiteral("--list: '%1' is not a valid regular expression: %2")
                .arg(c.listPattern, rx.errorString());
    }
    for (const FilterOption &option : kFilterOptions)
        c.filters.*option.field = value(option.name).toStdString(); // the last one wins, as pprof's
    c.filters.relativePercentages = isSet("relative-percentages");

    const QStringList diffBases = parser.values(QStringLiteral("diff-base"));
    const QStringList bases = parser.values(QStringLiteral("base"));
    if (!diffBases.isEmpty() && !bases.isEmpty())
        return QStringLiteral("--base and --diff-base cannot be combined");
    c.basePaths = bases.isEmpty() ? diffBases : bases;
    c.baseRole = bases.isEmpty() ? ProfileRole::DiffBase : ProfileRole::Base;
    if (c.basePaths.contains(QString()))
        return QStringLiteral("--diff-base and --base need a FILE");
    c.sourceMaps = parser.values(QStringLiteral("source-map"));
    if (c.sourceMaps.contains(QString()))
        return QStringLiteral("--source-map needs a FILE");
    if (isSet("width")) {
        bool ok;
        c.width = value("width").toInt(&ok);
        if (!ok || c.width < 100 || c.width > 20000)
            return QStringLiteral("--width needs a number of pixels from 100 to 20000");
    }
    if (isSet("nodecount")) {
        bool ok;
        c.top.nodeCount = value("nodecount").toInt(&ok);
        if (!ok || c.top.nodeCount < 0)
            return QStringLiteral("--nodecount needs a whole number, not '%1'")
                .arg(value("nodecount"));
    }
    // pprof's 0.005 by default, but scripts reading --tsv want every row.
    c.top.nodeFraction = c.top.tsv ? 0.0 : 0.005;
    if (isSet("nodefraction")) {
        bool ok;
        c.top.nodeFraction = value("nodefraction").toDouble(&ok);
        if (!ok || c.top.nodeFraction < 0 || c.top.nodeFraction > 1)
            return QStringLiteral("--nodefraction needs a number from 0 to 1");
    }
    if (isSet("watch")) {
        c.watchFolder = value("watch");
        if (c.watchFolder.isEmpty() || !QFileInfo(c.watchFolder).isDir())
            return QStringLiteral("--watch needs a folder, not '%1'").arg(c.watchFolder);
    }
    if (QString why = readCaptureValues(parser, c); !why.isEmpty())
        return why;
    if (isSet("granularity")) {
        const auto granularity = granularityFromName(value("granularity").toStdString());
        if (!granularity)
            return QStringLiteral(
                       "unknown granularity '%1' (functions, filefunctions, lines or addresses)")
                .arg(value("granularity"));
        c.granularity = *granularity;
    }
    return {};
}

// Whether `out` is a file name --report can write.
bool isReportName(const QString &out)
{
    const QString name = out.toLower();
    for (const char *end : {".md", ".markdown", ".html", ".htm", ".svg", ".png"}) {
        if (name.endsWith(QLatin1String(end)))
            return true;
    }
    return false;
}

// --check and --trend: reports of their own, with the options that go with them.
QString chooseRegressionMode(const QCommandLineParser &parser, CommandLine &c, bool check)
{
    const auto isSet = [&parser](const char *name) { return parser.isSet(QLatin1String(name)); };
    const QString mode = QLatin1String(check ? "--check" : "--trend");
    if (check && isSet("trend"))
        return QStringLiteral("--check and --trend cannot be combined");
    if (isSet("top") || !c.exportPath.isEmpty())
        return QStringLiteral("%1 does not go with --top or --export").arg(mode);
    if (c.diff || !c.watchFolder.isEmpty())
        return QStringLiteral("%1 prints a report; --diff and --watch open a window").arg(mode);
    if (c.filters.any() || !c.filters.pruneFrom.empty() || !c.sourceMaps.isEmpty())
        return QStringLiteral("the filters and --source-map go with --top or --export");
    for (const char *name : {"cum", "nodecount", "nodefraction"}) {
        if (isSet(name))
            return QStringLiteral("--%1 goes with --top").arg(QLatin1String(name));
    }
    if (!check) {
        if (!c.basePaths.isEmpty())
            return QStringLiteral("--trend reads a series; --diff-base and --base go with "
                                  "--top or --check");
        if (c.files.size() < 2)
            return QStringLiteral("--trend needs at least two FILEs, in the order they were "
                                  "captured");
        c.mode = CommandLine::Mode::Trend;
        return {};
    }
    if (c.top.tsv)
        return QStringLiteral("--tsv goes with --top or --trend");
    if (c.basePaths.isEmpty() || c.baseRole != ProfileRole::DiffBase)
        return QStringLiteral("--check needs --diff-base=BASE");
    if (c.files.isEmpty())
        return QStringLiteral("--check needs at least one NEW file");
    if (isSet("threshold")) {
        bool ok;
        c.thresholdPercent = parser.value(QStringLiteral("threshold")).toDouble(&ok);
        if (!ok || !(c.thresholdPercent >= 0 && c.thresholdPercent <= 100))
            return QStringLiteral("--threshold needs a percentage from 0 to 100, not '%1'")
                .arg(parser.value(QStringLiteral("threshold")));
    }
    c.budgetPath = parser.value(QStringLiteral("budget"));
    if (isSet("budget") && c.budgetPath.isEmpty())
        return QStringLiteral("--budget needs a FILE");
    c.reportPath = parser.value(QStringLiteral("report"));
    if (isSet("report") && !isReportName(c.reportPath))
        return QStringLiteral("--report needs a file name ending in .md, .html, .svg or .png, "
                              "not '%1'")
            .arg(c.reportPath);
    if (isSet("report") && isInputFile(c.reportPath, c.files + c.basePaths))
        return QStringLiteral(
                   "--report=%1 names an input file; Embers never writes over its inputs")
            .arg(c.reportPath);
    c.mode = CommandLine::Mode::Check;
    return {};
}

// Chooses the mode from the options given; the error when they do not go together.
QString chooseMode(const QCommandLineParser &parser, CommandLine &c)
{
    const QString format = parser.value(QStringLiteral("format"));
    if (!format.isEmpty() && c.exportPath.isEmpty())
        return QStringLiteral("--format goes with --export");
    const bool check = parser.isSet(QStringLiteral("check"));
    const bool listing = parser.isSet(QStringLiteral("list"));
    c.withSource = parser.isSet(QStringLiteral("with-source"));
    for (const char *name : {"source-path", "trim-path"}) {
        if (parser.isSet(QLatin1String(name)) && !listing && !c.withSource)
            return QStringLiteral("--%1 goes with --list or --with-source")
                .arg(QLatin1String(name));
    }
    if (listing) {
        if (check || parser.isSet(QStringLiteral("trend")) || parser.isSet(QStringLiteral("top")) ||
            !c.exportPath.isEmpty())
            return QStringLiteral("--list is a report of its own; it does not go with --top, "
                                  "--export, --check or --trend");
        if (parser.isSet(QStringLiteral("granularity")))
            return QStringLiteral("--list reports lines; --granularity does not go with it");
    }
    for (const char *name : {"threshold", "budget", "report"}) {
        if (parser.isSet(QLatin1String(name)) && !check)
            return QStringLiteral("--%1 goes with --check").arg(QLatin1String(name));
    }
    if (check || parser.isSet(QStringLiteral("trend")))
        return chooseRegressionMode(parser, c, check);
    const bool filters = c.filters.any() || !c.filters.pruneFrom.empty();
    if (c.withSource && c.exportPath.isEmpty())
        return QStringLiteral("--with-source goes with --export of an .html page");
    if (!parser.isSet(QStringLiteral("top")) && !listing && c.exportPath.isEmpty()) {
        if (!c.basePaths.isEmpty() || c.normalize)
            return QStringLiteral(
                "--diff-base, --base and --normalize go with --top, --check or --trend");
        if (filters)
            return QStringLiteral(
                "--focus, --ignore and the other filters go with --top or --export");
        if (!c.sourceMaps.isEmpty())
            return QStringLiteral("--source-map goes with --top or --export; in the window, use "
                                  "File > Apply Source Maps");
        if (c.diff && c.files.size() != 2)
            return QStringLiteral("--diff needs two files: BASE NEW");
        c.mode = CommandLine::Mode::Window;
        return {};
    }
    if (c.diff)
        return QStringLiteral("--diff opens a window; for a report use --top --diff-base=BASE NEW");
    if (!c.watchFolder.isEmpty())
        return QStringLiteral("--watch opens a window; it does not go with --top or --export");
    if (c.normalize && c.basePaths.isEmpty())
        return QStringLiteral("--normalize needs --diff-base or --base");
    // Not an optional: g++ 12 then warns that it may be used uninitialised.
    const std::optional<ExportFormat> asked =
        c.exportPath.isEmpty() ? std::nullopt : exportFormatOf(c.exportPath, format);
    const bool known = asked.has_value();
    const ExportFormat kind = asked.value_or(ExportFormat::Pprof);
    if (!c.basePaths.isEmpty() && !c.exportPath.isEmpty()) {
        if (!known || kind != ExportFormat::Html)
            return QStringLiteral("--diff-base and --base go with --top, or --export of an "
                                  ".html page");
        if (c.baseRole != ProfileRole::DiffBase)
            return QStringLiteral("an .html page compares with --diff-base, not --base");
        if (filters || !c.sourceMaps.isEmpty())
            return QStringLiteral("the filters and --source-map do not go with a "
                                  "--diff-base page");
    }
    if (QString why = filterError(c.filters); !why.isEmpty())
        return why;
    if (c.exportPath.isEmpty()) {
        if (c.files.isEmpty())
            return listing ? QStringLiteral("--list needs at least one FILE")
                           : QStringLiteral("--top needs at least one FILE");
        c.mode = listing ? CommandLine::Mode::List : CommandLine::Mode::Top;
        return {};
    }
    if (c.files.isEmpty())
        return QStringLiteral("--export needs at least one FILE");
    if (c.withSource && (!known || kind != ExportFormat::Html))
        return QStringLiteral("--with-source goes with --export of an .html page");
    if (!known)
        return format.isEmpty()
                   ? QStringLiteral("--export needs --format=pprof|folded, or a file "
                                    "name ending in .pb.gz, .folded, .png, .svg or .html")
                   : QStringLiteral("--format must be pprof or folded, not '%1'").arg(format);
    if (isInputFile(c.exportPath, c.files))
        return QStringLiteral(
                   "--export=%1 names an input file; Embers never writes over its inputs")
            .arg(c.exportPath);
    c.exportFormat = kind;
    c.mode = CommandLine::Mode::Export;
    return {};
}

} // namespace

CommandLine parseCommandLine(const QStringList &arguments)
{
    CommandLine c;
    QCommandLineParser parser;
    // -platform, -style: Qt's options have one dash; pprof's too (-top, -focus=RE).
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    addOptions(parser);
    const bool parsed = parser.parse(arguments);
    c.files = parser.positionalArguments();
    c.language = parser.value(QStringLiteral("lang"));
    if (!parsed)
        c.usageError = parseError(parser, arguments);
    else if (parser.isSet(QStringLiteral("help")))
        c.mode = CommandLine::Mode::Help;
    else if (parser.isSet(QStringLiteral("version")))
        c.mode = CommandLine::Mode::Version;
    else {
        c.usageError = readValues(parser, c);
        if (c.usageError.isEmpty())
            c.usageError = chooseMode(parser, c);
    }
    return c;
}

void printUsage(const QString &language)
{
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    QTranslator translator;
    const bool translated =
        locale.language() != QLocale::English && locale.language() != QLocale::C &&
        loadTranslation(translator, locale, QStringLiteral("embers"), QStringLiteral(":/i18n"));
    for (size_t i = 0; i < std::size(kUsage); ++i) {
        QString text =
            translated ? translator.translate("embers::CommandLine", kUsage[i]) : QString();
        if (text.isEmpty())
            text = QString::fromUtf8(kUsage[i]);
        if (i)
            std::fputs("\n", stdout);
        std::fputs(text.toUtf8().constData(), stdout);
    }
}

} // namespace embers
