#include "TargetText.h"

namespace embers {

namespace {

bool isBidiControl(char32_t c)
{
    // Embeddings, overrides and isolates (U+202A..U+202E, U+2066..U+2069), and the marks.
    return (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0x200e ||
           c == 0x200f || c == 0x061c;
}

void appendEscape(QString *out, char32_t c)
{
    switch (c) {
    case '\n':
        out->append(QLatin1String("\\n"));
        return;
    case '\r':
        out->append(QLatin1String("\\r"));
        return;
    case '\t':
        out->append(QLatin1String("\\t"));
        return;
    default:
        break;
    }
    if (c < 0x100)
        out->append(QStringLiteral("\\x%1").arg(uint(c), 2, 16, QLatin1Char('0')));
    else
        out->append(QStringLiteral("\\u%1").arg(uint(c), 4, 16, QLatin1Char('0')));
}

} // namespace

QString printableTargetText(QStringView text, qsizetype maxChars)
{
    QString out;
    out.reserve(text.size());
    qsizetype shown = 0;
    for (const char32_t c : text.toUcs4()) {
        if (maxChars > 0 && shown == maxChars) {
            out.append(QChar(0x2026));
            break;
        }
        ++shown;
        if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || isBidiControl(c))
            appendEscape(&out, c);
        else if (c == 0xfffe || c == 0xffff)
            appendEscape(&out, c);
        else
            out.append(QString::fromUcs4(&c, 1));
    }
    return out;
}

QString displayUrl(const QUrl &url)
{
    return printableTargetText(url.toDisplayString(QUrl::RemovePassword));
}

QString displayTarget(const QString &target)
{
    if (target.startsWith(QLatin1String("http://"), Qt::CaseInsensitive) ||
        target.startsWith(QLatin1String("https://"), Qt::CaseInsensitive)) {
        const QUrl url(target, QUrl::StrictMode);
        if (url.isValid())
            return displayUrl(url);
        // Unparsable, it may still hold a password: none of its user info is shown.
        const qsizetype start = target.indexOf(QLatin1String("//")) + 2;
        qsizetype end = target.indexOf(QLatin1Char('/'), start);
        if (end < 0)
            end = target.size();
        const qsizetype at = target.lastIndexOf(QLatin1Char('@'), end - 1);
        return printableTargetText(at >= start ? target.left(start) + target.mid(at + 1) : target);
    }
    return printableTargetText(target);
}

} // namespace embers
