#pragma once
// Problem sets: which of a student's notebooks is graded for which instructor notebook (docs/grading.md,
// "Problem sets").

#include "assignment/assignment.h"
#include "util/expected.h"

#include <QList>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

namespace sandmark {

struct Submission;

/// The file graded for one instructor notebook of a problem set, and how it was chosen. Value type.
struct NotebookMatch
{
    enum class How {
        Exact,    ///< the same file name
        Name,     ///< the same name once case and copy suffixes are ignored ("Problem1 (1).ipynb")
        CellIds,  ///< the one unmatched notebook carrying the instructor notebook's cell ids / nbgrader grade_ids
        Settled,  ///< an instructor chose it (Gradebook::settleMatch())
        NotHandedIn, ///< the student handed in no notebook for it: its checks score 0 ("not handed in")
        Unmatched,   ///< notebooks are left that cannot be told apart: its checks are not graded (`problem`)
    };
    QString notebook; ///< the instructor notebook, relative to the assignment folder (Assignment::notebooks())
    QString file;     ///< the student's notebook, relative to the submission's root; empty unless matched
    How how = How::Unmatched;
    /// Non-empty: this notebook's checks are not graded, with this reason, and the submission needs review
    /// ("no notebook matches problem2.ipynb (left: a.ipynb, b.ipynb); settle it: sandmark-cli match …").
    QString problem;

    bool matched() const { return !file.isEmpty() && problem.isEmpty(); }
    /// "problem1.ipynb ← myproblem1.ipynb (cell ids)", "problem2.ipynb: not handed in", … — one line for notes
    /// and the CLI's table.
    QString describe() const;
};

/// The decision for instructor notebook `notebook` among a problem set's result `notes` (GradeResult::notes): the
/// first note in one of NotebookMatch::describe()'s forms for it ("problem1.ipynb ← myproblem1.ipynb (…)",
/// "problem2.ipynb: not handed in", "problem2.ipynb: no notebook matches …"). The decisions are the first notes
/// of such a result (combineNotebookGrades()), before the notebooks' own notes. Empty when there is none (nothing
/// was matched: a submission that could not be run at all). Pure.
QString matchDecision(const QStringList &notes, const QString &notebook);

/// All the decisions for one submission of a problem set.
struct ProblemSetMatch
{
    QList<NotebookMatch> notebooks; ///< one per instructor notebook, in the assignment's order
    /// Every decision (describe()): the informative ones (renamed, not handed in, unmatched), then notebooks handed in
    /// but not graded ("extra.ipynb: …"), then the matches by the same file name.
    QStringList notes;
    QStringList review; ///< why the submission needs review besides an unmatched notebook (a duplicate copy)
};

/// What the rule needs to know of an instructor notebook.
struct InstructorNotebook
{
    QString notebook;  ///< relative to the assignment folder
    QSet<QString> ids; ///< its cells' ids and nbgrader grade_ids
};

/// The ids (cell ids and nbgrader grade_ids) of every cell of the notebook at `path`; empty when it does not
/// load. Blocking file I/O.
QSet<QString> notebookCellIds(const QString &path);

/// The instructor notebooks of `assignment` with their ids (notebookCellIds()). Blocking file I/O.
QList<InstructorNotebook> instructorNotebooks(const Assignment &assignment);

/// The name a copy of a notebook keeps once case and copy suffixes are ignored: "Problem1 (1).ipynb",
/// "problem1-Copy1.ipynb", "problem1 - Copy.ipynb", "Copy of problem1.ipynb" → "problem1". Pure.
QString normalizedNotebookName(const QString &fileName);

/// The documented rule (docs/grading.md, "Problem sets"), for one student's notebooks `files` (relative to
/// the submission's root, each with its ids in `fileIds`): an instructor's settled choice first (`settled`,
/// instructor notebook → file; ignored with a note when the file is no longer there), then the exact file name,
/// then the same normalized name (normalizedNotebookName(), when exactly one file has it), then the one
/// unmatched file that carries ids of this instructor notebook and of no other unmatched one. A notebook
/// matched by name that carries none of its instructor notebook's ids but another's (problem1's content in
/// problem2.ipynb) is not graded: `problem` says so. An instructor notebook without a file: not handed in when
/// every file is matched, else unmatched (never guessed). A file left over is named in the notes, and a second
/// copy of a matched notebook ("problem1 (1).ipynb" beside "problem1.ipynb") asks for review unless the
/// instructor settled that notebook's match. Pure function.
ProblemSetMatch matchNotebooks(const QList<InstructorNotebook> &instructor, const QStringList &files,
                               const QHash<QString, QSet<QString>> &fileIds, const QMap<QString, QString> &settled = {});

/// matchNotebooks() for `submission` (its notebooks among Submission::files, their ids read from disk). Blocking
/// file I/O.
ProblemSetMatch matchSubmission(const QList<InstructorNotebook> &instructor, const Submission &submission,
                                const QMap<QString, QString> &settled = {});

class Gradebook;

/// Settles, for the submission `submission` of `assignment`, that `file` (a notebook of it, relative to its
/// folder, or empty to let the rule decide again) is graded for the instructor notebook `notebook`, in
/// `gradebook` (Gradebook::settleMatch()); the next `grade` applies it (the submission's files hash changes, so it
/// is run again). For a problem set it is matchNotebooks()'s settled choice; for a one-notebook assignment it
/// picks the notebook of an ambiguous folder (several notebooks handed in: applySettledNotebook()). The CLI's
/// `match` and the app call this. Errors: no such instructor notebook, `file` not a notebook handed in by that
/// student, the gradebook. Blocking file I/O.
Expected<void> settleNotebookMatch(Gradebook &gradebook, const Assignment &assignment, const Submission &submission,
                                   const QString &notebook, const QString &file);

/// A one-notebook assignment's ambiguous `submission` (several notebooks: Submission::problem "ambiguous: …")
/// with a settled choice in `settled` (Gradebook::settledMatches(), instructor notebook `notebook` → file): graded
/// with that file (notebookPath set, problem cleared). Left as it is when nothing is settled, the submission is not
/// ambiguous, or the settled file is no longer among its files. Pure (no file I/O).
void applySettledNotebook(Submission &submission, const QString &notebook, const QMap<QString, QString> &settled);

} // namespace sandmark
