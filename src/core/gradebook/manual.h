#pragma once
// Manual grading: the manual checks that await a person, and grades imported from a CSV file.
// Manual grades are stored as overrides (docs/gradebook.md), so they survive regrades.

#include "assignment/assignment.h"
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

/// Stores one manual grade (`points` for manual check `checkId` of `studentId`'s latest run, with `comment`) as
/// importManualGrades() stores a CSV row: the same checks, the same override, "graded by hand" for an empty
/// comment. `source` names the grade in errors (the app passes the gradebook's file). Gradebook thread.
Expected<void> storeManualGrade(Gradebook &gradebook, const QString &studentId, const QString &checkId, double points,
                                const QString &comment, const QString &source);

/// The check of `assignment` an override names, refused with the assignment's file and place when it has no check
/// `id` (an empty id included: "the whole submission" is an override without a check). Pure.
Expected<Check> overriddenCheck(const Assignment &assignment, const QString &id);

/// What overrideSubmissions() stored and whom it left out.
struct BulkOverride
{
    QStringList overridden; ///< students given the override, in the order asked (each once)
    QStringList skipped;    ///< students left out: no run in the gradebook, or (a check override) none with that check
};

/// What overrideSubmissions() does with a student it cannot override (no run, or a latest run without the check).
enum class MissingRun {
    Refuse, ///< an error naming the first such student; nothing is stored (the CLI)
    Skip,   ///< left out and listed in BulkOverride::skipped; the others are stored (the app's Override Selected…)
};

/// Gives every student of `students` the same override (`override_.checkId` empty: the whole submission's score),
/// in one transaction (Gradebook::addOverrides): all of them or none. Refused before anything is written: a check
/// `assignment` does not have, points that are not a finite number between 0 and what the override replaces is
/// worth (the check's points, or the assignment's maxPoints(): an override corrects a grade, it is no bonus), an
/// empty comment, no students. Errors name the assignment (checks, points) or the gradebook and the student.
/// `sandmark-cli override` and the app's Override Selected… both call it. Gradebook thread.
Expected<BulkOverride> overrideSubmissions(Gradebook &gradebook, const Assignment &assignment, const QStringList &students,
                                           const Override &override_, MissingRun missing);

} // namespace sandmark
