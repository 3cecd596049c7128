#pragma once
// `doctor`: proves that a sandbox backend isolates what it must, by running a probe inside it.

#include "sandbox/backend.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>

class QProcess;
class QTcpServer;
class QTemporaryDir;

namespace sandmark {

class SandboxRun;
struct RunResult;

/// One line of the doctor's table.
struct DoctorCheck
{
    QString name;   ///< "network: host loopback unreachable"
    bool ok = false;
    QString detail; ///< what was observed
    QString fix;    ///< what to do when !ok (empty when ok); alternatives one per line, from the second on "or: ..."
};

/// The doctor's findings for one backend.
struct DoctorReport
{
    QString backend;
    QList<DoctorCheck> checks;
    bool allOk() const;
};

struct DoctorOptions
{
    QString python;       ///< interpreter inside the sandbox; empty: paths::defaultPython()
    QString runtimeDir;   ///< folder holding sandmark_doctor_probe.py; empty: paths::pythonRuntimeDir()
    QString dockerImage;  ///< docker only: the image to probe; empty: defaultDockerBaseImage()
    QString runsRoot;     ///< where the probe's run folder goes; empty: paths::cacheDir() + "/runs"
    Limits limits;        ///< the limits to verify (defaults: Limits{})
    BackendOptions backendOptions;
};

/// Runs, asynchronously: the backend's static check; for bwrap the seed check (bwrap with every namespace
/// unshared running /bin/true, as the sandbox uid when root; a failure to create the namespaces names its cause
/// and fixes, diagnoseUserNamespaces() in sandbox/userns.h); then the probe
/// (resources/python/sandmark_doctor_probe.py) inside the sandbox, with a TCP listener on the host's
/// 127.0.0.1 that must stay unreachable, and a stand-in assignment folder, the home folder and another run
/// folder that must stay invisible. For docker, before the probe, `docker image inspect` tells a daemon that
/// does not answer from a missing image. Every failed check carries its fix. Emits finished() exactly once,
/// always from the event loop (never inside start(), whatever fails), so a caller may connect, call start()
/// and then enter its loop.
class Doctor : public QObject
{
    Q_OBJECT
public:
    Doctor(SandboxKind kind, DoctorOptions options, QObject *parent = nullptr);
    ~Doctor() override;
    void start();

Q_SIGNALS:
    void finished(const sandmark::DoctorReport &report);

private:
    void runSeed();
    void runImageCheck(); ///< docker: the daemon answers and the image exists
    void runProbe();
    void onProbeFinished(const RunResult &result);
    void add(const QString &name, bool ok, const QString &detail, const QString &fix);
    void finish();

    SandboxKind m_kind;
    DoctorOptions m_options;
    std::unique_ptr<SandboxBackend> m_backend;
    DoctorReport m_report;
    QProcess *m_seed = nullptr; ///< the bwrap seed, or docker's image check
    QTcpServer *m_server = nullptr;
    std::unique_ptr<QTemporaryDir> m_fakeAssignment;
    QPointer<SandboxRun> m_run;
    QStringList m_runFolders; ///< removed when the doctor finishes
    /// bwrap/local-unsafe as root: a uid of its own, as every run gets (RLIMIT_NPROC is counted per uid, so
    /// the probe's process limit is measured as a run sees it); released when the doctor is destroyed.
    std::shared_ptr<SandboxIdentityLease> m_lease;
    bool m_done = false;
};

/// The fix shown for a failed probe check, by check name.
QString doctorFixFor(const QString &checkName, SandboxKind kind);

} // namespace sandmark
