#pragma once
// The Results page's tables: grade distribution and per-check pass rates (summarizeResults(), gradebook/summary.h).

#include "gradebook/summary.h"

#include <QAbstractTableModel>

namespace sandmark {

/// The grade distribution as a table: range, submissions. Holds a summary computed elsewhere; does no work.
class GradeDistributionModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { RangeColumn, CountColumn, ColumnCount };
    explicit GradeDistributionModel(QObject *parent = nullptr);
    void setBins(QList<ResultsSummary::Bin> bins);
    const QList<ResultsSummary::Bin> &bins() const { return m_bins; }
    /// "0–10 %", as the chart's categories show it.
    static QString rangeLabel(const ResultsSummary::Bin &bin);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<ResultsSummary::Bin> m_bins;
};

/// Per-check results as a table: check, pass rate, passed, failed, not graded, mean points. Holds a summary
/// computed elsewhere; does no work. SortRole (roles.h) gives numbers. GUI thread only.
class CheckPassRateModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { CheckColumn, RateColumn, PassedColumn, FailedColumn, NotGradedColumn, MeanColumn, ColumnCount };
    explicit CheckPassRateModel(QObject *parent = nullptr);
    void setChecks(QList<ResultsSummary::CheckRate> checks);
    const QList<ResultsSummary::CheckRate> &checks() const { return m_checks; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<ResultsSummary::CheckRate> m_checks;
};

} // namespace sandmark
