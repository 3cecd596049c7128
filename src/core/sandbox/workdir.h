#pragma once
// The run folder of one sandboxed run: the sandbox's working directory and the artifacts beside it.

#include "sandbox/backend.h"
#include "util/expected.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace sandmark {

struct RunResult;

/// A supplied data file of the assignment: `source` on the host, `name` its relative path in the
/// working directory ("data/scores.csv"; no "..", not absolute).
struct SuppliedFile
{
    QString source;
    QString name;
};

/// What goes into a fresh run folder.
struct WorkdirSpec
{
    QString runsRoot;          ///< parent of the run folders; default: paths::cacheDir() + "/runs"
    QString submissionDir;     ///< folder whose files are copied (recursively); may be empty
    QStringList submissionFiles; ///< single files copied to the top of the working directory
    /// Files copied to their relative path `name` (a problem set: the student's folder as discoverSubmissions()
    /// lists it, hidden files and links left out), before the supplied data files.
    QList<SuppliedFile> submissionTree;
    /// Supplied data files: each run gets its own copy (QFile::copy clones the file where the file system
    /// supports it), so a notebook may change or append to it without touching the assignment's file or
    /// another run's (shared/cases C25). Large data belongs in required_datasets, bound read-only.
    QList<SuppliedFile> dataFiles;
    /// The uid/gid the sandbox runs as when it differs from ours (root): the working directory is handed to it.
    std::optional<SandboxIdentity> sandboxOwner;
};

/// A prepared run folder.
struct RunFolder
{
    /// `<runsRoot>/<time>-<random>`: no student id, since the sandbox sees its bind sources' host paths in
    /// /proc/self/mountinfo (security report F14); the gradebook records which run folder is whose.
    QString root;
    QString work;      ///< `root/work`: bound read-write as the sandbox's current directory
    QString artifacts; ///< `root/artifacts`: outside what the sandbox sees; the C++ side writes here
    QStringList shadowedDataFiles; ///< supplied data files NOT placed because the student's file of that name was kept
    QStringList copiedDataFiles;   ///< supplied data files placed (each a private copy)
};

/// Creates a fresh run folder. Errors (naming the offending file): a symlink in the submission, a name
/// escaping the folder, a missing source, an I/O failure. Nothing is left behind on error. Synchronous
/// (file copies); run it on a worker thread for large submissions. The folder holds an `owner` file naming this
/// process (pid, its start time, boot id, pid namespace, host) until releaseRunFolder(); the first call of a process
/// for a runs folder first reclaims what killed processes left there (reclaimAbandonedRunFolders()).
Expected<RunFolder> prepareRunFolder(const WorkdirSpec &spec);

/// Removes the run folders under `runsRoot` whose run never ended because its process was killed: those still holding
/// an `owner` file whose process is certainly gone (no process with that pid and start time on this host and pid
/// namespace, or the host booted since). Never a live process's, another host's (a cache shared by cluster nodes) or
/// an ended run's (no owner file: a gradebook may name its artifacts). Returns how many were removed. Synchronous.
int reclaimAbandonedRunFolders(const QString &runsRoot);

/// The run has ended (its artifacts written, or it failed): its folder is no longer reclaimed as a killed
/// process's. Removes the owner file only.
void releaseRunFolder(const RunFolder &folder);

/// Removes a run folder entirely (a failed run's: nothing records it). Synchronous.
void removeRunFolder(const RunFolder &folder);

/// Writes the run's results into `folder.artifacts` atomically (QSaveFile): `executed.ipynb` (when the
/// runner returned a notebook), `record.json` (the execution record, with the run folder's data-file notes),
/// `payload.json`, `log.txt` (the runner's stderr tail). Returns the storedDigest() of the payload and record it
/// wrote.
Expected<QString> writeArtifacts(const RunFolder &folder, const RunResult &result);

/// The digest a gradebook keeps of a run's stored `payload.json` and `record.json` bytes (RunRecord::storedDigest):
/// hex BLAKE2b-256 over each file's length and bytes, payload first. A regrade from stored values trusts a run folder
/// only while its files still have it. Pure.
QString storedDigest(const QByteArray &payloadJson, const QByteArray &recordJson);

/// Deletes what a finished run no longer needs: `folder.work` and the sandbox's private `etc`/`home` beside it.
/// The artifacts (record, payload, executed notebook, log: what the gradebook reads) stay. Synchronous.
Expected<void> removeWorkCopy(const RunFolder &folder);

/// What a folder holds on disk, for the disk limit (Limits::diskBytes).
struct FolderUsage
{
    qint64 bytes = 0;       ///< blocks allocated to its files and folders (st_blocks × 512), symlinks not followed
    qint64 entries = 0;     ///< files, folders and other entries counted
    bool truncated = false; ///< stopped at `maxEntries`: `bytes` is a lower bound
};

/// Measures `folder` recursively without following symlinks or leaving its file system; entries that vanish or
/// cannot be read meanwhile are skipped. Stops after `maxEntries` entries. Synchronous (a walk of the tree): call
/// it off the GUI thread. Any thread.
FolderUsage measureFolder(const QString &folder, qint64 maxEntries);

/// Is `name` a safe relative path (not absolute, no "..", no empty or "." parts, no backslashes)?
bool isSafeRelativePath(const QString &name);

} // namespace sandmark
