#include "SourceHighlighter.h"

namespace embers {

SourceHighlighter::SourceHighlighter(QTextDocument *document, SourceLanguage language, bool dark)
    : QSyntaxHighlighter(document), m_language(language)
{
    // Muted colours that read on both palettes: the costs are what should stand out.
    const QColor keyword = dark ? QColor(0x82, 0xaa, 0xff) : QColor(0x1f, 0x4f, 0xb0);
    const QColor string = dark ? QColor(0xc3, 0xe8, 0x8d) : QColor(0x2e, 0x7d, 0x32);
    const QColor comment = dark ? QColor(0x8a, 0x93, 0x9e) : QColor(0x6a, 0x73, 0x7d);
    const QColor number = dark ? QColor(0xf7, 0x8c, 0x6c) : QColor(0xa3, 0x4a, 0x00);
    m_formats[int(TokenKind::Keyword)].setForeground(keyword);
    m_formats[int(TokenKind::Keyword)].setFontWeight(QFont::DemiBold);
    m_formats[int(TokenKind::String)].setForeground(string);
    m_formats[int(TokenKind::Comment)].setForeground(comment);
    m_formats[int(TokenKind::Comment)].setFontItalic(true);
    m_formats[int(TokenKind::Number)].setForeground(number);
}

void SourceHighlighter::highlightBlock(const QString &text)
{
    const int previous = previousBlockState();
    const SourceLineState entry = previous < 0 ? m_entry : SourceLineState(previous);
    const TokenSink sink = [this](int start, int length, TokenKind kind) {
        setFormat(start, length, m_formats[int(kind)]);
    };
    setCurrentBlockState(scanSourceLine(text, entry, m_language, &sink));
}

} // namespace embers
