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
    QSize size = QLabel::minimumSizeHint();
    size.setWidth(std::min(size.width(), 20 * fontMetrics().averageCharWidth()));
    return size;
}

} // namespace sandmark
