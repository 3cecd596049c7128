#pragma once
// The reference run: the instructor notebook through the same backend and environment as the submissions;
// its probe payload is the expected values. Cached on disk.

#include "assignment/assignment.h"
#include "batch/health.h"
#include "gradebook/gradebook.h"
#include "sandbox/submissionrun.h"

#include <QHash>
#include <QObject>
#include <QPointer>

namespace sandmark {

/// The reference cache key: SHA-256 (hex) over the instructor notebook's bytes, the supplied data files
/// (relative path and bytes), the environment key, the checks (every field, options included), the limits
/// and the Sandmark version. Pure function (reads the files).
QString referenceKey(const Assignment &assignment, const QString &environmentKey);

/// The key a gradebook's `inputs_hash` is built from (Gradebook::inputsHash): the reference key plus the
/// bytes of assignment.json, so any change to the assignment, its notebook, data or environment reruns.
QString assignmentInputsKey(const Assignment &assignment, const QString &referenceKey);

/// Whether recorded runs were graded under `assignment`'s current inputs. A run is stale when its inputs hash
/// is not what grade would compute today for the same files: Gradebook::inputsHash(run files hash,
/// assignmentInputsKey(assignment, referenceKey(assignment, run environment key))) — the key that decides
/// "unchanged, skip" (docs/grading.md), so a stale row is exactly one that `grade` would run again. The
/// environment key is the run's own (no interpreter is asked). A grader-error run has no grade and is never
/// stale. Reads the instructor notebook, data files and assignment.json once per environment key.
/// Not thread-safe (one object per thread); cheap to create.
class CurrentInputs
{
public:
    explicit CurrentInputs(Assignment assignment);
    bool isStale(GradeStatus runStatus, const QString &filesHash, const QString &inputsHash, const QString &environmentKey);

private:
    Assignment m_assignment;
    QHash<QString, QString> m_inputsKeyByEnvironment;
};

/// Sets EffectiveGrade::stale / GradeSummary::stale of each grade (CurrentInputs).
void markStale(QList<EffectiveGrade> &grades, const Assignment &assignment);
void markStale(QList<GradeSummary> &summaries, const Assignment &assignment);

struct ReferenceRunOptions
{
    SubmissionRunOptions run; ///< the backend and caches the submissions use (label is set to "reference")
    QString cacheDir;         ///< reference payloads; empty: paths::cacheDir() + "/reference"
};

/// Runs the assignment's first instructor notebook (notebooks().first()) as a submission and emits its
/// payload. Cache: `<cacheDir>/<key>.json` holds the payload of a clean run (status `completed`), written
/// atomically; a cache hit runs nothing. A reference run with a cell error, a timeout or a dead kernel is a
/// failure (the expected values would be wrong), never cached.
/// Asynchronous; lives in the creating thread and never blocks it; emits exactly one of finished()/failed()
/// (also after cancel(), which emits failed("cancelled")).
class ReferenceRun : public QObject
{
    Q_OBJECT
public:
    ReferenceRun(Assignment assignment, ReferenceRunOptions options, QObject *parent = nullptr);
    ~ReferenceRun() override;

    void start();
    void cancel();

    QString key() const { return m_key; }                       ///< valid once the environment is known
    QString environmentKey() const { return m_environmentKey; } ///< valid once the environment is known
    bool cacheHit() const { return m_cacheHit; }
    /// The run's duration and cell times, valid after finished(). A cache hit reads them from the timing file
    /// kept next to the payload (`<key>.timing.json`); unset for a payload cached before timings were kept.
    std::optional<ReferenceTiming> timing() const { return m_timing; }

Q_SIGNALS:
    void progress(const QString &line);
    /// `payload` is the reference's probe payload JSON text (docs/probe-payload.md); `key` is key().
    void finished(const QByteArray &payload, const QString &key);
    /// A grader error: environment, sandbox, or the instructor notebook did not run cleanly.
    void failed(const sandmark::Error &error);

private:
    void onEnvironment(const Environment &env);
    void onRunFinished(const SubmissionRunResult &result);
    void fail(const Error &error);
    QString cachePath() const;
    QString timingPath() const;

    Assignment m_assignment;
    ReferenceRunOptions m_options;
    QPointer<EnvironmentBuilder> m_envBuilder;
    QPointer<SubmissionRun> m_run;
    QString m_key, m_environmentKey;
    bool m_cacheHit = false;
    std::optional<ReferenceTiming> m_timing;
    bool m_done = false;
};

} // namespace sandmark
