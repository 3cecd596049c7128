#pragma once
// Grading a batch: the reference run, then up to N sandboxed submission runs at once, each result graded
// and committed to the gradebook the moment its run ends. Used by `sandmark-cli grade` and the GUI.

#include "assignment/assignment.h"
#include "batch/batchgrading.h"
#include "batch/referencerun.h"
#include "batch/submissions.h"
#include "gradebook/gradebook.h"
#include "grading/result.h"
#include "notebook/notebook.h"
#include "sandbox/submissionrun.h"

#include <QElapsedTimer>
#include <QHash>
#include <QLockFile>
#include <QMap>
#include <QObject>

#include <memory>

namespace sandmark {

class Gradebook;
class ReferenceRun;

/// The default number of sandboxes at once: the number of CPU cores, but no more than the physical memory
/// divided by the per-run memory limit (`limits.memoryBytes`), and at least 1.
int defaultJobs(const Limits &limits);

struct BatchOptions
{
    int jobs = 0;              ///< sandboxes at once; <= 0: defaultJobs(assignment limits)
    SubmissionRunOptions run;  ///< backend (run.kind), caches, limits
    /// Run every submission: also those whose files, assignment and backend are unchanged, and those whose changed
    /// checks could be graded from their stored run (no regrade from stored values).
    bool force = false;
    QString gradebookPath;     ///< empty: Gradebook::defaultPath(assignment folder)
    QString referenceCacheDir; ///< empty: paths::cacheDir() + "/reference"
    /// While every one of the `jobs` sandboxes is busy, start the next submission's sandbox held
    /// (SubmissionRun::setHeld()): its kernel starts and imports the assignment's modules meanwhile, and it runs
    /// the moment a sandbox ends. Each submission still has its own fresh sandbox; its limits start at release.
    /// Off also imports nothing early (SubmissionRunOptions::preimport empty). Default: on, unless the environment
    /// sets SANDMARK_PRESTART=0.
    bool prestart = qEnvironmentVariable("SANDMARK_PRESTART") != QLatin1String("0");
};

/// What a batch did. Counts are submissions.
struct BatchSummary
{
    int total = 0;        ///< submissions given to the batch
    int skipped = 0;      ///< files, assignment and backend unchanged since their last completed run (not run; their grade stands)
    /// Graded again from their last run's stored payload and record, without a sandbox: only the checks' grading
    /// changed (batch/regrade.h). Also counted by status below.
    int regraded = 0;
    int ran = 0;          ///< submissions for which a sandbox started (their results counted by status below)
    /// Graded without a sandbox because they cannot run at all (BatchGrading::resultWithoutRun(): a notebook that
    /// does not parse, one this machine cannot open — a grader error —, none handed in). Also counted by status below.
    int cannotRun = 0;
    int graded = 0;       ///< status graded
    int needsManual = 0;  ///< status needs-manual: answers or task cells await a person (manual grades counted)
    int needsReview = 0;  ///< status needs-review (malformed, ambiguous, errors, timeouts)
    int graderErrors = 0; ///< status grader-error (never a zero for the student)
    /// Left out because the batch was cancelled, or because the reference run failed and they have a grade already
    /// (it stands; those without one are recorded as grader errors).
    int notRun = 0;
    bool cancelled = false;
    bool referenceFromCache = false;
    int prunedRuns = 0;   ///< superseded runs whose artifacts folders were deleted when the batch ended
    /// Checks the instructor notebook fails itself (ReferenceOutcome::brokenChecks): not graded for anyone.
    QMap<QString, QString> brokenChecks;
    QStringList referenceNotes; ///< the reference run's noted errors (ReferenceOutcome::notes())
    double seconds = 0;   ///< wall time of the whole batch
};

/// The files hash a batch records for `s` (part of the "unchanged" key): Gradebook::hashFiles() of its files;
/// for a folder holding several notebooks, also which one is graded (none while it is flagged ambiguous), so
/// naming another notebook of it (`grade A amy/part2.ipynb`) is not "unchanged"; for a problem set, which file
/// is graded for each instructor notebook (Submission::set), so a settled match reruns. A folder with one
/// notebook hashes as Gradebook::hashFiles(), so existing gradebooks keep their results. Reads the files; any thread.
QString submissionFilesHash(const Submission &s);

/// Grades a list of submissions of one assignment into its gradebook.
///
/// Lives in the thread it was created in or moved to, and works there: runs are QProcess-based, but the
/// gradebook connection (opened in start(), used from this thread only), hashing every submission's files and
/// one Gradebook::latestRuns() query when the reference is known, parsing notebooks, each recordRun() and the
/// pruning at the end are synchronous — seconds for thousands of submissions. The CLI drives it on its main
/// thread; the app on a thread of its own (src/gui/batchtask.h), never on the GUI thread.
/// Flow: open the gradebook → ReferenceRun (cached) → for each submission: skip when unchanged (unless
/// `force`); when only the checks' grading changed, grade it again from its last run's stored payload and record
/// (decideRegrade(); all such results in one Gradebook::recordRuns() transaction, no sandbox) → the others: up to
/// `jobs` SubmissionRuns at once → on each completion grade() and Gradebook::recordRun().
/// One bad notebook never stops the batch: a submission with a problem (ambiguous, symlink) or a notebook
/// that does not parse is recorded as needs-review with the reason; a grader-side failure (sandbox,
/// environment) is recorded as grader-error, never a zero. A failed reference run records every submission
/// as grader-error and ends with failed(); a check the reference run found broken is not graded for anyone
/// (GradeInput::brokenChecks), the others are.
/// Emits exactly one of finished()/failed(), asynchronously (never inside start()). The object may be
/// deleted after that signal; deleting it earlier kills its running sandboxes (nothing half-recorded).
class BatchGrader : public QObject
{
    Q_OBJECT
public:
    BatchGrader(Assignment assignment, QList<Submission> submissions, BatchOptions options, QObject *parent = nullptr);
    ~BatchGrader() override;

    void start();
    /// Stops the batch: no new run starts, running sandboxes are killed (their results are not recorded),
    /// every result recorded so far stays. finished() follows with `cancelled`.
    void cancel();

    int jobs() const { return m_jobs; }

Q_SIGNALS:
    /// Human-readable progress of the reference run and environment ("running the instructor notebook …").
    void message(const QString &line);
    /// The batch's reference run ended (a cache hit included), before started(): what the Health report shows
    /// of it (referenceHealth()). Not emitted when the batch was cancelled first.
    void referenceEnded(const sandmark::HealthInputs::Reference &reference);
    /// After the reference values are known: `total` submissions will be run (skipped ones and those regraded
    /// from stored values not counted).
    void started(int total);
    /// An unchanged submission was not run; its recorded grade stands.
    void submissionSkipped(const QString &studentId);
    void submissionStarted(const QString &studentId);
    /// The result was committed to the gradebook before this is emitted (also for a regrade from stored values:
    /// then `run` names the stored run's folder, backend and times). `run` is the record as committed:
    /// its artifacts folder (executed notebook, record.json, log.txt; empty when none), its backend (empty
    /// when no sandbox ran: the submission could not be run as handed in) and its start and end.
    void submissionFinished(const QString &studentId, const sandmark::GradeResult &result, const sandmark::RunRecord &run);
    /// `done` of `total` (as in started()); `etaSeconds` estimated from the throughput so far, < 0 unknown. Once
    /// before the first result (done 0), when the reference run's time is known: that time (every notebook of a
    /// problem set) for each round of jobs() submissions.
    void progress(int done, int total, double etaSeconds);
    void finished(const sandmark::BatchSummary &summary);
    /// A batch-level failure: the gradebook cannot be opened or written, or the reference run failed (then
    /// every submission was recorded as grader-error first).
    void failed(const sandmark::Error &error);

private:
    using Item = PlannedSubmission;
    struct Active
    {
        Item item;
        QDateTime started;
        bool held = false; ///< started early (BatchOptions::prestart), waiting for a free sandbox slot
    };
    /// The active runs that are not held: those counting against `jobs`.
    int running() const;
    /// Starts a run of `item`; `held`: prestarted, released by pump() when a slot frees.
    void startRun(const Item &item, bool held);

    void onReference(const QByteArray &payload, const QString &key);
    void onReferenceFailed(const Error &error);
    void pump();
    void onRunFinished(SubmissionRun *run, const SubmissionRunResult &result);
    void onRunFailed(SubmissionRun *run, const Error &error);
    /// The result of `item` graded from its stored run (PlannedSubmission::Action::Regrade), as that run (its
    /// times, backend, folder).
    RunRecord regradedRecord(const Item &item) const;
    /// The assignment inputs key `item`'s inputs hash was built from (RunRecord::inputsKey); empty when it was not
    /// this batch's (no reference: "no-reference").
    QString inputsKeyOf(const Item &item) const;
    /// Commits m_regrades in one transaction and reports each (submissionFinished). False: the batch ended.
    bool recordRegrades();
    /// Counts a committed result by its effective status in m_summary.
    void count(const QString &studentId, GradeStatus status);
    /// Commits one result. `sandboxRan`: false when the submission was not run (unrunnable, unreadable
    /// notebook, failed reference run): then no backend and no run time are recorded. `artifacts` and
    /// `storedDigest`: where the run stored its files and their digest (RunRecord).
    bool record(const Item &item, const QDateTime &started, const GradeResult &result, bool sandboxRan,
                const QString &artifacts = {}, const QString &storedDigest = {});
    void maybeFinish();
    void finishWith(const std::optional<Error> &error);
    /// Deletes the run folders of runs a later run of the same student superseded (Gradebook::
    /// supersededArtifacts()), only those directly under this batch's runs root, and forgets them in the
    /// gradebook. Synchronous (a few files per run); failures are logged, never fatal.
    void pruneArtifacts();

    Assignment m_assignment;
    QList<Submission> m_submissions;
    BatchOptions m_options;
    int m_jobs = 1;
    std::unique_ptr<QLockFile> m_lock; ///< `<gradebook>.lock`, held from start() until finished()/failed()
    std::unique_ptr<Gradebook> m_gradebook;
    ReferenceRun *m_reference = nullptr;
    /// Releases, reference values and keys (made in start(); the reference set when it is known).
    std::optional<BatchGrading> m_grading;
    bool m_referenceKnown = false;
    QString m_environmentKey;
    QList<Item> m_queue;
    QList<RunRecord> m_regrades; ///< results graded from stored runs, committed together before the runs start
    QHash<SubmissionRun *, Active> m_active;
    BatchSummary m_summary;
    int m_total = 0, m_done = 0;
    QElapsedTimer m_clock, m_runClock;
    double m_startedAt = 0; ///< profile::now() at start(): the "batch-setup" span (util/profile.h)
    bool m_started = false, m_cancelled = false, m_ended = false;
    std::optional<Error> m_fatal;
};

} // namespace sandmark
