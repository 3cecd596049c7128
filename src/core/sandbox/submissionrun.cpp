#include "sandbox/submissionrun.h"

#include "assignment/plan.h"
#include "notebook/instrument.h"
#include "notebook/notebook.h"
#include "sandbox/job.h"
#include "sandbox/registry.h"
#include "util/paths.h"
#include "util/profile.h"

#include <QDir>
#include <QRegularExpression>
#include <QSet>
#include <QEventLoop>
#include <QFileInfo>

#include <algorithm>
#include <utility>

namespace sandmark {

SubmissionRunOptions runOptionsFor(const Assignment &assignment, const RunChoices &choices)
{
    SubmissionRunOptions options;
    const SandboxKind mine = choices.preferredSandbox.value_or(defaultSandboxKind());
    const std::optional<SandboxKind> asked = assignment.sandbox();
    if (choices.sandbox) {
        options.kind = *choices.sandbox;
    } else if (asked && !createBackend(*asked)->isolates() && *asked != mine) {
        options.kind = mine;
        options.notice = QStringLiteral("assignment.json asks for sandbox '%1', which runs student code WITHOUT a sandbox; "
                                        "only you can choose that (--sandbox %1, or the app's preference), so %2 runs it")
                             .arg(sandboxKindName(*asked), sandboxKindName(mine));
    } else {
        options.kind = asked.value_or(mine);
    }
    if (!choices.datasetCache.isEmpty())
        options.datasetCache = QFileInfo(choices.datasetCache).absoluteFilePath();
    else if (!assignment.requiredDatasets().isEmpty() && !choices.defaultDatasetCache.isEmpty()
             && QFileInfo(choices.defaultDatasetCache).isDir())
        options.datasetCache = QFileInfo(choices.defaultDatasetCache).absoluteFilePath();
    options.dockerImage = choices.dockerImage.value_or(assignment.dockerImage());
    return options;
}

ProvisionRequest provisionRequestFor(const Assignment &assignment, const SubmissionRunOptions &options)
{
    ProvisionRequest r;
    r.requirements = assignment.dependencies();
    r.basePython = assignment.python();
    r.systemSitePackages = assignment.systemSitePackages();
    r.baseImage = options.dockerImage;
    r.wheelhouse = options.wheelhouse;
    r.envsRoot = options.envsRoot;
    return r;
}

QString notebookArtifactsFolder(const QString &artifacts, const QString &notebook, bool problemSet)
{
    if (!problemSet)
        return artifacts;
    QString name = notebook;
    if (name.endsWith(QLatin1String(".ipynb"), Qt::CaseInsensitive))
        name.chop(6);
    name.replace(QLatin1Char('/'), QLatin1Char('_'));
    return artifacts + QLatin1Char('/') + name;
}

QString problemSetStoredDigest(const QList<NotebookRunResult> &notebooks)
{
    QStringList digests;
    for (const NotebookRunResult &n : notebooks) {
        if (n.storedDigest.isEmpty())
            return {}; // a notebook that did not run: nothing a regrade could read for it
        digests << n.storedDigest;
    }
    return digests.join(QLatin1Char(','));
}

SubmissionRun::SubmissionRun(Assignment assignment, QString notebookPath, SubmissionRunOptions options, QObject *parent)
    : SubmissionRun(std::move(assignment), QList<NotebookToRun>{NotebookToRun{{}, std::move(notebookPath)}}, {},
                    std::move(options), parent)
{
}

SubmissionRun::SubmissionRun(Assignment assignment, QList<NotebookToRun> notebooks, QList<SuppliedFile> files,
                             SubmissionRunOptions options, QObject *parent)
    : QObject(parent), m_assignment(std::move(assignment)), m_notebooks(std::move(notebooks)), m_files(std::move(files)),
      m_options(std::move(options))
{
    m_notebookPath = m_notebooks.isEmpty() ? QString() : m_notebooks.first().path;
    m_profileRun = m_notebookPath;
    m_backend = createBackend(m_options.kind, m_options.backendOptions);
}

SubmissionRun::~SubmissionRun() = default;

QStringList preimportModules(const Assignment &assignment)
{
    static const QStringList heavy{QStringLiteral("numpy"), QStringLiteral("pandas"), QStringLiteral("scipy"),
                                   QStringLiteral("sklearn"), QStringLiteral("matplotlib"), QStringLiteral("sympy"),
                                   QStringLiteral("statsmodels"), QStringLiteral("polars")};
    static const QRegularExpression import(QStringLiteral(R"(^\s*(?:import|from)\s+([A-Za-z_]\w*))"),
                                           QRegularExpression::MultilineOption);
    QSet<QString> imported;
    for (const QString &rel : assignment.notebooks()) {
        const Expected<Notebook> nb = Notebook::load(assignment.absolute(rel));
        if (!nb)
            continue;
        for (int i = 0; i < nb->cellCount(); ++i)
            if (nb->cellType(i) == CellType::Code)
                for (QRegularExpressionMatchIterator it = import.globalMatch(nb->cellSource(i)); it.hasNext();)
                    imported.insert(it.next().captured(1));
    }
    QStringList out;
    for (const QString &m : heavy)
        if (imported.contains(m))
            out << m;
    return out;
}

void SubmissionRun::start()
{
    // Fail closed before any work: a backend that cannot start is a grader error with its fix.
    if (Expected<void> c = m_backend->check(); !c) {
        QMetaObject::invokeMethod(this, [this, e = c.error()]() { fail(e); }, Qt::QueuedConnection);
        return;
    }
    if (m_notebooks.isEmpty()) {
        QMetaObject::invokeMethod(this, [this]() { fail(Error{m_assignment.jsonPath(), {}, QStringLiteral("no notebook to run")}); },
                                  Qt::QueuedConnection);
        return;
    }
    m_stageStart = profile::now();
    if (m_options.environment) {
        QMetaObject::invokeMethod(this, [this]() {
            if (!m_done) // cancelled meanwhile
                onEnvironment(*m_options.environment);
        }, Qt::QueuedConnection);
        return;
    }
    m_provision = m_backend->provision(provisionRequestFor(m_assignment, m_options), this);
    connect(m_provision, &EnvironmentProvision::progress, this, &SubmissionRun::progress);
    connect(m_provision, &EnvironmentProvision::finished, this, &SubmissionRun::onEnvironment);
    connect(m_provision, &EnvironmentProvision::failed, this, &SubmissionRun::fail);
    m_provision->start();
}

Expected<SubmissionRunResult> SubmissionRun::runToEnd()
{
    QEventLoop loop;
    std::optional<SubmissionRunResult> result;
    Error error;
    const QMetaObject::Connection done = connect(this, &SubmissionRun::finished, &loop, [&](const SubmissionRunResult &r) {
        result = r;
        loop.quit();
    });
    const QMetaObject::Connection broke = connect(this, &SubmissionRun::failed, &loop, [&](const Error &e) {
        error = e;
        loop.quit();
    });
    start();
    if (!m_done)
        loop.exec();
    disconnect(done);
    disconnect(broke);
    if (!result)
        return error;
    return *result;
}

void SubmissionRun::release()
{
    m_held = false;
    if (m_run)
        m_run->release();
}

void SubmissionRun::cancel()
{
    if (m_done)
        return;
    if (m_run) {
        m_run->cancel(); // failed("cancelled") follows
        return;
    }
    if (m_provision)
        m_provision->cancel();
    else
        fail(Error{m_notebookPath, QString(), QStringLiteral("the run was cancelled")});
}

void SubmissionRun::onEnvironment(const Environment &env)
{
    m_result.environment = env;
    profile::span(m_profileRun, QStringLiteral("provision"), m_stageStart);
    const bool single = m_notebooks.size() == 1;
    if (single) {
        const profile::Scope timed(m_profileRun, QStringLiteral("parse"));
        // One notebook: a notebook that does not load or instrument is the run's failure (as it always was).
        Expected<Notebook> nb = Notebook::load(m_notebookPath);
        if (!nb) {
            fail(nb.error());
            return;
        }
    }
    m_nonce = makeNonce();
    m_kernelRuntime = m_backend->runtimeDirInside(paths::pythonRuntimeDir());

    WorkdirSpec ws;
    ws.runsRoot = m_options.runsRoot;
    if (m_files.isEmpty())
        for (const NotebookToRun &n : std::as_const(m_notebooks))
            ws.submissionFiles << n.path;
    else
        ws.submissionTree = m_files;
    for (const DataFile &d : m_assignment.dataFiles())
        ws.dataFiles << SuppliedFile{m_assignment.absolute(d.path), d.path};
    m_fixed = m_backend->fixedIdentity();
    if (m_fixed) {
        ws.sandboxOwner = m_fixed;
    } else {
        m_lease = SandboxIdentityLease::acquire(); // a uid of its own: RLIMIT_NPROC is per uid
        ws.sandboxOwner = identityFor(m_lease);    // empty when not root: the invoking user
    }
    const double folderStart = profile::now();
    Expected<RunFolder> folder = prepareRunFolder(ws);
    profile::span(m_profileRun, QStringLiteral("run-folder"), folderStart);
    if (!folder) {
        fail(folder.error());
        return;
    }
    m_result.folder = folder.value();
    m_setSecondsLeft = setTimeoutFor(m_options.limits.value_or(m_assignment.limits()), m_notebooks.size());
    m_next = 0;
    startNext();
}

void SubmissionRun::startNext()
{
    const bool several = m_notebooks.size() > 1;
    while (m_next < m_notebooks.size()) {
        const NotebookToRun &n = m_notebooks.at(m_next);
        m_notebookPath = n.path;
        NotebookRunResult out;
        out.notebook = n.notebook;
        // A problem set's notebooks each have their folder, however many of them ran (the feedback page and the app
        // find them there: a student who handed in one notebook of two too).
        out.artifacts = notebookArtifactsFolder(m_result.folder.artifacts, n.notebook, m_assignment.isProblemSet());
        Limits lim = m_options.limits.value_or(m_assignment.limits());
        if (several && m_setSecondsLeft < 1) {
            out.notRun = QStringLiteral("not run: the problem set's time limit (limits.set_timeout_s, %1 s) was spent "
                                        "by the notebooks before it")
                             .arg(setTimeoutFor(lim, m_notebooks.size()));
            m_result.notebooks << out;
            ++m_next;
            continue;
        }
        const double instrumentStart = profile::now();
        Expected<Notebook> nb = Notebook::load(n.path);
        Expected<InstrumentResult> inst = [&]() -> Expected<InstrumentResult> {
            if (!nb)
                return nb.error();
            InstrumentOptions io = instrumentOptionsFor(m_assignment, m_kernelRuntime, m_nonce, n.notebook, m_options.listNamespace);
            io.clearOutputs = true; // the runner writes its own; the student's are not sent into the sandbox
            return instrument(*nb, io);
        }();
        if (!inst) {
            Error e = inst.error();
            if (e.file.isEmpty())
                e.file = n.path;
            if (!several) {
                fail(e); // nothing ran: no run folder left behind
                return;
            }
            out.notRun = QStringLiteral("not run: %1").arg(e.toString());
            m_result.notebooks << out;
            ++m_next;
            continue;
        }
        out.notes = nb->repairs() + inst->notes;
        if (several) {
            lim.wallTimeoutS = std::min(lim.wallTimeoutS, m_setSecondsLeft);
            lim.cellTimeoutS = std::min(lim.cellTimeoutS, lim.wallTimeoutS);
        }
        m_result.notebooks << out;
        RunRequest req;
        req.job = makeJob(inst->notebook.toJson(), m_nonce, lim);
        req.workDir = m_result.folder.work;
        req.runtimeDir = paths::pythonRuntimeDir();
        req.python = m_result.environment.python;
        req.envPrefix = m_result.environment.prefix;
        req.datasetCache = m_options.datasetCache;
        req.dockerImage = m_result.environment.image;
        req.environment = m_assignment.runEnvironment();
        if (!m_options.preimport)
            m_options.preimport = preimportModules(m_assignment);
        if (!m_options.preimport->isEmpty())
            req.environment.insert(QStringLiteral("SANDMARK_PREIMPORT"), m_options.preimport->join(QLatin1Char(',')));
        if (!m_fixed)
            req.identity = identityFor(m_lease);
        req.limits = lim;
        profile::span(m_profileRun, QStringLiteral("instrument"), instrumentStart);
        m_stageStart = profile::now();
        Q_EMIT progress(QStringLiteral("running %1 in the %2 sandbox").arg(n.path, m_backend->name()));
        m_run = m_backend->createRun(req, this);
        connect(m_run, &SandboxRun::finished, this, &SubmissionRun::onRunFinished);
        connect(m_run, &SandboxRun::failed, this, &SubmissionRun::fail);
        m_run->setHeld(std::exchange(m_held, false));
        m_run->start();
        return;
    }
    finish();
}

void SubmissionRun::onRunFinished(const RunResult &result)
{
    profile::span(m_profileRun, QStringLiteral("sandbox"), m_stageStart);
    profile::runnerSpans(m_profileRun, result.profile);
    const double artifactsStart = profile::now();
    NotebookRunResult &out = m_result.notebooks.last();
    out.run = result;
    m_setSecondsLeft -= result.durationS;
    if (m_run)
        m_run->deleteLater();
    m_run = nullptr;
    RunFolder where = m_result.folder;
    where.artifacts = out.artifacts;
    if (!QDir().mkpath(where.artifacts)) {
        fail(Error{where.artifacts, {}, QStringLiteral("cannot create the artifacts folder")});
        return;
    }
    Expected<QString> digest = writeArtifacts(where, result);
    if (!digest) {
        fail(digest.error());
        return;
    }
    out.storedDigest = *digest;
    profile::span(m_profileRun, QStringLiteral("artifacts"), artifactsStart);
    ++m_next;
    startNext();
}

void SubmissionRun::finish()
{
    m_lease.reset(); // every process of the run is gone
    if (!m_result.notebooks.isEmpty()) {
        m_result.run = m_result.notebooks.first().run;
        m_result.notes = m_result.notebooks.first().notes;
    }
    releaseRunFolder(m_result.folder); // ended: no later process reclaims it (reclaimAbandonedRunFolders())
    if (!m_options.keepWork) {
        const double cleanupStart = profile::now();
        if (Expected<void> r = removeWorkCopy(m_result.folder); !r)
            Q_EMIT progress(r.error().toString()); // disk space only: the run itself succeeded
        profile::span(m_profileRun, QStringLiteral("work-cleanup"), cleanupStart);
    }
    m_done = true;
    Q_EMIT finished(m_result);
}

void SubmissionRun::fail(const Error &error)
{
    if (m_done)
        return;
    m_done = true;
    // Nothing records a failed run's folder (a grader error has no artifacts): it goes with whatever the notebook
    // wrote into work/, which was kept forever (2 GiB per attempt, security report F4). Its processes are gone:
    // SandboxRun reports only after its teardown. SANDMARK_KEEP_WORK keeps it for debugging.
    if (!m_result.folder.root.isEmpty()) {
        if (m_options.keepWork)
            releaseRunFolder(m_result.folder);
        else
            removeRunFolder(m_result.folder);
    }
    Q_EMIT failed(error);
}

} // namespace sandmark
