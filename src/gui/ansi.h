#pragma once
// ANSI SGR colour sequences (as IPython tracebacks and coloured logs write them) to HTML.

#include <QString>

namespace sandmark {

/// Converts `text` with ANSI escape sequences into an HTML fragment: SGR codes (ECMA-48 "Select Graphic
/// Rendition": bold 1, italic 3, underline 4, resets 0/22/23/24/39/49, colours 30-37/90-97, 40-47/100-107,
/// 256-colour 38;5;n / 48;5;n, true colour 38;2;r;g;b) become <span style> elements; other escape sequences
/// are removed; text is HTML-escaped. Newlines are kept (render inside white-space: pre-wrap). The 16
/// basic colours are darkened variants readable on a light background. Pure function; thread-safe.
QString ansiToHtml(const QString &text);

/// Removes every ANSI escape sequence from `text` (for tooltips, copy and tests). Pure function.
QString stripAnsi(const QString &text);

} // namespace sandmark
