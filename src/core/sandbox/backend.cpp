#include "sandbox/backend.h"

#include "sandbox/backends_p.h"
#include "sandbox/sandbox_log.h"
#include "sandbox/sandboxrun.h"
#include "util/paths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QRandomGenerator>
#include <QStandardPaths>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>
#include <pwd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

Q_LOGGING_CATEGORY(lcSandbox, "sandmark.sandbox", QtInfoMsg)

namespace sandmark {

std::optional<SandboxIdentity> sandboxIdentity()
{
    if (::geteuid() != 0)
        return std::nullopt;
    if (const struct passwd *pw = ::getpwnam("sandmark-sandbox"); pw && pw->pw_uid != 0)
        return SandboxIdentity{pw->pw_uid, pw->pw_gid, QStringLiteral("sandmark-sandbox")};
    return SandboxIdentity{4000000, 4000000, QString()};
}

namespace {

/// Kills every process whose uid is `uid`: a leased uid owns nothing but one run's processes, so whatever
/// still runs as it when the lease ends (a probe whose bwrap parent was killed before its child could set
/// its parent-death signal, a daemon that left its session) or when a slot is taken again after its owner
/// died is an orphan. A forked child takes the uid and sends kill(-1, SIGKILL), which reaches every process
/// the uid may signal — in any pid or user namespace — but not the sender; one system call, so a fork bomb
/// cannot outrun it. Root only; blocks for the child's few milliseconds.
void killEveryProcessOf(uint uid)
{
    if (uid == 0 || ::geteuid() != 0)
        return; // never as root's own uid (that would be every process), and only root can take another uid
    const pid_t child = ::fork();
    if (child == 0) {
        // Raw system calls: only async-signal-safe work after fork() in a threaded process.
        if (::syscall(SYS_setresuid, uid, uid, uid) != 0)
            ::_exit(1);
        ::kill(-1, SIGKILL);
        ::_exit(0);
    }
    if (child < 0) {
        qCWarning(lcSandbox) << "cannot fork to end the processes of uid" << uid << ":" << ::strerror(errno);
        return;
    }
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
}

} // namespace

SandboxIdentityLease::~SandboxIdentityLease()
{
    killEveryProcessOf(m_identity.uid);
    if (m_lock)
        m_lock->unlock();
}

QString SandboxIdentityLease::lockDir()
{
    const QString machine = QStringLiteral("/run/sandmark/uids");
    if (QDir().mkpath(machine) && QFileInfo(machine).isWritable())
        return machine;
    return paths::cacheDir() + QLatin1String("/uids");
}

namespace {
constexpr uint kLeaseBase = 4100000;
constexpr uint kLeaseSlots = 1024;
} // namespace

int SandboxIdentityLease::reclaimAbandoned()
{
    if (::geteuid() != 0)
        return 0;
    const QString dir = lockDir();
    int reclaimed = 0;
    const QStringList names = QDir(dir).entryList({QStringLiteral("*.lock")}, QDir::Files);
    for (const QString &name : names) {
        bool ok = false;
        const uint uid = name.chopped(5).toUInt(&ok);
        if (!ok || uid < kLeaseBase || uid >= kLeaseBase + kLeaseSlots)
            continue;
        QLockFile lock(dir + QLatin1Char('/') + name);
        lock.setStaleLockTime(0); // stale only when the owner died
        if (!lock.tryLock(0))
            continue; // a live owner's lease
        killEveryProcessOf(uid); // what the killed owner's runs left running as this uid
        lock.unlock();           // and its lock file goes
        ++reclaimed;
    }
    if (reclaimed > 0)
        qCDebug(lcSandbox) << "reclaimed" << reclaimed << "uid lease(s) of killed processes in" << dir;
    return reclaimed;
}

std::shared_ptr<SandboxIdentityLease> SandboxIdentityLease::acquire()
{
    if (::geteuid() != 0)
        return nullptr;
    const QString dir = lockDir();
    if (!QDir().mkpath(dir))
        return nullptr;
    static std::once_flag reclaimOnce; // the first lease of a process: what killed processes left
    std::call_once(reclaimOnce, [] { reclaimAbandoned(); });
    const uint start = QRandomGenerator::global()->bounded(kLeaseSlots);
    for (uint i = 0; i < kLeaseSlots; ++i) {
        const uint slot = (start + i) % kLeaseSlots;
        auto lock = std::make_unique<QLockFile>(dir + QStringLiteral("/%1.lock").arg(kLeaseBase + slot));
        lock->setStaleLockTime(0); // stale only when the owner died
        if (!lock->tryLock(0))
            continue;
        killEveryProcessOf(kLeaseBase + slot); // what a killed owner's runs left running as this uid
        std::shared_ptr<SandboxIdentityLease> lease(new SandboxIdentityLease);
        lease->m_identity = SandboxIdentity{kLeaseBase + slot, kLeaseBase + slot, QString()};
        lease->m_lock = std::move(lock);
        return lease;
    }
    return nullptr;
}

std::optional<SandboxIdentity> identityFor(const std::shared_ptr<SandboxIdentityLease> &lease)
{
    if (lease)
        return lease->identity();
    return sandboxIdentity();
}

QMap<QString, QString> sandboxEnvironment(const QString &home, const QString &pathValue, const QString &hfHome,
                                          const QMap<QString, QString> &extra)
{
    QMap<QString, QString> env{
        {QStringLiteral("HOME"), home},
        {QStringLiteral("PATH"), pathValue},
        {QStringLiteral("LANG"), QStringLiteral("C.UTF-8")},
        {QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8")},
        {QStringLiteral("MPLBACKEND"), QStringLiteral("Agg")},
        {QStringLiteral("MALLOC_ARENA_MAX"), QStringLiteral("2")},
        {QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1")},
        {QStringLiteral("PYTHONUNBUFFERED"), QStringLiteral("1")},
        {QStringLiteral("OPENBLAS_NUM_THREADS"), QStringLiteral("1")},
        {QStringLiteral("TERM"), QStringLiteral("dumb")},
    };
    if (!hfHome.isEmpty()) {
        env.insert(QStringLiteral("HF_HOME"), hfHome);
        env.insert(QStringLiteral("HF_HUB_OFFLINE"), QStringLiteral("1"));
        env.insert(QStringLiteral("HF_DATASETS_OFFLINE"), QStringLiteral("1"));
        env.insert(QStringLiteral("TRANSFORMERS_OFFLINE"), QStringLiteral("1"));
    }
    for (auto it = extra.cbegin(); it != extra.cend(); ++it)
        if (!env.contains(it.key()))
            env.insert(it.key(), it.value());
    return env;
}

qint64 stdoutCapFor(const Limits &limits, qint64 jobBytes)
{
    // The executed notebook repeats the job's notebook plus capped outputs (JSON escaping can double
    // them; images are base64 text, which needs no escaping); the payload is capped by the probe and the
    // capture budget; 16 MiB for the record and slack.
    return 2 * jobBytes + 3 * limits.outputTotalBytes + limits.outputImagesTotalBytes + 2 * limits.probeBytes
           + 2 * limits.captureBytes + 16LL * 1024 * 1024;
}

QString SandboxBackend::runtimeDirInside(const QString &) const
{
    return QLatin1String(detail::kSandboxRuntime);
}

QString SandboxBackend::defaultPython() const
{
    return paths::defaultPython();
}

DoctorCheck SandboxBackend::availability() const
{
    const QString row = QStringLiteral("backend available");
    if (Expected<void> c = check(); !c) {
        // The message is the fix: said once, in `fix`; the detail keeps where it was found (the file, the place).
        const Error &e = c.error();
        return {row, false, Error{e.file, e.location, QString()}.toString().chopped(e.file.isEmpty() && e.location.isEmpty() ? 0 : 2),
                e.message};
    }
    return {row, true, name(), QString()};
}

DoctorStep *SandboxBackend::createDoctorStep(const DoctorStepRequest &, QObject *) const
{
    return nullptr;
}

QStringList SandboxBackend::doctorHiddenPaths() const
{
    return {QDir::homePath()};
}

QString SandboxBackend::doctorFix(const QString &name) const
{
    if (name.startsWith(QLatin1String("filesystem: working")))
        return QStringLiteral("the run folder must be writable by the sandbox uid (root: the sandmark-sandbox user)");
    if (name.startsWith(QLatin1String("visibility")))
        return QStringLiteral("only the run's working folder may be bound into the sandbox; keep the cache folder "
                              "(SANDMARK_CACHE_DIR) separate from assignment and home folders");
    if (name.contains(QLatin1String("RLIMIT_NPROC")))
        return QStringLiteral("RLIMIT_NPROC is not enforced for root: create the sandbox user (useradd --system "
                              "sandmark-sandbox, scripts/bootstrap does it)");
    if (name.startsWith(QLatin1String("limits")))
        return QStringLiteral("the limits are set in the child before exec (setrlimit); a container runtime may "
                              "cap or override them");
    return {};
}

SandboxRun *SandboxBackend::createRun(const RunRequest &request, QObject *parent) const
{
    Expected<LaunchPlan> p = plan(request);
    if (!p) {
        // An unstartable plan still gives a run object, which fails on start(): one code path for callers.
        LaunchPlan broken;
        broken.backend = name();
        broken.program = QStringLiteral("/nonexistent/sandmark-plan-failed");
        auto *run = new SandboxRun(broken, request.job, parent);
        run->setStartError(p.error());
        return run;
    }
    p->watchedFolder = request.workDir;
    return new SandboxRun(std::move(p.value()), request.job, parent);
}

namespace detail {

QString blockingDirectory(const QString &path, const SandboxIdentity &id)
{
    QString p = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    QStringList chain;
    for (QString cur = p; !cur.isEmpty(); cur = QFileInfo(cur).path()) {
        chain.prepend(cur);
        if (cur == QLatin1String("/"))
            break;
    }
    for (int i = 0; i < chain.size(); ++i) {
        struct stat st{};
        if (::stat(QFile::encodeName(chain.at(i)).constData(), &st) != 0)
            return chain.at(i);
        const bool last = i == chain.size() - 1;
        const mode_t need = S_ISDIR(st.st_mode) ? (last ? 05 : 01) : 04; // r-x for the target dir
        mode_t have;
        if (st.st_uid == id.uid)
            have = (st.st_mode >> 6) & 07;
        else if (st.st_gid == id.gid)
            have = (st.st_mode >> 3) & 07;
        else
            have = st.st_mode & 07;
        if ((have & need) != need)
            return chain.at(i);
    }
    return {};
}

Expected<QString> pythonInsideSandbox(const RunRequest &request)
{
    const QString python = QDir::cleanPath(request.python);
    if (!request.envPrefix.isEmpty()) {
        const QString prefix = QDir::cleanPath(request.envPrefix);
        if (python.startsWith(prefix + QLatin1Char('/')))
            return QLatin1String(kSandboxEnv) + python.mid(prefix.size());
    }
    for (const char *sys : {"/usr/", "/bin/"}) {
        if (python.startsWith(QLatin1String(sys)))
            return python;
    }
    return Error{python, QString(),
                 QStringLiteral("the interpreter is neither under /usr nor inside the environment, so the sandbox "
                                "cannot see it; use /usr/bin/python3 or an environment built by Sandmark")};
}

QString resolvedBwrap(const BackendOptions &options)
{
    const QString found = QStandardPaths::findExecutable(options.bwrapPath);
    if (found.isEmpty())
        return {};
    const QString canonical = QFileInfo(found).canonicalFilePath();
    return canonical.isEmpty() ? found : canonical;
}

QStringList toEnvList(const QMap<QString, QString> &env)
{
    QStringList out;
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        out << it.key() + QLatin1Char('=') + it.value();
    return out;
}

} // namespace detail
} // namespace sandmark
