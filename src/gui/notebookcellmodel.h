#pragma once
// The cells of one notebook view, one row each.

#include "celldata.h"

#include <QAbstractListModel>

namespace sandmark {

/// One row per cell of a previewed notebook. Holds immutable CellData built elsewhere (buildCellData on a
/// worker thread) and does no work: no parsing, no rendering, no I/O. Roles in roles.h. GUI thread only.
class NotebookCellModel : public QAbstractListModel
{
    Q_OBJECT
public:
    explicit NotebookCellModel(QObject *parent = nullptr);

    /// Replaces all rows (a model reset).
    void setCells(QList<CellData> cells);
    void clear() { setCells({}); }
    /// Appends rows (rows inserted), e.g. the later chunks of a notebook that is still loading.
    void appendCells(QList<CellData> cells);
    const QList<CellData> &cells() const { return m_cells; }

    int rowCount(const QModelIndex &parent = {}) const override;
    /// DisplayRole: a one-line summary ("[3] code: import numpy as np"); ToolTipRole: the source;
    /// AccessibleTextRole: the summary with the injected kind; the custom roles of roles.h.
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    /// "redirect", "probe", "test" as shown to users (translated).
    static QString injectedKindText(InjectedKind kind);

private:
    QList<CellData> m_cells;
};

} // namespace sandmark
