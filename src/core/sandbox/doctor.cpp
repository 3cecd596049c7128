#include "sandbox/doctor.h"

#include "env/dockerimage.h"
#include "sandbox/backend.h"
#include "sandbox/sandbox_log.h"
#include "sandbox/sandboxrun.h"
#include "sandbox/workdir.h"
#include "util/coretext.h"
#include "util/paths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTemporaryDir>

namespace sandmark {

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
        add(coretext::text(coretext::probeAvailable), false, coretext::text(coretext::isMissing).arg(probe),
            coretext::text(coretext::reinstallRuntime));
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
    QJsonArray hidden{m_fakeAssignment->path(), m_fakeAssignment->filePath(QStringLiteral("assignment.json"))};
    for (const QString &p : m_backend->doctorHiddenPaths())
        hidden << p;
    if (otherRun) {
        hidden << otherRun->root << otherRun->work;
    }
    const Limits &lim = m_options.limits;
    QJsonObject limits{{QStringLiteral("as"), static_cast<double>(lim.memoryBytes)},
                       {QStringLiteral("nofile"), lim.openFiles},
                       {QStringLiteral("fsize"), static_cast<double>(lim.fileSizeBytes)}};
    if (!fixed && (identity || ::geteuid() != 0))
        limits.insert(QStringLiteral("nproc"), lim.processes + (identity ? 0 : 100000)); // own uid: shared count
    QJsonObject job{{QStringLiteral("host_port"), m_server->serverPort()},
                    {QStringLiteral("hidden"), hidden},
                    {QStringLiteral("limits"), limits}};
    if (m_backend->doctorChecksCgroupLimits())
        job.insert(QStringLiteral("cgroup"), QJsonObject{{QStringLiteral("memory"), static_cast<double>(lim.memoryBytes)},
                                                         {QStringLiteral("pids"), lim.processes},
                                                         {QStringLiteral("cpus"), lim.cpus}});
    RunRequest req;
    req.job = QJsonDocument(job).toJson(QJsonDocument::Compact);
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
    const QJsonArray checks = result.record.value(QLatin1String("checks")).toArray();
    for (const QJsonValue &v : checks) {
        const QJsonObject c = v.toObject();
        const QString name = c.value(QLatin1String("name")).toString();
        add(name, c.value(QLatin1String("ok")).toBool(), c.value(QLatin1String("detail")).toString(),
            m_backend->doctorFix(name));
    }
    if (m_server && m_server->hasPendingConnections())
        add(coretext::text(coretext::listenerSawNothing), false, coretext::text(coretext::connectionReachedHost),
            m_backend->doctorFix(QStringLiteral("network")));
    finish();
}

void Doctor::finish()
{
    if (m_done)
        return;
    m_done = true;
    if (m_run && m_run->isRunning()) // finish() after a failure: nothing keeps the probe's folders
        m_run->cancel();
    for (const QString &root : std::as_const(m_runFolders))
        QDir(root).removeRecursively(); // the probe's run folders are not results: nothing is kept
    m_runFolders.clear();
    // Always from the event loop, never inside start(): a caller connects, calls start() and then waits in
    // its loop, which a report emitted synchronously (a backend that is not there) would never reach — the
    // CLI's doctor hung forever exactly when the sandbox was broken (report F7).
    QMetaObject::invokeMethod(this, [this]() { Q_EMIT finished(m_report); }, Qt::QueuedConnection);
}

} // namespace sandmark
