#pragma once
// Private: the concrete backends and helpers shared by them.

#include "sandbox/backend.h"
#include "env/dockerimage.h"
#include "sandbox/provision.h"

#include <sys/types.h>

class QProcess;

namespace sandmark::detail {

/// Fixed paths inside bwrap and container sandboxes.
inline constexpr char kSandboxWork[] = "/work";
inline constexpr char kSandboxRuntime[] = "/sandmark/runtime";
inline constexpr char kSandboxEnv[] = "/sandmark/env";
inline constexpr char kSandboxDatasets[] = "/sandmark/datasets";
inline constexpr char kSandboxHome[] = "/tmp/home";
/// Every container of a run (Docker, Podman) is named kDockerNamePrefix + a UUID and carries kDockerLabel, and
/// org.sandmark.pid=<the pid of the process that started it>.
inline constexpr char kDockerNamePrefix[] = "sandmark-run-";
inline constexpr char kDockerLabel[] = "org.sandmark.run=1";

/// bubblewrap namespaces: bwrapbackend.cpp.
class BwrapBackend final : public SandboxBackend
{
public:
    explicit BwrapBackend(BackendOptions options) : m_options(std::move(options)) {}
    SandboxKind kind() const override { return SandboxKind::Bwrap; }
    QString name() const override;
    const char *description() const override;
    Expected<void> check() const override;
    Expected<LaunchPlan> plan(const RunRequest &request) const override;
    EnvironmentProvision *provision(const ProvisionRequest &request, QObject *parent) const override;
    DoctorCheck availability() const override;
    DoctorStep *createDoctorStep(const DoctorStepRequest &request, QObject *parent) const override;
    QString doctorFix(const QString &checkName) const override;
    bool doctorHitsRunCgroupLimits() const override;

private:
    BackendOptions m_options;
};

/// No sandbox, resource limits only: localunsafebackend.cpp.
class LocalUnsafeBackend final : public SandboxBackend
{
public:
    explicit LocalUnsafeBackend(BackendOptions options) : m_options(std::move(options)) {}
    SandboxKind kind() const override { return SandboxKind::LocalUnsafe; }
    QString name() const override;
    const char *description() const override;
    bool isolates() const override { return false; }
    Expected<void> check() const override;
    Expected<LaunchPlan> plan(const RunRequest &request) const override;
    EnvironmentProvision *provision(const ProvisionRequest &request, QObject *parent) const override;
    QString runtimeDirInside(const QString &hostDir) const override { return hostDir; }
    QString doctorFix(const QString &checkName) const override;

private:
    BackendOptions m_options;
};

/// A container per run with an engine that has Docker's command line (`docker run`, `podman run`):
/// containerbackend.cpp. Everything the engines share — the run's isolation switches, the environment image
/// (DockerImageBuilder), the self-test's image step and fixes — is here; a subclass names the engine and says
/// whether it can run (check()).
class ContainerBackend : public SandboxBackend
{
public:
    Expected<LaunchPlan> plan(const RunRequest &request) const override;
    EnvironmentProvision *provision(const ProvisionRequest &request, QObject *parent) const override;
    /// The image's nobody (65534), except where runAsInvokingUser().
    std::optional<SandboxIdentity> fixedIdentity() const override;
    QString defaultPython() const override;
    DoctorStep *createDoctorStep(const DoctorStepRequest &request, QObject *parent) const override;
    QStringList doctorHiddenPaths() const override;
    QString doctorFix(const QString &checkName) const override;
    bool doctorChecksCgroupLimits() const override { return true; }
    /// The engine this backend drives (its CLI as configured by BackendOptions).
    const ContainerEngine &engine() const { return m_engine; }

protected:
    ContainerBackend(BackendOptions options, ContainerEngine engine)
        : m_options(std::move(options)), m_engine(std::move(engine))
    {
    }
    /// The engine's CLI resolved on PATH; an Error naming the engine and its install fix when it is missing.
    Expected<QString> engineProgram() const;
    /// `run` options of this engine besides the shared ones (Podman: --pull never, the user namespace).
    virtual QStringList engineRunOptions() const { return {}; }
    /// `rm -f` options of this engine (Podman: -t 0, else it waits 10 s before SIGKILL).
    virtual QStringList engineRemoveOptions() const { return {}; }
    /// True when the container's processes run as the invoking user (rootless Podman's keep-id): then the run
    /// folder stays the user's and fixedIdentity() is empty.
    virtual bool runAsInvokingUser() const { return false; }

    BackendOptions m_options;
    ContainerEngine m_engine;
};

/// Docker: dockerbackend.cpp.
class DockerBackend final : public ContainerBackend
{
public:
    explicit DockerBackend(BackendOptions options);
    SandboxKind kind() const override { return SandboxKind::Docker; }
    QString name() const override;
    const char *description() const override;
    Expected<void> check() const override;
};

/// Podman, rootless when Sandmark does not run as root: podmanbackend.cpp.
class PodmanBackend final : public ContainerBackend
{
public:
    explicit PodmanBackend(BackendOptions options);
    SandboxKind kind() const override { return SandboxKind::Podman; }
    QString name() const override;
    const char *description() const override;
    Expected<void> check() const override;

protected:
    QStringList engineRunOptions() const override;
    QStringList engineRemoveOptions() const override { return {QStringLiteral("-t"), QStringLiteral("0")}; }
    bool runAsInvokingUser() const override;
};

/// Can `id` reach (search every parent of, and read) `path`? Empty string when yes, else the first
/// directory that blocks it. Sandmark runs as root here; the sandbox does not.
QString blockingDirectory(const QString &path, const SandboxIdentity &id);

/// The path of `python` inside the sandbox: under /usr as it is, under the environment at
/// /sandmark/env; an Error when it is neither (it would not exist inside the sandbox).
Expected<QString> pythonInsideSandbox(const RunRequest &request);

/// The bwrap binary `options` name, resolved on PATH and through symlinks (what an AppArmor profile must
/// name); empty when it is not installed.
QString resolvedBwrap(const BackendOptions &options);

/// Installs the child-process modifier for `plan` on `process`: joining the plan's cgroup (LaunchPlan::cgroup,
/// before anything else; exit 126 when it cannot), rlimits (RLIMIT_AS in bytes, NPROC, NOFILE, FSIZE, CORE 0), a
/// new process group, the drop to the sandbox uid (setgroups/setgid/setuid) and
/// PR_SET_PDEATHSIG. Only async-signal-safe calls run after fork().
void setUpChild(QProcess *process, const LaunchPlan &plan);

/// Kills `root` and every process descended from it (found through the parent links in /proc/<pid>/stat)
/// with SIGKILL; `root` is stopped first (SIGSTOP) so it starts no child between the scan and the kill.
/// A process-group kill is not enough for bwrap: its sandbox init runs in a new session (--new-session),
/// and an init killed before bwrap released it (bwrap killed right after clone()) would otherwise wait
/// forever on its setup eventfd, reparented to pid 1. Killing that init ends its whole pid namespace.
void killProcessTree(qint64 root);
/// `root` and every process descended from it (parent links in /proc), parents before children. Any thread.
QList<pid_t> processTree(pid_t root);
/// The blocks (bytes) of regular files on `device` that `processes` hold open after deleting them: what a run's
/// folder measurement cannot see but the disk still carries (the disk limit counts it). Any thread.
qint64 unlinkedBytesHeld(const QList<pid_t> &processes, dev_t device);

/// A venv on the host for `request` (EnvironmentBuilder, env/environment.h): the environment of bwrap and
/// local-unsafe runs. Owned by `parent`.
EnvironmentProvision *provisionVenv(const ProvisionRequest &request, QObject *parent);

/// The last non-empty line of a program's output.
QString lastLine(const QByteArray &text);

/// Converts a key/value map to the "K=V" list QProcess takes.
QStringList toEnvList(const QMap<QString, QString> &env);

} // namespace sandmark::detail
