#include "pythonhighlighter.h"

#include <QSet>

#include <optional>

namespace sandmark {

namespace {

enum BlockState { Normal = 0, InSingleTriple = 1, InDoubleTriple = 2 };

const QSet<QString> &keywords()
{
    static const QSet<QString> set = {
        QStringLiteral("False"), QStringLiteral("None"), QStringLiteral("True"), QStringLiteral("and"),
        QStringLiteral("as"), QStringLiteral("assert"), QStringLiteral("async"), QStringLiteral("await"),
        QStringLiteral("break"), QStringLiteral("class"), QStringLiteral("continue"), QStringLiteral("def"),
        QStringLiteral("del"), QStringLiteral("elif"), QStringLiteral("else"), QStringLiteral("except"),
        QStringLiteral("finally"), QStringLiteral("for"), QStringLiteral("from"), QStringLiteral("global"),
        QStringLiteral("if"), QStringLiteral("import"), QStringLiteral("in"), QStringLiteral("is"),
        QStringLiteral("lambda"), QStringLiteral("nonlocal"), QStringLiteral("not"), QStringLiteral("or"),
        QStringLiteral("pass"), QStringLiteral("raise"), QStringLiteral("return"), QStringLiteral("try"),
        QStringLiteral("while"), QStringLiteral("with"), QStringLiteral("yield"), QStringLiteral("match"),
        QStringLiteral("case")};
    return set;
}

const QSet<QString> &builtins()
{
    static const QSet<QString> set = {
        QStringLiteral("abs"), QStringLiteral("all"), QStringLiteral("any"), QStringLiteral("bool"),
        QStringLiteral("bytes"), QStringLiteral("callable"), QStringLiteral("chr"), QStringLiteral("dict"),
        QStringLiteral("dir"), QStringLiteral("divmod"), QStringLiteral("enumerate"), QStringLiteral("filter"),
        QStringLiteral("float"), QStringLiteral("format"), QStringLiteral("frozenset"), QStringLiteral("getattr"),
        QStringLiteral("globals"), QStringLiteral("hasattr"), QStringLiteral("hash"), QStringLiteral("help"),
        QStringLiteral("id"), QStringLiteral("input"), QStringLiteral("int"), QStringLiteral("isinstance"),
        QStringLiteral("issubclass"), QStringLiteral("iter"), QStringLiteral("len"), QStringLiteral("list"),
        QStringLiteral("locals"), QStringLiteral("map"), QStringLiteral("max"), QStringLiteral("min"),
        QStringLiteral("next"), QStringLiteral("object"), QStringLiteral("open"), QStringLiteral("ord"),
        QStringLiteral("pow"), QStringLiteral("print"), QStringLiteral("range"), QStringLiteral("repr"),
        QStringLiteral("reversed"), QStringLiteral("round"), QStringLiteral("set"), QStringLiteral("setattr"),
        QStringLiteral("slice"), QStringLiteral("sorted"), QStringLiteral("str"), QStringLiteral("sum"),
        QStringLiteral("super"), QStringLiteral("tuple"), QStringLiteral("type"), QStringLiteral("vars"),
        QStringLiteral("zip"), QStringLiteral("self"), QStringLiteral("Exception"), QStringLiteral("ValueError"),
        QStringLiteral("TypeError"), QStringLiteral("KeyError"), QStringLiteral("IndexError"),
        QStringLiteral("NotImplementedError"), QStringLiteral("AssertionError"), QStringLiteral("RuntimeError")};
    return set;
}

bool isIdentStart(QChar c)
{
    return c.isLetter() || c == QLatin1Char('_');
}
bool isIdentPart(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_');
}

using Token = PythonHighlighter::Token;

// One token of a block: where it ends, how it is shown, and whether it leaves a triple-quoted string open.
struct Lexeme
{
    qsizetype end; // one past its last character
    std::optional<Token> token; // none: shown as plain text
    BlockState open = Normal;
};

// The rest of a triple-quoted string whose text goes on at `from`: up to its closing quotes, or to the end of the
// block, left open for the next one.
Lexeme tripleStringRest(const QString &text, qsizetype from, QChar quote)
{
    const qsizetype end = text.indexOf(QString(3, quote), from);
    if (end < 0)
        return {text.size(), Token::String, quote == QLatin1Char('\'') ? InSingleTriple : InDoubleTriple};
    return {end + 3, Token::String};
}

// Where the opening quote is when a string starts at `i`, after an optional prefix of up to two letters (r, b, u,
// f and combinations); -1 when none starts there.
qsizetype stringQuoteAt(const QString &text, qsizetype i)
{
    const qsizetype n = text.size();
    qsizetype q = i;
    while (q < n && q - i < 2 && QStringLiteral("rRbBuUfF").contains(text.at(q)))
        ++q;
    if (q < n && (text.at(q) == QLatin1Char('\'') || text.at(q) == QLatin1Char('"'))
        && (q == i || !isIdentPart(i > 0 ? text.at(i - 1) : QChar())))
        return q;
    return -1;
}

// The string whose prefix starts at `i` and whose opening quote is at `q`.
Lexeme stringAt(const QString &text, qsizetype i, qsizetype q)
{
    const qsizetype n = text.size();
    const QChar quote = text.at(q);
    if (text.mid(q, 3) == QString(3, quote))
        return tripleStringRest(text, q + 3, quote);
    const bool raw = text.mid(i, q - i).contains(QLatin1Char('r'), Qt::CaseInsensitive);
    qsizetype j = q + 1;
    while (j < n && text.at(j) != quote) {
        if (text.at(j) == QLatin1Char('\\') && !raw)
            ++j;
        else if (text.at(j) == QLatin1Char('\\') && raw && j + 1 < n && text.at(j + 1) == quote)
            ++j;
        ++j;
    }
    return {qMin(n, j + 1), Token::String};
}

bool startsNumber(const QString &text, qsizetype i)
{
    const QChar c = text.at(i);
    return c.isDigit() || (c == QLatin1Char('.') && i + 1 < text.size() && text.at(i + 1).isDigit());
}

// Where the number starting at `i` ends: digits, letters (hex digits, suffixes), '_', '.' and an exponent's sign.
qsizetype numberEnd(const QString &text, qsizetype i)
{
    qsizetype j = i + 1;
    while (j < text.size()) {
        const QChar d = text.at(j);
        if (d.isLetterOrNumber() || d == QLatin1Char('_') || d == QLatin1Char('.'))
            ++j;
        else if ((d == QLatin1Char('+') || d == QLatin1Char('-'))
                 && (text.at(j - 1) == QLatin1Char('e') || text.at(j - 1) == QLatin1Char('E'))
                 && !text.mid(i, 2).startsWith(QLatin1String("0x"), Qt::CaseInsensitive))
            ++j;
        else
            break;
    }
    return j;
}

// A decorator's dotted name starting at the '@' at `i`.
qsizetype decoratorEnd(const QString &text, qsizetype i)
{
    qsizetype j = i + 1;
    while (j < text.size() && (isIdentPart(text.at(j)) || text.at(j) == QLatin1Char('.')))
        ++j;
    return j;
}

// The name starting at `i`: a keyword or builtin unless it is an attribute (after a '.').
Lexeme wordAt(const QString &text, qsizetype i)
{
    qsizetype j = i + 1;
    while (j < text.size() && isIdentPart(text.at(j)))
        ++j;
    const QString word = text.mid(i, j - i);
    const bool attribute = i > 0 && text.at(i - 1) == QLatin1Char('.');
    if (!attribute && keywords().contains(word))
        return {j, Token::Keyword};
    if (!attribute && builtins().contains(word))
        return {j, Token::Builtin};
    return {j, std::nullopt};
}

// The token starting at the non-space character at `i`; `lineStart` when only spaces come before it on its line.
Lexeme lexemeAt(const QString &text, qsizetype i, bool lineStart)
{
    const QChar c = text.at(i);
    if (c == QLatin1Char('#'))
        return {text.size(), Token::Comment};
    if (c == QLatin1Char('@') && lineStart)
        return {decoratorEnd(text, i), Token::Decorator};
    if (const qsizetype q = stringQuoteAt(text, i); q >= 0)
        return stringAt(text, i, q);
    if (startsNumber(text, i))
        return {numberEnd(text, i), Token::Number};
    if (isIdentStart(c))
        return wordAt(text, i);
    return {i + 1, std::nullopt};
}

} // namespace

PythonHighlighter::PythonHighlighter(QTextDocument *document) : QSyntaxHighlighter(document) {}

QTextCharFormat PythonHighlighter::format(Token token)
{
    QTextCharFormat f;
    switch (token) {
    case Token::Keyword:
        f.setForeground(QColor(0x00, 0x33, 0x99));
        f.setFontWeight(QFont::Bold);
        break;
    case Token::Builtin:
        f.setForeground(QColor(0x7a, 0x1f, 0x8f));
        break;
    case Token::String:
        f.setForeground(QColor(0x1a, 0x7f, 0x37));
        break;
    case Token::Comment:
        f.setForeground(QColor(0x6a, 0x73, 0x7d));
        f.setFontItalic(true);
        break;
    case Token::Number:
        f.setForeground(QColor(0xa8, 0x4b, 0x00));
        break;
    case Token::Decorator:
        f.setForeground(QColor(0x00, 0x6d, 0x77));
        break;
    }
    return f;
}

void PythonHighlighter::highlightBlock(const QString &text)
{
    // Shows `lexeme`, which starts at `start`; returns where the next one may start.
    const auto show = [this](qsizetype start, const Lexeme &lexeme) {
        if (lexeme.token)
            setFormat(int(start), int(lexeme.end - start), format(*lexeme.token));
        if (lexeme.open != Normal)
            setCurrentBlockState(lexeme.open);
        return lexeme.end;
    };
    setCurrentBlockState(Normal);
    qsizetype i = 0;
    const int prev = previousBlockState();
    if (prev == InSingleTriple || prev == InDoubleTriple) // continues a triple-quoted string from the previous block
        i = show(0, tripleStringRest(text, 0, prev == InSingleTriple ? QLatin1Char('\'') : QLatin1Char('"')));
    bool lineStart = text.left(i).trimmed().isEmpty();
    while (i < text.size()) {
        if (text.at(i).isSpace()) {
            ++i;
            continue;
        }
        i = show(i, lexemeAt(text, i, lineStart));
        lineStart = false;
    }
}

} // namespace sandmark
