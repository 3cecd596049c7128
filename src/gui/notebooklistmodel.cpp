#include "notebooklistmodel.h"

#include "assignment/assignment.h"
#include "notebook/notebook.h"

namespace sandmark {

NotebookListModel::NotebookListModel(QObject *parent) : QAbstractListModel(parent) {}

void NotebookListModel::setRows(QList<Row> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

void NotebookListModel::setAssignment(const Assignment &assignment)
{
    QList<Row> rows;
    for (const QString &rel : assignment.notebooks()) {
        auto nb = Notebook::load(assignment.absolute(rel));
        rows.append(nb ? Row{rel, nb->cellCount(), {}} : Row{rel, -1, nb.error().toString()});
    }
    setRows(std::move(rows));
}

int NotebookListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant NotebookListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return row.problem.isEmpty() ? tr("%1 — %n cell(s)", nullptr, row.cells).arg(row.path)
                                     : tr("%1 — cannot be read").arg(row.path);
    case Qt::ToolTipRole:
        return row.problem.isEmpty() ? row.path : row.problem;
    default:
        return {};
    }
}

} // namespace sandmark
