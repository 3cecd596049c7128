#include "sandbox/doctor.h"

#include "env/dockerimage.h"
#include "sandbox/backend.h"
#include "sandbox/cgroup.h"
#include "sandbox/sandbox_log.h"
#include "sandbox/sandboxrun.h"
#include "sandbox/workdir.h"
#include "util/coretext.h"
#include "util/json_p.h"
#include "util/paths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTcpServer>
#include <QTemporaryDir>

#include <cerrno>
#include <cmath>

namespace sandmark {

using nlohmann::json; // keys sorted, as the probes' jobs have always been written

bool DoctorReport::allOk() const
{
    if (checks.isEmpty())
        return false;
    for (const DoctorCheck &c : checks) {
        if (!c.ok)
            return false;
    }
    return true;
}

Doctor::Doctor(SandboxKind kind, DoctorOptions options, QObject *parent)
    : QObject(parent), m_options(std::move(options)), m_backend(createBackend(kind, m_options.backendOptions))
{
    if (m_options.python.isEmpty())
        m_options.python = m_backend->defaultPython();
    if (m_options.runtimeDir.isEmpty())
        m_options.runtimeDir = paths::pythonRuntimeDir();
    if (m_options.dockerImage.isEmpty())
        m_options.dockerImage = defaultDockerBaseImage();
    m_report.backend = m_backend->name();
}

Doctor::~Doctor() = default; // m_step, a child, stops what it started

void Doctor::add(const QString &name, bool ok, const QString &detail, const QString &fix)
{
    m_report.checks << DoctorCheck{name, ok, detail, ok ? QString() : fix};
}

void Doctor::start()
{
    const DoctorCheck available = m_backend->availability();
    add(available.name, available.ok, available.detail, available.fix);
    if (!available.ok) {
        finish();
        return;
    }
    if (!m_backend->fixedIdentity())
        m_lease = SandboxIdentityLease::acquire();
    m_step = m_backend->createDoctorStep(DoctorStepRequest{identityFor(m_lease), m_options.limits, m_options.dockerImage}, this);
    if (!m_step) {
        runProbe();
        return;
    }
    connect(m_step, &DoctorStep::finished, this, [this](const DoctorCheck &row) {
        add(row.name, row.ok, row.detail, row.fix);
        if (row.ok)
            runProbe();
        else
            finish(); // nothing more can run
    });
    m_step->start();
}

void Doctor::runProbe()
{
    const QString probe = m_options.runtimeDir + QLatin1String("/sandmark_doctor_probe.py");
    if (!QFileInfo::exists(probe)) {
        // Chosen by SANDMARK_DATA_DIR, the variable is the cause: setting it is no fix.
        const QString dataDir = qEnvironmentVariable("SANDMARK_DATA_DIR");
        add(coretext::text(coretext::probeAvailable), false, coretext::text(coretext::isMissing).arg(probe),
            dataDir.isEmpty() ? coretext::text(coretext::reinstallRuntime) : coretext::text(coretext::pointDataDir).arg(dataDir));
        finish();
        return;
    }
    m_server = new QTcpServer(this);
    if (!m_server->listen(QHostAddress::LocalHost)) {
        add(coretext::text(coretext::probeHostListener), false, m_server->errorString(), QString());
        finish();
        return;
    }
    m_fakeAssignment = std::make_unique<QTemporaryDir>(paths::cacheDir() + QLatin1String("/doctor-assignment-XXXXXX"));
    if (m_fakeAssignment->isValid()) {
        QFile f(m_fakeAssignment->filePath(QStringLiteral("assignment.json")));
        if (f.open(QIODevice::WriteOnly))
            f.write("{\"doctor\": true}\n");
        QFile::setPermissions(m_fakeAssignment->path(), QFile::permissions(m_fakeAssignment->path()) | QFile::ExeOther
                                                            | QFile::ReadOther);
    }
    const std::optional<SandboxIdentity> fixed = m_backend->fixedIdentity();
    const std::optional<SandboxIdentity> identity = fixed ? fixed : identityFor(m_lease);
    WorkdirSpec other;
    other.runsRoot = m_options.runsRoot;
    Expected<RunFolder> otherRun = prepareRunFolder(other);
    WorkdirSpec spec;
    spec.runsRoot = m_options.runsRoot;
    spec.sandboxOwner = fixed && ::geteuid() != 0 ? std::nullopt : identity;
    Expected<RunFolder> folder = prepareRunFolder(spec);
    if (otherRun)
        m_runFolders << otherRun->root;
    if (folder)
        m_runFolders << folder->root;
    if (!folder) {
        add(coretext::text(coretext::probeRunFolder), false, folder.error().toString(), QString());
        finish();
        return;
    }
    json hidden = json::array({m_fakeAssignment->path().toStdString(),
                               m_fakeAssignment->filePath(QStringLiteral("assignment.json")).toStdString()});
    for (const QString &p : m_backend->doctorHiddenPaths())
        hidden.push_back(p.toStdString());
    if (otherRun) {
        hidden.push_back(otherRun->root.toStdString());
        hidden.push_back(otherRun->work.toStdString());
    }
    const Limits &lim = m_options.limits;
    json limits{{"as", lim.memoryBytes}, {"nofile", lim.openFiles}, {"fsize", lim.fileSizeBytes}};
    // RLIMIT_NPROC: set where no cgroup of the run's own counts its tasks (runLimitsProbe() proves pids.max).
    if (!fixed && (identity || ::geteuid() != 0) && !m_backend->doctorHitsRunCgroupLimits())
        limits["nproc"] = lim.processes + (identity ? 0 : 100000); // own uid: shared count
    json job{{"host_port", m_server->serverPort()}, {"hidden", std::move(hidden)}, {"limits", std::move(limits)}};
    if (m_backend->doctorChecksCgroupLimits())
        job["cgroup"] = {{"memory", lim.memoryBytes}, {"pids", lim.processes}, {"cpus", lim.cpus}};
    RunRequest req;
    req.job = QByteArray::fromStdString(jsonutil::qtCompact(job));
    req.workDir = folder->work;
    req.runtimeDir = m_options.runtimeDir;
    req.script = QStringLiteral("sandmark_doctor_probe.py");
    req.python = m_options.python;
    req.dockerImage = m_options.dockerImage;
    req.limits = lim;
    req.limits.wallTimeoutS = 60;
    if (!fixed)
        req.identity = identity;
    m_run = m_backend->createRun(req, this);
    connect(m_run, &SandboxRun::finished, this, &Doctor::onProbeFinished);
    connect(m_run, &SandboxRun::failed, this, [this](const Error &e) {
        const QString name = coretext::text(coretext::probeRuns);
        add(name, false, e.toString(), m_backend->doctorFix(name));
        finish();
    });
    m_run->start();
}

void Doctor::onProbeFinished(const RunResult &result)
{
    add(coretext::text(coretext::probeRuns), true, coretext::text(coretext::seconds).arg(result.durationS, 0, 'f', 2), QString());
    for (const ProbeCheckRecord &c : result.record.probeChecks())
        add(c.name, c.ok, c.detail, m_backend->doctorFix(c.name));
    if (m_server && m_server->hasPendingConnections())
        add(coretext::text(coretext::listenerSawNothing), false, coretext::text(coretext::connectionReachedHost),
            m_backend->doctorFix(QStringLiteral("network")));
    // Turned off: said, as a row that passes (the choice is the user's; docs/sandbox.md).
    if (result.record.cgroupMode() == QLatin1String("off"))
        add(coretext::text(coretext::runCgroup), true, coretext::text(coretext::runCgroupOff), QString());
    if (m_backend->doctorHitsRunCgroupLimits()) {
        runLimitsProbe();
        return;
    }
    finish();
}

namespace {
/// The limits of the doctor's second probe: small, so that each is hit in a second or so.
Limits limitsProbeLimits(Limits lim)
{
    lim.memoryBytes = 192LL * 1024 * 1024;
    lim.diskBytes = 512LL * 1024 * 1024;     // /tmp larger than the memory limit: the cgroup must stop the writer
    lim.fileSizeBytes = 512LL * 1024 * 1024;
    lim.processes = 32;
    lim.cpus = 0.5;
    lim.wallTimeoutS = 30;
    return lim;
}
} // namespace

void Doctor::runLimitsProbe()
{
    const QString probe = m_options.runtimeDir + QLatin1String("/sandmark_limits_probe.py");
    const QString name = coretext::text(coretext::runCgroup);
    if (!QFileInfo::exists(probe)) {
        add(name, false, coretext::text(coretext::isMissing).arg(probe), coretext::text(coretext::reinstallRuntime));
        finish();
        return;
    }
    const std::optional<SandboxIdentity> identity = identityFor(m_lease);
    WorkdirSpec spec;
    spec.runsRoot = m_options.runsRoot;
    spec.sandboxOwner = identity;
    Expected<RunFolder> folder = prepareRunFolder(spec);
    if (!folder) {
        add(name, false, folder.error().toString(), QString());
        finish();
        return;
    }
    m_runFolders << folder->root;
    const Limits lim = limitsProbeLimits(m_options.limits);
    RunRequest req;
    req.job = QByteArray::fromStdString(jsonutil::qtCompact(json{{"cpu_seconds", 1.5}, {"pids", lim.processes}, {"fill_bytes", lim.diskBytes}}));
    req.workDir = folder->work;
    req.runtimeDir = m_options.runtimeDir;
    req.script = QStringLiteral("sandmark_limits_probe.py");
    req.python = m_options.python;
    req.limits = lim;
    req.identity = identity;
    m_limitsRun = m_backend->createRun(req, this);
    connect(m_limitsRun, &SandboxRun::finished, this, &Doctor::onLimitsProbeFinished);
    connect(m_limitsRun, &SandboxRun::failed, this, [this, name](const Error &e) {
        add(name, false, e.toString(), m_backend->doctorFix(name));
        finish();
    });
    m_limitsRun->start();
}

void Doctor::onLimitsProbeFinished(const RunResult &result)
{
    const Limits lim = limitsProbeLimits(m_options.limits);
    const CgroupStats cg = result.record.cgroup().value_or(CgroupStats{});
    const std::optional<LimitsProbeRecord> probe = result.record.limitsProbe();
    if (!probe) {
        const QString name = coretext::text(coretext::runCgroup);
        const QStringList messages = result.record.messages();
        add(name, false, messages.isEmpty() ? result.status() : messages.first(), m_backend->doctorFix(name));
        finish();
        return;
    }
    // Memory: /tmp is a tmpfs, memory the run's cgroup counts; the writer is stopped (killed, or refused) near the limit.
    const qint64 written = probe->memoryWritten;
    const int sig = probe->memorySignal;
    const QString how = sig > 0 ? (sig == 9 ? QStringLiteral("SIGKILL") : QStringLiteral("signal %1").arg(sig))
                                : QStringLiteral("errno %1").arg(probe->memoryErrno);
    const bool memoryOk = cg.memoryMax == lim.memoryBytes && written <= lim.memoryBytes
                          && (sig == 9 || probe->memoryErrno == ENOMEM) && (cg.oomKills > 0 || cg.memoryFailures > 0);
    const QString memName = coretext::text(coretext::runCgroupMemory);
    add(memName, memoryOk,
        coretext::text(coretext::runCgroupMemoryDetail)
            .arg(cg.memoryMax)
            .arg(written >> 20)
            .arg(how)
            .arg(cg.oomKills),
        m_backend->doctorFix(memName));
    // Processes: fork() refused (EAGAIN) below pids.max, and the cgroup counted the refusal.
    const int forked = probe->pidsForked;
    const int err = probe->pidsErrno;
    const bool pidsOk = cg.pidsMax == lim.processes && err == EAGAIN && forked < lim.processes && cg.pidsRefused > 0;
    const QString pidsName = coretext::text(coretext::runCgroupPids);
    add(pidsName, pidsOk,
        coretext::text(coretext::runCgroupPidsDetail).arg(cg.pidsMax).arg(forked).arg(err).arg(cg.pidsRefused),
        m_backend->doctorFix(pidsName));
    // CPU: the quota reads back, and a busy loop got no more CPU time than quota × wall time (a loaded machine may
    // give it less; then it was not throttled, which is fine).
    const double wall = probe->cpuWallS;
    const double used = probe->cpuS;
    const double quota = cg.cpus;
    const bool cpuOk = std::abs(quota - lim.cpus) < 0.01 && wall > 0 && used <= lim.cpus * wall + 0.1;
    const QString cpuName = coretext::text(coretext::runCgroupCpu);
    add(cpuName, cpuOk,
        coretext::text(coretext::runCgroupCpuDetail)
            .arg(quota)
            .arg(used, 0, 'f', 2)
            .arg(wall, 0, 'f', 2)
            .arg(wall > 0 ? used / wall : 0, 0, 'f', 2)
            .arg(cg.cpuThrottled),
        m_backend->doctorFix(cpuName));
    finish();
}

void Doctor::finish()
{
    if (m_done)
        return;
    m_done = true;
    if (m_run && m_run->isRunning()) // finish() after a failure: nothing keeps the probe's folders
        m_run->cancel();
    if (m_limitsRun && m_limitsRun->isRunning())
        m_limitsRun->cancel();
    for (const QString &root : std::as_const(m_runFolders))
        QDir(root).removeRecursively(); // the probe's run folders are not results: nothing is kept
    m_runFolders.clear();
    // Always from the event loop, never inside start(): a caller connects, calls start() and then waits in
    // its loop, which a report emitted synchronously (a backend that is not there) would never reach — the
    // CLI's doctor hung forever exactly when the sandbox was broken (report F7).
    QMetaObject::invokeMethod(this, [this]() { Q_EMIT finished(m_report); }, Qt::QueuedConnection);
}

} // namespace sandmark
