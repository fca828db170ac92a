#include "CaptureExport.h"

#include "CapturePage.h"
#include "FoldedExport.h"
#include "PprofExport.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent>

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

bool writeShownCapture(const Capture &shown, int column, const QString &path,
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
    if (!shown.stacks || column < 0 || size_t(column) >= shown.stacks->columnCount()) {
        *error = QCoreApplication::translate("embers::CaptureExport",
                                             "%1: the capture has no sample type to export")
                     .arg(QDir::toNativeSeparators(path));
        return false;
    }
    return format == CaptureExportFormat::Pprof
               ? writePprof(*shown.stacks, path, error, column)
               : writeFoldedStacks(*shown.stacks, size_t(column), path, error);
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
    const int column = page->currentColumn();
    auto *watcher = new QFutureWatcher<QString>(parent);
    QObject::connect(watcher, &QFutureWatcherBase::finished, parent, [watcher, done, path] {
        watcher->deleteLater();
        const QString error = watcher->result();
        done(error.isEmpty()
                 ? QCoreApplication::translate("embers::CaptureExport", "Exported to %1")
                       .arg(QDir::toNativeSeparators(path))
                 : error);
    });
    watcher->setFuture(QtConcurrent::run([shown, column, path, format] {
        QString error;
        writeShownCapture(*shown, column, path, format, &error);
        return error;
    }));
}

} // namespace embers
