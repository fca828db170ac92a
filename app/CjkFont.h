// CjkFont: the same Han character is drawn differently in Japanese, Traditional and
// Simplified Chinese. Fontconfig picks the CJK font by the system's locale, so a window
// shown in another language (--lang=zh_TW on an English or Japanese desktop) drew
// Traditional Chinese with Japanese glyphs. The window's language names the font instead.
#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>

namespace embers {

// The sans-serif CJK family among `families` whose glyphs suit `locale`'s language and
// script ("Noto Sans CJK TC" for zh_TW, "… JP" for ja); empty for other languages or
// when none is installed.
QString cjkFamilyFor(const QLocale &locale, const QStringList &families);

// Puts that family right after the application font's own, so that Latin text keeps the
// desktop's font and Han text takes the language's glyphs. Nothing for other languages.
void preferCjkFont(const QLocale &locale);

} // namespace embers
