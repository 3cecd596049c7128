#pragma once
// The "before publishing" checklist of an assignment.

#include <QAbstractTableModel>

namespace sandmark {

/// Columns: item, state, detail, fix. One row per health item (sandbox can start, assignment valid,
/// supplied data size, dataset cache, environment, reference run, batch estimate). Holds values set by
/// HealthPage; does no work. GUI thread only.
class HealthModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { ItemColumn, StateColumn, DetailColumn, FixColumn, ColumnCount };
    enum class State { Ok, Warning, Failed, Pending, Unavailable };
    struct Row
    {
        QString item;
        State state = State::Pending;
        QString detail;
        QString fix;
    };

    explicit HealthModel(QObject *parent = nullptr);
    void setRows(QList<Row> rows);
    /// Replaces the row whose item is `row.item` (appends when absent).
    void setRow(const Row &row);
    const QList<Row> &rows() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Row> m_rows;
};

} // namespace sandmark
