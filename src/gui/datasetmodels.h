#pragma once
// The required datasets of an assignment with their cache state, and the dataset calls a scan found.

#include "datasets/hubfetcher.h"
#include "datasets/scanner.h"

#include "rowtablemodel.h"

namespace sandmark {

/// A required_datasets entry and what the last warm or check reported on it.
struct DatasetEntryRow
{
    QString text; ///< as assignment.json writes it
    FetchOutcome::Status status = FetchOutcome::Pending;
    bool known = false; ///< false until a warm/check reported on it
    qint64 size = -1;
    qint64 bytes = 0, total = 0; ///< download progress
    QString error;
};

/// One row per required_datasets entry: entry text, status (pending, cached, downloaded, failed, cancelled),
/// size, progress. Updated from DatasetJob's signals by the page; holds values, does no work. Failed rows
/// are highlighted (BackgroundRole). Roles: roles.h (ProgressBytesRole, ProgressTotalRole on the progress
/// column). GUI thread only.
class DatasetEntriesModel : public RowTableModel<DatasetEntryRow>
{
    Q_OBJECT
public:
    enum Column { EntryColumn, StatusColumn, SizeColumn, ProgressColumn, ColumnCount };
    using Row = DatasetEntryRow;

    explicit DatasetEntriesModel(QObject *parent = nullptr);
    void setEntries(const QStringList &entries);
    void setProgress(int row, qint64 bytes, qint64 total);
    void setOutcome(int row, const FetchOutcome &outcome);
    /// Every row back to "not checked" (before a new job).
    void resetStates();
    int failedCount() const;

protected:
    QVariant cellData(const Row &r, int column, int role) const override;
    QVariant columnTitle(int column) const override;
};

/// One row per dataset call found by a scan: where (notebook, cell, line), the call, and why it cannot be
/// warmed when an argument is computed (flagged with a warning colour). GUI thread only.
class DatasetCallsModel : public RowTableModel<ScannedCall>
{
    Q_OBJECT
public:
    enum Column { WhereColumn, CallColumn, NoteColumn, ColumnCount };

    explicit DatasetCallsModel(QObject *parent = nullptr);
    void setCalls(QList<ScannedCall> calls) { resetRows(std::move(calls)); }
    const QList<ScannedCall> &calls() const { return rows(); }
    int computedCount() const;

protected:
    QVariant cellData(const ScannedCall &c, int column, int role) const override;
    QVariant columnTitle(int column) const override;
};

} // namespace sandmark
