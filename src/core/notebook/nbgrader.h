#pragma once
// nbgrader's cell metadata, read as nbgrader writes it.
// Source: nbgrader's documentation ("Developing assignments": cell types) and nbgrader/utils.py
// (is_grade, is_solution, is_locked, is_task). Schema versions 1 to 3 are read; unknown keys are kept by
// the Notebook model and ignored here.

#include "notebook/notebook.h"
#include "util/expected.h"

namespace sandmark {

/// One cell that carries `metadata.nbgrader`.
struct NbgraderCell
{
    int index = -1;        ///< position in the notebook
    QString gradeId;       ///< nbgrader grade_id (may be empty in hand-edited notebooks)
    bool solution = false; ///< an answer cell (the student writes here)
    bool grade = false;    ///< graded: a test cell (grade, not solution) or a manually graded answer (both)
    bool task = false;     ///< a manually graded task description (schema 3)
    bool locked = false;   ///< students must not change it; nbgrader treats test cells as locked too
    double points = 0;     ///< metadata.nbgrader.points (a number, or text of one as nbgrader's float() reads it)
    QString pointsError;   ///< why `points` could not be read ("\"two\" is not a number"), empty when it could
    int schemaVersion = 1; ///< 1 when absent (nbgrader before 0.6)

    bool isTest() const { return grade && !solution; }
    bool isManual() const { return (grade && solution) || task; }
};

/// All nbgrader cells of `notebook`, in order.
QList<NbgraderCell> nbgraderCells(const Notebook &notebook);

/// What a student did to the cells nbgrader protects, found by comparing the submission with the release
/// (nbgrader detects the same with its per-cell checksums).
struct CellChange
{
    enum class Kind {
        LockedModified,  ///< a locked cell's source differs from the release
        TestModified,    ///< a test cell's source differs (the instructor's version runs anyway)
        Deleted,         ///< a locked or test cell is missing from the submission
        AnswerUntouched, ///< an answer cell still holds the release's stub
        Duplicated,      ///< the grade_id is on several cells (copies); `submissionIndex` is the first
    };
    Kind kind;
    QString gradeId;
    int submissionIndex = -1; ///< -1 when deleted
    QList<int> copies;        ///< Duplicated: the later cells carrying the grade_id
    bool testCell = false;    ///< the release's cell is a test cell (only the first copy of a test runs)
    QString describe() const;  ///< one line for reports: "test cell 'q1-tests' was edited (cells[4])"
};

/// Compares `submission` with `release` by grade_id (whitespace at line ends ignored). A grade_id on several
/// cells is reported once as Duplicated; the first of them is compared (the one nbgrader and instrument() use).
QList<CellChange> compareWithRelease(const Notebook &release, const Notebook &submission);

/// What a graded run notes of compareWithRelease(), one line each (CellChange::describe()): an edited test cell,
/// a changed locked cell, a deleted locked cell, a copied cell, an answer cell never touched. A test cell's
/// deletion or copies are left out: instrument() notes them already, saying where the instructor's test ran.
/// Empty when `release` has no nbgrader cells. Pure function; thread-safe.
QStringList changeNotes(const Notebook &release, const Notebook &submission);

} // namespace sandmark
