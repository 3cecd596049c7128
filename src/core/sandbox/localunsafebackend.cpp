// The local-unsafe backend: the runner as a plain child process, with resource limits but no isolation. For
// machines where no sandbox can run, chosen explicitly, labelled UNSAFE in every record and output.
#include "sandbox/backends_p.h"
#include "sandbox/reachfix_p.h"
#include "sandbox/sandbox_log.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <unistd.h>

namespace sandmark::detail {

QString LocalUnsafeBackend::name() const
{
    return QStringLiteral("local-unsafe");
}

const char *LocalUnsafeBackend::description() const
{
    return QT_TRANSLATE_NOOP("sandmark::SandboxBackend", "NO SANDBOX (unsafe)");
}

QString LocalUnsafeBackend::doctorFix(const QString &name) const
{
    if (name == QLatin1String("probe: runs inside the sandbox"))
        return {};
    return QStringLiteral("local-unsafe does not isolate anything; use --sandbox bwrap or docker");
}

Expected<void> LocalUnsafeBackend::check() const
{
    return {};
}

Expected<LaunchPlan> LocalUnsafeBackend::plan(const RunRequest &request) const
{
    const QString runDir = QFileInfo(request.workDir).absolutePath();
    const QString home = request.homeDir.isEmpty() ? runDir + QLatin1String("/home") : request.homeDir;
    if (!QDir().mkpath(home))
        return Error{home, QString(), QStringLiteral("cannot create the folder")};
    const auto identity = request.identity ? request.identity : sandboxIdentity();
    if (!request.runtimeDir.isEmpty())
        if (std::optional<Error> missing = missingBoundFolder(request, request.runtimeDir, QStringLiteral("sandbox local-unsafe")))
            return *missing;
    if (identity) {
        // Even without isolation, never run student code as root.
        for (const QString &p : {request.workDir, request.runtimeDir, home}) {
            if (std::optional<Error> missing = missingBoundFolder(request, p, QStringLiteral("sandbox local-unsafe")))
                return *missing;
            const QString blocker = blockingDirectory(p, *identity);
            if (!blocker.isEmpty())
                return Error{p, QStringLiteral("sandbox local-unsafe"),
                             QStringLiteral("the sandbox user (uid %1) cannot reach this folder because of %2; %3")
                                 .arg(identity->uid)
                                 .arg(blocker, unreachableFolderFix(request, p, blocker))};
        }
        if (::chown(QFile::encodeName(home).constData(), identity->uid, identity->gid) != 0)
            return Error{home, QString(), QStringLiteral("cannot hand the folder to the sandbox uid")};
    }
    QString path = QStringLiteral("/usr/local/bin:/usr/bin:/bin");
    if (!request.envPrefix.isEmpty())
        path.prepend(request.envPrefix + QLatin1String("/bin:"));
    LaunchPlan plan;
    plan.backend = name();
    plan.unsafe = true;
    plan.program = request.python;
    plan.arguments = {QStringLiteral("-I"), QStringLiteral("-X"), QStringLiteral("utf8"),
                      request.runtimeDir + QLatin1Char('/') + request.script};
    plan.environment = toEnvList(sandboxEnvironment(home, path, request.datasetCache, request.environment));
    plan.workingDirectory = request.workDir;
    plan.dropTo = identity;
    plan.limits = request.limits;
    plan.killAfterS = request.limits.wallTimeoutS + request.limits.interruptGraceS + m_options.killMarginS;
    plan.stdoutCapBytes = stdoutCapFor(request.limits, request.job.size());
    qCWarning(lcSandbox) << "UNSAFE: running" << request.workDir << "without a sandbox (local-unsafe)";
    return plan;
}

} // namespace sandmark::detail
