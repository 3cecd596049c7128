#pragma once
// The rows of the sandbox self-test: one per backend, whether it can start here and how to fix it.

#include <QAbstractTableModel>

namespace sandmark {

/// Columns: backend, result, what to do. Holds values computed elsewhere (SandboxBackend::check() on a
/// worker thread); does no work. The unsafe backend is labelled unsafe even when it works. GUI thread only.
class SelfTestModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { BackendColumn, ResultColumn, FixColumn, ColumnCount };
    struct Row
    {
        QString backend;  ///< "bwrap", "docker", "local-unsafe"
        bool ok = false;
        bool unsafe = false;
        bool selected = false; ///< the backend chosen in Preferences
        QString message;  ///< the Error's text (names the problem and the fix) when not ok
    };

    explicit SelfTestModel(QObject *parent = nullptr);
    void setRows(QList<Row> rows);
    const QList<Row> &rows() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Row> m_rows;
};

} // namespace sandmark
