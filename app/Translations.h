// Translations: Embers' messages in the user's language (translations/README.md), from the
// .qm files embedded as :/i18n/embers_*.qm, and Qt's own (dialog buttons, the line edit's
// context menu) from qtbase_*.qm where Qt's translations are installed.
#pragma once

class QCoreApplication;
class QLocale;
class QString;
class QTranslator;

namespace embers {

struct HtmlPageInfo;

// Loads `name` (e.g. "embers" or "qtbase") for `locale` from `directory`. QTranslator
// tries the locale's UI languages, so "zh_TW" finds name_zh_TW.qm; Chinese in traditional
// script from elsewhere (Hong Kong, Macau) falls back to the Taiwan file.
bool loadTranslation(QTranslator &translator, const QLocale &locale, const QString &name,
                     const QString &directory);

// Installs the translations for `language` (--lang; empty: the system's), owned by `app`.
// Numbers and dates follow the chosen language. English is the source language and needs
// none. An unknown language, or one without a translation, is reported on stderr.
void installTranslations(QCoreApplication &app, const QString &language);

// A shared web page's words and language name: for `language` (--lang; empty: the
// system's) when given, else as the window's installed translations say.
void setPageLanguage(HtmlPageInfo *info, const QString *language = nullptr);

} // namespace embers
