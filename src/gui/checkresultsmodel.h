#pragma once
// One submission's check results, one row per check.

#include "checks/registry.h"
#include "gradebook/gradebook.h"
#include "grading/result.h"

#include "rowtablemodel.h"

#include <QHash>

namespace sandmark {

/// Columns: check, question (the check's group — an Otter question — and the group's total with overrides,
/// "q1: 3 / 4"; empty for a check of no group), outcome (pass, fail, not graded), points (earned / max, automatic), override (the manual
/// points and comment that replace them, from the gradebook), expected, actual, feedback. Holds the
/// CheckResult values of a GradeResult (grade() in src/core/grading) and the overrides; does no work. Failing
/// rows are tinted. GUI thread only.
class CheckResultsModel : public RowTableModel<CheckResult>
{
    Q_OBJECT
public:
    enum Column { CheckColumn, GroupColumn, OutcomeColumn, PointsColumn, OverrideColumn, ExpectedColumn, ActualColumn, FeedbackColumn, ColumnCount };

    explicit CheckResultsModel(QObject *parent = nullptr);
    void setResults(QList<CheckResult> results) { resetRows(std::move(results)); }
    const QList<CheckResult> &results() const { return rows(); }
    /// Overrides by check id (the latest of each check); rows of other checks show none.
    void setOverrides(const QHash<QString, Override> &overrides);
    /// The assignment's groups (checkGroups()): what the question column shows.
    void setGroups(QList<CheckGroup> groups);
    bool hasGroups() const { return !m_groups.isEmpty(); }
    /// How the executed notebook shows its cells (cellLabel() by position): feedback naming `cells[N]` shows the
    /// cell's execution count and first line (labelCellReferences()), and NotebookCellRole gives the first cell a
    /// row's feedback names. Empty: as the feedback was written.
    void setCellLabels(QHash<int, QString> labels);

protected:
    QVariant cellData(const CheckResult &r, int column, int role) const override;
    QVariant columnTitle(int column) const override;

private:
    /// "q1: 3 / 4" for the group holding `checkId` (its checks' effective points; "not graded" while one of them
    /// is neither graded nor overridden), or empty.
    QString groupText(const QString &checkId) const;

    QHash<QString, Override> m_overrides;
    QList<CheckGroup> m_groups;
    QHash<int, QString> m_cellLabels;
};

/// The cells of an execution record (docs/runner-protocol.md): index, status, duration, error. Holds the
/// record's cells (ExecutionRecord::cells()); does no work. A row's cell is named as the executed notebook shows it
/// once setCellLabels() gave the labels ("In [4]: df = load(…)"); NotebookCellRole is its position in the
/// notebook (-1 for an injected cell). GUI thread only.
class RecordCellsModel : public RowTableModel<CellRecord>
{
    Q_OBJECT
public:
    enum Column { IndexColumn, KindColumn, StatusColumn, DurationColumn, ErrorColumn, ColumnCount };

    explicit RecordCellsModel(QObject *parent = nullptr);
    void setRecord(const ExecutionRecord &record);
    /// cellLabel() of the executed notebook's cells by position; empty: cells are named `cells[N]`.
    void setCellLabels(QHash<int, QString> labels);

protected:
    QVariant cellData(const CellRecord &c, int column, int role) const override;
    QVariant columnTitle(int column) const override;

private:
    QHash<int, QString> m_labels;
};

} // namespace sandmark
