#pragma once
// The instructor notebooks of an assignment, with how each one loaded.

#include <QAbstractListModel>

namespace sandmark {

class Assignment;

/// One row per instructor notebook: file name (DisplayRole), cell count or load error (ToolTipRole).
/// Holds plain data; filled by setAssignment() on the GUI thread. Reads the notebooks (blocking I/O),
/// which is fine for the small files an assignment lists; large previews load in the background.
class NotebookListModel : public QAbstractListModel
{
    Q_OBJECT
public:
    explicit NotebookListModel(QObject *parent = nullptr);

    struct Row
    {
        QString path;    ///< relative to the assignment folder
        int cells = -1;  ///< -1 when it did not load
        QString problem; ///< the load error, empty when fine
    };

    void setRows(QList<Row> rows);
    /// Loads every instructor notebook of `assignment` and shows the result.
    void setAssignment(const Assignment &assignment);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;

private:
    QList<Row> m_rows;
};

} // namespace sandmark
