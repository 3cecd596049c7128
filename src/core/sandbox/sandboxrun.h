#pragma once
// One asynchronous sandboxed run of the runner (QProcess underneath).

#include "sandbox/backend.h"
#include "sandbox/executionrecord.h"
#include "util/profile.h"

#include <QElapsedTimer>
#include <QObject>
#include <QProcess>
#include <QTimer>

#include <memory>
#include <optional>

namespace sandmark {

/// How often a run's writable folder is measured against the disk limit (SandboxRun), milliseconds.
constexpr int kDiskWatchIntervalMs = 500;
/// More entries than this in a run's writable folder kill the run like a full disk: no notebook needs them, and
/// each one costs every later measurement.
constexpr qint64 kDiskWatchMaxEntries = 100000;

/// What one run produced. `record` always holds an execution record (docs/runner-protocol.md): the
/// runner's own, with `unsafe`, `sandbox` and (bwrap) `cgroup` set by the C++ side, or one synthesized by the C++ side when
/// the sandbox was killed at the wall clock before the runner answered.
struct RunResult
{
    QString backend;            ///< sandboxKindName() of the backend used
    bool unsafe = false;        ///< local-unsafe: no isolation
    int exitCode = -1;          ///< the launched program's exit status (-1 when killed)
    bool killed = false;        ///< Sandmark killed the sandbox (wall clock or disk limit)
    double durationS = 0;       ///< wall-clock duration of the whole run, seconds
    ExecutionRecord record;     ///< the execution record
    QByteArray payloadJson;     ///< the probe payload as JSON text ("null" when no probe ran)
    QByteArray notebookJson;    ///< the executed notebook (injected cells stripped); empty when none
    QByteArray log;             ///< the tail of the runner's stderr (at most 64 KiB)
    /// The runner's stage timings (the answer's "profile": [stage, start, end] triples, seconds since the epoch);
    /// written to the SANDMARK_PROFILE file by util/profile.h, never graded.
    QList<profile::RunnerStage> profile;

    QString status() const { return record.status(); }
};

/// Reads the runner's answer — its stdout, one sandmark-result/1 document (docs/runner-protocol.md) — into
/// `result.record`, `payloadJson`, `notebookJson` and `profile`. The runner shares its process with student code, so the
/// answer is outside data: any bytes give a value or an Error ("the runner's answer": line and column, or
/// "not a sandmark-result/1 document"), never an exception. Pure function.
Expected<void> readRunnerAnswer(const QByteArray &answer, RunResult &result);

/// A sandboxed run. Create with SandboxBackend::createRun(), connect, then start(). Lives in the thread
/// that created it and never blocks it. Emits exactly one of finished() / failed() (also after cancel()).
/// The whole sandbox is killed at the plan's wall clock, when its writable folder (LaunchPlan::watchedFolder,
/// measured every kDiskWatchIntervalMs on a worker thread) holds more than limits.diskBytes or more than
/// kDiskWatchMaxEntries entries, and when the object is destroyed; no process of the run survives either.
class SandboxRun : public QObject
{
    struct DiskWatch;

    Q_OBJECT
public:
    SandboxRun(LaunchPlan plan, QByteArray job, QObject *parent = nullptr);
    ~SandboxRun() override;

    /// Starts the sandbox and writes the job to its stdin. Errors arrive through failed().
    void start();
    /// Before start(): start the sandbox but keep the job until release(). The runner starts its kernel before it
    /// reads the job (docs/runner-protocol.md), so a held sandbox waits ready while another run works; the wall
    /// clock (and RunResult::durationS) starts at release(). The disk limit and cancel() apply from start().
    void setHeld(bool held) { m_held = held; }
    /// Sends the job to a held sandbox and starts its wall clock; before start(), start() then sends it at once.
    void release();
    /// Kills the sandbox; failed() follows with "the run was cancelled".
    void cancel();
    bool isRunning() const;
    /// Makes start() fail with `error` (a plan that could not be made); used by SandboxBackend::createRun().
    void setStartError(const Error &error) { m_startError = error; }
    const LaunchPlan &plan() const { return m_plan; }

Q_SIGNALS:
    /// The runner answered (whatever the notebook did), or the wall clock killed the sandbox.
    void finished(const sandmark::RunResult &result);
    /// A grader-side failure: the sandbox could not start, the runner failed or answered garbage, or the
    /// run was cancelled. The Error names the backend and carries the runner's last stderr line.
    void failed(const sandmark::Error &error);

private:
    void onReadyStdout();
    void onReadyStderr();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    /// The process has ended and nothing more of it will come: reports finished() or failed(), once.
    void complete(int exitCode, QProcess::ExitStatus status);
    /// For a run that ended without the runner's answer (`parseError`: why its stdout was not one, if it had any):
    /// either the submission's outcome (the wall clock, the memory limit, a signal the notebook sent), written as
    /// `result`'s record and payload, and none returned; or a grader error, whose message is returned.
    std::optional<QString> recordUnanswered(int exitCode, QProcess::ExitStatus status, const QString &parseError,
                                            RunResult &result) const;
    /// Adds what the sandbox knows of the run to its `record`: backend, unsafe, the cgroup's counters, the limits
    /// it hit (memory, wall clock) and the UNSAFE message.
    void addSandboxFacts(ExecutionRecord &record) const;
    void startKillCommand();
    void onErrorOccurred(QProcess::ProcessError error);
    void onWallClock();
    void onDiskWatch();
    void killSandbox();
    void fail(const QString &message);
    void sendJob(); ///< writes the job, closes stdin, starts the wall clock
    /// Reads the run's cgroup counters into m_cgroupStats, ends what is left in it and removes it (once).
    void finishCgroup();

    LaunchPlan m_plan;
    QByteArray m_job;
    QProcess *m_process = nullptr;
    QProcess *m_killer = nullptr;   ///< the plan's killCommand (docker rm -f) while it runs
    bool m_killRequested = false;
    QTimer m_wallClock;
    QElapsedTimer m_elapsed;
    QByteArray m_stdout;
    QByteArray m_stderr;
    bool m_done = false;
    bool m_killedByWallClock = false;
    QTimer m_diskWatch;
    std::shared_ptr<DiskWatch> m_disk; ///< shared with the measurement running on a worker thread
    QString m_diskLimitHit;            ///< why the disk watch killed the run; empty: it did not
    bool m_stdoutOverflow = false;
    bool m_cancelled = false;
    bool m_held = false;       ///< setHeld(): the job waits for release()
    qint64 m_pid = 0;
    std::optional<Error> m_startError;
    std::optional<CgroupStats> m_cgroupStats; ///< finishCgroup()'s counters; nullopt before or without a cgroup
    qint64 m_oomKills = 0;     ///< processes of the run the OOM killer ended at the cgroup's memory limit
};

} // namespace sandmark
