#pragma once
// The required datasets of an assignment with their cache state, and the dataset calls a scan found.

#include "datasets/hubfetcher.h"
#include "datasets/scanner.h"

#include <QAbstractTableModel>

namespace sandmark {

/// One row per required_datasets entry: entry text, status (pending, cached, downloaded, failed, cancelled),
/// size, progress. Updated from DatasetJob's signals by the page; holds values, does no work. Failed rows
/// are highlighted (BackgroundRole). Roles: roles.h (ProgressBytesRole, ProgressTotalRole on the progress
/// column). GUI thread only.
class DatasetEntriesModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { EntryColumn, StatusColumn, SizeColumn, ProgressColumn, ColumnCount };
    struct Row
    {
        QString text; ///< as assignment.json writes it
        FetchOutcome::Status status = FetchOutcome::Pending;
        bool known = false; ///< false until a warm/check reported on it
        qint64 size = -1;
        qint64 bytes = 0, total = 0; ///< download progress
        QString error;
    };

    explicit DatasetEntriesModel(QObject *parent = nullptr);
    void setEntries(const QStringList &entries);
    void setProgress(int row, qint64 bytes, qint64 total);
    void setOutcome(int row, const FetchOutcome &outcome);
    /// Every row back to "not checked" (before a new job).
    void resetStates();
    const QList<Row> &rows() const { return m_rows; }
    int failedCount() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Row> m_rows;
};

/// One row per dataset call found by a scan: where (notebook, cell, line), the call, and why it cannot be
/// warmed when an argument is computed (flagged with a warning colour). GUI thread only.
class DatasetCallsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { WhereColumn, CallColumn, NoteColumn, ColumnCount };

    explicit DatasetCallsModel(QObject *parent = nullptr);
    void setCalls(QList<ScannedCall> calls);
    const QList<ScannedCall> &calls() const { return m_calls; }
    int computedCount() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<ScannedCall> m_calls;
};

} // namespace sandmark
