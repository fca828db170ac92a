// TargetText: how text that a capture target chose (an error page, an inspector's error
// string, a script's URL) and the URLs the user typed are shown. A target is not trusted:
// its text may carry terminal escapes or a forged line, and a URL may carry a password.
#pragma once

#include <QString>
#include <QStringView>
#include <QUrl>

namespace embers {

// The text with every control character (C0, DEL, C1) and every bidirectional override
// written as a visible escape (\n, \t, \x1b, \u202e), so that it prints on one line and
// cannot steer a terminal or reorder what is around it. Cut at maxChars characters with
// "…" (0: no cut).
QString printableTargetText(QStringView text, qsizetype maxChars = 0);

// The URL as messages, titles and lists show it: without its password (the user name
// stays, as curl shows it), with its query's and fragment's secrets kept (a token in a
// query is the user's own choice to type), control characters escaped.
QString displayUrl(const QUrl &url);

// A capture target as messages name it: an http(s):// URL as displayUrl() shows it,
// anything else (inspect://, a file) with control characters escaped.
QString displayTarget(const QString &target);

} // namespace embers
