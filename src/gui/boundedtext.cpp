#include "boundedtext.h"

#include "util/displaytext.h"

#include <QCoreApplication>
#include <QWidget>

#include <climits>

namespace sandmark {

namespace {

// The first `n` characters of `text`, not splitting a surrogate pair.
QString headOf(const QString &text, qsizetype n)
{
    if (n > 0 && n < text.size() && text.at(n - 1).isHighSurrogate())
        --n;
    return text.left(n);
}

// The last `n` characters of `text`, not splitting a surrogate pair.
QString tailOf(const QString &text, qsizetype n)
{
    if (n > 0 && n < text.size() && text.at(text.size() - n).isLowSurrogate())
        --n;
    return text.right(n);
}

} // namespace

QString boundedLine(const QString &text, qsizetype maxChars)
{
    maxChars = qMax(maxChars, qsizetype(3));
    // Escaping can only lengthen the text: escape no more than is shown (head and tail, each at most maxChars).
    const QString part = text.size() > 2 * maxChars ? text.left(maxChars) + QChar(0x2026) + text.right(maxChars) : text;
    const QString line = displayText(part);
    if (line.size() <= maxChars && part.size() == text.size())
        return line;
    const qsizetype keep = maxChars - 1;
    return headOf(line, keep - keep / 3) + QChar(0x2026) + tailOf(line, keep / 3);
}

QString boundedText(const QString &text, qsizetype maxChars)
{
    if (text.size() <= maxChars)
        return text;
    const qsizetype keep = qMax(maxChars - 64, qsizetype(2)); // room for the line that says how much is cut
    const qsizetype cut = text.size() - keep;
    const int notShown = int(qMin(cut, qsizetype(INT_MAX)));
    const QString gap = QCoreApplication::translate("sandmark::BoundedText", "\n… (%n character(s) not shown) …\n", nullptr, notShown);
    return headOf(text, keep - keep / 4) + gap + tailOf(text, keep / 4);
}

void setBoundedWindowTitle(QWidget *widget, const QString &format, const QString &outside)
{
    widget->setWindowTitle(format.arg(boundedLine(outside)));
}

} // namespace sandmark
