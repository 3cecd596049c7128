#pragma once
// A word-wrapped label that never widens its window: QLabel's minimum width is its longest word, and a line from
// outside (a path, a cache file's 64-hex name, a student's reason) is one long word that pushed the main window
// past a 1024x640 screen.

#include <QLabel>

namespace sandmark {

/// A QLabel with word wrap on whose minimum width is at most about 20 characters: it wraps at spaces as QLabel
/// does, and a longer word is cut at the label's edge (the text stays selectable and in the accessible text)
/// instead of setting the label's, and so the window's, minimum width. Its preferred size is QLabel's. Every
/// word-wrapped label of the app is one. GUI thread; owned by its Qt parent.
class WrappingLabel : public QLabel
{
    Q_OBJECT
public:
    explicit WrappingLabel(QWidget *parent = nullptr);
    explicit WrappingLabel(const QString &text, QWidget *parent = nullptr);
    /// QLabel's, with the width capped at 20 average characters of the label's font and the height at the text's
    /// height at the preferred width (pixels); the layout asks heightForWidth() for the height it gives.
    QSize minimumSizeHint() const override;
};

} // namespace sandmark
