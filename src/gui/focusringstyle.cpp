#include "focusringstyle.h"

#include <QPainter>
#include <QStyleOption>

namespace sandmark {

FocusRingStyle::FocusRingStyle(const QString &baseKey) : QProxyStyle(baseKey) {}

namespace {
void drawRing(const QStyleOption *option, const QRect &rect, QPainter *painter)
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setPen(QPen(option->palette.color(QPalette::Highlight), 2));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(QRectF(rect).adjusted(1, 1, -1, -1));
    painter->restore();
}
} // namespace

void FocusRingStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                                   const QWidget *widget) const
{
    if (element == PE_FrameFocusRect)
        drawRing(option, option->rect, painter);
    else
        QProxyStyle::drawPrimitive(element, option, painter, widget);
}

void FocusRingStyle::drawControl(ControlElement element, const QStyleOption *option, QPainter *painter,
                                 const QWidget *widget) const
{
    QProxyStyle::drawControl(element, option, painter, widget);
    // Fusion marks these without PE_FrameFocusRect: the ring goes around the whole control.
    const bool focused = option->state.testFlag(State_HasFocus) && option->state.testFlag(State_KeyboardFocusChange);
    if (focused && (element == CE_PushButton || element == CE_CheckBox || element == CE_RadioButton || element == CE_TabBarTab))
        drawRing(option, option->rect, painter);
}

} // namespace sandmark
