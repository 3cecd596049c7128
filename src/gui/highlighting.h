#pragma once
// Syntax highlighting of code cells: KF6SyntaxHighlighting when built with it, the built-in one otherwise.

#include <QString>

class QSyntaxHighlighter;
class QTextDocument;

namespace sandmark {

/// Attaches a highlighter for `language` (a notebook's language, "python") to `document` and returns it;
/// the document owns it. With KF6SyntaxHighlighting (SANDMARK_HAVE_KSYNTAXHIGHLIGHTING) the definition comes
/// from one Repository created on first use and shared; otherwise PythonHighlighter. GUI thread only.
QSyntaxHighlighter *attachHighlighter(QTextDocument *document, const QString &language = QStringLiteral("python"));

/// "KSyntaxHighlighting" or "built-in", for the About box and logs.
QString highlighterBackendName();

} // namespace sandmark
