#include "sandbox/sandboxrun.h"

#include "sandbox/executionrecord_p.h"

#include "sandbox/backends_p.h"
#include "sandbox/cgroup.h"
#include "sandbox/sandbox_log.h"
#include "sandbox/workdir.h"
#include "util/coretext.h"
#include "util/json_p.h"
#include "util/processgroup.h"

#include <QDir>
#include <QFile>
#include <QMultiHash>
#include <QSet>
#include <QThreadPool>

#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstring>

namespace sandmark {

namespace {

constexpr qint64 kStderrTailBytes = 64 * 1024;

/// Processes the uid already has: RLIMIT_NPROC counts them too, so a non-root user's desktop session
/// would otherwise eat the sandbox's budget.
int processesOfUid(uid_t uid)
{
    int count = 0;
    const QDir proc(QStringLiteral("/proc"));
    const QStringList entries = proc.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &e : entries) {
        bool isPid = false;
        e.toInt(&isPid);
        if (!isPid)
            continue;
        const QFileInfo fi(proc.filePath(e));
        if (fi.ownerId() == uid)
            ++count;
    }
    return count;
}

void childWrite(const char *msg)
{
    ssize_t r = ::write(2, msg, std::strlen(msg));
    (void)r;
}

/// The record of a run that ended without the runner's answer for a reason that is the submission's outcome
/// (docs/runner-protocol.md's record, with no cells): `status`, the kernel dead with `reason` (also in
/// `messages`; `killed`: the reason is said elsewhere in the record, so grading does not repeat it), and
/// `extra` merged in.
ExecutionRecord recordWithoutAnswer(const QString &status, const QString &reason, bool killed, double durationS)
{
    return ExecutionRecord::withoutAnswer(status, reason, killed, durationS);
}

/// Starts a container run's kill command (`docker rm -f NAME`) in `p`, in a process group of its own that is killed
/// as a whole when the engine has not answered within kDockerQueryTimeoutS: an engine that never answers must
/// neither hold the run's report for ever nor leave behind what its CLI started.
void launchKillCommand(QProcess *p, const QStringList &command)
{
    p->setProgram(command.first());
    p->setArguments(command.mid(1));
    startInOwnProcessGroup(p);
    p->start();
    QTimer::singleShot(kDockerQueryTimeoutS * 1000, p, [p]() {
        if (p->state() == QProcess::NotRunning)
            return;
        qCWarning(lcSandbox) << p->program() << "did not answer within" << kDockerQueryTimeoutS << "s; killing it";
        killProcessGroup(p);
    });
}

} // namespace

namespace detail {

QString lastLine(const QByteArray &text)
{
    const QList<QByteArray> lines = text.trimmed().split('\n');
    for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
        const QByteArray l = it->trimmed();
        if (!l.isEmpty())
            return QString::fromUtf8(l);
    }
    return {};
}

void setUpChild(QProcess *process, const LaunchPlan &plan)
{
    // Everything the child modifier uses is computed here: after fork only async-signal-safe calls.
    const Limits lim = plan.limits;
    const bool drop = plan.dropTo.has_value();
    const uid_t uid = drop ? plan.dropTo->uid : 0;
    const gid_t gid = drop ? plan.dropTo->gid : 0;
    const bool setNproc = plan.applyNproc && (drop || ::geteuid() != 0);
    rlim_t nproc = static_cast<rlim_t>(lim.processes);
    if (setNproc && !drop)
        nproc += static_cast<rlim_t>(processesOfUid(::geteuid()));
    const bool setAs = plan.applyAs;
    const rlim_t asBytes = static_cast<rlim_t>(lim.memoryBytes);
    const rlim_t nofile = static_cast<rlim_t>(lim.openFiles);
    const rlim_t fsize = static_cast<rlim_t>(lim.fileSizeBytes);
    // The run's cgroup: its cgroup.procs files, written "0" (the writing process itself) before anything else, so
    // that bwrap and everything it starts are inside before any of it runs.
    const std::vector<std::string> joinPaths = plan.cgroup ? plan.cgroup->joinPaths() : std::vector<std::string>{};

    process->setChildProcessModifier([=]() {
        for (const std::string &procs : joinPaths) {
            const int fd = ::open(procs.c_str(), O_WRONLY | O_CLOEXEC);
            const bool joined = fd >= 0 && ::write(fd, "0", 1) == 1;
            if (fd >= 0)
                ::close(fd);
            if (!joined) {
                childWrite("sandmark: cannot join the run's cgroup before starting the sandbox\n");
                ::_exit(126);
            }
        }
        auto setLimit = [](int resource, rlim_t value) {
            const struct rlimit rl = {value, value};
            return ::setrlimit(resource, &rl) == 0;
        };
        bool ok = setLimit(RLIMIT_CORE, 0) && setLimit(RLIMIT_NOFILE, nofile) && setLimit(RLIMIT_FSIZE, fsize);
        if (ok && setAs)
            ok = setLimit(RLIMIT_AS, asBytes);
        if (ok && setNproc)
            ok = setLimit(RLIMIT_NPROC, nproc);
        if (!ok) {
            childWrite("sandmark: setrlimit failed before starting the sandbox\n");
            ::_exit(126);
        }
        ::setpgid(0, 0); // one process group: the kill reaches everything that did not leave it
        // The sandbox is Sandmark's to stop (SIGKILL of its tree on cancel, timeout or sandmark's death). Slurm
        // (scancel, time limit, preemption) and systemd send SIGTERM to every process of the job at once: only
        // sandmark-cli may act on it, cancelling the batch and keeping what finished. A kernel killed by it first
        // would be recorded as a failed run. Ignored dispositions survive exec, into bwrap, the runner and kernel.
        struct sigaction ignore {};
        ignore.sa_handler = SIG_IGN;
        ::sigaction(SIGTERM, &ignore, nullptr);
        if (drop) {
            if (::setgroups(0, nullptr) != 0 || ::setgid(gid) != 0 || ::setuid(uid) != 0 || ::getuid() != uid) {
                childWrite("sandmark: cannot drop to the sandbox uid (setgroups/setgid/setuid failed)\n");
                ::_exit(126);
            }
        }
        // After setuid: a credential change clears the parent-death signal.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    });
}

QList<pid_t> processTree(pid_t root)
{
    // parent → children, from /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces and ')'.
    QMultiHash<pid_t, pid_t> children;
    const QStringList pids = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &name : pids) {
        bool numeric = false;
        const pid_t pid = static_cast<pid_t>(name.toLongLong(&numeric));
        if (!numeric)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(name));
        if (!stat.open(QIODevice::ReadOnly))
            continue; // gone meanwhile
        const QByteArray line = stat.readAll();
        const qsizetype close = line.lastIndexOf(')');
        const QList<QByteArray> rest = line.mid(close + 2).split(' ');
        if (close < 0 || rest.size() < 2)
            continue;
        children.insert(static_cast<pid_t>(rest.at(1).toLongLong()), pid);
    }
    QList<pid_t> tree{root};
    for (qsizetype i = 0; i < tree.size(); ++i)
        tree += children.values(tree.at(i));
    return tree;
}

void killProcessTree(qint64 root)
{
    if (root <= 0)
        return;
    const pid_t top = static_cast<pid_t>(root);
    ::kill(top, SIGSTOP);
    const QList<pid_t> tree = processTree(top);
    for (qsizetype i = tree.size() - 1; i >= 0; --i) // the deepest first, the root last
        ::kill(tree.at(i), SIGKILL);
}

qint64 unlinkedBytesHeld(const QList<pid_t> &processes, dev_t device)
{
    qint64 bytes = 0;
    QSet<quint64> seen; // one file open many times counts once
    for (const pid_t pid : processes) {
        const QString fdDir = QStringLiteral("/proc/%1/fd").arg(pid);
        const QStringList fds = QDir(fdDir).entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot);
        for (const QString &fd : fds) {
            struct stat st {};
            if (::stat(QFile::encodeName(fdDir + QLatin1Char('/') + fd).constData(), &st) != 0)
                continue; // closed meanwhile
            if (!S_ISREG(st.st_mode) || st.st_nlink != 0 || st.st_dev != device)
                continue;
            if (!seen.contains(quint64(st.st_ino))) {
                seen.insert(quint64(st.st_ino));
                bytes += qint64(st.st_blocks) * 512;
            }
        }
    }
    return bytes;
}

} // namespace detail

/// The last measurement of the run's folder; written by the worker thread, read by the run's thread.
struct SandboxRun::DiskWatch
{
    std::atomic<bool> measuring{false};
    std::atomic<qint64> baseline{-1}; ///< the first measurement, started with the run: what it began with
    std::atomic<qint64> bytes{0};
    std::atomic<bool> tooManyEntries{false};
};

namespace {
/// Measurements of run folders: a pool of their own, so that a batch's busy global pool never delays them.
QThreadPool &diskWatchPool()
{
    static QThreadPool pool;
    pool.setMaxThreadCount(2);
    return pool;
}
} // namespace

SandboxRun::SandboxRun(LaunchPlan plan, QByteArray job, QObject *parent)
    : QObject(parent), m_plan(std::move(plan)), m_job(std::move(job)), m_disk(std::make_shared<DiskWatch>())
{
    m_wallClock.setSingleShot(true);
    connect(&m_wallClock, &QTimer::timeout, this, &SandboxRun::onWallClock);
    m_diskWatch.setInterval(kDiskWatchIntervalMs);
    connect(&m_diskWatch, &QTimer::timeout, this, &SandboxRun::onDiskWatch);
}

SandboxRun::~SandboxRun()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->disconnect(this);
        if (m_killer)
            m_killer->disconnect(this);
        killSandbox();
        m_process->waitForFinished(3000); // reap: the kill above is immediate
        if (!m_plan.killCommand.isEmpty()) {
            QStringList cmd = m_plan.killCommand; // the container may have been created after the first kill
            const QString program = cmd.takeFirst();
            QProcess::startDetached(program, cmd);
        }
    }
    if (m_killer && m_killer->state() != QProcess::NotRunning && !m_killer->waitForFinished(10000))
        killProcessGroup(m_killer);
}

bool SandboxRun::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

void SandboxRun::start()
{
    if (m_process || m_done)
        return;
    if (m_startError) {
        QTimer::singleShot(0, this, [this]() {
            if (m_done)
                return;
            m_done = true;
            Q_EMIT failed(*m_startError);
        });
        return;
    }
    m_process = new QProcess(this);
    m_process->setProgram(m_plan.program);
    m_process->setArguments(m_plan.arguments);
    m_process->setEnvironment(m_plan.environment);
    if (!m_plan.workingDirectory.isEmpty())
        m_process->setWorkingDirectory(m_plan.workingDirectory);

    detail::setUpChild(m_process, m_plan);

    connect(m_process, &QProcess::readyReadStandardOutput, this, &SandboxRun::onReadyStdout);
    connect(m_process, &QProcess::readyReadStandardError, this, &SandboxRun::onReadyStderr);
    connect(m_process, &QProcess::finished, this, &SandboxRun::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &SandboxRun::onErrorOccurred);
    connect(m_process, &QProcess::started, this, [this]() {
        m_pid = m_process->processId();
        if (!m_held)
            sendJob();
    });

    qCDebug(lcSandbox) << "starting" << m_plan.backend << "sandbox:" << m_plan.program
                       << m_plan.arguments.join(QLatin1Char(' ')) << (m_held ? "(held until released)" : "");
    m_elapsed.start();
    m_process->start();
    if (!m_plan.watchedFolder.isEmpty()) {
        m_diskWatch.start();
        onDiskWatch(); // the baseline, measured before the kernel can have started
    }
}

void SandboxRun::sendJob()
{
    m_elapsed.start();
    if (m_plan.killAfterS > 0)
        m_wallClock.start(static_cast<int>(m_plan.killAfterS * 1000));
    m_process->write(m_job);
    m_process->closeWriteChannel();
}

void SandboxRun::release()
{
    if (!m_held)
        return;
    m_held = false;
    if (m_process && m_process->state() == QProcess::Running && !m_done)
        sendJob(); // else the started signal sends it (or the run already ended)
}

void SandboxRun::cancel()
{
    if (m_done)
        return;
    m_cancelled = true;
    if (isRunning()) {
        killSandbox(); // failed() follows from onFinished
    } else {
        fail(QStringLiteral("the run was cancelled"));
    }
}

void SandboxRun::onReadyStdout()
{
    const QByteArray chunk = m_process->readAllStandardOutput();
    if (m_stdoutOverflow)
        return;
    if (m_plan.stdoutCapBytes > 0 && m_stdout.size() + chunk.size() > m_plan.stdoutCapBytes) {
        m_stdoutOverflow = true;
        m_stdout.clear();
        qCWarning(lcSandbox) << "runner stdout exceeded" << m_plan.stdoutCapBytes << "bytes; killing the sandbox";
        killSandbox();
        return;
    }
    m_stdout += chunk;
}

void SandboxRun::onReadyStderr()
{
    m_stderr += m_process->readAllStandardError();
    if (m_stderr.size() > 2 * kStderrTailBytes)
        m_stderr = m_stderr.right(kStderrTailBytes);
}

void SandboxRun::onWallClock()
{
    if (!isRunning())
        return;
    qCWarning(lcSandbox) << "wall clock reached after" << m_plan.killAfterS << "s; killing the sandbox";
    m_killedByWallClock = true;
    killSandbox();
}

void SandboxRun::onDiskWatch()
{
    if (!isRunning() || !m_diskLimitHit.isEmpty())
        return;
    // The previous measurement decides; a new one starts when none is under way (a slow walk is never doubled).
    const qint64 limit = m_plan.limits.diskBytes;
    if (m_disk->tooManyEntries)
        m_diskLimitHit = QStringLiteral("the run created more than %1 files and folders in its working folder (disk "
                                        "limit); the sandbox was killed")
                             .arg(kDiskWatchMaxEntries);
    else if (const qint64 written = m_disk->bytes - std::max<qint64>(0, m_disk->baseline); written > limit)
        m_diskLimitHit = QStringLiteral("the run wrote %1 bytes into its working folder, more than the disk limit "
                                        "(disk_bytes = %2); the sandbox was killed")
                             .arg(written)
                             .arg(limit);
    if (!m_diskLimitHit.isEmpty()) {
        qCWarning(lcSandbox) << m_diskLimitHit;
        m_diskWatch.stop();
        killSandbox();
        return;
    }
    if (m_disk->measuring.exchange(true))
        return;
    diskWatchPool().start([disk = m_disk, folder = m_plan.watchedFolder, root = pid_t(m_pid)]() {
        const FolderUsage usage = measureFolder(folder, kDiskWatchMaxEntries);
        // Files the run deleted but keeps open still fill the disk: the run's processes' open files count too.
        struct stat st {};
        const qint64 held = root > 0 && ::stat(QFile::encodeName(folder).constData(), &st) == 0
                                ? detail::unlinkedBytesHeld(detail::processTree(root), st.st_dev)
                                : 0;
        qint64 unset = -1;
        disk->baseline.compare_exchange_strong(unset, usage.bytes);
        disk->bytes = usage.bytes + held;
        disk->tooManyEntries = usage.truncated;
        disk->measuring = false;
    });
}

void SandboxRun::startKillCommand()
{
    if (m_plan.killCommand.isEmpty() || (m_killer && m_killer->state() != QProcess::NotRunning))
        return;
    delete m_killer;
    m_killer = new QProcess(this);
    m_killer->setProcessChannelMode(QProcess::MergedChannels);
    launchKillCommand(m_killer, m_plan.killCommand);
}

void SandboxRun::killSandbox()
{
    m_killRequested = true;
    startKillCommand();
    // The pid is known as soon as start() forked, before started() is delivered: a run destroyed right after
    // start() (the window closed during the doctor's probe) must reach its sandbox too.
    const qint64 pid = m_pid > 0 ? m_pid : (m_process ? m_process->processId() : 0);
    if (pid > 0) {
        detail::killProcessTree(pid);                // bwrap's sandbox init is in a session of its own
        ::kill(static_cast<pid_t>(-pid), SIGKILL); // the rest of the group (local-unsafe's kernel)
    }
    if (m_process)
        m_process->kill();
}

void SandboxRun::onErrorOccurred(QProcess::ProcessError error)
{
    if (error == QProcess::FailedToStart) {
        fail(QStringLiteral("cannot start %1: %2").arg(m_plan.program, m_process->errorString()));
    }
}

void SandboxRun::onFinished(int exitCode, QProcess::ExitStatus status)
{
    m_wallClock.stop();
    m_diskWatch.stop();
    onReadyStdout();
    onReadyStderr();
    // Whatever is left in the process group (local-unsafe kernels and their children) goes too.
    if (m_pid > 0)
        ::kill(static_cast<pid_t>(-m_pid), SIGKILL);
    if (m_done)
        return;
    if (m_killRequested && !m_plan.killCommand.isEmpty()) {
        // Docker: the client is gone, but the container may outlive it (created after the first kill, or
        // still being torn down). Remove it again and report only when that finished: none is left behind.
        auto *last = new QProcess(this);
        connect(last, &QProcess::finished, this, [this, last, exitCode, status]() {
            last->deleteLater();
            complete(exitCode, status);
        });
        connect(last, &QProcess::errorOccurred, this, [this, last, exitCode, status](QProcess::ProcessError e) {
            if (e != QProcess::FailedToStart)
                return;
            last->deleteLater();
            complete(exitCode, status);
        });
        auto startLast = [this, last]() { launchKillCommand(last, m_plan.killCommand); };
        if (m_killer && m_killer->state() != QProcess::NotRunning)
            connect(m_killer, &QProcess::finished, this, startLast);
        else
            startLast();
        return;
    }
    complete(exitCode, status);
}

Expected<void> readRunnerAnswer(const QByteArray &answer, RunResult &result)
{
    const QString file = QStringLiteral("the runner's answer");
    const Expected<nlohmann::json> doc = jsonutil::parse<nlohmann::json>(answer, file);
    if (!doc)
        return doc.error();
    const nlohmann::json &d = *doc;
    if (jsonutil::stringOr(d, "format") != "sandmark-result/1" || !d.contains("record") || !d["record"].is_object())
        return Error{file, {}, QStringLiteral("not a sandmark-result/1 document")};
    result.record = ExecutionRecordAccess::fromObject(d["record"]);
    result.payloadJson = d.contains("payload") ? QByteArray::fromStdString(d["payload"].dump()) : QByteArrayLiteral("null");
    result.notebookJson = d.contains("notebook") && d["notebook"].is_object() ? QByteArray::fromStdString(d["notebook"].dump(1))
                                                                              : QByteArray();
    for (const nlohmann::json &t : jsonutil::arrayOr(d, "profile"))
        if (t.is_array() && t.size() == 3 && t[0].is_string() && t[1].is_number() && t[2].is_number())
            result.profile.append({QString::fromStdString(t[0].get<std::string>()), t[1].get<double>(), t[2].get<double>()});
    return {};
}

void SandboxRun::finishCgroup()
{
    if (!m_plan.cgroup || m_cgroupStats)
        return;
    const CgroupStats stats = m_plan.cgroup->stats();
    m_plan.cgroup->finish();
    m_cgroupStats = stats;
    m_oomKills = std::max<qint64>(0, stats.oomKills);
}

namespace {
/// The reason of a run whose processes the OOM killer ended at its cgroup's memory limit.
QString memoryLimitReason(const Limits &limits, qint64 kills)
{
    return coretext::text(coretext::memoryLimitReached)
        .arg(limits.memoryBytes)
        .arg(kills);
}
} // namespace

void SandboxRun::complete(int exitCode, QProcess::ExitStatus status)
{
    if (m_done)
        return;
    finishCgroup(); // nothing of the run is left when it reports, whatever the outcome
    if (m_cancelled) {
        fail(QStringLiteral("the run was cancelled"));
        return;
    }
    if (m_stdoutOverflow) {
        fail(QStringLiteral("the runner's answer exceeded %1 bytes; the sandbox was killed").arg(m_plan.stdoutCapBytes));
        return;
    }

    RunResult result;
    result.backend = m_plan.backend;
    result.unsafe = m_plan.unsafe;
    result.exitCode = status == QProcess::NormalExit ? exitCode : -1;
    result.killed = m_killedByWallClock;
    result.durationS = static_cast<double>(m_elapsed.elapsed()) / 1000.0;
    result.log = m_stderr.right(kStderrTailBytes);

    bool parsed = false;
    QString parseError;
    if (!m_stdout.trimmed().isEmpty()) {
        if (Expected<void> r = readRunnerAnswer(m_stdout, result))
            parsed = true;
        else
            parseError = r.error().toString();
    }

    if (!m_diskLimitHit.isEmpty()) {
        // Killed for what it wrote: the submission's outcome, whatever the runner may have answered before.
        result.killed = true;
        result.record = recordWithoutAnswer(QStringLiteral("kernel-died"), m_diskLimitHit, false, result.durationS);
        result.record.addLimitHit(QStringLiteral("disk"));
        result.payloadJson = QByteArrayLiteral("null");
        result.notebookJson.clear();
    } else if (!parsed) {
        if (const std::optional<QString> failure = recordUnanswered(exitCode, status, parseError, result)) {
            fail(*failure);
            return;
        }
    }
    addSandboxFacts(result.record);
    m_done = true;
    Q_EMIT finished(result);
}

std::optional<QString> SandboxRun::recordUnanswered(int exitCode, QProcess::ExitStatus status, const QString &parseError,
                                                    RunResult &result) const
{
    const int sig = exitCode - 128; // the signal that ended the sandbox's process, as a shell reports it
    const bool bySignal = status == QProcess::NormalExit && sig > 0 && sig < 65;
    if (m_killedByWallClock) {
        const double wall = m_plan.limits.wallTimeoutS;
        const QString reason = QStringLiteral("whole-run time limit (timeout_s = %1 s) reached; the sandbox was killed").arg(wall);
        result.record = recordWithoutAnswer(QStringLiteral("wall-timeout"), reason, false, result.durationS);
        result.record.addLimitHit(QStringLiteral("wall-clock"));
        result.record.setWallClockKilled(wall);
        result.payloadJson = QByteArrayLiteral("null");
    } else if (m_oomKills > 0 && bySignal) {
        // The OOM killer ended the runner (or all of the run) at the cgroup's memory limit: the submission's
        // outcome, said as such (never interference, never a grader error).
        result.record = recordWithoutAnswer(QStringLiteral("kernel-died"), memoryLimitReason(m_plan.limits, m_oomKills),
                                            false, result.durationS);
        result.payloadJson = QByteArrayLiteral("null");
    } else if (bySignal && (!m_plan.explainStartFailure || m_plan.explainStartFailure(exitCode, m_stderr).isEmpty())) {
        // The runner was killed by a signal Sandmark did not send (its own kills are the wall clock's and a
        // cancel's, handled above): the notebook's code runs as the same user in the sandbox and can kill it,
        // and the memory limit's OOM killer acts for it. The submission's outcome, for a person to look at;
        // never a grader error, and no answer means no check is graded.
        const QString reason = QStringLiteral("the grading runner was killed by %1 before it answered (the notebook's "
                                              "code can kill it, or the memory limit's OOM killer)")
                                   .arg(sig == SIGKILL ? QStringLiteral("SIGKILL") : QStringLiteral("signal %1").arg(sig));
        result.record = recordWithoutAnswer(QStringLiteral("kernel-died"), reason, true, result.durationS);
        result.record.setInterference({reason});
        result.payloadJson = QByteArrayLiteral("null");
    } else if (status != QProcess::NormalExit) {
        return QStringLiteral("the sandbox was killed by a signal before the runner answered: %1").arg(detail::lastLine(m_stderr));
    } else if (exitCode == 2) {
        return QStringLiteral("the runner refused the job as malformed: %1").arg(detail::lastLine(m_stderr));
    } else if (const QString why = m_plan.explainStartFailure ? m_plan.explainStartFailure(exitCode, m_stderr) : QString();
               !why.isEmpty()) {
        return why;
    } else if (exitCode != 0) {
        return QStringLiteral("the runner failed (exit status %1): %2").arg(exitCode).arg(detail::lastLine(m_stderr));
    } else {
        return parseError.isEmpty() ? QStringLiteral("the runner exited without an answer") : parseError;
    }
    return std::nullopt;
}

void SandboxRun::addSandboxFacts(ExecutionRecord &record) const
{
    record.setUnsafe(m_plan.unsafe);
    record.setSandbox(m_plan.backend);
    if (!m_plan.cgroupMode.isEmpty())
        record.setCgroup(m_cgroupStats, m_plan.cgroupMode,
                         m_plan.cgroupMode == QLatin1String("off") ? coretext::text(coretext::runCgroupOff) : QString());
    if (m_oomKills > 0) {
        // The memory limit was hit: said in the record whatever the runner answered (a killed kernel: its reason
        // says why; a killed child process of the notebook: a message).
        const QString why = memoryLimitReason(m_plan.limits, m_oomKills);
        record.addLimitHit(QStringLiteral("memory"));
        const KernelRecord kernel = record.kernel();
        const QString reason = kernel.reason.value_or(QString());
        if (kernel.died && !reason.contains(why))
            record.setKernelReason(reason.isEmpty() ? why : reason + QLatin1String("; ") + why);
        record.appendMessage(why);
    }
    if (m_killedByWallClock) {
        record.addLimitHit(QStringLiteral("wall-clock"));
        record.setStatus(QStringLiteral("wall-timeout"));
    }
    if (m_plan.unsafe)
        record.prependMessage(QStringLiteral("UNSAFE: local-unsafe backend, the notebook ran without a sandbox "
                                             "(resource limits only)"));
}

void SandboxRun::fail(const QString &message)
{
    if (m_done)
        return;
    finishCgroup();
    m_done = true;
    m_wallClock.stop();
    m_diskWatch.stop();
    Q_EMIT failed(Error{QString(), QStringLiteral("sandbox %1").arg(m_plan.backend), message});
}

} // namespace sandmark
