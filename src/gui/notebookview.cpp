#include "notebookview.h"

#include "notebookcelldelegate.h"

#include <QScrollBar>

namespace sandmark {

NotebookView::NotebookView(QWidget *parent) : QListView(parent), m_delegate(new NotebookCellDelegate(this, this))
{
    setItemDelegate(m_delegate);
    setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setResizeMode(QListView::Adjust);
    setUniformItemSizes(false);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSpacing(0);
    verticalScrollBar()->setSingleStep(24);
}

void NotebookView::paintEvent(QPaintEvent *event)
{
    QListView::paintEvent(event);
    if (model() && model()->rowCount() > 0)
        Q_EMIT contentPainted();
}

void NotebookView::resizeEvent(QResizeEvent *event)
{
    QListView::resizeEvent(event);
    scheduleDelayedItemsLayout();
}

} // namespace sandmark
