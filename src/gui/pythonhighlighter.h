#pragma once
// The built-in Python highlighter, used when KF6SyntaxHighlighting is not available.

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace sandmark {

/// Highlights Python 3 source: keywords (incl. soft keywords match/case), builtins, strings with prefixes
/// (r, b, f, u) including triple-quoted strings spanning several blocks (block state 1 for ''', 2 for """),
/// comments, numbers and decorators. Tokens follow the Python Language Reference, "Lexical analysis".
/// Lives on the thread of its document (the GUI thread).
class PythonHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT
public:
    enum class Token { Keyword, Builtin, String, Comment, Number, Decorator };

    explicit PythonHighlighter(QTextDocument *document);

    /// The character format used for `token` (colours readable on a light background).
    static QTextCharFormat format(Token token);

protected:
    void highlightBlock(const QString &text) override;
};

} // namespace sandmark
