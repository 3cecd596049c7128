#pragma once
// The part every list-of-rows table model of the app shares.

#include <QAbstractTableModel>
#include <QList>

#include <functional>

namespace sandmark {

/// A flat table of plain `Row` values, one per table row, with a fixed number of columns. The row count, column
/// count, index checking and the horizontal header are written here once; a model says what one cell shows
/// (cellData()) and what a column is called (columnTitle()). Rows are replaced whole by resetRows() (a model reset)
/// or changed in place by changeRows() (dataChanged; allRowsChanged() when the subclass's own state changed). Holds
/// values computed elsewhere and does no work. GUI thread only, like every QAbstractItemModel a view shows. A
/// subclass adds Q_OBJECT for its own tr().
template <typename Row>
class RowTableModel : public QAbstractTableModel
{
public:
    const QList<Row> &rows() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : int(m_rows.size()); }
    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : m_columns; }
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override
    {
        if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
            return {};
        return cellData(m_rows.at(index.row()), index.column(), role);
    }
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override
    {
        if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
            return QAbstractTableModel::headerData(section, orientation, role);
        return columnTitle(section);
    }

protected:
    /// `columns`: the model's column count (its Column enum's ColumnCount).
    RowTableModel(int columns, QObject *parent) : QAbstractTableModel(parent), m_columns(columns) {}

    /// What `column` of `row` shows for `role` (Qt::ItemDataRole or roles.h); empty for a role it does not give.
    virtual QVariant cellData(const Row &row, int column, int role) const = 0;
    /// The horizontal header's text of `column`.
    virtual QVariant columnTitle(int column) const = 0;

    /// Replaces every row (a model reset); `alongside`, when given, changes the subclass's other state inside the
    /// same reset.
    void resetRows(QList<Row> rows, const std::function<void()> &alongside = {})
    {
        beginResetModel();
        m_rows = std::move(rows);
        if (alongside)
            alongside();
        endResetModel();
    }
    /// Applies `change(Row &)` to rows [first, last] (last -1: to the end) and reports columns [firstColumn,
    /// lastColumn] of them changed (lastColumn -1: the last column). Rows out of range are ignored.
    template <typename Change>
    void changeRows(int first, int last, Change change, int firstColumn = 0, int lastColumn = -1)
    {
        last = last < 0 ? int(m_rows.size()) - 1 : last;
        if (first < 0 || last >= m_rows.size() || first > last)
            return;
        for (int r = first; r <= last; ++r)
            change(m_rows[r]);
        Q_EMIT dataChanged(index(first, firstColumn), index(last, lastColumn < 0 ? m_columns - 1 : lastColumn));
    }
    /// Applies `change(Row &, key)` to the row `rowOf(key)` gives for each of `keys` (-1 or out of range: no row,
    /// skipped); `change` returns whether it changed the row. One dataChanged over columns [firstColumn, lastColumn]
    /// (lastColumn -1: the last column) of the span from the first to the last row changed: a batch's thousands of
    /// scattered rows are one signal, not thousands. Nothing when no row changed.
    template <typename Keys, typename RowOf, typename Change>
    void changeEach(const Keys &keys, RowOf rowOf, Change change, int firstColumn = 0, int lastColumn = -1)
    {
        int lo = int(m_rows.size()), hi = -1;
        for (const auto &key : keys) {
            const int r = rowOf(key);
            if (r < 0 || r >= m_rows.size() || !change(m_rows[r], key))
                continue;
            lo = qMin(lo, r);
            hi = qMax(hi, r);
        }
        if (hi >= 0)
            Q_EMIT dataChanged(index(lo, firstColumn), index(hi, lastColumn < 0 ? m_columns - 1 : lastColumn));
    }
    /// Reports columns [firstColumn, lastColumn] (lastColumn -1: the last column) of every row changed, when a
    /// subclass's own state that cellData() reads changed (the rows did not). Nothing when there are no rows.
    void allRowsChanged(int firstColumn = 0, int lastColumn = -1)
    {
        if (!m_rows.isEmpty())
            Q_EMIT dataChanged(index(0, firstColumn), index(int(m_rows.size()) - 1, lastColumn < 0 ? m_columns - 1 : lastColumn));
    }

private:
    QList<Row> m_rows;
    int m_columns;
};

} // namespace sandmark
