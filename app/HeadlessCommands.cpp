#include "HeadlessCommands.h"

#include "Capture.h"
#include "CheckReport.h"
#include "CommandLineCapture.h"
#include "Comparison.h"
#include "DiffTree.h"
#include "FlameGraphExport.h"
#include "FlameGraphView.h"
#include "FoldedExport.h"
#include "FunctionDiff.h"
#include "HtmlPage.h"
#include "PageSources.h"
#include "PprofExport.h"
#include "PprofTransforms.h"
#include "Regranulate.h"
#include "SourceListing.h"
#include "SourceMapRemap.h"
#include "TopReport.h"
#include "Translations.h"
#include "Trend.h"
#include "Units.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <functional>
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
std::shared_ptr<const StackTable> filteredStacks(const Capture &capture,
                                                 const PprofFilters &filters, bool noInlines,
                                                 bool pprofNames, bool warn = true)
{
    if (!filters.any())
        return capture.stacks;
    FilteredTable filtered = applyPprofFilters(capture.stacks, filters, noInlines, pprofNames);
    for (const std::string &w : warn ? filtered.warnings : std::vector<std::string>())
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

// Paints the view `show` sets up into `path` (.svg, else PNG) without a window: the
// offscreen platform needs no display. 1 after printing why it could not be written.
int writeGraphImage(const QString &path, int width,
                    const std::function<void(FlameGraphView &)> &show)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    int argc = 1;
    char name[] = "embers";
    char *argv[] = {name, nullptr};
    QApplication app(argc, argv);
    FlameGraphView view;
    view.resize(width, 600);
    show(view);
    QFile file(path);
    bool ok = false;
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        ok = file.open(QIODevice::WriteOnly) && writeFlameGraphSvg(view, &file, width);
    } else {
        QImage image = flameGraphImage(view, QSize(width, 0));
        ok = !image.isNull() && image.save(&file, "PNG");
    }
    if (!ok) {
        std::fprintf(stderr, "embers: %s: cannot write: %s\n", path.toLocal8Bit().constData(),
                     file.errorString().toLocal8Bit().constData());
        return 1;
    }
    return 0;
}

// Renders the flamegraph of the merged, filtered files.
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
    return writeGraphImage(c.exportPath, c.width, [&](FlameGraphView &view) {
        view.setTree(std::make_shared<const CallTree>(stacks, size_t(column)));
    });
}

// --sample-index's column of `stacks`; else -1, after saying why, with the exit status
// in *status (2: no such sample type, 1: the profile has none).
int sampleColumn(const StackTable &stacks, const CommandLine &c, int *status)
{
    std::string why;
    const int column = stacks.columnByName(c.sampleIndex.toStdString(), &why);
    if (column >= 0)
        return column;
    if (!why.empty()) {
        *status = usageError(QString::fromStdString(why));
    } else {
        std::fprintf(stderr, "embers: %s: the profile is empty (no sample types)\n",
                     joined(c.files).toLocal8Bit().constData());
        *status = 1;
    }
    return -1;
}

// What --export writes: the files merged at a granularity, after the filters, in
// --sample-index's column.
struct Exported
{
    std::shared_ptr<const Capture> capture;
    std::shared_ptr<const StackTable> stacks;
    int column = -1;
};

// Opens what --export writes into *out; else the exit status, after saying why.
int openForExport(const CommandLine &c, Granularity granularity, const SourceMapSet *maps,
                  Exported *out)
{
    OpenOptions options = reportOptions(c.filters, granularity, c.noInlines);
    // --with-source reads the lines from the samples rather than from the files again.
    options.keepSamples = c.withSource && granularity != Granularity::Lines;
    out->capture = openOrReport(c.files, options, maps);
    if (!out->capture)
        return 1;
    printWarnings(*out->capture);
    out->stacks = filteredStacks(*out->capture, c.filters, c.noInlines, false);
    if (!out->stacks)
        return 1;
    int status = 0;
    out->column = sampleColumn(*out->stacks, c, &status);
    return out->column < 0 ? status : 0;
}

// Writes the merged, filtered stacks of the files as a gzip'd pprof profile (every sample
// type, at line granularity so that files and lines are kept) or as folded stacks (one
// sample type, names as the table shows them at --granularity).
int exportStacks(const CommandLine &c, const SourceMapSet *maps)
{
    const bool pprof = c.exportFormat == ExportFormat::Pprof;
    Exported shown;
    if (const int status =
            openForExport(c, pprof ? Granularity::Lines : c.granularity, maps, &shown))
        return status;
    const StackTable *stacks = shown.stacks.get();
    const int column = shown.column;
    QString error;
    const bool written = pprof ? writePprof(*stacks, c.exportPath, &error, column)
                               : writeFoldedStacks(*stacks, size_t(column), c.exportPath, &error);
    if (!written) {
        std::fprintf(stderr, "embers: %s\n", error.toLocal8Bit().constData());
        return 1;
    }
    return 0;
}

// What --top and --list report on: the files opened, merged and filtered as pprof would,
// and the column --sample-index names.
struct ReportTable
{
    std::shared_ptr<const StackTable> stacks;
    std::shared_ptr<const FunctionTable> functions;
    int column = -1;
};

// The table at `granularity`; empty with the exit status in *status after printing why.
ReportTable openReportTable(const CommandLine &c, Granularity granularity, const SourceMapSet *maps,
                            int *status)
{
    *status = 1;
    OpenOptions options = reportOptions(c.filters, granularity, c.noInlines);
    options.model.pprofNames = true;
    options.model.normalize = c.normalize;
    options.basePaths = c.basePaths;
    options.baseRole = c.baseRole;
    const std::shared_ptr<const Capture> capture = openOrReport(c.files, options, maps);
    if (!capture)
        return {};
    printWarnings(*capture);
    ReportTable table;
    table.stacks = filteredStacks(*capture, c.filters, c.noInlines, true);
    if (!table.stacks)
        return {};
    table.functions =
        table.stacks == capture->stacks
            ? capture->functions
            : std::make_shared<const FunctionTable>(FunctionTable::build(*table.stacks));
    std::string error;
    table.column = table.stacks->columnByName(c.sampleIndex.toStdString(), &error);
    if (table.column < 0) {
        if (table.stacks->columns.empty())
            std::fprintf(stderr, "embers: %s: the profile is empty (no sample types)\n",
                         joined(c.files).toLocal8Bit().constData());
        else
            *status = usageError(QString::fromStdString(error));
        return {};
    }
    *status = 0;
    return table;
}

// --top: the function table, as `go tool pprof -top` prints it.
int printTop(const CommandLine &c, const SourceMapSet *maps)
{
    int status;
    const ReportTable opened = openReportTable(c, c.granularity, maps, &status);
    if (!opened.stacks)
        return status;
    TopOptions top = c.top;
    top.column = opened.column;
    TopTable table = buildTopTable(*opened.stacks, *opened.functions, top);
    addActiveFilters(table, c.filters);
    const std::string text = formatTopReport(*opened.stacks, table, top);
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
}

// --list: the matching functions' source lines, as `go tool pprof -list` prints them.
int printList(const CommandLine &c, const SourceMapSet *maps)
{
    int status;
    const ReportTable opened = openReportTable(c, Granularity::Lines, maps, &status);
    if (!opened.stacks)
        return status;
    ListingOptions listing;
    listing.pattern = QRegularExpression(c.listPattern);
    listing.column = size_t(opened.column);
    listing.searchPath =
        c.sourcePath.isEmpty() ? QDir::currentPath().toStdString() : c.sourcePath.toStdString();
    listing.trimPaths = c.trimPath.toStdString();
    std::string error;
    const std::string text =
        formatSourceListing(*opened.stacks, *opened.functions, listing, &error);
    if (!error.empty()) {
        std::fprintf(stderr, "embers: %s\n", error.c_str());
        return 1;
    }
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
}

// The column --sample-index names within each capture's group of a comparison's table;
// -1 after printing why, with the exit status in *status.
int comparisonColumn(const Comparison &comparison, const QString &sampleIndex, int *status)
{
    const StackTable &stacks = *comparison.stacks;
    const size_t perGroup = stacks.columnsPerGroup();
    if (sampleIndex.isEmpty() && perGroup > 0)
        return int(comparison.sampleTypeOr({}).column());
    const int column = stacks.columnByName(sampleIndex.toStdString(), nullptr);
    if (column >= 0 && size_t(column) < perGroup)
        return column;
    if (perGroup == 0) {
        std::fprintf(stderr, "embers: the profiles are empty (no sample types)\n");
        *status = 1;
        return -1;
    }
    std::string known;
    for (size_t i = 0; i < perGroup; ++i)
        known += (i ? ", " : "") + stacks.columns[i].type;
    *status = usageError(QStringLiteral("sample type \"%1\" not found; the profiles have: %2")
                             .arg(sampleIndex, QString::fromStdString(known)));
    return -1;
}

struct Compared
{
    std::shared_ptr<const Comparison> comparison;
    size_t column = 0; // --sample-index's, within a capture's group
};

// The captures compared (the files of each entry merged into one capture, as --top
// merges them, two entries at a time on two cores) into *out; else the exit status,
// after printing why.
int openComparison(const std::vector<QStringList> &entries, const CommandLine &c,
                   CombineContent content, Compared *out)
{
    OpenOptions options = reportOptions({}, c.granularity, c.noInlines);
    options.model.pprofNames = true;
    // --with-source reads the lines from the samples rather than from the files again.
    options.keepSamples = c.withSource && c.granularity != Granularity::Lines;
    std::vector<OpenResult> opened(entries.size());
    std::atomic<size_t> next{0};
    auto open = [&] {
        for (size_t i; (i = next++) < entries.size();)
            opened[i] = openCapture(entries[i], options);
    };
    inParallel(open, open);
    std::vector<std::shared_ptr<const Capture>> captures;
    for (const OpenResult &r : opened) {
        if (!r.capture) {
            std::fprintf(stderr, "embers: %s\n", r.error.toLocal8Bit().constData());
            return 1;
        }
        printWarnings(*r.capture);
        captures.push_back(r.capture);
    }
    ComparisonResult compared = compareCaptures(captures, nullptr, content);
    if (!compared.comparison) {
        std::fprintf(stderr, "embers: %s\n", compared.error.toLocal8Bit().constData());
        return 1;
    }
    int status = 0;
    const int column = comparisonColumn(*compared.comparison, c.sampleIndex, &status);
    if (column < 0)
        return status;
    *out = {std::move(compared.comparison), size_t(column)};
    return 0;
}

bool writeText(const QString &path, const std::string &text)
{
    QFile file(path);
    if (file.open(QIODevice::WriteOnly) &&
        file.write(text.data(), qint64(text.size())) == qint64(text.size()))
        return true;
    std::fprintf(stderr, "embers: %s: cannot write: %s\n", path.toLocal8Bit().constData(),
                 file.errorString().toLocal8Bit().constData());
    return false;
}

// --check: exit status 3 when NEW regressed against BASE, with the summary on stdout.
int runCheck(const CommandLine &c)
{
    // The budget first: a malformed one is a usage error, found before any profile is read.
    std::optional<RegressionBudget> budget;
    if (!c.budgetPath.isEmpty()) {
        QFile file(c.budgetPath);
        if (!file.open(QIODevice::ReadOnly))
            return usageError(
                QStringLiteral("--budget=%1: %2").arg(c.budgetPath, file.errorString()));
        QString why;
        budget = RegressionBudget::parse(file.readAll(), &why);
        if (!budget)
            return usageError(QStringLiteral("--budget=%1: %2").arg(c.budgetPath, why));
    }
    // The stacks too: the noise test counts each capture's samples over them, and the
    // report may draw the differential graph.
    Compared compared;
    if (const int status =
            openComparison({c.basePaths, c.files}, c, CombineContent::Stacks, &compared))
        return status;
    const StackTable &stacks = *compared.comparison->stacks;
    const size_t column = compared.column;
    CheckOptions options;
    options.normalize = c.normalize;
    options.thresholdPercent = c.thresholdPercent;
    options.budget = budget ? &*budget : nullptr;
    const RegressionCheck check =
        RegressionCheck::run(stacks, *compared.comparison->functions, column, options);
    CheckReportInputs inputs;
    inputs.base = joined(c.basePaths).toStdString();
    inputs.current = joined(c.files).toStdString();
    inputs.column = column;
    inputs.thresholdPercent = c.thresholdPercent;
    const std::string summary = formatCheckMarkdown(check, stacks, inputs);
    std::fwrite(summary.data(), 1, summary.size(), stdout);
    std::fflush(stdout);
    const int verdict = check.regressed() ? 3 : 0;
    if (c.reportPath.isEmpty())
        return verdict;
    const QString report = c.reportPath.toLower();
    if (report.endsWith(QLatin1String(".md")) || report.endsWith(QLatin1String(".markdown")))
        return writeText(c.reportPath, summary) ? verdict : 1;
    if (report.endsWith(QLatin1String(".html")) || report.endsWith(QLatin1String(".htm")))
        return writeText(c.reportPath, formatCheckHtml(check, stacks, inputs)) ? verdict : 1;
    const int written = writeGraphImage(c.reportPath, c.width, [&](FlameGraphView &view) {
        view.setDiff(
            std::make_shared<const DiffTree>(compared.comparison->stacks, column, c.normalize));
    });
    return written ? written : verdict;
}

// The files' names as a page's title shows them: without their folders.
std::string fileNames(const QStringList &files)
{
    QStringList names;
    for (const QString &file : files)
        names << QFileInfo(file).fileName();
    return names.join(QStringLiteral(", ")).toStdString();
}

std::vector<std::string> stdStrings(const QStringList &list)
{
    std::vector<std::string> out;
    for (const QString &s : list)
        out.push_back(s.toStdString());
    return out;
}

// --with-source: where the page's sources are read from and how their files are named, as
// --list finds and names them; stderr says how many were not found.
int withSources(const CommandLine &c, const std::vector<SourceColumn> &columns, PageSources *out,
                const SourceMapSet *maps = nullptr)
{
    const std::string searchPath =
        c.sourcePath.isEmpty() ? QDir::currentPath().toStdString() : c.sourcePath.toStdString();
    const std::string trimPaths = c.trimPath.toStdString();
    *out = collectPageSources(
        columns,
        [&](std::string_view recorded) {
            // A remapped frame's original as its source map embeds it, else from disk.
            if (FoundSource embedded = embeddedSource(maps, recorded); embedded.text)
                return embedded;
            return readFoundSource(findSourceAsPprof(recorded, searchPath, trimPaths));
        },
        [&](std::string_view file) {
            return cleanPath(pprofTrimPath(file, trimPaths, searchPath));
        });
    if (out->filesMissing > 0)
        std::fprintf(stderr,
                     "embers: %zu of %zu source files not found (searched %s); "
                     "--source-path and --trim-path say where they are\n",
                     out->filesMissing, out->filesMissing + out->filesFound, searchPath.c_str());
    return 0;
}

// A capture's page's sources: every sample type of the capture at lines granularity (the
// exported table when it is at lines already).
int captureSources(const CommandLine &c, const SourceMapSet *maps, const Exported &shown,
                   PageSources *out)
{
    Exported lines = shown;
    if (c.granularity != Granularity::Lines) {
        QString error;
        lines.capture =
            regranulate(*shown.capture, Granularity::Lines, -1, nullptr, &error, false, false);
        if (!lines.capture) {
            std::fprintf(stderr, "embers: %s\n", error.toLocal8Bit().constData());
            return 1;
        }
        lines.stacks = filteredStacks(*lines.capture, c.filters, c.noInlines, false, false);
        if (!lines.stacks)
            return 1;
    }
    const std::shared_ptr<const FunctionTable> functions =
        lines.stacks == lines.capture->stacks
            ? lines.capture->functions
            : std::make_shared<const FunctionTable>(FunctionTable::build(*lines.stacks));
    std::vector<SourceColumn> columns;
    for (size_t k = 0; k < lines.stacks->columnCount(); ++k)
        columns.push_back({lines.stacks.get(), functions.get(), k, 1});
    return withSources(c, columns, out, maps);
}

// A diff page's sources: the compared sample type's lines before (scaled as the diff
// scales the base) and after, from the compared captures at lines granularity.
int diffSources(const CommandLine &c, const Compared &compared, const DiffTree &diff,
                PageSources *out)
{
    const ComparisonResult atLines = compareAtLines(compared.comparison->captures);
    if (!atLines.comparison) {
        std::fprintf(stderr, "embers: %s\n", atLines.error.toLocal8Bit().constData());
        return 1;
    }
    // The same captures, so the same sample types in each group.
    const Comparison &lines = *atLines.comparison;
    const size_t within = compared.column;
    return withSources(
        c,
        {{lines.stacks.get(), lines.functions.get(), lines.columnOf(0, within), diff.baseScale()},
         {lines.stacks.get(), lines.functions.get(), lines.columnOf(1, within), 1}},
        out);
}

// --export=OUT.html: the capture as --top reads it (filters, granularity, source maps) as
// one interactive page; with --diff-base, the two captures' differential page.
int exportHtmlPage(const CommandLine &c, const SourceMapSet *maps)
{
    std::string page;
    if (!c.basePaths.isEmpty()) {
        Compared compared;
        if (const int status =
                openComparison({c.basePaths, c.files}, c, CombineContent::Stacks, &compared))
            return status;
        const Comparison &comparison = *compared.comparison;
        const DiffTree diff(comparison.stacks, compared.column, c.normalize);
        const FunctionDiff functions = FunctionDiff::build(
            *comparison.stacks, *comparison.functions, compared.column, c.normalize);
        HtmlPageInfo info;
        info.title = fileNames(c.basePaths) + " \u2192 " + fileNames(c.files);
        info.summary = {{"Base", joined(c.basePaths).toStdString()},
                        {"New", joined(c.files).toStdString()}};
        setPageLanguage(&info, &c.language);
        PageSources sources;
        if (c.withSource) {
            if (const int status = diffSources(c, compared, diff, &sources))
                return status;
        }
        page = formatDiffPage(diff, functions, info, c.withSource ? &sources : nullptr);
    } else {
        Exported shown;
        if (const int status = openForExport(c, c.granularity, maps, &shown))
            return status;
        const std::shared_ptr<const Capture> &capture = shown.capture;
        const std::shared_ptr<const StackTable> &stacks = shown.stacks;
        const int column = shown.column;
        const std::shared_ptr<const FunctionTable> functions =
            stacks == capture->stacks
                ? capture->functions
                : std::make_shared<const FunctionTable>(FunctionTable::build(*stacks));
        HtmlPageInfo info;
        info.title = fileNames(c.files);
        info.summary = pageSummary(*stacks, stdStrings(c.files));
        setPageLanguage(&info, &c.language);
        PageSources sources;
        if (c.withSource) {
            if (const int status = captureSources(c, maps, shown, &sources))
                return status;
        }
        page = formatProfilePage(*stacks, *functions, size_t(column), info,
                                 c.withSource ? &sources : nullptr);
    }
    return writeText(c.exportPath, page) ? 0 : 1;
}

// The order --trend prints: what changed by p-value, then the steady by their largest
// value; ties by name.
std::vector<size_t> trendOrder(const Trend &trend, const StackTable &stacks)
{
    std::vector<size_t> order(trend.rows.size());
    std::vector<int64_t> largest(trend.rows.size());
    std::vector<std::string> names(trend.rows.size());
    for (size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
        const std::vector<int64_t> &v = trend.rows[i].values;
        largest[i] = v.empty() ? 0 : *std::max_element(v.begin(), v.end());
        names[i] = stacks.frameName(trend.rows[i].frame);
    }
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        const TrendRow &ra = trend.rows[a], &rb = trend.rows[b];
        const bool changedA = ra.verdict != TrendVerdict::Steady;
        const bool changedB = rb.verdict != TrendVerdict::Steady;
        if (changedA != changedB)
            return changedA;
        if (changedA && ra.pValue != rb.pValue)
            return ra.pValue < rb.pValue;
        if (!changedA && largest[a] != largest[b])
            return largest[a] > largest[b];
        return names[a] != names[b] ? names[a] < names[b] : ra.frame < rb.frame;
    });
    return order;
}

std::string pValueText(double p)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", p);
    return buf;
}

// --trend: a row per function across the files, in the order given.
int runTrend(const CommandLine &c)
{
    std::vector<QStringList> entries;
    for (const QString &file : c.files)
        entries.push_back({file});
    Compared compared;
    if (const int status = openComparison(entries, c, CombineContent::FramesOnly, &compared))
        return status;
    const Comparison &comparison = *compared.comparison;
    const StackTable &stacks = *comparison.stacks;
    const size_t column = compared.column;
    TrendOptions options;
    options.normalize = c.normalize;
    const Trend trend = Trend::build(comparison, column, options);
    const std::vector<size_t> order = trendOrder(trend, stacks);
    std::string out;
    if (c.top.tsv) {
        out = "name\tverdict\tchange_at\tp_value";
        for (size_t i = 0; i < comparison.captureCount(); ++i)
            out += "\t" + std::to_string(i + 1);
        out += "\n";
        for (size_t i : order) {
            const TrendRow &r = trend.rows[i];
            out += stacks.frameName(r.frame) + "\t" + trendVerdictName(r.verdict) + "\t" +
                   (r.changeAt >= 0 ? std::to_string(r.changeAt + 1) : std::string()) + "\t" +
                   pValueText(r.pValue);
            for (int64_t v : r.values)
                out += "\t" + std::to_string(v);
            out += "\n";
        }
    } else {
        const std::string unit = stacks.columns[column].unit;
        size_t changed = 0;
        for (const TrendRow &r : trend.rows)
            changed += r.verdict != TrendVerdict::Steady ? 1 : 0;
        char line[512];
        std::snprintf(line, sizeof line,
                      "Trend over %zu captures (%s, %s): %zu of %zu functions changed%s.\n",
                      comparison.captureCount(), stacks.columns[column].type.c_str(),
                      c.normalize ? "shares of each total" : "absolute values", changed,
                      trend.rows.size(),
                      trend.hasCounts ? "" : " (no sample counts: only steady climbs are found)");
        out += line;
        if (changed) {
            std::snprintf(line, sizeof line, "%9s %6s %9s %12s %12s  %s\n", "verdict", "from",
                          "p-value", "first", "last", "name");
            out += line;
        }
        for (size_t i : order) {
            const TrendRow &r = trend.rows[i];
            if (r.verdict == TrendVerdict::Steady)
                break;
            const std::string from = r.changeAt >= 0 ? "#" + std::to_string(r.changeAt + 1) : "";
            std::snprintf(line, sizeof line, "%9s %6s %9s %12s %12s  ", trendVerdictName(r.verdict),
                          from.c_str(), pValueText(r.pValue).c_str(),
                          units::humanValue(r.values.front(), unit).c_str(),
                          units::humanValue(r.values.back(), unit).c_str());
            out += line + stacks.frameName(r.frame) + "\n";
        }
        if (changed < trend.rows.size())
            out += std::to_string(trend.rows.size() - changed) +
                   " steady; --tsv lists every function with its value in each capture.\n";
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}

} // namespace

std::optional<int> runCommandLine(const CommandLine &commandLine)
{
    if (!commandLine.usageError.isEmpty())
        return usageError(commandLine.usageError);
    CommandLine c = commandLine;
    if (c.mode == CommandLine::Mode::Top || c.mode == CommandLine::Mode::List ||
        c.mode == CommandLine::Mode::Export || c.mode == CommandLine::Mode::Check ||
        c.mode == CommandLine::Mode::Trend) {
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
    case CommandLine::Mode::List:
        if (const int status = loadMaps(c.sourceMaps, &maps))
            return status;
        return printList(c, maps.get());
    case CommandLine::Mode::Export:
        if (const int status = loadMaps(c.sourceMaps, &maps))
            return status;
        switch (c.exportFormat) {
        case ExportFormat::Image:
            return exportFlamegraph(c, maps.get());
        case ExportFormat::Html:
            return exportHtmlPage(c, maps.get());
        case ExportFormat::Pprof:
        case ExportFormat::Folded:
            break;
        }
        return exportStacks(c, maps.get());
    case CommandLine::Mode::Check:
        return runCheck(c);
    case CommandLine::Mode::Trend:
        return runTrend(c);
    }
    return std::nullopt;
}

} // namespace embers
