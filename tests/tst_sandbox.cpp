// The sandbox with the real bubblewrap, the real Docker and Podman engines and the real kernel (no mocks). The
// hostile-behaviour tests run once per backend (data rows "bwrap", "docker" and "podman"). Run as root (CI), bwrap
// drops to the dedicated uid. A backend that cannot start here skips with the reason: bwrap when user namespaces
// are not available; docker when the fixture tests/docker-engine.sh could not start dockerd or build the base
// image; podman when `podman info` finds it unusable (fail closed: no subuid range, limits it cannot enforce) or
// the fixture tests/podman-engine.sh could not build the base image.
#include "cgroupoptout.h"
#include "notebook/instrument.h"
#include "notebook/notebook.h"
#include "sandbox/backend.h"
#include "sandbox/backends_p.h"
#include "sandbox/cgroup.h"
#include "sandbox/doctor.h"
#include "recordtestutil.h"
#include "sandbox/executionrecord.h"
#include "sandbox/job.h"
#include "sandbox/sandboxrun.h"
#include "sandbox/submissionrun.h"
#include "sandbox/userns.h"
#include "sandbox/workdir.h"
#include "util/coretext.h"

#include <QDir>
#include <QDirIterator>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace sandmark;
using namespace Qt::Literals::StringLiterals;

namespace {

struct Outcome
{
    bool ok = false;
    RunResult result;
    Error error;
    RunFolder folder;
    /// The record as JSON (assertions on keys ExecutionRecord has no accessor for).
    QJsonObject recordJson() const { return test::recordJson(result.record); }
    QJsonObject r() const { return recordJson().value(QLatin1String("result")).toObject(); }
};

/// The engines ("docker", "podman") that run containers here: processesWith() then also looks inside this
/// test's containers of each.
QStringList g_usableEngines;

/// Names of the containers (running or not) of `engine` that this test process started (other processes on the
/// machine may run Sandmark's containers at the same time).
QStringList ourContainers(const QString &engine)
{
    QProcess ps;
    ps.start(engine, {QStringLiteral("ps"), QStringLiteral("-a"), QStringLiteral("--filter"),
                                        QStringLiteral("label=org.sandmark.pid=%1").arg(QCoreApplication::applicationPid()),
                                        QStringLiteral("--format"), QStringLiteral("{{.Names}}")});
    if (!ps.waitForFinished(30000))
        return {engine + QStringLiteral(" ps did not answer")};
    return QString::fromUtf8(ps.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

/// Processes whose command line contains `marker`: in our /proc, and (`docker top`, `podman top`) in this test's
/// containers, whose processes live in the engine's pid namespace. That is another one than ours when the
/// tests run in a container that talks to the host's engine (.ci/run).
QStringList processesWith(const QString &marker)
{
    QStringList found;
    const QStringList pids = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &pid : pids) {
        QFile f(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        QByteArray cmd = f.readAll();
        cmd.replace('\0', ' ');
        if (cmd.contains(marker.toUtf8()) && pid != QString::number(::getpid()))
            found << pid + QLatin1Char(' ') + QString::fromUtf8(cmd);
    }
    for (const QString &engine : std::as_const(g_usableEngines))
    for (const QString &name : ourContainers(engine)) {
        QProcess top; // fails when the container is gone, and then none of its processes are left
        // podman top takes ps(1)'s format descriptors as arguments, docker top takes ps options.
        top.start(engine, engine == u"podman"_s ? QStringList{QStringLiteral("top"), name, QStringLiteral("pid"), QStringLiteral("args")}
                                                : QStringList{QStringLiteral("top"), name, QStringLiteral("-o"), QStringLiteral("pid,args")});
        top.waitForFinished(30000);
        for (const QString &line : QString::fromUtf8(top.readAllStandardOutput()).split(QLatin1Char('\n'))) {
            const QString row = line.trimmed();
            const QString pid = row.section(QLatin1Char(' '), 0, 0);
            if (row.contains(marker) && !pids.contains(pid)) // when the engine shares our namespace: listed once
                found << row;
        }
    }
    return found;
}

/// Waits until no process carries `marker`: at once when the kill worked (the kernel reaps in milliseconds); up
/// to 30 s, for a loaded machine, before the survivors are reported.
QStringList survivorsAfterTeardown(const QString &marker)
{
    QStringList s;
    for (int i = 0; i < 600; ++i) {
        s = processesWith(marker);
        if (s.isEmpty())
            return s;
        QTest::qWait(50);
    }
    return s;
}

QByteArray codeJob(const QString &code)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("code"), code}}).toJson(QJsonDocument::Compact);
}

} // namespace

/// Sets an environment variable for the life of this object, then restores what was there.
class ScopedEnv
{
public:
    ScopedEnv(const char *name, const QByteArray &value) : m_name(name), m_old(qgetenv(name)), m_had(qEnvironmentVariableIsSet(name))
    {
        qputenv(name, value);
    }
    ~ScopedEnv()
    {
        if (m_had)
            qputenv(m_name, m_old);
        else
            qunsetenv(m_name);
    }

private:
    const char *m_name;
    QByteArray m_old;
    bool m_had;
};

#define REQUIRE_BWRAP()                                                                                          \
    do {                                                                                                         \
        if (!m_bwrapSkip.isEmpty())                                                                              \
            QSKIP(qPrintable(m_bwrapSkip));                                                                      \
    } while (false)

// bwrap runs in a cgroup of their own, created by Sandmark as root. A user's runs get theirs from systemd's user
// manager (systemd-run --user --scope), which cannot be tried on a machine where systemd is not PID 1.
#define REQUIRE_RUN_CGROUP()                                                                                     \
    do {                                                                                                         \
        REQUIRE_BWRAP();                                                                                         \
        if (::geteuid() != 0)                                                                                    \
            QSKIP("runs as root only: a user's runs get their cgroup from systemd's user manager (systemd-run "  \
                  "--user --scope), not tried here");                                                           \
        if (!sandmark::test::cgroupOptOutReason().isEmpty())                                                     \
            QSKIP(qPrintable(sandmark::test::cgroupOptOutReason()));                                             \
    } while (false)

// The hostile-behaviour tests run once per backend (rows "bwrap", "docker", "podman"); a backend this machine
// cannot start is skipped with the reason.
#define FETCH_BACKEND()                                                                                          \
    QFETCH(QString, backend);                                                                                    \
    const SandboxKind kind = parseSandboxKind(backend).value_or(SandboxKind::LocalUnsafe);                       \
    do {                                                                                                         \
        const QString why = skipReason(kind);                                                                    \
        if (!why.isEmpty())                                                                                      \
            QSKIP(qPrintable(why));                                                                              \
    } while (false)

class TestSandbox : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    QString m_runtime; // test runtime: exec_script.py
    QString m_realRuntime; // share/sandmark/python of the build tree
    QString m_runs;
    QString m_bwrapSkip;
    QMap<QString, QString> m_containerSkip; // per container backend ("docker", "podman"): why it cannot run here
    QString m_dockerImage; // the base image (tests/docker-engine.sh and tests/podman-engine.sh build it)

    static const inline QStringList kBackends{QStringLiteral("bwrap"), QStringLiteral("docker"), QStringLiteral("podman")};
    static const inline QStringList kContainerBackends{QStringLiteral("docker"), QStringLiteral("podman")};

    static void addBackendRows()
    {
        QTest::addColumn<QString>("backend");
        for (const QString &b : kBackends)
            QTest::newRow(qPrintable(b)) << b;
    }

    QString skipReason(SandboxKind kind) const
    {
        const QString name = sandboxKindName(kind);
        return kContainerBackends.contains(name) ? m_containerSkip.value(name) : m_bwrapSkip;
    }

    /// The uid the sandbox runs as when the backend fixes one (the container image's 65534; not rootless
    /// Podman, whose keep-id runs as the invoking user); else empty.
    static std::optional<SandboxIdentity> fixedFor(SandboxKind kind) { return createBackend(kind)->fixedIdentity(); }

    /// The uid the sandbox runs as: the backend's fixed one, else bwrap's dedicated uid when root.
    static std::optional<SandboxIdentity> ownerFor(SandboxKind kind)
    {
        if (const auto fixed = fixedFor(kind))
            return fixed;
        return sandboxIdentity();
    }

    Limits quickLimits() const
    {
        Limits lim;
        lim.wallTimeoutS = 60;
        lim.cellTimeoutS = 5;
        lim.interruptGraceS = 2;
        lim.memoryBytes = 2LL * 1024 * 1024 * 1024;
        lim.processes = 64;
        return lim;
    }

    Outcome runJob(SandboxKind kind, const QByteArray &job, const Limits &lim, WorkdirSpec spec = {},
                   const QString &runtime = QString(), const QString &script = QStringLiteral("exec_script.py"),
                   BackendOptions options = {})
    {
        Outcome out;
        spec.runsRoot = m_runs;
        const auto fixed = fixedFor(kind);
        const auto lease = fixed ? nullptr : SandboxIdentityLease::acquire();
        spec.sandboxOwner = fixed ? fixed : identityFor(lease);
        Expected<RunFolder> folder = prepareRunFolder(spec);
        if (!folder) {
            out.error = folder.error();
            return out;
        }
        out.folder = folder.value();
        RunRequest req;
        req.job = job;
        req.workDir = out.folder.work;
        req.runtimeDir = runtime.isEmpty() ? m_runtime : runtime;
        req.script = script;
        req.python = QStringLiteral("/usr/bin/python3");
        req.dockerImage = m_dockerImage;
        if (!fixed)
            req.identity = spec.sandboxOwner;
        req.limits = lim;
        auto backend = createBackend(kind, options);
        SandboxRun *run = backend->createRun(req, this);
        QEventLoop loop;
        connect(run, &SandboxRun::finished, &loop, [&](const RunResult &r) {
            out.ok = true;
            out.result = r;
            loop.quit();
        });
        connect(run, &SandboxRun::failed, &loop, [&](const Error &e) {
            out.error = e;
            loop.quit();
        });
        QTimer guard;
        guard.setSingleShot(true);
        connect(&guard, &QTimer::timeout, &loop, [&]() {
            out.error.message = QStringLiteral("test guard: the run did not end");
            loop.quit();
        });
        guard.start(static_cast<int>((lim.wallTimeoutS + 60) * 1000));
        run->start();
        loop.exec();
        delete run;
        return out;
    }

    Outcome runCode(SandboxKind kind, const QString &code, const Limits &lim, WorkdirSpec spec = {},
                    BackendOptions options = {})
    {
        return runJob(kind, codeJob(code), lim, std::move(spec), QString(), QStringLiteral("exec_script.py"),
                      options);
    }

    /// A job for a fixture notebook, instrumented with probes for `vars`.
    QByteArray caseJob(const QString &caseFile, const QStringList &vars, const Limits &lim, QString *nonceOut = nullptr)
    {
        Expected<Notebook> nb = Notebook::load(caseFile);
        if (!nb)
            return {};
        InstrumentOptions opt;
        opt.nonce = makeNonce();
        opt.probes = {ProbeSpec{QStringLiteral("end"), QString(), vars}};
        Expected<InstrumentResult> inst = instrument(nb.value(), opt);
        if (!inst)
            return {};
        if (nonceOut)
            *nonceOut = opt.nonce;
        return makeJob(inst->notebook.toJson(), opt.nonce, lim);
    }

    /// Runs a notebook through the real runner: `caseName` is absolute or relative to tests/data/cases.
    Outcome runCase(SandboxKind kind, const QString &caseName, const QStringList &vars, const Limits &lim,
                    WorkdirSpec spec = {})
    {
        const QString file = caseName.startsWith(QLatin1Char('/')) ? caseName
                                                                  : QStringLiteral(SANDMARK_TEST_DATA_DIR "/cases/") + caseName;
        if (spec.submissionFiles.isEmpty() && spec.submissionDir.isEmpty())
            spec.submissionFiles = {file};
        return runJob(kind, caseJob(file, vars, lim), lim, std::move(spec), m_realRuntime,
                      QStringLiteral("sandmark_runner.py"));
    }

    bool runnerPresent() const { return QFileInfo::exists(m_realRuntime + QLatin1String("/sandmark_runner.py")); }

    /// Doctor options for the real runtime and this suite's runs folder, with the system Python.
    DoctorOptions doctorOptions() const
    {
        DoctorOptions opt;
        opt.runtimeDir = m_realRuntime;
        opt.runsRoot = m_runs;
        opt.python = QStringLiteral("/usr/bin/python3");
        return opt;
    }

    /// Runs a Doctor for `kind` and returns its report; an empty report when none came within `timeoutMs`.
    static DoctorReport runDoctor(SandboxKind kind, const DoctorOptions &opt, int timeoutMs = 60000)
    {
        Doctor doctor(kind, opt);
        DoctorReport report;
        QEventLoop loop;
        QObject::connect(&doctor, &Doctor::finished, &loop, [&](const DoctorReport &r) {
            report = r;
            loop.quit();
        });
        doctor.start();
        QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
        loop.exec();
        return report;
    }

    static QJsonObject cellAt(const QJsonObject &record, int index)
    {
        const QJsonArray cells = record.value(QLatin1String("cells")).toArray();
        for (const QJsonValue &c : cells) {
            if (c.toObject().value(QLatin1String("index")).toInt(-1) == index)
                return c.toObject();
        }
        return {};
    }

    static QJsonObject payloadValues(const RunResult &r)
    {
        return QJsonDocument::fromJson(r.payloadJson).object();
    }

    /// The encoded value (docs/probe-payload.md) of `name` from the "end" probe; empty when absent.
    static QJsonObject probed(const RunResult &r, const QString &name)
    {
        return payloadValues(r)[u"probes"_s][u"end"_s][u"values"_s][name].toObject();
    }

    /// Status, messages and failed cells of a run: what a failing assertion should show.
    static QString summary(const Outcome &o)
    {
        QStringList lines{o.result.status()};
        for (const QJsonValue &m : o.recordJson().value(u"messages"_s).toArray())
            lines << m.toString();
        for (const QJsonValue &c : o.recordJson().value(u"cells"_s).toArray()) {
            const QJsonObject cell = c.toObject();
            if (cell.value(u"status"_s).toString() != u"ok"_s)
                lines << u"cells[%1] %2 %3: %4"_s.arg(cell.value(u"index"_s).toInt(-1))
                             .arg(cell.value(u"status"_s).toString(), cell[u"error"_s][u"ename"_s].toString(),
                                  cell[u"error"_s][u"evalue"_s].toString());
        }
        return lines.join(u"\n"_s) + u"\n"_s + QString::fromUtf8(o.result.log.right(2000));
    }

    static QString caseFile(const QString &name) { return QStringLiteral(SANDMARK_TEST_DATA_DIR "/cases/") + name; }

    /// A container backend ("docker", "podman"): its engine must answer and have the base image. The CTest
    /// fixtures docker_engine and podman_engine (tests/docker-engine.sh, tests/podman-engine.sh) start dockerd and
    /// build the image, and write why when they cannot to `statusFile`.
    void initContainer(const QString &engine, const QString &statusFile)
    {
        m_dockerImage = qEnvironmentVariable("SANDMARK_DOCKER_IMAGE", QStringLiteral("sandmark-base:latest"));
        const SandboxKind kind = *parseSandboxKind(engine);
        QFile status(statusFile);
        const QString why = status.open(QIODevice::ReadOnly) ? QString::fromUtf8(status.readAll()).trimmed() : QString();
        if (Expected<void> c = createBackend(kind)->check(); !c) {
            m_containerSkip[engine] = engine + QStringLiteral(" cannot run here: ") + (why.isEmpty() ? c.error().toString() : why);
            return;
        }
        QProcess info;
        info.start(engine, {QStringLiteral("image"), QStringLiteral("inspect"), m_dockerImage});
        if (!info.waitForFinished(30000) || info.exitCode() != 0) {
            m_containerSkip[engine] = QStringLiteral("no %1 base image %2 (run %3): %4")
                                          .arg(engine, m_dockerImage, QFileInfo(statusFile).baseName(),
                                               why.isEmpty() ? QString::fromUtf8(info.readAllStandardError()).trimmed() : why);
            return;
        }
        const Outcome o = runCode(kind, QStringLiteral("result['ok'] = 1"), quickLimits());
        if (!o.ok)
            m_containerSkip[engine] = engine + QStringLiteral(" cannot start a container here: ") + o.error.toString();
        else
            g_usableEngines << engine;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        // The sandbox uid (when we are root) must be able to traverse into the test's folders.
        QFile::setPermissions(m_tmp.path(), QFile::permissions(m_tmp.path()) | QFile::ExeOther | QFile::ReadOther
                                                | QFile::ExeGroup | QFile::ReadGroup);
        m_runtime = m_tmp.filePath(QStringLiteral("runtime"));
        m_runs = m_tmp.filePath(QStringLiteral("runs"));
        QVERIFY(QDir().mkpath(m_runtime));
        QVERIFY(QFile::copy(QStringLiteral(SANDMARK_TEST_DATA_DIR "/sandbox/exec_script.py"),
                            m_runtime + QLatin1String("/exec_script.py")));
        QFile::setPermissions(m_runtime + QLatin1String("/exec_script.py"),
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
        m_realRuntime = QStringLiteral(SANDMARK_BUILD_DATA_DIR "/python");
        qputenv("SANDMARK_CACHE_DIR", m_tmp.filePath(QStringLiteral("cache")).toUtf8());

        initContainer(QStringLiteral("docker"), QStringLiteral(SANDMARK_DOCKER_STATUS_FILE));
        initContainer(QStringLiteral("podman"), QStringLiteral(SANDMARK_PODMAN_STATUS_FILE));
        auto bwrap = createBackend(SandboxKind::Bwrap);
        if (Expected<void> c = bwrap->check(); !c) {
            m_bwrapSkip = QStringLiteral("bwrap cannot run here: ") + c.error().toString();
            return;
        }
        const Outcome o = runCode(SandboxKind::Bwrap, QStringLiteral("result['ok'] = 1"), quickLimits());
        if (!o.ok)
            m_bwrapSkip = QStringLiteral("bwrap cannot start a sandbox here: ") + o.error.toString();
    }

    // One rule for the CLI's flags and the app's preferences (runOptionsFor): flag > assignment > preference.
    void runOptionsFollowTheChoices()
    {
        QTemporaryDir dir;
        const auto write = [&](const QByteArray &json) {
            QFile f(dir.filePath(QStringLiteral("assignment.json")));
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(json);
        };
        {
            QFile nb(dir.filePath(QStringLiteral("nb.ipynb")));
            QVERIFY(nb.open(QIODevice::WriteOnly));
            nb.write(R"({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})");
        }
        const QString hfHome = dir.filePath(QStringLiteral("hf"));
        RunChoices prefs;
        prefs.preferredSandbox = SandboxKind::Docker;
        prefs.defaultDatasetCache = hfHome;

        write(R"({"slug": "a", "notebooks": ["nb.ipynb"]})");
        Expected<Assignment> plain = Assignment::load(dir.path());
        QVERIFY2(plain, qPrintable(plain ? QString() : plain.error().toString()));
        QCOMPARE(runOptionsFor(*plain, {}).kind, defaultSandboxKind());
        QCOMPARE(runOptionsFor(*plain, prefs).kind, SandboxKind::Docker);
        QCOMPARE(runOptionsFor(*plain, prefs).datasetCache, QString()); // no dataset listed: nothing bound
        QCOMPARE(runOptionsFor(*plain, prefs).dockerImage, QString());

        write(R"({"slug": "a", "notebooks": ["nb.ipynb"], "sandbox": "bwrap", "docker_image": "img:1",
                  "required_datasets": ["org/ds f.csv"]})");
        Expected<Assignment> pinned = Assignment::load(dir.path());
        QVERIFY2(pinned, qPrintable(pinned ? QString() : pinned.error().toString()));
        QCOMPARE(runOptionsFor(*pinned, prefs).kind, SandboxKind::Bwrap); // the assignment wins over a preference
        QCOMPARE(runOptionsFor(*pinned, prefs).dockerImage, u"img:1"_s);  // batches too, not only `run`
        QCOMPARE(runOptionsFor(*pinned, prefs).datasetCache, QString());   // the default cache does not exist yet
        QVERIFY(QDir().mkpath(hfHome));
        QCOMPARE(runOptionsFor(*pinned, prefs).datasetCache, hfHome);
        RunChoices flags = prefs;
        flags.sandbox = SandboxKind::LocalUnsafe;
        flags.datasetCache = QStringLiteral("relative-hf");
        flags.dockerImage = QStringLiteral("img:2");
        const SubmissionRunOptions chosen = runOptionsFor(*pinned, flags);
        QCOMPARE(chosen.kind, SandboxKind::LocalUnsafe); // a flag wins over the assignment
        QCOMPARE(chosen.datasetCache, QDir::current().absoluteFilePath(QStringLiteral("relative-hf")));
        QCOMPARE(chosen.dockerImage, u"img:2"_s);
        QCOMPARE(runOptionsFor(*plain, flags).datasetCache, chosen.datasetCache); // an explicit cache is always bound
        QVERIFY(chosen.notice.isEmpty());

        // An assignment file never turns the sandbox off by itself (fresh-user finding: "sandbox": "local-unsafe"
        // ran student code unsandboxed with one stderr line). It is a warning when loaded; the user's backend runs,
        // and says why; only the user's own choice (flag or preference) runs local-unsafe.
        write(R"({"slug": "a", "notebooks": ["nb.ipynb"], "sandbox": "local-unsafe"})");
        Expected<Assignment> unsafe = Assignment::load(dir.path());
        QVERIFY2(unsafe, qPrintable(unsafe ? QString() : unsafe.error().toString()));
        QCOMPARE(unsafe->warnings().size(), 1);
        QVERIFY2(unsafe->warnings().constFirst().contains(QLatin1String("sandbox: 'local-unsafe' runs student code WITHOUT a sandbox")),
                 qPrintable(unsafe->warnings().constFirst()));
        const SubmissionRunOptions refused = runOptionsFor(*unsafe, {});
        QCOMPARE(refused.kind, defaultSandboxKind());
        QVERIFY2(refused.notice.contains(QLatin1String("asks for sandbox 'local-unsafe'")), qPrintable(refused.notice));
        QCOMPARE(runOptionsFor(*unsafe, prefs).kind, SandboxKind::Docker);
        RunChoices unsafePrefs;
        unsafePrefs.preferredSandbox = SandboxKind::LocalUnsafe;
        QCOMPARE(runOptionsFor(*unsafe, unsafePrefs).kind, SandboxKind::LocalUnsafe);
        QVERIFY(runOptionsFor(*unsafe, unsafePrefs).notice.isEmpty());
        RunChoices unsafeFlag;
        unsafeFlag.sandbox = SandboxKind::LocalUnsafe;
        QCOMPARE(runOptionsFor(*unsafe, unsafeFlag).kind, SandboxKind::LocalUnsafe);
    }

    /// After every test: no container of ours is left behind (the run removes its own, also when killed).
    /// A leftover fails this test and is then removed, so that it does not fail every test after it.
    void cleanup()
    {
        QStringList leftAll;
        for (const QString &engine : std::as_const(g_usableEngines)) {
            const QStringList left = ourContainers(engine);
            if (!left.isEmpty())
                QProcess::execute(engine, QStringList{QStringLiteral("rm"), QStringLiteral("-f")} + left);
            for (const QString &c : left)
                leftAll << engine + QLatin1Char(' ') + c;
        }
        QVERIFY2(leftAll.isEmpty(), qPrintable(leftAll.join(QLatin1Char(' '))));
    }

    // ---- run folders ----------------------------------------------------------------------------------
    void workdirRefusesSymlinks()
    {
        QTemporaryDir sub;
        QFile f(sub.filePath(QStringLiteral("a.ipynb")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{}");
        f.close();
        QVERIFY(QFile::link(QStringLiteral("/etc/hostname"), sub.filePath(QStringLiteral("link.txt"))));
        WorkdirSpec spec;
        spec.runsRoot = m_runs;
        spec.submissionDir = sub.path();
        Expected<RunFolder> r = prepareRunFolder(spec);
        QVERIFY(!r);
        QVERIFY2(r.error().file.endsWith(QLatin1String("link.txt")), qPrintable(r.error().toString()));
        QVERIFY(r.error().message.contains(QLatin1String("symbolic link")));
    }

    void workdirRefusesEscapingNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("parent") << QStringLiteral("../outside.csv");
        QTest::newRow("absolute") << QStringLiteral("/etc/passwd");
        QTest::newRow("inner parent") << QStringLiteral("data/../../x.csv");
        QTest::newRow("backslash") << QStringLiteral("..\\x.csv");
        QTest::newRow("empty") << QString();
    }
    void workdirRefusesEscapingNames()
    {
        QFETCH(QString, name);
        WorkdirSpec spec;
        spec.runsRoot = m_runs;
        spec.dataFiles = {SuppliedFile{QStringLiteral("/etc/hostname"), name}};
        const int before = QDir(m_runs).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size();
        Expected<RunFolder> r = prepareRunFolder(spec);
        QVERIFY(!r);
        QVERIFY(r.error().message.contains(QLatin1String("inside the working folder")));
        QCOMPARE(QDir(m_runs).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), before); // nothing left
    }

    void workdirKeepsStudentFileAndCopiesData()
    {
        QTemporaryDir assignment;
        QVERIFY(QDir().mkpath(assignment.filePath(QStringLiteral("data"))));
        for (const char *name : {"data/scores.csv", "data/shared.csv", "data/writable.csv"}) {
            QFile f(assignment.filePath(QLatin1String(name)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("supplied\n");
        }
        QFile::setPermissions(assignment.filePath(QStringLiteral("data/writable.csv")),
                              QFileDevice::Permissions(0x6666)); // rw for everyone
        QTemporaryDir sub;
        QVERIFY(QDir().mkpath(sub.filePath(QStringLiteral("data"))));
        QFile own(sub.filePath(QStringLiteral("data/scores.csv")));
        QVERIFY(own.open(QIODevice::WriteOnly));
        own.write("student\n");
        own.close();

        WorkdirSpec spec;
        spec.runsRoot = m_runs;
        spec.submissionDir = sub.path();
        spec.sandboxOwner = sandboxIdentity();
        for (const char *name : {"data/scores.csv", "data/shared.csv", "data/writable.csv"})
            spec.dataFiles << SuppliedFile{assignment.filePath(QLatin1String(name)), QLatin1String(name)};
        Expected<RunFolder> r = prepareRunFolder(spec);
        QVERIFY2(r, r ? "" : qPrintable(r.error().toString()));
        QCOMPARE(r->shadowedDataFiles, QStringList{QStringLiteral("data/scores.csv")});
        QFile kept(r->work + QLatin1String("/data/scores.csv"));
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), QByteArray("student\n"));
        QVERIFY(QFileInfo(r->artifacts).isDir());
        QVERIFY(!r->artifacts.startsWith(r->work));
        // Every supplied file is the run's own copy (a separate inode), so the sandbox can never modify the
        // assignment's file; as root the copies belong to the sandbox uid, which may write them.
        QCOMPARE(r->copiedDataFiles, (QStringList{QStringLiteral("data/shared.csv"), QStringLiteral("data/writable.csv")}));
        for (const QString &name : std::as_const(r->copiedDataFiles)) {
            struct stat copy{}, source{};
            QCOMPARE(::stat(QFile::encodeName(r->work + QLatin1Char('/') + name).constData(), &copy), 0);
            QCOMPARE(::stat(QFile::encodeName(assignment.filePath(name)).constData(), &source), 0);
            QVERIFY(copy.st_ino != source.st_ino);
            QCOMPARE(copy.st_nlink, nlink_t(1));
            if (spec.sandboxOwner)
                QCOMPARE(copy.st_uid, spec.sandboxOwner->uid);
        }
        if (spec.sandboxOwner) {
            struct stat st{};
            QCOMPARE(::stat(QFile::encodeName(r->work).constData(), &st), 0);
            QCOMPARE(st.st_uid, spec.sandboxOwner->uid);
        }
    }

    void artifactsAreWritten()
    {
        WorkdirSpec spec;
        spec.runsRoot = m_runs;
        Expected<RunFolder> f = prepareRunFolder(spec);
        QVERIFY(f);
        RunResult r;
        r.unsafe = true;
        r.record = test::executionRecord(QJsonObject{{QStringLiteral("status"), QStringLiteral("completed")}});
        r.payloadJson = "{\"end\": {}}";
        r.notebookJson = "{\"cells\": [], \"nbformat\": 4, \"nbformat_minor\": 5, \"metadata\": {}}";
        r.log = "kernel started\n";
        const Expected<QString> digest = writeArtifacts(f.value(), r);
        QVERIFY(digest);
        for (const char *name : {"record.json", "payload.json", "executed.ipynb", "log.txt"})
            QVERIFY2(QFileInfo::exists(f->artifacts + QLatin1Char('/') + QLatin1String(name)), name);
        // The digest is of the bytes on disk (a regrade compares it with what it reads there).
        const auto bytes = [&](const char *name) {
            QFile file(f->artifacts + QLatin1Char('/') + QLatin1String(name));
            return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        };
        QCOMPARE(*digest, storedDigest(bytes("payload.json"), bytes("record.json")));
        QCOMPARE(digest->size(), 64);
        QVERIFY(storedDigest(bytes("payload.json"), bytes("record.json") + ' ') != *digest);
        // Lengths are part of it: moving bytes from one file to the other changes it.
        QVERIFY(storedDigest("ab", "c") != storedDigest("a", "bc"));
        QFile log(f->artifacts + QLatin1String("/log.txt"));
        QVERIFY(log.open(QIODevice::ReadOnly));
        QVERIFY(log.readAll().startsWith("UNSAFE"));
    }

    // ---- the execution record ----------------------------------------------------------------------------
    void executionRecordKeepsBytes_data()
    {
        QTest::addColumn<QByteArray>("runner");
        // As the runner writes it (compact, its own key order), with keys Sandmark does not know and doubles whose
        // shortest digits nlohmann's dump() does not pick.
        QTest::newRow("runner") << QByteArray(
            "{\"status\": \"errors\", \"duration_s\": 0.535302, \"unknown_key\": {\"z\": [1, 2.5, null, true], \"a\": \"é ☃ \\u0001\"},"
            " \"cells\": [{\"index\": 0, \"status\": \"ok\", \"duration_s\": 1.0, \"cell_type\": \"code\"},"
            " {\"index\": null, \"injected\": \"probe\", \"label\": \"p1\", \"status\": \"error\","
            " \"error\": {\"ename\": \"NameError\", \"evalue\": \"name 'x' is not defined\"}, \"duration_s\": 0.1234567890123}],"
            " \"kernel\": {\"died\": false, \"cell\": null, \"exit_status\": null, \"reason\": null},"
            " \"messages\": [\"a \\\"quoted\\\" line\\nand another\"], \"warnings\": [], \"limits_hit\": [],"
            " \"wall_clock\": null, \"transformers_changed\": null, \"big\": 12345678901, \"neg\": -0.0001, \"exp\": 1e-7}");
        QTest::newRow("empty") << QByteArray("{}");
        QTest::newRow("empty containers") << QByteArray("{\"cells\": [], \"kernel\": {}, \"nested\": [[], {}]}");
    }

    /// record.json keeps its bytes: what the runner wrote, read into an ExecutionRecord and written back, is what
    /// Qt's QJsonDocument wrote of it, and a record.json read and written again is unchanged (unknown keys too).
    void executionRecordKeepsBytes()
    {
        QFETCH(QByteArray, runner);
        const QByteArray qtIndented = QJsonDocument::fromJson(runner).toJson(QJsonDocument::Indented);
        const QByteArray qtCompact = QJsonDocument::fromJson(runner).toJson(QJsonDocument::Compact);
        Expected<ExecutionRecord> r = ExecutionRecord::fromJson(runner, QStringLiteral("the runner's answer"));
        QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
        QCOMPARE(r->toJsonText(), qtIndented);
        QCOMPARE(r->toJsonText(ExecutionRecord::Format::Compact), qtCompact);
        Expected<ExecutionRecord> again = ExecutionRecord::fromJson(qtIndented, QStringLiteral("record.json"));
        QVERIFY(again);
        QCOMPARE(again->toJsonText(), qtIndented);
        QVERIFY(*again == *r);
        const ExecutionRecord copy = *again; // copies are independent
        again->setStatus(QStringLiteral("kernel-died"));
        QCOMPARE(copy.toJsonText(), qtIndented);
    }

    void executionRecordBadInputNamesThePlace()
    {
        const QString file = QStringLiteral("/runs/x/record.json");
        Expected<ExecutionRecord> r = ExecutionRecord::fromJson("{\n  \"status\": \"ok\",\n  \"cells\": [,]\n}", file);
        QVERIFY(!r);
        QCOMPARE(r.error().file, file);
        QVERIFY2(r.error().location.startsWith(QLatin1String("line 3, column")), qPrintable(r.error().toString()));
        r = ExecutionRecord::fromJson("[1, 2]", file);
        QVERIFY(!r);
        QCOMPARE(r.error().file, file);
        QVERIFY2(r.error().message.contains(QLatin1String("not a JSON object")), qPrintable(r.error().toString()));
        r = ExecutionRecord::fromJson("", file);
        QVERIFY(!r);
        QCOMPARE(r.error().file, file);
        // Fields of another type read as their defaults, as QJsonValue's readers did; never an exception.
        r = ExecutionRecord::fromJson("{\"status\": 3, \"duration_s\": \"slow\", \"cells\": {\"index\": 1}, \"kernel\": [],"
                                      " \"messages\": \"one\", \"limits_hit\": [1, \"memory\"], \"cgroup\": 5, \"wall_clock\": \"x\","
                                      " \"transformers_changed\": {}, \"probe\": {\"memory\": 3}}", file);
        QVERIFY(r);
        QCOMPARE(r->status(), QString());
        QCOMPARE(r->durationS(), 0.0);
        QVERIFY(r->cells().isEmpty());
        QVERIFY(!r->kernel().died);
        QVERIFY(r->messages().isEmpty());
        QCOMPARE(r->limitsHit(), (QStringList{QString(), QStringLiteral("memory")}));
        QVERIFY(!r->cgroup());
        QVERIFY(!r->wallClock());
        QVERIFY(!r->transformersChanged());
        QVERIFY(r->limitsProbe());
        QCOMPARE(r->limitsProbe()->memoryWritten, 0);
    }

    void executionRecordReadsTheProtocolsFields()
    {
        const QByteArray text = "{\"status\": \"wall-timeout\", \"duration_s\": 12.5, \"unsafe\": true, \"sandbox\": \"bwrap\",\n"
            "            \"limits_hit\": [\"wall-clock\"], \"messages\": [\"m1\", \"m2\"], \"warnings\": [\"w\"], \"interference\": [\"i\"],\n"
            "            \"kernel\": {\"died\": true, \"killed\": false, \"cell\": 4, \"reason\": \"kernel died while executing cells[4]\"},\n"
            "            \"wall_clock\": {\"timeout_s\": 45, \"cell\": 6, \"where\": \"cells[6]\", \"during\": false, \"stopped_s\": 40},\n"
            "            \"transformers_changed\": {\"where\": \"cells[3]\", \"lists\": {\"ast_transformers\": {\"added\": [\"A\"], \"removed\": [\"B\"]}}},\n"
            "            \"cgroup\": {\"version\": \"v2\", \"memory_max\": 1073741824, \"pids_refused\": 3, \"cpus\": 0.5, \"mode\": \"v2\"},\n"
            "            \"cells\": [{\"index\": 2, \"notebook\": \"part1.ipynb\", \"status\": \"error\", \"duration_s\": 0.25, \"truncated\": true,\n"
            "                       \"raises_exception\": true, \"error\": {\"ename\": \"ValueError\", \"evalue\": \"bad\"}},\n"
            "                      {\"index\": null, \"injected\": \"test\", \"check\": \"t1\", \"status\": \"ok\", \"test_result\": \"fail\",\n"
            "                       \"test_error\": {\"ename\": \"AssertionError\", \"evalue\": \"\"}, \"result_text\": \"1 failed\", \"error\": \"old\"}],\n"
            "            \"checks\": [{\"name\": \"network\", \"ok\": true, \"detail\": \"blocked\"}],\n"
            "            \"probe\": {\"memory\": {\"written\": 201326592, \"signal\": 9}, \"pids\": {\"forked\": 31, \"errno\": 11},\n"
            "                      \"cpu\": {\"wall_s\": 2.0, \"cpu_s\": 1.0}}}";
        Expected<ExecutionRecord> r = ExecutionRecord::fromJson(text, QStringLiteral("record.json"));
        QVERIFY(r);
        QCOMPARE(r->status(), QStringLiteral("wall-timeout"));
        QCOMPARE(r->durationS(), 12.5);
        QVERIFY(r->unsafe());
        QCOMPARE(r->sandbox(), QStringLiteral("bwrap"));
        QCOMPARE(r->limitsHit(), QStringList{QStringLiteral("wall-clock")});
        QCOMPARE(r->messages(), (QStringList{QStringLiteral("m1"), QStringLiteral("m2")}));
        QCOMPARE(r->warnings(), QStringList{QStringLiteral("w")});
        QCOMPARE(r->interference(), QStringList{QStringLiteral("i")});
        const KernelRecord k = r->kernel();
        QVERIFY(k.died && !k.killed);
        QCOMPARE(k.cell, std::optional<int>(4));
        QCOMPARE(k.reason, std::optional<QString>(QStringLiteral("kernel died while executing cells[4]")));
        const std::optional<WallClockRecord> w = r->wallClock();
        QVERIFY(w);
        QCOMPARE(w->timeoutS, std::optional<double>(45));
        QCOMPARE(w->cell, std::optional<int>(6));
        QCOMPARE(w->where, QStringLiteral("cells[6]"));
        QVERIFY(!w->during);
        QCOMPARE(w->stoppedS, std::optional<double>(40));
        const std::optional<TransformersChange> t = r->transformersChanged();
        QVERIFY(t && !t->unreadable);
        QCOMPARE(t->where, std::optional<QString>(QStringLiteral("cells[3]")));
        QCOMPARE(t->lists.size(), 1);
        QCOMPARE(t->lists[0].name, QStringLiteral("ast_transformers"));
        QCOMPARE(t->lists[0].added, QStringList{QStringLiteral("A")});
        QCOMPARE(t->lists[0].removed, QStringList{QStringLiteral("B")});
        const std::optional<CgroupStats> cg = r->cgroup();
        QVERIFY(cg);
        QCOMPARE(cg->version, QStringLiteral("v2"));
        QCOMPARE(cg->memoryMax, 1073741824);
        QCOMPARE(cg->pidsRefused, 3);
        QCOMPARE(cg->pidsMax, -1);
        QCOMPARE(cg->cpus, 0.5);
        QCOMPARE(r->cgroupMode(), QStringLiteral("v2"));
        const QList<CellRecord> cells = r->cells();
        QCOMPARE(cells.size(), 2);
        QCOMPARE(cells[0].index, std::optional<int>(2));
        QCOMPARE(cells[0].notebook, QStringLiteral("part1.ipynb"));
        QCOMPARE(cells[0].durationS, std::optional<double>(0.25));
        QVERIFY(cells[0].truncated && cells[0].raisesException);
        QVERIFY(cells[0].error);
        QCOMPARE(cells[0].error->ename, QStringLiteral("ValueError"));
        QCOMPARE(cells[0].error->evalue, QStringLiteral("bad"));
        QVERIFY(!cells[0].hasTestResult);
        QVERIFY(!cells[1].index);
        QCOMPARE(cells[1].injected, QStringLiteral("test"));
        QCOMPARE(cells[1].check, QStringLiteral("t1"));
        QCOMPARE(cells[1].testResult, QStringLiteral("fail"));
        QVERIFY(cells[1].hasTestResult);
        QVERIFY(cells[1].testError);
        QCOMPARE(cells[1].testError->ename, QStringLiteral("AssertionError"));
        QCOMPARE(cells[1].resultText, QStringLiteral("1 failed"));
        QVERIFY(!cells[1].error);
        QCOMPARE(cells[1].errorText, QStringLiteral("old"));
        QCOMPARE(r->probeChecks().size(), 1);
        QCOMPARE(r->probeChecks()[0].name, QStringLiteral("network"));
        QVERIFY(r->probeChecks()[0].ok);
        const std::optional<LimitsProbeRecord> p = r->limitsProbe();
        QVERIFY(p);
        QCOMPARE(p->memoryWritten, 201326592);
        QCOMPARE(p->memorySignal, 9);
        QCOMPARE(p->pidsForked, 31);
        QCOMPARE(p->pidsErrno, 11);
        QCOMPARE(p->cpuWallS, 2.0);
        QCOMPARE(p->cpuS, 1.0);
    }

    /// The setters write what the QJsonObject code of SandboxRun and writeArtifacts() wrote, byte for byte.
    void executionRecordSettersWriteWhatQtWrote()
    {
        const QString reason = QStringLiteral("whole-run time limit (timeout_s = 2.5 s) reached; the sandbox was killed");
        ExecutionRecord r = ExecutionRecord::withoutAnswer(QStringLiteral("wall-timeout"), reason, false, 3.125);
        r.addLimitHit(QStringLiteral("wall-clock"));
        r.setWallClockKilled(2.5);
        r.setUnsafe(false);
        r.setSandbox(QStringLiteral("bwrap"));
        CgroupStats stats;
        stats.version = QStringLiteral("v2");
        stats.memoryMax = std::numeric_limits<qint64>::max();
        stats.memoryPeak = 1234;
        stats.oomKills = 1;
        stats.cpus = 0.5;
        stats.cpuUsageS = 0.535302;
        r.setCgroup(stats, QStringLiteral("v2"), QString());
        r.addLimitHit(QStringLiteral("memory"));
        r.addLimitHit(QStringLiteral("memory"));
        r.setKernelReason(reason + QStringLiteral("; out of memory"));
        r.appendMessage(QStringLiteral("out of memory"));
        r.appendMessage(QStringLiteral("out of memory"));
        r.prependMessage(QStringLiteral("UNSAFE"));
        r.setShadowedDataFiles({QStringLiteral("data.csv")});

        // What CgroupStats::toJson() gave, with the mode SandboxRun added: memory_max "max" and unknown counters left out.
        const QJsonObject cgroup{{QStringLiteral("version"), QStringLiteral("v2")}, {QStringLiteral("memory_peak"), 1234.0},
                                 {QStringLiteral("oom_kills"), 1.0}, {QStringLiteral("cpus"), 0.5},
                                 {QStringLiteral("cpu_usage_s"), 0.535302}, {QStringLiteral("mode"), QStringLiteral("v2")}};
        const QJsonObject qt{
            {QStringLiteral("status"), QStringLiteral("wall-timeout")},
            {QStringLiteral("duration_s"), 3.125},
            {QStringLiteral("cells"), QJsonArray{}},
            {QStringLiteral("kernel"), QJsonObject{{QStringLiteral("died"), true},
                                                   {QStringLiteral("killed"), false},
                                                   {QStringLiteral("cell"), QJsonValue::Null},
                                                   {QStringLiteral("exit_status"), QJsonValue::Null},
                                                   {QStringLiteral("reason"), reason + QStringLiteral("; out of memory")}}},
            {QStringLiteral("messages"), QJsonArray{QStringLiteral("UNSAFE"), reason, QStringLiteral("out of memory")}},
            {QStringLiteral("limits_hit"), QJsonArray{QStringLiteral("wall-clock"), QStringLiteral("memory")}},
            {QStringLiteral("wall_clock"), QJsonObject{{QStringLiteral("timeout_s"), 2.5},
                                                       {QStringLiteral("cell"), QJsonValue::Null},
                                                       {QStringLiteral("where"), QString()},
                                                       {QStringLiteral("during"), true}}},
            {QStringLiteral("unsafe"), false},
            {QStringLiteral("sandbox"), QStringLiteral("bwrap")},
            {QStringLiteral("cgroup"), cgroup},
            {QStringLiteral("workdir"), QJsonObject{{QStringLiteral("shadowed_data_files"), QJsonArray{QStringLiteral("data.csv")}}}},
        };
        QCOMPARE(r.toJsonText(), QJsonDocument(qt).toJson(QJsonDocument::Indented));
        QCOMPARE(r.toJsonText(ExecutionRecord::Format::Compact), QJsonDocument(qt).toJson(QJsonDocument::Compact));
        QCOMPARE(ExecutionRecord().toJsonText(), QJsonDocument(QJsonObject()).toJson());
        QVERIFY(ExecutionRecord().isEmpty());
        ExecutionRecord off;
        off.setCgroup(std::nullopt, QStringLiteral("off"), QStringLiteral("note"));
        QCOMPARE(off.cgroupMode(), QStringLiteral("off"));
        QCOMPARE(off.toJsonText(ExecutionRecord::Format::Compact), QByteArray("{\"cgroup\":{\"mode\":\"off\",\"note\":\"note\"}}"));
    }

    // ---- fail closed ------------------------------------------------------------------------------------
    void missingBwrapFailsClosed()
    {
        BackendOptions opt;
        opt.bwrapPath = QStringLiteral("/nonexistent/bwrap");
        auto backend = createBackend(SandboxKind::Bwrap, opt);
        Expected<void> c = backend->check();
        QVERIFY(!c);
        QVERIFY2(c.error().message.contains(QLatin1String("apt install bubblewrap")), qPrintable(c.error().toString()));
        const Outcome o = runCode(SandboxKind::Bwrap, QStringLiteral("result['ran'] = True"), quickLimits(), {}, opt);
        QVERIFY(!o.ok);
        QVERIFY(o.error.message.contains(QLatin1String("bubblewrap")));
    }

    // ---- why bwrap cannot create its user namespace ------------------------------------------------------
    // tests/data/sandbox/sysctl/<system>/ are laid out as /proc/sys is, with the switches as those systems
    // ship them: ubuntu-24.04 (kernel.apparmor_restrict_unprivileged_userns = 1), debian-12 (nothing blocks),
    // debian-12-clone-off (kernel.unprivileged_userns_clone = 0), max-user-namespaces-zero, garbled (not
    // numbers). The error texts are bubblewrap's own (bubblewrap.c, network.c of 0.8 and 0.11).
    static QString sysctlDir(const QString &system) { return QStringLiteral(SANDMARK_TEST_DATA_DIR "/sandbox/sysctl/") + system; }

    void readsUserNamespaceSysctls()
    {
        const UserNamespaceSysctls ubuntu = readUserNamespaceSysctls(sysctlDir(u"ubuntu-24.04"_s));
        const qint64 absent = -1;
        QCOMPARE(ubuntu.apparmorRestrictUnprivilegedUserns.value_or(absent), qint64(1));
        QCOMPARE(ubuntu.unprivilegedUsernsClone.value_or(absent), qint64(1));
        QCOMPARE(ubuntu.maxUserNamespaces.value_or(absent), qint64(63206));
        const UserNamespaceSysctls rhel = readUserNamespaceSysctls(sysctlDir(u"max-user-namespaces-zero"_s));
        QCOMPARE(rhel.apparmorRestrictUnprivilegedUserns.value_or(absent), absent);
        QCOMPARE(rhel.unprivilegedUsernsClone.value_or(absent), absent);
        QCOMPARE(rhel.maxUserNamespaces.value_or(absent), qint64(0));
        const UserNamespaceSysctls garbled = readUserNamespaceSysctls(sysctlDir(u"garbled"_s));
        QCOMPARE(garbled.apparmorRestrictUnprivilegedUserns.value_or(absent), absent);
        QCOMPARE(garbled.maxUserNamespaces.value_or(absent), absent);
        const UserNamespaceSysctls none = readUserNamespaceSysctls(sysctlDir(u"no-such-system"_s));
        QVERIFY(!none.apparmorRestrictUnprivilegedUserns && !none.unprivilegedUsernsClone && !none.maxUserNamespaces);
    }

    void userNamespaceDiagnosis_data()
    {
        QTest::addColumn<QString>("system");
        QTest::addColumn<QString>("bwrapError"); // empty: bwrap has not run (the backend's check)
        QTest::addColumn<QString>("bwrapPath");
        QTest::addColumn<int>("cause");
        QTest::addColumn<QStringList>("mentions");
        QTest::addColumn<QStringList>("neverMentions");
        const QString usr = u"/usr/bin/bwrap"_s;
        const QString uidMap = u"bwrap: setting up uid map: Permission denied\n"_s;
        const QString rtm = u"bwrap: loopback: Failed RTM_NEWADDR: Operation not permitted\n"_s;
        const QString noPerm08 = u"bwrap: No permissions to creating new namespace, likely because the kernel does not "
                                 "allow non-privileged user namespaces. On e.g. debian this can be enabled with 'sysctl "
                                 "kernel.unprivileged_userns_clone=1'.\n"_s;
        const QString noPerm011 = u"bwrap: No permissions to create a new namespace, likely because the kernel does not "
                                  "allow non-privileged user namespaces.\n"_s;
        const QString enospc = u"bwrap: Creating new namespace failed: nesting depth or /proc/sys/user/max_*_namespaces "
                               "exceeded (ENOSPC)\n"_s;
        const QString unrelated = u"bwrap: Can't find source path /nonexistent: No such file or directory\n"_s;
        const QStringList apparmorFixes = {u"kernel.apparmor_restrict_unprivileged_userns = 1"_s,
                                           u"sudo apt install apparmor-profiles"_s,
                                           u"/usr/share/apparmor/extra-profiles/bwrap-userns-restrict"_s,
                                           u"sudo apparmor_parser -r /etc/apparmor.d/bwrap-userns-restrict"_s,
                                           u"never with Ubuntu's: two profiles for one program attach neither"_s,
                                           u"profile sandmark-bwrap /usr/bin/bwrap flags=(unconfined) {\\n  userns,"_s,
                                           u"sudo apparmor_parser -r /etc/apparmor.d/sandmark-bwrap"_s,
                                           u"sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0"_s,
                                           u"| sudo tee /etc/sysctl.d/"_s};
        const QStringList noAdvice = {u"AppArmor"_s, u"apparmor_parser"_s, u"sysctl"_s};
        const int none = int(UserNamespaceBlock::None);
        const int apparmor = int(UserNamespaceBlock::AppArmorRestriction);

        QTest::newRow("ubuntu: uid map denied") << u"ubuntu-24.04"_s << uidMap << usr << apparmor << apparmorFixes << QStringList();
        QTest::newRow("ubuntu: loopback denied") << u"ubuntu-24.04"_s << rtm << usr << apparmor << apparmorFixes << QStringList();
        QTest::newRow("ubuntu: no permissions (0.11)") << u"ubuntu-24.04"_s << noPerm011 << usr << apparmor << apparmorFixes << QStringList();
        // Ubuntu's own profile covers /usr/bin/bwrap only: for another bwrap, a profile naming it.
        QTest::newRow("ubuntu: bwrap elsewhere")
            << u"ubuntu-24.04"_s << uidMap << u"/opt/bwrap/bin/bwrap"_s << apparmor
            << QStringList{u"no AppArmor profile allows them for /opt/bwrap/bin/bwrap"_s,
                           u"profile sandmark-bwrap /opt/bwrap/bin/bwrap flags=(unconfined)"_s,
                           u"kernel.apparmor_restrict_unprivileged_userns=0"_s}
            << QStringList{u"bwrap-userns-restrict"_s, u"never with Ubuntu's"_s};
        // A profile may allow bwrap: before bwrap ran, the restriction alone is no verdict.
        QTest::newRow("ubuntu: bwrap not run yet") << u"ubuntu-24.04"_s << QString() << usr << none << QStringList() << noAdvice;
        QTest::newRow("ubuntu: unrelated error") << u"ubuntu-24.04"_s << unrelated << usr << none << QStringList() << noAdvice;
        const QStringList cloneFixes = {u"kernel.unprivileged_userns_clone = 0"_s,
                                        u"sudo sysctl -w kernel.unprivileged_userns_clone=1"_s,
                                        u"echo 'kernel.unprivileged_userns_clone = 1' | sudo tee "
                                        "/etc/sysctl.d/60-sandmark-unprivileged-userns-clone.conf"_s};
        const int clone = int(UserNamespaceBlock::UnprivilegedCloneOff);
        QTest::newRow("debian clone=0: no permissions (0.8)") << u"debian-12-clone-off"_s << noPerm08 << usr << clone << cloneFixes << QStringList{u"AppArmor"_s};
        QTest::newRow("debian clone=0: bwrap not run yet") << u"debian-12-clone-off"_s << QString() << usr << clone << cloneFixes << QStringList{u"AppArmor"_s};
        QTest::newRow("debian clone=0: unrelated error") << u"debian-12-clone-off"_s << unrelated << usr << none << QStringList() << noAdvice;
        const QStringList maxFixes = {u"user.max_user_namespaces = 0"_s, u"sudo sysctl -w user.max_user_namespaces=15000"_s,
                                      u"echo 'user.max_user_namespaces = 15000' | sudo tee "
                                      "/etc/sysctl.d/60-sandmark-max-user-namespaces.conf"_s};
        const int maxZero = int(UserNamespaceBlock::MaxUserNamespacesZero);
        QTest::newRow("max_user_namespaces=0: ENOSPC") << u"max-user-namespaces-zero"_s << enospc << usr << maxZero << maxFixes << QStringList{u"AppArmor"_s};
        QTest::newRow("max_user_namespaces=0: bwrap not run yet") << u"max-user-namespaces-zero"_s << QString() << usr << maxZero << maxFixes << QStringList{u"AppArmor"_s};
        // Every switch allows namespaces, bwrap still cannot set one up: a container's policy, never AppArmor advice.
        QTest::newRow("debian: uid map denied in a container")
            << u"debian-12"_s << uidMap << usr << int(UserNamespaceBlock::Unexplained)
            << QStringList{u"--security-opt seccomp=unconfined"_s, u"--sandbox docker"_s}
            << QStringList{u"apparmor_parser"_s, u"sysctl -w"_s};
        QTest::newRow("debian: unrelated error") << u"debian-12"_s << unrelated << usr << none << QStringList() << noAdvice;
        QTest::newRow("debian: bwrap not run yet") << u"debian-12"_s << QString() << usr << none << QStringList() << noAdvice;
    }

    void userNamespaceDiagnosis()
    {
        QFETCH(QString, system);
        QFETCH(QString, bwrapError);
        QFETCH(QString, bwrapPath);
        QFETCH(int, cause);
        QFETCH(QStringList, mentions);
        QFETCH(QStringList, neverMentions);
        const UserNamespaceDiagnosis d = diagnoseUserNamespaces(readUserNamespaceSysctls(sysctlDir(system)), bwrapError, bwrapPath);
        QCOMPARE(int(d.cause), cause);
        QCOMPARE(d.blocked(), cause != int(UserNamespaceBlock::None));
        const QString text = d.oneLine();
        QCOMPARE(text.isEmpty(), !d.blocked());
        QVERIFY2(!text.contains(QLatin1Char('\n')), qPrintable(text)); // an Error message is one line
        for (const QString &m : mentions)
            QVERIFY2(text.contains(m), qPrintable(u"'%1' missing from: %2"_s.arg(m, text)));
        for (const QString &m : neverMentions)
            QVERIFY2(!text.contains(m), qPrintable(u"'%1' in: %2"_s.arg(m, text)));
        // The doctor's row: the same fixes, the alternatives on lines of their own.
        QCOMPARE(d.fixLines().count(u"\nor: "_s), qMax(0, int(d.fixes.size()) - 1));
    }

    // The diagnosis reaches what `doctor`, the Self-Test and `grade`/`run` show. Ubuntu's restriction cannot be
    // produced on this machine's kernel, so a stand-in bwrap fails exactly as bwrap 0.9 does on Ubuntu 24.04.
    void bwrapFailuresNameTheCauseAndFixes()
    {
        const QString fakeDir = m_tmp.filePath(u"fake-bwrap"_s);
        QVERIFY(QDir().mkpath(fakeDir));
        const QString fake = fakeDir + u"/bwrap"_s;
        {
            QFile f(fake);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("#!/bin/sh\necho 'bwrap: setting up uid map: Permission denied' >&2\nexit 1\n");
        }
        const auto rx = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
                        | QFile::ReadOther | QFile::ExeOther;
        QVERIFY(QFile::setPermissions(fakeDir, rx) && QFile::setPermissions(fake, rx));
        BackendOptions ubuntu;
        ubuntu.bwrapPath = fake;
        ubuntu.procSysDir = sysctlDir(u"ubuntu-24.04"_s);

        // grade/run: the sandbox fails to start, the error names the cause and every fix.
        QVERIFY(createBackend(SandboxKind::Bwrap, ubuntu)->check()); // a profile might allow bwrap: no verdict yet
        const Outcome o = runCode(SandboxKind::Bwrap, u"result['ran'] = True"_s, quickLimits(), {}, ubuntu);
        QVERIFY(!o.ok);
        const QString message = o.error.toString();
        for (const QString &m : {u"bwrap: setting up uid map: Permission denied"_s,
                                 u"kernel.apparmor_restrict_unprivileged_userns = 1"_s,
                                 u"profile sandmark-bwrap %1 flags=(unconfined)"_s.arg(fake),
                                 u"sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0"_s})
            QVERIFY2(message.contains(m), qPrintable(u"'%1' missing from: %2"_s.arg(m, message)));

        const auto runBwrapDoctor = [&](const BackendOptions &backend) {
            DoctorOptions opt = doctorOptions();
            opt.backendOptions = backend;
            return runDoctor(SandboxKind::Bwrap, opt);
        };
        // doctor and the Self-Test (the same rows): the seed fails, its row says why and lists the fixes.
        const DoctorReport seedFails = runBwrapDoctor(ubuntu);
        QCOMPARE(seedFails.checks.size(), 2);
        const DoctorCheck &seed = seedFails.checks.at(1);
        QVERIFY(seed.name.startsWith(u"seed"_s));
        QVERIFY(!seed.ok);
        QVERIFY2(seed.detail.contains(u"setting up uid map: Permission denied; AppArmor restricts unprivileged user namespaces"_s),
                 qPrintable(seed.detail));
        const QStringList fixes = seed.fix.split(QLatin1Char('\n'));
        QCOMPARE(fixes.size(), 2); // the stand-in is not /usr/bin/bwrap: no Ubuntu profile for it
        QVERIFY2(fixes.at(0).contains(u"sudo apparmor_parser -r /etc/apparmor.d/sandmark-bwrap"_s), qPrintable(seed.fix));
        QVERIFY2(fixes.at(1).startsWith(u"or: lift the restriction"_s), qPrintable(seed.fix));

        // Debian's switch off: the backend refuses before bwrap runs (grade/run), and doctor's first row says why.
        BackendOptions debian;
        debian.procSysDir = sysctlDir(u"debian-12-clone-off"_s);
        debian.bwrapPath = fake;
        const Expected<void> c = createBackend(SandboxKind::Bwrap, debian)->check();
        QVERIFY(!c);
        QCOMPARE(c.error().file, debian.procSysDir + u"/kernel/unprivileged_userns_clone"_s);
        QVERIFY2(c.error().message.contains(u"(kernel.unprivileged_userns_clone = 0)"_s), qPrintable(c.error().toString()));
        QVERIFY2(c.error().message.contains(u"fix: sudo sysctl -w kernel.unprivileged_userns_clone=1"_s), qPrintable(c.error().toString()));
        const DoctorReport refused = runBwrapDoctor(debian);
        QCOMPARE(refused.checks.size(), 1);
        QVERIFY(!refused.checks.at(0).ok);
        QVERIFY2(refused.checks.at(0).detail.startsWith(u"unprivileged user namespaces are disabled"_s),
                 qPrintable(refused.checks.at(0).detail));
        QVERIFY2(refused.checks.at(0).fix.startsWith(u"sudo sysctl -w kernel.unprivileged_userns_clone=1"_s),
                 qPrintable(refused.checks.at(0).fix));
    }

    void unknownBackendName()
    {
        QVERIFY(!parseSandboxName(QStringLiteral("chroot")));
        QCOMPARE(parseSandboxName(QStringLiteral("local-unsafe")).value(), SandboxKind::LocalUnsafe);
    }

    // One registry lists every backend once, with the names --sandbox, assignment.json and the app use; each
    // backend knows its own name, description and whether it isolates.
    void registryListsEveryBackend()
    {
        QStringList names;
        for (SandboxKind kind : sandboxKinds()) {
            const auto backend = createBackend(kind);
            QCOMPARE(backend->kind(), kind);
            QCOMPARE(parseSandboxKind(backend->name()), std::optional<SandboxKind>(kind));
            QCOMPARE(sandboxKindName(kind), backend->name());
            QVERIFY(qstrlen(backend->description()) > 0);
            QCOMPARE(sandboxNameIsUnsafe(backend->name()), !backend->isolates());
            names << backend->name();
        }
        QCOMPARE(names, (QStringList{u"bwrap"_s, u"docker"_s, u"podman"_s, u"local-unsafe"_s}));
        QCOMPARE(sandboxNameList(), u"bwrap, docker, podman, local-unsafe"_s);
        QCOMPARE(sandboxNameList(u" or "_s), u"bwrap, docker, podman or local-unsafe"_s);
        QVERIFY(!sandboxNameIsUnsafe(u"chroot"_s));
        QVERIFY(!createBackend(SandboxKind::LocalUnsafe)->isolates());
        QVERIFY(createBackend(defaultSandboxKind())->isolates()); // fail closed: never an unsafe default
    }

    // An assignment's variables (NBGRADER_EXECUTION for an nbgrader import) join the sandbox's environment, which
    // every backend builds with sandboxEnvironment(); Sandmark's own variables cannot be replaced by them.
    void assignmentEnvironmentUnderSandmarks()
    {
        const QMap<QString, QString> env = sandboxEnvironment(QStringLiteral("/tmp/home"), QStringLiteral("/usr/bin:/bin"), QString(),
                                                              {{QStringLiteral("NBGRADER_EXECUTION"), QStringLiteral("autograde")},
                                                               {QStringLiteral("PATH"), QStringLiteral("/evil")},
                                                               {QStringLiteral("LANG"), QStringLiteral("C")}});
        QCOMPARE(env.value(QStringLiteral("NBGRADER_EXECUTION")), QStringLiteral("autograde"));
        QCOMPARE(env.value(QStringLiteral("PATH")), QStringLiteral("/usr/bin:/bin"));
        QCOMPARE(env.value(QStringLiteral("LANG")), QStringLiteral("C.UTF-8"));
        QVERIFY(!sandboxEnvironment(QStringLiteral("/tmp/home"), QStringLiteral("/bin"), QString()).contains(QStringLiteral("NBGRADER_EXECUTION")));
    }

    // ---- isolation, per backend --------------------------------------------------------------------------------
    void identityHasNoPrivileges_data() { addBackendRows(); }
    void identityHasNoPrivileges()
    {
        FETCH_BACKEND();
        const Outcome o = runCode(kind, QStringLiteral(R"(
import os
result['uid'] = os.getuid()
status = open('/proc/self/status').read().splitlines()
result['capeff'] = [l.split()[1] for l in status if l.startswith('CapEff')][0]
result['capbnd'] = [l.split()[1] for l in status if l.startswith('CapBnd')][0]
result['cwd'] = os.getcwd()
result['home'] = os.environ.get('HOME')
result['env'] = sorted(os.environ)
)"),
                                  quickLimits());
        QVERIFY2(o.ok, qPrintable(o.error.toString()));
        const QJsonObject r = o.r();
        QCOMPARE(r.value(QLatin1String("capeff")).toString(), QStringLiteral("0000000000000000"));
        QCOMPARE(r.value(QLatin1String("capbnd")).toString(), QStringLiteral("0000000000000000"));
        if (const auto fixed = fixedFor(kind))
            QCOMPARE(r.value(QLatin1String("uid")).toInt(), int(fixed->uid));
        else if (::geteuid() != 0) // rootless Podman's keep-id, bwrap as a user: the invoking user, never root
            QCOMPARE(r.value(QLatin1String("uid")).toInt(), int(::geteuid()));
        if (::geteuid() == 0) { // the run's own uid (a lease): never root, owner of its working folder only
            QVERIFY(r.value(QLatin1String("uid")).toInt() != 0);
            QCOMPARE(r.value(QLatin1String("uid")).toInt(), static_cast<int>(QFileInfo(o.folder.work).ownerId()));
        }
        QCOMPARE(r.value(QLatin1String("cwd")).toString(), QStringLiteral("/work"));
        QCOMPARE(r.value(QLatin1String("home")).toString(), QStringLiteral("/tmp/home"));
        QVERIFY(!r.value(QLatin1String("env")).toArray().contains(QStringLiteral("SANDMARK_CACHE_DIR")));
        QCOMPARE(o.recordJson().value(QLatin1String("unsafe")).toBool(true), false);
        QCOMPARE(o.recordJson().value(QLatin1String("sandbox")).toString(), backend);
    }

    // No user namespace can be created inside the sandbox: `unshare -Ur true` fails (it worked in bwrap, and
    // `mount -t tmpfs` with it: security report F12; bwrap runs with --disable-userns, Docker's seccomp
    // profile refuses unshare).
    void nestedUserNamespacesAreRefused_data() { addBackendRows(); }
    void nestedUserNamespacesAreRefused()
    {
        FETCH_BACKEND();
        const Outcome o = runCode(kind, QStringLiteral(R"(
import shutil, subprocess
result['unshare'] = shutil.which('unshare') or ''
if result['unshare']:
    p = subprocess.run(['unshare', '-Ur', 'true'], capture_output=True, text=True)
    result['rc'] = p.returncode
    result['err'] = p.stderr.strip()
    p = subprocess.run(['unshare', '-Urm', 'mount', '-t', 'tmpfs', 'none', '/tmp'], capture_output=True, text=True)
    result['mount_rc'] = p.returncode
)"),
                                  quickLimits());
        QVERIFY2(o.ok, qPrintable(o.error.toString()));
        const QJsonObject r = o.r();
        if (r.value(u"unshare"_s).toString().isEmpty())
            QSKIP("the sandbox's system has no unshare(1) (util-linux)");
        QVERIFY2(r.value(u"rc"_s).toInt(0) != 0, QJsonDocument(r).toJson().constData());
        QVERIFY2(r.value(u"err"_s).toString().contains(u"unshare failed"_s), qPrintable(r.value(u"err"_s).toString()));
        QVERIFY(r.value(u"mount_rc"_s).toInt(0) != 0);
    }

    // A bubblewrap older than 0.8 does not know --disable-userns: the run fails (never runs without it) and
    // says to upgrade, as does the doctor's seed.
    void tooOldBwrapIsNamed()
    {
        const QString fakeDir = m_tmp.filePath(u"old-bwrap"_s);
        QVERIFY(QDir().mkpath(fakeDir));
        const QString fake = fakeDir + u"/bwrap"_s;
        {
            QFile f(fake);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("#!/bin/sh\necho 'bwrap: Unknown option --disable-userns' >&2\nexit 1\n");
        }
        const auto rx = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
                        | QFile::ReadOther | QFile::ExeOther;
        QVERIFY(QFile::setPermissions(fakeDir, rx) && QFile::setPermissions(fake, rx));
        BackendOptions old;
        old.bwrapPath = fake;
        const Outcome o = runCode(SandboxKind::Bwrap, u"result['ran'] = True"_s, quickLimits(), {}, old);
        QVERIFY(!o.ok);
        QVERIFY2(o.error.message.contains(u"bwrap: Unknown option --disable-userns; this bubblewrap is older than 0.8"_s),
                 qPrintable(o.error.toString()));
        QVERIFY2(o.error.message.contains(u"upgrade bubblewrap"_s), qPrintable(o.error.toString()));
        QCOMPARE(bwrapTooOld(u"bwrap: setting up uid map: Permission denied"_s), QString());
    }

    void networkFailsFast_data() { addBackendRows(); }
    void networkFailsFast()
    {
        FETCH_BACKEND();
        QTcpServer server; // listens on the HOST's loopback; the sandbox has its own network namespace
        QVERIFY(server.listen(QHostAddress::LocalHost));
        const Outcome o = runCode(kind, QStringLiteral(R"(
import socket, time
t = time.time()
try:
    socket.create_connection(('127.0.0.1', %1), timeout=5)
    result['tcp'] = 'connected'
except OSError as e:
    result['tcp'] = type(e).__name__
result['tcp_s'] = time.time() - t
t = time.time()
try:
    socket.getaddrinfo('sandmark-test.invalid', 80)
    result['dns'] = 'resolved'
except OSError as e:
    result['dns'] = type(e).__name__
result['dns_s'] = time.time() - t
result['ifaces'] = [n for _, n in socket.if_nameindex()]
)").arg(server.serverPort()),
                                  quickLimits());
        QVERIFY2(o.ok, qPrintable(o.error.toString()));
        const QJsonObject r = o.r();
        QCOMPARE(r.value(QLatin1String("tcp")).toString(), QStringLiteral("ConnectionRefusedError"));
        QVERIFY(r.value(QLatin1String("dns")).toString() != QLatin1String("resolved"));
        QCOMPARE(r.value(QLatin1String("ifaces")).toArray(), QJsonArray{QStringLiteral("lo")});
        QVERIFY(r.value(QLatin1String("tcp_s")).toDouble() < 2.0); // "fails fast": refused, not a timeout
        QVERIFY(r.value(QLatin1String("dns_s")).toDouble() < 2.0);
        QCoreApplication::processEvents();
        QVERIFY(!server.hasPendingConnections());
    }

    void writesOutsideWorkdirFail_data() { addBackendRows(); }
    void writesOutsideWorkdirFail()
    {
        FETCH_BACKEND();
        const Outcome o = runCode(kind, QStringLiteral(R"(
import os
def attempt(path):
    try:
        with open(path, 'w') as f:
            f.write('x')
        return 'ok'
    except OSError as e:
        return type(e).__name__
for p in ['/sandmark-x', '/usr/sandmark-x', '/etc/sandmark-x', '/sandmark/runtime/x', '../outside.txt',
          '/usr/lib/python3/dist-packages/usercustomize.py', '/tmp/inside.txt', 'here.txt',
          '/tmp/home/.ipython-startup.py']:
    result[p] = attempt(p)
)"),
                                  quickLimits());
        QVERIFY2(o.ok, qPrintable(o.error.toString()));
        const QJsonObject r = o.r();
        for (const char *p : {"/sandmark-x", "/usr/sandmark-x", "/etc/sandmark-x", "/sandmark/runtime/x",
                              "../outside.txt", "/usr/lib/python3/dist-packages/usercustomize.py"})
            QVERIFY2(r.value(QLatin1String(p)).toString() != QLatin1String("ok"), p);
        for (const char *p : {"/tmp/inside.txt", "here.txt", "/tmp/home/.ipython-startup.py"})
            QCOMPARE(r.value(QLatin1String(p)).toString(), QStringLiteral("ok"));
        QVERIFY(QFileInfo::exists(o.folder.work + QLatin1String("/here.txt")));
        QVERIFY(!QFileInfo::exists(o.folder.root + QLatin1String("/outside.txt")));
        QVERIFY(!QFileInfo::exists(QStringLiteral("/tmp/inside.txt")));
        QVERIFY(!QFileInfo::exists(QStringLiteral("/usr/sandmark-x")));
    }

    void hidesHomeAssignmentAndOtherRuns_data() { addBackendRows(); }
    void hidesHomeAssignmentAndOtherRuns()
    {
        FETCH_BACKEND();
        QTemporaryDir assignment;
        QFile secret(assignment.filePath(QStringLiteral("assignment.json")));
        QVERIFY(secret.open(QIODevice::WriteOnly));
        secret.write("{\"reference\": 42}");
        secret.close();
        WorkdirSpec otherSpec;
        otherSpec.runsRoot = m_runs;
        otherSpec.submissionFiles = {secret.fileName()};
        Expected<RunFolder> other = prepareRunFolder(otherSpec);
        QVERIFY(other);
        const QStringList hidden = {QDir::homePath(), assignment.path(), secret.fileName(), other->work,
                                    other->root, m_runs, QStringLiteral("/root"), QStringLiteral("/work/shared")};
        QStringList quoted;
        for (const QString &h : hidden)
            quoted << QLatin1Char('\'') + h + QLatin1Char('\'');
        const Outcome o = runCode(kind, QStringLiteral(R"(
import os
def host_visible(p):
    if not os.path.exists(p):
        return False
    # Docker: the image has its own /root and /home; they must not hold the host's files.
    try:
        return not (os.path.isdir(p) and p in ('/root', '/home') and os.listdir(p) == [])
    except PermissionError:
        return False
result['visible'] = [p for p in [%1] if host_visible(p)]
result['top'] = sorted(os.listdir('/'))
result['work'] = sorted(os.listdir('.'))
)").arg(quoted.join(QLatin1Char(','))),
                                  quickLimits());
        QVERIFY2(o.ok, qPrintable(o.error.toString()));
        QCOMPARE(o.r().value(QLatin1String("visible")).toArray(), QJsonArray{});
        const QJsonArray top = o.r().value(QLatin1String("top")).toArray();
        if (kind == SandboxKind::Bwrap) // the image of a Docker sandbox has its own (empty) /root and /home
            QVERIFY2(!top.contains(QStringLiteral("root")) && !top.contains(QStringLiteral("home")),
                 QJsonDocument(top).toJson().constData());
        QCOMPARE(o.r().value(QLatin1String("work")).toArray(), QJsonArray{}); // nothing but the submission
    }

    void memoryHogGetsMemoryError_data() { addBackendRows(); }
    void memoryHogGetsMemoryError()
    {
        FETCH_BACKEND();
        Limits lim = quickLimits();
        lim.memoryBytes = 1024LL * 1024 * 1024;
        const Outcome o = runCode(kind, QStringLiteral(R"(
import resource
result['as'] = resource.getrlimit(resource.RLIMIT_AS)[0]
try:
    blob = b'x' * (2 * 1024 ** 3)  # written, not just reserved: the cgroup would count it too
    result['hog'] = 'allocated'
except MemoryError:
    result['hog'] = 'MemoryError'
result['after'] = sum(range(10))
)"),
                                  lim);
        QVERIFY2(o.ok, qPrintable(o.error.toString()));
        QCOMPARE(o.r().value(QLatin1String("hog")).toString(), QStringLiteral("MemoryError"));
        QCOMPARE(o.r().value(QLatin1String("as")).toDouble(), static_cast<double>(lim.memoryBytes)); // bytes
        QCOMPARE(o.r().value(QLatin1String("after")).toInt(), 45);
    }

    // Security report: 20.1 GiB written to the host disk in one run, 3.1 GiB of host RAM held in /tmp under a 1 GiB
    // memory limit. The working folder is measured while the run goes on, /tmp and /dev/shm are size-limited.
    void diskLimitIsEnforced_data() { addBackendRows(); }
    void diskLimitIsEnforced()
    {
        FETCH_BACKEND();
        Limits lim = quickLimits();
        lim.diskBytes = 32LL * 1024 * 1024;
        lim.fileSizeBytes = 8LL * 1024 * 1024;
        lim.wallTimeoutS = 60;
        lim.cellTimeoutS = 60;
        const Outcome tmp = runCode(kind, QStringLiteral(R"(
import errno, os
def fill(folder):
    written = 0
    try:
        for i in range(100):
            with open(os.path.join(folder, 'blob%d' % i), 'wb') as f:
                f.write(b'x' * (4 * 1024 * 1024))
            written += 4 * 1024 * 1024
    except OSError as e:
        return [written, e.errno]
    return [written, 0]
result['tmp'] = fill('/tmp')
result['shm'] = fill('/dev/shm')
)"),
                                    lim);
        QVERIFY2(tmp.ok, qPrintable(tmp.error.toString()));
        const QJsonArray inTmp = tmp.r().value(u"tmp"_s).toArray();
        QCOMPARE(inTmp.at(1).toInt(), ENOSPC);
        QVERIFY2(inTmp.at(0).toInteger() <= lim.diskBytes, qPrintable(QString::number(inTmp.at(0).toInteger())));
        QVERIFY(inTmp.at(0).toInteger() >= lim.diskBytes / 2);
        QCOMPARE(tmp.r().value(u"shm"_s).toArray().at(1).toInt(), ENOSPC);

        // Many files of the allowed size into the working folder: killed, the submission's outcome.
        const QString marker = QStringLiteral("987.404");
        const Outcome work = runCode(kind, QStringLiteral(R"(
import time
for i in range(1000):
    with open('blob%d' % i, 'wb') as f:
        f.write(b'x' * (4 * 1024 * 1024))
    time.sleep(0.01)
result['finished'] = '%1'
)").arg(marker),
                                     lim);
        QVERIFY2(work.ok, qPrintable(work.error.toString()));
        QVERIFY(work.result.killed);
        QCOMPARE(work.result.status(), u"kernel-died"_s);
        QVERIFY(work.recordJson().value(u"limits_hit"_s).toArray().contains(u"disk"_s));
        const QString reason = work.recordJson()[u"kernel"_s][u"reason"_s].toString();
        QVERIFY2(reason.contains(u"more than the disk limit (disk_bytes = 33554432)"_s), qPrintable(reason));
        // Killed within a few measurements of the limit, far from the 4 GB the cell would write.
        const FolderUsage left = measureFolder(work.folder.work, kDiskWatchMaxEntries);
        QVERIFY2(left.bytes < 16 * lim.diskBytes, qPrintable(QString::number(left.bytes)));
        QVERIFY2(survivorsAfterTeardown(marker).isEmpty(), qPrintable(processesWith(marker).join(QLatin1Char('\n'))));

        // Files deleted but kept open (fresh trial s12: 1 GB held under a 20 MB limit, graded 8/8). The run's own
        // processes are Sandmark's to see with bwrap; a container's are the engine's (docs/sandbox.md).
        if (kind != SandboxKind::Bwrap)
            return;
        const Outcome held = runCode(kind, QStringLiteral(R"(
import os, time
files = []
for i in range(200):
    f = open('held%d' % i, 'wb')
    os.unlink('held%d' % i)
    f.write(b'x' * (4 * 1024 * 1024))
    f.flush()
    files.append(f)
    time.sleep(0.01)
result['finished'] = True
)"),
                                     lim);
        QVERIFY2(held.ok, qPrintable(held.error.toString()));
        QVERIFY(held.result.killed);
        QVERIFY(held.recordJson().value(u"limits_hit"_s).toArray().contains(u"disk"_s));
        QVERIFY(!held.r().contains(u"finished"_s));
    }

    void forkBombIsContained_data() { addBackendRows(); }
    void forkBombIsContained()
    {
        FETCH_BACKEND();
        Limits lim = quickLimits();
        lim.processes = 40;
        const QString marker = QStringLiteral("987.101");
        const Outcome o = runCode(kind, QStringLiteral(R"(
import subprocess, resource
result['nproc'] = resource.getrlimit(resource.RLIMIT_NPROC)[0]
procs, err = [], None
for i in range(300):
    try:
        procs.append(subprocess.Popen(['sleep', '%1']))
    except OSError as e:
        err = e.errno
        break
result['spawned'] = len(procs)
result['errno'] = err
)").arg(marker),
                                  lim);
        QVERIFY2(o.ok, qPrintable(o.error.toString()));
        const int spawned = o.r().value(QLatin1String("spawned")).toInt();
        QVERIFY2(spawned < 300, qPrintable(QString::number(spawned)));
        if (::geteuid() == 0)
            QVERIFY2(spawned < lim.processes, qPrintable(QString::number(spawned)));
        QCOMPARE(o.r().value(QLatin1String("errno")).toInt(), 11); // EAGAIN
        QVERIFY2(survivorsAfterTeardown(marker).isEmpty(), qPrintable(processesWith(marker).join(QLatin1Char('\n'))));
    }

    void wallClockKillsEverything_data() { addBackendRows(); }
    void wallClockKillsEverything()
    {
        FETCH_BACKEND();
        Limits lim = quickLimits();
        lim.wallTimeoutS = 2;
        lim.interruptGraceS = 0;
        BackendOptions opt;
        opt.killMarginS = 1;
        const QString marker = QStringLiteral("987.202");
        const Outcome o = runCode(kind, QStringLiteral(R"(
import signal, subprocess
subprocess.Popen(['sleep', '%1'], start_new_session=True)
subprocess.Popen(['sh', '-c', 'trap "" INT TERM HUP; sleep %1'])
signal.signal(signal.SIGINT, signal.SIG_IGN)
while True:
    pass
)").arg(marker),
                                  lim, {}, opt);
        QVERIFY2(o.ok, qPrintable(o.error.toString()));
        QVERIFY(o.result.killed);
        QCOMPARE(o.result.status(), QStringLiteral("wall-timeout"));
        QVERIFY(o.recordJson().value(QLatin1String("limits_hit")).toArray().contains(QStringLiteral("wall-clock")));
        QVERIFY2(survivorsAfterTeardown(marker).isEmpty(), qPrintable(processesWith(marker).join(QLatin1Char('\n'))));
    }

    void backgroundProcessesDieWithTheRun_data() { addBackendRows(); }
    void backgroundProcessesDieWithTheRun()
    {
        FETCH_BACKEND();
        const QString marker = QStringLiteral("987.303");
        const Outcome o = runCode(kind, QStringLiteral(R"(
import subprocess, os
subprocess.Popen(['sh', '-c', 'sleep %1; echo late > late_write.txt'], start_new_session=True)
pid = os.fork()
if pid == 0:
    os.setsid()
    os.execvp('sleep', ['sleep', '%1'])
result['forked'] = True
)").arg(marker),
                                  quickLimits());
        QVERIFY2(o.ok, qPrintable(o.error.toString()));
        QVERIFY(o.result.durationS < 20); // returned when the runner exited, not when the children did
        QVERIFY2(survivorsAfterTeardown(marker).isEmpty(), qPrintable(processesWith(marker).join(QLatin1Char('\n'))));
        QVERIFY(!QFileInfo::exists(o.folder.work + QLatin1String("/late_write.txt")));
    }

    // A lease whose owner was killed is freed by the next process: whatever still runs as its uid is killed and its
    // lock file goes; a live owner's lease is untouched (security report: killed runs left their uid leases, and their
    // orphans ran on until the slot happened to be taken again).
    void killedOwnersLeasesAreReclaimed()
    {
        if (::geteuid() != 0)
            QSKIP("runs as root only: a user's runs have no uid of their own to lease");
        auto live = SandboxIdentityLease::acquire();
        QVERIFY(live);
        const QString dir = SandboxIdentityLease::lockDir();
        QFile liveLock(dir + u"/%1.lock"_s.arg(live->identity().uid));
        QVERIFY(liveLock.open(QIODevice::ReadOnly));
        QList<QByteArray> lines = liveLock.readAll().split('\n');
        liveLock.close();
        // A slot nobody holds, given the lock of a process that has ended.
        uint deadUid = 0;
        for (uint uid = 4101023; uid > 4100000 && !deadUid; --uid)
            if (!QFileInfo::exists(dir + u"/%1.lock"_s.arg(uid)))
                deadUid = uid;
        QVERIFY(deadUid);
        QProcess gone;
        gone.start(u"/bin/true"_s, {});
        QVERIFY(gone.waitForStarted());
        lines[0] = QByteArray::number(gone.processId()); // 0 once it has finished
        QVERIFY(gone.waitForFinished());
        {
            QFile stale(dir + u"/%1.lock"_s.arg(deadUid));
            QVERIFY(stale.open(QIODevice::WriteOnly | QIODevice::NewOnly));
            stale.write(lines.join('\n'));
        }
        // What the killed owner's run left running as the uid.
        const QString marker = u"987.406"_s;
        QProcess p;
        p.start(u"/usr/bin/python3"_s, {u"-c"_s, u"import os, sys\nos.setgroups([]); os.setgid(int(sys.argv[1])); "
                                                   "os.setuid(int(sys.argv[1]))\nif os.fork() == 0:\n    os.setsid()\n"
                                                   "    os.execvp('sleep', ['sleep', sys.argv[2]])\n"_s,
                                         QString::number(deadUid), marker});
        QVERIFY(p.waitForFinished(10000) && p.exitCode() == 0);
        QTRY_VERIFY(!processesWith(marker).isEmpty());

        QVERIFY(SandboxIdentityLease::reclaimAbandoned() >= 1);
        QTRY_VERIFY2(processesWith(marker).isEmpty(), qPrintable(processesWith(marker).join(QLatin1Char('\n'))));
        QVERIFY(!QFileInfo::exists(dir + u"/%1.lock"_s.arg(deadUid)));
        QVERIFY(QFileInfo::exists(liveLock.fileName())); // a live owner's: kept
    }

    // A leased uid owns nothing but one run's processes: when the lease ends, whatever still runs as it (an
    // orphan its run's tree walk missed: a bwrap probe's child cloned as its parent was killed) is killed, and
    // nothing of another lease's uid is touched (security report: a self-test probe left sleeping).
    void leaseEndsEveryProcessOfItsUid()
    {
        if (::geteuid() != 0)
            QSKIP("runs as root only: a user's runs have no uid of their own to lease");
        auto orphanAs = [](uint uid, const QString &marker) {
            QProcess p; // the child takes the uid, forks a sleeper into its own session and exits: an orphan
            p.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), QStringLiteral(R"(
import os, sys
os.setgroups([]); os.setgid(int(sys.argv[1])); os.setuid(int(sys.argv[1]))
if os.fork() == 0:
    os.setsid()
    os.execvp('sleep', ['sleep', sys.argv[2]])
)"), QString::number(uid), marker});
            return p.waitForFinished(10000) && p.exitCode() == 0;
        };
        // The slots are the machine's, like the uids: two Sandmarks with different caches lease from one folder.
        const QByteArray cache = qgetenv("SANDMARK_CACHE_DIR");
        qputenv("SANDMARK_CACHE_DIR", "/tmp/sandmark-lease-test-a");
        const QString dirA = SandboxIdentityLease::lockDir();
        auto lease = SandboxIdentityLease::acquire();
        qputenv("SANDMARK_CACHE_DIR", "/tmp/sandmark-lease-test-b");
        QCOMPARE(SandboxIdentityLease::lockDir(), dirA);
        QCOMPARE(dirA, QStringLiteral("/run/sandmark/uids"));
        auto other = SandboxIdentityLease::acquire();
        if (cache.isNull())
            qunsetenv("SANDMARK_CACHE_DIR");
        else
            qputenv("SANDMARK_CACHE_DIR", cache);
        QVERIFY(lease && other);
        QVERIFY(QFile::exists(dirA + QStringLiteral("/%1.lock").arg(lease->identity().uid)));
        QVERIFY(lease->identity().uid != other->identity().uid);
        const QString mine = QStringLiteral("987.404"), theirs = QStringLiteral("987.405");
        QVERIFY(orphanAs(lease->identity().uid, mine));
        QVERIFY(orphanAs(other->identity().uid, theirs));
        QTRY_VERIFY(!processesWith(mine).isEmpty());
        QTRY_VERIFY(!processesWith(theirs).isEmpty());

        lease.reset();
        QVERIFY2(survivorsAfterTeardown(mine).isEmpty(), qPrintable(processesWith(mine).join(QLatin1Char('\n'))));
        QVERIFY(!processesWith(theirs).isEmpty()); // another run's uid: untouched
        other.reset();
        QVERIFY2(survivorsAfterTeardown(theirs).isEmpty(), qPrintable(processesWith(theirs).join(QLatin1Char('\n'))));
    }

    void secondRunSeesNothingOfTheFirst_data() { addBackendRows(); }
    void secondRunSeesNothingOfTheFirst()
    {
        FETCH_BACKEND();
        const Outcome first = runCode(kind, QStringLiteral(R"(
import os
open('/tmp/shared-note.txt', 'w').write('leak')
os.makedirs(os.path.expanduser('~/.ipython/profile_default/startup'), exist_ok=True)
open(os.path.expanduser('~/.ipython/profile_default/startup/00-leak.py'), 'w').write('LEAK = 1')
open('mine.txt', 'w').write('first')
)"),
                                      quickLimits());
        QVERIFY2(first.ok, qPrintable(first.error.toString()));
        const Outcome second = runCode(kind, QStringLiteral(R"(
import os
result['tmp'] = os.path.exists('/tmp/shared-note.txt')
result['startup'] = os.path.exists(os.path.expanduser('~/.ipython/profile_default/startup/00-leak.py'))
result['mine'] = os.path.exists('mine.txt')
)"),
                                       quickLimits());
        QVERIFY2(second.ok, qPrintable(second.error.toString()));
        QCOMPARE(second.r().value(QLatin1String("tmp")).toBool(true), false);
        QCOMPARE(second.r().value(QLatin1String("startup")).toBool(true), false);
        QCOMPARE(second.r().value(QLatin1String("mine")).toBool(true), false);
    }

    void cancelKillsTheRun_data() { addBackendRows(); }
    // bwrap's sandbox init runs in a session of its own (--new-session), out of reach of a process-group kill;
    // one killed before bwrap released it would wait on bwrap's setup eventfd under pid 1 forever (seen here
    // after doctor and test teardowns). killProcessTree() follows parent links instead: a process that left
    // the group with setsid dies too.
    void killProcessTreeReachesOtherSessions()
    {
        const QString marker = QStringLiteral("313.%1").arg(::getpid());
        QProcess root;
        root.start(QStringLiteral("/bin/sh"),
                   {QStringLiteral("-c"), QStringLiteral("setsid sleep %1 & sleep %1; wait").arg(marker)});
        QVERIFY(root.waitForStarted());
        for (int i = 0; i < 1500 && processesWith(marker).size() < 3; ++i) // sh, and both sleeps (30 s at most)
            QTest::qWait(20);
        QCOMPARE(processesWith(marker).size(), 3);
        detail::killProcessTree(root.processId());
        QVERIFY(root.waitForFinished(5000));
        const QStringList left = survivorsAfterTeardown(marker);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QLatin1Char('\n'))));
    }

    void cancelKillsTheRun()
    {
        FETCH_BACKEND();
        const QString marker = QStringLiteral("987.404");
        WorkdirSpec spec;
        spec.runsRoot = m_runs;
        spec.sandboxOwner = ownerFor(kind);
        Expected<RunFolder> folder = prepareRunFolder(spec);
        QVERIFY(folder);
        RunRequest req;
        req.job = codeJob(QStringLiteral("import subprocess\nsubprocess.run(['sleep', '%1'])").arg(marker));
        req.workDir = folder->work;
        req.runtimeDir = m_runtime;
        req.script = QStringLiteral("exec_script.py");
        req.python = QStringLiteral("/usr/bin/python3");
        req.dockerImage = m_dockerImage;
        req.limits = quickLimits();
        auto sandbox = createBackend(kind);
        const std::unique_ptr<SandboxRun> run(sandbox->createRun(req, nullptr)); // a failed check still kills it
        QEventLoop loop;
        Error err;
        bool finished = false;
        connect(run.get(), &SandboxRun::finished, &loop, [&]() {
            finished = true;
            loop.quit();
        });
        connect(run.get(), &SandboxRun::failed, &loop, [&](const Error &e) {
            err = e;
            loop.quit();
        });
        run->start();
        for (int i = 0; i < 1200 && processesWith(marker).isEmpty(); ++i) // the sandbox and Python start: 60 s at most
            QTest::qWait(50);
        QVERIFY(!processesWith(marker).isEmpty());
        run->cancel();
        QTimer::singleShot(60000, &loop, &QEventLoop::quit); // ends at once when failed() arrives
        if (!finished && err.message.isEmpty())
            loop.exec();
        QVERIFY(!finished);
        QVERIFY(err.message.contains(QLatin1String("cancelled")));
        QVERIFY(survivorsAfterTeardown(marker).isEmpty());
    }

    void stdoutFloodIsCapped_data() { addBackendRows(); }
    void stdoutFloodIsCapped()
    {
        FETCH_BACKEND();
        Limits lim = quickLimits();
        lim.outputTotalBytes = 1024;
        lim.probeBytes = 1024;
        const Outcome o = runCode(kind, QStringLiteral(R"(
import sys
chunk = 'x' * (1 << 20)
for i in range(200):
    sys.stdout.write(chunk)
)"),
                                  lim);
        QVERIFY(!o.ok); // a runner that floods its own answer is a grader error, with bounded memory
        QVERIFY2(o.error.message.contains(QLatin1String("exceeded")), qPrintable(o.error.toString()));
    }

    // ---- local-unsafe -----------------------------------------------------------------------------------
    void localUnsafeIsLabelled()
    {
        const Outcome o = runCode(SandboxKind::LocalUnsafe, QStringLiteral(R"(
import resource, os
result['as'] = resource.getrlimit(resource.RLIMIT_AS)[0]
result['core'] = resource.getrlimit(resource.RLIMIT_CORE)[0]
result['uid'] = os.getuid()
)"),
                                  quickLimits());
        QVERIFY2(o.ok, qPrintable(o.error.toString()));
        QCOMPARE(o.recordJson().value(QLatin1String("unsafe")).toBool(), true);
        QVERIFY(o.result.unsafe);
        QVERIFY(o.recordJson().value(QLatin1String("messages")).toArray().first().toString().startsWith(
            QLatin1String("UNSAFE")));
        QCOMPARE(o.r().value(QLatin1String("as")).toDouble(), static_cast<double>(quickLimits().memoryBytes));
        QCOMPARE(o.r().value(QLatin1String("core")).toInt(), 0);
        if (::geteuid() == 0)
            QVERIFY(o.r().value(QLatin1String("uid")).toInt() != 0); // never student code as root
    }

    // ---- doctor -----------------------------------------------------------------------------------------
    // --- A cgroup per bwrap run (issue 14): memory with tmpfs and page cache, processes, CPU. ---

    /// The record's "cgroup" object of a run.
    static QJsonObject cgroupOf(const Outcome &o) { return o.recordJson().value(u"cgroup"_s).toObject(); }

    // /tmp is a tmpfs: its pages are memory RLIMIT_AS never saw (security report: 3.1 GiB held under a 1 GiB limit).
    // Now the run's cgroup counts them, and the OOM kill at its limit is the submission's outcome, said as such.
    void tmpfsOverTheMemoryLimitIsKilledByTheCgroup()
    {
        REQUIRE_RUN_CGROUP();
        Limits lim = quickLimits();
        lim.memoryBytes = 256LL * 1024 * 1024;
        lim.diskBytes = 1024LL * 1024 * 1024; // /tmp may hold more than the memory limit: only the cgroup stops it
        lim.fileSizeBytes = 1024LL * 1024 * 1024;
        const Outcome o = runCode(SandboxKind::Bwrap, QStringLiteral(R"(
chunk = b'x' * (1 << 20)
with open('/tmp/fill', 'wb', buffering=0) as f:
    for i in range(768):
        f.write(chunk)
result['written'] = 768
)"),
                                  lim);
        QVERIFY2(o.ok, qPrintable(o.error.toString())); // finished: never a grader error
        QVERIFY2(!o.r().contains(u"written"_s), qPrintable(summary(o)));
        const QJsonObject cg = cgroupOf(o);
        QCOMPARE(cg.value(u"mode"_s).toString(), u"v1"_s == cg.value(u"version"_s).toString() ? u"v1"_s : u"v2"_s);
        QCOMPARE(cg.value(u"memory_max"_s).toInteger(), lim.memoryBytes);
        QVERIFY2(cg.value(u"oom_kills"_s).toInteger() >= 1, QJsonDocument(cg).toJson().constData());
        QVERIFY2(cg.value(u"memory_peak"_s).toInteger() <= lim.memoryBytes, QJsonDocument(cg).toJson().constData());
        QCOMPARE(o.result.status(), u"kernel-died"_s);
        QVERIFY(o.recordJson().value(u"limits_hit"_s).toArray().contains(u"memory"_s));
        const QString reason = o.recordJson()[u"kernel"_s][u"reason"_s].toString();
        QVERIFY2(reason.startsWith(u"the run reached its memory limit (memory_bytes = 268435456, counting /tmp"_s),
                 qPrintable(reason));
        QVERIFY(!o.recordJson().contains(u"interference"_s)); // the limit, not the notebook's doing
    }

    // The same through the real runner and kernel: the notebook's outcome (the run finishes, the cell's kernel died
    // with the memory limit as its reason), never a grader error.
    void notebookOverTheMemoryLimitIsTheSubmissionsOutcome()
    {
        REQUIRE_RUN_CGROUP();
        if (!runnerPresent())
            QSKIP("the runner is not in the build tree");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString nb = dir.filePath(u"fill-tmp.ipynb"_s);
        auto cell = [](const QString &src) {
            return QJsonObject{{u"cell_type"_s, u"code"_s}, {u"metadata"_s, QJsonObject{}}, {u"execution_count"_s, QJsonValue::Null},
                               {u"outputs"_s, QJsonArray{}}, {u"source"_s, src}};
        };
        const QJsonObject doc{{u"nbformat"_s, 4}, {u"nbformat_minor"_s, 4},
                              {u"metadata"_s, QJsonObject{{u"kernelspec"_s, QJsonObject{{u"name"_s, u"python3"_s},
                                                                                          {u"display_name"_s, u"Python 3"_s},
                                                                                          {u"language"_s, u"python"_s}}}}},
                              {u"cells"_s, QJsonArray{cell(u"x = 1"_s),
                                                      cell(u"chunk = b'x' * (1 << 20)\nf = open('/tmp/fill', 'wb', buffering=0)\n"
                                                           u"for i in range(1536):\n    f.write(chunk)\n"_s)}}};
        {
            QFile f(nb);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QJsonDocument(doc).toJson());
        }
        Limits lim = quickLimits();
        lim.memoryBytes = 768LL * 1024 * 1024;
        lim.diskBytes = 2048LL * 1024 * 1024;
        lim.fileSizeBytes = 2048LL * 1024 * 1024;
        lim.cellTimeoutS = 60;
        const Outcome o = runCase(SandboxKind::Bwrap, nb, {u"x"_s}, lim);
        QVERIFY2(o.ok, qPrintable(o.error.toString())); // finished: the submission's outcome
        QVERIFY2(o.recordJson().value(u"limits_hit"_s).toArray().contains(u"memory"_s), qPrintable(summary(o)));
        QVERIFY2(cgroupOf(o).value(u"oom_kills"_s).toInteger() >= 1, QJsonDocument(cgroupOf(o)).toJson().constData());
        QCOMPARE(o.result.status(), u"kernel-died"_s);
        const QString reason = o.recordJson()[u"kernel"_s][u"reason"_s].toString();
        QVERIFY2(reason.contains(u"the run reached its memory limit (memory_bytes = 805306368"_s), qPrintable(summary(o)));
    }

    // Processes: the cgroup's pids.max, not RLIMIT_NPROC (which a run in a cgroup does not set), stops a fork bomb.
    void forkBombStopsAtPidsMax()
    {
        REQUIRE_RUN_CGROUP();
        Limits lim = quickLimits();
        lim.processes = 40;
        const QString marker = QStringLiteral("987.505");
        const Outcome o = runCode(SandboxKind::Bwrap, QStringLiteral(R"(
import os, resource, signal
result['nproc'] = resource.getrlimit(resource.RLIMIT_NPROC)[0]
kids, err = [], None
for i in range(300):
    try:
        pid = os.fork()
    except OSError as e:
        err = e.errno
        break
    if pid == 0:
        os.execvp('sleep', ['sleep', '%1'])
    kids.append(pid)
result['spawned'] = len(kids)
result['errno'] = err
)").arg(marker),
                                  lim);
        QVERIFY2(o.ok, qPrintable(o.error.toString()));
        QCOMPARE(o.r().value(u"errno"_s).toInt(), EAGAIN);
        const int spawned = o.r().value(u"spawned"_s).toInt();
        QVERIFY2(spawned < lim.processes && spawned >= lim.processes - 8, qPrintable(QString::number(spawned)));
        QVERIFY(o.r().value(u"nproc"_s).toDouble() != lim.processes); // not the rlimit's doing
        const QJsonObject cg = cgroupOf(o);
        QCOMPARE(cg.value(u"pids_max"_s).toInt(), lim.processes);
        QVERIFY2(cg.value(u"pids_refused"_s).toInteger() >= 1, QJsonDocument(cg).toJson().constData());
        QVERIFY2(survivorsAfterTeardown(marker).isEmpty(), qPrintable(processesWith(marker).join(QLatin1Char('\n'))));
    }

    // CPU: half a CPU is half a CPU, whatever the machine has free.
    void cpuBoundCellIsThrottled()
    {
        REQUIRE_RUN_CGROUP();
        Limits lim = quickLimits();
        lim.cpus = 0.5;
        const Outcome o = runCode(SandboxKind::Bwrap, QStringLiteral(R"(
import time
start, cpu = time.monotonic(), time.process_time()
while time.monotonic() - start < 3:
    pass
result['wall'] = time.monotonic() - start
result['cpu'] = time.process_time() - cpu
)"),
                                  lim);
        QVERIFY2(o.ok, qPrintable(o.error.toString()));
        const double wall = o.r().value(u"wall"_s).toDouble(), cpu = o.r().value(u"cpu"_s).toDouble();
        const QJsonObject cg = cgroupOf(o);
        QCOMPARE(cg.value(u"cpus"_s).toDouble(), 0.5);
        QVERIFY2(wall >= 3 && cpu <= 0.5 * wall + 0.15, qPrintable(u"%1 s of CPU in %2 s"_s.arg(cpu).arg(wall)));
        qInfo("a busy loop got %.2f s of CPU in %.2f s under a 0.5 CPU quota (throttled %lld times)", cpu, wall,
              cg.value(u"cpu_throttled"_s).toInteger());
    }

    /// Runs `code` with bwrap and returns the run's cgroup folders (read while it is being set up), after the run
    /// reported; `cancelAfterMs` > 0 cancels it then.
    QStringList cgroupFoldersOfRun(const QString &code, const Limits &lim, int cancelAfterMs, Outcome *out,
                                   BackendOptions options = {})
    {
        WorkdirSpec spec;
        spec.runsRoot = m_runs;
        const auto lease = SandboxIdentityLease::acquire();
        spec.sandboxOwner = identityFor(lease);
        Expected<RunFolder> folder = prepareRunFolder(spec);
        if (!folder)
            return {};
        RunRequest req;
        req.job = codeJob(code);
        req.workDir = folder->work;
        req.runtimeDir = m_runtime;
        req.script = QStringLiteral("exec_script.py");
        req.python = QStringLiteral("/usr/bin/python3");
        req.identity = spec.sandboxOwner;
        req.limits = lim;
        SandboxRun *run = createBackend(SandboxKind::Bwrap, options)->createRun(req, this);
        const QStringList folders = run->plan().cgroup ? run->plan().cgroup->folders() : QStringList();
        QEventLoop loop;
        connect(run, &SandboxRun::finished, &loop, [&](const RunResult &r) {
            out->ok = true;
            out->result = r;
            loop.quit();
        });
        connect(run, &SandboxRun::failed, &loop, [&](const Error &e) {
            out->error = e;
            loop.quit();
        });
        run->start();
        if (cancelAfterMs > 0)
            QTimer::singleShot(cancelAfterMs, run, [run, folders]() {
                // The sandbox is inside its cgroup by now.
                QFile procs(folders.value(0) + u"/cgroup.procs"_s);
                if (procs.open(QIODevice::ReadOnly) && procs.readAll().trimmed().isEmpty())
                    qWarning("the run's cgroup is empty before the cancel");
                run->cancel();
            });
        QTimer::singleShot(int(lim.wallTimeoutS + 60) * 1000, &loop, &QEventLoop::quit);
        loop.exec();
        // Gone when the run reported, before the object is destroyed.
        QStringList left;
        for (const QString &f : folders)
            if (QFileInfo::exists(f))
                left << f;
        if (!left.isEmpty())
            qWarning("left behind: %s", qPrintable(left.join(u", "_s)));
        delete run;
        return left.isEmpty() ? folders : QStringList{u"LEFT: "_s + left.join(u", "_s)};
    }

    // A run that ends without a result (cancelled here; a sandbox that fails, a runner answer over its cap) leaves no
    // run folder: nothing records it, and its work/ held whatever the notebook wrote — a grader error's was kept
    // forever (2 GiB per attempt, security report F4).
    void failedRunLeavesNoRunFolder()
    {
        REQUIRE_BWRAP();
        const QDir dir(m_tmp.filePath(u"failed-run"_s)); // reachable by the sandbox's uid, as the suite's runs
        QVERIFY(QDir().mkpath(dir.path()));
        {
            QFile a(dir.filePath(u"assignment.json"_s));
            QVERIFY(a.open(QIODevice::WriteOnly));
            a.write(R"({"slug": "a", "notebooks": ["nb.ipynb"]})");
            QFile nb(dir.filePath(u"nb.ipynb"_s));
            QVERIFY(nb.open(QIODevice::WriteOnly));
            nb.write(R"nb({"cells": [{"cell_type": "code", "id": "c1", "metadata": {}, "execution_count": null, "outputs": [],
                      "source": "import time\nopen('big.bin', 'wb').write(b'x' * 20000000)\nprint('written', flush=True)\ntime.sleep(120)"}],
                     "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
                     "nbformat": 4, "nbformat_minor": 5})nb");
        }
        Expected<Assignment> assignment = Assignment::load(dir.path());
        QVERIFY2(assignment, qPrintable(assignment ? QString() : assignment.error().toString()));
        SubmissionRunOptions opt;
        opt.kind = SandboxKind::Bwrap;
        opt.runsRoot = dir.filePath(u"runs"_s);
        opt.keepWork = false;
        SubmissionRun run(*assignment, dir.filePath(u"nb.ipynb"_s), opt);
        QEventLoop loop;
        std::optional<Error> failed;
        bool finished = false;
        connect(&run, &SubmissionRun::failed, &loop, [&](const Error &e) { failed = e; loop.quit(); });
        connect(&run, &SubmissionRun::finished, &loop, [&] { finished = true; loop.quit(); });
        // Cancelled once the notebook has written its file (the run folder's work/ holds 20 MB then).
        QTimer poll;
        connect(&poll, &QTimer::timeout, &run, [&] {
            for (const QFileInfo &f : QDir(opt.runsRoot).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot))
                if (QFileInfo(f.filePath() + u"/work/big.bin"_s).size() >= 20000000) {
                    poll.stop();
                    run.cancel();
                }
        });
        poll.start(100);
        QTimer::singleShot(90000, &loop, &QEventLoop::quit);
        run.start();
        loop.exec();
        QVERIFY(!finished);
        QVERIFY(failed);
        QCOMPARE(failed->message, u"the run was cancelled"_s);
        QCOMPARE(QDir(opt.runsRoot).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), QStringList());
    }

    // Startup reclaims what a killed process left: a run folder whose owner process is gone is removed; one of a live
    // process (another one, and this one), one of another host (a cache shared by cluster nodes) and an ended run's
    // (its artifacts a gradebook names) stay. Killed runs' work/ folders stayed forever (security report, "Crash safety").
    void killedProcessesRunFoldersAreReclaimed()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString runs = dir.filePath(u"runs"_s);
        WorkdirSpec spec;
        spec.runsRoot = runs;
        QStringList roots;
        for (int i = 0; i < 5; ++i) {
            Expected<RunFolder> f = prepareRunFolder(spec);
            QVERIFY2(f, qPrintable(f ? QString() : f.error().toString()));
            roots << f->root;
        }
        const auto ownerOf = [](const QString &root) {
            QFile f(root + u"/owner"_s);
            return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed() : QByteArray();
        };
        const auto setOwner = [](const QString &root, const QByteArray &line) {
            QFile f(root + u"/owner"_s);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(line + '\n');
        };
        const auto startTime = [](qint64 pid) {
            QFile f(u"/proc/%1/stat"_s.arg(pid));
            if (!f.open(QIODevice::ReadOnly))
                return QByteArray();
            const QByteArray stat = f.readAll();
            return stat.mid(stat.lastIndexOf(')') + 2).split(' ').value(19);
        };
        QList<QByteArray> mine = ownerOf(roots[0]).split(' ');
        QCOMPARE(mine.size(), 5);
        QCOMPARE(mine[0], QByteArray::number(QCoreApplication::applicationPid()));
        // [0] killed: a process that has ended.
        QProcess gone;
        gone.start(u"/bin/true"_s, {});
        QVERIFY(gone.waitForStarted());
        const qint64 deadPid = gone.processId();
        const QByteArray deadStart = startTime(deadPid);
        QVERIFY(gone.waitForFinished());
        QList<QByteArray> dead = mine;
        dead[0] = QByteArray::number(deadPid);
        dead[1] = deadStart.isEmpty() ? QByteArray("1") : deadStart;
        setOwner(roots[0], dead.join(' '));
        // [1] another live process's.
        QProcess alive;
        alive.start(u"/bin/sleep"_s, {u"30"_s});
        QVERIFY(alive.waitForStarted());
        QList<QByteArray> live = mine;
        live[0] = QByteArray::number(alive.processId());
        live[1] = startTime(alive.processId());
        setOwner(roots[1], live.join(' '));
        // [2] this process's (as made). [3] another host's, whose pid is gone here. [4] an ended run's.
        QList<QByteArray> elsewhere = dead;
        elsewhere[4] = "another-node";
        setOwner(roots[3], elsewhere.join(' '));
        releaseRunFolder(RunFolder{roots[4], roots[4] + u"/work"_s, roots[4] + u"/artifacts"_s, {}, {}});
        QVERIFY(!QFileInfo::exists(roots[4] + u"/owner"_s));

        QCOMPARE(reclaimAbandonedRunFolders(runs), 1);
        QVERIFY(!QFileInfo::exists(roots[0]));
        for (int i = 1; i < 5; ++i)
            QVERIFY2(QFileInfo::exists(roots[i] + u"/work"_s), qPrintable(roots[i]));
        // Once the other process is gone, its folder goes too.
        alive.kill();
        QVERIFY(alive.waitForFinished());
        QCOMPARE(reclaimAbandonedRunFolders(runs), 1);
        QVERIFY(!QFileInfo::exists(roots[1]));
        QVERIFY(QFileInfo::exists(roots[2]));
    }

    void cgroupIsGoneAfterRunTimeoutAndCancel()
    {
        REQUIRE_RUN_CGROUP();
        const QString marker = QStringLiteral("987.606");
        const QString code = QStringLiteral(R"(
import subprocess, time
subprocess.Popen(['sleep', '%1'], start_new_session=True)
result['started'] = True
if WAIT:
    while True:
        time.sleep(0.1)
)").arg(marker);
        Outcome done;
        const QStringList a = cgroupFoldersOfRun(QString(code).replace(u"WAIT"_s, u"False"_s), quickLimits(), 0, &done);
        QVERIFY2(done.ok, qPrintable(done.error.toString()));
        QCOMPARE(a.size(), 3); // memory, pids and cpu (cgroup v1 here)
        QVERIFY2(!a.first().startsWith(u"LEFT"_s), qPrintable(a.first()));

        Limits wall = quickLimits();
        wall.wallTimeoutS = 2;
        wall.interruptGraceS = 0;
        BackendOptions quickKill;
        quickKill.killMarginS = 1;
        Outcome timedOut;
        const QStringList b = cgroupFoldersOfRun(QString(code).replace(u"WAIT"_s, u"True"_s), wall, 0, &timedOut, quickKill);
        QVERIFY2(timedOut.ok, qPrintable(timedOut.error.toString()));
        QCOMPARE(timedOut.result.status(), u"wall-timeout"_s);
        QVERIFY(!b.isEmpty());
        QVERIFY2(!b.first().startsWith(u"LEFT"_s), qPrintable(b.first()));

        Outcome cancelled;
        const QStringList c = cgroupFoldersOfRun(QString(code).replace(u"WAIT"_s, u"True"_s), quickLimits(), 1500, &cancelled);
        QVERIFY(!cancelled.ok);
        QCOMPARE(cancelled.error.message, u"the run was cancelled"_s);
        QVERIFY(!c.isEmpty());
        QVERIFY2(!c.first().startsWith(u"LEFT"_s), qPrintable(c.first()));
        QVERIFY2(survivorsAfterTeardown(marker).isEmpty(), qPrintable(processesWith(marker).join(QLatin1Char('\n'))));
    }

    // Fail closed: where the run's cgroup cannot be made, bwrap refuses with the fix; never a run with rlimits only.
    void runWithoutItsCgroupIsRefusedWithTheFix()
    {
        REQUIRE_BWRAP();
        if (::geteuid() != 0)
            QSKIP("runs as root only: a user's refusal comes from systemd's user manager, not tried here");
        if (!cgroupsWanted())
            QSKIP("SANDMARK_CGROUPS=off is set for this machine");
        QTemporaryDir bogus; // no cgroup file system in it
        QVERIFY(bogus.isValid());
        const ScopedEnv root(kCgroupRootEnv, bogus.path().toUtf8());
        const Outcome o = runCode(SandboxKind::Bwrap, QStringLiteral("result['ran'] = True"), quickLimits());
        QVERIFY(!o.ok);
        QVERIFY2(o.error.message.startsWith(u"cannot create the run's cgroup (memory, processes and CPU limits): no "
                                            u"cgroup v2 with the memory, pids and cpu controllers, and no cgroup v1 memory "
                                            u"hierarchy; bwrap runs need a cgroup of their own"_s),
                 qPrintable(o.error.toString()));
        QVERIFY2(o.error.message.contains(u"or set SANDMARK_CGROUPS=off to run with rlimits only"_s), qPrintable(o.error.message));
        QCOMPARE(o.error.file, bogus.path());
        QVERIFY(!QFileInfo::exists(o.folder.work + u"/ran"_s));

        // The self-test's first row says it once: the fix in `fix`, where in `detail` (the fix was also the detail's end).
        const auto backend = createBackend(SandboxKind::Bwrap);
        QVERIFY(!backend->check());
        const DoctorCheck row = backend->availability();
        QVERIFY(!row.ok);
        QCOMPARE(row.fix, backend->check().error().message);
        QCOMPARE(row.detail, bogus.path() + u": sandbox bwrap"_s);
        QVERIFY(!row.detail.contains(u"cgroup of their own"_s));
    }

    // The documented opt-out: rlimits only (as before cgroups), said in the record.
    void cgroupOptOutRunsWithRlimitsOnly()
    {
        REQUIRE_BWRAP();
        const ScopedEnv off(kCgroupsEnv, "off");
        Limits lim = quickLimits();
        const Outcome o = runCode(SandboxKind::Bwrap, QStringLiteral(R"(
import resource
result['as'] = resource.getrlimit(resource.RLIMIT_AS)[0]
result['nproc'] = resource.getrlimit(resource.RLIMIT_NPROC)[0]
result['cgroup'] = open('/proc/self/cgroup').read()
)"),
                                  lim);
        QVERIFY2(o.ok, qPrintable(o.error.toString()));
        QCOMPARE(cgroupOf(o).value(u"mode"_s).toString(), u"off"_s);
        QVERIFY(cgroupOf(o).value(u"note"_s).toString().startsWith(u"off (SANDMARK_CGROUPS=off): rlimits only"_s));
        QCOMPARE(o.r().value(u"as"_s).toDouble(), double(lim.memoryBytes));
        if (::geteuid() == 0)
            QCOMPARE(o.r().value(u"nproc"_s).toInt(), lim.processes);
        QVERIFY2(!o.r().value(u"cgroup"_s).toString().contains(u"/sandmark/run-"_s), qPrintable(o.r().value(u"cgroup"_s).toString()));
        const auto backend = createBackend(SandboxKind::Bwrap);
        QVERIFY(backend->check());
        QVERIFY(!backend->doctorHitsRunCgroupLimits());
    }

    // The sandbox starts inside its cgroup (joined before exec): the cgroup namespace bwrap makes is rooted there,
    // so inside, the run's own cgroup is "/" in every hierarchy and nothing of the host's tree shows; the host's
    // counters saw the interpreter's memory.
    void sandboxStartsInsideItsCgroup()
    {
        REQUIRE_RUN_CGROUP();
        const Outcome o = runCode(SandboxKind::Bwrap, QStringLiteral("result['cgroup'] = open('/proc/self/cgroup').read()"),
                                  quickLimits());
        QVERIFY2(o.ok, qPrintable(o.error.toString()));
        const QString inside = o.r().value(u"cgroup"_s).toString();
        if (cgroupOf(o).value(u"version"_s).toString() == u"v2"_s)
            QVERIFY2(inside.split(u'\n').contains(u"0::/"_s), qPrintable(inside));
        else
        for (const char *controller : {"memory", "pids", "cpu"}) {
            const QRegularExpression line(u"^\\d+:[^:]*\\b%1\\b[^:]*:/$"_s.arg(QLatin1String(controller)),
                                          QRegularExpression::MultilineOption);
            QVERIFY2(line.match(inside).hasMatch(), qPrintable(QLatin1String(controller) + u": "_s + inside));
        }
        QVERIFY2(cgroupOf(o).value(u"memory_peak"_s).toInteger() > 4 * 1024 * 1024, QJsonDocument(cgroupOf(o)).toJson().constData());
    }

    void doctorPassesForBwrapAndFailsForLocalUnsafe()
    {
        REQUIRE_BWRAP();
        const DoctorReport bwrap = runDoctor(SandboxKind::Bwrap, doctorOptions());
        QStringList failedChecks;
        for (const DoctorCheck &c : bwrap.checks) {
            if (!c.ok)
                failedChecks << c.name + QLatin1String(": ") + c.detail;
        }
        QVERIFY2(bwrap.allOk(), qPrintable(failedChecks.join(QLatin1Char('\n'))));
        QVERIFY(bwrap.checks.size() >= 15);
        QVERIFY(bwrap.checks.at(1).name.startsWith(QLatin1String("seed")));
        const auto nested = std::find_if(bwrap.checks.cbegin(), bwrap.checks.cend(), [](const DoctorCheck &c) {
            return c.name == QLatin1String("privileges: no nested user namespaces");
        });
        QVERIFY(nested != bwrap.checks.cend());
        QVERIFY2(nested->detail.startsWith(QLatin1String("refused (")), qPrintable(nested->detail));
        // Each limit proved by hitting it (the limits probe), wherever the run has a cgroup of its own (issue 14).
        if (::geteuid() == 0 && sandmark::test::cgroupOptOutReason().isEmpty())
            for (const char *row : {coretext::runCgroupMemory, coretext::runCgroupPids, coretext::runCgroupCpu}) {
                const auto it = std::find_if(bwrap.checks.cbegin(), bwrap.checks.cend(),
                                             [&](const DoctorCheck &c) { return c.name == QLatin1String(row); });
                QVERIFY2(it != bwrap.checks.cend(), row);
                QVERIFY2(it->ok, qPrintable(it->name + u": "_s + it->detail));
            }
        if (::geteuid() == 0) { // as root the doctor runs as a leased uid of its own, as every run does
            const QRegularExpression leased(QStringLiteral("as uid (41\\d{5})$"));
            const QRegularExpressionMatch m = leased.match(bwrap.checks.at(1).detail);
            QVERIFY2(m.hasMatch(), qPrintable(bwrap.checks.at(1).detail));
        }

        const DoctorReport unsafe = runDoctor(SandboxKind::LocalUnsafe, doctorOptions());
        QVERIFY(!unsafe.allOk());
        bool networkFailed = false;
        for (const DoctorCheck &c : unsafe.checks) {
            if (c.name.startsWith(QLatin1String("network: only")) && !c.ok) {
                networkFailed = true;
                QVERIFY(c.fix.contains(QLatin1String("local-unsafe")));
            }
        }
        QVERIFY(networkFailed);
    }


    // Fail closed: Podman that cannot isolate or cannot enforce the limits is refused with the fix, never run.
    // `podman info` is faked by a script printing what a real one prints in each situation (podman 4.3's JSON
    // and its error for a missing newuidmap).
    void podmanRefusesWhatItCannotEnforce_data()
    {
        QTest::addColumn<QByteArray>("script");   // the fake podman's body; empty: no podman at all
        QTest::addColumn<QStringList>("expected"); // parts of the error; empty: check() passes
        const auto info = [](const char *rootless, const char *uidmap, const char *version, const char *controllers) {
            return QByteArray("cat <<'JSON'\n{\"host\": {\"security\": {\"rootless\": ") + rootless
                   + ", \"seccompProfilePath\": \"@PROFILE@\"}, \"idMappings\": {\"uidmap\": " + uidmap
                   + "}, \"cgroupVersion\": \"" + version + "\", \"cgroupControllers\": " + controllers + "}}\nJSON\n";
        };
        const char *ranges = R"([{"container_id": 0, "host_id": 1000, "size": 1}, {"container_id": 1, "host_id": 100000, "size": 65536}])";
        const char *all = R"(["cpuset", "cpu", "io", "memory", "pids"])";
        QTest::newRow("not installed") << QByteArray() << QStringList{u"Podman CLI is not installed"_s, u"apt install podman uidmap"_s};
        QTest::newRow("no subuid range") << info("true", R"([{"container_id": 0, "host_id": 1000, "size": 1}])", "v2", all)
                                         << QStringList{u"no subordinate uid/gid range"_s, u"usermod --add-subuids"_s};
        QTest::newRow("rootless on cgroup v1") << info("true", ranges, "v1", "[]")
                                               << QStringList{u"cgroup v1"_s, u"systemd.unified_cgroup_hierarchy=1"_s};
        QTest::newRow("cpu not delegated") << info("true", ranges, "v2", R"(["memory", "pids"])")
                                           << QStringList{u"controllers cpu are not available"_s, u"Delegate="_s};
        QTest::newRow("no newuidmap")
            << QByteArray("echo 'Error: command required for rootless mode with multiple IDs: exec: \"newuidmap\": "
                          "executable file not found in $PATH' >&2\nexit 125\n")
            << QStringList{u"install uidmap"_s};
        QByteArray noProfile = info("true", ranges, "v2", all);
        noProfile.replace("@PROFILE@", "/nonexistent/seccomp.json");
        QTest::newRow("no seccomp profile") << noProfile << QStringList{u"seccomp profile cannot be read"_s};
        QTest::newRow("usable") << info("true", ranges, "v2", all) << QStringList();
        QTest::newRow("rootful on cgroup v1") << info("false", "null", "v1", R"(["cpu", "memory", "pids"])") << QStringList();
    }
    void podmanRefusesWhatItCannotEnforce()
    {
        QFETCH(QByteArray, script);
        QFETCH(QStringList, expected);
        QTemporaryDir dir;
        BackendOptions options;
        options.podmanPath = dir.filePath(u"podman"_s);
        // Podman's default profile, in small: what it allows includes unshare and clone (as the real one does).
        const QString profile = dir.filePath(u"seccomp.json"_s);
        {
            QFile f(profile);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"defaultAction": "SCMP_ACT_ERRNO", "syscalls": [{"names": ["read", "unshare", "clone", "clone3", "write"], "action": "SCMP_ACT_ALLOW"}]})");
        }
        if (!script.isEmpty()) {
            QFile f(options.podmanPath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("#!/bin/sh\n" + script.replace("@PROFILE@", profile.toUtf8()));
            f.close();
            QVERIFY(f.setPermissions(f.permissions() | QFile::ExeOwner));
        }
        const auto backend = createBackend(SandboxKind::Podman, options);
        const Expected<void> c = backend->check();
        if (expected.isEmpty()) {
            QVERIFY2(c, qPrintable(c ? QString() : c.error().toString()));
            // The runs' profile: Podman's minus unshare/clone/clone3, which come back refused or conditional.
            QDirIterator it(qEnvironmentVariable("SANDMARK_CACHE_DIR") + u"/podman"_s, {u"seccomp-*.json"_s});
            bool found = false;
            while (it.hasNext()) {
                QFile f(it.next());
                QVERIFY(f.open(QIODevice::ReadOnly));
                const QJsonArray rules = QJsonDocument::fromJson(f.readAll()).object().value(u"syscalls"_s).toArray();
                if (rules.size() != 4)
                    continue; // another row's profile
                found = true;
                QCOMPARE(rules.at(0)[u"names"_s].toArray(), (QJsonArray{u"read"_s, u"write"_s}));
                QCOMPARE(rules.at(1)[u"names"_s].toArray(), QJsonArray{u"clone"_s});
                QCOMPARE(rules.at(1)[u"args"_s][0][u"op"_s].toString(), u"SCMP_CMP_MASKED_EQ"_s);
                QCOMPARE(rules.at(1)[u"args"_s][0][u"value"_s].toDouble(), double(0x7E020000)); // every CLONE_NEW* flag
                QCOMPARE(rules.at(2)[u"names"_s].toArray(), QJsonArray{u"clone3"_s});
                QCOMPARE(rules.at(2)[u"errnoRet"_s].toInt(), 38);
                QCOMPARE(rules.at(3)[u"names"_s].toArray(), QJsonArray{u"unshare"_s});
                QCOMPARE(rules.at(3)[u"action"_s].toString(), u"SCMP_ACT_ERRNO"_s);
                QCOMPARE(rules.at(3)[u"errnoRet"_s].toInt(), 1);
            }
            QVERIFY(found);
            return;
        }
        QVERIFY(!c);
        for (const QString &part : expected)
            QVERIFY2(c.error().message.contains(part), qPrintable(c.error().toString()));
        QVERIFY2(c.error().message.contains(u"--sandbox bwrap"_s), qPrintable(c.error().toString())); // the alternative
        // A run is refused the same way: it fails on start, nothing is launched.
        RunRequest req;
        req.job = codeJob(u"result['ok'] = 1"_s);
        req.workDir = dir.path();
        req.dockerImage = m_dockerImage;
        SandboxRun *run = backend->createRun(req, this);
        QEventLoop loop;
        Error err;
        connect(run, &SandboxRun::failed, &loop, [&](const Error &e) {
            err = e;
            loop.quit();
        });
        connect(run, &SandboxRun::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        run->start();
        loop.exec();
        delete run;
        QVERIFY2(err.message.contains(expected.first()), qPrintable(err.toString()));
    }

    // An engine's CLI that never answers is stopped with everything it started (issue 14, Leftovers): its timeout
    // or a cancel kills its whole process group. It killed the CLI alone, and what the CLI had started ran on. The
    // fake `docker`/`podman` on PATH starts a sleeping child, writes its pid down and never answers; afterwards the
    // child must be gone. Docker and Podman share the doctor's image check and the image builder (ContainerEngine);
    // `podman info` (PodmanBackend::check()) is Podman's own. Rows with a timeout wait out kDockerQueryTimeoutS.
    void hungEngineCliIsKilledWithItsChildren_data()
    {
        QTest::addColumn<QString>("engine"); // the fake CLI's name on PATH
        QTest::addColumn<QString>("how");
        QTest::newRow("podman info times out") << u"podman"_s << u"check"_s;
        QTest::newRow("docker: doctor's image check times out") << u"docker"_s << u"step-timeout"_s;
        QTest::newRow("podman: doctor's image check cancelled") << u"podman"_s << u"step-destroyed"_s;
        QTest::newRow("docker: image builder times out") << u"docker"_s << u"builder-timeout"_s;
        QTest::newRow("podman: image builder cancelled") << u"podman"_s << u"builder-cancel"_s;
        QTest::newRow("docker: image builder destroyed") << u"docker"_s << u"builder-destroyed"_s;
    }
    void hungEngineCliIsKilledWithItsChildren()
    {
        QFETCH(QString, engine);
        QFETCH(QString, how);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString pidFile = dir.filePath(u"child.pid"_s);
        {
            QFile f(dir.filePath(engine));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("#!/bin/sh\nsleep 600 &\necho $! > '" + pidFile.toUtf8() + "'\nwait\n");
            f.close();
            QVERIFY(f.setPermissions(f.permissions() | QFile::ExeOwner));
        }
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", dir.path().toUtf8() + ':' + path);
        auto childPid = [&]() -> pid_t {
            QFile f(pidFile);
            return f.open(QIODevice::ReadOnly) ? pid_t(f.readAll().trimmed().toInt()) : 0;
        };
        // Gone, or a zombie nobody reaped yet (dead all the same).
        auto alive = [](pid_t pid) {
            QFile stat(u"/proc/%1/stat"_s.arg(pid));
            if (!stat.open(QIODevice::ReadOnly))
                return false;
            const QByteArray line = stat.readAll();
            return line.mid(line.lastIndexOf(')') + 2, 1) != "Z";
        };
        const auto cleanup = qScopeGuard([&]() {
            qputenv("PATH", path);
            if (const pid_t pid = childPid(); pid > 0)
                ::kill(pid, SIGKILL); // what a failed row left
        });
        const SandboxKind kind = *parseSandboxKind(engine);
        QEventLoop loop;
        QTimer::singleShot(120000, &loop, &QEventLoop::quit); // a safety net, not a measure

        if (how == u"check"_s) {
            const Expected<void> c = createBackend(kind)->check();
            QVERIFY(!c);
            QVERIFY2(c.error().message.contains(u"did not answer within 20 s"_s), qPrintable(c.error().toString()));
        } else if (how.startsWith(u"step-"_s)) {
            QObject owner;
            DoctorStep *step = createBackend(kind)->createDoctorStep(DoctorStepRequest{std::nullopt, Limits{}, m_dockerImage}, &owner);
            QVERIFY(step);
            DoctorCheck row;
            bool answered = false;
            connect(step, &DoctorStep::finished, &loop, [&](const DoctorCheck &r) {
                row = r;
                answered = true;
                loop.quit();
            });
            step->start();
            if (how == u"step-timeout"_s) {
                loop.exec();
                QVERIFY(answered);
                QVERIFY(!row.ok);
                QCOMPARE(row.detail, u"no answer within 20 s"_s);
            } else {
                QTRY_VERIFY(childPid() > 0);
                delete step; // the doctor cancelled: its step goes with it
            }
        } else {
            DockerImageSpec spec;
            spec.engine.program = engine;
            spec.baseImage = u"sandmark-base:latest"_s;
            spec.locksRoot = dir.filePath(u"locks"_s);
            auto *builder = new DockerImageBuilder(spec);
            Error error;
            connect(builder, &DockerImageBuilder::failed, &loop, [&](const Error &e) {
                error = e;
                loop.quit();
            });
            builder->start();
            if (how == u"builder-timeout"_s) {
                loop.exec();
                QVERIFY2(error.message.contains(u"did not answer within 20 s"_s), qPrintable(error.toString()));
            } else {
                QTRY_VERIFY(childPid() > 0);
                if (how == u"builder-cancel"_s) {
                    builder->cancel();
                    QCOMPARE(error.message, u"cancelled"_s);
                }
            }
            delete builder;
        }
        const pid_t child = childPid();
        QVERIFY2(child > 0, "the fake CLI never started its child");
        QTRY_VERIFY2(!alive(child), qPrintable(u"the CLI's child %1 outlived it"_s.arg(child)));
    }

    // A container run cancelled while its engine never answers: the run is killed, `podman rm -f` is tried and
    // killed with what it started after kDockerQueryTimeoutS, tried once more, and the run reports (it waited for
    // the hung `rm` for ever). The fake podman answers `podman info` as a usable one does and hangs at everything
    // else with a sleeping child of its own; afterwards no such child is left.
    void cancelledContainerRunReportsWhenTheEngineNeverAnswers()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString pidFile = dir.filePath(u"children.pid"_s);
        const QString profile = dir.filePath(u"seccomp.json"_s);
        {
            QFile f(profile);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"defaultAction": "SCMP_ACT_ERRNO", "syscalls": [{"names": ["read", "write"], "action": "SCMP_ACT_ALLOW"}]})");
        }
        BackendOptions options;
        options.podmanPath = dir.filePath(u"podman"_s);
        {
            QFile f(options.podmanPath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("#!/bin/sh\nif [ \"$1\" = info ]; then\ncat <<'JSON'\n"
                    R"({"host": {"security": {"rootless": false, "seccompProfilePath": ")" + profile.toUtf8()
                    + R"("}, "idMappings": {"uidmap": null}, "cgroupVersion": "v2", "cgroupControllers": ["cpu", "memory", "pids"]}})"
                    "\nJSON\nexit 0\nfi\nsleep 600 &\necho $! >> '" + pidFile.toUtf8() + "'\nwait\n");
            f.close();
            QVERIFY(f.setPermissions(f.permissions() | QFile::ExeOwner));
        }
        auto children = [&]() {
            QList<pid_t> out;
            QFile f(pidFile);
            if (f.open(QIODevice::ReadOnly))
                for (const QByteArray &l : f.readAll().split('\n'))
                    if (l.trimmed().toInt() > 0)
                        out << pid_t(l.trimmed().toInt());
            return out;
        };
        auto alive = [](pid_t pid) { // gone, or a zombie nobody reaped yet (dead all the same)
            QFile stat(u"/proc/%1/stat"_s.arg(pid));
            if (!stat.open(QIODevice::ReadOnly))
                return false;
            const QByteArray line = stat.readAll();
            return line.mid(line.lastIndexOf(')') + 2, 1) != "Z";
        };
        const auto cleanup = qScopeGuard([&]() {
            for (const pid_t pid : children())
                ::kill(pid, SIGKILL); // what a failed run left
        });
        const auto backend = createBackend(SandboxKind::Podman, options);
        const Expected<void> c = backend->check();
        QVERIFY2(c, qPrintable(c ? QString() : c.error().toString()));
        RunRequest req;
        req.job = codeJob(u"result['ok'] = 1"_s);
        req.workDir = dir.path();
        req.runtimeDir = m_runtime;
        req.dockerImage = m_dockerImage;
        req.limits = quickLimits();
        SandboxRun *run = backend->createRun(req, this);
        QEventLoop loop;
        std::optional<Error> failed;
        bool finished = false;
        connect(run, &SandboxRun::failed, &loop, [&](const Error &e) {
            failed = e;
            loop.quit();
        });
        connect(run, &SandboxRun::finished, &loop, [&]() {
            finished = true;
            loop.quit();
        });
        run->start();
        QTRY_VERIFY(!children().isEmpty()); // `podman run` hangs
        QTimer::singleShot(120000, &loop, &QEventLoop::quit); // a safety net, not a measure
        run->cancel();
        loop.exec();
        QVERIFY2(failed || finished, "the cancelled run never reported");
        QVERIFY(failed);
        QCOMPARE(failed->message, u"the run was cancelled"_s);
        delete run;
        QVERIFY2(children().size() >= 2, "podman rm -f was never tried"); // run, then rm -f (and its retry)
        for (const pid_t pid : children())
            QTRY_VERIFY2(!alive(pid), qPrintable(u"a child %1 of the hung podman outlived it"_s.arg(pid)));
    }

    // The container backends pass the self-test, including the cgroup's memory, pids and CPU limits, which the
    // probe reads inside the container (an engine that ignores --memory/--cpus/--pids-limit fails these rows).
    void doctorPassesForContainers_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("imageRow");
        QTest::newRow("docker") << u"docker"_s << u"docker: the daemon answers and has the image"_s;
        QTest::newRow("podman") << u"podman"_s << u"podman: the engine has the image"_s;
    }
    void doctorPassesForContainers()
    {
        FETCH_BACKEND();
        QFETCH(QString, imageRow);
        DoctorOptions opt;
        opt.runtimeDir = m_realRuntime;
        opt.runsRoot = m_runs;
        opt.dockerImage = m_dockerImage;
        const DoctorReport report = runDoctor(kind, opt, 120000);
        QStringList failedChecks;
        QMap<QString, QString> rows;
        for (const DoctorCheck &c : report.checks) {
            rows.insert(c.name, c.detail);
            if (!c.ok)
                failedChecks << c.name + QLatin1String(": ") + c.detail;
        }
        QVERIFY2(report.allOk(), qPrintable(failedChecks.join(QLatin1Char('\n'))));
        QVERIFY(report.checks.size() >= 10);
        QCOMPARE(report.checks.at(1).name, imageRow);
        const Limits lim;
        QCOMPARE(rows.value(u"limits: cgroup memory"_s).section(u',', 0, 0).toLongLong(), lim.memoryBytes);
        QCOMPARE(rows.value(u"limits: cgroup processes (pids)"_s).section(u',', 0, 0).toInt(), lim.processes);
        QCOMPARE(rows.value(u"limits: cgroup CPUs"_s).section(u',', 0, 0).toDouble(), lim.cpus);
    }

    // ---- hostile notebooks through the real runner (tests/data/cases; sandbox only) ------------------
    void networkCellsFail_data() { addBackendRows(); }
    void networkCellsFail()
    {
        FETCH_BACKEND();
        QTcpServer server; // the host's 127.0.0.1:8765, where the notebook knocks (when the port is free)
        const bool listening = server.listen(QHostAddress::LocalHost, 8765);
        Limits lim = quickLimits();
        lim.cellTimeoutS = 15;
        const Outcome o = runCase(kind, u"network-access.ipynb"_s, {u"answer"_s}, lim);
        QVERIFY2(o.ok, qPrintable(o.error.toString() + QLatin1Char('\n') + QString::fromUtf8(o.result.log)));
        QCOMPARE(o.result.status(), u"errors"_s);
        // cells[1] (!pip) is a shell command: IPython records no exception, pip itself fails (its exit status is
        // recorded for the cell and warned about); the others raise.
        QCOMPARE(cellAt(o.recordJson(), 1).value(u"status"_s).toString(), u"ok"_s);
        QVERIFY(cellAt(o.recordJson(), 1).value(u"shell_exit_status"_s).toInt() > 0);
        QVERIFY(o.recordJson().value(u"warnings"_s).toArray().contains(
            u"cells[1]: a shell command (!) exited with status %1"_s.arg(cellAt(o.recordJson(), 1).value(u"shell_exit_status"_s).toInt())));
        for (int cell : {2, 3, 4}) {
            const QJsonObject c = cellAt(o.recordJson(), cell);
            QCOMPARE(c.value(u"status"_s).toString(), u"error"_s);
            QVERIFY2(c[u"error"_s][u"ename"_s].toString() != u"TimeoutError"_s, qPrintable(QString::number(cell)));
        }
        QCOMPARE(cellAt(o.recordJson(), 5).value(u"status"_s).toString(), u"ok"_s);
        QCOMPARE(probed(o.result, u"answer"_s).value(u"v"_s).toString(), u"42"_s);
        QCoreApplication::processEvents();
        if (listening)
            QVERIFY(!server.hasPendingConnections());
    }

    void writesStayInTheRun_data() { addBackendRows(); }
    void writesStayInTheRun()
    {
        FETCH_BACKEND();
        const QString data = caseFile(u"writes-outside-workdir/data/grades.csv"_s);
        QFile original(data);
        QVERIFY(original.open(QIODevice::ReadOnly));
        const QByteArray before = original.readAll();
        original.close();
        auto specFor = [&](const QString &nb) {
            WorkdirSpec spec;
            spec.submissionFiles = {caseFile(nb)};
            spec.dataFiles = {SuppliedFile{data, u"data/grades.csv"_s}};
            return spec;
        };
        const Outcome first = runCase(kind, u"writes-outside-workdir/escape-writes.ipynb"_s, {u"attempts"_s},
                                      quickLimits(), specFor(u"writes-outside-workdir/escape-writes.ipynb"_s));
        QVERIFY2(first.ok, qPrintable(first.error.toString() + QLatin1Char('\n') + QString::fromUtf8(first.result.log)));
        QVERIFY2(first.result.status() == u"errors"_s, qPrintable(summary(first)));
        QCOMPARE(cellAt(first.recordJson(), 3).value(u"status"_s).toString(), u"error"_s); // ../escaped.txt
        QCOMPARE(cellAt(first.recordJson(), 4).value(u"status"_s).toString(), u"ok"_s); // the append, to its own copy
        QCOMPARE(cellAt(first.recordJson(), 5).value(u"status"_s).toString(), u"error"_s); // site-packages
        QCOMPARE(probed(first.result, u"attempts"_s).value(u"v"_s).toString(), u"5"_s);
        QVERIFY(!QFileInfo::exists(first.folder.root + u"/escaped.txt"_s));
        QVERIFY(!QFileInfo::exists(u"/tmp/sandmark-fixture-leak.txt"_s));
        QVERIFY(original.open(QIODevice::ReadOnly));
        QCOMPARE(original.readAll(), before); // the supplied file itself is never modified

        const Outcome second = runCase(kind, u"writes-outside-workdir/later-submission.ipynb"_s,
                                       {u"leak_tmp"_s, u"leak_outside"_s, u"leak_startup"_s, u"rows"_s}, quickLimits(),
                                       specFor(u"writes-outside-workdir/later-submission.ipynb"_s));
        QVERIFY2(second.ok, qPrintable(second.error.toString()));
        QCOMPARE(second.result.status(), u"completed"_s);
        for (const QString &name : {u"leak_tmp"_s, u"leak_outside"_s, u"leak_startup"_s})
            QCOMPARE(probed(second.result, name), (QJsonObject{{u"t"_s, u"bool"_s}, {u"v"_s, false}}));
        QCOMPARE(probed(second.result, u"rows"_s).value(u"v"_s).toString(), u"5"_s); // the header and 4 rows
    }

    void processesDieWithTheRun_data() { addBackendRows(); }
    void processesDieWithTheRun()
    {
        FETCH_BACKEND();
        const Outcome o = runCase(kind, u"background-processes.ipynb"_s, {u"after_flood"_s, u"spawned"_s}, quickLimits());
        QVERIFY2(o.ok, qPrintable(o.error.toString() + QLatin1Char('\n') + QString::fromUtf8(o.result.log)));
        QVERIFY2(o.result.status() == u"completed"_s, qPrintable(summary(o)));
        QCOMPARE(cellAt(o.recordJson(), 3).value(u"status"_s).toString(), u"ok"_s); // OSError caught, kernel alive
        QCOMPARE(probed(o.result, u"after_flood"_s).value(u"v"_s).toString(), u"7"_s);
        const int spawned = probed(o.result, u"spawned"_s).value(u"v"_s).toString().toInt();
        QVERIFY2(spawned > 0 && spawned < quickLimits().processes, qPrintable(QString::number(spawned)));
        QVERIFY(o.result.durationS < 40); // did not wait for the 60 s child holding the kernel's stdout
        for (const QString &marker : {u"time.sleep(20); open('written_too_late.txt'"_s, u"time.sleep(60)  # holds stdout"_s})
            QVERIFY2(survivorsAfterTeardown(marker).isEmpty(), qPrintable(processesWith(marker).join(QLatin1Char('\n'))));
        QVERIFY(!QFileInfo::exists(o.folder.work + u"/written_too_late.txt"_s));
    }

    void memoryHogIsRecorded_data() { addBackendRows(); }
    void memoryHogIsRecorded()
    {
        FETCH_BACKEND();
        Limits lim = quickLimits();
        lim.cellTimeoutS = 30;
        const Outcome o = runCase(kind, u"memory-hog.ipynb"_s, {u"small"_s, u"total"_s}, lim);
        QVERIFY2(o.ok, qPrintable(o.error.toString() + QLatin1Char('\n') + QString::fromUtf8(o.result.log)));
        const QJsonObject hog = cellAt(o.recordJson(), 2);
        if (o.result.status() == u"kernel-died"_s) { // a cgroup OOM kill instead of MemoryError: recorded
            QCOMPARE(hog.value(u"status"_s).toString(), u"kernel-died"_s);
            QVERIFY(o.recordJson()[u"kernel"_s][u"reason"_s].toString().contains(u"SIGKILL"_s));
            return;
        }
        QCOMPARE(o.result.status(), u"errors"_s);
        QCOMPARE(hog.value(u"status"_s).toString(), u"error"_s);
        QCOMPARE(hog[u"error"_s][u"ename"_s].toString(), u"MemoryError"_s);
        QCOMPARE(cellAt(o.recordJson(), 3).value(u"status"_s).toString(), u"ok"_s);
        QCOMPARE(probed(o.result, u"total"_s).value(u"v"_s).toString(), u"9"_s);
    }

    // ---- notebooks through the real runner (the fault fixtures of tests/data/cases) --------------------------
    void cases_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("caseFile");
        QTest::addColumn<QStringList>("vars");
        QTest::addColumn<QString>("status");
        QTest::addColumn<int>("cell");
        QTest::addColumn<QString>("cellStatus");
        QTest::addColumn<QString>("probeVar");   // a probed variable ("" = no probe may run: the kernel is gone)
        QTest::addColumn<QByteArray>("probeValue"); // its encoded value (docs/probe-payload.md)
        for (const QString &backend : kBackends) {
            const QByteArray b = backend.toUtf8();
            QTest::addRow("%s os._exit", b.constData())
                << backend << u"kernel-killed-by-os-exit.ipynb"_s << QStringList{u"deposit_total"_s, u"with_interest"_s}
                << u"kernel-died"_s << 2 << u"kernel-died"_s << u""_s << QByteArray();
            QTest::addRow("%s infinite loop", b.constData())
                << backend << u"infinite-loop.ipynb"_s << QStringList{u"letters"_s, u"countdown_sum"_s, u"doubled"_s}
                << u"cell-timeout"_s << 2 << u"timeout"_s << u"doubled"_s << QByteArray(R"({"t": "int", "v": "16"})");
            QTest::addRow("%s SIGINT ignored", b.constData())
                << backend << u"infinite-loop-ignoring-sigint.ipynb"_s << QStringList{u"warmed_up"_s, u"done"_s}
                << u"interrupt-ignored"_s << 1 << u"interrupted-ignored"_s << u""_s << QByteArray();
            QTest::addRow("%s input()", b.constData())
                << backend << u"input-call.ipynb"_s << QStringList{u"cubes"_s} << u"errors"_s << 0 << u"error"_s
                << u"cubes"_s
                << QByteArray(R"({"t": "list", "items": [{"t": "int", "v": "0"}, {"t": "int", "v": "1"},
                                                          {"t": "int", "v": "8"}, {"t": "int", "v": "27"}]})");
            QTest::addRow("%s sys.exit", b.constData())
                << backend << u"sys-exit-call.ipynb"_s << QStringList{u"points"_s, u"bonus"_s} << u"errors"_s << 1
                << u"error"_s << u"bonus"_s << QByteArray(R"({"t": "int", "v": "12"})");
            QTest::addRow("%s GUI backend", b.constData())
                << backend << u"gui-plot-backend.ipynb"_s << QStringList{u"bar_total"_s} << u"errors"_s << 0
                << u"error"_s << u"bar_total"_s << QByteArray(R"({"t": "int", "v": "10"})");
        }
    }
    void cases()
    {
        FETCH_BACKEND();
        // Part of the build (resources/CMakeLists.txt copies it): missing means a broken build, not a skip.
        QVERIFY2(runnerPresent(), "sandmark_runner.py is not in the build tree (share/sandmark/python)");
        QFETCH(QString, caseFile);
        QFETCH(QStringList, vars);
        QFETCH(QString, status);
        QFETCH(int, cell);
        QFETCH(QString, cellStatus);
        QFETCH(QString, probeVar);
        QFETCH(QByteArray, probeValue);
        Limits lim = quickLimits();
        // The first matplotlib import builds its font cache in the run's fresh HOME (2-5 s): it gets more.
        lim.cellTimeoutS = caseFile.startsWith(u"gui-"_s) ? 20 : 3;
        lim.interruptGraceS = 2;
        lim.wallTimeoutS = 60;
        const Outcome o = runCase(kind, caseFile, vars, lim);
        QVERIFY2(o.ok, qPrintable(o.error.toString() + QLatin1Char('\n') + QString::fromUtf8(o.result.log)));
        QCOMPARE(o.result.status(), status);
        QCOMPARE(cellAt(o.recordJson(), cell).value(QLatin1String("status")).toString(), cellStatus);
        if (probeVar.isEmpty()) {
            // The kernel is gone: no probe ran, so nothing is graded (never a silent wrong answer).
            QCOMPARE(o.result.payloadJson, QByteArray("null"));
        } else {
            const QJsonObject expected = QJsonDocument::fromJson(probeValue).object();
            QVERIFY(!expected.isEmpty());
            const QJsonObject got = probed(o.result, probeVar);
            QVERIFY2(got == expected, qPrintable(probeVar + u" = "_s + QString::fromUtf8(QJsonDocument(got).toJson(QJsonDocument::Compact))
                                                 + u"\npayload: "_s + QString::fromUtf8(o.result.payloadJson)));
        }
        QVERIFY(o.result.durationS < 40);
    }
};

QTEST_GUILESS_MAIN(TestSandbox)
#include "tst_sandbox.moc"
