#pragma once
// Importing submissions from LMS exports (Canvas and Moodle zip files) or a plain folder into the layout
// `sandmark-cli grade` reads: `<out>/<student>/<notebook>.ipynb` (plus the files handed in beside it).

#include "util/expected.h"

#include <QList>
#include <QString>

namespace sandmark {

/// Size caps of an import, in bytes (uncompressed). An entry over `maxFileBytes`, or one that would bring
/// the bytes written over `maxTotalBytes`, is refused and flagged (its partial data is removed).
struct ImportLimits
{
    qint64 maxFileBytes = qint64(100) << 20;  ///< per file: 100 MiB
    qint64 maxTotalBytes = qint64(2) << 30;   ///< whole import: 2 GiB
};

/// One student imported: the id is the folder name under `out`.
struct ImportedSubmission
{
    QString studentId;    ///< Canvas's / Moodle's numeric user id, or the folder's student id
    QString notebookPath; ///< absolute path of the notebook under `out`
};

/// An entry (archive member, student, or source file) that was not imported as a gradable submission.
struct FlaggedEntry
{
    QString entry;  ///< the archive path as stored, or the student id
    QString reason; ///< one sentence: "refused: ...", "ambiguous: ...", ...
};

/// What importSubmissions() did. `imported` and `flagged` are sorted by student id / entry order.
struct ImportReport
{
    QList<ImportedSubmission> imported;
    QList<FlaggedEntry> flagged;
};

/// Imports the submissions in `archiveOrFolder` into `outFolder` (created when missing).
///
/// Inputs:
/// - a **Canvas** zip ("Download Submissions"): flat entries `<name>_<userid>_<submissionid>_<file>` or
///   `<name>_LATE_<userid>_<submissionid>_<file>` (`late` in any case); `<name>` is Canvas's lower-case sortable name without
///   punctuation; the student id is `<userid>` (the number Canvas's gradebook import CSV calls `ID`);
///   `<file>` is kept as Canvas wrote it (a resubmitted file may carry Canvas's `-1` suffix: `hw1-1.ipynb`);
/// - a **Moodle** zip ("Download all submissions"): a folder per student
///   `<Full Name>_<participantid>_assignsubmission_file_/…` (or the flat variant
///   `<Full Name>_<participantid>_assignsubmission_file_<file>`); the student id is `<participantid>`;
/// - a **folder** with one notebook per student: read by discoverSubmissions() and copied.
/// The zip is read with libarchive (zip format only). Directory entries, `__MACOSX/`, hidden files and
/// `.ipynb_checkpoints` are skipped silently.
///
/// Safety: entries with an absolute path (`/x`, `C:\x`, `\x`), a `..` component, symbolic or hard links,
/// devices/fifos, or sizes over `limits` are refused and flagged, never written. Everything is written
/// into a staging folder `<out>/.sandmark-import-XXXXXX` first; each student's folder is then renamed into
/// place, so a failed import (corrupt archive, full disk) leaves `out` as it was. A student whose folder
/// already exists in `out` is flagged and left unchanged.
///
/// A student with several notebooks (or none) is still written (so `grade` records it as needs-review) but
/// is flagged "ambiguous"/"no notebook" instead of imported: never guessed. Non-notebook files beside a
/// student's notebook are kept in the student's folder (data the notebook reads).
///
/// Errors: the input does not exist, is neither a folder nor a zip archive (the message names the file and
/// libarchive's reason), the archive is corrupt, `out` cannot be created or written, or `out` lies inside
/// the input folder. Synchronous; call from a worker thread in the GUI.
Expected<ImportReport> importSubmissions(const QString &archiveOrFolder, const QString &outFolder,
                                         const ImportLimits &limits = {});

} // namespace sandmark
