// SourceTokens: the little lexing the source pane's highlighting needs, for Go,
// JavaScript/TypeScript and C/C++: keywords, strings, comments and numbers, line by line,
// with the state a line leaves to the next (inside a block comment, a Go raw string or a
// JavaScript template). The states of every line are found in one cheap pass, so that the
// pane highlights only the lines it paints, starting anywhere in the file.
#pragma once

#include "SourceText.h"

#include <QStringView>

#include <cstdint>
#include <functional>
#include <vector>

namespace embers {

enum class SourceLanguage { Plain, Go, JavaScript, Cpp };
enum class TokenKind { Keyword, String, Comment, Number };

// By the file name's extension.
SourceLanguage languageForPath(QStringView path);

// What a line leaves open for the next one.
enum SourceLineState : uint8_t { kCode = 0, kBlockComment = 1, kMultiLineString = 2 };

using TokenSink = std::function<void(int start, int length, TokenKind kind)>;

// Scans `line` starting in `state`; calls `sink` (when set) for each token; returns the
// state at its end.
SourceLineState scanSourceLine(QStringView line, SourceLineState state, SourceLanguage language,
                               const TokenSink *sink = nullptr);

// The state each line of `text` starts in, for its highlighting.
std::vector<SourceLineState> lineEntryStates(const SourceText &text, SourceLanguage language);

} // namespace embers
