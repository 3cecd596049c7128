#pragma once
// The reference run: the instructor notebook through the same backend and environment as the submissions;
// its probe payload is the expected values. Cached on disk.

#include "assignment/assignment.h"
#include "batch/health.h"
#include "gradebook/gradebook.h"
#include "notebook/notebook.h"
#include "sandbox/submissionrun.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QHash>
#include <QMap>
#include <QObject>
#include <QPointer>

namespace sandmark {

/// The execution key: what a run of the assignment depends on, and the reference cache key. SHA-256 (hex) over
/// the instructor notebooks' bytes, the supplied data files (relative path and bytes), the environment key,
/// assignment.json without its checks (limits, dependencies, settings), what each check injects as cells (a
/// test's code and placement: CheckKind::instrument() without its probes), the limits and the Sandmark version.
/// Not the checks' grading (tolerances, options, points) nor which names they probe: a run's stored payload says
/// whether it holds those (batch/regrade.h). Pure function (reads the files).
QString referenceKey(const Assignment &assignment, const QString &environmentKey);

/// The part of a reference payload for one instructor notebook: a problem set's reference payload holds each
/// notebook's under its name (`{"sandmark_problem_set": {"part1.ipynb": {…}, …}}`); a single notebook's payload
/// is returned as it is; a notebook the set lacks is "null". Pure.
QByteArray notebookPayload(const QByteArray &payload, const QString &notebook);

/// The key a gradebook's `inputs_hash` is built from (Gradebook::inputsHash): the reference key plus the
/// bytes of assignment.json, so any change to the assignment, its notebook, data or environment grades again
/// (from the stored values when the execution key is unchanged: batch/regrade.h).
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

/// What the reference run found besides its payload (docs/grading.md, "Reference run"), cached with it.
struct ReferenceOutcome
{
    /// Checks the instructor notebook itself cannot pass, by check id, with why: a test check it fails ("the test
    /// check fails on the instructor notebook (AssertionError: …)"), a value check whose name it leaves undefined.
    /// They are not graded for anyone (a grader error of that check, never the student's); the others are.
    QMap<QString, QString> brokenChecks;
    /// The result text of each test check whose cell passed with one in the reference run (check id → the repr of
    /// the test's last value, docs/runner-protocol.md): the expected outputs of an un-run Otter master's cases
    /// (docs/otter.md). Grading hands them to the checks (GradeInput::referenceTestResults).
    QMap<QString, QString> testResults;
    /// An error of an instructor cell that is neither an answer nor a test (a teaching example, nbgrader's demo
    /// cell `a`), or of a cell tagged raises-exception: a note of the run, not a failure.
    struct NotedError
    {
        int cell = -1;  ///< cells[cell] of the instructor notebook
        QString source; ///< its source, to recognise the same cell in submissions (whitespace at line ends ignored)
        QString ename, evalue;
        bool tagged = false; ///< tagged raises-exception
        /// "cells[2] raised NameError: name 'a' is not defined (not an answer or test cell: noted, not a failure)"
        QString describe() const;
    };
    QList<NotedError> notedErrors;
    QStringList missingModules; ///< modules the environment lacks, seen in a broken test's error
    /// By instructor notebook: the labels of the probe cells the run had (recordProbeLabels()), whether or not
    /// they produced values; a cached payload serves only checks whose probe point it had.
    QMap<QString, QStringList> probeLabels;

    QStringList notes() const; ///< each noted error's describe()
};

/// For each cell of `submission` that holds the same source as a noted error's cell of the instructor notebook
/// (whitespace at line ends ignored), the exception that cell is expected to raise: grade() notes such an error
/// instead of counting it as a problem (GradeInput::expectedErrors). Pure function.
QHash<int, QString> expectedErrors(const ReferenceOutcome &outcome, const Notebook &submission);

/// A reference run cached on disk (ReferenceRun), as cachedReference() reads it.
struct CachedReference
{
    QByteArray payload;                   ///< the probe payload JSON text (docs/probe-payload.md)
    ReferenceOutcome outcome;             ///< `<key>.outcome.json`, its broken checks found again for today's checks
    std::optional<ReferenceTiming> timing; ///< `<key>.timing.json`, when kept
};

/// The reference run cached in `cacheDir` under execution key `key` (referenceKey()), when it serves `assignment`'s
/// checks as they are today: it holds what every value check reads, its broken value checks found again
/// (ReferenceRun's rule). None when nothing is cached under the key, or when the cache cannot serve: then `whyNot`
/// (when given) says why ("`area` (check 'q2') was not captured at probe 'q2'"). Reads files; any thread.
std::optional<CachedReference> cachedReference(const Assignment &assignment, const QString &cacheDir, const QString &key,
                                               QString *whyNot = nullptr);

/// Where a reference run keeps the executed instructor notebook `notebook` (relative, as assignment.json lists it;
/// injected cells stripped, so cells[N] is the instructor notebook's): `<cacheDir>/<key>.executed.<notebook, '/' as
/// '_'>`, next to the payload. Pure.
QString referenceNotebookPath(const QString &cacheDir, const QString &key, const QString &notebook);

/// The executed instructor notebook of an assignment's latest reference run (latestReferenceNotebook()).
struct ReferenceNotebook
{
    QString path;     ///< referenceNotebookPath() of the run
    QDateTime ranAt;  ///< when the run wrote it
    /// The run's execution key is the assignment's today (for the environment it ran in): the notebook, its data,
    /// limits and settings are as they ran. False: the assignment changed since; its outputs may be another's.
    bool current = false;
};

/// The executed notebook `notebook` of the latest reference run (fresh or from the cache) of the assignment at
/// `assignment`'s folder, as ReferenceRun keeps them in `cacheDir` (empty: paths::cacheDir() + "/reference");
/// none before any run, or when that run kept no notebook. Reads files (the notebooks and data files, to compare
/// the key): call it on a worker thread.
std::optional<ReferenceNotebook> latestReferenceNotebook(const Assignment &assignment, const QString &notebook,
                                                         const QString &cacheDir = {});

struct ReferenceRunOptions
{
    SubmissionRunOptions run; ///< the backend and caches the submissions use (label is set to "reference")
    QString cacheDir;         ///< reference payloads; empty: paths::cacheDir() + "/reference"
};

/// Runs the assignment's instructor notebook as a submission and emits its payload; a problem set's notebooks
/// each in its own kernel, in order, in one run folder, the payload holding each one's (notebookPayload()). Cache: `<cacheDir>/<key>.json` holds the payload of a run that succeeded, written atomically after
/// `<key>.timing.json` and `<key>.outcome.json` (ReferenceOutcome); a cache hit runs nothing. The key is the
/// execution key (referenceKey()), so a cached payload serves changed checks too (the executed instructor notebooks are
/// kept beside it, referenceNotebookPath(), and the run, fresh or cached, is the assignment's latest:
/// latestReferenceNotebook()): when it holds what every value
/// check reads (missingStoredValue()), its broken value checks are found again for today's checks; otherwise the
/// notebook runs again and replaces it. A failure (the
/// expected values would be wrong), never cached: a timeout or a dead kernel; an error in an answer cell (nbgrader
/// `solution`, a `BEGIN SOLUTION` region, a check's anchor); a module missing from the environment or a dataset
/// missing from the cache in any cell (named, with the fix); or no check left that can be graded. An error in any
/// other instructor cell (a teaching example) or in a cell tagged raises-exception is a noted error, and a check
/// the notebook fails is a broken check (ReferenceOutcome): the others are graded.
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
    /// The environment the backend resolved for the runs (valid once it is known): what a batch's submission
    /// runs use as SubmissionRunOptions::environment instead of resolving it again each.
    std::optional<Environment> environment() const { return m_environment; }
    bool cacheHit() const { return m_cacheHit; }
    /// The run's duration and cell times, valid after finished(). A cache hit reads them from the timing file
    /// kept next to the payload (`<key>.timing.json`); unset for a payload cached before timings were kept. A
    /// problem set's payload cached without every notebook's times is not taken: the reference runs again.
    std::optional<ReferenceTiming> timing() const { return m_timing; }
    /// Broken checks and noted errors, valid after finished() (a cache hit reads `<key>.outcome.json`).
    ReferenceOutcome outcome() const { return m_outcome; }
    /// Modules the environment lacks, seen in the run's errors (a cell's or a test's ModuleNotFoundError); valid
    /// after finished() (then ReferenceOutcome::missingModules) or failed().
    QStringList missingModules() const { return m_missingModules; }

Q_SIGNALS:
    void progress(const QString &line);
    /// `payload` is the reference's probe payload JSON text (docs/probe-payload.md); `key` is key().
    void finished(const QByteArray &payload, const QString &key);
    /// A grader error: environment, sandbox, or the instructor notebook did not run cleanly.
    void failed(const sandmark::Error &error);

private:
    void onEnvironment(const Environment &env);
    void onRunFinished(const SubmissionRunResult &result);
    /// One instructor notebook's part of the run: its broken checks and noted errors into `outcome`, its payload.
    /// False: the reference run failed (fail() was called).
    bool analyse(const QString &notebook, const NotebookRunResult &result, ReferenceOutcome &outcome, QByteArray &payload);
    void fail(const Error &error);
    /// Notes this run (its key and environment) as the assignment's latest (latestReferenceNotebook()).
    void keepAsLatest() const;
    QString cachePath() const;
    QString timingPath() const;
    QString outcomePath() const;

    Assignment m_assignment;
    ReferenceRunOptions m_options;
    QPointer<EnvironmentProvision> m_provision;
    QPointer<SubmissionRun> m_run;
    QString m_key, m_environmentKey;
    std::optional<Environment> m_environment;
    bool m_cacheHit = false;
    std::optional<ReferenceTiming> m_timing;
    QElapsedTimer m_runClock; ///< from the run's start (environment resolved) to its end: ReferenceTiming::runS
    ReferenceOutcome m_outcome;
    QStringList m_missingModules;
    bool m_done = false;
};

/// What the Health report knows of a reference run that ended: its outcome (`failure` unset) or its error, with
/// the cache flag, timing, broken checks, noted errors and missing modules of `run`. The CLI's `validate --health`
/// and the app's pages build it the same way.
HealthInputs::Reference referenceHealth(const ReferenceRun &run, const std::optional<Error> &failure);

} // namespace sandmark
