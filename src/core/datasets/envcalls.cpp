#include "datasets/envcalls.h"

#include "datasets/datasetentry.h"
#include "util/paths.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QProcessEnvironment>

namespace sandmark {

using nlohmann::json;

EnvCallRunner::EnvCallRunner(QObject *parent) : QObject(parent)
{
    connect(&m_script, &ScriptProcess::done, this, &EnvCallRunner::onFinished);
    connect(&m_script, &ScriptProcess::startFailed, this, [this](const QString &why) {
        Q_EMIT failed(Error{m_req.python, {}, QStringLiteral("cannot start the environment's Python: %1").arg(why)});
    });
}

EnvCallRunner::~EnvCallRunner()
{
    cancel();
}

void EnvCallRunner::start(const EnvCallRequest &request)
{
    cancel();
    m_req = request;
    m_tmp = std::make_unique<QTemporaryDir>();
    const QString script = request.scriptPath.isEmpty()
                               ? paths::pythonRuntimeDir() + QLatin1String("/sandmark_warm.py")
                               : request.scriptPath;
    json req;
    req["imports"] = json::array();
    for (const ScannedImport &i : request.imports)
        req["imports"].push_back(i.source.toStdString());
    req["calls"] = json::array();
    for (qsizetype i = 0; i < request.calls.size(); ++i) {
        if (!request.calls.at(i).isComputed())
            req["calls"].push_back({{"id", i}, {"source", request.calls.at(i).source.toStdString()}});
    }

    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HF_HOME"), request.hfHome);
    env.remove(QStringLiteral("HF_HUB_CACHE"));
    env.remove(QStringLiteral("HUGGINGFACE_HUB_CACHE"));
    if (!request.endpoint.isEmpty())
        env.insert(QStringLiteral("HF_ENDPOINT"), request.endpoint);
    env.remove(QStringLiteral("HF_TOKEN"));
    if (!request.token.isEmpty())
        env.insert(QStringLiteral("HF_TOKEN"), request.token);
    // Never let the helper pick up a token file from the cache folder or the user's home.
    env.insert(QStringLiteral("HF_TOKEN_PATH"), m_tmp->path() + QLatin1String("/no-token"));
    env.insert(QStringLiteral("HF_HUB_DISABLE_TELEMETRY"), QStringLiteral("1"));
    env.insert(QStringLiteral("HF_HUB_DISABLE_PROGRESS_BARS"), QStringLiteral("1"));
    if (request.offline) {
        env.insert(QStringLiteral("HF_HUB_OFFLINE"), QStringLiteral("1"));
        env.insert(QStringLiteral("HF_DATASETS_OFFLINE"), QStringLiteral("1"));
        env.insert(QStringLiteral("TRANSFORMERS_OFFLINE"), QStringLiteral("1"));
    } else {
        env.remove(QStringLiteral("HF_HUB_OFFLINE"));
        env.remove(QStringLiteral("HF_DATASETS_OFFLINE"));
        env.remove(QStringLiteral("TRANSFORMERS_OFFLINE"));
    }
    env.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1"));

    m_script.start({request.python, {script, m_tmp->filePath(QStringLiteral("results.json"))},
                    QByteArray::fromStdString(req.dump()), request.workDir, env, true});
}

void EnvCallRunner::cancel()
{
    m_script.cancel();
}

void EnvCallRunner::onFinished(int exitCode, QProcess::ExitStatus status, const QByteArray &output)
{
    QString log = QString::fromUtf8(output);
    if (log.size() > 8192)
        log = log.right(8192);
    // The token must never reach a log, even if a helper prints its environment.
    if (!m_req.token.isEmpty())
        log.replace(m_req.token, QLatin1String("***"));

    QFile f(m_tmp->filePath(QStringLiteral("results.json")));
    if (status != QProcess::NormalExit || !f.open(QIODevice::ReadOnly)) {
        Q_EMIT failed(Error{m_req.python, {},
                            QStringLiteral("running the dataset calls failed (exit %1): %2")
                                .arg(exitCode)
                                .arg(log.trimmed().split(QLatin1Char('\n')).last())});
        return;
    }
    const json res = json::parse(f.readAll().toStdString(), nullptr, false);
    QStringList importErrors;
    QList<CallOutcome> outcomes;
    for (const ScannedCall &c : std::as_const(m_req.calls)) {
        CallOutcome o;
        o.call = c;
        o.skipped = c.isComputed();
        outcomes.append(o);
    }
    if (res.is_object()) {
        for (const json &i : res.value("imports", json::array())) {
            if (!i.value("ok", false))
                importErrors.append(QStringLiteral("%1: %2: %3")
                                        .arg(QString::fromStdString(i.value("source", std::string())),
                                             QString::fromStdString(i.value("error_name", std::string())),
                                             QString::fromStdString(i.value("error_value", std::string()))));
        }
        for (const json &c : res.value("calls", json::array())) {
            const qsizetype id = c.value("id", -1);
            if (id < 0 || id >= outcomes.size())
                continue;
            CallOutcome &o = outcomes[id];
            o.ok = c.value("ok", false);
            o.result = QString::fromStdString(c.value("result", std::string()));
            o.errorName = QString::fromStdString(c.value("error_name", std::string()));
            o.errorValue = QString::fromStdString(c.value("error_value", std::string()));
            for (const json &h : c.value("hub_files", json::array())) {
                DatasetEntry e;
                e.repoType = QString::fromStdString(h.value("repo_type", std::string("model")));
                e.repoId = QString::fromStdString(h.value("repo_id", std::string()));
                e.revision = QString::fromStdString(h.value("revision", std::string("main")));
                e.filename = QString::fromStdString(h.value("filename", std::string()));
                if (h.contains("subfolder") && h["subfolder"].is_string() && !h["subfolder"].get<std::string>().empty())
                    e.filename = QString::fromStdString(h["subfolder"].get<std::string>()) + QLatin1Char('/') + e.filename;
                o.hubFiles.append(e.toString() + (h.value("ok", false) ? QString() : QStringLiteral(" (failed)")));
            }
            if (!m_req.token.isEmpty())
                o.errorValue.replace(m_req.token, QLatin1String("***"));
        }
    }
    Q_EMIT finished(outcomes, importErrors, log);
}

} // namespace sandmark
