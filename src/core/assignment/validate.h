#pragma once
// Whole-assignment validation: the problems an instructor must see before publishing.

#include "assignment/assignment.h"
#include "datasets/scanner.h"
#include "notebook/notebook.h"

namespace sandmark {

/// One problem found in an assignment. Shown as a row in the GUI's problem list, a line in the CLI.
struct Problem
{
    enum class Severity { Warning, Error };
    Severity severity = Severity::Error;
    Error where; ///< file, place (field path, cells[i]) and message
};

/// Checks what Assignment::load() cannot: every instructor notebook parses, its release can be made
/// (balanced markers), anchored checks name a cell that exists, the environment's `python` exists on this
/// machine (a path) or on PATH (a name), every check's Python code compiles (Python's compile() in the assignment's
/// interpreter, one process), and lists repairs and unknown fields as warnings. Blocking file I/O and a Python
/// process (at most CodeSyntaxCheck::kTimeoutMs): call it off the GUI thread.
QList<Problem> validateAssignment(const Assignment &assignment);

/// Warnings for value checks without an `anchor` whose variable the instructor notebook assigns again after its
/// question cell (the first answer cell — nbgrader `solution`, a BEGIN SOLUTION region — that assigns it, else
/// the first cell that does): the probe reads the name at the end of the notebook, so the value compared is the
/// later one. `assigned` is the scan of `instructor` (ScanResult::assigned, by notebook cell index). Pure.
QList<Problem> reassignedValueWarnings(const Assignment &assignment, const Notebook &instructor,
                                       const QList<AssignedName> &assigned);

} // namespace sandmark
