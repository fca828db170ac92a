#include "CommandLine.h"

#include "Capture.h"
#include "FlameGraphView.h"
#include "TopReport.h"

#include <QApplication>
#include <QFile>

#include <cstdio>
#include <string>

namespace embers {

namespace {

const char kUsage[] =
    "Usage: embers [FILE...]\n"
    "       embers --diff BASE NEW\n"
    "       embers --top [OPTIONS] FILE...\n"
    "\n"
    "Embers opens pprof profiles (gzip'd or raw protobuf) in a flamegraph window.\n"
    "Several files open as several captures; --diff opens a comparison of two.\n"
    "  --lang=ja|zh_TW|en     the window's language (default: the system's)\n"
    "\n"
    "Headless report (no display needed):\n"
    "  --top                  print the function table, as `go tool pprof -top` does;\n"
    "                         several FILEs are merged (common sample types only)\n"
    "  --sample-index=NAME|N  sample type to report (default: the profile's default,\n"
    "                         else the last one); inuse_X also finds X\n"
    "  --cum                  sort by cumulative value instead of flat\n"
    "  --nodecount=N          print at most N rows (default: all)\n"
    "  --nodefraction=F       hide rows whose |cum| is below F of the total\n"
    "                         (default 0.005 as pprof; 0 with --tsv)\n"
    "  --granularity=G        functions (default), filefunctions or lines\n"
    "  --noinlines            attribute inlined functions to their out-of-line caller\n"
    "  --tsv                  print 'flat<TAB>cum<TAB>name' with raw integer values in\n"
    "                         the sample type's own unit\n"
    "  --diff-base=BASE       subtract BASE and show the change (pprof's -diff_base:\n"
    "                         percentages are of BASE's total); may be repeated\n"
    "  --base=BASE            subtract BASE (pprof's -base: percentages of the result)\n"
    "  --normalize            scale FILE... to BASE's total first, so that captures\n"
    "                         of different length compare fairly\n"
    "\n"
    "Headless flamegraph:\n"
    "  --export=OUT.png|OUT.svg  render the flamegraph of FILE... (merged) to an image;\n"
    "                         takes --sample-index and --width=PIXELS (default 1200)\n"
    "\n"
    "  --help                 show this help\n"
    "  --version              show the version\n"
    "\n"
    "Exit status: 0 success, 1 unreadable or invalid input, 2 usage error.\n";

// Opens the files as one capture; on failure prints the message and returns null.
std::shared_ptr<const Capture> openOrReport(const QStringList &files, const OpenOptions &options)
{
    OpenResult opened = openCapture(files, options);
    if (!opened.capture)
        std::fprintf(stderr, "embers: %s\n", opened.error.toLocal8Bit().constData());
    return opened.capture;
}

// Renders the flamegraph without a window; the offscreen platform needs no display.
int exportFlamegraph(const QStringList &files, const QString &out, const QString &sampleIndex,
                     int width)
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
    std::shared_ptr<const Capture> capture = openOrReport(files, options);
    if (!capture)
        return 1;
    std::string error;
    const int column = capture->stacks->columnByName(sampleIndex.toStdString(), &error);
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
    view.setTree(std::make_shared<const CallTree>(capture->stacks, size_t(column)));
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

bool takeValue(const QString &arg, const char *name, QString *value)
{
    QString prefix = QStringLiteral("--%1=").arg(QLatin1String(name));
    if (!arg.startsWith(prefix))
        return false;
    *value = arg.mid(prefix.size());
    return true;
}

} // namespace

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
    QString sampleIndex, granularity = QStringLiteral("functions"), exportPath;
    int width = 1200;
    int nodeCount = 0;
    std::optional<double> nodeFraction;
    QStringList basePaths;
    ProfileRole baseRole = ProfileRole::DiffBase;
    bool normalize = false;
    bool diffWindow = false;
    bool afterDashes = false;
    for (const QString &arg : arguments.mid(1)) {
        QString value;
        if (afterDashes || !arg.startsWith(QLatin1Char('-')) || arg == QLatin1String("-")) {
            continue;
        } else if (arg == QLatin1String("--")) {
            afterDashes = true;
        } else if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            std::fputs(kUsage, stdout);
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
        } else if (takeValue(arg, "sample-index", &value)) {
            sampleIndex = value;
        } else if (takeValue(arg, "export", &value)) {
            exportPath = value;
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
        } else if (arg.startsWith(QLatin1String("-platform")) ||
                   arg.startsWith(QLatin1String("--lang"))) {
            continue; // for the window
        } else {
            return usageError("unknown option '" + arg.toStdString() + "'");
        }
    }
    if (!top && exportPath.isEmpty()) {
        if (!basePaths.isEmpty() || normalize)
            return usageError("--diff-base, --base and --normalize go with --top");
        if (diffWindow && fileArguments(arguments).size() != 2)
            return usageError("--diff needs two files: BASE NEW");
        return std::nullopt;
    }
    if (diffWindow)
        return usageError("--diff opens a window; for a report use --top --diff-base=BASE NEW");
    if (normalize && basePaths.isEmpty())
        return usageError("--normalize needs --diff-base or --base");
    if (!basePaths.isEmpty() && !exportPath.isEmpty())
        return usageError("--diff-base and --base go with --top");

    QStringList files = fileArguments(arguments);
    if (!exportPath.isEmpty()) {
        if (files.isEmpty())
            return usageError("--export needs at least one FILE");
        return exportFlamegraph(files, exportPath, sampleIndex, width);
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
    std::shared_ptr<const Capture> opened = openOrReport(files, options);
    if (!opened)
        return 1;
    const Capture &capture = *opened;
    for (const std::string &w : capture.stacks->warnings)
        std::fprintf(stderr, "embers: warning: %s\n", w.c_str());

    TopOptions top_;
    std::string error;
    top_.column = capture.stacks->columnByName(sampleIndex.toStdString(), &error);
    if (top_.column < 0) {
        if (capture.stacks->columns.empty()) {
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
    TopTable table = buildTopTable(*capture.stacks, *capture.functions, top_);
    std::string text = formatTopReport(*capture.stacks, table, top_);
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
}

} // namespace embers
