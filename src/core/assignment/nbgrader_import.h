#pragma once
// Turning an nbgrader source notebook (or an nbgrader course's source/<assignment>/ folder) into a
// Sandmark assignment without rewriting anything. See docs/nbgrader.md.

#include "util/expected.h"

#include <QStringList>

namespace sandmark {

struct NbgraderImportReport
{
    QString folder;          ///< the assignment folder written (absolute)
    QStringList notebooks;   ///< notebooks copied, relative to folder
    QStringList dataFiles;   ///< other files copied (supplied to every run)
    int testChecks = 0;      ///< nbgrader test cells (grade, not solution) → test checks
    int manualChecks = 0;    ///< manually graded answers and tasks → manual checks
    int answerCells = 0;     ///< solution cells (answer anchors)
    int lockedCells = 0;
    QStringList warnings;
};

/// Reads `source` (an .ipynb, or a folder whose notebooks are nbgrader source notebooks) and writes
/// `outDir/assignment.json` beside copies of the notebooks and the folder's other files. Test cells
/// become test checks keyed by their grade_id (run in place at grading, see TestCellSpec), manually graded
/// cells become manual checks, answer and locked cells are recorded under "nbgrader". Refuses AUTOTEST
/// directives (naming the cell), unbalanced markers, duplicate grade_ids, and an `outDir` that already holds
/// an assignment.json. Staged in a temporary folder and renamed into place. Blocking file I/O.
Expected<NbgraderImportReport> importNbgrader(const QString &source, const QString &outDir);

} // namespace sandmark
