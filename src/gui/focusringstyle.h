#pragma once
// A focus ring one can see: Fusion marks the keyboard focus with a faint line, which the review could not find on
// buttons, tabs and tables. This style draws it as a solid two-pixel ring in the palette's highlight colour.

#include <QProxyStyle>

namespace sandmark {

/// Wraps the application's style (QProxyStyle: owns the base style) and draws the keyboard focus — of buttons,
/// check boxes, tabs and the current item of views — as a two-pixel ring in QPalette::Highlight.
/// Everything else is the base style's. Installed by the app on Linux (macOS keeps its native ring). GUI thread.
class FocusRingStyle : public QProxyStyle
{
    Q_OBJECT
public:
    /// `baseKey`: a QStyleFactory key; empty: the platform's default style.
    explicit FocusRingStyle(const QString &baseKey = {});
    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
    /// Push buttons, check boxes, radio buttons and tabs with the keyboard focus get the ring around them too
    /// (Fusion marks them without PE_FrameFocusRect).
    void drawControl(ControlElement element, const QStyleOption *option, QPainter *painter,
                     const QWidget *widget = nullptr) const override;
};

} // namespace sandmark
