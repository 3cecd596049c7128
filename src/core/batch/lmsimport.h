#pragma once
// Importing submissions from LMS exports (Canvas and Moodle zip files) or a plain folder into the layout
// `sandmark-cli grade` reads: `<out>/<student>/<notebook>.ipynb` (plus the files handed in beside it).

#include "util/expected.h"

#include <QList>
#include <QMap>
#include <QString>

namespace sandmark {

/// Size caps of an import, in bytes (uncompressed). An entry over `maxFileBytes`, or one that would bring
/// the bytes written over `maxTotalBytes`, is refused and flagged (its partial data is removed).
struct ImportLimits
{
    qint64 maxFileBytes = qint64(100) << 20;  ///< per file: 100 MiB
    qint64 maxTotalBytes = qint64(2) << 30;   ///< whole import: 2 GiB
};

/// One student whose folder was written under `out`: the id is the folder name.
struct ImportedSubmission
{
    QString studentId;    ///< Canvas's / Moodle's numeric user id, or the folder's student id
    QString notebookPath; ///< absolute path of the notebook under `out`; empty for a student in `needsReview`
    QString folder;       ///< absolute path of the student's folder under `out`
    QString problem;      ///< `needsReview` only: why it is not gradable as it is ("ambiguous: ...")
    bool late = false;    ///< Canvas named at least one of the student's entries `_LATE_` (the LMS's own mark)
    /// The student's name as the LMS wrote it in the entry's name (Canvas: "smithjohn", its lower-case sortable
    /// name; Moodle: "John Smith"); empty for a plain folder.
    QString displayName;
};

/// An entry (archive member, student, or source file) that was not imported as a gradable submission.
struct FlaggedEntry
{
    QString entry;  ///< the archive path as stored, or the student id
    QString reason; ///< one sentence: "refused: ...", "ambiguous: ...", ...
};

/// What importSubmissions() did. The lists are sorted by student id / entry order. Every student folder
/// written is in `imported` (gradable: one notebook) or `needsReview` (written, but `grade` will record it
/// as needs-review: several notebooks, none, two copies of one file); nothing written is in neither.
struct ImportReport
{
    QList<ImportedSubmission> imported;    ///< written and gradable
    QList<ImportedSubmission> needsReview; ///< written, flagged (each also in `flagged` with its reason)
    QList<FlaggedEntry> flagged;           ///< refused or unrecognised entries, students left unchanged, needsReview
    QList<FlaggedEntry> skipped;           ///< entries left out on purpose (hidden files, caches, macOS metadata)
    /// Student folders written into `out`.
    qsizetype written() const { return imported.size() + needsReview.size(); }
};

/// What the imports into one folder said about its students, kept beside their folders in
/// `<out>/.sandmark-import.json` (importManifestPath(); a hidden file, so no listing takes it for a student).
/// Each import adds the students it wrote and the entries it flagged; a student already there keeps the record
/// of the import that wrote it. Value type.
struct ImportManifest
{
    struct Student
    {
        QString displayName; ///< ImportedSubmission::displayName
        bool late = false;   ///< ImportedSubmission::late
        QString problem;     ///< why the import flagged it ("ambiguous: ..."); empty when it was gradable
        QString source;      ///< the zip or folder it was imported from (absolute)
    };
    QMap<QString, Student> students; ///< by student id (the folder's name)
    /// Entries of the imports that were not written (refused, not recognised) and students written but flagged,
    /// each once, in the order the imports met them. Students already there when an import ran are not listed.
    QList<FlaggedEntry> flagged;
};

/// `<folder>/.sandmark-import.json`.
QString importManifestPath(const QString &folder);

/// The manifest of `folder` (importManifestPath()); an empty one when the folder has none (submissions copied
/// by hand). Errors: the file exists but cannot be read or is not a manifest (the message names it). Blocking
/// file I/O.
Expected<ImportManifest> readImportManifest(const QString &folder);

/// The LMS's names of the students imported into `folder` (ImportManifest::Student::displayName, by student id;
/// those without one left out): the Canvas export's Student column. Empty when the folder has no manifest. Errors
/// as readImportManifest(). Blocking file I/O.
Expected<QMap<QString, QString>> importedNames(const QString &folder);

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
/// - a **folder** with one notebook or one sub-folder per student: read by discoverSubmissions() and copied (a
///   student with several notebooks is copied and flagged "ambiguous", as from a zip);
/// - a **folder** holding a Canvas or Moodle export unpacked by hand (one of its entries named as above): each
///   file read exactly as the zip's member of that path would be (symbolic links refused, never followed).
/// The zip is read with libarchive (zip format only). Directory entries are skipped silently; files that are
/// not part of a submission are skipped and listed in `skipped` with the reason: hidden files (`.hidden.ipynb`),
/// `.ipynb_checkpoints/` and `__pycache__/` entries one by one, macOS metadata (`__MACOSX/`, `._*` resource
/// forks, `.DS_Store`) as one line with its count. Canvas's `_LATE_` mark is kept in `late`.
///
/// Safety: entries with an absolute path (`/x`, `C:\x`, `\x`), a `..` component, symbolic or hard links,
/// devices/fifos, or sizes over `limits` are refused and flagged, never written. So is an entry that cannot
/// be written or read — a name over 255 bytes, a path over 4095, a file where another entry made a folder (or
/// the other way round), a header or data libarchive cannot decode (with its reason and what to do) — and the
/// other entries are imported: one bad entry is that entry's problem. Everything is written
/// into a staging folder `<out>/.sandmark-import-XXXXXX` first; each student's folder is then renamed into
/// place, so a failed import (corrupt archive, full disk) leaves `out` as it was. A student whose folder
/// already exists in `out` is flagged and left unchanged. The staging folder holds a lock file while its import
/// runs; the staging folders of imports that were killed (owner gone) are removed by the next import into `out`.
///
/// A student with several notebooks (or none) is still written (so `grade` records it as needs-review) but
/// is flagged "ambiguous"/"no notebook" and listed in `needsReview`: never guessed. Two entries for the same
/// file of one student (an on-time and a late copy) are both written, the second beside the first as
/// `<name> (late).<ext>` (or `<name> (2).<ext>`), and the student is flagged "ambiguous": the folder then holds
/// both notebooks, so `grade` flags it too instead of grading whichever copy came first. Non-notebook files beside a
/// student's notebook are kept in the student's folder (data the notebook reads).
///
/// What the import said about each student written (name, late, flag) and the entries it flagged are added to
/// the folder's manifest (ImportManifest), written atomically after the students' folders are in place.
///
/// Errors: the input does not exist, is neither a folder nor a zip archive (the message names the file and
/// libarchive's reason), the archive is corrupt, `out` cannot be created or written, or `out` lies inside
/// the input folder, the folder's manifest is damaged (checked first: nothing is written) or cannot be written
/// (the students' folders are then in place; importing again flags them "already in"). Synchronous; call from a worker thread in the GUI.
Expected<ImportReport> importSubmissions(const QString &archiveOrFolder, const QString &outFolder,
                                         const ImportLimits &limits = {});

} // namespace sandmark
