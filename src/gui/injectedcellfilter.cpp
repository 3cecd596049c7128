#include "injectedcellfilter.h"

#include "roles.h"

namespace sandmark {

InjectedCellFilter::InjectedCellFilter(QObject *parent) : QSortFilterProxyModel(parent) {}

void InjectedCellFilter::setShowInjected(bool show)
{
    if (m_showInjected == show)
        return;
    m_showInjected = show;
    invalidateRowsFilter();
}

bool InjectedCellFilter::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_showInjected)
        return true;
    const QModelIndex idx = sourceModel()->index(sourceRow, 0, sourceParent);
    return idx.data(InjectedKindRole).toInt() == 0;
}

} // namespace sandmark
