#pragma once
// Hides Sandmark's injected cells from a notebook view on demand.

#include <QSortFilterProxyModel>

namespace sandmark {

/// A proxy over NotebookCellModel that, when showInjected is false, hides rows whose InjectedKindRole is not
/// InjectedKind::None. GUI thread only.
class InjectedCellFilter : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit InjectedCellFilter(QObject *parent = nullptr);

    bool showInjected() const { return m_showInjected; }
    void setShowInjected(bool show);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    bool m_showInjected = true;
};

} // namespace sandmark
