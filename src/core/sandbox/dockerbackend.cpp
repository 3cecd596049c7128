// The Docker backend: `docker run` with every isolation switch (Docker docs: "docker run" reference,
// "Runtime constraints on resources", "Security configuration"; docs/sandbox.md).
#include "sandbox/backends_p.h"

#include "env/dockerimage.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QTimer>
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

namespace {

/// The environment of a Docker run: an image FROM the base image, pip run in `docker build` (DockerImageBuilder).
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
/// daemon answer, and is the image there? (A stale socket was reported as "build the base image": report F13.)
class ImageStep final : public DoctorStep
{
public:
    ImageStep(QString docker, QString image, QObject *parent)
        : DoctorStep(parent), m_docker(std::move(docker)), m_image(std::move(image))
    {
    }
    void start() override;

private:
    QString m_docker, m_image;
    QProcess *m_process = nullptr;
};

void ImageStep::start()
{
    const QString name = QStringLiteral("docker: the daemon answers and has the image");
    m_process = new QProcess(this);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    connect(m_process, &QProcess::finished, this, [this, name](int code, QProcess::ExitStatus st) {
        const QByteArray out = m_process->readAll().trimmed();
        if (st == QProcess::NormalExit && code == 0) {
            Q_EMIT finished(DoctorCheck{name, true, m_image, QString()});
            return;
        }
        const QString daemon = dockerDaemonProblem(out);
        Q_EMIT finished(DoctorCheck{
            name, false, QStringLiteral("exit %1: %2").arg(code).arg(QString::fromUtf8(out.left(2000))),
            !daemon.isEmpty() ? daemon
                              : QStringLiteral("the image %1 is not available: build it with scripts/docker-base-image, "
                                               "or name another with --docker-image / SANDMARK_DOCKER_IMAGE")
                                    .arg(m_image)});
    });
    connect(m_process, &QProcess::errorOccurred, this, [this, name](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return;
        Q_EMIT finished(DoctorCheck{name, false, m_process->errorString(),
                                    QStringLiteral("install docker.io (apt install docker.io), or choose --sandbox bwrap")});
    });
    m_process->start(m_docker, {QStringLiteral("image"), QStringLiteral("inspect"), QStringLiteral("--format"),
                                QStringLiteral("{{.Id}}"), m_image});
    // A daemon that accepted the connection and never answers (hung) would hold the doctor's report forever.
    QTimer::singleShot(kDockerQueryTimeoutS * 1000, m_process, [this, name]() {
        if (m_process->state() == QProcess::NotRunning)
            return;
        m_process->disconnect(this);
        m_process->kill();
        Q_EMIT finished(DoctorCheck{name, false, QStringLiteral("no answer within %1 s").arg(kDockerQueryTimeoutS),
                                    dockerHungProblem()});
    });
}

} // namespace

DoctorStep *DockerBackend::createDoctorStep(const DoctorStepRequest &request, QObject *parent) const
{
    return new ImageStep(QStandardPaths::findExecutable(m_options.dockerPath), request.image, parent);
}

QStringList DockerBackend::doctorHiddenPaths() const
{
    // The image has its own (empty) /root and /home: what must stay invisible is the host home's content.
    QStringList out;
    const QStringList entries =
        QDir(QDir::homePath()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &e : entries.mid(0, 20))
        out << QDir::homePath() + QLatin1Char('/') + e;
    return out;
}

QString DockerBackend::doctorFix(const QString &name) const
{
    if (name.startsWith(QLatin1String("network")))
        return QStringLiteral("docker run must use --network none");
    if (name.startsWith(QLatin1String("filesystem")) && !name.startsWith(QLatin1String("filesystem: working")))
        return QStringLiteral("docker run must use --read-only");
    if (name.startsWith(QLatin1String("privileges: no nested user namespaces")))
        return QStringLiteral("docker run must keep its default seccomp profile (it refuses unshare)");
    if (name.startsWith(QLatin1String("privileges")))
        return QStringLiteral("docker run must use --cap-drop ALL --user 65534:65534");
    return SandboxBackend::doctorFix(name);
}

EnvironmentProvision *DockerBackend::provision(const ProvisionRequest &request, QObject *parent) const
{
    DockerImageSpec spec;
    spec.docker = m_options.dockerPath;
    spec.baseImage = request.baseImage;
    spec.requirements = request.requirements;
    spec.wheelhouse = request.wheelhouse;
    spec.locksRoot = request.envsRoot;
    return new ImageProvision(std::move(spec), defaultPython(), parent);
}

std::optional<SandboxIdentity> DockerBackend::fixedIdentity() const
{
    return SandboxIdentity{65534, 65534, QStringLiteral("nobody")};
}

QString DockerBackend::defaultPython() const
{
    return QStringLiteral("/usr/bin/python3");
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
    const QString python = request.python.isEmpty() ? defaultPython() : request.python;
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
      << QStringLiteral("--user") << QStringLiteral("%1:%2").arg(fixedIdentity()->uid).arg(fixedIdentity()->gid) << QStringLiteral("--hostname")
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
    plan.explainStartFailure = [](int exitCode, const QByteArray &err) {
        if (exitCode < 125 || exitCode > 127)
            return QString();
        // docker run's own failures (bad option, image missing, cannot exec): its first line says why.
        const QList<QByteArray> lines = err.trimmed().split('\n');
        return QStringLiteral("docker could not start the container (exit status %1): %2")
            .arg(exitCode)
            .arg(QString::fromUtf8(lines.value(0).trimmed()));
    };
    plan.killAfterS = lim.wallTimeoutS + lim.interruptGraceS + m_options.killMarginS;
    plan.stdoutCapBytes = stdoutCapFor(lim, request.job.size());
    return plan;
}

} // namespace sandmark::detail
