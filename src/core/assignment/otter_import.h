#pragma once
// Turning an Otter-Grader course's material into a Sandmark assignment: an Otter Assign (format v1) master
// notebook, or an Otter-generated tests/ folder of OK-format files beside a student-format notebook.
// What is read and how it maps: docs/otter.md.

#include "assignment/assignment.h"
#include "util/expected.h"

#include <QMap>
#include <QStringList>

namespace sandmark {

struct OtterImportReport
{
    QString folder;           ///< the assignment folder written (absolute)
    QString notebook;         ///< the instructor notebook written, relative to folder
    QStringList dataFiles;    ///< files copied (the config's `files`, or the folder's other files)
    QStringList dependencies; ///< the config's `requirements`, as written into "dependencies"
    QStringList questions;    ///< question names, in notebook order
    int testCases = 0;        ///< Otter test cases (public and hidden)
    int hiddenCases = 0;
    int otterChecks = 0;      ///< "otter" checks written (one per case; one per all-or-nothing question)
    int manualChecks = 0;     ///< manual questions → manual checks
    int solutionRegions = 0;  ///< solution lines/blocks the release replaces (master import)
    /// Cases of an un-run master (its test cell holds no saved output): their expected output is what the same
    /// case prints in the reference run of the instructor notebook ("q1 - 1", …; docs/otter.md).
    QStringList referenceCases;
    /// Things noticed, one line each, naming the file and cell: config keys ignored (Gradescope, PDF, plugins),
    /// markers in the wrong cell type, test cells without saved output (their cases take the reference run's).
    QStringList warnings;
};

/// Reads `master` (an Otter Assign format v1 master notebook) and writes `outDir/assignment.json` beside the
/// instructor notebook (the master without Otter's marker cells and test cells, solutions kept) and the
/// config's `files`. A test cell without saved output (never run) becomes a case marked `from_reference`: its
/// expected output is taken from the reference run (listed in `referenceCases`). Each test case becomes an "otter" check (one per case; one per question that is
/// `all_or_nothing`), points resolved by Otter's rules; manual questions become manual checks. Test cells'
/// doctest bodies are built from their code and saved outputs by `python` running sandmark_otter_read.py (the
/// code is parsed, never run). Refuses, naming the file and cell: format v0 (dropped by Otter 5.0.0), R / R
/// Markdown / Quarto masters ("only Python notebooks are supported"), unbalanced or nested blocks, bad YAML,
/// points that do not fit the cases, exception-based tests, and an `outDir` holding an assignment.json.
/// Staged in a temporary folder and renamed into place: nothing half-written. Blocking (file I/O, Python).
Expected<OtterImportReport> importOtter(const QString &master, const QString &outDir, const QString &python);

/// Reads `notebook` (a student-format notebook, the instructor's solved copy) and the OK-format files in
/// `testsDir` (`q1.py`, …: `OK_FORMAT = True` and a `test` dict, read as a Python literal — never executed) and
/// writes `outDir/assignment.json` with an "otter" check per case (per all-or-nothing file), placed after the
/// notebook's `grader.check("<name>")` call. Errors name the file. Blocking (file I/O, Python).
Expected<OtterImportReport> importOtterTests(const QString &notebook, const QString &testsDir, const QString &outDir,
                                             const QString &python);

/// Otter's point rule (otter/test_files/abstract_test.py, resolve_test_file_points): `questionPoints` is the
/// question's points (a number, a per-case list, `{each: n}`, or none) as JSON text ("2", "[1, 2]",
/// "{\"each\": 1}", "null"); `casePoints` each case's own points (NaN = not given). Cases without points share
/// what the question's total leaves, equally; without a total, cases without points get 1/n of a point when
/// no case has points, else 0. Errors: a list of the wrong length, more case points than the total. Pure.
Expected<QList<double>> otterCasePoints(const QString &questionPoints, const QList<double> &casePoints);

/// The student release of an instructor notebook imported from Otter, as `otter assign` makes it: solution lines
/// replaced by Otter's rules (`# BEGIN SOLUTION` … `# END SOLUTION` → `...` at the BEGIN line's indentation,
/// `# BEGIN SOLUTION NO PROMPT` blocks and `# SOLUTION NO PROMPT` lines removed, `x = 1 # SOLUTION` → `x = ...`,
/// another `… # SOLUTION` line → `...`), Markdown answers (`otter_assign_solution_cell`) → Otter's prompt text,
/// outputs cleared, an init cell first (`grader = otter.Notebook("<file>")`) and `grader.check("<q>")` after
/// each question's answer cell (`checkAfter`: answer cell id → questions). `fileName` names errors;
/// `replaced`, when given, receives the number of cells whose solutions were replaced. Pure.
Expected<QByteArray> makeOtterRelease(const QByteArray &instructorNotebook, const QString &fileName,
                                      const QMap<QString, QStringList> &checkAfter, int *replaced = nullptr);

} // namespace sandmark
