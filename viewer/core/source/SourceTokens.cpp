#include "SourceTokens.h"

#include <QSet>
#include <QString>

#include <string_view>

namespace embers {

namespace {

const QSet<QString> &keywords(SourceLanguage language)
{
    static const auto make = [](std::initializer_list<const char *> words) {
        QSet<QString> set;
        for (const char *w : words)
            set.insert(QString::fromLatin1(w));
        return set;
    };
    static const QSet<QString> go = make(
        {"break",       "case",    "chan",  "const",  "continue", "default", "defer",  "else",
         "fallthrough", "for",     "func",  "go",     "goto",     "if",      "import", "interface",
         "map",         "package", "range", "return", "select",   "struct",  "switch", "type",
         "var",         "nil",     "true",  "false",  "iota"});
    static const QSet<QString> js = make(
        {"async",    "await",      "break",   "case",      "catch",      "class",     "const",
         "continue", "debugger",   "default", "delete",    "do",         "else",      "enum",
         "export",   "extends",    "false",   "finally",   "for",        "from",      "function",
         "if",       "implements", "import",  "in",        "instanceof", "interface", "let",
         "new",      "null",       "of",      "private",   "protected",  "public",    "readonly",
         "return",   "static",     "super",   "switch",    "this",       "throw",     "true",
         "try",      "type",       "typeof",  "undefined", "var",        "void",      "while",
         "with",     "yield"});
    static const QSet<QString> cpp =
        make({"auto",     "bool",      "break",    "case",     "catch",   "char",      "class",
              "const",    "constexpr", "continue", "default",  "delete",  "do",        "double",
              "else",     "enum",      "explicit", "extern",   "false",   "float",     "for",
              "friend",   "if",        "inline",   "int",      "long",    "namespace", "new",
              "noexcept", "nullptr",   "operator", "override", "private", "protected", "public",
              "return",   "short",     "signed",   "sizeof",   "static",  "struct",    "switch",
              "template", "this",      "throw",    "true",     "try",     "typedef",   "typename",
              "union",    "unsigned",  "using",    "virtual",  "void",    "volatile",  "while"});
    static const QSet<QString> none;
    switch (language) {
    case SourceLanguage::Go:
        return go;
    case SourceLanguage::JavaScript:
        return js;
    case SourceLanguage::Cpp:
        return cpp;
    case SourceLanguage::Plain:
        break;
    }
    return none;
}

bool isIdentifierStart(QChar c)
{
    return c.isLetter() || c == QLatin1Char('_') || c == QLatin1Char('$');
}

bool isIdentifierPart(QChar c)
{
    return isIdentifierStart(c) || c.isDigit();
}

} // namespace

SourceLanguage languageForPath(QStringView path)
{
    const qsizetype dot = path.lastIndexOf(QLatin1Char('.'));
    if (dot < 0)
        return SourceLanguage::Plain;
    const QString ext = path.mid(dot + 1).toString().toLower();
    if (ext == QLatin1String("go"))
        return SourceLanguage::Go;
    static const QSet<QString> js = {
        QStringLiteral("js"), QStringLiteral("mjs"), QStringLiteral("cjs"), QStringLiteral("jsx"),
        QStringLiteral("ts"), QStringLiteral("tsx"), QStringLiteral("mts"), QStringLiteral("cts")};
    if (js.contains(ext))
        return SourceLanguage::JavaScript;
    static const QSet<QString> cpp = {
        QStringLiteral("c"),   QStringLiteral("cc"), QStringLiteral("cpp"), QStringLiteral("cxx"),
        QStringLiteral("h"),   QStringLiteral("hh"), QStringLiteral("hpp"), QStringLiteral("hxx"),
        QStringLiteral("inl"), QStringLiteral("ipp")};
    if (cpp.contains(ext))
        return SourceLanguage::Cpp;
    return SourceLanguage::Plain;
}

namespace {

QString toQString(QStringView text)
{
    return text.toString();
}

QString toQString(QLatin1String text)
{
    return QString(text);
}

// One scanner for decoded lines (highlighting) and for raw UTF-8 bytes seen as Latin-1
// (the states pass): what changes a line's state is ASCII either way.
template <typename Text>
SourceLineState scanLine(Text line, SourceLineState state, SourceLanguage language,
                         const TokenSink *sink)
{
    if (language == SourceLanguage::Plain)
        return kCode;
    const auto mark = [sink](qsizetype start, qsizetype end, TokenKind kind) {
        if (sink && end > start)
            (*sink)(int(start), int(end - start), kind);
    };
    // The multi-line string's quote: Go's raw strings and JavaScript's templates use '`';
    // C++ has none worth following here.
    const QChar backtick = QLatin1Char('`');
    const qsizetype n = line.size();
    qsizetype i = 0;
    if (state == kBlockComment) {
        const qsizetype end = line.indexOf(QLatin1String("*/"));
        if (end < 0) {
            mark(0, n, TokenKind::Comment);
            return kBlockComment;
        }
        mark(0, end + 2, TokenKind::Comment);
        i = end + 2;
    } else if (state == kMultiLineString) {
        const qsizetype end = line.indexOf(backtick);
        if (end < 0) {
            mark(0, n, TokenKind::String);
            return kMultiLineString;
        }
        mark(0, end + 1, TokenKind::String);
        i = end + 1;
    }
    const QSet<QString> &words = keywords(language);
    while (i < n) {
        const QChar c(line[i]);
        if (c == QLatin1Char('/') && i + 1 < n && QChar(line[i + 1]) == QLatin1Char('/')) {
            mark(i, n, TokenKind::Comment);
            return kCode;
        }
        if (c == QLatin1Char('/') && i + 1 < n && QChar(line[i + 1]) == QLatin1Char('*')) {
            const qsizetype end = line.indexOf(QLatin1String("*/"), i + 2);
            if (end < 0) {
                mark(i, n, TokenKind::Comment);
                return kBlockComment;
            }
            mark(i, end + 2, TokenKind::Comment);
            i = end + 2;
            continue;
        }
        if (c == backtick && language != SourceLanguage::Cpp) {
            const qsizetype end = line.indexOf(backtick, i + 1);
            if (end < 0) {
                mark(i, n, TokenKind::String);
                return kMultiLineString;
            }
            mark(i, end + 1, TokenKind::String);
            i = end + 1;
            continue;
        }
        if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            qsizetype j = i + 1;
            while (j < n && QChar(line[j]) != c)
                j += QChar(line[j]) == QLatin1Char('\\') ? 2 : 1;
            j = std::min(j + 1, n);
            mark(i, j, TokenKind::String);
            i = j;
            continue;
        }
        if (c.isDigit()) {
            qsizetype j = i + 1;
            while (j < n &&
                   (QChar(line[j]).isLetterOrNumber() || QChar(line[j]) == QLatin1Char('.') ||
                    QChar(line[j]) == QLatin1Char('_')))
                ++j;
            mark(i, j, TokenKind::Number);
            i = j;
            continue;
        }
        if (isIdentifierStart(c)) {
            qsizetype j = i + 1;
            while (j < n && isIdentifierPart(QChar(line[j])))
                ++j;
            if (sink && words.contains(toQString(line.mid(i, j - i))))
                mark(i, j, TokenKind::Keyword);
            i = j;
            continue;
        }
        if (c == QLatin1Char('#') && language == SourceLanguage::Cpp &&
            line.left(i).trimmed().isEmpty()) {
            mark(i, n, TokenKind::Keyword); // a preprocessor line
            return kCode;
        }
        ++i;
    }
    return kCode;
}

} // namespace

SourceLineState scanSourceLine(QStringView line, SourceLineState state, SourceLanguage language,
                               const TokenSink *sink)
{
    return scanLine(line, state, language, sink);
}

std::vector<SourceLineState> lineEntryStates(const SourceText &text, SourceLanguage language)
{
    const int count = text.lineCount();
    std::vector<SourceLineState> states(size_t(count), kCode);
    if (language == SourceLanguage::Plain)
        return states;
    SourceLineState state = kCode;
    for (int i = 0; i < count; ++i) {
        states[size_t(i)] = state;
        const QByteArrayView bytes = text.lineBytes(i + 1);
        const std::string_view utf8(bytes.data(), size_t(bytes.size()));
        // Most lines open nothing: they are not decoded nor scanned.
        if (state == kCode && utf8.find('`') == std::string_view::npos &&
            utf8.find("/*") == std::string_view::npos)
            continue;
        state = scanLine(QLatin1String(bytes.data(), bytes.size()), state, language, nullptr);
    }
    return states;
}

} // namespace embers
