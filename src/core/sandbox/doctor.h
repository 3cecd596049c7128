#pragma once
// `doctor`: proves that a sandbox backend isolates what it must, by running a probe inside it.

#include "sandbox/backend.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>

class QTcpServer;
class QTemporaryDir;

namespace sandmark {

class SandboxRun;
struct RunResult;

/// The doctor's findings for one backend.
struct DoctorReport
{
    QString backend;
    QList<DoctorCheck> checks;
    bool allOk() const;
};

struct DoctorOptions
{
    QString python;       ///< interpreter inside the sandbox; empty: the backend's SandboxBackend::defaultPython()
    QString runtimeDir;   ///< folder holding sandmark_doctor_probe.py; empty: paths::pythonRuntimeDir()
    QString dockerImage;  ///< image backends: the image to probe; empty: defaultDockerBaseImage()
    QString runsRoot;     ///< where the probe's run folder goes; empty: paths::cacheDir() + "/runs"
    Limits limits;        ///< the limits to verify (defaults: Limits{})
    BackendOptions backendOptions;
};

/// Runs, asynchronously: the backend's availability row (SandboxBackend::availability()); the backend's own step
/// before the probe, if it has one (SandboxBackend::createDoctorStep(): bwrap's seed, an empty sandbox running
/// /bin/true as the sandbox uid; Docker's image check, which tells a daemon that does not answer from a missing
/// image); then the probe (resources/python/sandmark_doctor_probe.py) inside the sandbox, with a TCP listener on
/// the host's 127.0.0.1 that must stay unreachable, the limits as rlimits (and, for the container backends,
/// as the cgroup's memory, pids and CPU limits: SandboxBackend::doctorChecksCgroupLimits()), and a stand-in assignment folder, the home folder
/// (SandboxBackend::doctorHiddenPaths()) and another run folder that must stay invisible; then, for bwrap with its
/// per-run cgroup, a second probe with small limits (memory 192 MiB, 32 tasks, 0.5 CPUs) that writes /tmp until the
/// memory limit stops it, forks until pids.max refuses and spins for 1.5 s, read against the cgroup's own limits
/// and counters (rows "limits: run cgroup …"; about 3 s). Every failed check
/// carries its fix (SandboxBackend::doctorFix()). Emits finished() exactly once, always from the event loop
/// (never inside start(), whatever fails), so a caller may connect, call start() and then enter its loop.
/// Lives in the creating thread.
class Doctor : public QObject
{
    Q_OBJECT
public:
    Doctor(SandboxKind kind, DoctorOptions options, QObject *parent = nullptr);
    ~Doctor() override;
    void start();

Q_SIGNALS:
    void finished(const sandmark::DoctorReport &report);

private:
    void runProbe();
    void onProbeFinished(const RunResult &result);
    /// SandboxBackend::doctorHitsRunCgroupLimits(): a second run with small limits of its own
    /// (resources/python/sandmark_limits_probe.py) that hits the run cgroup's memory, process and CPU limits.
    void runLimitsProbe();
    void onLimitsProbeFinished(const RunResult &result);
    void add(const QString &name, bool ok, const QString &detail, const QString &fix);
    void finish();

    DoctorOptions m_options;
    std::unique_ptr<SandboxBackend> m_backend;
    DoctorReport m_report;
    QPointer<DoctorStep> m_step; ///< the backend's step before the probe; its destructor stops it
    QTcpServer *m_server = nullptr;
    std::unique_ptr<QTemporaryDir> m_fakeAssignment;
    QPointer<SandboxRun> m_run;
    QPointer<SandboxRun> m_limitsRun;
    QStringList m_runFolders; ///< removed when the doctor finishes
    /// A backend without a fixed identity, as root: a uid of its own, as every run gets (RLIMIT_NPROC is counted per uid, so
    /// the probe's process limit is measured as a run sees it); released when the doctor is destroyed.
    std::shared_ptr<SandboxIdentityLease> m_lease;
    bool m_done = false;
};

} // namespace sandmark
