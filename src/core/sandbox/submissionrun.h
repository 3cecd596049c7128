#pragma once
// One submission notebook of an assignment, run end to end: environment, run folder, instrument, sandbox,
// artifacts. The object the CLI's `run` command and batch runs drive.

#include "assignment/assignment.h"
#include "env/dockerimage.h"
#include "env/environment.h"
#include "sandbox/backend.h"
#include "sandbox/sandboxrun.h"
#include "sandbox/workdir.h"

#include <QObject>
#include <QPointer>

#include <memory>

namespace sandmark {

struct SubmissionRunOptions
{
    SandboxKind kind = defaultSandboxKind();
    QString label;            ///< student id or file name, part of the run folder's name
    QString datasetCache;     ///< HF_HOME to bind read-only; empty: none
    QString runsRoot;         ///< empty: paths::cacheDir() + "/runs"
    QString envsRoot;         ///< empty: paths::cacheDir() + "/envs"
    QString wheelhouse;       ///< offline environment builds
    QString dockerImage;      ///< docker: the base image; empty: defaultDockerBaseImage(). With dependencies,
                              ///< the run uses `sandmark-env:<key>` built FROM it (DockerImageBuilder)
    std::optional<Limits> limits; ///< overrides the assignment's limits
    /// Keep `<run>/work` after the run (debugging). Default: deleted once the artifacts are written, so
    /// the cache's runs/ folder holds only artifacts (docs/sandbox.md, "Run folders").
    bool keepWork = qEnvironmentVariableIsSet("SANDMARK_KEEP_WORK");
    /// The end probe also lists the notebook's user namespace (the reference run only; never submissions).
    bool listNamespace = false;
    BackendOptions backendOptions;
};

/// What a completed run produced.
struct SubmissionRunResult
{
    RunFolder folder;       ///< artifacts are in folder.artifacts
    RunResult run;          ///< execution record, payload, notebook
    Environment environment;
    QStringList notes;      ///< instrument notes and notebook repairs ("anchor 'q3' not found …")
};

/// Asynchronous; lives in the creating thread; emits exactly one of finished()/failed(). `failed` is a
/// grader error (sandbox, environment, I/O); whatever the notebook did is a `finished` with its record.
class SubmissionRun : public QObject
{
    Q_OBJECT
public:
    SubmissionRun(Assignment assignment, QString notebookPath, SubmissionRunOptions options, QObject *parent = nullptr);
    ~SubmissionRun() override;

    void start();
    void cancel();

Q_SIGNALS:
    void progress(const QString &line);
    void finished(const sandmark::SubmissionRunResult &result);
    void failed(const sandmark::Error &error);

private:
    void onEnvironment(const Environment &env);
    void onRunFinished(const RunResult &result);
    void fail(const Error &error);

    Assignment m_assignment;
    QString m_notebookPath;
    SubmissionRunOptions m_options;
    std::unique_ptr<SandboxBackend> m_backend;
    QPointer<EnvironmentBuilder> m_envBuilder;
    QPointer<DockerImageBuilder> m_imageBuilder;
    QString m_image; ///< docker: the environment's image
    std::shared_ptr<SandboxIdentityLease> m_lease; ///< bwrap/local-unsafe as root: the run's own uid
    QPointer<SandboxRun> m_run;
    SubmissionRunResult m_result;
    bool m_done = false;
};

} // namespace sandmark
