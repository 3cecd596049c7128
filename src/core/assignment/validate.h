#pragma once
// Whole-assignment validation: the problems an instructor must see before publishing.

#include "assignment/assignment.h"

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
/// machine (a path) or on PATH (a name), and lists repairs and unknown fields as warnings. Blocking file I/O (reads the notebooks): call it off the GUI thread.
QList<Problem> validateAssignment(const Assignment &assignment);

} // namespace sandmark
