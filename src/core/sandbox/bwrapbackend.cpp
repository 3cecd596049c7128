// The bubblewrap backend. Options follow the bubblewrap manual (bwrap(1), bubblewrap 0.8).
#include "sandbox/backends_p.h"
#include "sandbox/reachfix_p.h"
#include "sandbox/cgroup.h"
#include "sandbox/userns.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSaveFile>
#include <QStandardPaths>

#include <unistd.h>

namespace sandmark::detail {

namespace {

/// /etc files the interpreter and common libraries read; bound read-only when present.
const char *const kEtcFiles[] = {
    "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives", "/etc/localtime",
    "/etc/nsswitch.conf", "/etc/matplotlibrc", "/etc/fonts", "/etc/mime.types", "/etc/ssl/certs",
    "/etc/python3", "/etc/python3.11", "/etc/os-release",
};

Expected<void> writeSmallFile(const QString &path, const QByteArray &content)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(content) != content.size() || !f.commit())
        return Error{path, QString(), QStringLiteral("cannot write: %1").arg(f.errorString())};
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    return {};
}

/// The options that isolate the sandbox: every namespace unshared, no nested user namespace, no capabilities, no
/// terminal. The self-test's seed uses them too, so that it tries what the runs get.
QStringList isolationArguments()
{
    // --disable-userns (bubblewrap 0.8): the sandbox's own user namespace allows no nested one, so student
    // code cannot become "root" of a namespace of its own and reach the kernel code that needs it (security
    // report F12: `unshare -Ur` and `mount -t tmpfs` worked inside).
    return {QStringLiteral("--unshare-all"), QStringLiteral("--unshare-user"), QStringLiteral("--disable-userns"),
            QStringLiteral("--die-with-parent"), QStringLiteral("--new-session"), QStringLiteral("--cap-drop"),
            QStringLiteral("ALL")};
}

/// /usr read-only, and each of the top-level folders `tops` as the host has it: a symlink (into /usr, on a
/// merged-/usr system) as the same symlink, a folder bound read-only, an absent one left out.
QStringList systemFolderArguments(std::initializer_list<const char *> tops)
{
    QStringList a = {QStringLiteral("--ro-bind"), QStringLiteral("/usr"), QStringLiteral("/usr")};
    for (const char *top : tops) {
        const QFileInfo fi{QString::fromLatin1(top)};
        if (fi.isSymLink())
            a << QStringLiteral("--symlink") << fi.symLinkTarget().mid(1) << QLatin1String(top);
        else if (fi.isDir())
            a << QStringLiteral("--ro-bind") << QLatin1String(top) << QLatin1String(top);
    }
    return a;
}

/// Writes a private passwd, group and hosts into `runDir`/etc and returns that folder: the host's account list
/// stays outside, the sandbox's user is `uid`:`gid`, and localhost resolves. Blocking file I/O.
Expected<QString> writePrivateEtc(const QString &runDir, uint uid, uint gid)
{
    const QString etcDir = runDir + QLatin1String("/etc");
    if (!QDir().mkpath(etcDir))
        return Error{etcDir, QString(), QStringLiteral("cannot create the folder")};
    const QByteArray passwd = QStringLiteral("root:x:0:0:root:/nonexistent:/usr/sbin/nologin\n"
                                             "sandbox:x:%1:%2:sandbox:/tmp/home:/usr/sbin/nologin\n"
                                             "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n")
                                  .arg(uid)
                                  .arg(gid)
                                  .toUtf8();
    const QByteArray group =
        QStringLiteral("root:x:0:\nsandbox:x:%1:\nnogroup:x:65534:\n").arg(gid).toUtf8();
    for (const auto &[name, content] : {std::pair{"passwd", passwd}, std::pair{"group", group},
                                        std::pair{"hosts", QByteArray("127.0.0.1 localhost\n::1 localhost\n")}}) {
        if (Expected<void> w = writeSmallFile(etcDir + QLatin1Char('/') + QLatin1String(name), content); !w)
            return w.error();
    }
    return etcDir;
}

/// An error naming the first folder the run binds (`etcDir` among them) that the sandbox user `identity` cannot
/// reach because a folder above it is private. Reads the file system.
Expected<void> checkSandboxUserReaches(const RunRequest &request, const QString &etcDir, const SandboxIdentity &identity)
{
    QStringList mustReach = {request.workDir, request.runtimeDir, etcDir};
    if (!request.envPrefix.isEmpty())
        mustReach << request.envPrefix;
    if (!request.datasetCache.isEmpty())
        mustReach << request.datasetCache;
    for (const QString &p : mustReach) {
        if (std::optional<Error> missing = missingBoundFolder(request, p, QStringLiteral("sandbox bwrap")))
            return *missing;
        const QString blocker = blockingDirectory(p, identity);
        if (!blocker.isEmpty())
            return Error{p, QStringLiteral("sandbox bwrap"),
                         QStringLiteral("the sandbox user (uid %1) cannot reach this folder because of %2; %3")
                             .arg(identity.uid)
                             .arg(blocker, unreachableFolderFix(request, p, blocker))};
    }
    return {};
}

/// The file system inside: the system read-only with the private /etc files (writePrivateEtc()'s `etcDir`),
/// size-limited /dev/shm and /tmp, the runtime, environment and datasets read-only, the work folder writable.
QStringList filesystemArguments(const RunRequest &request, const QString &etcDir)
{
    QStringList a = systemFolderArguments({"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"});
    for (const char *etc : kEtcFiles)
        a << QStringLiteral("--ro-bind-try") << QLatin1String(etc) << QLatin1String(etc);
    for (const char *name : {"passwd", "group", "hosts"})
        a << QStringLiteral("--ro-bind") << etcDir + QLatin1Char('/') + QLatin1String(name)
          << QStringLiteral("/etc/") + QLatin1String(name);
    // Size-limited tmpfs (--size, bubblewrap 0.7): their pages are host memory that RLIMIT_AS does not count.
    a << QStringLiteral("--proc") << QStringLiteral("/proc") << QStringLiteral("--dev") << QStringLiteral("/dev")
      << QStringLiteral("--size") << QString::number(shmBytesFor(request.limits)) << QStringLiteral("--tmpfs")
      << QStringLiteral("/dev/shm");
    a << QStringLiteral("--size") << QString::number(request.limits.diskBytes) << QStringLiteral("--tmpfs")
      << QStringLiteral("/tmp") << QStringLiteral("--dir") << QLatin1String(kSandboxHome);
    a << QStringLiteral("--ro-bind") << request.runtimeDir << QLatin1String(kSandboxRuntime);
    if (!request.envPrefix.isEmpty())
        a << QStringLiteral("--ro-bind") << request.envPrefix << QLatin1String(kSandboxEnv);
    if (!request.datasetCache.isEmpty())
        a << QStringLiteral("--ro-bind") << request.datasetCache << QLatin1String(kSandboxDatasets);
    a << QStringLiteral("--bind") << request.workDir << QLatin1String(kSandboxWork) << QStringLiteral("--chdir")
      << QLatin1String(kSandboxWork);
    a << QStringLiteral("--remount-ro") << QStringLiteral("/");
    return a;
}

/// The sandbox's environment (set after --clearenv) and the command: `python`, the interpreter's path inside,
/// isolated (-I) and in UTF-8 mode, on the request's script.
QStringList commandArguments(const RunRequest &request, const QString &python)
{
    QString path = QStringLiteral("/usr/local/bin:/usr/bin:/bin");
    if (!request.envPrefix.isEmpty())
        path.prepend(QLatin1String(kSandboxEnv) + QLatin1String("/bin:"));
    const auto env = sandboxEnvironment(QLatin1String(kSandboxHome), path,
                                        request.datasetCache.isEmpty() ? QString() : QLatin1String(kSandboxDatasets),
                                        request.environment);
    QStringList a;
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        a << QStringLiteral("--setenv") << it.key() << it.value();
    a << QStringLiteral("--") << python << QStringLiteral("-I") << QStringLiteral("-X") << QStringLiteral("utf8")
      << QLatin1String(kSandboxRuntime) + QLatin1Char('/') + request.script;
    return a;
}

/// LaunchPlan::explainStartFailure for `bwrap`: when bwrap itself failed (its last line of `err` starts
/// "bwrap:"), its message with the cause a user can fix (a kernel switch read under `procSysDir`, a bubblewrap too
/// old); else empty.
QString explainBwrapStartFailure(const QString &procSysDir, const QString &bwrap, int exitCode, const QByteArray &err)
{
    if (exitCode == 0 || !lastLine(err).startsWith(QLatin1String("bwrap:")))
        return QString();
    const UserNamespaceDiagnosis d =
        diagnoseUserNamespaces(readUserNamespaceSysctls(procSysDir), QString::fromUtf8(err), bwrap);
    const QString tooOld = bwrapTooOld(QString::fromUtf8(err));
    return QStringLiteral("bubblewrap could not start the sandbox: %1%2")
        .arg(lastLine(err), d.blocked()         ? QLatin1String("; ") + d.oneLine()
                            : !tooOld.isEmpty() ? QLatin1String("; ") + tooOld
                                                : QString());
}

/// The self-test's seed: bwrap with every namespace unshared runs /bin/true, as the probe's uid. A failure to
/// create the namespaces names its cause and fixes (diagnoseUserNamespaces()); nothing more can run then.
class SeedStep final : public DoctorStep
{
public:
    SeedStep(BackendOptions options, DoctorStepRequest request, QObject *parent)
        : DoctorStep(parent), m_options(std::move(options)), m_request(std::move(request))
    {
    }
    ~SeedStep() override
    {
        if (m_seed && m_seed->state() != QProcess::NotRunning) {
            m_seed->disconnect(this);
            killProcessTree(m_seed->processId());
            m_seed->waitForFinished(2000);
        }
    }
    void start() override;

private:
    BackendOptions m_options;
    DoctorStepRequest m_request;
    QProcess *m_seed = nullptr;
};

void SeedStep::start()
{
    const QString name = QStringLiteral("seed: bwrap with all namespaces unshared runs /bin/true");
    LaunchPlan plan;
    plan.program = resolvedBwrap(m_options);
    plan.dropTo = m_request.identity;
    plan.limits = m_request.limits;
    plan.applyNproc = false;
    plan.arguments = isolationArguments() << systemFolderArguments({"/bin", "/lib", "/lib64"});
    plan.arguments << QStringLiteral("--proc") << QStringLiteral("/proc") << QStringLiteral("--dev")
                   << QStringLiteral("/dev") << QStringLiteral("--") << QStringLiteral("/bin/true");
    m_seed = new QProcess(this);
    m_seed->setProgram(plan.program);
    m_seed->setArguments(plan.arguments);
    m_seed->setWorkingDirectory(QStringLiteral("/"));
    setUpChild(m_seed, plan);
    connect(m_seed, &QProcess::finished, this, [this, name](int code, QProcess::ExitStatus st) {
        const QByteArray err = m_seed->readAllStandardError();
        const bool ok = st == QProcess::NormalExit && code == 0;
        const std::optional<SandboxIdentity> &as = m_request.identity;
        const QString who = as ? QStringLiteral(" as uid %1").arg(as->uid) : QString();
        const UserNamespaceDiagnosis d =
            ok ? UserNamespaceDiagnosis{}
               : diagnoseUserNamespaces(readUserNamespaceSysctls(m_options.procSysDir), QString::fromUtf8(err),
                                        m_seed->program());
        QString observed = ok ? QStringLiteral("exit 0%1").arg(who)
                              : QStringLiteral("exit %1%2: %3").arg(code).arg(who, QString::fromUtf8(err.trimmed()));
        if (d.blocked())
            observed += QLatin1String("; ") + d.explanation;
        const QString tooOld = bwrapTooOld(QString::fromUtf8(err));
        Q_EMIT finished(DoctorCheck{name, ok, observed,
                                    d.blocked()         ? d.fixLines()
                                    : !tooOld.isEmpty() ? tooOld
                                                        : QStringLiteral("bwrap could not start the sandbox; see the error")});
    });
    connect(m_seed, &QProcess::errorOccurred, this, [this, name](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return;
        Q_EMIT finished(DoctorCheck{name, false, m_seed->errorString(), QStringLiteral("install bubblewrap (apt install bubblewrap)")});
    });
    m_seed->start();
}

} // namespace

QString BwrapBackend::name() const
{
    return QStringLiteral("bwrap");
}

const char *BwrapBackend::description() const
{
    return QT_TRANSLATE_NOOP("sandmark::SandboxBackend", "bubblewrap namespaces (Linux)");
}

DoctorCheck BwrapBackend::availability() const
{
    DoctorCheck row = SandboxBackend::availability();
    if (row.ok)
        return row;
    // A kernel switch forbids user namespaces: the cause, then each fix.
    const UserNamespaceDiagnosis d =
        diagnoseUserNamespaces(readUserNamespaceSysctls(m_options.procSysDir), QString(), resolvedBwrap(m_options));
    if (d.blocked()) {
        row.detail = d.explanation;
        row.fix = d.fixLines();
    }
    return row;
}

DoctorStep *BwrapBackend::createDoctorStep(const DoctorStepRequest &request, QObject *parent) const
{
    return new SeedStep(m_options, request, parent);
}

QString BwrapBackend::doctorFix(const QString &name) const
{
    if (name.startsWith(QLatin1String("network")))
        return QStringLiteral("bwrap must run with --unshare-all (network namespace); check that nothing wraps bwrap "
                              "with a shared network");
    if (name.startsWith(QLatin1String("filesystem")) && !name.startsWith(QLatin1String("filesystem: working")))
        return QStringLiteral("system folders must be bound with --ro-bind and / remounted read-only");
    if (name.startsWith(QLatin1String("privileges: no nested user namespaces")))
        return QStringLiteral("bwrap must run with --disable-userns (bubblewrap 0.8 or newer)");
    if (name.startsWith(QLatin1String("privileges")))
        return QStringLiteral("run Sandmark as a normal user, or as root with the sandmark-sandbox user; bwrap must use "
                              "--unshare-user --cap-drop ALL");
    if (name == QLatin1String("probe: runs inside the sandbox"))
        return QStringLiteral("see the error; `sandmark-cli doctor` must pass before grading");
    if (name.startsWith(QLatin1String("limits: run cgroup")))
        return cgroupFix();
    return SandboxBackend::doctorFix(name);
}

bool BwrapBackend::doctorHitsRunCgroupLimits() const
{
    return cgroupsWanted();
}

Expected<void> BwrapBackend::check() const
{
    const QString bwrap = resolvedBwrap(m_options);
    if (bwrap.isEmpty())
        return Error{QString(), QStringLiteral("sandbox bwrap"),
                     QStringLiteral("bubblewrap (bwrap) is not installed: install bubblewrap (apt install bubblewrap, "
                                    "dnf install bubblewrap), or choose --sandbox docker")};
    // Switches that stop every unprivileged bwrap; AppArmor's restriction shows only when bwrap runs.
    const UserNamespaceDiagnosis d =
        diagnoseUserNamespaces(readUserNamespaceSysctls(m_options.procSysDir), QString(), bwrap);
    if (d.blocked())
        return Error{m_options.procSysDir + QLatin1Char('/') + QString(d.sysctl).replace(QLatin1Char('.'), QLatin1Char('/')),
                     QStringLiteral("sandbox bwrap"), d.oneLine()};
    // Fail closed: a run without its cgroup would have no real memory, process or CPU limit.
    if (Expected<CgroupRoute> route = cgroupRoute(); !route)
        return route.error();
    return {};
}

Expected<LaunchPlan> BwrapBackend::plan(const RunRequest &request) const
{
    const QString bwrap = resolvedBwrap(m_options);
    if (bwrap.isEmpty())
        return check().error();
    Expected<QString> python = pythonInsideSandbox(request);
    if (!python)
        return python.error();

    const QString runDir = QFileInfo(request.workDir).absolutePath();
    const auto identity = request.identity ? request.identity : sandboxIdentity();
    const Expected<QString> etcDir =
        writePrivateEtc(runDir, identity ? identity->uid : ::getuid(), identity ? identity->gid : ::getgid());
    if (!etcDir)
        return etcDir.error();
    // Sandmark's own runtime, as a user too (bwrap would only say it cannot find the source of a bind).
    if (!request.runtimeDir.isEmpty())
        if (std::optional<Error> missing = missingBoundFolder(request, request.runtimeDir, QStringLiteral("sandbox bwrap")))
            return *missing;
    if (identity)
        if (Expected<void> reached = checkSandboxUserReaches(request, *etcDir, *identity); !reached)
            return reached.error();

    LaunchPlan plan;
    plan.backend = name();
    plan.program = bwrap;
    plan.explainStartFailure = [procSysDir = m_options.procSysDir, bwrap](int exitCode, const QByteArray &err) {
        return explainBwrapStartFailure(procSysDir, bwrap, exitCode, err);
    };
    plan.arguments = isolationArguments()
                     << QStringLiteral("--clearenv") << QStringLiteral("--hostname") << QStringLiteral("sandmark");
    plan.arguments << filesystemArguments(request, *etcDir) << commandArguments(request, *python);
    // bwrap itself gets a minimal environment; --clearenv resets the sandbox's anyway.
    plan.environment = {QStringLiteral("PATH=/usr/bin:/bin"), QStringLiteral("LANG=C.UTF-8")};
    plan.workingDirectory = runDir;
    plan.dropTo = identity;
    plan.limits = request.limits;
    // Memory (tmpfs and page cache included), processes and CPU: a cgroup of the run's own (docs/sandbox.md).
    // Never a run without it unless it is turned off (SANDMARK_CGROUPS=off: rlimits only, said in the record).
    if (!cgroupsWanted()) {
        plan.cgroupMode = QStringLiteral("off");
    } else if (::geteuid() == 0) {
        Expected<std::shared_ptr<RunCgroup>> cgroup = RunCgroup::create(request.limits);
        if (!cgroup)
            return cgroup.error();
        plan.cgroup = *cgroup;
        plan.cgroupMode = plan.cgroup->version();
        plan.applyNproc = false; // pids.max counts the run's tasks; RLIMIT_NPROC would stop a fork first, uncounted
    } else {
        Expected<CgroupRoute> route = cgroupRoute();
        if (!route)
            return route.error();
        // systemd's user manager makes a transient scope with the limits and runs bwrap in it (systemd-run(1),
        // systemd.resource-control(5)); the scope goes when its last process does.
        const QString systemdRun = QStandardPaths::findExecutable(QStringLiteral("systemd-run"));
        const Limits &lim = request.limits;
        plan.arguments = QStringList{QStringLiteral("--user"), QStringLiteral("--scope"), QStringLiteral("--quiet"),
                                     QStringLiteral("--collect"),
                                     QStringLiteral("-p"), QStringLiteral("MemoryMax=%1").arg(lim.memoryBytes),
                                     QStringLiteral("-p"), QStringLiteral("MemorySwapMax=0"),
                                     QStringLiteral("-p"), QStringLiteral("TasksMax=%1").arg(lim.processes),
                                     QStringLiteral("-p"), QStringLiteral("CPUQuota=%1%").arg(std::max(1, qRound(lim.cpus * 100))),
                                     QStringLiteral("--"), bwrap}
                         + plan.arguments;
        plan.program = systemdRun;
        plan.environment = QProcessEnvironment::systemEnvironment().toStringList(); // XDG_RUNTIME_DIR, DBUS_*
        plan.cgroupMode = QStringLiteral("systemd-scope");
        plan.applyNproc = false;
    }
    plan.killAfterS = request.limits.wallTimeoutS + request.limits.interruptGraceS + m_options.killMarginS;
    plan.stdoutCapBytes = stdoutCapFor(request.limits, request.job.size());
    return plan;
}

} // namespace sandmark::detail
