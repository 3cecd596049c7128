#include "datasetmodels.h"

#include "roles.h"

#include <QColor>
#include <QLocale>

namespace sandmark {

DatasetEntriesModel::DatasetEntriesModel(QObject *parent) : QAbstractTableModel(parent) {}

void DatasetEntriesModel::setEntries(const QStringList &entries)
{
    beginResetModel();
    m_rows.clear();
    for (const QString &e : entries) {
        Row row;
        row.text = e;
        m_rows.append(row);
    }
    endResetModel();
}

void DatasetEntriesModel::setProgress(int row, qint64 bytes, qint64 total)
{
    if (row < 0 || row >= m_rows.size())
        return;
    m_rows[row].bytes = bytes;
    m_rows[row].total = total;
    Q_EMIT dataChanged(index(row, ProgressColumn), index(row, ProgressColumn));
}

void DatasetEntriesModel::setOutcome(int row, const FetchOutcome &outcome)
{
    if (row < 0 || row >= m_rows.size())
        return;
    Row &r = m_rows[row];
    r.known = true;
    r.status = outcome.status;
    r.size = outcome.size;
    r.error = outcome.error;
    if (outcome.status == FetchOutcome::Cached || outcome.status == FetchOutcome::Downloaded)
        r.bytes = r.total = qMax<qint64>(outcome.size, 1);
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void DatasetEntriesModel::resetStates()
{
    if (m_rows.isEmpty())
        return;
    for (Row &r : m_rows) {
        Row fresh;
        fresh.text = r.text;
        r = fresh;
    }
    Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
}

int DatasetEntriesModel::failedCount() const
{
    return int(std::count_if(m_rows.cbegin(), m_rows.cend(),
                             [](const Row &r) { return r.known && r.status == FetchOutcome::Failed; }));
}

int DatasetEntriesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DatasetEntriesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DatasetEntriesModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows.at(index.row());
    const bool failed = r.known && r.status == FetchOutcome::Failed;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case EntryColumn:
            return r.text;
        case StatusColumn:
            if (!r.known)
                return tr("not checked");
            switch (r.status) {
            case FetchOutcome::Pending:
                return tr("pending");
            case FetchOutcome::Cached:
                return tr("in the cache");
            case FetchOutcome::Downloaded:
                return tr("downloaded");
            case FetchOutcome::Failed:
                return tr("missing");
            case FetchOutcome::Cancelled:
                return tr("cancelled");
            }
            return {};
        case SizeColumn:
            return r.size >= 0 ? QLocale().formattedDataSize(r.size) : QString();
        case ProgressColumn:
            return r.total > 0 ? QStringLiteral("%1 %").arg(int(100 * r.bytes / r.total)) : QString();
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return r.error.isEmpty() ? r.text : r.error;
    case Qt::BackgroundRole:
        return failed ? QVariant(QColor(0xfd, 0xe2, 0xe2)) : QVariant();
    case Qt::ForegroundRole:
        return failed ? QVariant(QColor(0x8a, 0x00, 0x16)) : QVariant();
    case ProgressBytesRole:
        return r.bytes;
    case ProgressTotalRole:
        return r.total;
    default:
        return {};
    }
}

QVariant DatasetEntriesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case EntryColumn:
        return tr("Dataset file (repo and file name)");
    case StatusColumn:
        return tr("Cache");
    case SizeColumn:
        return tr("Size");
    case ProgressColumn:
        return tr("Progress");
    default:
        return {};
    }
}

DatasetCallsModel::DatasetCallsModel(QObject *parent) : QAbstractTableModel(parent) {}

void DatasetCallsModel::setCalls(QList<ScannedCall> calls)
{
    beginResetModel();
    m_calls = std::move(calls);
    endResetModel();
}

int DatasetCallsModel::computedCount() const
{
    return int(std::count_if(m_calls.cbegin(), m_calls.cend(), [](const ScannedCall &c) { return !c.computed.isEmpty(); }));
}

int DatasetCallsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_calls.size());
}

int DatasetCallsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DatasetCallsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ScannedCall &c = m_calls.at(index.row());
    const bool computed = !c.computed.isEmpty();
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case WhereColumn:
            return c.where();
        case CallColumn:
            return c.source.simplified();
        case NoteColumn:
            return computed ? tr("computed argument (%1): list its files with Add…").arg(c.computed.join(QLatin1String("; ")))
                            : tr("literal: warmed by running it");
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return c.source;
    case Qt::BackgroundRole:
        return computed ? QVariant(QColor(0xff, 0xf1, 0xd6)) : QVariant();
    default:
        return {};
    }
}

QVariant DatasetCallsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case WhereColumn:
        return tr("Where");
    case CallColumn:
        return tr("Dataset call");
    case NoteColumn:
        return tr("Note");
    default:
        return {};
    }
}

} // namespace sandmark
