#include "coretranslation.h"

#include "util/coretext.h"

#include <QCoreApplication>
#include <QList>
#include <QRegularExpression>

#include <algorithm>

namespace sandmark {

namespace {

/// One template as an anchored pattern: its literal text escaped, each %N a capture (the last one greedy).
struct Pattern
{
    const char *source = nullptr;
    QRegularExpression re;
    QList<int> argumentOrder; ///< the N of each capture, in the order they appear
    qsizetype literalLength = 0;
};

const QList<Pattern> &patterns()
{
    static const QList<Pattern> all = [] {
        static const QRegularExpression marker(QStringLiteral("%(\\d)"));
        QList<Pattern> out;
        for (const char *t : coretext::all()) {
            const QString text = coretext::text(t);
            Pattern p;
            p.source = t;
            QString re;
            qsizetype at = 0;
            for (auto it = marker.globalMatch(text); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                re += QRegularExpression::escape(text.mid(at, m.capturedStart() - at)) + QLatin1String("(.+?)");
                p.literalLength += m.capturedStart() - at;
                p.argumentOrder << m.captured(1).toInt();
                at = m.capturedEnd();
            }
            re += QRegularExpression::escape(text.mid(at));
            p.literalLength += text.size() - at;
            p.re.setPattern(QRegularExpression::anchoredPattern(re));
            p.re.optimize();
            out << p;
        }
        // The most specific first: "the notebook cannot be read: %1" before "%1: raised %2".
        std::stable_sort(out.begin(), out.end(), [](const Pattern &a, const Pattern &b) { return a.literalLength > b.literalLength; });
        return out;
    }();
    return all;
}

QString translated(const QString &text, int depth);

/// `text` when it is one template's text, translated; else nothing.
std::optional<QString> translatedWhole(const QString &text, int depth)
{
    for (const Pattern &p : patterns()) {
        const QRegularExpressionMatch m = p.re.match(text);
        if (!m.hasMatch())
            continue;
        QStringList args(p.argumentOrder.size() + 1);
        for (qsizetype i = 0; i < p.argumentOrder.size(); ++i)
            args[p.argumentOrder.at(i)] = depth < 3 ? translated(m.captured(int(i) + 1), depth + 1) : m.captured(int(i) + 1);
        // %N replaced in one pass, so that an argument holding "%1" stays as it is.
        const QString target = QCoreApplication::translate(coretext::kContext, p.source);
        QString out;
        for (qsizetype i = 0; i < target.size(); ++i) {
            if (target.at(i) == QLatin1Char('%') && i + 1 < target.size() && target.at(i + 1).isDigit()
                && target.at(i + 1).digitValue() < args.size()) {
                out += args.at(target.at(i + 1).digitValue());
                ++i;
            } else {
                out += target.at(i);
            }
        }
        return out;
    }
    return std::nullopt;
}

/// The literal text around each "; " inside a template ("; out of memory?"): not a boundary between parts.
const QStringList &joinedInTemplates()
{
    static const QStringList all = [] {
        QStringList out;
        static const QRegularExpression marker(QStringLiteral("%\\d"));
        for (const char *t : coretext::all())
            for (const QString &literal : coretext::text(t).split(marker, Qt::SkipEmptyParts))
                if (literal.contains(QLatin1String("; ")))
                    out << literal;
        return out;
    }();
    return all;
}

QString translated(const QString &text, int depth)
{
    // Parts first: a capture never spans "; " ("`x` is not defined; cells[3]: raised KeyError" is two texts), except
    // where a template itself holds one.
    static const QChar kept(0xE000); // a private-use character stands for the "; " of a template while splitting
    QString marked = text;
    for (const QString &literal : joinedInTemplates())
        marked.replace(literal, QString(literal).replace(QLatin1String("; "), QString(kept) + QLatin1Char(' ')));
    QStringList out;
    for (QString part : marked.split(QLatin1String("; "))) {
        part.replace(kept, QLatin1Char(';'));
        out << translatedWhole(part, depth).value_or(part);
    }
    return out.join(QLatin1String("; "));
}

} // namespace

QString translatedCoreText(const QString &stored)
{
    // Without a translation of the context (English, or a language without one) there is nothing to do.
    if (stored.isEmpty() || QCoreApplication::translate(coretext::kContext, coretext::notDefined) == coretext::text(coretext::notDefined))
        return stored;
    return translated(stored, 0);
}

} // namespace sandmark
