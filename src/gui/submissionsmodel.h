#pragma once
// The submissions of an assignment, one row per student.

#include <QAbstractTableModel>

namespace sandmark {

/// Columns: student, notebook, size, status, score. Rows are plain values found on a worker thread
/// (findSubmissions); grading results fill status and score when the batch queue reports them. Does no
/// work. Sort with a QSortFilterProxyModel (SortRole gives numbers for size and score). GUI thread only.
class SubmissionsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { StudentColumn, NotebookColumn, SizeColumn, StatusColumn, ScoreColumn, ColumnCount };
    struct Row
    {
        QString student;      ///< the student id: the submission's folder name
        QString notebookPath; ///< absolute; empty when the folder holds no notebook
        qint64 sizeBytes = 0;
        QString status;       ///< "not run", later "graded", "needs-review", "grader-error"
        double score = -1;    ///< -1: none yet
        double maxScore = 0;
        QString problem;      ///< why the notebook cannot be graded as it is ("line 90, column 5: invalid JSON…")
    };

    explicit SubmissionsModel(QObject *parent = nullptr);
    void setRows(QList<Row> rows);
    const QList<Row> &rows() const { return m_rows; }
    /// Sets the problem of each listed student's notebook (student id → text; students not in `problems` have
    /// none), as checkNotebooks() found them. Emits dataChanged for the rows that changed.
    void setProblems(const QHash<QString, QString> &problems);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Row> m_rows;
};

/// The submissions under `folder`: each sub-folder is one student (its name is the id) holding one
/// notebook (the one named like the assignment's first notebook, else the first .ipynb). Blocking file
/// I/O: call it on a worker thread. Sorted by student id.
QList<SubmissionsModel::Row> findSubmissions(const QString &folder, const QString &preferredNotebook);

/// Loads each row's notebook (Notebook::load) and returns, by student id, what makes it ungradable: no
/// notebook, or the load error without the file name ("line 90, column 5: invalid JSON: …"). Blocking file
/// I/O: call it on a worker thread, after the rows are shown.
QHash<QString, QString> checkNotebooks(const QList<SubmissionsModel::Row> &rows);

} // namespace sandmark
