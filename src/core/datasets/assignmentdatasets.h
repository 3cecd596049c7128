#pragma once
// The dataset part of an assignment folder: required_datasets, dataset_functions, instructor notebooks,
// and an atomic edit of required_datasets that keeps every other key of assignment.json.

#include "datasets/scanner.h"
#include "util/expected.h"

#include <QString>
#include <QStringList>

namespace sandmark {

struct AssignmentDatasets
{
    QString dir;                 ///< the assignment folder
    QString jsonPath;            ///< dir/assignment.json
    QString slug;                ///< the assignment's slug, else the folder name
    QStringList requiredDatasets; ///< raw entries, as written
    QStringList functions;       ///< dataset_functions, or defaultDatasetFunctions()
    QStringList notebooks;       ///< instructor notebooks, absolute paths
    QString python;              ///< "python" of assignment.json (base interpreter), else empty
};

/// Loads the assignment (Assignment::load: folder or assignment.json) and parses its required_datasets.
/// Errors name the file and the field.
Expected<AssignmentDatasets> loadAssignmentDatasets(const QString &dir);

/// `path` is an assignment folder, or a folder of assignment folders; `slug` (if not empty) picks one.
Expected<QList<AssignmentDatasets>> findAssignments(const QString &path, const QString &slug);

/// The code cells of a notebook (nbformat 4: "source" as a string or a list of lines).
Expected<QList<CodeCell>> readCodeCells(const QString &ipynbPath);

/// Adds (skipping entries already present) and removes entries of required_datasets in assignment.json,
/// validating every added entry first; written by editAssignment() (the list at its place, the file read as the
/// loader reads it first). Everything but the list stays byte for byte as written; atomic (QSaveFile); nothing
/// is written when nothing changes. Returns the entries of `add` that were listed already (as written there).
/// Errors: the file, an entry that does not parse (named "argument N"), an entry to remove that is not listed.
Expected<QStringList> editRequiredDatasets(const QString &jsonPath, const QStringList &add, const QStringList &remove);

} // namespace sandmark
