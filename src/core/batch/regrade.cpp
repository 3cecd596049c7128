#include "batch/regrade.h"

#include "checks/registry.h"
#include "grading/value.h"
#include "sandbox/workdir.h"
#include "util/inputfile.h"

#include <QDir>
#include <QFileInfo>

namespace sandmark {

Expected<StoredExecution> readStoredExecution(const QString &artifacts, const QString &executionHash, const QString &digest,
                                              const QSet<QString> &readNames)
{
    if (artifacts.isEmpty() || !QFileInfo(artifacts).isDir())
        return Error{artifacts, {}, QStringLiteral("the run's artifacts folder is gone (run folders are a cache)")};
    StoredExecution out;
    out.executionHash = executionHash;
    // The run folder is a cache on disk: read only regular files of a sane size (a FIFO would block, a link to
    // /dev/zero would never end), else the submission runs again; what is read is checked against the digest below.
    constexpr qint64 kMaxStoredBytes = 512LL * 1024 * 1024;
    const auto readStored = [&](const QString &name) { return readInputFile(QDir(artifacts).filePath(name), kMaxStoredBytes); };
    Expected<QByteArray> payload = readStored(QStringLiteral("payload.json"));
    if (!payload)
        return payload.error();
    out.payload = std::move(*payload);
    const QString recordPath = QDir(artifacts).filePath(QStringLiteral("record.json"));
    Expected<QByteArray> record = readStored(QStringLiteral("record.json"));
    if (!record)
        return record.error();
    if (digest.isEmpty())
        return Error{artifacts, {}, QStringLiteral("the stored run predates digests of its stored files")};
    if (storedDigest(out.payload, *record) != digest)
        return Error{artifacts, {}, QStringLiteral("payload.json or record.json changed since the run stored them")};
    Expected<ExecutionRecord> parsed = ExecutionRecord::fromJson(*record, recordPath);
    if (!parsed)
        return parsed.error();
    out.record = std::move(*parsed);
    Expected<ProbePayload> decoded = decodeProbePayload(out.payload, QDir(artifacts).filePath(QStringLiteral("payload.json")), &readNames);
    if (!decoded)
        return decoded.error();
    out.decoded = std::make_shared<const ProbePayload>(std::move(*decoded));
    return out;
}

QStringList recordProbeLabels(const ExecutionRecord &record)
{
    QStringList out;
    for (const CellRecord &c : record.cells())
        if (c.injected == QLatin1String("probe"))
            out << c.label;
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
