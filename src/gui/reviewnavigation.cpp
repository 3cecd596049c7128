#include "reviewnavigation.h"

#include "gradebook/export.h"

namespace sandmark {

bool awaitsPerson(SubmissionsModel::State state)
{
    return state == SubmissionsModel::State::NeedsReview || state == SubmissionsModel::State::NeedsManual;
}

bool reviewStopsAt(const ReviewRow &row, bool all)
{
    if (all)
        return true;
    if (!awaitsPerson(row.state))
        return false;
    using State = SubmissionsModel::State;
    return gradeAwaitsPerson(row.state == State::NeedsManual ? GradeStatus::NeedsManual : GradeStatus::NeedsReview, row.reviewed);
}

QString reviewNeighbour(const QList<ReviewRow> &order, const QString &current, int step, bool all)
{
    const qsizetype n = order.size();
    const int dir = step < 0 ? -1 : 1;
    qsizetype at = -1;
    for (qsizetype i = 0; i < n && at < 0 && !current.isEmpty(); ++i)
        if (order.at(i).student == current)
            at = i;
    // Not in the order: start just outside it, so the first step lands on its first (last) row.
    qsizetype i = at >= 0 ? at + dir : (dir > 0 ? 0 : n - 1);
    for (; i >= 0 && i < n; i += dir)
        if (reviewStopsAt(order.at(i), all))
            return order.at(i).student;
    return {};
}

} // namespace sandmark
