#pragma once
// One submission's check results, one row per check.

#include "grading/result.h"

#include <QAbstractTableModel>

namespace sandmark {

/// Columns: check, outcome (pass, fail, not graded), points (earned / max), expected, actual, feedback.
/// Holds the CheckResult values of a GradeResult (grade() in src/core/grading); does no work. Failing rows
/// are tinted. GUI thread only.
class CheckResultsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { CheckColumn, OutcomeColumn, PointsColumn, ExpectedColumn, ActualColumn, FeedbackColumn, ColumnCount };

    explicit CheckResultsModel(QObject *parent = nullptr);
    void setResults(QList<CheckResult> results);
    const QList<CheckResult> &results() const { return m_results; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<CheckResult> m_results;
};

/// The cells of an execution record (docs/runner-protocol.md): index, status, duration, error. Holds the
/// record's "cells" array as parsed JSON; does no work. GUI thread only.
class RecordCellsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { IndexColumn, KindColumn, StatusColumn, DurationColumn, ErrorColumn, ColumnCount };

    explicit RecordCellsModel(QObject *parent = nullptr);
    void setRecord(const QJsonObject &record);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<QJsonObject> m_cells;
};

} // namespace sandmark
