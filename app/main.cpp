#include "AppIcon.h"
#include "CjkFont.h"
#include "CommandLine.h"
#include "FreedMemory.h"
#include "MainWindow.h"
#include "Theme.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <cstdio>

namespace {

// The language asked for with --lang=ja|zh_TW|en (the last one wins); empty when none.
QString languageOption(const QStringList &arguments)
{
    const QString prefix = QStringLiteral("--lang=");
    QString language;
    for (const QString &arg : arguments.mid(1)) {
        if (arg == QLatin1String("--"))
            break;
        if (arg.startsWith(prefix))
            language = arg.mid(prefix.size());
    }
    return language;
}

// Loads `name` (e.g. "embers" or "qtbase") for `locale` from `directory` and installs it.
// QTranslator tries the locale's UI languages, so "zh_TW" finds name_zh_TW.qm. Chinese in
// traditional script from elsewhere (Hong Kong, Macau) falls back to the Taiwan file.
bool installTranslator(QApplication &app, const QLocale &locale, const QString &name,
                       const QString &directory)
{
    auto *translator = new QTranslator(&app);
    bool loaded = translator->load(locale, name, QStringLiteral("_"), directory);
    if (!loaded && locale.language() == QLocale::Chinese &&
        locale.script() == QLocale::TraditionalChineseScript)
        loaded = translator->load(name + QStringLiteral("_zh_TW"), directory);
    if (!loaded || !QCoreApplication::installTranslator(translator)) {
        delete translator;
        return false;
    }
    return true;
}

// The window's language: --lang=... if given, else the system's. English is the source
// language and needs no translation; Qt's own strings (dialog buttons, the line edit's
// context menu) come from qtbase_*.qm when Qt's translations are installed.
void installTranslations(QApplication &app, const QStringList &arguments)
{
    const QString option = languageOption(arguments);
    QLocale locale;
    if (!option.isEmpty()) {
        locale = QLocale(option);
        if (locale.language() == QLocale::C && option != QLatin1String("C"))
            std::fprintf(stderr, "embers: unknown language '%s' for --lang\n",
                         option.toLocal8Bit().constData());
        else
            QLocale::setDefault(locale); // numbers and dates follow the chosen language
    }
    if (locale.language() == QLocale::English || locale.language() == QLocale::C)
        return;
    if (!installTranslator(app, locale, QStringLiteral("embers"), QStringLiteral(":/i18n"))) {
        if (!option.isEmpty())
            std::fprintf(stderr, "embers: no translation for '%s'; using English\n",
                         option.toLocal8Bit().constData());
        return;
    }
    installTranslator(app, locale, QStringLiteral("qtbase"),
                      QLibraryInfo::path(QLibraryInfo::TranslationsPath));
}

} // namespace

int main(int argc, char *argv[])
{
    embers::keepFreedMemory();
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
    // The desktop matches windows to dev.embers.Embers.desktop by this id (Wayland's
    // app_id, the taskbar's icon and name). Qt 6 scales for high-DPI screens by itself:
    // no attribute or rounding policy is set here on purpose.
    QGuiApplication::setDesktopFileName(embers::appId());
    QApplication::setWindowIcon(embers::appIcon());
    embers::theme::apply(embers::theme::saved());
    installTranslations(app, QApplication::arguments());
    embers::preferCjkFont(QLocale()); // Han glyphs of the window's language

    embers::MainWindow window;
    window.show();
    const QStringList files = embers::fileArguments(QApplication::arguments());
    if (QApplication::arguments().contains(QLatin1String("--diff")))
        window.openAndCompare(files, embers::CompareDialog::Action::Diff);
    else if (!files.isEmpty())
        window.openFiles(files);
    if (const QString folder = embers::watchFolderArgument(QApplication::arguments());
        !folder.isEmpty())
        window.watchFolder(folder);
    return app.exec();
}
