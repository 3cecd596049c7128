#pragma once
// The data files an assignment supplies, with their sizes and the URLs they redirect.

#include <QAbstractTableModel>
#include <QStringList>

namespace sandmark {

/// Columns: path (relative to the assignment folder), size, redirected URLs. Rows are plain values whose
/// sizes were measured elsewhere (a worker thread); the model does no I/O. Roles: roles.h. GUI thread only.
class DataFilesModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { PathColumn, SizeColumn, UrlsColumn, ColumnCount };
    struct Row
    {
        QString path;
        qint64 sizeBytes = -1; ///< -1: missing
        QStringList urls;
    };

    explicit DataFilesModel(QObject *parent = nullptr);
    void setRows(QList<Row> rows);
    const QList<Row> &rows() const { return m_rows; }
    qint64 totalBytes() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Row> m_rows;
};

} // namespace sandmark
