#pragma once
// Showing text that came from outside (student ids, file names, reasons quoting a notebook) on a terminal,
// in a table or in a list without letting it move or hide other text.

#include <QString>

namespace sandmark {

/// `text` with every character that could break a line, move the cursor or reorder what is shown written as
/// a visible escape: C0 and C1 controls and DEL (`\n`, `\r`, `\t`, `\x1b`, `\x7f`), Unicode format
/// characters — the bidirectional overrides and isolates such as U+202E, zero-width characters, the BOM —
/// as `\u202e`, the line and paragraph separators U+2028/U+2029, and unpaired surrogates (`\ud800`).
/// Letters, digits, punctuation and spaces of every script are kept as they are. A student id
/// "bob\nalice" prints as one line `bob\nalice`; one with U+202E prints `\u202e` where it was instead of
/// reversing the rest of the line (security report F14). Pure; any thread.
QString displayText(const QString &text);

} // namespace sandmark
