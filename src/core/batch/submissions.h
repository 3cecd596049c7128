#pragma once
// Finding the submissions of a batch: one notebook per student in a folder, and deterministic shards.

#include "batch/notebookmatch.h"
#include "util/expected.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <utility>

namespace sandmark {

/// One student's submission as found on disk. Value type.
struct Submission
{
    QString studentId;    ///< the sub-folder's name, or the notebook's file name without ".ipynb"
    QString notebookPath; ///< absolute path of the notebook to grade; empty when `problem` is set
    QString root;         ///< absolute folder the files are relative to (for Gradebook::hashFiles)
    QStringList files;    ///< absolute paths of every regular file handed in (the notebook included)
    /// Non-empty: the submission cannot be graded as it is — several notebooks ("ambiguous: …"), no notebook,
    /// a symbolic link or a path leading outside the folder (refused), a duplicate student id. Never guessed.
    QString problem;
    bool isFolder = false; ///< a student's folder (its files go beside the notebooks of a problem set's run)
    /// A problem set (Assignment::isProblemSet()): which file is graded for each instructor notebook, set by
    /// applyProblemSet(); empty otherwise.
    ProblemSetMatch set;
};

/// Makes `submission` a problem set's submission: its notebooks matched to `instructor` (matchSubmission(), an
/// instructor's `settled` choices first) into Submission::set. A folder holding several notebooks is not
/// "ambiguous" for a problem set (that problem is cleared); other problems (links, no notebook) stay. Blocking
/// file I/O (reads the notebooks' cell ids).
void applyProblemSet(Submission &submission, const QList<InstructorNotebook> &instructor,
                     const QMap<QString, QString> &settled = {});

/// True for a notebook's file name or path (`*.ipynb`, any case). Pure.
bool isNotebookName(const QString &name);

/// Lists the submissions in `folder`, sorted by student id:
/// - a sub-folder `<student>/` is one submission: all its regular files (hidden files, `.ipynb_checkpoints`
///   and `__pycache__` left out), exactly one `*.ipynb` among them; none or several notebooks is a problem;
/// - a file `<student>.ipynb` directly in the folder is one submission;
/// - hidden entries (`.sandmark/`, `.DS_Store`, `.hidden/`), `__MACOSX/` (macOS zip resource forks) and other files
///   are not submissions (skippedSubmissionEntries() lists the hidden ones a student may have meant);
/// - a symbolic link anywhere (entry or file inside a sub-folder) is refused: the submission gets a problem.
/// Errors: `folder` does not exist or is not a readable folder. Synchronous, reads only names and types.
Expected<QList<Submission>> discoverSubmissions(const QString &folder);

/// The entries of `folder` that discoverSubmissions() leaves out although a student may have meant them as a
/// submission — hidden folders and files (`.hidden/`, `..foo/`, `.x.ipynb`; `.ipynb_checkpoints/`) — as
/// (name, reason) pairs, the reason in coretext's words ("skipped: hidden file or folder (the name .hidden starts
/// with '.')"), sorted by name, so that `grade` and `import submissions FOLDER` list them instead of dropping them
/// silently. Sandmark's own entries (`.sandmark…`) and macOS metadata (`.DS_Store`, `._*`) are not listed. Empty when
/// the folder cannot be read (discoverSubmissions() says so). Synchronous; reads names only.
QList<std::pair<QString, QString>> skippedSubmissionEntries(const QString &folder);

/// One submission named on a command line: a student's sub-folder or a notebook file (same rules as
/// discoverSubmissions() for one entry). Errors: the path does not exist.
Expected<Submission> submissionAt(const QString &path);

/// One submission of the assignment whose submissions live in `submissionsFolder`, as a user names it
/// (`sandmark-cli grade ASSIGNMENT alice`): a student id (the entry `alice/`, `alice.ipynb`, or the entry
/// named exactly so) or a path to a student's folder or notebook (a relative path that does not exist from the
/// working folder is also tried relative to `submissionsFolder`: `amy/part2.ipynb`). A path must lie directly in
/// `submissionsFolder` once `..` and symbolic links of the folders above the entry are resolved (the entry
/// itself, when it is a link, is refused as discoverSubmissions() refuses it). One more path is accepted: a
/// notebook inside a student's folder (`alice/hw1.ipynb`) is that student's submission with that notebook —
/// how an instructor settles an ambiguous folder (several notebooks); the folder's other problems (links)
/// still apply. Anything else — `../../etc`, another file inside a student's folder, a hidden entry such as
/// `.sandmark` — is refused, so nothing outside the submissions folder is ever graded or recorded.
/// Errors name `name` and the submissions folder. `refused`, when given, says whether the error refuses what
/// `name` names — a path (a name with '/', existing or not), a hidden entry, an entry that is no submission —
/// rather than a plain student id that names no entry (false; also when the submissions folder is missing): the CLI's
/// usage error (exit 2) against bad input (exit 1). Synchronous, reads only names and types.
Expected<Submission> submissionNamed(const QString &submissionsFolder, const QString &name, bool *refused = nullptr);

/// A shard "K/N" (1 <= K <= N). Errors name the text ("--shard", "expected K/N with 1 <= K <= N").
struct Shard
{
    int index = 1; ///< K, 1-based
    int count = 1; ///< N
};
Expected<Shard> parseShard(const QString &text);

/// The submissions of shard K/N: sorted by student id, the i-th (0-based) belongs to shard (i mod N) + 1.
/// Deterministic for a given set of ids, so N processes with K = 1..N grade every submission exactly once.
QList<Submission> shardOf(QList<Submission> submissions, const Shard &shard);

} // namespace sandmark
