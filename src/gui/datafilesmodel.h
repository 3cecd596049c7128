#pragma once
// The data files an assignment supplies, with their sizes and the URLs they redirect.

#include "rowtablemodel.h"

#include <QStringList>

namespace sandmark {

/// A supplied data file: its path, its size measured elsewhere (a worker thread), the URLs it serves.
struct DataFileRow
{
    QString path;
    qint64 sizeBytes = -1; ///< -1: missing
    QStringList urls;
};

/// Columns: path (relative to the assignment folder), size, redirected URLs. The model does no I/O. Roles:
/// roles.h. GUI thread only.
class DataFilesModel : public RowTableModel<DataFileRow>
{
    Q_OBJECT
public:
    enum Column { PathColumn, SizeColumn, UrlsColumn, ColumnCount };
    using Row = DataFileRow;

    explicit DataFilesModel(QObject *parent = nullptr);
    void setRows(QList<Row> rows) { resetRows(std::move(rows)); }
    qint64 totalBytes() const;

protected:
    QVariant cellData(const Row &r, int column, int role) const override;
    QVariant columnTitle(int column) const override;
};

} // namespace sandmark
