// A cgroup per bwrap run. Kernel documentation: Documentation/admin-guide/cgroup-v2.rst (memory.max,
// memory.events, pids.max, cpu.max, cgroup.kill, "no internal process" rule) and cgroup-v1/{memory,pids}.rst
// (memory.limit_in_bytes, memory.memsw.limit_in_bytes, memory.oom_control, pids.events, cpu.cfs_quota_us).
#include "sandbox/cgroup.h"

#include "sandbox/sandbox_log.h"
#include "util/coretext.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QStandardPaths>
#include <QThread>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sandmark {

namespace {

constexpr qint64 kCpuPeriodUs = 100000;

/// The first line of a small kernel file, trimmed; null when it cannot be read.
QByteArray readFirstLine(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QByteArray all = f.read(64 * 1024);
    const qsizetype nl = all.indexOf('\n');
    return (nl < 0 ? all : all.left(nl)).trimmed();
}

/// The value of `key` in a "key value" file (memory.events, cpu.stat, memory.oom_control); -1 when absent.
qint64 keyedValue(const QString &path, const QByteArray &key)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QList<QByteArray> lines = f.read(64 * 1024).split('\n');
    for (const QByteArray &l : lines) {
        const QList<QByteArray> parts = l.simplified().split(' ');
        if (parts.size() == 2 && parts.at(0) == key)
            return parts.at(1).toLongLong();
    }
    return -1;
}

qint64 numberIn(const QString &path)
{
    const QByteArray v = readFirstLine(path);
    if (v.isNull())
        return -1;
    if (v == "max")
        return std::numeric_limits<qint64>::max();
    bool ok = false;
    const qint64 n = v.toLongLong(&ok);
    return ok ? n : -1;
}

/// Writes `value` to a cgroup control file; an Error naming the file and errno's text.
Expected<void> writeControl(const QString &path, const QByteArray &value)
{
    const QByteArray p = QFile::encodeName(path);
    const int fd = ::open(p.constData(), O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return Error{path, QStringLiteral("sandbox bwrap"), QString::fromLocal8Bit(std::strerror(errno))};
    const ssize_t n = ::write(fd, value.constData(), size_t(value.size()));
    const int err = errno;
    ::close(fd);
    if (n != value.size())
        return Error{path, QStringLiteral("sandbox bwrap"),
                     QStringLiteral("cannot write %1: %2").arg(QString::fromLatin1(value), QString::fromLocal8Bit(std::strerror(err)))};
    return {};
}

/// This process's cgroup in the hierarchy of `controller` (v1), or in the unified one (`controller` empty), from
/// /proc/self/cgroup; "/" when not found.
QString ownCgroup(const QString &controller)
{
    QFile f(QStringLiteral("/proc/self/cgroup"));
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("/");
    for (const QByteArray &line : f.readAll().split('\n')) {
        const QList<QByteArray> parts = line.split(':');
        if (parts.size() < 3)
            continue;
        const QString path = QString::fromUtf8(line.mid(parts.at(0).size() + parts.at(1).size() + 2));
        if (controller.isEmpty() ? parts.at(0) == "0" && parts.at(1).isEmpty()
                                 : QString::fromLatin1(parts.at(1)).split(QLatin1Char(',')).contains(controller))
            return path.isEmpty() ? QStringLiteral("/") : path;
    }
    return QStringLiteral("/");
}

/// The folder of `controller`'s v1 hierarchy under `root` (`root`/memory, `root`/cpu or `root`/cpu,cpuacct); empty
/// when there is none.
QString v1Hierarchy(const QString &root, const QString &controller)
{
    QStringList names{controller};
    if (controller == QLatin1String("cpu"))
        names << QStringLiteral("cpu,cpuacct") << QStringLiteral("cpuacct,cpu");
    for (const QString &n : names)
        if (QFileInfo::exists(root + QLatin1Char('/') + n + QLatin1String("/cgroup.procs")))
            return root + QLatin1Char('/') + n;
    return {};
}

/// The unified hierarchy under `root` that has the memory, pids and cpu controllers: `root` itself (pure v2) or
/// `root`/unified (hybrid, when the controllers were moved there); empty when none.
QString v2Hierarchy(const QString &root)
{
    for (const QString &dir : {root, root + QLatin1String("/unified")}) {
        const QByteArray controllers = readFirstLine(dir + QLatin1String("/cgroup.controllers"));
        if (controllers.isNull())
            continue;
        const QList<QByteArray> list = controllers.split(' ');
        if (list.contains("memory") && list.contains("pids") && list.contains("cpu"))
            return dir;
    }
    return {};
}

std::atomic<int> g_runCounter{0};

/// Run cgroups finish() could not remove yet (a zombie the host's init had not reaped kept them busy); removed by a
/// later create() or finish(). Guarded by g_staleMutex.
QStringList g_stale;
QMutex g_staleMutex;

/// Removes what is left of earlier runs: the folders g_stale holds, and under `base` (a "sandmark" folder) those of
/// Sandmark processes that are gone (`run-<pid>-<n>` with no process <pid>), their processes killed first.
void removeStale(const QString &base)
{
    QStringList candidates;
    {
        QMutexLocker lock(&g_staleMutex);
        candidates = std::exchange(g_stale, {});
    }
    const QStringList runs = QDir(base).entryList({QStringLiteral("run-*")}, QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &name : runs) {
        const pid_t owner = pid_t(name.section(QLatin1Char('-'), 1, 1).toLongLong());
        if (owner > 0 && ::kill(owner, 0) != 0 && errno == ESRCH)
            candidates << base + QLatin1Char('/') + name;
    }
    QStringList left;
    for (const QString &dir : std::as_const(candidates)) {
        QFile procs(dir + QLatin1String("/cgroup.procs"));
        if (procs.open(QIODevice::ReadOnly))
            for (const QByteArray &l : procs.readAll().split('\n'))
                if (const pid_t pid = pid_t(l.trimmed().toLongLong()); pid > 0)
                    ::kill(pid, SIGKILL);
        if (::rmdir(QFile::encodeName(dir).constData()) != 0 && errno != ENOENT)
            left << dir;
    }
    if (!left.isEmpty()) {
        QMutexLocker lock(&g_staleMutex);
        g_stale << left;
    }
}

QString joinPath(const QString &a, const QString &b)
{
    return QDir::cleanPath(a + QLatin1Char('/') + b);
}

Error cgroupError(const Error &cause)
{
    return Error{cause.file, QStringLiteral("sandbox bwrap"),
                 coretext::text(coretext::cgroupCreateFailed)
                     .arg(cause.message, cgroupFix())};
}

} // namespace

bool cgroupsWanted()
{
    const QByteArray v = qgetenv(kCgroupsEnv).trimmed().toLower();
    return !(v == "off" || v == "0" || v == "no" || v == "false");
}

QString cgroupMountRoot()
{
    const QString env = qEnvironmentVariable(kCgroupRootEnv);
    return env.isEmpty() ? QStringLiteral("/sys/fs/cgroup") : env;
}

QString cgroupFix()
{
    return coretext::text(coretext::fixRunCgroup).arg(QLatin1String(kCgroupsEnv));
}

Expected<std::shared_ptr<RunCgroup>> RunCgroup::create(const Limits &limits, const QString &mountRoot)
{
    std::shared_ptr<RunCgroup> cg(new RunCgroup);
    const QString runName = QStringLiteral("run-%1-%2").arg(QCoreApplication::applicationPid()).arg(g_runCounter.fetch_add(1));
    auto mkdirOne = [&cg](const QString &dir) -> Expected<void> {
        if (::mkdir(QFile::encodeName(dir).constData(), 0755) != 0 && errno != EEXIST)
            return Error{dir, QString(), QString::fromLocal8Bit(std::strerror(errno))};
        return {};
    };
    const qint64 quota = std::max<qint64>(1000, qint64(limits.cpus * double(kCpuPeriodUs)));
    const QByteArray memory = QByteArray::number(limits.memoryBytes);
    const QByteArray pids = QByteArray::number(limits.processes);

    if (const QString v2 = v2Hierarchy(mountRoot); !v2.isEmpty()) {
        cg->m_v2 = true;
        // "No internal processes": the controllers are enabled only in a cgroup without processes. Sandmark's own
        // cgroup has one (Sandmark), so its runs go into a sibling, "sandmark", under the same parent (at the root,
        // where the rule does not apply: under it).
        const QString own = ownCgroup(QString());
        const QString parent = own == QLatin1String("/") ? v2 : joinPath(v2, QFileInfo(own).path());
        const QString base = joinPath(parent, QStringLiteral("sandmark"));
        const QByteArray enable = "+memory +pids +cpu";
        if (own == QLatin1String("/"))
            if (Expected<void> w = writeControl(parent + QLatin1String("/cgroup.subtree_control"), enable); !w)
                return cgroupError(w.error());
        if (Expected<void> m = mkdirOne(base); !m)
            return cgroupError(m.error());
        if (Expected<void> w = writeControl(base + QLatin1String("/cgroup.subtree_control"), enable); !w)
            return cgroupError(w.error());
        removeStale(base);
        const QString dir = joinPath(base, runName);
        if (Expected<void> m = mkdirOne(dir); !m)
            return cgroupError(m.error());
        cg->m_dirs << dir;
        cg->m_procs.push_back(QFile::encodeName(dir + QLatin1String("/cgroup.procs")).toStdString());
        for (const auto &[file, value] : {std::pair{"memory.max", memory}, std::pair{"pids.max", pids},
                                          std::pair{"cpu.max", QByteArray::number(quota) + ' ' + QByteArray::number(kCpuPeriodUs)}})
            if (Expected<void> w = writeControl(dir + QLatin1Char('/') + QLatin1String(file), value); !w)
                return cgroupError(w.error());
        if (QFileInfo::exists(dir + QLatin1String("/memory.swap.max")))
            if (Expected<void> w = writeControl(dir + QLatin1String("/memory.swap.max"), "0"); !w)
                return cgroupError(w.error());
        return cg;
    }

    // cgroup v1: one folder per hierarchy, under this process's own cgroup there (its limits keep applying).
    struct Part
    {
        const char *controller;
        QList<std::pair<QString, QByteArray>> writes;
    };
    const QList<Part> parts = {
        {"memory", {{QStringLiteral("memory.limit_in_bytes"), memory}, {QStringLiteral("memory.memsw.limit_in_bytes"), memory}}},
        {"pids", {{QStringLiteral("pids.max"), pids}}},
        {"cpu", {{QStringLiteral("cpu.cfs_period_us"), QByteArray::number(kCpuPeriodUs)}, {QStringLiteral("cpu.cfs_quota_us"), QByteArray::number(quota)}}},
    };
    for (const Part &part : parts) {
        const QString controller = QLatin1String(part.controller);
        const QString hierarchy = v1Hierarchy(mountRoot, controller);
        if (hierarchy.isEmpty())
            return cgroupError(Error{mountRoot, QString(),
                                     QStringLiteral("no cgroup v2 with the memory, pids and cpu controllers, and no cgroup "
                                                    "v1 %1 hierarchy")
                                         .arg(controller)});
        QString own = joinPath(hierarchy, ownCgroup(controller));
        if (!QFileInfo(own).isDir())
            own = hierarchy; // another mount namespace's view: its root
        const QString base = joinPath(own, QStringLiteral("sandmark"));
        const QString dir = joinPath(base, runName);
        if (Expected<void> m = mkdirOne(base); !m)
            return cgroupError(m.error());
        removeStale(base);
        if (Expected<void> m = mkdirOne(dir); !m)
            return cgroupError(m.error());
        cg->m_dirs << dir;
        cg->m_procs.push_back(QFile::encodeName(dir + QLatin1String("/cgroup.procs")).toStdString());
        for (const auto &[file, value] : part.writes) {
            const QString path = dir + QLatin1Char('/') + file;
            if (file == QLatin1String("memory.memsw.limit_in_bytes") && !QFileInfo::exists(path))
                continue; // no swap accounting: there is no swap to limit either
            if (Expected<void> w = writeControl(path, value); !w)
                return cgroupError(w.error());
        }
    }
    return cg;
}

RunCgroup::~RunCgroup()
{
    finish();
}

QList<pid_t> RunCgroup::processes() const
{
    QList<pid_t> out;
    for (const QString &dir : m_dirs) {
        QFile f(dir + QLatin1String("/cgroup.procs"));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        for (const QByteArray &l : f.readAll().split('\n')) {
            bool ok = false;
            const pid_t pid = pid_t(l.trimmed().toLongLong(&ok));
            if (ok && pid > 0 && !out.contains(pid))
                out << pid;
        }
    }
    return out;
}

CgroupStats RunCgroup::stats() const
{
    CgroupStats s;
    s.version = version();
    if (m_dirs.isEmpty())
        return s;
    if (m_v2) {
        const QString d = m_dirs.first() + QLatin1Char('/');
        s.memoryMax = numberIn(d + QLatin1String("memory.max"));
        s.memoryPeak = numberIn(d + QLatin1String("memory.peak"));
        s.oomKills = keyedValue(d + QLatin1String("memory.events"), "oom_kill");
        s.memoryFailures = keyedValue(d + QLatin1String("memory.events"), "max");
        s.pidsMax = numberIn(d + QLatin1String("pids.max"));
        s.pidsRefused = keyedValue(d + QLatin1String("pids.events"), "max");
        const QList<QByteArray> cpu = readFirstLine(d + QLatin1String("cpu.max")).split(' ');
        if (cpu.size() == 2 && cpu.at(0) != "max" && cpu.at(1).toDouble() > 0)
            s.cpus = cpu.at(0).toDouble() / cpu.at(1).toDouble();
        s.cpuThrottled = keyedValue(d + QLatin1String("cpu.stat"), "nr_throttled");
        const qint64 usage = keyedValue(d + QLatin1String("cpu.stat"), "usage_usec");
        s.cpuUsageS = usage >= 0 ? double(usage) / 1e6 : -1;
        return s;
    }
    for (const QString &dir : m_dirs) {
        const QString d = dir + QLatin1Char('/');
        if (QFileInfo::exists(d + QLatin1String("memory.limit_in_bytes"))) {
            s.memoryMax = numberIn(d + QLatin1String("memory.limit_in_bytes"));
            s.memoryPeak = numberIn(d + QLatin1String("memory.max_usage_in_bytes"));
            s.oomKills = keyedValue(d + QLatin1String("memory.oom_control"), "oom_kill");
            s.memoryFailures = numberIn(d + QLatin1String("memory.failcnt"));
        }
        if (QFileInfo::exists(d + QLatin1String("pids.max"))) {
            s.pidsMax = numberIn(d + QLatin1String("pids.max"));
            s.pidsRefused = keyedValue(d + QLatin1String("pids.events"), "max");
        }
        if (QFileInfo::exists(d + QLatin1String("cpu.cfs_quota_us"))) {
            const qint64 quota = numberIn(d + QLatin1String("cpu.cfs_quota_us"));
            const qint64 period = numberIn(d + QLatin1String("cpu.cfs_period_us"));
            if (quota > 0 && period > 0)
                s.cpus = double(quota) / double(period);
            s.cpuThrottled = keyedValue(d + QLatin1String("cpu.stat"), "nr_throttled");
            const qint64 usage = numberIn(d + QLatin1String("cpuacct.usage")); // cpu,cpuacct: nanoseconds
            s.cpuUsageS = usage >= 0 ? double(usage) / 1e9 : -1;
        }
    }
    return s;
}

bool RunCgroup::finish()
{
    if (m_finished)
        return true;
    // Whatever is left (the sandbox's processes are normally gone with bwrap's pid namespace): killed, then the
    // folders removed once the kernel has let go of them (rmdir fails with EBUSY while a task is still inside).
    for (int attempt = 0; attempt < 200; ++attempt) {
        if (m_v2 && !m_dirs.isEmpty() && QFileInfo::exists(m_dirs.first() + QLatin1String("/cgroup.kill")))
            (void)writeControl(m_dirs.first() + QLatin1String("/cgroup.kill"), "1");
        for (const pid_t pid : processes())
            ::kill(pid, SIGKILL);
        bool allGone = true;
        for (const QString &dir : std::as_const(m_dirs))
            if (::rmdir(QFile::encodeName(dir).constData()) != 0 && errno != ENOENT)
                allGone = false;
        if (allGone) {
            m_finished = true;
            return true;
        }
        QThread::msleep(10);
    }
    // Busy still (a zombie of the run that the host's init has not reaped yet): a later run removes it.
    qCWarning(lcSandbox) << "cannot remove the run's cgroup yet" << m_dirs << ":" << processes().size()
                         << "processes left; a later run removes it";
    {
        QMutexLocker lock(&g_staleMutex);
        for (const QString &dir : std::as_const(m_dirs))
            if (QFileInfo::exists(dir))
                g_stale << dir;
    }
    m_finished = true;
    return false;
}

Expected<CgroupRoute> cgroupRoute(const QString &mountRoot)
{
    if (!cgroupsWanted())
        return CgroupRoute::Off;
    if (::geteuid() == 0) {
        Limits probe;
        Expected<std::shared_ptr<RunCgroup>> cg = RunCgroup::create(probe, mountRoot);
        if (!cg)
            return cg.error();
        (*cg)->finish();
        return CgroupRoute::Direct;
    }
    // A user: systemd's user manager makes a scope with the limits, if it can enforce them.
    auto refuse = [](const QString &why) {
        return Error{QString(), QStringLiteral("sandbox bwrap"),
                     coretext::text(coretext::cgroupSystemdRefused).arg(why, cgroupFix())};
    };
    if (QStandardPaths::findExecutable(QStringLiteral("systemd-run")).isEmpty())
        return refuse(QStringLiteral("systemd-run is not installed"));
    QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    if (runtime.isEmpty())
        runtime = QStringLiteral("/run/user/%1").arg(::getuid());
    if (!QFileInfo::exists(runtime + QLatin1String("/systemd/private")))
        return refuse(QStringLiteral("no systemd user manager answers at %1/systemd/private; log in through a session "
                                     "that starts one, or `loginctl enable-linger`")
                          .arg(runtime));
    const QString own = ownCgroup(QString());
    const QString service = QStringLiteral("user@%1.service").arg(::getuid());
    const qsizetype at = own.indexOf(service);
    if (at < 0 || !QFileInfo::exists(mountRoot + QLatin1String("/cgroup.controllers")))
        return refuse(QStringLiteral("not cgroup v2 with a user manager's cgroup (%1)").arg(own));
    const QByteArray controllers =
        readFirstLine(joinPath(mountRoot, own.left(at + service.size())) + QLatin1String("/cgroup.controllers"));
    const QList<QByteArray> list = controllers.split(' ');
    for (const char *c : {"memory", "pids", "cpu"})
        if (!list.contains(c))
            return refuse(QStringLiteral("the %1 controller is not delegated to the user manager (it has: %2); "
                                         "systemctl edit user@.service: [Service] Delegate=cpu memory pids")
                              .arg(QLatin1String(c), QString::fromLatin1(controllers)));
    return CgroupRoute::SystemdScope;
}

} // namespace sandmark
