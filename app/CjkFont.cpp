#include "CjkFont.h"

#include <QApplication>
#include <QFont>
#include <QFontDatabase>
#include <QFontInfo>

namespace embers {

namespace {

// Name endings that mark a family's region, best first (Noto/Source Han "CJK TC",
// Arphic "TW", …); families known by name for Japanese that carry no tag.
QStringList regionTags(const QLocale &locale)
{
    switch (locale.language()) {
    case QLocale::Japanese:
        return {QStringLiteral("JP"), QStringLiteral("IPAGothic"), QStringLiteral("IPAexGothic"),
                QStringLiteral("TakaoGothic"), QStringLiteral("VL Gothic")};
    case QLocale::Korean:
        return {QStringLiteral("KR")};
    case QLocale::Chinese:
        if (locale.territory() == QLocale::HongKong || locale.territory() == QLocale::Macau)
            return {QStringLiteral("HK"), QStringLiteral("TC"), QStringLiteral("TW")};
        if (locale.script() == QLocale::TraditionalChineseScript ||
            locale.territory() == QLocale::Taiwan)
            return {QStringLiteral("TC"), QStringLiteral("TW"), QStringLiteral("HK")};
        return {QStringLiteral("SC"), QStringLiteral("CN")};
    default:
        return {};
    }
}

bool hasTag(const QString &family, const QString &tag)
{
    return family.endsWith(QLatin1Char(' ') + tag) || family == tag;
}

// Sans before serif, proportional before monospaced: the window's text is sans.
int styleRank(const QString &family)
{
    if (family.contains(QLatin1String("Mono")))
        return 2;
    if (family.contains(QLatin1String("Serif")) || family.contains(QLatin1String("Ming")) ||
        family.contains(QLatin1String("Kai")))
        return 1;
    return 0;
}

} // namespace

QString cjkFamilyFor(const QLocale &locale, const QStringList &families)
{
    for (const QString &tag : regionTags(locale)) {
        QString best;
        for (const QString &family : families) {
            if (hasTag(family, tag) && (best.isEmpty() || styleRank(family) < styleRank(best)))
                best = family;
        }
        if (!best.isEmpty())
            return best;
    }
    return {};
}

void preferCjkFont(const QLocale &locale)
{
    if (regionTags(locale).isEmpty())
        return;
    const QString cjk = cjkFamilyFor(locale, QFontDatabase::families());
    if (cjk.isEmpty())
        return;
    // The family the desktop's font resolves to ("Sans Serif" is only an alias, which a
    // list of families would skip), then the CJK one.
    QFont font = QApplication::font();
    const QString latin = QFontInfo(font).family();
    font.setFamilies(latin == cjk ? QStringList{cjk} : QStringList{latin, cjk});
    QApplication::setFont(font);
}

} // namespace embers
