#pragma once
// Provisioning a run's environment, whatever provides it: a Python venv on the host (bwrap, local-unsafe) or a
// container image (Docker). The backend that runs a notebook provisions its environment
// (SandboxBackend::provision()), so the environment key of a run is always its backend's.

#include "env/environment.h"
#include "util/expected.h"

#include <QObject>
#include <QString>
#include <QStringList>

namespace sandmark {

/// What a run's environment must contain (from the assignment and the run options: provisionRequestFor(),
/// sandbox/submissionrun.h).
struct ProvisionRequest
{
    QStringList requirements;       ///< pip requirement lines (assignment.json "dependencies")
    QString basePython;             ///< venv backends: base interpreter; empty: paths::defaultPython()
    bool systemSitePackages = true; ///< venv backends: venv --system-site-packages
    QString baseImage;              ///< image backends: FROM; empty: defaultDockerBaseImage()
    QString wheelhouse;             ///< non-empty: offline installs from this folder of wheels
    QString envsRoot;               ///< environments and build locks; empty: paths::cacheDir() + "/envs"
};

/// Builds (or finds) one environment (SandboxBackend::provision()). Asynchronous, never blocking its thread; owned by
/// its parent; lives in the creating thread. Emits exactly one of finished()/failed() after start(); cancel() makes
/// failed("cancelled") follow.
class EnvironmentProvision : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    virtual void start() = 0;
    virtual void cancel() = 0;

Q_SIGNALS:
    void progress(const QString &line);
    /// The environment; Environment::key is the run's environment key, Environment::image set by image backends.
    void finished(const sandmark::Environment &environment);
    /// A grader error (the environment or image could not be built), with the build's last lines.
    void failed(const sandmark::Error &error);
};

} // namespace sandmark
