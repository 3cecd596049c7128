#pragma once
// Writing an assignment's student release folder.

#include "assignment/assignment.h"
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

/// Writes `<outDir>/<releaseName>/`: the release of every instructor notebook (see makeRelease()) and a copy
/// of every supplied data file. Built in a temporary sibling folder and renamed into place, so an error
/// leaves any previous release untouched. Errors name the notebook and the cell. Blocking file I/O: call it
/// from a worker thread in the GUI.
Expected<ReleaseReport> writeRelease(const Assignment &assignment, const QString &outDir);

} // namespace sandmark
