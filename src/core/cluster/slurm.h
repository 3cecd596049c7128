#pragma once
// Grading a course on a Slurm cluster (docs/slurm.md): one job-array task per shard (`grade --shard K/N` into a
// gradebook of its own), a merge job that depends on the array, and the status read back from the shard
// gradebooks, the tasks' reports and squeue. Slurm itself schedules; Sandmark writes the scripts, calls sbatch,
// squeue and reads what the tasks wrote. Used by `sandmark-cli slurm` and the app's Submissions page.

#include "batch/submissions.h"
#include "gradebook/gradebook.h"
#include "util/expected.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace sandmark {

class Assignment;

/// Where a Slurm grading of one assignment keeps its files: `<assignment>/.sandmark/slurm/` (on the cluster's
/// shared file system, as the assignment folder is). Shard files are named "K-of-N" so that grading again with
/// another shard count never mixes with the old shards. Pure path arithmetic.
class SlurmLayout
{
public:
    /// `assignmentFolder`: the assignment's folder, absolute.
    explicit SlurmLayout(const QString &assignmentFolder);

    QString root() const;                 ///< <assignment>/.sandmark/slurm
    QString submissionFile() const;       ///< submission.json: what `slurm submit` submitted last (SlurmSubmission)
    QString arrayScript() const;          ///< grade.sbatch: the job-array script
    QString mergeScript() const;          ///< merge.sbatch: the merge job's script
    QString shardGradebook(const Shard &shard) const; ///< shards/K-of-N.sqlite
    QString shardReport(const Shard &shard) const;    ///< shards/K-of-N.json: the task's report (SlurmTaskReport)
    QString shardLog(const Shard &shard) const;       ///< logs/K-of-N.log: the task's output (all its attempts)
    QString mergeLog() const;             ///< logs/merge.log
    QString defaultCacheDir() const;      ///< cache: the shared cache when SANDMARK_CACHE_DIR is not set

private:
    QString m_root;
};

/// What `slurm submit` asks Slurm for. Values Slurm reads (mem, time, partition, account) are passed on as the
/// user spelled them (sbatch checks them); empty means the cluster's default.
struct SlurmRequest
{
    int shards = 1;           ///< N: array tasks 1..N, each grading shard K/N
    int cpusPerTask = 1;      ///< --cpus-per-task; each task grades with as many sandboxes at once
    QString mem;              ///< --mem per task, e.g. "8G"
    QString time;             ///< --time per task, e.g. "02:00:00"
    QString partition;        ///< --partition
    QString account;          ///< --account
    QString jobName;          ///< --job-name; empty: "sandmark-<assignment folder name>"
    QString cli;              ///< absolute path of the sandmark-cli every task runs (the nodes see the same path)
    QString cacheDir;         ///< SANDMARK_CACHE_DIR of every task: the prepared shared cache (absolute)
    QString sandbox;          ///< --sandbox of every task; empty: the assignment's
    QString datasetCache;     ///< --dataset-cache of every task; empty: the default
};

/// The job-array script for `shards` (1-based shard indexes of request.shards; all of them on a first submission,
/// the unfinished ones when resubmitting): #SBATCH lines (--array, --output into SlurmLayout::shardLog() appended
/// across requeues, --requeue), SANDMARK_CACHE_DIR, then `sandmark-cli slurm task ASSIGNMENT --shard
/// ${SLURM_ARRAY_TASK_ID}/N`. Errors: a path Slurm's #SBATCH lines or the shell cannot hold (white space, quotes,
/// '%', newlines), naming it. Pure function.
Expected<QString> slurmArrayScript(const QString &assignmentFolder, const SlurmRequest &request, const QList<int> &shards);

/// The merge job's script: `sandmark-cli slurm merge ASSIGNMENT`, output into SlurmLayout::mergeLog(). It is
/// submitted with --dependency=afterany:<array job>, so it runs when every task ended, however it ended, and
/// refuses (naming them) shards that did not finish. Errors as slurmArrayScript(). Pure function.
Expected<QString> slurmMergeScript(const QString &assignmentFolder, const SlurmRequest &request);

/// "1-3" or "2,5,7-8": `shards` (sorted, distinct, >= 1) as sbatch's --array spells them. Pure function.
QString slurmArraySpec(QList<int> shards);

/// What `slurm submit` submitted last, kept in SlurmLayout::submissionFile() (JSON).
struct SlurmSubmission
{
    int shards = 0;              ///< N
    QList<int> submittedShards;  ///< the array's tasks (all of 1..N, or those unfinished on a resubmission)
    QString arrayJobId, mergeJobId;
    QDateTime submitted;         ///< UTC
    QString cacheDir;            ///< the shared cache the tasks use

    /// Reads `path`. Errors name the file (missing: "no Slurm submission yet (run 'sandmark-cli slurm submit')").
    static Expected<SlurmSubmission> read(const QString &path);
    /// Writes `path` atomically (QSaveFile), creating its folder. Errors name the file.
    Expected<void> write(const QString &path) const;
};

/// What an array task reports about its shard, kept in SlurmLayout::shardReport() (JSON, written atomically by
/// `slurm task` at each change): where it runs and how it ended. A task killed without warning (SIGKILL, a lost
/// node) stays "running" while Slurm no longer lists it: readSlurmStatus() then calls the shard stopped.
struct SlurmTaskReport
{
    enum class State {
        Running,        ///< self-test passed (or running), grading
        SelfTestFailed, ///< the sandbox self-test failed on this node: nothing graded; `problem` and `fix` say why
        Interrupted,    ///< SIGTERM (scancel, time limit, preemption): finished results kept, the rest to go
        Finished,       ///< the shard's batch ended (results may include grader errors)
        Failed,         ///< the batch failed (gradebook, reference run): `problem` says why
    };
    State state = State::Running;
    QString host;              ///< the node
    QString jobId;             ///< "<array job>_<task>" as squeue shows it
    int attempt = 0;           ///< SLURM_RESTART_COUNT + 1 (a requeued task counts up)
    QDateTime started, updated; ///< UTC: this attempt's start, the report's time
    int recordedAtStart = 0;   ///< results the shard gradebook held when this attempt started (for the ETA)
    QString problem, fix;      ///< for SelfTestFailed and Failed

    /// Reads `path`; std::nullopt when it does not exist (the task has not started yet). Errors name the file.
    static Expected<std::optional<SlurmTaskReport>> read(const QString &path);
    /// Writes `path` atomically (QSaveFile), creating its folder. Errors name the file.
    Expected<void> write(const QString &path) const;
};

/// "running", "self-test-failed", "interrupted", "finished", "failed".
QString slurmTaskStateName(SlurmTaskReport::State state);

/// One array task as `squeue` lists it (SlurmQueueEntry::parse() of squeueArguments()' output).
struct SlurmQueueEntry
{
    QString arrayJobId; ///< the array's job id
    int task = -1;      ///< the array task (shard index); -1 for a job that is not an array task (the merge job)
    QString jobId;      ///< the job id as squeue prints it ("12_3", "13")
    QString state;      ///< PENDING, RUNNING, COMPLETING, …
    QString reason;     ///< why it waits ("Resources", "Dependency", "None")
};

/// squeue's arguments listing `jobIds` one task per line in the format parseSqueue() reads.
QStringList squeueArguments(const QStringList &jobIds);
/// Parses squeue's output for squeueArguments() ("12_3|RUNNING|None" per line); lines it cannot read are skipped.
QList<SlurmQueueEntry> parseSqueue(const QByteArray &text);

/// Runs squeue for `jobIds` and parses its output. Blocks up to 30 s (call off the GUI thread). Errors: squeue
/// missing or failing, with its message. A job that ended is simply not listed.
Expected<QList<SlurmQueueEntry>> querySlurmQueue(const QStringList &jobIds);

/// Runs `sbatch --parsable [extraArgs…] script` and returns the job id. Blocks up to 60 s (call off the GUI
/// thread). Errors name the script and carry sbatch's message.
Expected<QString> submitSlurmScript(const QString &script, const QStringList &extraArgs = {});

/// One shard's progress: its submissions (shardOf() of the assignment's submissions), what its gradebook holds
/// for them, and how its task stands.
struct SlurmShardStatus
{
    Shard shard;
    int submissions = 0; ///< of this shard
    int recorded = 0;    ///< with a result in the shard gradebook (any status)
    int graderErrors = 0, needsReview = 0; ///< of `recorded`, by the latest run's status
    int toGo() const { return submissions - recorded; }
    QString queueState;  ///< squeue's state (PENDING, RUNNING, COMPLETING, …); empty when Slurm does not list the task
    QString queueReason; ///< squeue's reason while pending
    std::optional<SlurmTaskReport> report;
    enum class Phase {
        Waiting,  ///< queued, not started (or not submitted in the last submission and not done)
        Running,  ///< its task runs
        Done,     ///< every submission of the shard has a result
        Failed,   ///< its task failed (self-test, batch failure): `problem`
        Stopped,  ///< its task ended with submissions to go (cancelled, time limit, killed): resubmit
    } phase = Phase::Waiting;
    QString problem; ///< for Failed and Stopped: why, with the fix
    QString log;     ///< the task's log file
};

/// "waiting", "running", "done", "FAILED", "stopped".
QString slurmPhaseName(SlurmShardStatus::Phase phase);

/// The whole course's progress on the cluster.
struct SlurmStatus
{
    SlurmSubmission submission;
    QList<SlurmShardStatus> shards; ///< 1..N
    int submissions = 0, recorded = 0;
    /// From the results recorded per second since each running task started (while none has recorded one yet: the
    /// pace of the tasks that finished, times the running tasks); < 0 unknown.
    double etaSeconds = -1;
    QString mergeState;     ///< squeue's state of the merge job; empty when not listed
    bool allDone() const;   ///< every shard Done
    QList<Shard> unfinished() const; ///< shards not Done, in order
};

/// Reads the status of the last submission of `assignment` (SlurmLayout::submissionFile()): each shard's
/// gradebook (read-only; a missing one holds nothing) and report, joined with `queue` (querySlurmQueue() of the
/// submission's job ids; pass an empty list when Slurm cannot be asked: tasks that have not reported then count
/// as waiting). Errors: no submission yet, the submissions folder cannot be read, a shard gradebook or report that
/// cannot be read — each naming the file. Synchronous (opens SQLite files); call off the GUI thread.
Expected<SlurmStatus> readSlurmStatus(const Assignment &assignment, const QList<SlurmQueueEntry> &queue);

/// Merges the shard gradebooks of the last submission into `outPath` (mergeGradebooks(): idempotent, overrides
/// kept) when every shard is Done; otherwise refuses, naming each unfinished shard with its to-go count and its
/// problem, and writes nothing. `status` is readSlurmStatus()'s. Synchronous; call off the GUI thread.
Expected<QList<MergeStats>> mergeSlurmShards(const SlurmStatus &status, const SlurmLayout &layout, const QString &outPath);

/// Checks that `cacheDir` can be the shared cache every task uses: it exists or can be created, is writable
/// (paths::checkWritableFolder()) and is not on a node-local memory file system (tmpfs, ramfs: each node would
/// see its own). Errors name the folder, with the fix. Synchronous.
Expected<void> checkSharedCacheDir(const QString &cacheDir);

/// The file `slurm submit` writes into the prepared cache (`<cacheDir>/.sandmark-slurm-prepared`), holding the
/// submitting host and time: a task that cannot read it is not looking at the same folder (not shared).
QString slurmPreparedMarker(const QString &cacheDir);

} // namespace sandmark
