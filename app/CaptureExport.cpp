#include "CaptureExport.h"

#include "BackgroundJob.h"
#include "CapturePage.h"
#include "FoldedExport.h"
#include "PprofExport.h"

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

bool writeShownCapture(const Capture &shown, SampleType type, const QString &path,
                       CaptureExportFormat format, QString *error)
{
    const QFileInfo target(path);
    for (const QString &input : shown.paths) {
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
    QString base = first.fileName();
    for (const char *ending : {".gz", ".pb", ".pprof", ".cpuprofile", ".heapprofile", ".folded"})
        if (base.endsWith(QLatin1String(ending)))
            base.chop(int(qstrlen(ending)));
    const QString name = base + QStringLiteral("-export.pb.gz");
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

} // namespace embers
