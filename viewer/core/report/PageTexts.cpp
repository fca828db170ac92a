#include "PageTexts.h"

#include <QCoreApplication>
#include <QTranslator>

namespace embers {

const std::vector<const char *> &pageTextKeys()
{
    // The script's T('...') texts: tst_htmlpage checks that each is listed here. One text a
    // line, whole (a literal split in two reads as a missing comma).
    // clang-format off
    static const std::vector<const char *> keys = {
        QT_TRANSLATE_NOOP("embers::HtmlPage", "all"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Measuring\u2026"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "No match"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "1 function: %1, %2 of all"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "%1 functions: %2, %3 of all"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "(%1 small frames)"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "%1 small frames under %2"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Reset zoom"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Self"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Total"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "% of all"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "% of focus"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "%1 (%2 of all)"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Before"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Before (scaled)"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "After"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Change"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "(new)"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Noise"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "within sampling noise"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "beyond sampling noise"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Double-click for its source lines"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Function"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Self %"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Total %"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "new"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "noise"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Show all %1 functions"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Source"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Line"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Close"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Source \u2014 %1"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Self %1, total %2 (%3 of all)"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Before %1, after %2, change %3"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "No source text: %1. The lines with a cost:"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "This page has no source lines for this function (the profile names no file or line for it)."),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Profile"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Sample type"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Search functions (regular expression)"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Flame graph"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Made with Embers. This page works offline: it loads nothing from anywhere."),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "(scaled to %1)"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "grew"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "shrank"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "within sampling noise (faint)"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "unchanged"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Base scaled to the new total. Widths: before + after."),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Raw values. Widths: before + after."),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "This page could not be shown: %1"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "File"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Files"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Sample types"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Duration"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Captured"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Period"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Binary"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Comment"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Functions"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Stacks"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "Base"),
        QT_TRANSLATE_NOOP("embers::HtmlPage", "New"),
    };
    // clang-format on
    return keys;
}

std::vector<std::pair<std::string, std::string>> pageTexts(const QTranslator *translator)
{
    std::vector<std::pair<std::string, std::string>> out;
    for (const char *key : pageTextKeys()) {
        const QString translated = translator
                                       ? translator->translate("embers::HtmlPage", key)
                                       : QCoreApplication::translate("embers::HtmlPage", key);
        if (!translated.isEmpty() && translated != QString::fromUtf8(key))
            out.emplace_back(key, translated.toStdString());
    }
    return out;
}

} // namespace embers
