#pragma once
// A cgroup of its own for one bwrap run: memory (tmpfs and page cache included), processes and CPU as real limits
// (docs/sandbox.md, "Limits"). Linux cgroup v1 (memory, pids and cpu hierarchies) and v2 (one unified hierarchy).

#include "assignment/limits.h"
#include "util/expected.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <string>
#include <vector>

#include <sys/types.h>

namespace sandmark {

/// The environment variable that turns the per-run cgroup of bwrap runs off ("off", "0", "no", "false"): runs are
/// then limited by rlimits only (RLIMIT_AS, RLIMIT_NPROC), as before cgroups; every run record and `doctor` say so.
inline constexpr char kCgroupsEnv[] = "SANDMARK_CGROUPS";
/// The environment variable naming the folder where the cgroup file systems are mounted instead of
/// /sys/fs/cgroup (tests point it at a read-only or bogus folder to see the refusal).
inline constexpr char kCgroupRootEnv[] = "SANDMARK_CGROUP_ROOT";

/// False when kCgroupsEnv turns cgroups off. Reads the environment; any thread.
bool cgroupsWanted();
/// kCgroupRootEnv, else "/sys/fs/cgroup". Any thread.
QString cgroupMountRoot();

/// How runs get their cgroup here.
enum class CgroupRoute {
    Off,          ///< turned off (kCgroupsEnv): rlimits only
    Direct,       ///< Sandmark (root) creates the cgroup itself: RunCgroup
    SystemdScope, ///< as a user: `systemd-run --user --scope -p MemoryMax=… -p TasksMax=… -p CPUQuota=…` wraps bwrap
};

/// Which route a run takes, or an Error with the fix when neither is available and cgroups are not turned off
/// (fail closed). As root: the cgroup root (`mountRoot`) must hold cgroup v2 with the memory, pids and cpu
/// controllers, or v1 hierarchies of each, and a test cgroup must be creatable there. As a user: `systemd-run`,
/// a user manager (`$XDG_RUNTIME_DIR/systemd/private`) and the three controllers delegated to it. Reads the file
/// system (creates and removes a test folder); any thread; a few milliseconds.
Expected<CgroupRoute> cgroupRoute(const QString &mountRoot = cgroupMountRoot());

/// The text of an Error of cgroupRoute(), and for the docs: what to do when no cgroup can be made.
QString cgroupFix();

/// What a run's cgroup recorded before it was removed (RunCgroup::finish()); -1 where a file could not be read.
struct CgroupStats
{
    QString version;          ///< "v1" or "v2"
    qint64 memoryMax = -1;    ///< memory.max / memory.limit_in_bytes as read back, bytes
    qint64 memoryPeak = -1;   ///< memory.peak / memory.max_usage_in_bytes, bytes
    qint64 oomKills = -1;     ///< processes the OOM killer ended at the memory limit (memory.events / oom_control)
    qint64 memoryFailures = -1; ///< charges refused at the limit (memory.events "max" / memory.failcnt)
    qint64 pidsMax = -1;      ///< pids.max as read back
    qint64 pidsRefused = -1;  ///< forks refused at pids.max (pids.events "max")
    double cpus = -1;         ///< the CPU quota as read back (quota / period), CPUs
    qint64 cpuThrottled = -1; ///< periods in which the run was throttled (cpu.stat nr_throttled)
    double cpuUsageS = -1;    ///< CPU time of the run (cpu.stat usage_usec / cpuacct), seconds
    // In the record as its "cgroup" object: ExecutionRecord::setCgroup() and cgroup().
};

/// One run's cgroup (route Direct). create() makes it with the run's limits; the launched program joins it in its
/// child before exec (joinPaths(), written by setUpChild()); finish() ends what is left in it and removes it.
/// Owned by the run's LaunchPlan (shared_ptr); used from the run's thread; the destructor calls finish().
class RunCgroup
{
public:
    /// Creates `<root>/<controller>/<this process's cgroup>/sandmark/run-<pid>-<n>` (v1: in the memory, pids and
    /// cpu hierarchies; v2: one folder, the controllers enabled in the parent's subtree_control) and writes the
    /// limits: memory and memory+swap = limits.memoryBytes, pids.max = limits.processes, CPU quota = limits.cpus
    /// × a 100 ms period. An Error naming the file and the fix (cgroupFix()) when any step fails; nothing is left
    /// behind then.
    static Expected<std::shared_ptr<RunCgroup>> create(const Limits &limits, const QString &mountRoot = cgroupMountRoot());
    ~RunCgroup();
    RunCgroup(const RunCgroup &) = delete;
    RunCgroup &operator=(const RunCgroup &) = delete;

    /// The cgroup.procs files the child writes "0" into (itself) before exec; prepared here so the child only
    /// open()s, write()s and close()s.
    const std::vector<std::string> &joinPaths() const { return m_procs; }
    /// The run's cgroup folders (one per v1 hierarchy; one for v2).
    QStringList folders() const { return m_dirs; }
    /// "v1" or "v2".
    QString version() const { return m_v2 ? QStringLiteral("v2") : QStringLiteral("v1"); }
    /// The processes in the cgroup now. Any thread.
    QList<pid_t> processes() const;
    /// Reads the counters and limits (call before finish()).
    CgroupStats stats() const;
    /// Kills every process still in the cgroup (v2 cgroup.kill, else SIGKILL by cgroup.procs until empty),
    /// then removes the folders; blocks up to ~2 s while the killed processes are reaped. Idempotent. True when
    /// the folders are gone; false when they are still busy (a zombie the host's init has not reaped): the next
    /// create() in this process removes them, and any create() those of a Sandmark process that is gone.
    bool finish();

private:
    RunCgroup() = default;
    bool m_v2 = false;
    bool m_finished = false;
    QStringList m_dirs;            ///< the run's folders
    std::vector<std::string> m_procs; ///< their cgroup.procs
};

} // namespace sandmark
