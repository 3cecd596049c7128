#include "datasetmodels.h"

#include "roles.h"

#include <QColor>
#include <QLocale>

namespace sandmark {

DatasetEntriesModel::DatasetEntriesModel(QObject *parent) : RowTableModel(ColumnCount, parent) {}

void DatasetEntriesModel::setEntries(const QStringList &entries)
{
    QList<Row> rows(entries.size());
    for (qsizetype i = 0; i < entries.size(); ++i)
        rows[i].text = entries.at(i);
    resetRows(std::move(rows));
}

void DatasetEntriesModel::setProgress(int row, qint64 bytes, qint64 total)
{
    changeRows(row, row, [&](Row &r) {
        r.bytes = bytes;
        r.total = total;
    }, ProgressColumn, ProgressColumn);
}

void DatasetEntriesModel::setOutcome(int row, const FetchOutcome &outcome)
{
    changeRows(row, row, [&](Row &r) {
        r.known = true;
        r.status = outcome.status;
        r.size = outcome.size;
        r.error = outcome.error;
        if (outcome.status == FetchOutcome::Cached || outcome.status == FetchOutcome::Downloaded)
            r.bytes = r.total = qMax<qint64>(outcome.size, 1);
    });
}

void DatasetEntriesModel::resetStates()
{
    changeRows(0, -1, [](Row &r) {
        Row fresh;
        fresh.text = r.text;
        r = fresh;
    });
}

int DatasetEntriesModel::failedCount() const
{
    return int(std::count_if(rows().cbegin(), rows().cend(),
                             [](const Row &r) { return r.known && r.status == FetchOutcome::Failed; }));
}

QVariant DatasetEntriesModel::cellData(const Row &r, int column, int role) const
{
    const bool failed = r.known && r.status == FetchOutcome::Failed;
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
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

QVariant DatasetEntriesModel::columnTitle(int column) const
{
    switch (column) {
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

DatasetCallsModel::DatasetCallsModel(QObject *parent) : RowTableModel(ColumnCount, parent) {}

int DatasetCallsModel::computedCount() const
{
    return int(std::count_if(rows().cbegin(), rows().cend(), [](const ScannedCall &c) { return !c.computed.isEmpty(); }));
}

QVariant DatasetCallsModel::cellData(const ScannedCall &c, int column, int role) const
{
    const bool computed = !c.computed.isEmpty();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
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

QVariant DatasetCallsModel::columnTitle(int column) const
{
    switch (column) {
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
