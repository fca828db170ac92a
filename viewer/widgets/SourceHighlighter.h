// SourceHighlighter: QSyntaxHighlighter colouring for the source pane (SourceTokens.h does
// the lexing). The pane highlights a scratch document of the lines it paints, so the first
// of them starts in the state the file left it in: setEntryState().
#pragma once

#include "SourceTokens.h"

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace embers {

class SourceHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT
public:
    SourceHighlighter(QTextDocument *document, SourceLanguage language, bool dark);

    // The state of the document's first block (a line inside a block comment...).
    void setEntryState(SourceLineState state) { m_entry = state; }

protected:
    void highlightBlock(const QString &text) override;

private:
    SourceLanguage m_language;
    SourceLineState m_entry = kCode;
    QTextCharFormat m_formats[4]; // by TokenKind
};

} // namespace embers
