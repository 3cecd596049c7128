#pragma once
// Python environments: one per distinct dependency list, built outside the sandbox, reused by every run.

#include "util/expected.h"

#include <QElapsedTimer>
#include <QLockFile>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <memory>

namespace sandmark {

/// What an environment must contain.
struct EnvironmentSpec
{
    QString basePython;             ///< base interpreter; empty: paths::defaultPython()
    QStringList requirements;       ///< pip requirement lines (assignment.json "dependencies")
    bool systemSitePackages = true; ///< venv --system-site-packages (where nbclient comes from the OS)
    QString wheelhouse;             ///< non-empty: pip install --no-index --find-links WHEELHOUSE (offline)
    QString envsRoot;               ///< parent of the environments; empty: paths::cacheDir() + "/envs"
    int lockTimeoutS = 1800;        ///< how long to wait for another process building the same environment
};

/// A ready environment.
struct Environment
{
    QString key;    ///< 24 hex chars naming the environment (and its Docker image tag)
    QString prefix; ///< the venv folder; empty when the base interpreter is used directly
    QString python; ///< the interpreter to run (host path)
    bool reused = false; ///< it existed already (or is the base interpreter)
    QString image;  ///< image backends (Docker): the image the runs use (`sandmark-env:<key>` or the base); else empty
};

/// Requirement lines normalized for the key: comments, blank lines and surrounding spaces dropped, the
/// project name lower-cased with runs of "-", "_", "." as one "-" (PEP 503), spaces removed, sorted,
/// duplicates dropped. Pure function.
QStringList normalizeRequirements(const QStringList &lines);

/// Why `entry` (one line of assignment.json "dependencies") would make pip fail, or an empty string. Checks
/// the shape of a PEP 508 requirement (packaging.python.org, "Dependency specifiers"): a project name,
/// optional `[extras]`, then nothing, version specifiers (`>=1.24`, `==2.0.*`, `>=1,<2`, also in
/// parentheses: each operator ~= == != <= >= < > === followed by a version), `@ URL`, and an optional
/// `; marker`; a trailing ` # comment` is ignored. Entries that are not a name (URLs, paths to wheels or
/// folders) are left to pip. Pure function.
QString requirementProblem(const QString &entry);

/// The environment's key: SHA-256 (first 24 hex chars) over the normalized requirements, the base interpreter's
/// resolved path and version, the site-packages switch, the wheelhouse and the runner version. Pure function.
QString environmentKey(const QStringList &normalizedRequirements, const QString &basePythonPath,
                       const QString &basePythonVersion, bool systemSitePackages, const QString &wheelhouse,
                       const QString &runnerVersion);

/// Builds (or finds) the environment for a spec. Asynchronous (QProcess), lives in the creating thread.
/// Flow: ask the base interpreter for its version → with no requirements, system site-packages and a base
/// that has nbclient and ipykernel, use the base directly → otherwise reuse `<envsRoot>/<key>` or build it:
/// QLockFile `<key>.lock` (polled, never blocking the thread; stale when its owner died), `python -m venv`
/// in a temporary sibling folder, `pip install -r`, a `sandmark-env.json` marker, then an atomic rename.
/// A failed or cancelled build leaves nothing but the lock released. Emits exactly one of finished()/failed().
/// The module a cell error says the environment lacks: Python's `ModuleNotFoundError: No module named 'pytest'`
/// (also as an ImportError of that text) gives "pytest" (a dotted name gives its top-level package: `a.b` → "a").
/// Empty for any other error. Pure.
QString missingModuleName(const QString &ename, const QString &evalue);

/// What to do about a missing module, one sentence: "the environment has no module 'pytest': add the package that
/// provides it to \"dependencies\" in assignment.json (its pip name, often the same as the module's)". Pure.
QString missingModuleFix(const QString &module);

class EnvironmentBuilder : public QObject
{
    Q_OBJECT
public:
    explicit EnvironmentBuilder(EnvironmentSpec spec, QObject *parent = nullptr);
    ~EnvironmentBuilder() override;

    void start();
    /// Stops the build (kills pip); failed() follows with "cancelled".
    void cancel();

Q_SIGNALS:
    void finished(const sandmark::Environment &environment);
    /// The Error names the environment folder and carries pip's last error line (a grader error).
    void failed(const sandmark::Error &error);
    /// Human-readable progress lines ("creating venv", pip's output lines).
    void progress(const QString &line);

private:
    void probeBase();
    void onProbed(int exitCode, QProcess::ExitStatus status);
    void tryLock();
    void createVenv();
    void installRequirements();
    void finalize();
    void fail(const QString &message);
    /// A failure of the base interpreter itself (it does not start or run, it lacks the kernel): the message leads,
    /// naming the interpreter and SANDMARK_PYTHON when it came from there — not the environments folder, which is
    /// not what is wrong.
    void failBase(const QString &message);
    /// Whether SANDMARK_PYTHON chose the base interpreter.
    bool baseFromVariable() const;
    bool m_baseFailed = false;
    void runStep(const QString &program, const QStringList &args, void (EnvironmentBuilder::*next)(),
                 const QString &what);
    void cleanupTemp();

    EnvironmentSpec m_spec;
    QString m_envsRoot;
    QString m_baseVersion;
    bool m_baseHasKernel = false;
    bool m_baseHasPip = false;
    QStringList m_requirements;
    Environment m_env;
    QString m_target;
    QString m_temp;
    std::unique_ptr<QLockFile> m_lock;
    QTimer m_lockPoll;
    QElapsedTimer m_lockWait;
    QProcess *m_process = nullptr;
    QByteArray m_output;
    bool m_done = false;
};

} // namespace sandmark
