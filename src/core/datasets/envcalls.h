#pragma once
// Runs scanned dataset calls in the assignment's own Python environment, outside the sandbox
// (resources/python/sandmark_warm.py): the course helper's own path rules decide which Hub files it reads.

#include "datasets/scanner.h"
#include "util/expected.h"
#include "util/scriptprocess.h"

#include <QObject>
#include <QTemporaryDir>

#include <memory>

namespace sandmark {

/// What one run of scanned calls needs. Computed calls (ScannedCall::isComputed) are not run.
struct EnvCallRequest
{
    QString python;          ///< the assignment environment's interpreter
    QString workDir;         ///< the assignment folder: course helpers next to the notebook import from here
    QString hfHome;          ///< HF_HOME for the calls (the dataset cache)
    QString endpoint;        ///< HF_ENDPOINT; empty keeps the environment's
    QString token;           ///< HF_TOKEN for the calls; empty: none (and any inherited HF_TOKEN is removed)
    bool offline = false;    ///< HF_HUB_OFFLINE=1 (check), as the sandbox runs
    QList<ScannedImport> imports;
    QList<ScannedCall> calls;
    QString scriptPath;      ///< default: paths::pythonRuntimeDir()/sandmark_warm.py
};

/// The outcome of one call.
struct CallOutcome
{
    ScannedCall call;
    bool ok = false;
    bool skipped = false;  ///< computed call, not run
    QString result;        ///< repr() of the return value (usually the cached path)
    QString errorName;     ///< exception class name, e.g. "LocalEntryNotFoundError"
    QString errorValue;    ///< str(exception)
    /// Hub files the call asked hf_hub_download for, in the entry form ("course/neuro S01/betas.npy"),
    /// each followed by " (failed)" when that download raised.
    QStringList hubFiles;
};

/// Asynchronous QProcess; one run per object at a time; finished or failed exactly once per start().
/// The token is passed in the child's environment only, never on a command line or in a file.
class EnvCallRunner : public QObject
{
    Q_OBJECT
public:
    explicit EnvCallRunner(QObject *parent = nullptr);
    ~EnvCallRunner() override;

    void start(const EnvCallRequest &request);
    void cancel();

Q_SIGNALS:
    /// `outcomes` in the order of request.calls; `importErrors` one line per failed import; `log` the
    /// process's stdout+stderr tail (at most 8 KiB).
    void finished(const QList<sandmark::CallOutcome> &outcomes, const QStringList &importErrors, const QString &log);
    void failed(const sandmark::Error &error);

private:
    void onFinished(int exitCode, QProcess::ExitStatus status, const QByteArray &output);
    ScriptProcess m_script;
    std::unique_ptr<QTemporaryDir> m_tmp;
    EnvCallRequest m_req;
};

} // namespace sandmark
