#include "util/displaytext.h"

namespace sandmark {

namespace {

bool needsEscape(char32_t cp)
{
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
        return true; // C0, DEL, C1
    if (cp >= 0xd800 && cp <= 0xdfff)
        return true; // a surrogate left unpaired
    switch (QChar::category(cp)) {
    case QChar::Other_Format:        // U+200B..U+200F, U+202A..U+202E, U+2066..U+2069, U+FEFF, U+061C, …
    case QChar::Separator_Line:      // U+2028
    case QChar::Separator_Paragraph: // U+2029
        return true;
    default:
        return false;
    }
}

QString escape(char32_t cp)
{
    switch (cp) {
    case U'\n': return QStringLiteral("\\n");
    case U'\r': return QStringLiteral("\\r");
    case U'\t': return QStringLiteral("\\t");
    default: break;
    }
    if (cp < 0x100)
        return QStringLiteral("\\x%1").arg(uint(cp), 2, 16, QLatin1Char('0'));
    if (cp < 0x10000)
        return QStringLiteral("\\u%1").arg(uint(cp), 4, 16, QLatin1Char('0'));
    return QStringLiteral("\\U%1").arg(uint(cp), 8, 16, QLatin1Char('0'));
}

} // namespace

QString displayText(const QString &text)
{
    qsizetype i = 0;
    const qsizetype n = text.size();
    // Most text needs nothing: return it unchanged without building a copy.
    for (; i < n; ++i) {
        const QChar c = text.at(i);
        if (c.isHighSurrogate() && i + 1 < n && text.at(i + 1).isLowSurrogate()) {
            if (needsEscape(QChar::surrogateToUcs4(c, text.at(i + 1))))
                break;
            ++i;
        } else if (needsEscape(c.unicode())) {
            break;
        }
    }
    if (i == n)
        return text;
    QString out = text.left(i);
    for (; i < n; ++i) {
        const QChar c = text.at(i);
        char32_t cp = c.unicode();
        if (c.isHighSurrogate() && i + 1 < n && text.at(i + 1).isLowSurrogate()) {
            cp = QChar::surrogateToUcs4(c, text.at(i + 1));
            if (needsEscape(cp))
                out += escape(cp);
            else
                out += text.mid(i, 2);
            ++i;
            continue;
        }
        out += needsEscape(cp) ? escape(cp) : QString(c);
    }
    return out;
}

} // namespace sandmark
