#pragma once
// The student release of an instructor notebook, following nbgrader's conventions
// (nbgrader.preprocessors.ClearSolutions, RemoveHidden and ClearOutput), with stricter marker matching.

#include "notebook/notebook.h"
#include "util/expected.h"

namespace sandmark {

/// Stub texts written in place of solutions (nbgrader's defaults).
struct ReleaseOptions
{
    QStringList codeStub = {QStringLiteral("# YOUR CODE HERE"), QStringLiteral("raise NotImplementedError()")};
    QString markdownStub = QStringLiteral("YOUR ANSWER HERE");
};

struct ReleaseResult
{
    Notebook notebook;
    /// Lines that mention a marker but are not marker lines (kept as they are), one message each.
    QStringList warnings;
    int solutionRegions = 0; ///< regions (or whole solution cells) replaced by a stub
    int hiddenTestRegions = 0;
};

/// Produces the release of `source`:
/// - in code cells, the lines between `### BEGIN SOLUTION` and `### END SOLUTION` become the code stub at
///   the BEGIN line's indentation; in markdown cells the region becomes the markdown stub; a cell whose
///   nbgrader metadata says `solution: true` but holds no markers is replaced whole;
/// - `### BEGIN HIDDEN TESTS` ... `### END HIDDEN TESTS` blocks are removed with their markers;
/// - outputs and execution counts are cleared; attachments no longer referenced by the cell are dropped.
/// A marker line is a line whose text, stripped, is one or more `#`, optional spaces, then
/// `BEGIN SOLUTION` / `END SOLUTION` / `BEGIN HIDDEN TESTS` / `END HIDDEN TESTS` (case-sensitive), then
/// anything. A marker inside a string literal is therefore not a marker (shared case C30d).
/// Errors (naming `cells[i]` and the line, 1-based): BEGIN without END, END without BEGIN, nested BEGIN.
/// `fileName` is used in error messages only. Pure function; thread-safe.
Expected<ReleaseResult> makeRelease(const Notebook &source, const QString &fileName,
                                    const ReleaseOptions &options = {});

/// Whether `cells[index]` of an instructor notebook is an answer cell: nbgrader's `solution: true`, or a line that
/// is a `BEGIN SOLUTION` marker (the rule above). Pure function; thread-safe.
bool isSolutionCell(const Notebook &source, int index);

/// Whether the cell source `source` holds a `BEGIN HIDDEN TESTS` marker line (the rule above): the part of a test
/// cell the release removes. Pure function; thread-safe.
bool hasHiddenTests(const QString &source);

} // namespace sandmark
