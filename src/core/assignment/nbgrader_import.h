#pragma once
// Turning an nbgrader source notebook (or an nbgrader course's source/<assignment>/ folder) into a
// Sandmark assignment without rewriting anything. See docs/nbgrader.md.

#include "datasets/scanner.h"
#include "sandbox/submissionrun.h"
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
    /// The course header, when one was found or given: never a notebook of the problem set (nbgrader prepends it
    /// to each released notebook). "header.ipynb (no graded cells)" or "../header.ipynb (--header)"; empty: none.
    QString header;
    /// The course header taken by default from nbgrader's standard place (findCourseHeader()) without `--header`:
    /// its path, for the one line the CLI prints on stderr; empty otherwise.
    QString standardHeader;
    /// The autotests.yml the AUTOTEST directives were expanded with (empty: the notebooks have none), how many
    /// directive lines and expressions, and the sandbox backend that evaluated them.
    QString autotests;
    int autotestDirectives = 0;
    int autotestExpressions = 0;
    QString autotestBackend;
    /// What the import let through but the user should know, one line each naming the file and place (a test cell
    /// that does not compile, AUTOTEST notices, no graded cells, a header left out).
    QStringList warnings;
};

/// Choices for importNbgrader().
struct NbgraderImportOptions
{
    /// The course header notebook (`--header FILE`): left out of the problem set wherever it is, with the
    /// summary saying so. Empty: a `header.ipynb` in the imported folder without graded cells is the header, else
    /// nbgrader's standard `source/header.ipynb` beside the assignment (findCourseHeader()).
    QString header;
    /// `--no-header`: the course has no header; neither of the defaults above is taken. Refused with `header`.
    bool noHeader = false;
    /// The autotests.yml for AUTOTEST directives (`--autotests FILE`). Empty: where nbgrader looks
    /// (findAutotestsFile(): the imported folder, then the course root).
    QString autotests;
    /// The sandbox that evaluates AUTOTEST expressions in the instructor notebooks (runOptionsFor()).
    RunChoices runChoices;
};

/// Dependencies proposed from what the notebooks import (never added to assignment.json by themselves).
struct DependencyProposal
{
    QStringList requirements; ///< pip names, in order of first import: every module outside the standard library
    QStringList modules;      ///< the modules they were proposed for, in order of first import ("sklearn")
    QStringList missing;      ///< of the modules, those the scanning Python lacks: every run fails on their import
};

/// Proposes `dependencies` from the modules notebooks import (ScanResult::modules, scanned with the environment's
/// base Python): each module outside the standard library, except files or folders of `assignmentFolder`
/// (`helpers.py`, `helpers/`) and what every Sandmark environment has (IPython, ipykernel), as its distribution's
/// pip name when known, else the module's name. Reads the folder; pure otherwise.
DependencyProposal proposeDependencies(const QList<ScannedModule> &modules, const QString &assignmentFolder);

/// nbgrader's standard course header for the assignment folder `assignmentFolder`: `<course>/source/header.ipynb`
/// when the folder is `<course>/source/<assignment>` and that file exists (nbgrader's documented
/// `IncludeHeaderFooter.header = "source/header.ipynb"`), else empty. Its cells come before the assignment's in
/// every released notebook, so HASHED AUTOTEST salts depend on it. Reads the file system; any thread.
QString findCourseHeader(const QString &assignmentFolder);

/// Reads `source` (an .ipynb, or a folder whose notebooks are nbgrader source notebooks) and writes
/// `outDir/assignment.json` beside copies of the notebooks and the folder's other files. Test cells
/// become test checks keyed by their grade_id (run in place at grading, see TestCellSpec), manually graded
/// cells become manual checks, answer and locked cells are recorded under "nbgrader". Every notebook of a folder,
/// in sorted order (nbgrader's), is a notebook of the problem set (format 2; each check names its notebook),
/// except the course header (NbgraderImportOptions::header, else a `header.ipynb` of the folder without graded
/// cells, else findCourseHeader(); none with `noHeader`), which is not copied. nbgrader's AUTOTEST directives are expanded as its generate_assignment does
/// (autotest.h): the instructor notebooks, the header first, run in the sandbox `options.runChoices` selects, and
/// the copied notebooks hold the expanded test cells (nbgrader's `source_with_tests`), which the test checks run.
/// Refuses unbalanced markers, duplicate grade_ids, a `--header` that is not a notebook, AUTOTEST without a
/// usable autotests.yml or with an expression the instructor's notebook cannot evaluate (naming the file, cell
/// and line), and an `outDir` that already holds an assignment.json. A test cell that Python does not compile
/// (checks/codesyntax.h, the default interpreter) is imported as it is, with a warning naming its notebook, cell,
/// grade_id and line. Staged in a temporary folder and renamed
/// into place. Blocking: file I/O, and with AUTOTEST directives a sandbox run in a local event loop (call it from
/// the CLI or a worker thread).
Expected<NbgraderImportReport> importNbgrader(const QString &source, const QString &outDir,
                                              const NbgraderImportOptions &options = {});

} // namespace sandmark
