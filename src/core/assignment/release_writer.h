#pragma once
// Writing an assignment's student release folder.

#include "assignment/assignment.h"
#include "notebook/celldiff.h"
#include "notebook/notebook.h"
#include "util/expected.h"

namespace sandmark {

struct ReleaseReport
{
    QString folder;       ///< the release folder written (absolute)
    QStringList files;    ///< written files, relative to folder
    QStringList warnings; ///< marker-like lines kept, repairs made while loading
    int solutionRegions = 0;
    int hiddenTestRegions = 0;
};

/// The student release of the instructor notebook `rel` (as notebooks() lists it) of `assignment`: Otter's
/// (makeOtterRelease(), with a `grader.check` cell after each question's answer cell) for an assignment imported
/// from Otter, else nbgrader's (makeRelease()). What writeRelease() writes, and what grading compares manual answers
/// with (an answer left as the release has it scores 0). `warnings`, `solutionRegions` and `hiddenTestRegions`,
/// when given, are added to. Errors name the notebook (as the user named the assignment) and the cell. Blocking
/// file I/O.
Expected<Notebook> releaseNotebook(const Assignment &assignment, const QString &rel, ReleaseReport *report = nullptr);

/// `studentNotebook` (a path) against the release of instructor notebook `rel` of `assignment` (releaseNotebook()),
/// cell by cell (diffNotebooks()), the answer cells of `rel`'s checks marked. What `sandmark-cli diff` prints and the
/// app's Diff tab shows. Errors name the file: the student's notebook or the instructor's cannot be read. Blocking
/// file I/O.
Expected<NotebookDiff> diffAgainstRelease(const Assignment &assignment, const QString &rel, const QString &studentNotebook);

/// Writes `<outDir>/<releaseName>/`: the release of every instructor notebook (see makeRelease()) and a copy
/// of every supplied data file. Built in a temporary sibling folder and renamed into place, so an error
/// leaves any previous release untouched. Errors name the notebook and the cell. Blocking file I/O: call it
/// from a worker thread in the GUI.
Expected<ReleaseReport> writeRelease(const Assignment &assignment, const QString &outDir);

} // namespace sandmark
