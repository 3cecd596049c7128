#pragma once
// A student's notebook against the release it started from, cell by cell (docs/review.md, "Diff against the release").

#include "notebook/notebook.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace sandmark {

/// A side of a cell over this many characters (1 MiB of UTF-16 code units) or this many lines is not diffed line
/// by line and its source is not kept whole: the cell is compared as a whole (changed or not), its sizes are kept
/// and only a head of each side is shown (docs/review.md, "Large cells"). The app and `sandmark-cli diff` both.
inline constexpr qsizetype kCellDiffMaxChars = 1024 * 1024;
inline constexpr qsizetype kCellDiffMaxLines = 2000;
/// The head shown of each side of such a cell: its first lines, each cut after kCellDiffHeadLineChars characters
/// ("…" marks a cut line), at most kCellDiffHeadChars characters in all.
inline constexpr qsizetype kCellDiffHeadLines = 20;
inline constexpr qsizetype kCellDiffHeadLineChars = 200;
inline constexpr qsizetype kCellDiffHeadChars = 2000;

/// One cell of the diff: a release cell and the student's cell matched to it, or a cell only one side has.
struct CellDiff
{
    enum class Change { Unchanged, Changed, Added, Removed };
    Change change = Change::Unchanged;
    int releaseIndex = -1; ///< cells[N] of the release; -1 for a cell the student added
    int studentIndex = -1; ///< cells[N] of the student's notebook; -1 for a release cell the student deleted
    /// What matched the two: "grade_id 'q1'" (nbgrader), "id 'a1b2'" (the cell id), or empty (by position).
    QString matchedBy;
    /// The release cell is an answer cell: an nbgrader solution cell, or the answer cell of a check (anchor).
    bool answer = false;
    CellType type = CellType::Code; ///< the student's cell's type (the release's for a removed cell)
    /// The sources; for a tooLarge cell only their heads (kCellDiffHeadLines).
    QString releaseSource, studentSource;
    /// The sources line by line as a unified diff's body: " kept", "-release only", "+student only". For a
    /// tooLarge cell: the release's head as "-" lines, then the student's head as "+" lines.
    QStringList lines;
    /// A side is over kCellDiffMaxChars characters or kCellDiffMaxLines lines: compared whole, not line by line.
    bool tooLarge = false;
    /// Each side's whole size (0 for a side the cell does not have): characters and lines.
    qsizetype releaseChars = 0, studentChars = 0, releaseLines = 0, studentLines = 0;
};

/// The whole diff, in the release's order with the student's added cells where they stand.
struct NotebookDiff
{
    QList<CellDiff> cells;
    int changed = 0, added = 0, removed = 0, answersChanged = 0;
};

/// Compares `submission` with `release` cell by cell. A cell is matched by its nbgrader grade_id, else by its cell
/// id, when that names exactly one cell on each side and keeps the order; the cells left between two matched
/// ones are paired by position, the rest added or removed. `answerAnchors` (the checks' answer cells, grade_id,
/// id or tag: Check::anchor) mark answer cells besides nbgrader's solution cells. Sources are compared as text
/// (outputs and metadata are not). Pure function; thread-safe on copies of the notebooks.
NotebookDiff diffNotebooks(const Notebook &release, const Notebook &submission, const QStringList &answerAnchors = {});

/// `diff` as a unified diff of cell sources, one hunk per changed, added or removed cell ("@@ cells[3] → cells[4]
/// (answer, grade_id 'q1') @@"), after "--- `releaseName`" and "+++ `studentName`". A tooLarge cell's hunk says so,
/// with both sides' sizes, on a "\ " line before the heads. `context`: unchanged cells are listed as one line each
/// ("= cells[2]") when true, left out when false. Pure function.
QString unifiedCellDiff(const NotebookDiff &diff, const QString &releaseName, const QString &studentName, bool context = false);

} // namespace sandmark
