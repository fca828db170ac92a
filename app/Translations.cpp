#include "Translations.h"

#include "HtmlPage.h"
#include "PageTexts.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <cstdio>

namespace embers {

namespace {

bool install(QCoreApplication &app, const QLocale &locale, const QString &name,
             const QString &directory)
{
    auto *translator = new QTranslator(&app);
    if (!loadTranslation(*translator, locale, name, directory) ||
        !QCoreApplication::installTranslator(translator)) {
        delete translator;
        return false;
    }
    return true;
}

} // namespace

bool loadTranslation(QTranslator &translator, const QLocale &locale, const QString &name,
                     const QString &directory)
{
    if (translator.load(locale, name, QStringLiteral("_"), directory))
        return true;
    return locale.language() == QLocale::Chinese &&
           locale.script() == QLocale::TraditionalChineseScript &&
           translator.load(name + QStringLiteral("_zh_TW"), directory);
}

void installTranslations(QCoreApplication &app, const QString &language)
{
    QLocale locale;
    if (!language.isEmpty()) {
        locale = QLocale(language);
        if (locale.language() == QLocale::C && language != QLatin1String("C"))
            std::fprintf(stderr, "embers: unknown language '%s' for --lang\n",
                         language.toLocal8Bit().constData());
        else
            QLocale::setDefault(locale);
    }
    if (locale.language() == QLocale::English || locale.language() == QLocale::C)
        return;
    if (!install(app, locale, QStringLiteral("embers"), QStringLiteral(":/i18n"))) {
        if (!language.isEmpty())
            std::fprintf(stderr, "embers: no translation for '%s'; using English\n",
                         language.toLocal8Bit().constData());
        return;
    }
    install(app, locale, QStringLiteral("qtbase"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath));
}

void setPageLanguage(HtmlPageInfo *info, const QString *language)
{
    const QLocale locale = !language             ? QLocale()
                           : language->isEmpty() ? QLocale::system()
                                                 : QLocale(*language);
    info->language = "en";
    info->texts.clear();
    if (locale.language() == QLocale::English || locale.language() == QLocale::C)
        return;
    if (!language) {
        info->texts = pageTexts();
    } else {
        QTranslator translator;
        if (!loadTranslation(translator, locale, QStringLiteral("embers"),
                             QStringLiteral(":/i18n")))
            return;
        info->texts = pageTexts(&translator);
    }
    if (!info->texts.empty())
        info->language = locale.bcp47Name().toStdString();
}

} // namespace embers
