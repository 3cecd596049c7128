// The Docker backend: a ContainerBackend (containerbackend.cpp) whose engine is the Docker daemon.
#include "sandbox/backends_p.h"

#include <QFileInfo>

namespace sandmark::detail {

DockerBackend::DockerBackend(BackendOptions options) : ContainerBackend(std::move(options), ContainerEngine{})
{
    m_engine.program = m_options.dockerPath;
}

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
    if (Expected<QString> program = engineProgram(); !program)
        return program.error();
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

} // namespace sandmark::detail
