// The Podman backend: a ContainerBackend (containerbackend.cpp) whose engine is Podman, daemonless. As root it
// runs rootful with the image's nobody like Docker; otherwise rootless, in the user's own user namespace
// (subordinate uid/gid range), with --userns keep-id so the run folder stays the user's (podman-run(1)).
#include "sandbox/backends_p.h"

#include "util/json_p.h"
#include "util/paths.h"
#include "util/processgroup.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QMutex>
#include <QProcess>
#include <QSaveFile>

#include <QStandardPaths>

#include <algorithm>

#include <sys/resource.h>
#include <unistd.h>

namespace sandmark::detail {

namespace {

QString podmanHungProblem()
{
    return QStringLiteral("podman did not answer within %1 s: another podman command may hold its storage lock "
                          "(podman ps -a; podman system migrate), or choose --sandbox bwrap")
        .arg(kDockerQueryTimeoutS);
}

ContainerEngine podmanEngine(const QString &program)
{
    ContainerEngine e;
    e.program = program;
    e.title = QStringLiteral("Podman");
    e.installFix = QStringLiteral("install podman (apt install podman uidmap, or dnf install podman), or choose "
                                  "--sandbox bwrap");
    e.baseImageCommand = QStringLiteral("scripts/docker-base-image --engine podman");
    e.engineProblem = nullptr; // no daemon: a failed `podman image inspect` is a missing image
    e.hungProblem = &podmanHungProblem;
    return e;
}

bool rootless()
{
    return ::geteuid() != 0;
}

/// What check() learnt from `podman info`, per Podman CLI, once it passed: the seccomp profile runs use.
QMutex g_checkedMutex;
QMap<QString, QString> g_checked; // podman program → the seccomp profile written for it

/// Podman's default seccomp profile allows unshare() and clone() with CLONE_NEWUSER (Docker's refuses them
/// without CAP_SYS_ADMIN), so a submission could make a user namespace and mount inside it (security report
/// F12). `defaultProfile` with what Docker's profile does: unshare fails with EPERM, clone with any namespace
/// flag with the default action, clone3 with ENOSYS (glibc then uses clone). Empty when it cannot be read.
QByteArray withoutNamespaces(const QByteArray &defaultProfile)
{
    using nlohmann::json; // keys sorted, as the profile has always been written: its file is named by its hash
    Expected<json> profile = jsonutil::parse<json>(defaultProfile, QString());
    if (!profile || !profile->is_object())
        return {};
    json syscalls = jsonutil::arrayOr(*profile, "syscalls");
    if (syscalls.empty())
        return {};
    for (json &rule : syscalls) {
        json names = json::array();
        for (const json &n : jsonutil::arrayOr(rule, "names"))
            if (n != "unshare" && n != "clone" && n != "clone3")
                names.push_back(n);
        if (!rule.is_object())
            rule = json::object();
        rule["names"] = std::move(names);
    }
    constexpr qint64 kNamespaceFlags = 0x7E020000; // CLONE_NEWNS|NEWCGROUP|NEWUTS|NEWIPC|NEWUSER|NEWPID|NEWNET
    syscalls.push_back({{"names", json::array({"clone"})},
                        {"action", "SCMP_ACT_ALLOW"},
                        {"args", json::array({{{"index", 0}, {"value", kNamespaceFlags}, {"valueTwo", 0}, {"op", "SCMP_CMP_MASKED_EQ"}}})}});
    syscalls.push_back({{"names", json::array({"clone3"})}, {"action", "SCMP_ACT_ERRNO"}, {"errnoRet", 38}}); // ENOSYS
    syscalls.push_back({{"names", json::array({"unshare"})}, {"action", "SCMP_ACT_ERRNO"}, {"errnoRet", 1}}); // EPERM
    (*profile)["syscalls"] = std::move(syscalls);
    return QByteArray::fromStdString(profile->dump());
}

/// Writes the runs' seccomp profile, derived from Podman's default at `defaultPath`, under the cache folder
/// (named by its content, so concurrent writers agree); its path, or an Error.
Expected<QString> writeSeccompProfile(const QString &defaultPath)
{
    const QString where = QStringLiteral("sandbox podman");
    QFile in(defaultPath);
    if (defaultPath.isEmpty() || !in.open(QIODevice::ReadOnly))
        return Error{defaultPath, where,
                     QStringLiteral("Podman's default seccomp profile cannot be read, so nested user namespaces cannot "
                                    "be refused: reinstall containers-common (golang-github-containers-common), or "
                                    "choose --sandbox bwrap")};
    const QByteArray profile = withoutNamespaces(in.readAll());
    if (profile.isEmpty())
        return Error{defaultPath, where, QStringLiteral("Podman's default seccomp profile has no syscall rules")};
    const QString dir = paths::cacheDir() + QLatin1String("/podman");
    const QString path = dir + QStringLiteral("/seccomp-%1.json")
                                   .arg(QString::fromLatin1(QCryptographicHash::hash(profile, QCryptographicHash::Sha256).toHex().left(16)));
    if (QFile::exists(path))
        return path;
    QSaveFile out(path);
    if (!QDir().mkpath(dir) || !out.open(QIODevice::WriteOnly) || out.write(profile) != profile.size() || !out.commit())
        return Error{path, where, QStringLiteral("cannot write the seccomp profile of Podman runs")};
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    return path;
}

/// Why `podman info` (its JSON) says Podman cannot run the sandbox with every limit enforced; empty when it can.
QString infoProblem(const nlohmann::json &info)
{
    const nlohmann::json host = jsonutil::objectOr(info, "host");
    const bool isRootless = jsonutil::boolOr(jsonutil::objectOr(host, "security"), "rootless", false);
    const QString user = qEnvironmentVariable("USER", QStringLiteral("USER"));
    if (isRootless) {
        if (jsonutil::arrayOr(jsonutil::objectOr(host, "idMappings"), "uidmap").size() < 2)
            return QStringLiteral("rootless Podman has no subordinate uid/gid range for %1: add one (usermod "
                                  "--add-subuids 100000-165535 --add-subgids 100000-165535 %1, then podman system "
                                  "migrate), or choose --sandbox bwrap")
                .arg(user);
    }
    QStringList missing;
    const nlohmann::json controllers = jsonutil::arrayOr(host, "cgroupControllers");
    for (const char *needed : {"memory", "cpu", "pids"}) {
        if (std::find(controllers.begin(), controllers.end(), needed) == controllers.end())
            missing << QLatin1String(needed);
    }
    if (missing.isEmpty())
        return {};
    const QString version = QString::fromStdString(jsonutil::stringOr(host, "cgroupVersion"));
    if (isRootless && version == QLatin1String("v1"))
        return QStringLiteral("rootless Podman cannot enforce the memory, CPU and process limits on cgroup v1 (it "
                              "ignores --memory, --cpus and --pids-limit): boot with cgroup v2 "
                              "(systemd.unified_cgroup_hierarchy=1), run Sandmark as root, or choose --sandbox bwrap");
    return QStringLiteral("Podman cannot enforce the limits: the cgroup controllers %1 are not available to %2 "
                          "(cgroup %3)%4, or choose --sandbox bwrap")
        .arg(missing.join(QLatin1String(", ")), isRootless ? user : QStringLiteral("root"), version,
             isRootless ? QStringLiteral(": delegate them to the user (systemd: Delegate=memory cpu pids in "
                                         "user@.service)")
                        : QString());
}

} // namespace

PodmanBackend::PodmanBackend(BackendOptions options)
    : ContainerBackend(std::move(options), podmanEngine(QString()))
{
    m_engine.program = m_options.podmanPath;
}

QString PodmanBackend::name() const
{
    return QStringLiteral("podman");
}

const char *PodmanBackend::description() const
{
    return QT_TRANSLATE_NOOP("sandmark::SandboxBackend", "a daemonless container per run, rootless as a user");
}

Expected<void> PodmanBackend::check() const
{
    Expected<QString> program = engineProgram();
    if (!program)
        return program.error();
    // `podman info` is the authority on rootless setup and cgroups. It takes a few hundred milliseconds and
    // check() runs before every run, so a success is remembered for the process's life (a failure is not).
    {
        QMutexLocker lock(&g_checkedMutex);
        if (g_checked.contains(*program))
            return {};
    }
    const QString where = QStringLiteral("sandbox podman");
    QProcess p;
    startInOwnProcessGroup(&p); // a podman that never answers goes with whatever it started
    p.start(*program, {QStringLiteral("info"), QStringLiteral("--format"), QStringLiteral("json")});
    if (!p.waitForFinished(kDockerQueryTimeoutS * 1000)) {
        killProcessGroup(&p);
        p.waitForFinished(1000);
        return Error{*program, where, podmanHungProblem()};
    }
    const QByteArray err = p.readAllStandardError().trimmed();
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        QString why = QString::fromUtf8(err.split('\n').constLast());
        if (err.contains("newuidmap") || err.contains("newgidmap"))
            return Error{*program, where,
                         QStringLiteral("rootless Podman needs newuidmap and newgidmap: install uidmap (apt install "
                                        "uidmap), or choose --sandbox bwrap (%1)")
                             .arg(why)};
        return Error{*program, where,
                     QStringLiteral("podman info failed (exit status %1): %2; fix Podman's setup (podman system "
                                    "reset), or choose --sandbox bwrap")
                         .arg(p.exitCode())
                         .arg(why)};
    }
    const Expected<nlohmann::json> info = jsonutil::parse<nlohmann::json>(p.readAllStandardOutput(), QString());
    if (!info)
        return Error{*program, where,
                     QStringLiteral("podman info printed no JSON (%1); fix Podman's setup (podman system reset), or "
                                    "choose --sandbox bwrap")
                         .arg(info.error().toString())};
    if (const QString problem = infoProblem(*info); !problem.isEmpty())
        return Error{*program, where, problem};
    const nlohmann::json security = jsonutil::objectOr(jsonutil::objectOr(*info, "host"), "security");
    const Expected<QString> seccomp = writeSeccompProfile(QString::fromStdString(jsonutil::stringOr(security, "seccompProfilePath")));
    if (!seccomp)
        return seccomp.error();
    QMutexLocker lock(&g_checkedMutex);
    g_checked.insert(*program, *seccomp);
    return {};
}

QStringList PodmanBackend::engineRunOptions() const
{
    // No registry: the image is built here or it is an error, never pulled.
    QStringList a{QStringLiteral("--pull"), QStringLiteral("never")};
    {
        QMutexLocker lock(&g_checkedMutex); // plan() runs check() first, which wrote it
        a << QStringLiteral("--security-opt") << QStringLiteral("seccomp=") + g_checked.value(QStandardPaths::findExecutable(m_engine.program));
    }
    if (runAsInvokingUser()) {
        a << QStringLiteral("--userns") << QStringLiteral("keep-id");
    } else {
        // Rootful Podman 4.3 asks the runtime for RLIMIT_NPROC 4194304 unless told otherwise, which fails where
        // Podman lacks CAP_SYS_RESOURCE (a container; its conmon runs with 32768). The limit counts the
        // processes of uid 65534 in every run at once; each run's own limit is its pids cgroup (--pids-limit).
        struct rlimit own{};
        ::getrlimit(RLIMIT_NPROC, &own);
        const rlim_t nproc = std::min<rlim_t>(own.rlim_max, 32768);
        a << QStringLiteral("--ulimit") << QStringLiteral("nproc=%1:%1").arg(quint64(nproc));
    }
    return a;
}

bool PodmanBackend::runAsInvokingUser() const
{
    return rootless();
}

} // namespace sandmark::detail
