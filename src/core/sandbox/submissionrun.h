#pragma once
// One submission notebook of an assignment, run end to end: environment, run folder, instrument, sandbox,
// artifacts. The object the CLI's `run` command and batch runs drive.

#include "assignment/assignment.h"
#include "env/environment.h"
#include "sandbox/backend.h"
#include "sandbox/provision.h"
#include "sandbox/sandboxrun.h"
#include "sandbox/workdir.h"

#include <QObject>
#include <QPointer>

#include <memory>

namespace sandmark {

struct SubmissionRunOptions
{
    SandboxKind kind = defaultSandboxKind();
    /// Set by runOptionsFor() when `kind` is not the backend assignment.json asks for, saying why (it asked for
    /// an unsandboxed one the user did not choose); for the CLI's stderr and the app's status. Empty otherwise.
    QString notice;
    QString datasetCache;     ///< HF_HOME to bind read-only; empty: none
    QString runsRoot;         ///< empty: paths::cacheDir() + "/runs"
    QString envsRoot;         ///< empty: paths::cacheDir() + "/envs"
    QString wheelhouse;       ///< offline environment builds
    QString dockerImage;      ///< image backends: the base image; empty: defaultDockerBaseImage(). With
                              ///< dependencies, the run uses `sandmark-env:<key>` built FROM it (DockerImageBuilder)
    std::optional<Limits> limits; ///< overrides the assignment's limits
    /// Keep `<run>/work` after the run (debugging). Default: deleted once the artifacts are written, so
    /// the cache's runs/ folder holds only artifacts (docs/sandbox.md, "Run folders").
    bool keepWork = qEnvironmentVariableIsSet("SANDMARK_KEEP_WORK");
    /// The end probe also lists the notebook's user namespace (the reference run only; never submissions).
    bool listNamespace = false;
    BackendOptions backendOptions;
    /// The environment already resolved for these options (a batch resolves it once, in its reference run:
    /// ReferenceRun::environment()). Set: start() runs in it without asking the backend's provision() again
    /// (for a venv, a Python process per run). Unset: each run resolves it.
    std::optional<Environment> environment;
    /// The modules the kernel imports before the job (SANDMARK_PREIMPORT, docs/runner-protocol.md); unset: each
    /// run computes preimportModules() of the assignment (a batch computes it once).
    std::optional<QStringList> preimport;
};

/// The modules worth importing in a kernel before the notebook runs: those of a fixed list of heavy, side-effect
/// free scientific packages (numpy, pandas, scipy, sklearn, matplotlib, sympy, statsmodels, polars) that the
/// assignment's instructor notebooks import at the start of a line (`import numpy as np`, `from pandas import …`),
/// in that list's order. Reads the notebooks (a notebook that does not load adds nothing); any thread.
QStringList preimportModules(const Assignment &assignment);

/// What the user chose for runs: the CLI's flags or the app's preferences. Unset or empty: not chosen.
struct RunChoices
{
    std::optional<SandboxKind> sandbox;          ///< --sandbox: wins over the assignment's `sandbox` field
    std::optional<SandboxKind> preferredSandbox; ///< the app's preference: the assignment's field wins over it
    QString datasetCache;        ///< --dataset-cache: bound even when the assignment lists no dataset
    QString defaultDatasetCache; ///< bound when the assignment lists required_datasets and this is a folder
    std::optional<QString> dockerImage; ///< --docker-image: wins over the assignment's `docker_image`
};

/// The options for runs of `assignment` under `choices`: the one rule the CLI and the app share.
/// Backend: `choices.sandbox`, else the assignment's `sandbox`, else `preferredSandbox`, else
/// defaultSandboxKind() — except that an assignment file never turns the sandbox off by itself: a `sandbox`
/// naming a backend that does not isolate (local-unsafe) is taken only when `preferredSandbox` is that backend
/// too; otherwise the user's backend runs and `notice` says so (fail closed: an assignment from someone else
/// cannot run student code unsandboxed on this machine). Dataset cache (HF_HOME, bound read-only): `datasetCache` (made absolute) when set;
/// else, for an assignment that lists required_datasets, `defaultDatasetCache` when it is an existing folder;
/// else none, and a notebook reading a dataset then fails offline, which grading reports as a grader error
/// (missingDatasetMessage()). Docker image: `dockerImage`, else the assignment's. Reads the file system
/// (one stat); any thread.
SubmissionRunOptions runOptionsFor(const Assignment &assignment, const RunChoices &choices);

/// What the environment of `assignment`'s runs under `options` must contain: its dependencies, base Python and
/// site-packages switch, the options' base image, wheelhouse and environments folder. The one source of the
/// environment for a submission's run and the reference run. Pure.
ProvisionRequest provisionRequestFor(const Assignment &assignment, const SubmissionRunOptions &options);

/// One notebook of a run: the file to run and the instructor notebook whose checks it gets.
struct NotebookToRun
{
    /// The instructor notebook (relative to the assignment folder) whose checks are instrumented
    /// (Check::notebook); empty: every check of the assignment (a single notebook run by `sandmark-cli run`).
    QString notebook;
    QString path; ///< absolute path of the notebook file to run
};

/// What one notebook of a completed run produced.
struct NotebookRunResult
{
    QString notebook;  ///< NotebookToRun::notebook
    RunResult run;     ///< execution record, payload, executed notebook
    QStringList notes; ///< instrument notes and notebook repairs ("anchor 'q3' not found …")
    QString artifacts; ///< the folder its artifacts were written to (notebookArtifactsFolder())
    QString storedDigest; ///< storedDigest() of the payload and record written there (writeArtifacts())
    /// Non-empty: the notebook did not run and why — it did not load or instrument (the run's other notebooks
    /// still run), or the problem set's time limit (limits.set_timeout_s) was spent before its turn.
    QString notRun;
};

/// What a completed run produced.
struct SubmissionRunResult
{
    RunFolder folder;       ///< artifacts are in folder.artifacts
    RunResult run;          ///< the first notebook's execution record, payload, notebook
    Environment environment;
    QStringList notes;      ///< the first notebook's instrument notes and notebook repairs ("anchor 'q3' not found …")
    /// Every notebook, in the order they ran (one entry for a single notebook, the same as `run` and `notes`).
    QList<NotebookRunResult> notebooks;
};

/// Where the artifacts of `notebook` of a run go: `artifacts` itself for an assignment of one notebook (as always),
/// else `artifacts/<notebook without .ipynb, '/' as '_'>/` for every notebook of a problem set, however many of them
/// ran. Pure.
QString notebookArtifactsFolder(const QString &artifacts, const QString &notebook, bool problemSet);

/// The digest a gradebook keeps of a problem set's run (RunRecord::storedDigest): each notebook's storedDigest(), in
/// the order they ran, joined by ','; empty when one of them did not run (a regrade then runs the set again). Pure.
QString problemSetStoredDigest(const QList<NotebookRunResult> &notebooks);

/// Asynchronous; lives in the creating thread; emits exactly one of finished()/failed(). `failed` is a
/// grader error (sandbox, environment, I/O); whatever the notebook did is a `finished` with its record.
/// Several notebooks (a problem set) run one after the other, each in a fresh kernel of its own sandbox, in the
/// given order, in one run folder (the working directory keeps what an earlier notebook wrote); each is limited
/// by the limits (timeout_s per notebook) and all of them together by limits.set_timeout_s.
class SubmissionRun : public QObject
{
    Q_OBJECT
public:
    /// One notebook, instrumented with every check; only the notebook is copied into the working directory.
    SubmissionRun(Assignment assignment, QString notebookPath, SubmissionRunOptions options, QObject *parent = nullptr);
    /// The notebooks of a problem set; `files` are copied into the working directory at their relative paths
    /// (the student's folder: helper modules and data beside the notebooks), then the supplied data files.
    SubmissionRun(Assignment assignment, QList<NotebookToRun> notebooks, QList<SuppliedFile> files, SubmissionRunOptions options,
                  QObject *parent = nullptr);
    ~SubmissionRun() override;

    void start();
    /// Before start(): start the (first) notebook's sandbox but keep its job until release() (SandboxRun::setHeld()):
    /// its kernel starts and imports the assignment's modules meanwhile, and the run's wall clock starts at release().
    /// A batch starts the next submission this way while the others run (BatchOptions::prestart).
    void setHeld(bool held) { m_held = held; }
    /// Lets a held run go: its job is sent now, or as soon as its sandbox has started.
    void release();
    void cancel();
    /// Starts the run and waits for its end in a local event loop: the result, or the error `failed` carried.
    /// Blocking: for the CLI and worker threads, never the GUI thread.
    Expected<SubmissionRunResult> runToEnd();

Q_SIGNALS:
    void progress(const QString &line);
    void finished(const sandmark::SubmissionRunResult &result);
    void failed(const sandmark::Error &error);

private:
    void onEnvironment(const Environment &env);
    void startNext();
    void onRunFinished(const RunResult &result);
    void fail(const Error &error);
    void finish();

    Assignment m_assignment;
    QList<NotebookToRun> m_notebooks;
    QList<SuppliedFile> m_files; ///< copied into the working directory; empty: the notebooks themselves
    qsizetype m_next = 0;       ///< index of the notebook to run next
    double m_setSecondsLeft = 0; ///< what is left of limits.set_timeout_s
    QString m_nonce, m_kernelRuntime;
    std::optional<SandboxIdentity> m_fixed;
    QString m_notebookPath;     ///< the notebook running now (messages)
    QString m_profileRun;       ///< the first notebook's path: what its profile spans are filed under (util/profile.h)
    double m_stageStart = 0;    ///< profile::now() when the stage timed across signals began (provision, sandbox)
    SubmissionRunOptions m_options;
    std::unique_ptr<SandboxBackend> m_backend;
    QPointer<EnvironmentProvision> m_provision;
    std::shared_ptr<SandboxIdentityLease> m_lease; ///< a backend without a fixed identity, as root: the run's own uid
    QPointer<SandboxRun> m_run;
    SubmissionRunResult m_result;
    bool m_done = false;
    bool m_held = false; ///< setHeld() until the first sandbox is made (then that SandboxRun holds it)
};

} // namespace sandmark
