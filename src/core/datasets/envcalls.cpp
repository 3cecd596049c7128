#include "datasets/envcalls.h"

#include "datasets/datasetentry.h"
#include "util/json_p.h"
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
    // The script's own output, read without trusting its types: a key of another type reads as missing.
    const Expected<json> parsed = jsonutil::parse<json>(f.readAll(), f.fileName());
    const json res = parsed ? *parsed : json();
    QStringList importErrors;
    QList<CallOutcome> outcomes;
    for (const ScannedCall &c : std::as_const(m_req.calls)) {
        CallOutcome o;
        o.call = c;
        o.skipped = c.isComputed();
        outcomes.append(o);
    }
    const auto text = [](const json &j, const char *key, const std::string &fallback = {}) {
        return QString::fromStdString(jsonutil::stringOr(j, key, fallback));
    };
    for (const json &i : jsonutil::arrayOr(res, "imports")) {
        if (!jsonutil::boolOr(i, "ok", false))
            importErrors.append(QStringLiteral("%1: %2: %3")
                                    .arg(text(i, "source"), text(i, "error_name"), text(i, "error_value")));
    }
    for (const json &c : jsonutil::arrayOr(res, "calls")) {
        const qint64 id = jsonutil::intOr(c, "id", -1);
        if (id < 0 || id >= outcomes.size())
            continue;
        CallOutcome &o = outcomes[id];
        o.ok = jsonutil::boolOr(c, "ok", false);
        o.result = text(c, "result");
        o.errorName = text(c, "error_name");
        o.errorValue = text(c, "error_value");
        for (const json &h : jsonutil::arrayOr(c, "hub_files")) {
            DatasetEntry e;
            e.repoType = text(h, "repo_type", "model");
            e.repoId = text(h, "repo_id");
            e.revision = text(h, "revision", "main");
            e.filename = text(h, "filename");
            if (const QString sub = text(h, "subfolder"); !sub.isEmpty())
                e.filename = sub + QLatin1Char('/') + e.filename;
            o.hubFiles.append(e.toString() + (jsonutil::boolOr(h, "ok", false) ? QString() : QStringLiteral(" (failed)")));
        }
        if (!m_req.token.isEmpty())
            o.errorValue.replace(m_req.token, QLatin1String("***"));
    }
    Q_EMIT finished(outcomes, importErrors, log);
}

} // namespace sandmark
