// The Docker backend: `docker run` with every isolation switch (Docker docs: "docker run" reference,
// "Runtime constraints on resources", "Security configuration"; docs/sandbox.md).
#include "sandbox/backends_p.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QUuid>

namespace sandmark::detail {

QString DockerBackend::name() const
{
    return QStringLiteral("docker");
}

const char *DockerBackend::description() const
{
    return QT_TRANSLATE_NOOP("sandmark::SandboxBackend", "a container per run");
}

Expected<void> DockerBackend::check() const
{
    const QString docker = QStandardPaths::findExecutable(m_options.dockerPath);
    if (docker.isEmpty())
        return Error{QString(), QStringLiteral("sandbox docker"),
                     QStringLiteral("the Docker CLI is not installed: install docker.io (apt install docker.io) or "
                                    "choose --sandbox bwrap")};
    const QString host = qEnvironmentVariable("DOCKER_HOST");
    if (host.isEmpty() || host.startsWith(QLatin1String("unix://"))) {
        const QString socket = host.isEmpty() ? QStringLiteral("/var/run/docker.sock") : host.mid(7);
        if (!QFileInfo::exists(socket))
            return Error{socket, QStringLiteral("sandbox docker"),
                         QStringLiteral("the Docker daemon is not running (no socket): start it "
                                        "(systemctl start docker, or dockerd &)")};
    }
    return {};
}

Expected<LaunchPlan> DockerBackend::plan(const RunRequest &request) const
{
    if (Expected<void> c = check(); !c)
        return c.error();
    if (request.dockerImage.isEmpty())
        return Error{QString(), QStringLiteral("sandbox docker"),
                     QStringLiteral("no Docker image was given for the environment")};
    const QString docker = QStandardPaths::findExecutable(m_options.dockerPath);
    const QString container = QLatin1String(kDockerNamePrefix) + QUuid::createUuid().toString(QUuid::Id128);
    const Limits &lim = request.limits;
    const QString python = request.python.isEmpty() ? QStringLiteral("/usr/bin/python3") : request.python;
    const QString memory = QString::number(lim.memoryBytes);

    QStringList a;
    a << QStringLiteral("run") << QStringLiteral("--rm") << QStringLiteral("-i") << QStringLiteral("--name") << container
      << QStringLiteral("--label") << QLatin1String(kDockerLabel) << QStringLiteral("--label")
      << QStringLiteral("org.sandmark.pid=%1").arg(QCoreApplication::applicationPid()) << QStringLiteral("--network")
      << QStringLiteral("none") << QStringLiteral("--read-only") << QStringLiteral("--tmpfs")
      << QStringLiteral("/tmp:rw,nosuid,nodev,size=512m,mode=1777") << QStringLiteral("--memory") << memory
      << QStringLiteral("--memory-swap") << memory << QStringLiteral("--cpus") << QString::number(lim.cpus)
      << QStringLiteral("--pids-limit") << QString::number(lim.processes) << QStringLiteral("--cap-drop")
      << QStringLiteral("ALL") << QStringLiteral("--security-opt") << QStringLiteral("no-new-privileges")
      << QStringLiteral("--user") << QStringLiteral("65534:65534") << QStringLiteral("--hostname")
      << QStringLiteral("sandmark") << QStringLiteral("--ulimit")
      << QStringLiteral("nofile=%1:%1").arg(lim.openFiles) << QStringLiteral("--ulimit")
      << QStringLiteral("fsize=%1:%1").arg(lim.fileSizeBytes) << QStringLiteral("--ulimit")
      << QStringLiteral("core=0:0") << QStringLiteral("--log-driver") << QStringLiteral("none");
    a << QStringLiteral("-v") << request.workDir + QLatin1Char(':') + QLatin1String(kSandboxWork) + QLatin1String(":rw")
      << QStringLiteral("-v")
      << request.runtimeDir + QLatin1Char(':') + QLatin1String(kSandboxRuntime) + QLatin1String(":ro");
    if (!request.datasetCache.isEmpty())
        a << QStringLiteral("-v")
          << request.datasetCache + QLatin1Char(':') + QLatin1String(kSandboxDatasets) + QLatin1String(":ro");
    a << QStringLiteral("-w") << QLatin1String(kSandboxWork);
    const auto env = sandboxEnvironment(QLatin1String(kSandboxHome), QStringLiteral("/usr/local/bin:/usr/bin:/bin"),
                                        request.datasetCache.isEmpty() ? QString() : QLatin1String(kSandboxDatasets),
                                        request.environment);
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        a << QStringLiteral("-e") << it.key() + QLatin1Char('=') + it.value();
    // RLIMIT_AS as in bwrap (docker run has no --ulimit for it; sh's `ulimit -v` takes KiB): an allocation
    // beyond the limit is a MemoryError the runner records, and the cgroup (--memory) stays the backstop
    // whose OOM kill is recorded as a kernel death. HOME lives in the private /tmp: create it, then exec.
    a << QStringLiteral("--entrypoint") << QStringLiteral("/bin/sh") << request.dockerImage << QStringLiteral("-c")
      << QStringLiteral("ulimit -v %1 && mkdir -p \"$HOME\" && exec \"$@\"").arg(lim.memoryBytes / 1024)
      << QStringLiteral("sandmark") << python
      << QStringLiteral("-I") << QStringLiteral("-X") << QStringLiteral("utf8")
      << QLatin1String(kSandboxRuntime) + QLatin1Char('/') + request.script;

    LaunchPlan plan;
    plan.backend = name();
    plan.program = docker;
    plan.arguments = a;
    plan.environment = QProcessEnvironment::systemEnvironment().toStringList(); // DOCKER_HOST, HOME for the CLI
    plan.workingDirectory = QFileInfo(request.workDir).absolutePath();
    plan.limits = lim;
    plan.applyAs = false;   // the Go client needs a large address space; the container sets its own
    plan.applyNproc = false;
    plan.killCommand = {docker, QStringLiteral("rm"), QStringLiteral("-f"), container};
    plan.containerName = container;
    plan.killAfterS = lim.wallTimeoutS + lim.interruptGraceS + m_options.killMarginS;
    plan.stdoutCapBytes = stdoutCapFor(lim, request.job.size());
    return plan;
}

} // namespace sandmark::detail
