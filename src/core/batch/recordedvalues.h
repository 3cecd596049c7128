#pragma once
// The values a recorded run's value check compared, read back from the reference cache and the run's artifacts.

#include "grading/valuetable.h"

namespace sandmark {

/// checkValues() of a recorded run: `referencePath` (the reference payload, `<reference cache>/<RunRecord::referenceKey>.json`)
/// and `studentPath` (payload.json in the run's artifacts folder, or its notebook's folder for a problem set) read
/// from disk with readInputFile(). `notebook`: a problem set's instructor notebook (its part of the reference
/// payload); empty for a single notebook. Errors name the file: missing (the run folder was cleaned up, or the
/// reference cache: run the reference again), unreadable, not a payload. Synchronous; any thread.
Expected<ValuesComparison> recordedCheckValues(const Check &check, const QString &referencePath, const QString &studentPath,
                                               const QString &notebook = {});

/// recordedCheckValues() of check `checkId` of `assignment` in a recorded run: the run's artifacts folder
/// `artifacts` (EffectiveGrade::artifacts; a problem set's check reads its notebook's folder in it,
/// notebookArtifactsFolder()) and the reference payload of `referenceKey` (EffectiveGrade::referenceKey) in
/// `referenceCacheDir` (empty: the default cache). Errors: no such check, not a value check, no artifacts recorded,
/// and recordedCheckValues()'s. What `sandmark-cli values` prints and the app's values view shows. Blocking file I/O.
Expected<ValuesComparison> runCheckValues(const Assignment &assignment, const QString &checkId, const QString &artifacts,
                                          const QString &referenceKey, const QString &referenceCacheDir = {});

/// The reference payload file a run graded with reference key `referenceKey` used: `<cacheDir>/<key>.json`, where
/// `cacheDir` empty means the default cache (paths::cacheDir() + "/reference", ReferenceRunOptions::cacheDir).
QString referencePayloadPath(const QString &referenceKey, const QString &cacheDir = {});

} // namespace sandmark
