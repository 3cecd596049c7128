#pragma once
// Docker images: one per distinct dependency list, built FROM a base image outside the sandbox, reused by
// every run (docs/sandbox.md, "Docker images").

#include "util/expected.h"

#include <QElapsedTimer>
#include <QLockFile>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTimer>

#include <functional>
#include <memory>

namespace sandmark {

/// The base image used when neither the command line (--docker-image), assignment.json (`docker_image`)
/// nor the environment (SANDMARK_DOCKER_IMAGE) names one: `sandmark-base:latest`, which
/// scripts/docker-base-image builds without any registry (debootstrap + docker import).
QString defaultDockerBaseImage();

/// When `dockerOutput` (what the Docker CLI printed for a failed command) says the daemon did not answer or
/// refused this user, one sentence naming the daemon's address ($DOCKER_HOST, else the default socket) and
/// the fix: start the daemon, or join the docker group. Empty for any other failure (a missing image, a bad
/// flag). Pure apart from reading DOCKER_HOST.
QString dockerDaemonProblem(const QByteArray &dockerOutput);

/// Seconds a query of the Docker daemon (`docker image inspect`) may take before the daemon counts as hung:
/// it accepted the connection and never answered. Builds (`docker build`) have no such bound.
inline constexpr int kDockerQueryTimeoutS = 20;

/// The problem and its fix when a query got no answer within kDockerQueryTimeoutS, naming the daemon's
/// address ($DOCKER_HOST, else the default socket).
QString dockerHungProblem();

/// A container engine with Docker's command line (Docker itself, Podman): what the image builder and the
/// container backends (sandbox/backends_p.h, ContainerBackend) say and run differently for it.
struct ContainerEngine
{
    QString program = QStringLiteral("docker"); ///< the CLI (PATH lookup when not absolute)
    QString title = QStringLiteral("Docker");   ///< the engine's name in messages
    /// The fix when the CLI is not installed.
    QString installFix = QStringLiteral("install docker.io (apt install docker.io), or choose --sandbox bwrap");
    /// The command that builds the base image into this engine's store.
    QString baseImageCommand = QStringLiteral("scripts/docker-base-image");
    /// Explains a failed command's output as the engine itself not answering, with the fix; empty for any other
    /// failure (a missing image). Docker: dockerDaemonProblem(). Null: never.
    QString (*engineProblem)(const QByteArray &output) = &dockerDaemonProblem;
    /// The problem and its fix when a query got no answer within kDockerQueryTimeoutS. Docker: dockerHungProblem().
    QString (*hungProblem)() = &dockerHungProblem;
};

/// What an environment image must contain.
struct DockerImageSpec
{
    ContainerEngine engine;        ///< the engine whose image store gets the image
    QString baseImage;             ///< FROM; empty: defaultDockerBaseImage(). Needs python3 with nbclient, ipykernel, pip
    QStringList requirements;      ///< pip requirement lines (assignment.json "dependencies")
    QString wheelhouse;            ///< non-empty: copied into the build, pip --no-index --find-links (offline)
    QString locksRoot;             ///< folder of the build locks; empty: paths::cacheDir() + "/envs"
    int lockTimeoutS = 1800;       ///< how long to wait for another process building the same image
};

/// A ready image.
struct DockerImage
{
    QString key;  ///< environmentKey() over the requirements and the base image's id
    QString tag;  ///< `sandmark-env:<key>`, or the base image itself when there are no requirements
    bool reused = false; ///< it existed already (or is the base image)
};

/// The Dockerfile of an environment image (pure): FROM `baseImage`, pip install of requirements.txt from the
/// build context as root (--no-index --find-links /wheelhouse when `wheelhouse`; with `hostCa`, pip trusts
/// the context's host-ca.crt, removed afterwards), bytecode compiled, nothing else.
QByteArray dockerfileFor(const QString &baseImage, bool wheelhouse, bool hostCa = false);

/// The CA bundle the host's pip trusts, copied into image builds: $PIP_CERT, $REQUESTS_CA_BUNDLE,
/// $SSL_CERT_FILE or /etc/ssl/certs/ca-certificates.crt, the first that is a file; empty when none.
QString hostCaBundle();

/// Builds (or finds) the image for a spec with its engine's CLI (`docker` or `podman`, the same commands).
/// Asynchronous (QProcess), lives in the creating thread. Flow: `docker image inspect` the base (Error with the fix when missing) → no requirements: the base
/// itself → `sandmark-env:<key>` exists: reused → QLockFile `<locksRoot>/<key>.docker.lock` (polled, never
/// blocking the thread), inspect again, `docker build` of a generated context in a temporary folder. The
/// tag appears only when the build succeeded, so a failed or cancelled build leaves no image; concurrent
/// builders of one key build it once. pip inside `docker build` uses the build network (the host's, with
/// `--network host`), never the sandbox's. Emits exactly one of finished()/failed().
class DockerImageBuilder : public QObject
{
    Q_OBJECT
public:
    explicit DockerImageBuilder(DockerImageSpec spec, QObject *parent = nullptr);
    ~DockerImageBuilder() override;

    void start();
    /// Stops the build; failed() follows with "cancelled".
    void cancel();

Q_SIGNALS:
    void finished(const sandmark::DockerImage &image);
    /// A grader error: the Error names the image and carries docker's last output lines.
    void failed(const sandmark::Error &error);
    void progress(const QString &line);

private:
    void inspectBase();
    void inspectTarget(bool afterLock);
    void tryLock();
    void build();
    void fail(const QString &message);
    void succeed(bool reused);
    /// Runs the engine's CLI with `args`, then `then(exit code, output)`; `timeoutS` > 0: kills it and fails
    /// with the engine's hungProblem() when it has not ended by then.
    void run(const QStringList &args, const std::function<void(int, const QByteArray &)> &then, int timeoutS = 0);

    DockerImageSpec m_spec;
    QString m_docker;
    DockerImage m_image;
    QString m_baseId;
    std::unique_ptr<QLockFile> m_lock;
    std::unique_ptr<QTemporaryDir> m_context;
    QTimer m_lockPoll;
    QElapsedTimer m_lockWait;
    QPointer<QProcess> m_process; ///< the running docker command (deleted when it finished)
    bool m_done = false;
};

} // namespace sandmark
