#include "coretranslation.h"

#include "util/coretext.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QLocale>
#include <QMutex>
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
    QString head; ///< the literal text before the first argument: a matching text starts with it
    QString tail; ///< the literal text after the last argument: a matching text ends with it
    quint32 quantities = 0; ///< bit N: %N is a number shown in the app's locale (coretext::quantities())
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
                if (p.argumentOrder.isEmpty())
                    p.head = text.left(m.capturedStart());
                re += QRegularExpression::escape(text.mid(at, m.capturedStart() - at)) + QLatin1String("(.+?)");
                p.literalLength += m.capturedStart() - at;
                p.argumentOrder << m.captured(1).toInt();
                at = m.capturedEnd();
            }
            re += QRegularExpression::escape(text.mid(at));
            p.literalLength += text.size() - at;
            p.tail = text.mid(at);
            if (p.argumentOrder.isEmpty())
                p.head = text;
            p.re.setPattern(QRegularExpression::anchoredPattern(re));
            p.re.optimize();
            for (const coretext::Quantities &q : coretext::quantities())
                if (q.tmpl == t) {
                    for (const int n : p.argumentOrder)
                        if (q.arguments.isEmpty() || q.arguments.contains(n))
                            p.quantities |= 1u << n;
                }
            out << p;
        }
        // The most specific first: "the notebook cannot be read: %1" before "%1: raised %2".
        std::stable_sort(out.begin(), out.end(), [](const Pattern &a, const Pattern &b) { return a.literalLength > b.literalLength; });
        return out;
    }();
    return all;
}

/// A translation and how much of the stored text templates explained (their literal characters, nested ones
/// included): of several templates matching one text, the one explaining most is taken ("element [0]: value 'a' ≠
/// 'b' — …" is an element's own difference around "value %1 ≠ %2", not a numeric "element %1: %2 ≠ %3 — …").
struct Translation
{
    QString text;
    qsizetype explained = 0;
    bool whole = false; ///< one template explained the whole text (its "; " included)
};

constexpr int kMaxDepth = 5; ///< templates inside arguments, this many levels deep

Translation translated(const QString &text, int depth);

const QRegularExpression &numberPattern()
{
    static const QRegularExpression number(QStringLiteral("^-?\\d+(?:\\.(\\d+))?(e[-+]?\\d+)?$"));
    return number;
}

bool isNumber(const QString &text)
{
    return numberPattern().match(text).hasMatch();
}

/// A number the C locale wrote ("0.17", "12", "1.5e-08"), in the app's locale ("0,17", "1,5e-08" in German), with as
/// many decimals, the exponent as written and no group separators; anything else as it is.
QString localizedNumber(const QString &text)
{
    const QRegularExpressionMatch m = numberPattern().match(text);
    if (!m.hasMatch())
        return text;
    QLocale l;
    l.setNumberOptions(l.numberOptions() | QLocale::OmitGroupSeparator);
    const QString mantissa = text.left(text.size() - m.capturedLength(2));
    return l.toString(mantissa.toDouble(), 'f', int(m.capturedLength(1))) + m.captured(2);
}

/// `text` when it is one template's text, translated; else nothing.
std::optional<Translation> translatedWhole(const QString &text, int depth)
{
    std::optional<Translation> best;
    for (const Pattern &p : patterns()) {
        if (text.size() < p.literalLength || !text.startsWith(p.head) || !text.endsWith(p.tail))
            continue; // cheaper than the expression, which most templates fail
        const QRegularExpressionMatch m = p.re.match(text);
        if (!m.hasMatch())
            continue;
        Translation t;
        t.explained = p.literalLength;
        t.whole = true;
        bool spansParts = false;
        QStringList args(p.argumentOrder.size() + 1);
        for (qsizetype i = 0; i < p.argumentOrder.size(); ++i) {
            const QString captured = m.captured(int(i) + 1);
            // A capture spans "; " only inside a template of its own ("… (killed by %1; out of memory?)"); else the
            // "; " joins parts, which are translated one by one (translated()).
            const bool joinsParts = captured.contains(QLatin1String("; "));
            if ((p.quantities & (1u << p.argumentOrder.at(i))) && isNumber(captured)) {
                args[p.argumentOrder.at(i)] = localizedNumber(captured);
            } else if (depth < kMaxDepth) {
                const Translation inner = translated(captured, depth + 1);
                if (joinsParts && !inner.whole) {
                    spansParts = true;
                    break;
                }
                args[p.argumentOrder.at(i)] = inner.text;
                t.explained += inner.explained;
            } else if (joinsParts) {
                spansParts = true;
                break;
            } else {
                args[p.argumentOrder.at(i)] = captured;
            }
        }
        if (spansParts)
            continue;
        // %N replaced in one pass, so that an argument holding "%1" stays as it is.
        const QString target = QCoreApplication::translate(coretext::kContext, p.source);
        for (qsizetype i = 0; i < target.size(); ++i) {
            if (target.at(i) == QLatin1Char('%') && i + 1 < target.size() && target.at(i + 1).isDigit()
                && target.at(i + 1).digitValue() < args.size()) {
                t.text += args.at(target.at(i + 1).digitValue());
                ++i;
            } else {
                t.text += target.at(i);
            }
        }
        if (!best || t.explained > best->explained)
            best = std::move(t);
    }
    return best;
}

Translation translated(const QString &text, int depth)
{
    // Parts joined by "; " ("`x` is not defined; cells[3]: raised KeyError" is two texts), each translated on its
    // own, except where a template itself holds "; " ("killed by %1; out of memory?", "…: %1; %2"): the parts from
    // i on are tried joined, and the reading that explains most wins. A capture holds "; " only where a template of
    // its own explains it (translatedWhole).
    const QStringList parts = text.split(QLatin1String("; "));
    QStringList out;
    qsizetype explained = 0;
    bool whole = false;
    for (qsizetype i = 0; i < parts.size();) {
        std::optional<Translation> best;
        qsizetype bestEnd = i + 1;
        QString joined;
        for (qsizetype j = i; j < parts.size(); ++j) {
            joined += (j > i ? QLatin1String("; ") : QLatin1String()) + parts.at(j);
            if (std::optional<Translation> t = translatedWhole(joined, depth); t && (!best || t->explained > best->explained)) {
                best = std::move(t);
                bestEnd = j + 1;
            }
        }
        whole = best && best->whole && i == 0 && bestEnd == parts.size();
        if (best) {
            out << best->text;
            explained += best->explained;
        } else {
            out << parts.at(i);
        }
        i = bestEnd;
    }
    return {out.join(QLatin1String("; ")), explained, whole};
}

} // namespace

QString runRecordWord(const QString &word)
{
    static const char *const words[] = {
        // A run's status (STATUS_ORDER).
        QT_TRANSLATE_NOOP("sandmark::RunRecord", "completed"), QT_TRANSLATE_NOOP("sandmark::RunRecord", "errors"),
        QT_TRANSLATE_NOOP("sandmark::RunRecord", "cell-timeout"), QT_TRANSLATE_NOOP("sandmark::RunRecord", "wall-timeout"),
        QT_TRANSLATE_NOOP("sandmark::RunRecord", "kernel-died"), QT_TRANSLATE_NOOP("sandmark::RunRecord", "interrupt-ignored"),
        QT_TRANSLATE_NOOP("sandmark::RunRecord", "kernel-start-failed"),
        // A cell's status.
        QT_TRANSLATE_NOOP("sandmark::RunRecord", "ok"), QT_TRANSLATE_NOOP("sandmark::RunRecord", "error"),
        QT_TRANSLATE_NOOP("sandmark::RunRecord", "timeout"), QT_TRANSLATE_NOOP("sandmark::RunRecord", "not-run"),
        QT_TRANSLATE_NOOP("sandmark::RunRecord", "interrupted-ignored"),
        // An injected cell's kind, a cell's type.
        QT_TRANSLATE_NOOP("sandmark::RunRecord", "redirect"), QT_TRANSLATE_NOOP("sandmark::RunRecord", "probe"),
        QT_TRANSLATE_NOOP("sandmark::RunRecord", "test"), QT_TRANSLATE_NOOP("sandmark::RunRecord", "values"),
        QT_TRANSLATE_NOOP("sandmark::RunRecord", "code"), QT_TRANSLATE_NOOP("sandmark::RunRecord", "markdown"),
        QT_TRANSLATE_NOOP("sandmark::RunRecord", "raw")};
    for (const char *w : words)
        if (word == QLatin1String(w))
            return QCoreApplication::translate("sandmark::RunRecord", w);
    return word;
}

QString translatedCoreText(const QString &stored)
{
    // Without a translation of the context (English, or a language without one) there is nothing to do, unless
    // the locale writes numbers differently ("0,17 s").
    const QString language = QCoreApplication::translate(coretext::kContext, coretext::notDefined);
    const QLocale locale;
    if (stored.isEmpty() || (language == coretext::text(coretext::notDefined) && locale.decimalPoint() == QLatin1String(".")))
        return stored;
    // Tables ask for the same texts at every repaint: the last ones kept, for this catalogue and locale.
    static QMutex mutex;
    static QHash<QString, QString> cache;
    static QString cachedFor;
    const QString key = language + QLatin1Char('\n') + locale.name() + locale.decimalPoint();
    {
        QMutexLocker lock(&mutex);
        if (cachedFor != key) {
            cache.clear();
            cachedFor = key;
        }
        if (const auto it = cache.constFind(stored); it != cache.cend())
            return *it;
    }
    const QString out = translated(stored, 0).text;
    QMutexLocker lock(&mutex);
    if (cachedFor == key) {
        if (cache.size() >= 4096)
            cache.clear();
        cache.insert(stored, out);
    }
    return out;
}

} // namespace sandmark
