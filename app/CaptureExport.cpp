#include "CaptureExport.h"

#include "BackgroundJob.h"
#include "CaptureDescription.h"
#include "CapturePage.h"
#include "DiffTableModel.h"
#include "DiffView.h"
#include "FoldedExport.h"
#include "HtmlPage.h"
#include "PprofExport.h"
#include "Translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>

namespace embers {

CaptureExportFormat exportFormatForName(const QString &path)
{
    const QString name = path.toLower();
    for (const char *ending : {".folded", ".txt", ".collapsed"}) {
        if (name.endsWith(QLatin1String(ending)))
            return CaptureExportFormat::Folded;
    }
    return CaptureExportFormat::Pprof;
}

namespace {

// False and *error when `path` names one of the inputs (by path, or through links).
bool isNotAnInput(const QString &path, const QStringList &inputs, QString *error)
{
    const QFileInfo target(path);
    for (const QString &input : inputs) {
        const QFileInfo in(input);
        if (target.absoluteFilePath() == in.absoluteFilePath() ||
            (target.exists() && in.exists() &&
             target.canonicalFilePath() == in.canonicalFilePath())) {
            *error = QCoreApplication::translate("embers::CaptureExport",
                                                 "%1: is an input of the capture; choose "
                                                 "another file")
                         .arg(QDir::toNativeSeparators(path));
            return false;
        }
    }
    return true;
}

// A capture file's name without the endings of profile files ("cpu.pb.gz" -> "cpu").
QString profileBaseName(const QString &path)
{
    QString base = QFileInfo(path).fileName();
    for (const char *ending :
         {".gz", ".pb", ".pprof", ".cpuprofile", ".heapprofile", ".heapsnapshot", ".folded"})
        if (base.endsWith(QLatin1String(ending)))
            base.chop(int(qstrlen(ending)));
    return base;
}

std::vector<std::string> stdStrings(const QStringList &list)
{
    std::vector<std::string> out;
    for (const QString &s : list)
        out.push_back(s.toStdString());
    return out;
}

// A page's sources into *out; false when they could not be had (*error) or the job was
// cancelled.
bool readSources(const std::function<PageSources(JobControl &, QString *)> &sources,
                 JobControl &control, QString *error, PageSources *out)
{
    *out = sources(control, error);
    return error->isEmpty() && !control.isCancelled();
}

// Asks where to save a web page (beside the first input), then makes it with `make` and
// writes it off the GUI thread, never over an input.
void saveHtmlPage(QWidget *parent, const QStringList &inputs, const QString &baseName,
                  std::function<std::string(JobControl &, QString *error)> make,
                  std::function<void(QString)> done)
{
    const QFileInfo first(inputs.value(0));
    const QFileInfo folder(first.absolutePath());
    const QString name = baseName + QStringLiteral(".html");
    const QString start = folder.isDir() && folder.isWritable() ? first.absoluteDir().filePath(name)
                                                                : QDir::home().filePath(name);
    QString path = QFileDialog::getSaveFileName(
        parent, QCoreApplication::translate("embers::CaptureExport", "Export HTML Page"), start,
        QCoreApplication::translate("embers::CaptureExport", "Web page (*.html)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".html");
    QString error;
    if (!isNotAnInput(path, inputs, &error)) {
        done(error);
        return;
    }
    auto *job = new BackgroundJob(parent);
    job->run(
        [make, path](JobControl &control) {
            QString error;
            const std::string page = make(control, &error);
            if (!error.isEmpty())
                return error;
            QFile file(path);
            if (file.open(QIODevice::WriteOnly) &&
                file.write(page.data(), qint64(page.size())) == qint64(page.size()))
                return QString();
            return QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        },
        [job, done, path](const QString &failure) {
            job->deleteLater();
            done(failure.isEmpty()
                     ? QCoreApplication::translate("embers::CaptureExport", "Exported to %1")
                           .arg(QDir::toNativeSeparators(path))
                     : failure);
        });
}

} // namespace

bool writeShownCapture(const Capture &shown, SampleType type, const QString &path,
                       CaptureExportFormat format, QString *error)
{
    if (!isNotAnInput(path, shown.paths, error))
        return false;
    if (!shown.stacks || !type.isIn(*shown.stacks)) {
        *error = QCoreApplication::translate("embers::CaptureExport",
                                             "%1: the capture has no sample type to export")
                     .arg(QDir::toNativeSeparators(path));
        return false;
    }
    return format == CaptureExportFormat::Pprof
               ? writePprof(*shown.stacks, path, error, int(type.column()))
               : writeFoldedStacks(*shown.stacks, type.column(), path, error);
}

QString defaultExportPath(const QString &capturePath)
{
    const QFileInfo first(capturePath);
    const QString name = profileBaseName(capturePath) + QStringLiteral("-export.pb.gz");
    const QFileInfo folder(first.absolutePath());
    if (folder.isDir() && folder.isWritable())
        return first.absoluteDir().filePath(name);
    return QDir::home().filePath(name);
}

void exportCapturePage(QWidget *parent, CapturePage *page, std::function<void(QString)> done)
{
    const std::shared_ptr<const Capture> shown = page ? page->shownCapture() : nullptr;
    if (!shown) {
        done(QCoreApplication::translate("embers::CaptureExport",
                                         "Open a capture first: there is nothing to export."));
        return;
    }
    const QString pprofFilter =
        QCoreApplication::translate("embers::CaptureExport", "pprof, gzip'd (*.pb.gz)");
    const QString foldedFilter =
        QCoreApplication::translate("embers::CaptureExport", "Folded stacks (*.folded *.txt)");
    QString filter = pprofFilter;
    QString path = QFileDialog::getSaveFileName(
        parent, QCoreApplication::translate("embers::CaptureExport", "Export Capture"),
        defaultExportPath(shown->paths.value(0)), pprofFilter + QStringLiteral(";;") + foldedFilter,
        &filter);
    if (path.isEmpty())
        return;
    CaptureExportFormat format =
        filter == foldedFilter ? CaptureExportFormat::Folded : exportFormatForName(path);
    if (QFileInfo(path).suffix().isEmpty())
        path += format == CaptureExportFormat::Pprof ? QStringLiteral(".pb.gz")
                                                     : QStringLiteral(".folded");
    // One export at a time per window; a job of its own, so that the export runs to its end
    // even when the user closes the page meanwhile.
    auto *job = new BackgroundJob(parent);
    job->run(
        [shown, type = page->sampleType(), path, format](JobControl &) {
            QString error;
            writeShownCapture(*shown, type, path, format, &error);
            return error;
        },
        [job, done, path](const QString &error) {
            job->deleteLater();
            done(error.isEmpty()
                     ? QCoreApplication::translate("embers::CaptureExport", "Exported to %1")
                           .arg(QDir::toNativeSeparators(path))
                     : error);
        });
}

void exportCapturePageAsHtml(QWidget *parent, CapturePage *page, bool withSource,
                             std::function<void(QString)> done)
{
    const std::shared_ptr<const Capture> shown = page ? page->shownCapture() : nullptr;
    const SampleType type = page ? page->sampleType() : SampleType();
    if (!shown || !shown->functions || !type.isIn(*shown->stacks)) {
        done(QCoreApplication::translate("embers::CaptureExport",
                                         "Open a capture first: there is nothing to export."));
        return;
    }
    const QString title = CaptureDescription::displayName(shown->paths);
    std::function<PageSources(JobControl &, QString *)> sources;
    if (withSource)
        sources = page->pageSourcesJob();
    HtmlPageInfo words; // in the window's language, looked up here on the GUI thread
    setPageLanguage(&words);
    saveHtmlPage(
        parent, shown->paths, profileBaseName(shown->paths.value(0)),
        [shown, type, title, sources, words](JobControl &control, QString *error) {
            HtmlPageInfo info = words;
            info.title = title.toStdString();
            info.summary = pageSummary(*shown->stacks, stdStrings(shown->paths));
            PageSources lines;
            if (sources && !readSources(sources, control, error, &lines))
                return std::string();
            return formatProfilePage(*shown->stacks, *shown->functions, type.column(), info,
                                     sources ? &lines : nullptr);
        },
        std::move(done));
}

void exportDiffAsHtml(QWidget *parent, const DiffView *view, const QString &title, bool withSource,
                      std::function<void(QString)> done)
{
    const std::shared_ptr<const DiffTree> diff = view ? view->diffTree() : nullptr;
    if (!diff || view->isBusy()) {
        done(QCoreApplication::translate("embers::CaptureExport",
                                         "The diff is still being computed; export it when it "
                                         "is shown."));
        return;
    }
    auto functions = std::make_shared<const FunctionDiff>(view->tableModel()->diff());
    QStringList inputs;
    for (const auto &capture : view->comparison()->captures)
        inputs << capture->paths;
    HtmlPageInfo words; // in the window's language, looked up here on the GUI thread
    setPageLanguage(&words);
    saveHtmlPage(
        parent, inputs,
        profileBaseName(inputs.value(0)) + QStringLiteral("-vs-") +
            profileBaseName(inputs.value(inputs.size() - 1)),
        [diff, functions, title, inputs, words,
         sources = withSource ? view->pageSourcesJob() : nullptr](JobControl &control,
                                                                  QString *error) {
            HtmlPageInfo info = words;
            info.title = title.toStdString();
            for (const QString &input : inputs)
                info.summary.emplace_back("File", input.toStdString());
            PageSources lines;
            if (sources && !readSources(sources, control, error, &lines))
                return std::string();
            return formatDiffPage(*diff, *functions, info, sources ? &lines : nullptr);
        },
        std::move(done));
}

} // namespace embers
