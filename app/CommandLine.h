// CommandLine: what the `embers` command line asks for, read with QCommandLineParser before
// any QApplication exists, so that the headless modes (HeadlessCommands.h) need no display.
// docs/cli.md describes every option.
#pragma once

#include "CaptureTarget.h"
#include "PprofTransforms.h"
#include "StackTable.h"
#include "TopReport.h"

#include <QString>
#include <QStringList>

namespace embers {

// What --export writes: what --format names, else what the file name's ending says.
enum class ExportFormat { Image, Pprof, Folded, Html };

struct CommandLine
{
    enum class Mode { Window, Help, Version, Top, List, Export, Check, Trend };

    Mode mode = Mode::Window;
    // Why the command line cannot run as written (exit status 2); empty when it can. The
    // other fields are then incomplete.
    QString usageError;
    // The arguments that are not options, and all after "--": files, or targets to capture
    // from (http:// and https:// URLs, inspect://HOST:PORT[/ID]).
    QStringList files;
    QString language; // --lang; empty: the system's

    // The window's.
    bool diff = false;   // --diff BASE NEW
    QString watchFolder; // --watch=DIR, an existing folder

    // What --top and --export read.
    QString sampleIndex;
    Granularity granularity = Granularity::Functions;
    bool noInlines = false;
    PprofFilters filters;
    QStringList sourceMaps;

    // --top's table (its column is chosen once the profile is open) and comparison.
    TopOptions top;
    QStringList basePaths;
    ProfileRole baseRole = ProfileRole::DiffBase;
    bool normalize = false;

    // --list's functions, and where their sources are found (pprof's -source_path and
    // -trim_path; the working folder when sourcePath is empty).
    QString listPattern;
    // --export of an .html page with its functions' source lines, found as --list finds them.
    bool withSource = false;
    QString sourcePath;
    QString trimPath;

    // --check's limits and outputs (it also reads basePaths, normalize, sampleIndex).
    double thresholdPercent = 1.0; // of the base total
    QString budgetPath;
    QString reportPath; // .md, .html, .svg or .png
    // --trend's table: raw tab-separated integers (top.tsv).

    // --export's file.
    QString exportPath;
    ExportFormat exportFormat = ExportFormat::Pprof;
    int width = 1200; // of an image
    // How targets are captured (--seconds, --capture, --interval, --header, --timeout);
    // its `target` is set per target.
    CaptureRequest capture;
    QString capturesFolder; // --captures=DIR; empty: defaultCapturesFolder()
};

// Reads `arguments` (the program's name first). Options are spelled `--name=value` or
// `--name value`, with one dash or two; Qt's own options for the window (-platform NAME,
// -style NAME, ...) are accepted and left to QApplication. Checks the values and which
// options go together; the files themselves are not read, but --watch must name a folder
// and --export none of the inputs.
CommandLine parseCommandLine(const QStringList &arguments);

// Prints the help to stdout in `language` (empty: the system's), as the window would speak.
void printUsage(const QString &language);

} // namespace embers
