#include "wrappinglabel.h"

#include <algorithm>

namespace sandmark {

WrappingLabel::WrappingLabel(QWidget *parent) : WrappingLabel(QString(), parent) {}

WrappingLabel::WrappingLabel(const QString &text, QWidget *parent) : QLabel(text, parent)
{
    setWordWrap(true);
}

QSize WrappingLabel::minimumSizeHint() const
{
    // QLabel's own is as tall as the text wrapped at its longest word; the layout gives a wrapped label the height
    // its actual width needs (heightForWidth), so the least it asks for is the height at its preferred width.
    QSize size = QLabel::minimumSizeHint();
    size.setWidth(std::min(size.width(), 20 * fontMetrics().averageCharWidth()));
    size.setHeight(std::min(size.height(), heightForWidth(sizeHint().width())));
    return size;
}

} // namespace sandmark
