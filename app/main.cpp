#include "CommandLine.h"
#include "MainWindow.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

int main(int argc, char *argv[])
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);

    // Headless work needs no display: decide before creating a QApplication.
    if (auto status = embers::runCommandLine(arguments))
        return *status;

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Embers"));
    QApplication::setOrganizationName(QStringLiteral("Embers"));
    QApplication::setApplicationVersion(QStringLiteral(EMBERS_VERSION));

    embers::MainWindow window;
    window.show();
    const QStringList files = embers::fileArguments(QApplication::arguments());
    if (!files.isEmpty())
        window.openFiles(files);
    return app.exec();
}
