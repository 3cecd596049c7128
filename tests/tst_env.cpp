// Environments: keys, reuse, the lock, atomic builds, and a built environment used inside bwrap; Docker images
// per environment (FROM the base image that tests/docker-engine.sh builds; skipped without an engine).
// Offline: packages come from a wheelhouse the test writes itself.
#include "recordtestutil.h"
#include "assignment/assignment.h"
#include "batch/referencerun.h"
#include "env/dockerimage.h"
#include "env/environment.h"
#include "sandbox/backend.h"
#include "sandbox/backends_p.h"
#include "sandbox/provision.h"
#include "sandbox/submissionrun.h"
#include "sandbox/sandboxrun.h"
#include "sandbox/workdir.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <signal.h>

using namespace sandmark;
using namespace Qt::Literals::StringLiterals;

namespace {

struct BuildOutcome
{
    bool ok = false;
    Environment env;
    Error error;
};

} // namespace

class TestEnv : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    QString m_wheelhouse;

    EnvironmentSpec spec(const QStringList &reqs) const
    {
        EnvironmentSpec s;
        s.basePython = u"/usr/bin/python3"_s;
        s.requirements = reqs;
        s.systemSitePackages = true;
        s.wheelhouse = m_wheelhouse;
        s.envsRoot = m_tmp.filePath(u"envs"_s);
        return s;
    }

    static QList<BuildOutcome> buildAll(const QList<EnvironmentSpec> &specs)
    {
        QList<BuildOutcome> out(specs.size());
        QList<EnvironmentBuilder *> builders;
        QEventLoop loop;
        int pending = static_cast<int>(specs.size());
        for (int i = 0; i < specs.size(); ++i) {
            auto *b = new EnvironmentBuilder(specs.at(i));
            builders << b;
            QObject::connect(b, &EnvironmentBuilder::finished, &loop, [&, i](const Environment &e) {
                out[i].ok = true;
                out[i].env = e;
                if (--pending == 0)
                    loop.quit();
            });
            QObject::connect(b, &EnvironmentBuilder::failed, &loop, [&, i](const Error &e) {
                out[i].error = e;
                if (--pending == 0)
                    loop.quit();
            });
        }
        for (EnvironmentBuilder *b : builders)
            b->start();
        QTimer::singleShot(300000, &loop, &QEventLoop::quit);
        loop.exec();
        qDeleteAll(builders);
        return out;
    }

    static BuildOutcome build(const EnvironmentSpec &s) { return buildAll({s}).first(); }

    QStringList leftovers() const
    {
        return QDir(m_tmp.filePath(u"envs"_s)).entryList({u".tmp-*"_s}, QDir::AllEntries | QDir::Hidden);
    }

    QList<QPair<QString, QString>> m_imagesToRemove; // engine, tag

    /// The container engine of the backend named `name` ("docker", "podman").
    static ContainerEngine engineOf(const QString &name)
    {
        const auto backend = createBackend(*parseSandboxKind(name));
        return dynamic_cast<const detail::ContainerBackend &>(*backend).engine();
    }

    static void addEngineRows()
    {
        QTest::addColumn<QString>("engine");
        QTest::newRow("docker") << u"docker"_s;
        QTest::newRow("podman") << u"podman"_s;
    }

    static int docker(const QStringList &args, QByteArray *out = nullptr) { return engineCli(u"docker"_s, args, out); }

    static int engineCli(const QString &engine, const QStringList &args, QByteArray *out = nullptr)
    {
        QProcess p;
        p.start(engine, args);
        if (!p.waitForFinished(120000))
            return -1;
        if (out)
            *out = p.readAllStandardOutput();
        return p.exitCode();
    }

    /// Why Docker image tests cannot run here; empty when they can.
    static QString dockerSkip() { return engineSkip(u"docker"_s); }

    /// Why the image tests of `engine` cannot run here; empty when they can.
    static QString engineSkip(const QString &engine)
    {
        if (engineCli(engine, {u"image"_s, u"inspect"_s, defaultDockerBaseImage()}) != 0)
            return u"no %1 engine with the base image %2 (tests/%1-engine.sh makes it)"_s.arg(engine, defaultDockerBaseImage());
        return {};
    }

    struct ImageOutcome
    {
        bool ok = false;
        DockerImage image;
        Error error;
    };

    static QList<ImageOutcome> buildImages(const QList<DockerImageSpec> &specs)
    {
        QList<ImageOutcome> out(specs.size());
        QList<DockerImageBuilder *> builders;
        QEventLoop loop;
        int pending = static_cast<int>(specs.size());
        for (int i = 0; i < specs.size(); ++i) {
            auto *b = new DockerImageBuilder(specs.at(i));
            builders << b;
            QObject::connect(b, &DockerImageBuilder::finished, &loop, [&, i](const DockerImage &img) {
                out[i].ok = true;
                out[i].image = img;
                if (--pending == 0)
                    loop.quit();
            });
            QObject::connect(b, &DockerImageBuilder::failed, &loop, [&, i](const Error &e) {
                out[i].error = e;
                if (--pending == 0)
                    loop.quit();
            });
        }
        for (DockerImageBuilder *b : builders)
            b->start();
        QTimer::singleShot(300000, &loop, &QEventLoop::quit);
        loop.exec();
        qDeleteAll(builders);
        return out;
    }

    DockerImageSpec imageSpec(const QStringList &reqs, const QString &engine = u"docker"_s) const
    {
        DockerImageSpec s;
        s.engine = engineOf(engine);
        s.requirements = reqs;
        s.wheelhouse = m_wheelhouse; // offline: no registry, no index
        s.locksRoot = m_tmp.filePath(u"envs"_s);
        return s;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QFile::setPermissions(m_tmp.path(), QFile::permissions(m_tmp.path()) | QFile::ExeOther | QFile::ReadOther);
        m_wheelhouse = m_tmp.filePath(u"wheelhouse"_s);
        for (const auto &[name, version] : {std::pair{"sandmark_testpkg", "1.0"}, std::pair{"sandmark_otherpkg", "2.5"}}) {
            QProcess p;
            p.start(u"/usr/bin/python3"_s, {QStringLiteral(SANDMARK_TEST_DATA_DIR "/env/make_wheel.py"), m_wheelhouse,
                                           QLatin1String(name), QLatin1String(version)});
            QVERIFY(p.waitForFinished(30000));
            QCOMPARE(p.exitCode(), 0);
        }
    }

    void normalize_data()
    {
        QTest::addColumn<QStringList>("input");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("case and separators") << QStringList{u"Scikit_Learn >= 1.2"_s, u"NumPy==1.24"_s}
                                             << QStringList{u"numpy==1.24"_s, u"scikit-learn>=1.2"_s};
        QTest::newRow("comments and blanks") << QStringList{u"# course deps"_s, u""_s, u"pandas  # data"_s}
                                             << QStringList{u"pandas"_s};
        QTest::newRow("duplicates") << QStringList{u"pandas"_s, u"Pandas"_s, u"pandas"_s} << QStringList{u"pandas"_s};
        QTest::newRow("dots") << QStringList{u"zope.interface"_s} << QStringList{u"zope-interface"_s};
    }
    void normalize()
    {
        QFETCH(QStringList, input);
        QFETCH(QStringList, expected);
        QCOMPARE(normalizeRequirements(input), expected);
    }

    // assignment.json "dependencies": what pip would refuse is a problem before any environment is built.
    void requirementSyntax_data()
    {
        QTest::addColumn<QString>("entry");
        QTest::addColumn<QString>("problem"); ///< empty: accepted; else a part of the message
        const QStringList good = {u"numpy"_s, u"numpy>=1.24"_s, u"numpy >= 1.24, < 2"_s, u"pandas[excel]==1.5.*"_s,
                                  u"scikit-learn~=1.2"_s, u"numpy (>=1.24)"_s, u"torch==2.1.0+cpu"_s,
                                  u"numpy; python_version >= \"3.9\""_s, u"pandas  # data"_s,
                                  u"mypkg @ https://example.invalid/mypkg-1.0.tar.gz"_s,
                                  u"https://example.invalid/x-1.0-py3-none-any.whl"_s, u"./wheels/x-1.0-py3-none-any.whl"_s,
                                  u"zope.interface!=5.0"_s, u"a===1.0"_s,
                                  u"numpy; (sys_platform == 'linux' or os_name != \"nt\") and python_version < '4'"_s,
                                  u"pywin32; 'win' in sys_platform"_s, u"x; extra not in 'a b'"_s};
        for (const QString &g : good)
            QTest::newRow(qPrintable(g)) << g << QString();
        QTest::newRow("numpy>=") << u"numpy>="_s << u"'numpy>=': '>=' must be followed by a version (such as numpy>=1.24)"_s;
        QTest::newRow("numpy== ") << u"numpy== "_s << u"'==' must be followed by a version (such as numpy==2.0.*)"_s;
        QTest::newRow("second clause") << u"numpy>=1.2,<"_s << u"'<' must be followed by a version"_s;
        QTest::newRow("stray comma") << u"numpy>=1.2,"_s << u"an empty version specifier (a stray ',')"_s;
        QTest::newRow("no operator") << u"numpy 1.24"_s << u"'1.24' is not a version specifier (such as numpy>=1.24"_s;
        QTest::newRow("single =") << u"numpy=1.24"_s << u"'=1.24' is not a version specifier"_s;
        QTest::newRow("bad version") << u"numpy>=1.2$"_s << u"'1.2$' is not a version"_s;
        QTest::newRow("empty marker") << u"numpy;"_s << u"';' must be followed by an environment marker"_s;
        // A marker is PEP 508's grammar, not any text after ';' (fresh-user test: a shell command was accepted).
        QTest::newRow("shell after ;") << u"pandas; rm -rf /"_s << u"'rm -rf /' is not an environment marker (PEP 508"_s;
        QTest::newRow("unknown variable") << u"numpy; python >= '3'"_s << u"'python >= '3'' is not an environment marker"_s;
        QTest::newRow("dangling and") << u"numpy; os_name == 'nt' and"_s << u"is not an environment marker"_s;
        QTest::newRow("unclosed paren") << u"numpy; (os_name == 'nt'"_s << u"is not an environment marker"_s;
        QTest::newRow("unquoted value") << u"numpy; os_name == posix"_s << u"is not an environment marker"_s;
        QTest::newRow("empty url") << u"numpy @ "_s << u"'@' must be followed by a URL"_s;
    }
    void requirementSyntax()
    {
        QFETCH(QString, entry);
        QFETCH(QString, problem);
        const QString why = requirementProblem(entry);
        if (problem.isEmpty())
            QVERIFY2(why.isEmpty(), qPrintable(why));
        else
            QVERIFY2(why.contains(problem), qPrintable(why));
    }

    void keyDependsOnWhatMatters()
    {
        const QStringList a = normalizeRequirements({u"numpy"_s, u"pandas"_s});
        const QStringList b = normalizeRequirements({u"Pandas"_s, u"numpy"_s});
        const QString k = environmentKey(a, u"/usr/bin/python3"_s, u"3.11.2"_s, true, {}, u"0.1"_s);
        QCOMPARE(k.size(), 24);
        QCOMPARE(environmentKey(b, u"/usr/bin/python3"_s, u"3.11.2"_s, true, {}, u"0.1"_s), k);
        QVERIFY(environmentKey(a, u"/usr/bin/python3"_s, u"3.12.1"_s, true, {}, u"0.1"_s) != k);
        QVERIFY(environmentKey(a, u"/opt/python3"_s, u"3.11.2"_s, true, {}, u"0.1"_s) != k);
        QVERIFY(environmentKey(a, u"/usr/bin/python3"_s, u"3.11.2"_s, false, {}, u"0.1"_s) != k);
        QVERIFY(environmentKey(a, u"/usr/bin/python3"_s, u"3.11.2"_s, true, {}, u"0.2"_s) != k);
        QVERIFY(environmentKey(normalizeRequirements({u"numpy"_s}), u"/usr/bin/python3"_s, u"3.11.2"_s, true, {},
                               u"0.1"_s)
                != k);
    }

    void emptyListReusesTheBaseInterpreter()
    {
        const BuildOutcome o = build(spec({}));
        QVERIFY2(o.ok, qPrintable(o.error.toString()));
        QVERIFY(o.env.prefix.isEmpty());
        QCOMPARE(o.env.python, u"/usr/bin/python3"_s);
        QVERIFY(o.env.reused);
    }

    void missingBaseInterpreterFails()
    {
        EnvironmentSpec s = spec({});
        s.basePython = u"/nonexistent/python3"_s;
        const BuildOutcome o = build(s);
        QVERIFY(!o.ok);
        QVERIFY2(o.error.message.contains(u"base interpreter"_s), qPrintable(o.error.toString()));
        // The interpreter is named, and where it came from when that was SANDMARK_PYTHON (fresh-user finding: only
        // "execvp: No such file or directory").
        QVERIFY2(o.error.message.startsWith(u"cannot start the base interpreter /nonexistent/python3: "_s), qPrintable(o.error.toString()));
        const QByteArray before = qgetenv("SANDMARK_PYTHON");
        qputenv("SANDMARK_PYTHON", "/nonexistent/python3");
        s.basePython.clear();
        const BuildOutcome fromEnv = build(s);
        if (before.isEmpty())
            qunsetenv("SANDMARK_PYTHON");
        else
            qputenv("SANDMARK_PYTHON", before);
        QVERIFY(!fromEnv.ok);
        QVERIFY2(fromEnv.error.message.startsWith(u"cannot start the base interpreter /nonexistent/python3 (SANDMARK_PYTHON): "_s),
                 qPrintable(fromEnv.error.toString()));
    }

    // A program that runs, exits at once and prints nothing (SANDMARK_PYTHON=/bin/false) is named with what it did;
    // the reason was empty ("does not run: ", fresh-user run s25).
    void silentBaseInterpreterSaysWhatItDid()
    {
        EnvironmentSpec s = spec({});
        s.basePython = u"/bin/false"_s;
        const BuildOutcome o = build(s);
        QVERIFY(!o.ok);
        QCOMPARE(o.error.message, u"the base interpreter /bin/false does not run: it exited with status 1 and printed nothing"_s);
    }

    void buildsOnceAndReuses()
    {
        // Two builders of the same list at once: the lock makes one build and the other reuse it.
        const QList<BuildOutcome> both = buildAll({spec({u"sandmark-testpkg==1.0"_s}), spec({u"sandmark_testpkg == 1.0"_s})});
        for (const BuildOutcome &o : both)
            QVERIFY2(o.ok, qPrintable(o.error.toString()));
        QCOMPARE(both[0].env.prefix, both[1].env.prefix);
        QCOMPARE(both[0].env.key, both[1].env.key);
        QCOMPARE(int(both[0].env.reused) + int(both[1].env.reused), 1);
        QVERIFY(QFileInfo::exists(both[0].env.prefix + u"/sandmark-env.json"_s));
        QVERIFY(leftovers().isEmpty());

        QProcess p;
        p.start(both[0].env.python, {u"-c"_s, u"import sandmark_testpkg, nbclient; print(sandmark_testpkg.VERSION)"_s});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.readAllStandardOutput().trimmed(), QByteArray("1.0"));

        const BuildOutcome again = build(spec({u"sandmark-testpkg==1.0"_s}));
        QVERIFY(again.ok);
        QVERIFY(again.env.reused);
        QCOMPARE(again.env.prefix, both[0].env.prefix);
    }

    void failedBuildLeavesNothing()
    {
        const EnvironmentSpec s = spec({u"sandmark-no-such-package==9.9"_s});
        const BuildOutcome o = build(s);
        QVERIFY(!o.ok);
        QVERIFY2(o.error.message.contains(u"pip install"_s), qPrintable(o.error.toString()));
        QVERIFY2(o.error.message.contains(u"sandmark-no-such-package"_s), qPrintable(o.error.toString()));
        QVERIFY(leftovers().isEmpty());
        QVERIFY(!QFileInfo::exists(o.error.file + u"/sandmark-env.json"_s));
        QVERIFY(!QFileInfo::exists(o.error.file));
        // The lock was released: a good build of another list goes through at once.
        const BuildOutcome good = build(spec({u"sandmark-otherpkg"_s}));
        QVERIFY2(good.ok, qPrintable(good.error.toString()));
    }

    // A cancelled build stops what it started with everything that started (issue 14, Leftovers): the interpreter or
    // pip runs in a process group of its own, killed as a whole. It killed the process alone and its children ran on.
    // The fake base interpreter answers the probe (-I -c; or not: "probe") and hangs at the next step (-I -m venv) with a sleeping child
    // whose pid it writes down; afterwards that child must be gone.
    void cancelledBuildKillsWhatItStarted_data()
    {
        QTest::addColumn<bool>("answersProbe");
        QTest::addColumn<bool>("destroy"); // the builder deleted instead of cancelled
        QTest::newRow("probe cancelled") << false << false;
        QTest::newRow("venv cancelled") << true << false;
        QTest::newRow("venv, builder destroyed") << true << true;
    }
    void cancelledBuildKillsWhatItStarted()
    {
        QFETCH(bool, answersProbe);
        QFETCH(bool, destroy);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString pidFile = dir.filePath(u"child.pid"_s);
        EnvironmentSpec s = spec({u"sandmark-testpkg==1.0"_s});
        s.basePython = dir.filePath(u"python3"_s);
        s.envsRoot = dir.filePath(u"envs"_s);
        {
            QFile f(s.basePython);
            QVERIFY(f.open(QIODevice::WriteOnly));
            if (answersProbe)
                f.write("#!/bin/sh\nif [ \"$2\" = -c ]; then printf '3.11.2\\n1\\n1\\n'; exit 0; fi\n");
            else
                f.write("#!/bin/sh\n");
            f.write("sleep 600 &\necho $! > '" + pidFile.toUtf8() + "'\nwait\n");
            f.close();
            QVERIFY(f.setPermissions(f.permissions() | QFile::ExeOwner));
        }
        auto childPid = [&]() -> pid_t {
            QFile f(pidFile);
            return f.open(QIODevice::ReadOnly) ? pid_t(f.readAll().trimmed().toInt()) : 0;
        };
        auto alive = [](pid_t pid) { // gone, or a zombie nobody reaped yet (dead all the same)
            QFile stat(u"/proc/%1/stat"_s.arg(pid));
            if (!stat.open(QIODevice::ReadOnly))
                return false;
            const QByteArray line = stat.readAll();
            return line.mid(line.lastIndexOf(')') + 2, 1) != "Z";
        };
        const auto cleanup = qScopeGuard([&]() {
            if (const pid_t pid = childPid(); pid > 0)
                ::kill(pid, SIGKILL); // what a failed row left
        });
        auto *builder = new EnvironmentBuilder(s);
        std::optional<Error> failed;
        connect(builder, &EnvironmentBuilder::failed, this, [&](const Error &e) { failed = e; });
        builder->start();
        QTRY_VERIFY(childPid() > 0);
        if (destroy) {
            delete builder;
        } else {
            builder->cancel();
            QVERIFY(failed);
            QVERIFY2(failed->message.contains(u"cancelled"_s), qPrintable(failed->toString()));
            delete builder;
        }
        QTRY_VERIFY2(!alive(childPid()), qPrintable(u"the child %1 of the cancelled build outlived it"_s.arg(childPid())));
    }

    void builtEnvironmentWorksInsideBwrap()
    {
        auto bwrap = createBackend(SandboxKind::Bwrap);
        if (Expected<void> c = bwrap->check(); !c)
            QSKIP(qPrintable(u"bwrap cannot run here: "_s + c.error().toString()));
        const BuildOutcome o = build(spec({u"sandmark-testpkg==1.0"_s}));
        QVERIFY2(o.ok, qPrintable(o.error.toString()));

        const QString runtime = m_tmp.filePath(u"runtime"_s);
        QVERIFY(QDir().mkpath(runtime));
        QFile::remove(runtime + u"/exec_script.py"_s);
        QVERIFY(QFile::copy(QStringLiteral(SANDMARK_TEST_DATA_DIR "/sandbox/exec_script.py"), runtime + u"/exec_script.py"_s));
        QFile::setPermissions(runtime + u"/exec_script.py"_s, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther);
        WorkdirSpec ws;
        ws.runsRoot = m_tmp.filePath(u"runs"_s);
        ws.sandboxOwner = sandboxIdentity();
        Expected<RunFolder> folder = prepareRunFolder(ws);
        QVERIFY(folder);
        RunRequest req;
        req.job = QJsonDocument(QJsonObject{{u"code"_s, u"import sys, sandmark_testpkg, nbclient\n"
                                                        "result['v'] = sandmark_testpkg.VERSION\n"
                                                        "result['prefix'] = sys.prefix\n"
                                                        "import pathlib\n"
                                                        "try:\n"
                                                        "    pathlib.Path(sandmark_testpkg.__file__).write_text('x')\n"
                                                        "    result['write'] = 'ok'\n"
                                                        "except OSError as e:\n"
                                                        "    result['write'] = type(e).__name__\n"_s}})
                      .toJson();
        req.workDir = folder->work;
        req.runtimeDir = runtime;
        req.script = u"exec_script.py"_s;
        req.python = o.env.python;
        req.envPrefix = o.env.prefix;
        req.limits.wallTimeoutS = 60;
        SandboxRun *run = bwrap->createRun(req, this);
        QEventLoop loop;
        RunResult result;
        Error err;
        connect(run, &SandboxRun::finished, &loop, [&](const RunResult &r) {
            result = r;
            loop.quit();
        });
        connect(run, &SandboxRun::failed, &loop, [&](const Error &e) {
            err = e;
            loop.quit();
        });
        run->start();
        loop.exec();
        QVERIFY2(err.message.isEmpty(), qPrintable(err.toString()));
        const QJsonObject r = test::recordJson(result.record).value(u"result"_s).toObject();
        QCOMPARE(r.value(u"v"_s).toString(), u"1.0"_s);
        QCOMPARE(r.value(u"prefix"_s).toString(), u"/sandmark/env"_s);
        QVERIFY(r.value(u"write"_s).toString() != u"ok"_s); // the environment is read-only in the sandbox
        delete run;
    }
    // ---- Docker images per environment ----------------------------------------------------------------
    void dockerfileInstallsRequirements()
    {
        const QByteArray online = dockerfileFor(u"sandmark-base:latest"_s, false, true);
        QVERIFY(online.contains("FROM sandmark-base:latest\n"));
        QVERIFY(online.contains("PIP_CERT=/sandmark/host-ca.crt python3 -m pip install"));
        QVERIFY(online.contains("-r /sandmark/requirements.txt"));
        const QByteArray offline = dockerfileFor(u"base:1"_s, true, false);
        QVERIFY(offline.contains("--no-index --find-links /sandmark/wheelhouse"));
        QVERIFY(!offline.contains("host-ca"));
    }

    void dockerImageWithoutDependenciesIsTheBase_data() { addEngineRows(); }
    void dockerImageWithoutDependenciesIsTheBase()
    {
        QFETCH(QString, engine);
        if (const QString why = engineSkip(engine); !why.isEmpty())
            QSKIP(qPrintable(why));
        const ImageOutcome o = buildImages({imageSpec({}, engine)}).first();
        QVERIFY2(o.ok, qPrintable(o.error.toString()));
        QCOMPARE(o.image.tag, defaultDockerBaseImage());
        QVERIFY(o.image.reused);
    }

    // The environment key of a run is the key of the backend that runs it: with Docker the reference run's key is
    // the image's, as the submissions' is (it was a host venv's, built only to compute a key).
    void referenceRunKeysTheBackendsEnvironment()
    {
        if (const QString why = dockerSkip(); !why.isEmpty())
            QSKIP(qPrintable(why));
        Expected<Assignment> a = Assignment::load(QStringLiteral(SANDMARK_TEST_DATA_DIR "/assignments/minimal"));
        QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
        RunChoices choices;
        choices.sandbox = SandboxKind::Docker;
        choices.dockerImage = defaultDockerBaseImage();
        ReferenceRunOptions opt;
        opt.run = runOptionsFor(*a, choices);
        opt.run.runsRoot = m_tmp.filePath(u"reference-keys/runs"_s);
        opt.run.envsRoot = m_tmp.filePath(u"reference-keys/envs"_s);
        opt.cacheDir = m_tmp.filePath(u"reference-keys/reference"_s);
        const auto provisioned = [&](SandboxKind kind) {
            std::optional<Environment> env;
            QEventLoop loop;
            EnvironmentProvision *p = createBackend(kind)->provision(provisionRequestFor(*a, opt.run), &loop);
            connect(p, &EnvironmentProvision::finished, &loop, [&](const Environment &e) {
                env = e;
                loop.quit();
            });
            connect(p, &EnvironmentProvision::failed, &loop, [&](const Error &e) {
                qWarning() << e.toString();
                loop.quit();
            });
            p->start();
            loop.exec();
            return env;
        };
        const std::optional<Environment> image = provisioned(SandboxKind::Docker);
        const std::optional<Environment> venv = provisioned(SandboxKind::Bwrap);
        QVERIFY(image && venv);
        QCOMPARE(image->image, defaultDockerBaseImage()); // no dependencies: the base image itself
        QVERIFY(venv->image.isEmpty());
        QVERIFY(image->key != venv->key);

        ReferenceRun run(*a, opt);
        std::optional<Error> failure;
        bool finished = false;
        QEventLoop loop;
        connect(&run, &ReferenceRun::finished, &loop, [&]() {
            finished = true;
            loop.quit();
        });
        connect(&run, &ReferenceRun::failed, &loop, [&](const Error &e) {
            failure = e;
            loop.quit();
        });
        run.start();
        loop.exec();
        QVERIFY2(finished, qPrintable(failure ? failure->toString() : QString()));
        QCOMPARE(run.environmentKey(), image->key);
    }

    // The environment's dependency list becomes an image built here, from a wheelhouse (no registry, no index),
    // once however many builders ask for it: with Docker and with Podman (their own image stores).
    void dockerImageBuiltOnceByConcurrentBuilders_data() { addEngineRows(); }
    void dockerImageBuiltOnceByConcurrentBuilders()
    {
        QFETCH(QString, engine);
        if (const QString why = engineSkip(engine); !why.isEmpty())
            QSKIP(qPrintable(why));
        const DockerImageSpec s = imageSpec({u"sandmark_testpkg==1.0"_s}, engine);
        const QList<ImageOutcome> both = buildImages({s, s});
        for (const ImageOutcome &o : both)
            QVERIFY2(o.ok, qPrintable(o.error.toString()));
        const QString tag = both.at(0).image.tag;
        m_imagesToRemove << qMakePair(engine, tag);
        QVERIFY(tag.startsWith(u"sandmark-env:"_s));
        QCOMPARE(both.at(1).image.tag, tag);
        QCOMPARE(int(!both.at(0).image.reused) + int(!both.at(1).image.reused), 1); // built once, found once
        const ImageOutcome again = buildImages({s}).first();
        QVERIFY(again.ok && again.image.reused);
        QByteArray out;
        // nproc within the engine's own limit: rootful Podman 4.3 asks for more than a container may set.
        QCOMPARE(engineCli(engine, {u"run"_s, u"--rm"_s, u"--network"_s, u"none"_s, u"--user"_s, u"65534:65534"_s,
                                    u"--ulimit"_s, u"nproc=1024:1024"_s, u"--ulimit"_s, u"nofile=1024:1024"_s, tag,
                                    u"python3"_s, u"-c"_s, u"import sandmark_testpkg; print(sandmark_testpkg.VERSION)"_s},
                           &out),
                 0);
        QCOMPARE(out.trimmed(), QByteArray("1.0"));
    }

    void dockerImageFailedBuildLeavesNoTag_data() { addEngineRows(); }
    void dockerImageFailedBuildLeavesNoTag()
    {
        QFETCH(QString, engine);
        if (const QString why = engineSkip(engine); !why.isEmpty())
            QSKIP(qPrintable(why));
        const ImageOutcome o = buildImages({imageSpec({u"sandmark_missingpkg==9.9"_s}, engine)}).first();
        QVERIFY(!o.ok);
        QVERIFY2(o.error.message.contains(engine + u" build failed"_s), qPrintable(o.error.toString()));
        QVERIFY2(o.error.file.startsWith(u"sandmark-env:"_s), qPrintable(o.error.file));
        QVERIFY(engineCli(engine, {u"image"_s, u"inspect"_s, o.error.file}) != 0);
    }

    void dockerMissingBaseImageSaysHowToFix_data()
    {
        QTest::addColumn<QString>("engine");
        QTest::addColumn<QString>("fix");
        QTest::newRow("docker") << u"docker"_s << u"build it with scripts/docker-base-image or"_s;
        QTest::newRow("podman") << u"podman"_s << u"build it with scripts/docker-base-image --engine podman or"_s;
    }
    void dockerMissingBaseImageSaysHowToFix()
    {
        QFETCH(QString, engine);
        QFETCH(QString, fix);
        if (const QString why = engineSkip(engine); !why.isEmpty())
            QSKIP(qPrintable(why));
        DockerImageSpec s = imageSpec({}, engine);
        s.baseImage = u"sandmark-base:does-not-exist"_s;
        const ImageOutcome o = buildImages({s}).first();
        QVERIFY(!o.ok);
        QVERIFY2(o.error.message.contains(fix), qPrintable(o.error.toString()));
    }

    void cleanupTestCase()
    {
        for (const auto &[engine, tag] : std::as_const(m_imagesToRemove))
            engineCli(engine, {u"rmi"_s, u"-f"_s, tag});
    }
};

QTEST_GUILESS_MAIN(TestEnv)
#include "tst_env.moc"
