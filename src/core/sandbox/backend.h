#pragma once
// Sandbox backends: how the runner is launched (bubblewrap, Docker, Podman, or an explicit unsafe local run), and
// everything else that depends on the backend. The list of backends is sandbox/registry.h; the contract with
// the runner is docs/runner-protocol.md.

#include "assignment/limits.h"
#include "sandbox/registry.h"
#include "sandbox/sandboxkind.h"
#include "sandbox/selftest.h"
#include "util/expected.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

class QLockFile;
class QObject;

namespace sandmark {

class EnvironmentProvision;
class RunCgroup;
class SandboxRun;
struct ProvisionRequest;

/// A uid/gid pair the sandbox runs as when Sandmark itself runs as root.
struct SandboxIdentity
{
    uint uid = 0;
    uint gid = 0;
    QString name; ///< the account name, or empty for the fixed fallback uid
};

/// The identity the sandbox drops to. Empty when Sandmark does not run as root (then the sandbox runs as
/// the invoking user, inside an unprivileged user namespace). As root: the `sandmark-sandbox` system user
/// when it exists (scripts/bootstrap creates it), else the fixed uid/gid 4000000, which owns no file.
/// A dedicated uid matters because RLIMIT_NPROC is counted per uid and not enforced for root.
std::optional<SandboxIdentity> sandboxIdentity();

/// A uid of its own for one run while this object lives (Sandmark as root). RLIMIT_NPROC counts every
/// process and thread of a uid, so runs sharing one uid share one budget: a student's fork bomb, or just N
/// kernels of a parallel batch, would make another run's kernel fail to start. Each lease takes a free slot
/// of the range 4100000–4101023 (uid = gid, no account, owns no file but its run folder), held by a
/// QLockFile under lockDir() across processes (a dead owner's lock is stale). Taking a slot
/// and releasing it both kill every process still running as its uid (the uid owns nothing else): what a
/// killed Sandmark left behind, and any orphan of this run's own (SandboxRun kills its tree before it
/// reports, but a child cloned as its parent was killed escapes a tree walk).
class SandboxIdentityLease
{
public:
    /// Not root: nullptr (the sandbox runs as the invoking user). Root: a lease, or nullptr when every slot
    /// is taken (the caller then uses sandboxIdentity()).
    static std::shared_ptr<SandboxIdentityLease> acquire();
    /// Frees the slots of killed owners (a lock whose process is gone): kills every process still running as such a
    /// uid and removes its lock file. Never a live owner's slot. acquire() calls it once per process (a killed
    /// Sandmark's orphans ran on until their slot was taken again). Root only (0 otherwise); returns how many.
    static int reclaimAbandoned();
    /// Where the slots' locks live: one folder for the whole machine, as uids are (`/run/sandmark/uids`; a
    /// per-cache folder would let two Sandmarks with different SANDMARK_CACHE_DIRs lease one uid and kill each
    /// other's runs). Falls back to `paths::cacheDir()/uids` only where /run cannot be written.
    static QString lockDir();
    ~SandboxIdentityLease();
    SandboxIdentityLease(const SandboxIdentityLease &) = delete;
    SandboxIdentityLease &operator=(const SandboxIdentityLease &) = delete;

    SandboxIdentity identity() const { return m_identity; }

private:
    SandboxIdentityLease() = default;
    SandboxIdentity m_identity;
    std::unique_ptr<QLockFile> m_lock;
};

/// The identity for one run: the lease's when there is one, else sandboxIdentity().
std::optional<SandboxIdentity> identityFor(const std::shared_ptr<SandboxIdentityLease> &lease);

/// What a backend's own self-test step (DoctorStep) needs to know of the doctor's run.
struct DoctorStepRequest
{
    std::optional<SandboxIdentity> identity; ///< the uid the probe will run as (root: a lease's); empty: the invoking user's
    Limits limits;                           ///< the limits the probe verifies
    QString image;                           ///< container backends: the image the probe will run in
};

/// What one run needs. Paths are absolute host paths.
struct RunRequest
{
    QByteArray job;           ///< the job document written to the runner's stdin (sandmark-job/1)
    QString workDir;          ///< `<run>/work`: the sandbox's writable current directory
    QString runtimeDir;       ///< `share/sandmark/python`: bound read-only at /sandmark/runtime
    QString script = QStringLiteral("sandmark_runner.py"); ///< entry point inside runtimeDir
    QString python;           ///< the environment's interpreter (host path; bound at the same path)
    QString envPrefix;        ///< the environment's folder to bind read-only; empty: the base interpreter
    QString datasetCache;     ///< HF_HOME folder to bind read-only; empty: none
    QString homeDir;          ///< local-unsafe only: a throwaway HOME (inside the run folder)
    QString dockerImage;      ///< container backends (docker, podman): the environment's image
    /// Variables the assignment adds to the sandbox's environment (Assignment::runEnvironment(), e.g.
    /// NBGRADER_EXECUTION); Sandmark's own (sandboxEnvironment()) take precedence.
    QMap<QString, QString> environment;
    /// bwrap/local-unsafe as root: the uid to drop to (a SandboxIdentityLease's); empty: sandboxIdentity()
    std::optional<SandboxIdentity> identity;
    Limits limits;
};

/// A fully resolved process launch: what SandboxRun starts. Produced by SandboxBackend::plan().
struct LaunchPlan
{
    QString program;
    QStringList arguments;
    QStringList environment;      ///< complete environment of the launched program ("K=V")
    QString workingDirectory;
    std::optional<SandboxIdentity> dropTo; ///< setgroups/setgid/setuid before exec (root only)
    Limits limits;                ///< rlimits applied before exec
    bool applyNproc = true;       ///< set RLIMIT_NPROC (meaningless for root, harmful for Docker's client)
    bool applyAs = true;          ///< set RLIMIT_AS (not for the Docker client: the daemon enforces memory)
    /// bwrap as root: the run's own cgroup (memory, pids, CPU), which the child joins before exec and SandboxRun
    /// removes when the run ends; null otherwise.
    std::shared_ptr<RunCgroup> cgroup;
    /// How the run's memory, processes and CPU are limited, for the record's "cgroup" object: "v1" / "v2" (a
    /// RunCgroup), "systemd-scope" (systemd-run --user --scope), "off" (SANDMARK_CGROUPS=off: rlimits only);
    /// empty for backends whose engine does it (Docker, Podman) or that have none (local-unsafe).
    QString cgroupMode;
    QStringList killCommand;      ///< run on timeout/cancel besides killing the process (docker rm -f NAME);
                                  ///< run again after the process ended, and waited for, before the signal
    QString containerName;        ///< docker: the run's container (label org.sandmark.run=1)
    double killAfterS = 0;        ///< wall clock after which the whole sandbox is killed (seconds)
    qint64 stdoutCapBytes = 0;    ///< stdout beyond this kills the run
    /// The run's writable host folder (RunRequest::workDir), measured while the run goes on: more than
    /// limits.diskBytes in it (or more than kDiskWatchMaxEntries files and folders) kills the run. Empty: not
    /// measured. Set by createRun() for every backend.
    QString watchedFolder;
    bool unsafe = false;          ///< no isolation: labelled in every record and output
    QString backend;              ///< SandboxBackend::name()
    /// Why the sandbox itself could not start, from the launcher's exit status and stderr when the runner gave no
    /// answer (bwrap's "bwrap: …" lines, docker run's statuses 125–127); empty when it is the runner's own
    /// failure. Set by the backend's plan(); called on the run's thread.
    std::function<QString(int exitCode, const QByteArray &stderrBytes)> explainStartFailure;
};

/// One way of starting the runner, and everything that depends on it. Implementations are cheap, stateless and
/// usable from any thread; createBackend() (sandbox/registry.h) makes them. Code outside the backends asks them
/// instead of branching on the kind.
class SandboxBackend
{
public:
    virtual ~SandboxBackend() = default;
    /// The registry's key for this backend.
    virtual SandboxKind kind() const = 0;
    /// The name `--sandbox`, assignment.json's `sandbox` and the preferences use ("bwrap"); recorded with each run.
    virtual QString name() const = 0;
    /// What it is, in a few words for help texts and lists ("bubblewrap namespaces (Linux)"): English, marked with
    /// QT_TRANSLATE_NOOP in the context "sandmark::SandboxBackend", which the app translates.
    virtual const char *description() const = 0;
    /// False for a backend that runs student code without isolation (local-unsafe): every output says UNSAFE,
    /// and it is never a default.
    virtual bool isolates() const { return true; }
    /// Can this backend start here? The Error says why not and how to fix it (fail closed: callers never
    /// fall back to another backend). May run short external commands (bwrap --version); not for the GUI
    /// thread in a loop, but fine once per batch.
    virtual Expected<void> check() const = 0;
    /// The launch for one run; an Error when a path cannot be made visible to the sandbox.
    virtual Expected<LaunchPlan> plan(const RunRequest &request) const = 0;
    /// Creates the asynchronous run (not started). Owned by `parent`.
    SandboxRun *createRun(const RunRequest &request, QObject *parent) const;

    /// The object that builds (or finds) the environment runs of this backend use, not started: a venv on the
    /// host (bwrap, local-unsafe) or an image (Docker). Its Environment::key is the environment key of every
    /// run of this backend (reference run, gradebook rows). Owned by `parent`; lives in the creating thread.
    virtual EnvironmentProvision *provision(const ProvisionRequest &request, QObject *parent) const = 0;
    /// Where the kernel finds the runtime folder `hostDir`: /sandmark/runtime inside a sandbox (the default),
    /// `hostDir` itself without one.
    virtual QString runtimeDirInside(const QString &hostDir) const;
    /// The identity the sandbox's processes have whatever Sandmark runs as (Docker: 65534, the image's nobody).
    /// Empty (the default): the host's — a SandboxIdentityLease's uid as root, the invoking user otherwise —
    /// which RunRequest::identity then carries.
    virtual std::optional<SandboxIdentity> fixedIdentity() const { return std::nullopt; }
    /// The interpreter a run uses when none is given: paths::defaultPython() (the default) or the image's.
    virtual QString defaultPython() const;

    // The self-test (sandbox/doctor.h) asks the backend for what differs between backends:
    /// The first row, "backend available": check() as a row (detail: the name, or where the Error was found — its
    /// file and place, empty when it has none; fix: the Error's message, said only there). bwrap explains a kernel switch that forbids user namespaces, with each fix.
    virtual DoctorCheck availability() const;
    /// The check that runs before the probe (bwrap's seed, Docker's image check), not started; nullptr (the
    /// default) when there is none. Owned by `parent`.
    virtual DoctorStep *createDoctorStep(const DoctorStepRequest &request, QObject *parent) const;
    /// Host paths the probe must find invisible besides the assignment and another run's folder: the home folder
    /// (the default). A backend whose image has its own /home: the entries of the host's home folder.
    virtual QStringList doctorHiddenPaths() const;
    /// True when the probe must also find the memory, CPU and process limits enforced by the cgroup the sandbox
    /// runs in ("limits: cgroup …" rows): the container backends, whose engine applies them (--memory, --cpus,
    /// --pids-limit) and may silently ignore them where it cannot (rootless Podman on cgroup v1).
    virtual bool doctorChecksCgroupLimits() const { return false; }
    /// True when each run gets a cgroup of its own from Sandmark (bwrap, unless SANDMARK_CGROUPS=off): the doctor then
    /// runs a second, small probe that hits the memory, process and CPU limits and reads the cgroup's counters
    /// (the record's "cgroup"), instead of checking RLIMIT_NPROC, which such runs do not set.
    virtual bool doctorHitsRunCgroupLimits() const { return false; }
    /// The fix shown for a failed check of the probe (or "probe: runs inside the sandbox"), by check name; empty
    /// when there is none. The default covers the checks whose fix is the same for every backend.
    virtual QString doctorFix(const QString &checkName) const;
};

/// Options shared by the backends.
struct BackendOptions
{
    QString bwrapPath = QStringLiteral("bwrap");   ///< looked up on PATH when not absolute
    QString dockerPath = QStringLiteral("docker"); ///< the Docker CLI
    QString podmanPath = QStringLiteral("podman"); ///< the Podman CLI
    double killMarginS = 10;                       ///< extra seconds beyond the wall clock before the kill
    /// Where bwrap's checks read the kernel's user-namespace switches (readUserNamespaceSysctls()); tests
    /// point it at a folder of their own.
    QString procSysDir = QStringLiteral("/proc/sys");
};

/// The environment variables set inside every sandbox (docs/runner-protocol.md): HOME, PATH, LANG,
/// MPLBACKEND=Agg, MALLOC_ARENA_MAX=2, PYTHONDONTWRITEBYTECODE=1 and, with a dataset cache, HF_HOME and the
/// HF/transformers offline switches; then `extra` (RunRequest::environment) where it names other variables.
QMap<QString, QString> sandboxEnvironment(const QString &home, const QString &pathValue,
                                          const QString &hfHome, const QMap<QString, QString> &extra = {});

/// The capped stdout size for a run with these limits, in bytes: the notebook, its outputs and the
/// probe payload with room to spare.
qint64 stdoutCapFor(const Limits &limits, qint64 jobBytes);

} // namespace sandmark
