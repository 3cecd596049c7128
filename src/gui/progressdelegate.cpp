#include "progressdelegate.h"

#include "roles.h"

#include <QApplication>
#include <QStyle>

namespace sandmark {

void ProgressDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const qint64 total = index.data(ProgressTotalRole).toLongLong();
    if (total <= 0) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    const qint64 bytes = index.data(ProgressBytesRole).toLongLong();
    QStyleOptionProgressBar bar;
    bar.rect = option.rect.adjusted(2, 2, -2, -2);
    bar.minimum = 0;
    bar.maximum = 1000;
    bar.progress = int(qBound(qint64(0), bytes * 1000 / total, qint64(1000)));
    bar.text = index.data(Qt::DisplayRole).toString();
    bar.textVisible = true;
    bar.state = option.state;
    QStyle *style = option.widget ? option.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ProgressBar, &bar, painter, option.widget);
}

} // namespace sandmark
