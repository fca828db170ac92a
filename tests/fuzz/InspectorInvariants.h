// What the inspector's fuzz targets check of every text they get back: a broken invariant
// prints the target, what broke and the text, and aborts (libFuzzer keeps the input).
#pragma once

#include "TargetText.h"

#include <QString>

#include <cstdio>
#include <cstdlib>

namespace embers::fuzz {

inline void check(const char *target, bool ok, const char *what, const QString &text)
{
    if (ok)
        return;
    std::fprintf(stderr, "%s: %s: %s\n", target, what, text.toUtf8().constData());
    std::abort();
}

// No control character or bidirectional override left to reach a terminal.
inline bool printable(const QString &text)
{
    return printableTargetText(text) == text;
}

} // namespace embers::fuzz
