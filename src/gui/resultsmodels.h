#pragma once
// The Results page's numbers: grade distribution and per-check pass rates, computed from effective grades.

#include "gradebook/gradebook.h"

#include <QAbstractTableModel>

namespace sandmark {

/// Summary of a gradebook's effective grades. Plain value; summarizeResults() computes it (pure, thread-safe).
struct ResultsSummary
{
    /// Score bins of the grade distribution: `bins` equal ranges of the percentage of the maximum,
    /// [0,10), [10,20), … [90,100] (the last one includes 100 %).
    struct Bin
    {
        double fromPercent = 0, toPercent = 0;
        int count = 0;
    };
    /// One check's pass rate over the submissions whose latest run graded it.
    struct CheckRate
    {
        QString checkId;
        int passed = 0;   ///< outcome pass (the run's outcome; overrides change points, not outcomes)
        int failed = 0;
        int notGraded = 0;
        double meanPoints = 0; ///< mean effective points (overrides included) over passed + failed + not graded
        double maxPoints = 0;
        double passRate() const { return passed + failed + notGraded > 0 ? double(passed) / (passed + failed + notGraded) : 0; }
    };
    QList<Bin> bins;
    QList<CheckRate> checks; ///< in `checkIds` order
    int submissions = 0;     ///< with a run
    int graded = 0, needsManual = 0, needsReview = 0, graderErrors = 0;
    int withScore = 0;       ///< in the distribution (grader errors without an override have no score)
    double meanScore = 0, medianScore = 0, maxScore = 0;
};

/// Computes the summary. `checkIds`: the check order (Gradebook::checkIds()); `bins` ≥ 1.
ResultsSummary summarizeResults(const QList<EffectiveGrade> &grades, const QStringList &checkIds, int bins = 10);

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
