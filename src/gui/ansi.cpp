#include "ansi.h"

#include <QStringList>

namespace sandmark {

namespace {

// Basic and bright colours tuned for a white page (xterm's defaults are unreadable yellow/cyan on white).
constexpr const char *kBasic[8] = {"#000000", "#b22222", "#1e7b1e", "#8a6d00", "#1f4fbf", "#a0309e", "#0e7c86", "#6e6e6e"};
constexpr const char *kBright[8] = {"#555555", "#e0353a", "#2f9e44", "#b58900", "#3a6ff0", "#c23bc0", "#1598a3", "#9a9a9a"};

QString color256(int n)
{
    if (n < 0 || n > 255)
        return {};
    if (n < 8)
        return QLatin1String(kBasic[n]);
    if (n < 16)
        return QLatin1String(kBright[n - 8]);
    if (n < 232) {
        const int i = n - 16;
        auto level = [](int v) { return v == 0 ? 0 : 55 + v * 40; };
        return QStringLiteral("#%1%2%3")
            .arg(level(i / 36), 2, 16, QLatin1Char('0'))
            .arg(level((i / 6) % 6), 2, 16, QLatin1Char('0'))
            .arg(level(i % 6), 2, 16, QLatin1Char('0'));
    }
    const int g = 8 + (n - 232) * 10;
    return QStringLiteral("#%1%1%1").arg(g, 2, 16, QLatin1Char('0'));
}

struct Style
{
    bool bold = false, italic = false, underline = false;
    QString fg, bg;
    bool plain() const { return !bold && !italic && !underline && fg.isEmpty() && bg.isEmpty(); }
    QString css() const
    {
        QStringList parts;
        if (bold)
            parts << QStringLiteral("font-weight:bold");
        if (italic)
            parts << QStringLiteral("font-style:italic");
        if (underline)
            parts << QStringLiteral("text-decoration:underline");
        if (!fg.isEmpty())
            parts << QStringLiteral("color:%1").arg(fg);
        if (!bg.isEmpty())
            parts << QStringLiteral("background-color:%1").arg(bg);
        return parts.join(QLatin1Char(';'));
    }
};

void applySgr(Style &s, const QList<int> &codes)
{
    if (codes.isEmpty()) {
        s = Style{};
        return;
    }
    for (int i = 0; i < codes.size(); ++i) {
        const int c = codes.at(i);
        if (c == 0)
            s = Style{};
        else if (c == 1)
            s.bold = true;
        else if (c == 3)
            s.italic = true;
        else if (c == 4)
            s.underline = true;
        else if (c == 22)
            s.bold = false;
        else if (c == 23)
            s.italic = false;
        else if (c == 24)
            s.underline = false;
        else if (c >= 30 && c <= 37)
            s.fg = QLatin1String(kBasic[c - 30]);
        else if (c >= 90 && c <= 97)
            s.fg = QLatin1String(kBright[c - 90]);
        else if (c == 39)
            s.fg.clear();
        else if (c >= 40 && c <= 47)
            s.bg = QLatin1String(kBasic[c - 40]);
        else if (c >= 100 && c <= 107)
            s.bg = QLatin1String(kBright[c - 100]);
        else if (c == 49)
            s.bg.clear();
        else if ((c == 38 || c == 48) && i + 1 < codes.size()) {
            QString color;
            if (codes.at(i + 1) == 5 && i + 2 < codes.size()) {
                color = color256(codes.at(i + 2));
                i += 2;
            } else if (codes.at(i + 1) == 2 && i + 4 < codes.size()) {
                color = QStringLiteral("#%1%2%3")
                            .arg(qBound(0, codes.at(i + 2), 255), 2, 16, QLatin1Char('0'))
                            .arg(qBound(0, codes.at(i + 3), 255), 2, 16, QLatin1Char('0'))
                            .arg(qBound(0, codes.at(i + 4), 255), 2, 16, QLatin1Char('0'));
                i += 4;
            }
            (c == 38 ? s.fg : s.bg) = color;
        }
    }
}

// Calls onText(segment) for plain text and onSgr(codes) for each SGR sequence; drops other sequences.
template <typename OnText, typename OnSgr>
void scan(const QString &text, OnText onText, OnSgr onSgr)
{
    const qsizetype n = text.size();
    qsizetype start = 0;
    qsizetype i = 0;
    while (i < n) {
        if (text.at(i) != QChar(0x1b)) {
            ++i;
            continue;
        }
        if (i > start)
            onText(QStringView(text).mid(start, i - start));
        qsizetype j = i + 1;
        if (j < n && text.at(j) == QLatin1Char('[')) { // CSI: parameters, intermediates, final byte
            ++j;
            qsizetype paramsStart = j;
            while (j < n && text.at(j).unicode() >= 0x30 && text.at(j).unicode() <= 0x3f)
                ++j;
            const QStringView params = QStringView(text).mid(paramsStart, j - paramsStart);
            while (j < n && text.at(j).unicode() >= 0x20 && text.at(j).unicode() <= 0x2f)
                ++j;
            if (j < n) {
                if (text.at(j) == QLatin1Char('m')) {
                    QList<int> codes;
                    if (!params.isEmpty())
                        for (QStringView p : params.split(QLatin1Char(';')))
                            codes << (p.isEmpty() ? 0 : p.toInt());
                    onSgr(codes);
                }
                ++j;
            }
        } else if (j < n && text.at(j) == QLatin1Char(']')) { // OSC: up to BEL or ESC backslash
            while (j < n && text.at(j) != QChar(0x07) && text.at(j) != QChar(0x1b))
                ++j;
            j += (j < n && text.at(j) == QChar(0x1b)) ? 2 : 1;
        } else {
            j = qMin(n, j + 1);
        }
        i = qMin(j, n);
        start = i;
    }
    if (start < n)
        onText(QStringView(text).mid(start));
}

} // namespace

QString ansiToHtml(const QString &text)
{
    QString out;
    out.reserve(text.size() + text.size() / 8);
    Style style;
    bool open = false;
    scan(
        text,
        [&](QStringView segment) { out += segment.toString().toHtmlEscaped(); },
        [&](const QList<int> &codes) {
            if (open) {
                out += QLatin1String("</span>");
                open = false;
            }
            applySgr(style, codes);
            if (!style.plain()) {
                out += QLatin1String("<span style=\"") + style.css() + QLatin1String("\">");
                open = true;
            }
        });
    if (open)
        out += QLatin1String("</span>");
    return out;
}

QString stripAnsi(const QString &text)
{
    QString out;
    out.reserve(text.size());
    scan(text, [&](QStringView segment) { out += segment; }, [](const QList<int> &) {});
    return out;
}

} // namespace sandmark
