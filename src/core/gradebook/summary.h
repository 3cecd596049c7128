#pragma once
// A gradebook's numbers: the grade distribution and per-check pass rates, computed from effective grades. The
// app's Results page and Checks page and `sandmark-cli grade --dry-run` show them.

#include "gradebook/gradebook.h"

#include <QList>
#include <QString>
#include <QStringList>

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

} // namespace sandmark
