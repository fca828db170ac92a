#include "AppIcon.h"
#include "CjkFont.h"
#include "CommandLine.h"
#include "FreedMemory.h"
#include "HeadlessCommands.h"
#include "MainWindow.h"
#include "StandardInput.h"
#include "Theme.h"
#include "Translations.h"

#include <QApplication>
#include <QLocale>
#include <QThread>

int main(int argc, char *argv[])
{
    embers::keepFreedMemory();
    // Qt takes the first thread that asks for its thread data as the main one. Headless
    // commands read files on worker threads (a QFile there would ask first) and may later
    // create a QApplication here: claim the role before any worker starts.
    QThread::currentThread();
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);

    // Headless work needs no display: decide before creating a QApplication.
    embers::CommandLine commandLine = embers::parseCommandLine(arguments);
    if (commandLine.usageError.isEmpty()) {
        if (auto status = embers::readStandardInput(&commandLine))
            return *status;
    }
    if (auto status = embers::runCommandLine(commandLine))
        return *status;

    QApplication app(argc, argv); // takes Qt's own options (-platform, -style, ...)
    QApplication::setApplicationName(QStringLiteral("Embers"));
    QApplication::setOrganizationName(QStringLiteral("Embers"));
    QApplication::setApplicationVersion(QStringLiteral(EMBERS_VERSION));
    // The desktop matches windows to dev.embers.Embers.desktop by this id (Wayland's
    // app_id, the taskbar's icon and name). Qt 6 scales for high-DPI screens by itself:
    // no attribute or rounding policy is set here on purpose.
    QGuiApplication::setDesktopFileName(embers::appId());
    QApplication::setWindowIcon(embers::appIcon());
    embers::theme::apply(embers::theme::saved());
    embers::installTranslations(app, commandLine.language);
    embers::preferCjkFont(QLocale()); // Han glyphs of the window's language

    embers::MainWindow window;
    window.show();
    // Targets are captured in the window, each opening as a capture when it is in.
    if (commandLine.diff) {
        window.captureAndCompare(commandLine.files, commandLine.capture, commandLine.capturesFolder,
                                 embers::CompareDialog::Action::Diff);
    } else {
        QStringList files;
        for (const QString &target : commandLine.files) {
            if (!embers::isRemoteTarget(target)) {
                files << target;
                continue;
            }
            embers::CaptureRequest request = commandLine.capture;
            request.target = target;
            window.startCapture(request, 0, commandLine.capturesFolder);
        }
        if (!files.isEmpty())
            window.openFiles(files);
    }
    if (!commandLine.watchFolder.isEmpty())
        window.watchFolder(commandLine.watchFolder);
    return app.exec();
}
