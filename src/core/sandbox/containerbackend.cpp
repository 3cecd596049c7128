// What the container backends share (Docker, Podman): `docker run` with every isolation switch (Docker docs:
// "docker run" reference, "Runtime constraints on resources", "Security configuration"; podman-run(1), which
// takes the same switches; docs/sandbox.md).
#include "sandbox/backends_p.h"

#include "util/processgroup.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QTimer>
#include <QUuid>

namespace sandmark::detail {

namespace {

/// The environment of a container run: an image FROM the base image, pip run in `docker build` (DockerImageBuilder).
class ImageProvision final : public EnvironmentProvision
{
public:
    ImageProvision(DockerImageSpec spec, QString python, QObject *parent)
        : EnvironmentProvision(parent), m_builder(new DockerImageBuilder(std::move(spec), this))
    {
        connect(m_builder, &DockerImageBuilder::progress, this, &EnvironmentProvision::progress);
        connect(m_builder, &DockerImageBuilder::failed, this, &EnvironmentProvision::failed);
        connect(m_builder, &DockerImageBuilder::finished, this, [this, python](const DockerImage &image) {
            Environment env;
            env.key = image.key;
            env.python = python;
            env.reused = image.reused;
            env.image = image.tag;
            Q_EMIT finished(env);
        });
    }
    void start() override { m_builder->start(); }
    void cancel() override { m_builder->cancel(); }

private:
    DockerImageBuilder *m_builder;
};

/// The self-test's image check. `docker image inspect` answers both questions a probe run would mix up: does the
/// engine answer, and is the image there? (A stale socket was reported as "build the base image": report F13.)
class ImageStep final : public DoctorStep
{
public:
    ImageStep(ContainerEngine engine, QString program, QString image, QObject *parent)
        : DoctorStep(parent), m_engine(std::move(engine)), m_docker(std::move(program)), m_image(std::move(image))
    {
    }
    ~ImageStep() override
    {
        // The doctor cancelled (or ended) while the engine's CLI still runs: it goes with what it started.
        if (m_process && m_process->state() != QProcess::NotRunning) {
            m_process->disconnect(this);
            killProcessGroup(m_process);
            m_process->waitForFinished(3000);
        }
    }
    void start() override;

private:
    ContainerEngine m_engine;
    QString m_docker, m_image;
    QProcess *m_process = nullptr;
};

void ImageStep::start()
{
    const QString name = m_engine.engineProblem
                             ? QStringLiteral("%1: the daemon answers and has the image").arg(m_engine.program)
                             : QStringLiteral("%1: the engine has the image").arg(m_engine.program);
    m_process = new QProcess(this);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    connect(m_process, &QProcess::finished, this, [this, name](int code, QProcess::ExitStatus st) {
        const QByteArray out = m_process->readAll().trimmed();
        if (st == QProcess::NormalExit && code == 0) {
            Q_EMIT finished(DoctorCheck{name, true, m_image, QString()});
            return;
        }
        const QString daemon = m_engine.engineProblem ? m_engine.engineProblem(out) : QString();
        Q_EMIT finished(DoctorCheck{
            name, false, QStringLiteral("exit %1: %2").arg(code).arg(QString::fromUtf8(out.left(2000))),
            !daemon.isEmpty() ? daemon
                              : QStringLiteral("the image %1 is not available: build it with %2, "
                                               "or name another with --docker-image / SANDMARK_DOCKER_IMAGE")
                                    .arg(m_image, m_engine.baseImageCommand)});
    });
    connect(m_process, &QProcess::errorOccurred, this, [this, name](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return;
        Q_EMIT finished(DoctorCheck{name, false, m_process->errorString(), m_engine.installFix});
    });
    startInOwnProcessGroup(m_process); // the timeout below kills what the CLI started too
    m_process->start(m_docker, {QStringLiteral("image"), QStringLiteral("inspect"), QStringLiteral("--format"),
                                QStringLiteral("{{.Id}}"), m_image});
    // A daemon that accepted the connection and never answers (hung) would hold the doctor's report forever.
    QTimer::singleShot(kDockerQueryTimeoutS * 1000, m_process, [this, name]() {
        if (m_process->state() == QProcess::NotRunning)
            return;
        m_process->disconnect(this);
        killProcessGroup(m_process);
        Q_EMIT finished(DoctorCheck{name, false, QStringLiteral("no answer within %1 s").arg(kDockerQueryTimeoutS),
                                    m_engine.hungProblem()});
    });
}

} // namespace

Expected<QString> ContainerBackend::engineProgram() const
{
    const QString program = QStandardPaths::findExecutable(m_engine.program);
    if (program.isEmpty())
        return Error{QString(), QStringLiteral("sandbox ") + name(),
                     QStringLiteral("the %1 CLI is not installed: %2").arg(m_engine.title, m_engine.installFix)};
    return program;
}

DoctorStep *ContainerBackend::createDoctorStep(const DoctorStepRequest &request, QObject *parent) const
{
    return new ImageStep(m_engine, QStandardPaths::findExecutable(m_engine.program), request.image, parent);
}

QStringList ContainerBackend::doctorHiddenPaths() const
{
    // The image has its own (empty) /root and /home: what must stay invisible is the host home's content.
    QStringList out;
    const QStringList entries =
        QDir(QDir::homePath()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &e : entries.mid(0, 20))
        out << QDir::homePath() + QLatin1Char('/') + e;
    return out;
}

QString ContainerBackend::doctorFix(const QString &name) const
{
    const QString run = m_engine.program + QLatin1String(" run");
    if (name.startsWith(QLatin1String("network")))
        return run + QLatin1String(" must use --network none");
    if (name.startsWith(QLatin1String("filesystem")) && !name.startsWith(QLatin1String("filesystem: working")))
        return run + QLatin1String(" must use --read-only");
    if (name.startsWith(QLatin1String("privileges: no nested user namespaces")))
        return run + QLatin1String(" must keep its default seccomp profile (it refuses unshare)");
    if (name.startsWith(QLatin1String("privileges")))
        return run + (fixedIdentity() ? QLatin1String(" must use --cap-drop ALL --user 65534:65534")
                                      : QLatin1String(" must use --cap-drop ALL --userns keep-id"));
    if (name.startsWith(QLatin1String("limits: cgroup")))
        return QStringLiteral("the %1 engine must enforce --memory, --cpus and --pids-limit: it needs the memory, cpu "
                              "and pids cgroup controllers (rootless: cgroup v2 with them delegated to the user); "
                              "or choose --sandbox bwrap")
            .arg(m_engine.title);
    return SandboxBackend::doctorFix(name);
}

EnvironmentProvision *ContainerBackend::provision(const ProvisionRequest &request, QObject *parent) const
{
    DockerImageSpec spec;
    spec.engine = m_engine;
    spec.baseImage = request.baseImage;
    spec.requirements = request.requirements;
    spec.wheelhouse = request.wheelhouse;
    spec.locksRoot = request.envsRoot;
    return new ImageProvision(std::move(spec), defaultPython(), parent);
}

std::optional<SandboxIdentity> ContainerBackend::fixedIdentity() const
{
    if (runAsInvokingUser())
        return std::nullopt;
    return SandboxIdentity{65534, 65534, QStringLiteral("nobody")};
}

QString ContainerBackend::defaultPython() const
{
    return QStringLiteral("/usr/bin/python3");
}

Expected<LaunchPlan> ContainerBackend::plan(const RunRequest &request) const
{
    if (Expected<void> c = check(); !c)
        return c.error();
    if (request.dockerImage.isEmpty())
        return Error{QString(), QStringLiteral("sandbox ") + name(),
                     QStringLiteral("no %1 image was given for the environment").arg(m_engine.title)};
    const QString docker = QStandardPaths::findExecutable(m_engine.program);
    const QString container = QLatin1String(kDockerNamePrefix) + QUuid::createUuid().toString(QUuid::Id128);
    const Limits &lim = request.limits;
    const QString python = request.python.isEmpty() ? defaultPython() : request.python;
    const QString memory = QString::number(lim.memoryBytes);

    QStringList a;
    a << QStringLiteral("run") << QStringLiteral("--rm") << QStringLiteral("-i") << QStringLiteral("--name") << container
      << QStringLiteral("--label") << QLatin1String(kDockerLabel) << QStringLiteral("--label")
      << QStringLiteral("org.sandmark.pid=%1").arg(QCoreApplication::applicationPid()) << QStringLiteral("--network")
      << QStringLiteral("none") << QStringLiteral("--read-only") << QStringLiteral("--tmpfs")
      << QStringLiteral("/tmp:rw,nosuid,nodev,size=%1,mode=1777").arg(lim.diskBytes) << QStringLiteral("--shm-size")
      << QString::number(shmBytesFor(lim)) << QStringLiteral("--memory") << memory
      << QStringLiteral("--memory-swap") << memory << QStringLiteral("--cpus") << QString::number(lim.cpus)
      << QStringLiteral("--pids-limit") << QString::number(lim.processes) << QStringLiteral("--cap-drop")
      << QStringLiteral("ALL") << QStringLiteral("--security-opt") << QStringLiteral("no-new-privileges")
      << QStringLiteral("--hostname") << QStringLiteral("sandmark") << QStringLiteral("--ulimit")
      << QStringLiteral("nofile=%1:%1").arg(lim.openFiles) << QStringLiteral("--ulimit")
      << QStringLiteral("fsize=%1:%1").arg(lim.fileSizeBytes) << QStringLiteral("--ulimit")
      << QStringLiteral("core=0:0") << QStringLiteral("--log-driver") << QStringLiteral("none");
    if (const std::optional<SandboxIdentity> id = fixedIdentity())
        a << QStringLiteral("--user") << QStringLiteral("%1:%2").arg(id->uid).arg(id->gid);
    a << engineRunOptions();
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
    plan.environment = QProcessEnvironment::systemEnvironment().toStringList(); // DOCKER_HOST, HOME, XDG_* for the CLI
    plan.workingDirectory = QFileInfo(request.workDir).absolutePath();
    plan.limits = lim;
    plan.applyAs = false;   // the Go client needs a large address space; the container sets its own
    plan.applyNproc = false;
    plan.killCommand = QStringList{docker, QStringLiteral("rm"), QStringLiteral("-f")} + engineRemoveOptions() + QStringList{container};
    plan.containerName = container;
    plan.explainStartFailure = [program = m_engine.program](int exitCode, const QByteArray &err) {
        if (exitCode < 125 || exitCode > 127)
            return QString();
        // docker/podman run's own failures (bad option, image missing, cannot exec): its first line says why.
        const QList<QByteArray> lines = err.trimmed().split('\n');
        return QStringLiteral("%1 could not start the container (exit status %2): %3")
            .arg(program)
            .arg(exitCode)
            .arg(QString::fromUtf8(lines.value(0).trimmed()));
    };
    plan.killAfterS = lim.wallTimeoutS + lim.interruptGraceS + m_options.killMarginS;
    plan.stdoutCapBytes = stdoutCapFor(lim, request.job.size());
    return plan;
}

} // namespace sandmark::detail
