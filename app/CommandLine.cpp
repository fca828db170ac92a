#include "CommandLine.h"

#include "Capture.h"
#include "FlameGraphView.h"
#include "FoldedExport.h"
#include "PprofExport.h"
#include "PprofTransforms.h"
#include "SourceMapRemap.h"
#include "TagFilter.h"
#include "TopReport.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QRegularExpression>
#include <QTranslator>

#include <cstdio>
#include <iterator>
#include <string>

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
        "       embers --export=OUT [--format=pprof|folded] [OPTIONS] FILE...\n"
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
        "Headless report (no display needed):\n"
        "  --top                  print the function table, as `go tool pprof -top` does;\n"
        "                         several FILEs are merged (common sample types only)\n"
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
        "\n"
        "  --help                 show this help\n"
        "  --version              show the version\n"
        "\n"
        "Exit status: 0 success, 1 unreadable or invalid input, 2 usage error.\n"),
};

// Prints the help in the language --lang or the system asks for, as the window would.
void printUsage(const QStringList &arguments)
{
    QString language;
    for (const QString &arg : arguments.mid(1)) {
        if (arg == QLatin1String("--"))
            break;
        if (arg.startsWith(QLatin1String("--lang=")))
            language = arg.mid(7);
    }
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    int argc = 1;
    char name[] = "embers";
    char *argv[] = {name, nullptr};
    QCoreApplication app(argc, argv);
    QTranslator translator;
    bool loaded = false;
    if (locale.language() != QLocale::English && locale.language() != QLocale::C) {
        loaded = translator.load(locale, QStringLiteral("embers"), QStringLiteral("_"),
                                 QStringLiteral(":/i18n"));
        if (!loaded && locale.language() == QLocale::Chinese &&
            locale.script() == QLocale::TraditionalChineseScript)
            loaded = translator.load(QStringLiteral("embers_zh_TW"), QStringLiteral(":/i18n"));
    }
    if (loaded)
        QCoreApplication::installTranslator(&translator);
    for (size_t i = 0; i < std::size(kUsage); ++i) {
        if (i)
            std::fputs("\n", stdout);
        std::fputs(
            QCoreApplication::translate("embers::CommandLine", kUsage[i]).toUtf8().constData(),
            stdout);
    }
}

// --source-map's maps, for this run; null when none were given.
std::shared_ptr<const SourceMapSet> g_sourceMaps;

// Opens the files as one capture (remapped by --source-map's maps); on failure prints the
// message and returns null.
std::shared_ptr<const Capture> openOrReport(const QStringList &files, const OpenOptions &options)
{
    RemapStats stats;
    OpenResult opened = g_sourceMaps ? openRemappedCapture(files, options, *g_sourceMaps, &stats)
                                     : openCapture(files, options);
    if (!opened.capture)
        std::fprintf(stderr, "embers: %s\n", opened.error.toLocal8Bit().constData());
    else if (g_sourceMaps)
        std::fprintf(stderr,
                     "embers: source maps: %zu of %zu used, %lld frames remapped (%lld "
                     "approximately, by line only)\n",
                     stats.mapsUsed.size(), g_sourceMaps->size(),
                     static_cast<long long>(stats.framesRemapped),
                     static_cast<long long>(stats.approximate));
    return opened.capture;
}

// The capture's table after the filters (the capture's own when there are none); null
// after printing why not.
std::shared_ptr<const StackTable>
filteredStacks(const Capture &capture, const PprofFilters &filters, bool noInlines, bool pprofNames)
{
    if (!filters.any())
        return capture.stacks;
    FilteredTable filtered = applyPprofFilters(capture.stacks, filters, noInlines, pprofNames);
    for (const std::string &w : filtered.warnings)
        std::fprintf(stderr, "embers: %s\n", w.c_str());
    if (!filtered.table)
        std::fprintf(stderr, "embers: %s\n", filtered.error.c_str());
    return filtered.table;
}

// Renders the flamegraph without a window; the offscreen platform needs no display.
int exportFlamegraph(const QStringList &files, const QString &out, const QString &sampleIndex,
                     int width, const PprofFilters &filters)
{
    const bool svg = out.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive);
    if (!svg && !out.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)) {
        std::fprintf(stderr, "embers: --export needs a .png or .svg file name\n");
        return 2;
    }
    OpenOptions options;
    options.model.granularity = Granularity::FileFunctions;
    options.buildTree = false;
    options.keepSamples = false;
    openForFilters(options.model, filters);
    std::shared_ptr<const Capture> capture = openOrReport(files, options);
    if (!capture)
        return 1;
    const std::shared_ptr<const StackTable> stacks =
        filteredStacks(*capture, filters, false, false);
    if (!stacks)
        return 1;
    std::string error;
    const int column = stacks->columnByName(sampleIndex.toStdString(), &error);
    if (column < 0) {
        std::fprintf(stderr, "embers: %s\n",
                     error.empty() ? "the profile has no samples" : error.c_str());
        return error.empty() ? 1 : 2;
    }
    qputenv("QT_QPA_PLATFORM", "offscreen");
    int argc = 1;
    char name[] = "embers";
    char *argv[] = {name, nullptr};
    QApplication app(argc, argv);
    FlameGraphView view;
    view.resize(width, 600);
    view.setTree(std::make_shared<const CallTree>(stacks, size_t(column)));
    QFile file(out);
    bool ok = false;
    if (svg) {
        ok = file.open(QIODevice::WriteOnly) && view.writeSvg(&file, width);
    } else {
        QImage image = view.renderToImage(QSize(width, 0));
        ok = !image.isNull() && image.save(&file, "PNG");
    }
    if (!ok) {
        std::fprintf(stderr, "embers: %s: cannot write: %s\n", out.toLocal8Bit().constData(),
                     file.errorString().toLocal8Bit().constData());
        return 1;
    }
    return 0;
}

int usageError(const std::string &message)
{
    std::fprintf(stderr, "embers: %s\nTry 'embers --help'.\n", message.c_str());
    return 2;
}

// What --export writes: what --format names, else what the file name's ending says.
enum class ExportFormat { Unknown, Image, Pprof, Folded };

ExportFormat exportFormatOf(const QString &out, const QString &format)
{
    if (format == QLatin1String("pprof"))
        return ExportFormat::Pprof;
    if (format == QLatin1String("folded"))
        return ExportFormat::Folded;
    if (!format.isEmpty())
        return ExportFormat::Unknown;
    const QString name = out.toLower();
    if (name.endsWith(QLatin1String(".png")) || name.endsWith(QLatin1String(".svg")))
        return ExportFormat::Image;
    for (const char *end : {".pb.gz", ".pb", ".pprof"}) {
        if (name.endsWith(QLatin1String(end)))
            return ExportFormat::Pprof;
    }
    for (const char *end : {".folded", ".collapsed"}) {
        if (name.endsWith(QLatin1String(end)))
            return ExportFormat::Folded;
    }
    return ExportFormat::Unknown;
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

// Writes the merged, filtered stacks of the files as a gzip'd pprof profile (every sample
// type, at line granularity so that files and lines are kept) or as folded stacks (one
// sample type, names as the table shows them at `granularity`).
int exportStacks(const QStringList &files, const QString &out, ExportFormat format,
                 const QString &sampleIndex, Granularity granularity, bool noInlines,
                 const PprofFilters &filters)
{
    OpenOptions options;
    options.model.granularity = format == ExportFormat::Pprof ? Granularity::Lines : granularity;
    options.model.noInlines = noInlines;
    options.buildTree = false;
    options.keepSamples = false;
    openForFilters(options.model, filters);
    const std::shared_ptr<const Capture> capture = openOrReport(files, options);
    if (!capture)
        return 1;
    for (const std::string &w : capture->stacks->warnings)
        std::fprintf(stderr, "embers: warning: %s\n", w.c_str());
    const std::shared_ptr<const StackTable> stacks =
        filteredStacks(*capture, filters, noInlines, false);
    if (!stacks)
        return 1;
    std::string why;
    const int column = stacks->columnByName(sampleIndex.toStdString(), &why);
    if (column < 0) {
        if (!why.empty())
            return usageError(why);
        std::fprintf(stderr, "embers: %s: the profile is empty (no sample types)\n",
                     files.join(QStringLiteral(", ")).toLocal8Bit().constData());
        return 1;
    }
    QString error;
    const bool written = format == ExportFormat::Pprof
                             ? writePprof(*stacks, out, &error, column)
                             : writeFoldedStacks(*stacks, size_t(column), out, &error);
    if (!written) {
        std::fprintf(stderr, "embers: %s\n", error.toLocal8Bit().constData());
        return 1;
    }
    return 0;
}

// --export: checks the target, then writes the image, pprof file or folded stacks.
int exportCapture(const QStringList &files, const QString &out, const QString &format,
                  const QString &sampleIndex, int width, const QString &granularityName,
                  bool noInlines, const PprofFilters &filters)
{
    const ExportFormat kind = exportFormatOf(out, format);
    if (kind == ExportFormat::Unknown)
        return usageError(format.isEmpty()
                              ? "--export needs --format=pprof|folded, or a file name ending in "
                                ".pb.gz, .folded, .png or .svg"
                              : "--format must be pprof or folded, not '" + format.toStdString() +
                                    "'");
    if (isInputFile(out, files))
        return usageError("--export=" + out.toStdString() +
                          " names an input file; Embers never writes over its inputs");
    if (kind == ExportFormat::Image)
        return exportFlamegraph(files, out, sampleIndex, width, filters);
    const auto granularity = granularityFromName(granularityName.toStdString());
    if (!granularity)
        return usageError("unknown granularity '" + granularityName.toStdString() +
                          "' (functions, filefunctions or lines)");
    return exportStacks(files, out, kind, sampleIndex, *granularity, noInlines, filters);
}

bool takeValue(const QString &arg, const char *name, QString *value)
{
    QString prefix = QStringLiteral("--%1=").arg(QLatin1String(name));
    if (!arg.startsWith(prefix))
        return false;
    *value = arg.mid(prefix.size());
    return true;
}

// Reads a filter option into `filters`; false when `arg` is none.
bool takeFilter(const QString &arg, PprofFilters &filters)
{
    const std::pair<const char *, std::string *> options[] = {
        {"focus", &filters.focus},        {"ignore", &filters.ignore},
        {"hide", &filters.hide},          {"show", &filters.show},
        {"show-from", &filters.showFrom}, {"show_from", &filters.showFrom},
        {"tagfocus", &filters.tagFocus},  {"tagignore", &filters.tagIgnore},
        {"tagshow", &filters.tagShow},    {"taghide", &filters.tagHide},
        {"tagroot", &filters.tagRoot},    {"tagleaf", &filters.tagLeaf}};
    QString value;
    if (takeValue(arg, "prune-from", &value) || takeValue(arg, "prune_from", &value)) {
        filters.pruneFrom = value.toStdString();
        return true;
    }
    for (const auto &[name, field] : options) {
        if (takeValue(arg, name, &value)) {
            *field = value.toStdString(); // the last one wins, as with pprof's flags
            return true;
        }
    }
    if (arg == QLatin1String("--relative-percentages")) {
        filters.relativePercentages = true;
        return true;
    }
    return false;
}

// Whether the filters' expressions compile; prints the first that does not.
bool filtersCompile(const PprofFilters &filters, std::string *error)
{
    const std::pair<const char *, const std::string *> regexes[] = {
        {"--focus", &filters.focus},        {"--ignore", &filters.ignore},
        {"--hide", &filters.hide},          {"--show", &filters.show},
        {"--show-from", &filters.showFrom}, {"--tagshow", &filters.tagShow},
        {"--taghide", &filters.tagHide},    {"--prune-from", &filters.pruneFrom}};
    for (const auto &[name, pattern] : regexes) {
        const QRegularExpression rx(QString::fromStdString(*pattern));
        if (!pattern->empty() && !rx.isValid()) {
            *error = std::string(name) + ": bad regular expression '" + *pattern +
                     "': " + rx.errorString().toStdString();
            return false;
        }
    }
    for (const auto &[name, expression] : {std::pair{"--tagfocus", &filters.tagFocus},
                                           std::pair{"--tagignore", &filters.tagIgnore}}) {
        std::string why;
        if (!expression->empty() && !TagFilter::parse(*expression, &why)) {
            *error = std::string(name) + ": " + why;
            return false;
        }
    }
    return true;
}

} // namespace

QString watchFolderArgument(const QStringList &arguments)
{
    QString folder;
    for (const QString &arg : arguments.mid(1)) {
        if (arg == QLatin1String("--"))
            break;
        QString value;
        if (takeValue(arg, "watch", &value))
            folder = value;
    }
    return folder;
}

QStringList fileArguments(const QStringList &arguments)
{
    QStringList files;
    bool afterDashes = false;
    for (const QString &arg : arguments.mid(1)) {
        if (!afterDashes && arg == QLatin1String("--"))
            afterDashes = true;
        else if (afterDashes || !arg.startsWith(QLatin1Char('-')) || arg == QLatin1String("-"))
            files << arg;
    }
    return files;
}

std::optional<int> runCommandLine(const QStringList &arguments)
{
    bool top = false, cum = false, tsv = false, noInlines = false;
    QString sampleIndex, granularity = QStringLiteral("functions"), exportPath, exportFormat;
    int width = 1200;
    int nodeCount = 0;
    std::optional<double> nodeFraction;
    QStringList basePaths;
    ProfileRole baseRole = ProfileRole::DiffBase;
    bool normalize = false;
    bool diffWindow = false;
    bool afterDashes = false;
    PprofFilters filters;
    QStringList sourceMaps;
    g_sourceMaps.reset();
    bool watching = false;
    for (const QString &arg : arguments.mid(1)) {
        QString value;
        if (afterDashes || !arg.startsWith(QLatin1Char('-')) || arg == QLatin1String("-")) {
            continue;
        } else if (arg == QLatin1String("--")) {
            afterDashes = true;
        } else if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            printUsage(arguments);
            return 0;
        } else if (arg == QLatin1String("--version")) {
            std::printf("embers %s\n", EMBERS_VERSION);
            return 0;
        } else if (arg == QLatin1String("--top")) {
            top = true;
        } else if (arg == QLatin1String("--cum")) {
            cum = true;
        } else if (arg == QLatin1String("--tsv")) {
            tsv = true;
        } else if (arg == QLatin1String("--noinlines")) {
            noInlines = true;
        } else if (arg == QLatin1String("--normalize")) {
            normalize = true;
        } else if (arg == QLatin1String("--diff")) {
            diffWindow = true; // for the window
        } else if (takeValue(arg, "diff-base", &value) || takeValue(arg, "base", &value)) {
            const ProfileRole role = arg.startsWith(QLatin1String("--base="))
                                         ? ProfileRole::Base
                                         : ProfileRole::DiffBase;
            if (!basePaths.isEmpty() && role != baseRole)
                return usageError("--base and --diff-base cannot be combined");
            if (value.isEmpty())
                return usageError("--diff-base and --base need a FILE");
            baseRole = role;
            basePaths << value;
        } else if (takeFilter(arg, filters)) {
            continue;
        } else if (takeValue(arg, "sample-index", &value)) {
            sampleIndex = value;
        } else if (takeValue(arg, "source-map", &value)) {
            if (value.isEmpty())
                return usageError("--source-map needs a FILE");
            sourceMaps << value;
        } else if (takeValue(arg, "export", &value)) {
            exportPath = value;
        } else if (takeValue(arg, "format", &value)) {
            exportFormat = value;
        } else if (takeValue(arg, "width", &value)) {
            bool ok;
            width = value.toInt(&ok);
            if (!ok || width < 100 || width > 20000)
                return usageError("--width needs a number of pixels from 100 to 20000");
        } else if (takeValue(arg, "granularity", &value)) {
            granularity = value;
        } else if (takeValue(arg, "nodecount", &value)) {
            bool ok;
            nodeCount = value.toInt(&ok);
            if (!ok || nodeCount < 0)
                return usageError("--nodecount needs a whole number, not '" + value.toStdString() +
                                  "'");
        } else if (takeValue(arg, "nodefraction", &value)) {
            bool ok;
            nodeFraction = value.toDouble(&ok);
            if (!ok || *nodeFraction < 0 || *nodeFraction > 1)
                return usageError("--nodefraction needs a number from 0 to 1");
        } else if (takeValue(arg, "watch", &value)) {
            if (value.isEmpty() || !QFileInfo(value).isDir())
                return usageError("--watch needs a folder, not '" + value.toStdString() + "'");
            watching = true; // for the window
        } else if (arg.startsWith(QLatin1String("-platform")) ||
                   arg.startsWith(QLatin1String("--lang"))) {
            continue; // for the window
        } else {
            return usageError("unknown option '" + arg.toStdString() + "'");
        }
    }
    if (!exportFormat.isEmpty() && exportPath.isEmpty())
        return usageError("--format goes with --export");
    if (!top && exportPath.isEmpty()) {
        if (!basePaths.isEmpty() || normalize)
            return usageError("--diff-base, --base and --normalize go with --top");
        if (filters.any())
            return usageError("--focus, --ignore and the other filters go with --top or --export");
        if (!sourceMaps.isEmpty())
            return usageError("--source-map goes with --top or --export; in the window, use "
                              "File > Apply Source Maps");
        if (diffWindow && fileArguments(arguments).size() != 2)
            return usageError("--diff needs two files: BASE NEW");
        return std::nullopt;
    }
    if (diffWindow)
        return usageError("--diff opens a window; for a report use --top --diff-base=BASE NEW");
    if (watching)
        return usageError("--watch opens a window; it does not go with --top or --export");
    if (normalize && basePaths.isEmpty())
        return usageError("--normalize needs --diff-base or --base");
    if (!basePaths.isEmpty() && !exportPath.isEmpty())
        return usageError("--diff-base and --base go with --top");

    if (std::string why; !filtersCompile(filters, &why))
        return usageError(why);

    if (!sourceMaps.isEmpty()) {
        SourceMapLoad maps = loadSourceMaps(sourceMaps);
        for (const QString &error : maps.errors)
            std::fprintf(stderr, "embers: %s\n", error.toLocal8Bit().constData());
        if (!maps.errors.isEmpty())
            return 1;
        if (maps.maps.empty()) {
            std::fprintf(stderr, "embers: --source-map: no .map file in %s\n",
                         sourceMaps.join(QStringLiteral(", ")).toLocal8Bit().constData());
            return 1;
        }
        g_sourceMaps = std::make_shared<const SourceMapSet>(std::move(maps.maps));
    }

    QStringList files = fileArguments(arguments);
    if (!exportPath.isEmpty()) {
        if (files.isEmpty())
            return usageError("--export needs at least one FILE");
        return exportCapture(files, exportPath, exportFormat, sampleIndex, width, granularity,
                             noInlines, filters);
    }
    if (files.isEmpty())
        return usageError("--top needs at least one FILE");
    auto g = granularityFromName(granularity.toStdString());
    if (!g)
        return usageError("unknown granularity '" + granularity.toStdString() +
                          "' (functions, filefunctions or lines)");

    OpenOptions options;
    options.model.granularity = *g;
    options.model.noInlines = noInlines;
    options.model.pprofNames = true;
    options.buildTree = false;
    options.keepSamples = false;
    options.basePaths = basePaths;
    options.baseRole = baseRole;
    options.model.normalize = normalize;
    openForFilters(options.model, filters);
    std::shared_ptr<const Capture> opened = openOrReport(files, options);
    if (!opened)
        return 1;
    const Capture &capture = *opened;
    for (const std::string &w : capture.stacks->warnings)
        std::fprintf(stderr, "embers: warning: %s\n", w.c_str());
    const std::shared_ptr<const StackTable> stacks =
        filteredStacks(capture, filters, noInlines, true);
    if (!stacks)
        return 1;
    const std::shared_ptr<const FunctionTable> functions =
        stacks == capture.stacks
            ? capture.functions
            : std::make_shared<const FunctionTable>(FunctionTable::build(*stacks));

    TopOptions top_;
    std::string error;
    top_.column = stacks->columnByName(sampleIndex.toStdString(), &error);
    if (top_.column < 0) {
        if (stacks->columns.empty()) {
            std::fprintf(stderr, "embers: %s: the profile is empty (no sample types)\n",
                         files.join(QStringLiteral(", ")).toLocal8Bit().constData());
            return 1;
        }
        return usageError(error);
    }
    top_.sortByCum = cum;
    top_.nodeCount = nodeCount;
    top_.tsv = tsv;
    top_.nodeFraction = nodeFraction.value_or(tsv ? 0.0 : 0.005);
    TopTable table = buildTopTable(*stacks, *functions, top_);
    addActiveFilters(table, filters);
    std::string text = formatTopReport(*stacks, table, top_);
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
}

} // namespace embers
