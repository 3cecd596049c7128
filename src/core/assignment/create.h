#pragma once
// Starting an assignment from an instructor notebook.

#include "util/expected.h"

#include <QString>

namespace sandmark {

/// Writes a minimal assignment.json next to the instructor notebook `notebookPath` (format 1, a slug made
/// from the file name, the title from the notebook's first Markdown heading, the notebook, no checks yet)
/// and returns the assignment folder. Refuses when the folder already has an assignment.json or the
/// notebook does not load. Written atomically (QSaveFile). Blocking file I/O: call it off the GUI thread.
Expected<QString> createAssignmentFromNotebook(const QString &notebookPath);

/// The slug Sandmark proposes for a file name: lower case, runs of other characters as '-', at most 64
/// characters, "assignment" when nothing is left. Pure function.
QString slugFromFileName(const QString &fileName);

} // namespace sandmark
