#pragma once
// Manual grading: the manual checks that await a person, and grades imported from a CSV file.
// Manual grades are stored as overrides (docs/gradebook.md), so they survive regrades.

#include "gradebook/gradebook.h"
#include "util/expected.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace sandmark {

/// A manual check of a submission's latest run that no one has graded yet.
struct PendingManual
{
    QString studentId;
    QString checkId;
    double maxPoints = 0;
    QString answer;   ///< the student's answer cell as it was graded (the check result's `actual`)
    QString feedback; ///< the run's note ("graded by hand: answer cell 'q4'", or that the cell is missing)
};

/// Manual checks awaiting a person in `grades`: type manual, automatic outcome not-graded (an answer left
/// as the release had it scored 0 by nbgrader's rule and does not wait), and no override of that check.
/// In the order of `grades` (students) and of each run's checks.
QList<PendingManual> pendingManualChecks(const QList<EffectiveGrade> &grades);

/// One row of a grades CSV.
struct ManualGradeRow
{
    int line = 0; ///< 1-based line where the row starts in the file
    QString studentId;
    QString checkId;
    double points = 0;
    QString comment;
};

/// Parses a grades CSV: UTF-8 (a byte-order mark is skipped), RFC 4180 fields (quotes, doubled quotes,
/// line breaks inside quotes; CRLF or LF). The first row is a header naming the columns `student`, `check`,
/// `points` and optionally `comment`, in any order (case and surrounding spaces ignored; other columns are
/// ignored); blank lines are skipped. Errors name `fileName` and the line: an unterminated quote, a missing
/// column, an empty student or check, points that are not a finite number >= 0, the same student and check
/// twice. Pure function.
Expected<QList<ManualGradeRow>> parseManualGradesCsv(const QByteArray &bytes, const QString &fileName);

/// Checks every row against the gradebook (the student has a run, the check is a manual check of the
/// latest run, points at most the check's points) and stores them all as check overrides in one
/// transaction — all or none. An empty comment is stored as "graded by hand". Returns the number stored.
/// Errors name `fileName` and the row's line. Must be called from the gradebook's thread.
Expected<int> importManualGrades(Gradebook &gradebook, const QList<ManualGradeRow> &rows, const QString &fileName);

} // namespace sandmark
