#pragma once
// Draws a progress bar in a table cell.

#include <QStyledItemDelegate>

namespace sandmark {

/// Paints a QStyleOptionProgressBar from ProgressBytesRole / ProgressTotalRole (roles.h); cells with no total
/// are drawn as plain text. GUI thread only.
class ProgressDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

} // namespace sandmark
