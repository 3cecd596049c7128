#include "batch/regrade.h"

#include "checks/registry.h"
#include "grading/value.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace sandmark {

Expected<StoredExecution> readStoredExecution(const QString &artifacts, const QString &executionHash,
                                              const QSet<QString> &readNames)
{
    if (artifacts.isEmpty() || !QFileInfo(artifacts).isDir())
        return Error{artifacts, {}, QStringLiteral("the run's artifacts folder is gone (run folders are a cache)")};
    StoredExecution out;
    out.executionHash = executionHash;
    QFile payload(QDir(artifacts).filePath(QStringLiteral("payload.json")));
    if (!payload.open(QIODevice::ReadOnly))
        return Error{payload.fileName(), {}, QStringLiteral("cannot read the stored payload: %1").arg(payload.errorString())};
    out.payload = payload.readAll();
    QFile record(QDir(artifacts).filePath(QStringLiteral("record.json")));
    if (!record.open(QIODevice::ReadOnly))
        return Error{record.fileName(), {}, QStringLiteral("cannot read the stored record: %1").arg(record.errorString())};
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(record.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject())
        return Error{record.fileName(), QStringLiteral("offset %1").arg(pe.offset),
                     QStringLiteral("the stored record is not a JSON object: %1").arg(pe.errorString())};
    out.record = doc.object();
    Expected<ProbePayload> decoded = decodeProbePayload(out.payload, payload.fileName(), &readNames);
    if (!decoded)
        return decoded.error();
    out.decoded = std::make_shared<const ProbePayload>(std::move(*decoded));
    return out;
}

QStringList recordProbeLabels(const QJsonObject &record)
{
    QStringList out;
    for (const QJsonValue &v : record.value(QLatin1String("cells")).toArray()) {
        const QJsonObject c = v.toObject();
        if (c.value(QLatin1String("injected")).toString() == QLatin1String("probe"))
            out << c.value(QLatin1String("label")).toString();
    }
    return out;
}

QString missingStoredValue(const QList<Check> &checks, const ProbePayload &payload, const QStringList &probeLabels)
{
    for (const Check &c : checks) {
        const std::optional<ProbedName> probed = checkKind(c).probed(c);
        if (!probed)
            continue;
        const QString label = probed->label();
        if (!probeLabels.contains(label))
            return QStringLiteral("probe point '%1' (check '%2') was not in the stored run").arg(label, c.id);
        // A probe cell that left no values (it did not run, or was rejected): grading says why from the record, as
        // it did after the run; running again would not change that.
        if (!payload.hasLabel(label) || payload.holds(label, probed->variable))
            continue;
        return payload.dropped.value(label).contains(probed->variable)
                   ? QStringLiteral("`%1` (check '%2') was dropped at probe '%3' (capture budget or type)").arg(probed->variable, c.id, label)
                   : QStringLiteral("`%1` (check '%2') was not captured at probe '%3'").arg(probed->variable, c.id, label);
    }
    return {};
}

RegradeDecision decideRegrade(const QList<Check> &checks, const QString &executionHash, const StoredExecution &stored)
{
    if (stored.executionHash.isEmpty())
        return {true, QStringLiteral("the stored run predates regrades from stored values")};
    if (stored.executionHash != executionHash)
        return {true, QStringLiteral("what the run depends on changed (files, notebooks, supplied files, environment, "
                                     "limits, test code or assignment settings)")};
    const QSet<QString> names = stored.decoded ? QSet<QString>() : probedNames(checks);
    const Expected<ProbePayload> payload = stored.decoded ? Expected<ProbePayload>(*stored.decoded)
                                                          : decodeProbePayload(stored.payload, QStringLiteral("stored payload"), &names);
    if (!payload)
        return {true, QStringLiteral("the stored payload cannot be read: %1").arg(payload.error().toString())};
    const QString missing = missingStoredValue(checks, *payload, recordProbeLabels(stored.record));
    if (!missing.isEmpty())
        return {true, missing};
    return {false, {}};
}

} // namespace sandmark
