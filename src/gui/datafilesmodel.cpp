#include "datafilesmodel.h"

#include "roles.h"

#include <QLocale>

namespace sandmark {

DataFilesModel::DataFilesModel(QObject *parent) : QAbstractTableModel(parent) {}

void DataFilesModel::setRows(QList<Row> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

qint64 DataFilesModel::totalBytes() const
{
    qint64 total = 0;
    for (const Row &r : m_rows)
        total += qMax<qint64>(0, r.sizeBytes);
    return total;
}

int DataFilesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DataFilesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DataFilesModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case PathColumn:
            return r.path;
        case SizeColumn:
            return r.sizeBytes < 0 ? tr("missing") : QLocale().formattedDataSize(r.sizeBytes);
        case UrlsColumn:
            return r.urls.isEmpty() ? tr("any URL ending in /%1").arg(r.path.section(QLatin1Char('/'), -1))
                                    : r.urls.join(QLatin1String(", "));
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return r.urls.join(QLatin1Char('\n'));
    case Qt::TextAlignmentRole:
        return index.column() == SizeColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case DataPathRole:
        return r.path;
    case SizeBytesRole:
        return r.sizeBytes;
    default:
        return {};
    }
}

QVariant DataFilesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case PathColumn:
        return tr("Supplied file");
    case SizeColumn:
        return tr("Size");
    case UrlsColumn:
        return tr("Data URLs that read it");
    default:
        return {};
    }
}

} // namespace sandmark
