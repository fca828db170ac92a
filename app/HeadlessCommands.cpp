#include "HeadlessCommands.h"

#include "Capture.h"
#include "CommandLineCapture.h"
#include "FlameGraphExport.h"
#include "FlameGraphView.h"
#include "FoldedExport.h"
#include "PprofExport.h"
#include "PprofTransforms.h"
#include "SourceMapRemap.h"
#include "TopReport.h"

#include <QApplication>
#include <QFile>
#include <QImage>

#include <cstdio>
#include <memory>
#include <string>

namespace embers {

namespace {

int usageError(const QString &message)
{
    std::fprintf(stderr, "embers: %s\nTry 'embers --help'.\n", message.toLocal8Bit().constData());
    return 2;
}

// --source-map's maps into *maps (left null when none were given); 1 after printing why
// they cannot be read, else 0.
int loadMaps(const QStringList &paths, std::shared_ptr<const SourceMapSet> *maps)
{
    if (paths.isEmpty())
        return 0;
    SourceMapLoad loaded = loadSourceMaps(paths);
    for (const QString &error : loaded.errors)
        std::fprintf(stderr, "embers: %s\n", error.toLocal8Bit().constData());
    if (!loaded.errors.isEmpty())
        return 1;
    if (loaded.maps.empty()) {
        std::fprintf(stderr, "embers: --source-map: no .map file in %s\n",
                     paths.join(QStringLiteral(", ")).toLocal8Bit().constData());
        return 1;
    }
    *maps = std::make_shared<const SourceMapSet>(std::move(loaded.maps));
    return 0;
}

// Opens the files as one capture (remapped by `maps`, if any); on failure prints the
// message and returns null.
std::shared_ptr<const Capture> openOrReport(const QStringList &files, const OpenOptions &options,
                                            const SourceMapSet *maps)
{
    RemapStats stats;
    OpenResult opened =
        maps ? openRemappedCapture(files, options, *maps, &stats) : openCapture(files, options);
    if (!opened.capture)
        std::fprintf(stderr, "embers: %s\n", opened.error.toLocal8Bit().constData());
    else if (maps)
        std::fprintf(stderr,
                     "embers: source maps: %zu of %zu used, %lld frames remapped (%lld "
                     "approximately, by line only)\n",
                     stats.mapsUsed.size(), maps->size(),
                     static_cast<long long>(stats.framesRemapped),
                     static_cast<long long>(stats.approximate));
    return opened.capture;
}

void printWarnings(const Capture &capture)
{
    for (const std::string &w : capture.stacks->warnings)
        std::fprintf(stderr, "embers: warning: %s\n", w.c_str());
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

// The options for opening the files of a report: no call tree, no samples kept, built as
// the filters need.
OpenOptions reportOptions(const PprofFilters &filters, Granularity granularity, bool noInlines)
{
    OpenOptions options;
    options.model.granularity = granularity;
    options.model.noInlines = noInlines;
    options.buildTree = false;
    options.keepSamples = false;
    openForFilters(options.model, filters);
    return options;
}

QString joined(const QStringList &files)
{
    return files.join(QStringLiteral(", "));
}

// Renders the flamegraph without a window; the offscreen platform needs no display.
int exportFlamegraph(const CommandLine &c, const SourceMapSet *maps)
{
    const OpenOptions options = reportOptions(c.filters, Granularity::FileFunctions, false);
    const std::shared_ptr<const Capture> capture = openOrReport(c.files, options, maps);
    if (!capture)
        return 1;
    const std::shared_ptr<const StackTable> stacks =
        filteredStacks(*capture, c.filters, false, false);
    if (!stacks)
        return 1;
    std::string error;
    const int column = stacks->columnByName(c.sampleIndex.toStdString(), &error);
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
    view.resize(c.width, 600);
    view.setTree(std::make_shared<const CallTree>(stacks, size_t(column)));
    QFile file(c.exportPath);
    bool ok = false;
    if (c.exportPath.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        ok = file.open(QIODevice::WriteOnly) && writeFlameGraphSvg(view, &file, c.width);
    } else {
        QImage image = flameGraphImage(view, QSize(c.width, 0));
        ok = !image.isNull() && image.save(&file, "PNG");
    }
    if (!ok) {
        std::fprintf(stderr, "embers: %s: cannot write: %s\n",
                     c.exportPath.toLocal8Bit().constData(),
                     file.errorString().toLocal8Bit().constData());
        return 1;
    }
    return 0;
}

// Writes the merged, filtered stacks of the files as a gzip'd pprof profile (every sample
// type, at line granularity so that files and lines are kept) or as folded stacks (one
// sample type, names as the table shows them at --granularity).
int exportStacks(const CommandLine &c, const SourceMapSet *maps)
{
    const bool pprof = c.exportFormat == ExportFormat::Pprof;
    const OpenOptions options =
        reportOptions(c.filters, pprof ? Granularity::Lines : c.granularity, c.noInlines);
    const std::shared_ptr<const Capture> capture = openOrReport(c.files, options, maps);
    if (!capture)
        return 1;
    printWarnings(*capture);
    const std::shared_ptr<const StackTable> stacks =
        filteredStacks(*capture, c.filters, c.noInlines, false);
    if (!stacks)
        return 1;
    std::string why;
    const int column = stacks->columnByName(c.sampleIndex.toStdString(), &why);
    if (column < 0) {
        if (!why.empty())
            return usageError(QString::fromStdString(why));
        std::fprintf(stderr, "embers: %s: the profile is empty (no sample types)\n",
                     joined(c.files).toLocal8Bit().constData());
        return 1;
    }
    QString error;
    const bool written = pprof ? writePprof(*stacks, c.exportPath, &error, column)
                               : writeFoldedStacks(*stacks, size_t(column), c.exportPath, &error);
    if (!written) {
        std::fprintf(stderr, "embers: %s\n", error.toLocal8Bit().constData());
        return 1;
    }
    return 0;
}

// --top: the function table, as `go tool pprof -top` prints it.
int printTop(const CommandLine &c, const SourceMapSet *maps)
{
    OpenOptions options = reportOptions(c.filters, c.granularity, c.noInlines);
    options.model.pprofNames = true;
    options.model.normalize = c.normalize;
    options.basePaths = c.basePaths;
    options.baseRole = c.baseRole;
    const std::shared_ptr<const Capture> capture = openOrReport(c.files, options, maps);
    if (!capture)
        return 1;
    printWarnings(*capture);
    const std::shared_ptr<const StackTable> stacks =
        filteredStacks(*capture, c.filters, c.noInlines, true);
    if (!stacks)
        return 1;
    const std::shared_ptr<const FunctionTable> functions =
        stacks == capture->stacks
            ? capture->functions
            : std::make_shared<const FunctionTable>(FunctionTable::build(*stacks));

    TopOptions top = c.top;
    std::string error;
    top.column = stacks->columnByName(c.sampleIndex.toStdString(), &error);
    if (top.column < 0) {
        if (stacks->columns.empty()) {
            std::fprintf(stderr, "embers: %s: the profile is empty (no sample types)\n",
                         joined(c.files).toLocal8Bit().constData());
            return 1;
        }
        return usageError(QString::fromStdString(error));
    }
    TopTable table = buildTopTable(*stacks, *functions, top);
    addActiveFilters(table, c.filters);
    const std::string text = formatTopReport(*stacks, table, top);
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
}

} // namespace

std::optional<int> runCommandLine(const CommandLine &commandLine)
{
    if (!commandLine.usageError.isEmpty())
        return usageError(commandLine.usageError);
    CommandLine c = commandLine;
    if (c.mode == CommandLine::Mode::Top || c.mode == CommandLine::Mode::Export) {
        if (const std::optional<int> status = captureCommandLineTargets(&c))
            return status;
    }
    std::shared_ptr<const SourceMapSet> maps;
    switch (c.mode) {
    case CommandLine::Mode::Window:
        return std::nullopt;
    case CommandLine::Mode::Help:
        printUsage(c.language);
        return 0;
    case CommandLine::Mode::Version:
        std::printf("embers %s\n", EMBERS_VERSION);
        return 0;
    case CommandLine::Mode::Top:
        if (const int status = loadMaps(c.sourceMaps, &maps))
            return status;
        return printTop(c, maps.get());
    case CommandLine::Mode::Export:
        if (const int status = loadMaps(c.sourceMaps, &maps))
            return status;
        return c.exportFormat == ExportFormat::Image ? exportFlamegraph(c, maps.get())
                                                     : exportStacks(c, maps.get());
    }
    return std::nullopt;
}

} // namespace embers
