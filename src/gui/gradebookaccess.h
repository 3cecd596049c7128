#pragma once
// Gradebook reads and writes for the desktop app, as blocking functions for worker threads (JobTracker).

#include "assignment/assignment.h"
#include "gradebook/export.h"
#include "gradebook/feedback.h"
#include "gradebook/gradebook.h"
#include "gradebook/manual.h"
#include "util/expected.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace sandmark {

/// What the Results page and the Submissions table read from a gradebook.
struct GradebookSnapshot
{
    QString path;                 ///< the gradebook file
    QList<EffectiveGrade> grades; ///< effective grades (latest run plus overrides), sorted by student id
    QStringList checkIds;         ///< export column order
};

/// Opens `path` (when it exists; a missing gradebook is an empty snapshot, nothing is created), reads the
/// effective grades and the check ids, closes it. Blocking (SQLite): call it on a worker thread; each call
/// opens its own connection, so calls from different threads are safe. Errors name the file.
Expected<GradebookSnapshot> readGradebook(const QString &path);

/// The grade summaries (Gradebook::gradeSummaries(): what the Submissions table shows, no check rows) of the
/// gradebook at `path`; a missing gradebook has none (nothing is created). With `current`, rows graded under
/// other inputs than its current ones are marked stale (markStale()). Blocking: worker thread.
Expected<QList<GradeSummary>> readGradeSummaries(const QString &path, const std::optional<Assignment> &current = {});

/// `studentId`'s effective grade (Gradebook::effectiveGrade()), with its checks, for the submission detail;
/// empty when the student has no run or there is no gradebook. Blocking: worker thread.
Expected<std::optional<EffectiveGrade>> readEffectiveGrade(const QString &path, const QString &studentId);

/// Adds `override_` for `studentId` (Gradebook::addOverride) and returns the student's new effective grade.
/// Blocking: worker thread. Errors: unknown student or check, empty comment, the file cannot be written.
Expected<EffectiveGrade> addGradebookOverride(const QString &path, const QString &studentId, const Override &override_);
/// Removes the override(s) of check `checkId` (empty: the whole submission) of `studentId`
/// (Gradebook::removeOverrides) and returns the student's new effective grade. Worker thread.
Expected<EffectiveGrade> removeGradebookOverride(const QString &path, const QString &studentId, const QString &checkId);

/// Stores a grade for manual check `checkId` of `studentId` as `sandmark-cli manual import` does (storeManualGrade():
/// an override of the check, "graded by hand" for an empty comment) and returns the student's new effective grade.
/// Blocking: worker thread. Errors name the gradebook: not a manual check, points above its worth, no run.
Expected<EffectiveGrade> storeGradebookManualGrade(const QString &path, const QString &studentId, const QString &checkId,
                                                  double points, const QString &comment);
/// Gives `students` the same override in one transaction (overrideSubmissions(), MissingRun::Skip: students without
/// a run, or without the check, are skipped and listed) — `sandmark-cli override` with several students. Worker thread.
Expected<BulkOverride> overrideGradebookSubmissions(const QString &path, const Assignment &assignment,
                                                    const QStringList &students, const Override &override_);

/// Marks `students` reviewed (or, with `reviewed` false, removes their marks: Gradebook::setReviewed(), all or none)
/// and returns their new summaries, stale rows marked for `assignment`. Worker thread. Errors: no gradebook, a student
/// without a run (named).
Expected<QList<GradeSummary>> setGradebookReviewed(const QString &path, const Assignment &assignment,
                                                   const QStringList &students, bool reviewed);

/// What exportGradebookFile() wrote.
struct GradeExportReport
{
    int students = 0;       ///< rows written
    QStringList unfinished; ///< Canvas: the students whose score was left empty for a person to finish (unfinishedForLms())
    QStringList gone;       ///< gradebook rows left out: their submission folder is gone (leaveOutGoneSubmissions())
};

/// Writes the export `format` (exportGrades(), as `sandmark-cli export --format`) of the gradebook at `path` for
/// `assignment` to `filePath` atomically (QSaveFile), stale rows marked, rows whose submission folder is gone left
/// out (leaveOutGoneSubmissions()); `canvasColumn` as `--canvas-column`
/// (empty: the title). Blocking: worker thread.
Expected<GradeExportReport> exportGradebookFile(const QString &path, const QString &filePath, const Assignment &assignment,
                                  GradeExportFormat format, const QString &canvasColumn = {});
/// Writes the HTML feedback pages of every graded submission of the gradebook at `path` into `folder`
/// (writeFeedbackFolder(), as `sandmark-cli feedback`). Blocking: worker thread.
Expected<FeedbackFolderReport> writeGradebookFeedback(const QString &path, const Assignment &assignment, const QString &folder);

} // namespace sandmark
