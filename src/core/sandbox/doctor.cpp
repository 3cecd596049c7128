#include "sandbox/doctor.h"

#include "env/dockerimage.h"
#include "sandbox/backends_p.h"
#include "sandbox/sandbox_log.h"
#include "sandbox/sandboxrun.h"
#include "sandbox/userns.h"
#include "sandbox/workdir.h"
#include "util/paths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
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

QString doctorFixFor(const QString &name, SandboxKind kind)
{
    const bool bwrap = kind == SandboxKind::Bwrap;
    const bool unsafe = kind == SandboxKind::LocalUnsafe;
    if (unsafe)
        return QStringLiteral("local-unsafe does not isolate anything; use --sandbox bwrap or docker");
    if (name.startsWith(QLatin1String("network")))
        return bwrap ? QStringLiteral("bwrap must run with --unshare-all (network namespace); check that nothing "
                                      "wraps bwrap with a shared network")
                     : QStringLiteral("docker run must use --network none");
    if (name.startsWith(QLatin1String("filesystem: working")))
        return QStringLiteral("the run folder must be writable by the sandbox uid (root: the sandmark-sandbox user)");
    if (name.startsWith(QLatin1String("filesystem")))
        return bwrap ? QStringLiteral("system folders must be bound with --ro-bind and / remounted read-only")
                     : QStringLiteral("docker run must use --read-only");
    if (name.startsWith(QLatin1String("visibility")))
        return QStringLiteral("only the run's working folder may be bound into the sandbox; keep the cache folder "
                              "(SANDMARK_CACHE_DIR) separate from assignment and home folders");
    if (name.contains(QLatin1String("RLIMIT_NPROC")))
        return QStringLiteral("RLIMIT_NPROC is not enforced for root: create the sandbox user (useradd --system "
                              "sandmark-sandbox, scripts/bootstrap does it)");
    if (name.startsWith(QLatin1String("limits")))
        return QStringLiteral("the limits are set in the child before exec (setrlimit); a container runtime may "
                              "cap or override them");
    if (name.startsWith(QLatin1String("privileges: no nested user namespaces")))
        return bwrap ? QStringLiteral("bwrap must run with --disable-userns (bubblewrap 0.8 or newer)")
                     : QStringLiteral("docker run must keep its default seccomp profile (it refuses unshare)");
    if (name.startsWith(QLatin1String("privileges")))
        return bwrap ? QStringLiteral("run Sandmark as a normal user, or as root with the sandmark-sandbox user; bwrap "
                                      "must use --unshare-user --cap-drop ALL")
                     : QStringLiteral("docker run must use --cap-drop ALL --user 65534:65534");
    return {};
}

Doctor::Doctor(SandboxKind kind, DoctorOptions options, QObject *parent)
    : QObject(parent), m_kind(kind), m_options(std::move(options))
{
    if (m_options.python.isEmpty())
        m_options.python = m_kind == SandboxKind::Docker ? QStringLiteral("/usr/bin/python3") : paths::defaultPython();
    if (m_options.runtimeDir.isEmpty())
        m_options.runtimeDir = paths::pythonRuntimeDir();
    if (m_options.dockerImage.isEmpty())
        m_options.dockerImage = defaultDockerBaseImage();
    m_backend = createBackend(kind, m_options.backendOptions);
    m_report.backend = sandboxKindName(kind);
}

Doctor::~Doctor()
{
    if (m_seed && m_seed->state() != QProcess::NotRunning) {
        m_seed->disconnect(this);
        detail::killProcessTree(m_seed->processId());
        m_seed->waitForFinished(2000);
    }
}

void Doctor::add(const QString &name, bool ok, const QString &detail, const QString &fix)
{
    m_report.checks << DoctorCheck{name, ok, detail, ok ? QString() : fix};
}

void Doctor::start()
{
    if (Expected<void> c = m_backend->check(); !c) {
        QString observed = c.error().toString();
        QString fix = c.error().message;
        if (m_kind == SandboxKind::Bwrap) { // a kernel switch forbids user namespaces: the cause, then each fix
            const UserNamespaceDiagnosis d = diagnoseUserNamespaces(
                readUserNamespaceSysctls(m_options.backendOptions.procSysDir), QString(),
                detail::resolvedBwrap(m_options.backendOptions));
            if (d.blocked()) {
                observed = d.explanation;
                fix = d.fixLines();
            }
        }
        add(QStringLiteral("backend available"), false, observed, fix);
        finish();
        return;
    }
    add(QStringLiteral("backend available"), true, sandboxKindName(m_kind), QString());
    if (m_kind != SandboxKind::Docker)
        m_lease = SandboxIdentityLease::acquire();
    if (m_kind == SandboxKind::Bwrap)
        runSeed();
    else if (m_kind == SandboxKind::Docker)
        runImageCheck();
    else
        runProbe();
}

void Doctor::runImageCheck()
{
    // `docker image inspect` answers both questions a probe run would mix up: does the daemon answer, and is
    // the image there? (A stale socket was reported as "build the base image": report F13.)
    const QString name = QStringLiteral("docker: the daemon answers and has the image");
    m_seed = new QProcess(this);
    m_seed->setProcessChannelMode(QProcess::MergedChannels);
    connect(m_seed, &QProcess::finished, this, [this, name](int code, QProcess::ExitStatus st) {
        const QByteArray out = m_seed->readAll().trimmed();
        if (st == QProcess::NormalExit && code == 0) {
            add(name, true, m_options.dockerImage, QString());
            runProbe();
            return;
        }
        const QString daemon = dockerDaemonProblem(out);
        add(name, false, QStringLiteral("exit %1: %2").arg(code).arg(QString::fromUtf8(out.left(2000))),
            !daemon.isEmpty() ? daemon
                              : QStringLiteral("the image %1 is not available: build it with scripts/docker-base-image, "
                                               "or name another with --docker-image / SANDMARK_DOCKER_IMAGE")
                                    .arg(m_options.dockerImage));
        finish();
    });
    connect(m_seed, &QProcess::errorOccurred, this, [this, name](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return;
        add(name, false, m_seed->errorString(), QStringLiteral("install docker.io (apt install docker.io), or choose --sandbox bwrap"));
        finish();
    });
    m_seed->start(QStandardPaths::findExecutable(m_options.backendOptions.dockerPath),
                  {QStringLiteral("image"), QStringLiteral("inspect"), QStringLiteral("--format"), QStringLiteral("{{.Id}}"),
                   m_options.dockerImage});
}

void Doctor::runSeed()
{
    const QString bwrap = detail::resolvedBwrap(m_options.backendOptions);
    LaunchPlan plan;
    plan.program = bwrap;
    plan.dropTo = identityFor(m_lease);
    plan.limits = m_options.limits;
    plan.applyNproc = false;
    plan.arguments = {QStringLiteral("--unshare-all"), QStringLiteral("--unshare-user"), QStringLiteral("--disable-userns"),
                      QStringLiteral("--die-with-parent"),
                      QStringLiteral("--new-session"), QStringLiteral("--cap-drop"), QStringLiteral("ALL"),
                      QStringLiteral("--ro-bind"), QStringLiteral("/usr"), QStringLiteral("/usr")};
    for (const char *top : {"/bin", "/lib", "/lib64"}) {
        const QFileInfo fi{QString::fromLatin1(top)};
        if (fi.isSymLink())
            plan.arguments << QStringLiteral("--symlink") << fi.symLinkTarget().mid(1) << QLatin1String(top);
        else if (fi.isDir())
            plan.arguments << QStringLiteral("--ro-bind") << QLatin1String(top) << QLatin1String(top);
    }
    plan.arguments << QStringLiteral("--proc") << QStringLiteral("/proc") << QStringLiteral("--dev")
                   << QStringLiteral("/dev") << QStringLiteral("--") << QStringLiteral("/bin/true");
    m_seed = new QProcess(this);
    m_seed->setProgram(plan.program);
    m_seed->setArguments(plan.arguments);
    m_seed->setWorkingDirectory(QStringLiteral("/"));
    detail::setUpChild(m_seed, plan);
    connect(m_seed, &QProcess::finished, this, [this](int code, QProcess::ExitStatus st) {
        const QByteArray err = m_seed->readAllStandardError();
        const bool ok = st == QProcess::NormalExit && code == 0;
        const std::optional<SandboxIdentity> as = identityFor(m_lease);
        const QString who = as ? QStringLiteral(" as uid %1").arg(as->uid) : QString();
        const UserNamespaceDiagnosis d =
            ok ? UserNamespaceDiagnosis{}
               : diagnoseUserNamespaces(readUserNamespaceSysctls(m_options.backendOptions.procSysDir),
                                        QString::fromUtf8(err), m_seed->program());
        QString observed = ok ? QStringLiteral("exit 0%1").arg(who)
                              : QStringLiteral("exit %1%2: %3").arg(code).arg(who, QString::fromUtf8(err.trimmed()));
        if (d.blocked())
            observed += QLatin1String("; ") + d.explanation;
        const QString tooOld = bwrapTooOld(QString::fromUtf8(err));
        add(QStringLiteral("seed: bwrap with all namespaces unshared runs /bin/true"), ok, observed,
            d.blocked()        ? d.fixLines()
            : !tooOld.isEmpty() ? tooOld
                                : QStringLiteral("bwrap could not start the sandbox; see the error"));
        if (!ok) {
            finish(); // nothing more can run
            return;
        }
        runProbe();
    });
    connect(m_seed, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return;
        add(QStringLiteral("seed: bwrap with all namespaces unshared runs /bin/true"), false, m_seed->errorString(),
            QStringLiteral("install bubblewrap (apt install bubblewrap)"));
        finish();
    });
    m_seed->start();
}

void Doctor::runProbe()
{
    const QString probe = m_options.runtimeDir + QLatin1String("/sandmark_doctor_probe.py");
    if (!QFileInfo::exists(probe)) {
        add(QStringLiteral("probe available"), false, probe + QLatin1String(" is missing"),
            QStringLiteral("reinstall Sandmark (the Python runtime is incomplete) or set SANDMARK_DATA_DIR"));
        finish();
        return;
    }
    m_server = new QTcpServer(this);
    if (!m_server->listen(QHostAddress::LocalHost)) {
        add(QStringLiteral("probe: host listener"), false, m_server->errorString(), QString());
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
    const auto identity = m_kind == SandboxKind::Docker ? std::optional<SandboxIdentity>(SandboxIdentity{65534, 65534, {}})
                                                        : identityFor(m_lease);
    WorkdirSpec other;
    other.runsRoot = m_options.runsRoot;
    Expected<RunFolder> otherRun = prepareRunFolder(other);
    WorkdirSpec spec;
    spec.runsRoot = m_options.runsRoot;
    spec.sandboxOwner = m_kind == SandboxKind::Docker && ::geteuid() != 0 ? std::nullopt : identity;
    Expected<RunFolder> folder = prepareRunFolder(spec);
    if (otherRun)
        m_runFolders << otherRun->root;
    if (folder)
        m_runFolders << folder->root;
    if (!folder) {
        add(QStringLiteral("probe: run folder"), false, folder.error().toString(), QString());
        finish();
        return;
    }
    QJsonArray hidden{m_fakeAssignment->path(), m_fakeAssignment->filePath(QStringLiteral("assignment.json"))};
    if (m_kind == SandboxKind::Docker) {
        // The image has its own (empty) /root and /home: what must stay invisible is the host home's content.
        const QStringList entries = QDir(QDir::homePath())
                                        .entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
        for (const QString &e : entries.mid(0, 20))
            hidden << QDir::homePath() + QLatin1Char('/') + e;
    } else {
        hidden << QDir::homePath();
    }
    if (otherRun) {
        hidden << otherRun->root << otherRun->work;
    }
    const Limits &lim = m_options.limits;
    QJsonObject limits{{QStringLiteral("as"), static_cast<double>(lim.memoryBytes)},
                       {QStringLiteral("nofile"), lim.openFiles},
                       {QStringLiteral("fsize"), static_cast<double>(lim.fileSizeBytes)}};
    if (m_kind != SandboxKind::Docker && (identity || ::geteuid() != 0))
        limits.insert(QStringLiteral("nproc"), lim.processes + (identity ? 0 : 100000)); // own uid: shared count
    const QJsonObject job{{QStringLiteral("host_port"), m_server->serverPort()},
                          {QStringLiteral("hidden"), hidden},
                          {QStringLiteral("limits"), limits}};
    RunRequest req;
    req.job = QJsonDocument(job).toJson(QJsonDocument::Compact);
    req.workDir = folder->work;
    req.runtimeDir = m_options.runtimeDir;
    req.script = QStringLiteral("sandmark_doctor_probe.py");
    req.python = m_options.python;
    req.dockerImage = m_options.dockerImage;
    req.limits = lim;
    req.limits.wallTimeoutS = 60;
    if (m_kind != SandboxKind::Docker)
        req.identity = identity;
    m_run = m_backend->createRun(req, this);
    connect(m_run, &SandboxRun::finished, this, &Doctor::onProbeFinished);
    connect(m_run, &SandboxRun::failed, this, [this](const Error &e) {
        add(QStringLiteral("probe: runs inside the sandbox"), false, e.toString(),
            m_kind == SandboxKind::Bwrap ? QStringLiteral("see the error; `sandmark-cli doctor` must pass before grading")
                                         : QString());
        finish();
    });
    m_run->start();
}

void Doctor::onProbeFinished(const RunResult &result)
{
    add(QStringLiteral("probe: runs inside the sandbox"), true,
        QStringLiteral("%1 s").arg(result.durationS, 0, 'f', 2), QString());
    const QJsonArray checks = result.record.value(QLatin1String("checks")).toArray();
    for (const QJsonValue &v : checks) {
        const QJsonObject c = v.toObject();
        const QString name = c.value(QLatin1String("name")).toString();
        add(name, c.value(QLatin1String("ok")).toBool(), c.value(QLatin1String("detail")).toString(),
            doctorFixFor(name, m_kind));
    }
    if (m_server && m_server->hasPendingConnections())
        add(QStringLiteral("network: host listener saw no connection"), false,
            QStringLiteral("a connection reached the host's port"), doctorFixFor(QStringLiteral("network"), m_kind));
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
