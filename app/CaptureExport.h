// CaptureExport: File > Export — what a capture page shows (its shown StackTable, so
// with the pseudo-frame filter, source maps and transforms applied) written as a gzip'd
// pprof file or as folded stacks, with the existing writers, or as one web page to share
// (HtmlPage.h), as is a comparison's diff; never over one of the capture's inputs.
#pragma once

#include "Capture.h"

#include <QString>

#include <functional>

class QWidget;

namespace embers {

class CapturePage;
class DiffView;

enum class CaptureExportFormat { Pprof, Folded };

// The format a file name asks for: .folded/.txt/.collapsed are folded stacks, the rest pprof.
CaptureExportFormat exportFormatForName(const QString &path);

// Writes `shown`'s stacks to `path` (pprof: every sample type, `column` the default;
// folded: the `column` sample type). False and *error (naming the file) when `path` is
// one of the capture's input files or cannot be written.
bool writeShownCapture(const Capture &shown, SampleType type, const QString &path,
                       CaptureExportFormat format, QString *error);

// Where the save dialog starts: "NAME-export.pb.gz" beside the capture's first file, or
// in the home folder when that folder cannot be written (the installed examples).
QString defaultExportPath(const QString &capturePath);

// Asks for a file name and writes the page's shown capture off the GUI thread; `done`
// gets a message for the status bar (success or the error).
void exportCapturePage(QWidget *parent, CapturePage *page, std::function<void(QString)> done);

// Asks for a file name and writes the page's shown capture, in its sample type, as one
// self-contained web page, off the GUI thread; `done` as above. `withSource`: the page
// carries its functions' source lines, found as Show Source finds them.
void exportCapturePageAsHtml(QWidget *parent, CapturePage *page, bool withSource,
                             std::function<void(QString)> done);

// The same for the diff `view` shows (its sample type, normalised or not), titled `title`.
void exportDiffAsHtml(QWidget *parent, const DiffView *view, const QString &title, bool withSource,
                      std::function<void(QString)> done);

} // namespace embers
