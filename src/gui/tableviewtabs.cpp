#include "tableviewtabs.h"

#include <QAbstractItemView>
#include <QCoreApplication>
#include <QEvent>

namespace sandmark {

TabLeavesViews::TabLeavesViews(QObject *parent) : QObject(parent)
{
    QCoreApplication::instance()->installEventFilter(this);
    for (QAbstractItemView *view : parent->findChildren<QAbstractItemView *>()) // polished already
        view->setTabKeyNavigation(false);
}

bool TabLeavesViews::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Polish)
        if (auto *view = qobject_cast<QAbstractItemView *>(watched))
            view->setTabKeyNavigation(false);
    return false;
}

} // namespace sandmark
