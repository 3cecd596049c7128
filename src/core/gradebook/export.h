#pragma once
// Gradebook exports: Sandmark's CSV and Canvas's gradebook-import CSV. Formats: docs/gradebook.md.

#include "assignment/assignment.h"
#include "checks/registry.h"
#include "gradebook/gradebook.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QStringList>

namespace sandmark {

/// One CSV field quoted as RFC 4180 requires (quotes around fields holding a comma, quote, CR or LF;
/// quotes doubled). Text that a spreadsheet would run as a formula (leading =, +, -, @ or their fullwidth forms,
/// also after leading spaces) is prefixed with an apostrophe (OWASP "CSV injection"); control characters (a
/// newline as `\n`, a tab as `\t`, NUL as `\x00`) and the bidirectional overrides, isolates and other format
/// characters (U+202E as `\u202e`) are written as a visible escape by displayText(), as the grade table shows them,
/// never raw and never dropped, so that a cell stays one line and two different names stay two. Numbers are never
/// passed through this.
QString csvField(const QString &text);

/// Groups of student ids of `grades` that an export would show alike: the same once written as a cell (csvField())
/// and Unicode-normalized (NFKC: "José" composed and decomposed), in the grades' order; empty when every id is
/// distinct. exportCsv() flags their rows in the comments, exportCanvasCsv() leaves their scores empty; the CLI
/// warns naming them. Pure.
QList<QStringList> exportIdCollisions(const QList<EffectiveGrade> &grades);
/// The same for plain student ids (the students a submissions folder lists: the app flags them before any export).
QList<QStringList> exportIdCollisions(const QStringList &studentIds);

/// The warning about one group of exportIdCollisions(): "the submission folders 'Jose\u0301' (U+0301) and 'José'
/// (U+00E9) have ids that look the same in the file (the same once Unicode-normalized)" — each id as displayText()
/// writes it, with its code points outside printable ASCII, so that the names read apart. Built from
/// coretext::lookalikeFolders (the app shows it translated); `sandmark-cli export` and the app's Submissions page
/// say it, each followed by what it does about it. Pure.
QString exportIdCollisionText(const QStringList &group);

/// A problem set's notebooks as groups of checks for the CSV export (name: the notebook as Assignment::notebooks()
/// names it), in its order; none for one notebook.
QList<CheckGroup> notebookColumns(const Assignment &assignment);

/// Sandmark's CSV (UTF-8, CRLF line ends): student, score, max, status, stale, one column per check id (the
/// effective points; empty when not graded and not overridden), for a problem set one "<notebook> total" column per
/// notebook of `notebooks` (its checks' effective points added up; empty when none was graded or overridden),
/// comments ("; "-joined: why a row has no score — "not graded: " and the run's first reason —, the manual checks
/// awaiting a person, then the override comments). `checkIds` gives the check columns' order. A row where nothing
/// could be graded (EffectiveGrade::score() empty: a grader error, an unreadable notebook, a kernel that died before
/// any check) has an empty score, never 0. After the notebook columns, one column per group of `groups` (an Otter
/// question: checkGroups()), "<group> total": the sum of its checks' effective points, empty while one of them is
/// (never a partial total; EffectiveGrade::pointsOf()). A row whose id looks like another's (exportIdCollisions())
/// says so first in its comments.
QByteArray exportCsv(const QList<EffectiveGrade> &grades, const QStringList &checkIds,
                     const QList<CheckGroup> &notebooks = {}, const QList<CheckGroup> &groups = {});

/// Whether a grade of `status` awaits a person: needs-manual (answers await grading by hand, whatever a review mark
/// says: the mark gives no points), or needs-review without a review mark that still holds (`reviewHolds`:
/// Review::holds(); `sandmark-cli review`, the app's Mark Reviewed). The one rule behind `review`'s list, the app's
/// review mode and the Canvas export's empty cells. Pure.
bool gradeAwaitsPerson(GradeStatus status, bool reviewHolds);
/// Whether a person has still to finish `grade` before its score can go to an LMS: gradeAwaitsPerson() of its status
/// and review mark. exportCanvasCsv() leaves such a score empty. Pure.
bool unfinishedForLms(const EffectiveGrade &grade);
/// The ids of `grades` for which unfinishedForLms() holds, in their order: whose Canvas score is left empty. Pure.
QStringList unfinishedForLms(const QList<EffectiveGrade> &grades);

/// Removes from `grades` the rows whose submission is no longer in `assignment`'s `submissions/` folder (no entry
/// of discoverSubmissions() has the id: a folder deleted or renamed since it was graded) and returns their ids, in
/// their order: an export lists the current submissions, while the gradebook keeps the others' grades (review,
/// override and values still reach them). Nothing is removed when the folder cannot be listed (missing, unreadable):
/// the export then lists every row, as before. `sandmark-cli export` and the app's Export both call it before
/// exportGrades(), and say whom it left out. Reads the folder's names; any thread.
QStringList leaveOutGoneSubmissions(QList<EffectiveGrade> &grades, const Assignment &assignment);

/// Canvas gradebook import CSV: header `Student,ID,SIS User ID,SIS Login ID,Section,<assignment column>`,
/// a `Points Possible` row, then one row per student with ID = the student id (Canvas's user id when the
/// submissions came from a Canvas zip export) and Student = `names`' entry for the id (the name part of the LMS's
/// file name, ImportManifest; Canvas matches rows by ID and ignores this column, which is for people reading it). Submissions without a score (nothing could be graded:
/// EffectiveGrade::score()) are left empty so the import does not overwrite anything with a zero. `assignmentColumn` is the Canvas column name, e.g.
/// "Iris basics (12345)". Rows whose ids look alike (exportIdCollisions()) are left empty too: Canvas could give one
/// student the other's grade; so are those a person has still to finish (unfinishedForLms()): Canvas keeps what it
/// has for an empty cell, so no partial or unchecked total reaches the students, and exporting again once they are
/// done fills them in.
QByteArray exportCanvasCsv(const QList<EffectiveGrade> &grades, const QString &assignmentColumn, double pointsPossible,
                           const QMap<QString, QString> &names = {});

/// Why an export must not be written to `target`: it is the gradebook at `gradebookPath` (or one of its SQLite
/// files), `assignment.json`, an instructor notebook or data file, or inside the assignment's `submissions/` or
/// `.sandmark/` folder — grading material an export would destroy. Symbolic links are resolved. Empty: `target` is
/// fine (stdout, "-", or any other file). Reads file metadata only; any thread.
std::optional<Error> exportTargetProblem(const QString &target, const Assignment &assignment, const QString &gradebookPath);

/// The grade exports `sandmark-cli export --format` and the app's Export menu offer.
enum class GradeExportFormat {
    Csv,    ///< exportCsv()
    Canvas, ///< exportCanvasCsv()
};

/// The check columns of `assignment`'s CSV export of `grades`: the assignment's check ids in its order, then every
/// check a row's recorded result holds that the assignment no longer has (a result graded under older checks), in
/// the order the rows' runs hold them — so that each row's check cells add up to its score, whatever run was
/// recorded last. Never the columns of one run of the gradebook (Gradebook::checkIds()). Pure.
QStringList exportCheckColumns(const Assignment &assignment, const QList<EffectiveGrade> &grades);

/// `grades` (stale ones marked by the caller: markStale()) as `assignment`'s export in `format`: Sandmark's CSV
/// with the check columns of exportCheckColumns() plus its notebook and group totals, or Canvas's with the column
/// `canvasColumn` (empty: the assignment's title, or its slug when it has none), the assignment's maximum points and the students' `names` (by
/// id; importedNames()). The CLI's `export` and the app's Export menu both write this. Pure.
QByteArray exportGrades(const QList<EffectiveGrade> &grades, const Assignment &assignment, GradeExportFormat format,
                        const QString &canvasColumn = {}, const QMap<QString, QString> &names = {});

} // namespace sandmark
