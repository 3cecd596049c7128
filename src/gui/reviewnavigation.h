#pragma once
// Review mode's rule: which submission comes next in the Submissions table's order.

#include "submissionsmodel.h"

#include <QList>
#include <QString>

namespace sandmark {

/// Whether a submission in `state` awaits a person: needs-review (the run could not grade all of it) or
/// needs-manual (manual checks await their points). The rows review mode walks by default.
bool awaitsPerson(SubmissionsModel::State state);

/// One row of the Submissions table as review mode sees it.
struct ReviewRow
{
    QString student;
    SubmissionsModel::State state = SubmissionsModel::State::NotRun;
    bool reviewed = false; ///< a person's review mark holds (Row::Review::Held): a needs-review row is passed over unless `all`
};

/// Whether review mode stops at `row`: every row when `all`, else one that awaits a person (gradeAwaitsPerson(), the
/// rule `sandmark-cli review` lists by): needs-review not marked reviewed, needs-manual marked or not.
bool reviewStopsAt(const ReviewRow &row, bool all);

/// The student after (`step` > 0) or before (`step` < 0) `current` in `order` (the table's rows in its current
/// sort and filter order) where review mode stops (reviewStopsAt()). Empty when there is
/// no further one: the walk never wraps. `current` empty or not in `order` (filtered out): the first (forward) or
/// last (backward) such row. Pure; any thread.
QString reviewNeighbour(const QList<ReviewRow> &order, const QString &current, int step, bool all);

} // namespace sandmark
