#include "datafilesmodel.h"

#include "roles.h"

#include <QLocale>

namespace sandmark {

DataFilesModel::DataFilesModel(QObject *parent) : RowTableModel(ColumnCount, parent) {}

qint64 DataFilesModel::totalBytes() const
{
    qint64 total = 0;
    for (const Row &r : rows())
        total += qMax<qint64>(0, r.sizeBytes);
    return total;
}

QVariant DataFilesModel::cellData(const Row &r, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
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
        return column == SizeColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case DataPathRole:
        return r.path;
    case SizeBytesRole:
        return r.sizeBytes;
    default:
        return {};
    }
}

QVariant DataFilesModel::columnTitle(int column) const
{
    switch (column) {
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
