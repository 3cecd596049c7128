#include "pythonhighlighter.h"

#include <QSet>

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
    const qsizetype n = text.size();
    qsizetype i = 0;
    setCurrentBlockState(Normal);

    // Continues a triple-quoted string from the previous block.
    const int prev = previousBlockState();
    if (prev == InSingleTriple || prev == InDoubleTriple) {
        const QString delim = prev == InSingleTriple ? QStringLiteral("'''") : QStringLiteral("\"\"\"");
        const qsizetype end = text.indexOf(delim);
        if (end < 0) {
            setFormat(0, int(n), format(Token::String));
            setCurrentBlockState(prev);
            return;
        }
        setFormat(0, int(end + 3), format(Token::String));
        i = end + 3;
    }

    bool lineStart = text.left(i).trimmed().isEmpty();
    while (i < n) {
        const QChar c = text.at(i);
        if (c.isSpace()) {
            ++i;
            continue;
        }
        if (c == QLatin1Char('#')) {
            setFormat(int(i), int(n - i), format(Token::Comment));
            return;
        }
        if (c == QLatin1Char('@') && lineStart) {
            qsizetype j = i + 1;
            while (j < n && (isIdentPart(text.at(j)) || text.at(j) == QLatin1Char('.')))
                ++j;
            setFormat(int(i), int(j - i), format(Token::Decorator));
            i = j;
            lineStart = false;
            continue;
        }
        lineStart = false;

        // String, with an optional prefix of up to two letters (r, b, u, f and combinations).
        qsizetype q = i;
        while (q < n && q - i < 2 && QStringLiteral("rRbBuUfF").contains(text.at(q)))
            ++q;
        if (q < n && (text.at(q) == QLatin1Char('\'') || text.at(q) == QLatin1Char('"'))
            && (q == i || !isIdentPart(i > 0 ? text.at(i - 1) : QChar()))) {
            const QChar quote = text.at(q);
            const bool raw = text.mid(i, q - i).contains(QLatin1Char('r'), Qt::CaseInsensitive);
            const QString triple(3, quote);
            if (text.mid(q, 3) == triple) {
                const qsizetype end = text.indexOf(triple, q + 3);
                if (end < 0) {
                    setFormat(int(i), int(n - i), format(Token::String));
                    setCurrentBlockState(quote == QLatin1Char('\'') ? InSingleTriple : InDoubleTriple);
                    return;
                }
                setFormat(int(i), int(end + 3 - i), format(Token::String));
                i = end + 3;
                continue;
            }
            qsizetype j = q + 1;
            while (j < n && text.at(j) != quote) {
                if (text.at(j) == QLatin1Char('\\') && !raw)
                    ++j;
                else if (text.at(j) == QLatin1Char('\\') && raw && j + 1 < n && text.at(j + 1) == quote)
                    ++j;
                ++j;
            }
            j = qMin(n, j + 1);
            setFormat(int(i), int(j - i), format(Token::String));
            i = j;
            continue;
        }

        if (c.isDigit() || (c == QLatin1Char('.') && i + 1 < n && text.at(i + 1).isDigit())) {
            qsizetype j = i + 1;
            while (j < n) {
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
            setFormat(int(i), int(j - i), format(Token::Number));
            i = j;
            continue;
        }

        if (isIdentStart(c)) {
            qsizetype j = i + 1;
            while (j < n && isIdentPart(text.at(j)))
                ++j;
            const QString word = text.mid(i, j - i);
            const bool attribute = i > 0 && text.at(i - 1) == QLatin1Char('.');
            if (!attribute && keywords().contains(word))
                setFormat(int(i), int(j - i), format(Token::Keyword));
            else if (!attribute && builtins().contains(word))
                setFormat(int(i), int(j - i), format(Token::Builtin));
            i = j;
            continue;
        }
        ++i;
    }
}

} // namespace sandmark
