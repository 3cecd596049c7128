#pragma once
// Text from outside (an assignment's title, a check id, a student's folder name, a notebook's file name, an LMS
// name, a message quoting any of them) shown in a window title, a tab or a label: bounded, so that a 50 MB title
// neither breaks the X11 connection (a window title is one X request: "Maximum allowed requested length exceeded")
// nor stalls the GUI thread laying out a label. The full text stays where it is read in full (a line edit, a
// tooltip of a tooltip-sized part, the file itself).

#include <QString>

class QWidget;

namespace sandmark {

/// The most characters of outside text a window title, a tab or a one-line label shows.
inline constexpr qsizetype kBoundedLineChars = 120;
/// The most characters a multi-line status label or message box shows.
inline constexpr qsizetype kBoundedTextChars = 4000;

/// `text` on one line (line breaks and controls written as escapes, as displayText() does) and, when longer than
/// `maxChars`, its head and tail around "…": at most `maxChars` characters. For window titles, tab texts and
/// one-line labels. Pure; any thread.
QString boundedLine(const QString &text, qsizetype maxChars = kBoundedLineChars);

/// `text` as it is (line breaks kept) when at most `maxChars` characters long; otherwise its head and tail around
/// a line "… (N characters not shown) …". For status lines and message texts that quote outside text. Pure.
QString boundedText(const QString &text, qsizetype maxChars = kBoundedTextChars);

/// `widget`'s window title `format` with `%1` replaced by boundedLine(`outside`) (format is a tr() string).
void setBoundedWindowTitle(QWidget *widget, const QString &format, const QString &outside);

} // namespace sandmark
