#include "sandbox/submissionrun.h"

#include "assignment/plan.h"
#include "notebook/instrument.h"
#include "notebook/notebook.h"
#include "sandbox/job.h"
#include "sandbox/registry.h"
#include "util/paths.h"

#include <QFileInfo>

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

SubmissionRun::SubmissionRun(Assignment assignment, QString notebookPath, SubmissionRunOptions options, QObject *parent)
    : QObject(parent), m_assignment(std::move(assignment)), m_notebookPath(std::move(notebookPath)),
      m_options(std::move(options))
{
    m_backend = createBackend(m_options.kind, m_options.backendOptions);
}

SubmissionRun::~SubmissionRun() = default;

void SubmissionRun::start()
{
    // Fail closed before any work: a backend that cannot start is a grader error with its fix.
    if (Expected<void> c = m_backend->check(); !c) {
        QMetaObject::invokeMethod(this, [this, e = c.error()]() { fail(e); }, Qt::QueuedConnection);
        return;
    }
    m_provision = m_backend->provision(provisionRequestFor(m_assignment, m_options), this);
    connect(m_provision, &EnvironmentProvision::progress, this, &SubmissionRun::progress);
    connect(m_provision, &EnvironmentProvision::finished, this, &SubmissionRun::onEnvironment);
    connect(m_provision, &EnvironmentProvision::failed, this, &SubmissionRun::fail);
    m_provision->start();
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
    Expected<Notebook> nb = Notebook::load(m_notebookPath);
    if (!nb) {
        fail(nb.error());
        return;
    }
    const QString runtimeDir = paths::pythonRuntimeDir();
    const QString nonce = makeNonce();
    const QString kernelRuntime = m_backend->runtimeDirInside(runtimeDir);
    Expected<InstrumentResult> inst = instrument(*nb, instrumentOptionsFor(m_assignment, kernelRuntime, nonce, {}, m_options.listNamespace));
    if (!inst) {
        Error e = inst.error();
        if (e.file.isEmpty())
            e.file = m_notebookPath;
        fail(e);
        return;
    }
    m_result.notes = nb->repairs() + inst->notes;

    WorkdirSpec ws;
    ws.runsRoot = m_options.runsRoot;
    ws.submissionFiles = {m_notebookPath};
    for (const DataFile &d : m_assignment.dataFiles())
        ws.dataFiles << SuppliedFile{m_assignment.absolute(d.path), d.path};
    const std::optional<SandboxIdentity> fixed = m_backend->fixedIdentity();
    if (fixed) {
        ws.sandboxOwner = fixed;
    } else {
        m_lease = SandboxIdentityLease::acquire(); // a uid of its own: RLIMIT_NPROC is per uid
        ws.sandboxOwner = identityFor(m_lease);    // empty when not root: the invoking user
    }
    Expected<RunFolder> folder = prepareRunFolder(ws);
    if (!folder) {
        fail(folder.error());
        return;
    }
    m_result.folder = folder.value();

    const Limits lim = m_options.limits.value_or(m_assignment.limits());
    RunRequest req;
    req.job = makeJob(inst->notebook.toJson(), nonce, lim);
    req.workDir = m_result.folder.work;
    req.runtimeDir = runtimeDir;
    req.python = env.python;
    req.envPrefix = env.prefix;
    req.datasetCache = m_options.datasetCache;
    req.dockerImage = env.image;
    req.environment = m_assignment.runEnvironment();
    if (!fixed)
        req.identity = ws.sandboxOwner;
    req.limits = lim;
    Q_EMIT progress(QStringLiteral("running %1 in the %2 sandbox").arg(m_notebookPath, m_backend->name()));
    m_run = m_backend->createRun(req, this);
    connect(m_run, &SandboxRun::finished, this, &SubmissionRun::onRunFinished);
    connect(m_run, &SandboxRun::failed, this, &SubmissionRun::fail);
    m_run->start();
}

void SubmissionRun::onRunFinished(const RunResult &result)
{
    m_result.run = result;
    m_lease.reset(); // every process of the run is gone
    if (Expected<void> w = writeArtifacts(m_result.folder, result); !w) {
        fail(w.error());
        return;
    }
    if (!m_options.keepWork) {
        if (Expected<void> r = removeWorkCopy(m_result.folder); !r)
            Q_EMIT progress(r.error().toString()); // disk space only: the run itself succeeded
    }
    m_done = true;
    Q_EMIT finished(m_result);
}

void SubmissionRun::fail(const Error &error)
{
    if (m_done)
        return;
    m_done = true;
    Q_EMIT failed(error);
}

} // namespace sandmark
