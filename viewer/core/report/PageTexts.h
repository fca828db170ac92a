// PageTexts: the words of a shared web page in the exporter's language. The page's script
// and template are English; the page carries, for each of their texts that the language
// translates, the translation (the script puts it in place and fills in the %1, %2...).
// The translations are Embers' own (translations/*.ts, context "embers::HtmlPage").
#pragma once

#include <string>
#include <utility>
#include <vector>

class QTranslator;

namespace embers {

// Every text of the page's script and template, and of the summary's labels, in English.
const std::vector<const char *> &pageTextKeys();

// Each key with its translation, for those `translator` translates (QCoreApplication's
// installed translators when null); none in English.
std::vector<std::pair<std::string, std::string>> pageTexts(const QTranslator *translator = nullptr);

} // namespace embers
