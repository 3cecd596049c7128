#pragma once
// The Results page's tables: grade distribution and per-check pass rates (summarizeResults(), gradebook/summary.h).

#include "gradebook/summary.h"

#include "rowtablemodel.h"

namespace sandmark {

/// The grade distribution as a table: range, submissions. Holds a summary computed elsewhere; does no work.
class GradeDistributionModel : public RowTableModel<ResultsSummary::Bin>
{
    Q_OBJECT
public:
    enum Column { RangeColumn, CountColumn, ColumnCount };
    explicit GradeDistributionModel(QObject *parent = nullptr);
    void setBins(QList<ResultsSummary::Bin> bins) { resetRows(std::move(bins)); }
    const QList<ResultsSummary::Bin> &bins() const { return rows(); }
    /// "0–10 %", as the chart's categories show it.
    static QString rangeLabel(const ResultsSummary::Bin &bin);

protected:
    QVariant cellData(const ResultsSummary::Bin &b, int column, int role) const override;
    QVariant columnTitle(int column) const override;
};

/// Per-check results as a table: check, pass rate, passed, failed, not graded, mean points. Holds a summary
/// computed elsewhere; does no work. SortRole (roles.h) gives numbers. GUI thread only.
class CheckPassRateModel : public RowTableModel<ResultsSummary::CheckRate>
{
    Q_OBJECT
public:
    enum Column { CheckColumn, RateColumn, PassedColumn, FailedColumn, NotGradedColumn, MeanColumn, ColumnCount };
    explicit CheckPassRateModel(QObject *parent = nullptr);
    void setChecks(QList<ResultsSummary::CheckRate> checks) { resetRows(std::move(checks)); }
    const QList<ResultsSummary::CheckRate> &checks() const { return rows(); }

protected:
    QVariant cellData(const ResultsSummary::CheckRate &c, int column, int role) const override;
    QVariant columnTitle(int column) const override;
};

} // namespace sandmark
