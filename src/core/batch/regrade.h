#pragma once
// Regrades from stored values: which changes of an assignment need a submission's notebook to run again, and
// which are graded again from what its last run stored (docs/grading.md, "Regrades from stored values").

#include "assignment/assignment.h"
#include "sandbox/executionrecord.h"

#include <QByteArray>
#include <QList>
#include <QSet>
#include <QString>

#include <memory>

namespace sandmark {

struct ProbePayload;

/// What a submission's run left for grading, as its artifacts folder holds it (docs/sandbox.md, "Run folders").
struct StoredExecution
{
    QString executionHash; ///< the run's RunRecord::executionHash; empty: unknown (a run before schema 5)
    QByteArray payload;    ///< `payload.json`: the probe payload ("null" when no probe produced values)
    ExecutionRecord record; ///< `record.json`: the execution record
    /// `payload` decoded (readStoredExecution() decodes it once for the decision and the grading); when unset,
    /// decideRegrade() decodes `payload`.
    std::shared_ptr<const ProbePayload> decoded;
};

/// Reads `payload.json` and `record.json` of a run's artifacts folder (a notebook's folder, for a problem set) and
/// decodes the payload's values of `readNames` (probedNames() of the checks to grade; the others are skipped,
/// ProbePayload::skipped). The run folder is a cache on disk that grades must not depend on: the two files are
/// trusted only when their storedDigest() is `digest`, the one the gradebook kept when the run wrote them
/// (RunRecord::storedDigest). Errors name the file: the folder is gone, a file is missing, not a regular file, over
/// 512 MiB or not JSON, the files changed since the run (or the run predates digests: `digest` empty), the payload
/// does not decode. Each means the submission runs again. Synchronous; any thread.
Expected<StoredExecution> readStoredExecution(const QString &artifacts, const QString &executionHash, const QString &digest,
                                              const QSet<QString> &readNames);

/// Whether a submission must run again, and why.
struct RegradeDecision
{
    bool rerun = true;
    /// Why it runs again, one sentence ("`area` was not captured at probe 'q3'"); empty when it regrades from
    /// the stored values.
    QString reason;
};

/// The one rule (docs/grading.md, "Regrades from stored values"): a submission whose stored run was made under the
/// execution hash `executionHash` (Gradebook::inputsHash(files hash, referenceKey()): the notebooks, supplied
/// files, environment, limits, assignment.json outside its checks, and what each check injects as cells — a test's
/// code) regrades from `stored` when every value check of `checks` finds there what it reads: its probe point ran
/// in that run (the record has the probe cell; else it is a new probe point), and the payload holds its name's
/// value or shows it was not defined (ProbePayload::holds()). Tolerances, options, points, removed checks, manual
/// checks and new value checks on captured names need no run. A stored run from before execution hashes, or
/// whose payload does not decode, runs again. Pure; thread-safe.
RegradeDecision decideRegrade(const QList<Check> &checks, const QString &executionHash, const StoredExecution &stored);

/// The same rule on a decoded payload and the record's probe labels (the labels of the injected probe cells that
/// were in the run, whether or not they produced values): the reason a value check of `checks` cannot be graded
/// from them, or empty when every one can. The reference run's cache uses it too (ReferenceRun). Pure.
QString missingStoredValue(const QList<Check> &checks, const ProbePayload &payload, const QStringList &probeLabels);

/// The labels of the injected probe cells of an execution record (docs/runner-protocol.md, `cells[].label`). Pure.
QStringList recordProbeLabels(const ExecutionRecord &record);

} // namespace sandmark
