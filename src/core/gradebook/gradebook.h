#pragma once
// The per-assignment gradebook: an SQLite database (Qt Sql, QSQLITE driver) of submissions, runs, check
// results and manual overrides. Schema and rules: docs/gradebook.md.

#include "grading/result.h"
#include "util/expected.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>
#include <QVariantList>

#include <memory>
#include <unordered_map>
#include <optional>

class QLockFile;
class QSqlDatabase;
class QSqlQuery;

namespace sandmark {

/// One completed run, as recordRun() stores it.
struct RunRecord
{
    QString studentId;
    QString filesHash;       ///< hash of the submission's files (see hashFiles())
    QString inputsHash;      ///< inputsHash(filesHash, assignment key): decides "needs rerun?"
    /// inputsHash(filesHash, execution key): what the run's execution depended on (batch/regrade.h). A later
    /// grading with another inputs hash but this execution hash may reuse the run's stored payload and record
    /// instead of running again. Empty: unknown (runs before schema 5, runs where nothing ran).
    QString executionHash;
    QDateTime started;       ///< UTC
    QDateTime finished;      ///< UTC
    QString backend;         ///< "bwrap", "docker", "local-unsafe"; empty when no sandbox ran (the notebook
                             ///< could not be read, the reference run failed): started == finished then
    QString environmentKey;  ///< the environment's key (dependency list hash)
    QString referenceKey;    ///< the reference payload's cache key
    QString artifacts;       ///< the run folder's artifacts (executed.ipynb, record.json); empty when none
    /// storedDigest() of the payload.json and record.json the run stored in `artifacts` (a regrade from stored values
    /// trusts them only when they still have it); a problem set's: each notebook's, in the order they ran, joined by
    /// ',' (problemSetStoredDigest()). Empty: nothing stored, a notebook of the set did not run, or a run before
    /// schema 6.
    QString storedDigest;
    /// assignmentInputsKey() the run was graded under (batch/referencerun.h): the same for every student graded under
    /// the same checks, assignment.json, reference and environment, whatever their files — what a merge compares
    /// across shards (gradedUnderWarnings()). Empty: unknown (runs before schema 8, runs without a reference).
    QString inputsKey;
    GradeResult result;
};

/// A completed run whose stored payload a regrade may reuse (Gradebook::reusableRun()).
struct StoredRun
{
    qint64 runId = 0;
    QString inputsHash, executionHash; ///< as RunRecord's
    QString backend, environmentKey, referenceKey, filesHash;
    QString artifacts;                 ///< the run folder's artifacts as recorded (may be gone: run folders are a cache)
    QString storedDigest;              ///< as RunRecord's
    QDateTime started, finished;       ///< UTC, of the run that executed the notebook
};

/// What a batch needs to know of one student's runs before grading it (Gradebook::latestRuns()): their latest
/// completed run and whether a grader error came after it. The rules of needsRerun() and reusableRun() live here.
struct LatestRuns
{
    std::optional<StoredRun> completed; ///< the latest run with status graded, needs-manual or needs-review
    bool lastFailed = false;            ///< the latest run of all is a grader error (that attempt failed: rerun)
    /// True unless `completed` has this inputs hash, no grader error came after it, and it ran in `backend` (empty:
    /// any; a completed run where no sandbox ran matches any). Pure.
    bool needsRerun(const QString &inputsHash, const QString &backend) const;
    /// `completed` when a regrade from stored values may reuse it: no grader error came after it, a sandbox ran it
    /// (it has artifacts and a backend) and that is `backend` (empty: any). Pure.
    std::optional<StoredRun> reusable(const QString &backend) const;
};

/// A manual override: points for one check (checkId non-empty) or for the whole submission.
struct Override
{
    QString checkId; ///< empty: the whole submission's score
    double points = 0;
    QString comment;
    QDateTime when;  ///< UTC
};

/// A person's mark that they looked at a submission (Gradebook::setReviewed()): when, and the grade they saw. It
/// survives regrades; it holds (holds()) while the submission's effective status and score are the ones it saw.
struct Review
{
    QDateTime when; ///< UTC
    GradeStatus status = GradeStatus::Graded; ///< the effective status when it was marked
    std::optional<double> score;              ///< the effective score then (empty: nothing was graded)
    /// Whether the grade is still the one the person saw: same status, same score (within 1e-9).
    bool holds(GradeStatus current, const std::optional<double> &currentScore) const;
};

/// One check's effective grade: the run's automatic points, unless an override replaces them.
struct EffectiveCheck
{
    CheckResult result;                  ///< as the run produced it
    std::optional<Override> override_;   ///< the latest override of this check, if any
    double points() const { return override_ ? override_->points : result.points; }
    /// A manual check no one has graded yet: sandmark::awaitsPerson() of the result, and no override.
    bool awaitsPerson() const { return !override_ && sandmark::awaitsPerson(result); }
};

/// A submission's effective grade: its latest run plus overrides (which survive regrades).
struct EffectiveGrade
{
    QString studentId;
    qint64 runId = 0;
    QDateTime started, finished;
    QString backend;
    /// The effective status: the run's, except that a whole-submission override makes it `graded` (a person set
    /// the grade, so the submission has been reviewed; docs/gradebook.md), and that `graded` and `needs-manual`
    /// follow the manual checks still awaiting a person (withManualChecks(): overrides of every one make it
    /// `graded`). Other check overrides leave it as it is.
    GradeStatus status = GradeStatus::Graded;
    GradeStatus runStatus = GradeStatus::Graded; ///< the status the latest run recorded
    QStringList reasons;   ///< the run's reasons (kept when an override settled the status)
    QStringList notes;     ///< the run's notes (GradeResult::notes)
    QString artifacts;     ///< the run's artifacts folder as recorded (may be gone: run folders are a cache)
    QString filesHash;      ///< the run's RunRecord::filesHash
    QString inputsHash;     ///< the run's RunRecord::inputsHash
    QString environmentKey; ///< the run's RunRecord::environmentKey
    QString referenceKey;   ///< the run's RunRecord::referenceKey: the reference payload it was graded with
    /// The run was graded under other assignment inputs (checks, reference, limits, data, environment) than the
    /// current ones: set by markStale() (batch/referencerun.h), which knows the assignment; false until then.
    bool stale = false;
    double autoScore = 0;  ///< the run's score
    double maxScore = 0;
    QList<EffectiveCheck> checks;
    std::optional<Override> submissionOverride; ///< the latest whole-submission override
    std::optional<Review> review;               ///< a person marked it reviewed (setReviewed())
    /// The score shown and exported: the submission override, else the sum of effective check points. Empty when
    /// nothing could be graded — no check has an outcome or an override (a grader error, an unreadable notebook, a
    /// kernel that died before any check; scoreIfGraded()): never a zero for the student.
    std::optional<double> score() const;
    /// The run's own score, overrides not applied (`autoScore` by the one rule, scoreIfGraded()): none when the run
    /// graded nothing (a grader error, an unreadable notebook), never 0.
    std::optional<double> automaticScore() const;
    /// The effective points of the checks `checkIds` together (a question's total, checkGroups()), or none while
    /// one of them has neither an outcome nor an override (not graded, or awaiting a person), or none is in the run:
    /// never a partial total.
    std::optional<double> pointsOf(const QStringList &checkIds) const;
    /// All override comments, "check: comment" (whole-submission ones first, without a prefix).
    QStringList overrideComments() const;
    /// Ids of the manual checks awaiting a person (EffectiveCheck::awaitsPerson()), in check order; empty once a
    /// whole-submission override set the grade.
    QStringList awaiting() const;
};

/// What the Submissions table shows of a submission's latest run: no check rows, no dates to parse. Value
/// type; Gradebook::gradeSummaries() reads them all at once, summaryOf() makes one from an EffectiveGrade.
struct GradeSummary
{
    QString studentId;
    qint64 runId = 0;
    GradeStatus status = GradeStatus::Graded; ///< as EffectiveGrade::status (overrides and manual checks applied)
    GradeStatus runStatus = GradeStatus::Graded; ///< as EffectiveGrade::runStatus
    QStringList reasons;
    QStringList awaiting;          ///< as EffectiveGrade::awaiting()
    QString backend;               ///< the sandbox the run used; empty when none ran (see RunRecord::backend)
    double durationS = 0;          ///< finished - started of the latest run, seconds (millisecond precision)
    QString artifacts;             ///< as EffectiveGrade::artifacts
    std::optional<double> score;   ///< as EffectiveGrade::score(): overrides applied, empty when nothing was graded
    double maxScore = 0;
    bool overridden = false;       ///< EffectiveGrade::overrideComments() is not empty
    std::optional<Review> review;  ///< as EffectiveGrade::review
    QString filesHash, inputsHash, environmentKey; ///< as EffectiveGrade's, for markStale()
    bool stale = false;            ///< as EffectiveGrade::stale (set by markStale())
};

/// `grade` as it would be with `result` as its latest run's result (a regrade not recorded: previewRegrade()):
/// the run's status, score, checks, reasons and notes replaced; check overrides kept for the checks still in
/// `result`, the whole-submission override and the review kept; the effective status derived as
/// effectiveGrades() derives it. Pure.
EffectiveGrade withResult(EffectiveGrade grade, const GradeResult &result);

/// The summary of `grade` (the same values gradeSummaries() reads).
GradeSummary summaryOf(const EffectiveGrade &grade);

/// Two gradebooks settled one notebook of a problem-set submission differently (Gradebook::settleMatch()).
struct MatchConflict
{
    QString student, notebook; ///< whose, and which instructor notebook
    QString kept;              ///< the file the merged gradebook keeps (it had it before this input)
    QString other;             ///< the file the input settled, not taken
};

/// What Gradebook::mergeFrom() did.
struct MergeStats
{
    int runsAdded = 0, runsPresent = 0;           ///< runs copied / already there (same run merged before)
    int overridesAdded = 0, overridesPresent = 0;
    int matchesAdded = 0, matchesPresent = 0;     ///< settled notebook matches copied / already there (same file)
    /// Settled matches the input holds with another file than the output's: the output keeps its own; a person
    /// settles it again (`sandmark-cli match`).
    QList<MatchConflict> matchConflicts;
    /// Review marks copied / not copied because the output marks the same student already (its own mark stays).
    int reviewsAdded = 0, reviewsPresent = 0;
    /// What the input's results were graded under: its students' latest runs (grader errors and runs of an unknown
    /// inputs key left out), grouped by the run's RunRecord::inputsKey and reference key.
    struct GradedUnder
    {
        QString inputsKey, referenceKey;
        int results = 0;        ///< students whose latest run has these keys
        QString newestFinished; ///< the latest finished_at among them (ISO 8601, UTC)
    };
    QList<GradedUnder> gradedUnder;
    /// Adds `other`'s counts and conflicts to these (the total over several inputs).
    MergeStats &operator+=(const MergeStats &other);
};

/// Merges the gradebooks `inputs` (e.g. one per shard) into the gradebook at `outPath` with Gradebook::mergeFrom(),
/// one transaction per input, and returns what each added (in the order of `inputs`). Every input is checked
/// (read-only) before `outPath` is touched; a new `outPath` is built under a temporary name beside it and renamed
/// into place when every merge succeeded, so a failure leaves no half-merged new gradebook. Merging the same
/// inputs again adds nothing. Refused while a batch grades into `outPath` (Gradebook::lockForWriting(), held for the
/// whole merge: "another batch is grading into this gradebook (…, pid N)"). Errors name the input or `outPath`.
/// Synchronous; call off the GUI thread.
Expected<QList<MergeStats>> mergeGradebooks(const QString &outPath, const QStringList &inputs);

/// One line per conflict of `stats` (from the input `input`), naming the student, the notebook, both files, the one
/// kept and the command that settles it: "carol's problem1.ipynb is settled as a.ipynb here and as b.ipynb in
/// s2.sqlite: a.ipynb kept; settle it with sandmark-cli match ASSIGNMENT carol problem1.ipynb FILE". English.
QStringList matchConflictLines(const MergeStats &stats, const QString &input);

/// One warning per input (stats[i] from inputs[i]) whose results were graded under other assignment inputs than
/// the newest results of the merge (MergeStats::gradedUnder: the inputs key of the latest finished run among all
/// inputs): "s1.sqlite: 3 of 7 result(s) were graded under other checks or assignment.json settings than the newest
/// results (in s2.sqlite) …", saying how many of them also ran under another reference. The merge is complete
/// either way; `grade` regrades what differs from the assignment's current inputs (stale). Empty when every known
/// key agrees. English. Pure.
QStringList gradedUnderWarnings(const QList<MergeStats> &stats, const QStringList &inputs);

/// An open gradebook. Owns one QSqlDatabase connection; use it from the thread that opened it (Qt Sql
/// connections are per thread). Every write is one transaction, committed before the call returns
/// (WAL journal, synchronous=FULL): a process killed at any moment leaves every committed run complete and
/// no partial run. Several processes may open the same file (busy timeout 10 s).
class Gradebook
{
public:
    /// `<assignment folder>/.sandmark/gradebook.sqlite`.
    static QString defaultPath(const QString &assignmentFolder);
    /// Opens or creates `path` (and its folder), migrating the schema (PRAGMA user_version) to the current
    /// version. Errors: the file is not a gradebook, is from a newer Sandmark, or cannot be written (a full
    /// disk is named as such). A file this call created is removed again on error (with its -wal/-shm files),
    /// so a failed creation leaves nothing behind.
    static Expected<std::unique_ptr<Gradebook>> open(const QString &path);
    /// Opens the existing gradebook at `path` for a command that only reads it (export, grade --dry-run). Where the
    /// file and its folder can be written, as open() does (a last close removes the -wal and -shm files). Else
    /// read-only, writing nothing beside it (readUri(): SQLite's `mode=ro`, or `immutable=1` when the read-only folder
    /// has no -shm file SQLite could share); the schema must then be this version's (an older one cannot be migrated
    /// there). Errors name the file: missing, not a gradebook, newer schema; for a read-only folder where SQLite
    /// cannot read it (its -wal holds results not yet in the file, an older schema), that the folder is read-only and
    /// what to do.
    static Expected<std::unique_ptr<Gradebook>> openForReading(const QString &path);
    /// How SQLite opens the existing gradebook file `abs` (absolute) for reading without writing: the path itself
    /// when the file and its folder are writable (a read-write connection that reads only), else a `file:` URI with
    /// `mode=ro`, or with `immutable=1` when the folder is read-only and has no -shm file (no -wal either: nothing can
    /// be writing it, and SQLite cannot create the -shm a read-only WAL connection needs). Error: the folder is
    /// read-only and a -wal file without its -shm holds what SQLite cannot read there, with the fix. Reads metadata
    /// only. Any thread.
    static Expected<QString> readUri(const QString &abs);
    /// Checks, with reads only, that `path` is an existing Sandmark gradebook this version can read; no -wal or
    /// -shm file is left beside it (a file on read-only media is opened read-only). Returns its schema version
    /// (1 ..= schemaVersion). Errors name the file: missing, empty, not SQLite, not a gradebook, newer schema.
    static Expected<int> checkExisting(const QString &path);
    /// The check ids the recorded results of the existing gradebook at `path` hold (every run's, distinct, sorted),
    /// read as checkExisting() reads: what says which assignment a gradebook belongs to (it records no slug). Errors:
    /// checkExisting()'s, or the query's.
    static Expected<QStringList> recordedCheckIds(const QString &path);
    /// Writes a consistent copy of the gradebook at `path` (its write-ahead log included) to the new file `copy`,
    /// checked as checkExisting() does, through SQLite (VACUUM INTO): `path` is never opened outside SQLite (see
    /// "POSIX locks" in docs/gradebook.md). Errors: checkExisting()'s, or the copy's.
    static Expected<void> copyExisting(const QString &path, const QString &copy);
    /// Takes the writers' lock of the gradebook at `path`: `<path>.lock` (QLockFile; a dead owner's lock is stale),
    /// held by a batch (BatchGrader) from its start to its end and by mergeGradebooks() while it merges, so that
    /// nothing else writes a batch's gradebook in bulk meanwhile. Returns the held lock (released when destroyed).
    /// Errors name `path`: "another batch is grading into this gradebook (sandmark-cli, pid 4711); `advice`", or
    /// the lock file cannot be created.
    static Expected<std::unique_ptr<QLockFile>> lockForWriting(const QString &path, const QString &advice);
    /// Whether `error` says the gradebook is busy, not bad: lockForWriting()'s refusal because another live process
    /// holds the lock (a batch, a merge), or SQLite's lock held by another program past the busy timeout (any call's
    /// "another program holds a lock on this gradebook …"). The CLI exits 3 on it, the grader side's code (README,
    /// "Exit codes"), wherever it comes from (grade, merge, slurm merge, override, review, manual). Pure.
    static bool isBusy(const Error &error);
    /// Takes SQLite's write lock and gives it back at once (BEGIN IMMEDIATE; ROLLBACK), waiting the busy timeout: a
    /// gradebook another program holds locked is found before any work that would be recorded in it (grade runs
    /// no sandbox for nothing). Errors: isBusy()'s, or SQLite's. Blocking: not on the GUI thread.
    Expected<void> checkWritable();
    /// Why a command must not read `input`, a file the user named for it to read (a CSV of grades, a notebook, a
    /// test's code): it is the gradebook at `gradebookPath` or one of SQLite's files beside it (-wal, -shm,
    /// -journal) — the same file however it is named (symbolic links followed; a hard link is the same device and
    /// inode). Reading it would open and close a descriptor of the gradebook outside SQLite, which drops the POSIX
    /// locks of this process's connections to it ("POSIX locks" in docs/gradebook.md). `expected` says what the
    /// command reads ("a CSV of grades"). Error: "INPUT: is the gradebook (GRADEBOOK), not a CSV of grades: nothing was
    /// read".
    /// Reads metadata only (stat): neither file is opened. Empty when `input` is another file or does not exist.
    /// Any thread.
    static std::optional<Error> inputIsGradebook(const QString &input, const QString &gradebookPath, const QString &expected);
    /// Removes `path` and the SQLite files beside it (-wal, -shm, -journal). Returns false if one remains.
    static bool removeFiles(const QString &path);
    ~Gradebook();
    Gradebook(const Gradebook &) = delete;
    Gradebook &operator=(const Gradebook &) = delete;

    QString path() const { return m_path; }
    static constexpr int schemaVersion = 8;

    /// Settles which of `studentId`'s notebooks is graded for the instructor notebook `notebook` of a problem set:
    /// `file` relative to the student's folder ("myproblem1.ipynb"); empty removes the choice (the rule decides
    /// again). Kept until changed, whatever the files or `grade --force` do; applied by the next batch
    /// (applyProblemSet()), and only while that file is there. Errors: the database.
    Expected<void> settleMatch(const QString &studentId, const QString &notebook, const QString &file);
    /// The settled matches of `studentId`: instructor notebook → file (settleMatch()).
    Expected<QMap<QString, QString>> settledMatches(const QString &studentId);
    /// Stores one completed run (submission upserted, run and its check results inserted) in one
    /// transaction. Returns the run id. Every run is kept.
    Expected<qint64> recordRun(const RunRecord &run);
    /// Adds an override for `studentId` (check `checkId`, or the whole submission when empty), stamped now.
    /// Errors: unknown student, unknown check id (not in the student's latest run).
    Expected<void> addOverride(const QString &studentId, const Override &override_);
    /// Marks `studentIds` reviewed — a person looked at each one's latest run and its effective grade, which the
    /// mark records (Review) — or, with `reviewed` false, removes their marks; one transaction, all or none. The
    /// mark is kept across regrades and merges (the one here wins) and does not change the grade: review mode
    /// passes over a submission whose mark still holds (Review::holds()). Errors: a student without a run (named).
    Expected<void> setReviewed(const QStringList &studentIds, bool reviewed);
    /// One override of a batch: who, what, and where it came from (`source`, e.g. "grades.csv:4", names it
    /// in errors).
    struct OverrideRequest
    {
        QString studentId;
        Override override_;
        QString source;
    };
    /// Adds all `requests` in one transaction: either every one is stored or none (the first error,
    /// naming the request's `source`, rolls everything back). Same checks as addOverride().
    Expected<void> addOverrides(const QList<OverrideRequest> &requests);
    /// Removes every override of check `checkId` (empty: the whole-submission override) of `studentId`, in one
    /// transaction: the automatic points (or the sum of the checks) are the grade again. Returns how many rows
    /// were removed; 0 when there was none. Errors: unknown student. A later `merge` of a shard gradebook that
    /// still holds the override brings it back (docs/gradebook.md).
    Expected<int> removeOverrides(const QString &studentId, const QString &checkId);
    /// True when `studentId` has no completed run (status graded, needs-manual or needs-review) with this inputs hash as
    /// its latest such run: the files or the assignment inputs changed, or the last attempt was a grader error.
    /// With `backend` ("bwrap", "docker", "local-unsafe"), a run made by another backend is not "unchanged"
    /// either (a user who picks a backend wants its results); a run for which no sandbox ran (backend '')
    /// matches any. Empty `backend`: any backend.
    Expected<bool> needsRerun(const QString &studentId, const QString &inputsHash, const QString &backend = {});
    /// The latest completed run (graded, needs-manual or needs-review) of `studentId` that a regrade from stored
    /// values may reuse: none when there is no such run, when a grader error came after it (that attempt failed:
    /// rerun), or when it was made by another `backend` than the one given (empty: any; a run where no sandbox ran
    /// has no artifacts to reuse and is never returned). The same rules as needsRerun().
    Expected<std::optional<StoredRun>> reusableRun(const QString &studentId, const QString &backend = {});
    /// LatestRuns of every student of the gradebook, in one query (a batch asks once, not once per student);
    /// a student without any run is absent. Worker thread; errors name the gradebook.
    Expected<QHash<QString, LatestRuns>> latestRuns();
    /// Stores several completed runs as recordRun() does, all in one transaction (a regrade from stored values
    /// records a whole batch at once: one commit instead of one per submission). Either all are stored or none.
    /// Returns their run ids in the order given.
    Expected<QList<qint64>> recordRuns(const QList<RunRecord> &runs);
    /// Effective grades of every submission that has a run, sorted by student id.
    Expected<QList<EffectiveGrade>> effectiveGrades();
    /// The effective grade of `studentId` (reads only that student's rows); empty when it has no run.
    Expected<std::optional<EffectiveGrade>> effectiveGrade(const QString &studentId);
    /// Summaries of every submission that has a run, sorted by student id: one query over the latest runs
    /// with their check points summed by SQLite; check rows and overrides are read (as effectiveGrades()
    /// does) only for the submissions that have overrides. For 5,000 submissions x 12 checks: tens of ms,
    /// against hundreds for effectiveGrades().
    Expected<QList<GradeSummary>> gradeSummaries();
    /// A run that is no longer its submission's latest (a regrade superseded it) and its recorded artifacts folder.
    struct SupersededRun
    {
        qint64 runId = 0;
        QString artifacts;
    };
    /// Runs superseded by a later run of the same submission that still name an artifacts folder, leaving out
    /// any folder a latest run names too (nothing the effective grades read). For BatchGrader's pruning.
    Expected<QList<SupersededRun>> supersededArtifacts();
    /// Clears the recorded artifacts folder of `runIds` (their folders were deleted), in one transaction.
    Expected<void> forgetArtifacts(const QList<qint64> &runIds);
    /// Number of runs stored (all submissions), for tests and reports.
    Expected<qint64> runCount();
    /// Check ids in the order of the latest run that has the most checks (export column order).
    Expected<QStringList> checkIds();

    /// Copies into this gradebook every run (with its check results) and every override of the gradebook at
    /// `otherPath` that it does not hold yet, in one transaction: a run is the same when student, start,
    /// end, inputs hash and status match; an override when student, check, points, comment and time match,
    /// so merging the same file twice adds nothing. Runs are added in the order they finished; a student's
    /// latest run is the last one added. Review marks (setReviewed()) are copied for students this gradebook has
    /// none for. Settled notebook matches (settleMatch()) are copied where this gradebook
    /// has none for the student and notebook; one settled as another file here is kept and listed in
    /// MergeStats::matchConflicts, never replaced silently. Used to join shard gradebooks (`sandmark-cli merge`).
    /// Errors: `otherPath` missing or not a gradebook, or a newer schema.
    Expected<MergeStats> mergeFrom(const QString &otherPath);

    /// sha256 (hex) over the relative paths and contents of `files` (absolute paths), order-independent.
    static QString hashFiles(const QStringList &files, const QString &root);
    /// sha256 (hex) of a submission's files hash and the assignment's inputs key.
    static QString inputsHash(const QString &filesHash, const QString &assignmentKey);

private:
    explicit Gradebook(QString path, QString connection);
    /// Adds the Qt Sql connection `connection` to the gradebook file `abs` and opens it (read-only when
    /// `readOnly`); check isOpen(). The only code that opens a gradebook file: see the comment at its definition.
    static QSqlDatabase connectGradebookFile(const QString &abs, const QString &connection, bool readOnly);
    /// checkExisting(), and with a non-empty `vacuumInto` the copy of copyExisting(), on one SQLite connection.
    /// With `checkIds`, also the check ids its results hold (recordedCheckIds()).
    static Expected<int> inspect(const QString &path, const QString &vacuumInto, QStringList *checkIds = nullptr);
    Expected<void> migrate();
    Error sqlError(const QString &place, const QString &message) const;
    /// The statement `sql` of this gradebook's connection, prepared on first use and kept (SQLite parses it once
    /// per Gradebook, not once per student of a batch), its previous result released. Exec it and read it before
    /// asking for the same statement again; a failed prepare shows in its exec()'s lastError().
    QSqlQuery &prepared(const QString &sql);
    /// LatestRuns of `studentId`'s submission (a null id: every submission), keyed by student.
    Expected<QHash<QString, LatestRuns>> queryLatestRuns(const QString &studentId);
    /// The student's submission id and latest run id (0 when none), or "no submission for student" at `place`.
    Expected<std::pair<qint64, qint64>> submissionIds(QSqlQuery &q, const QString &studentId, const QString &place) const;
    /// Effective grades of the submissions `where` selects (an SQL condition on `s`, the submissions table,
    /// with `binds` for its placeholders), sorted by student id. Runs inside the caller's transaction.
    Expected<QList<EffectiveGrade>> effectiveGradesWhere(const QString &where, const QVariantList &binds);
    /// The review marks, by student, of the rows `joinWhere` (SQL appended to "FROM reviews v"; empty: all) selects.
    Expected<QHash<QString, Review>> readReviews(const QString &joinWhere, const QVariantList &binds);
    /// Inserts one override inside the caller's transaction; `place` names it in errors.
    Expected<void> insertOverride(const QString &studentId, const Override &override_, const QString &place);
    /// Inserts one run (submission upserted, run, check results) inside the caller's transaction.
    Expected<qint64> insertRun(const RunRecord &run);

    QString m_path;
    QString m_connection;
    std::unordered_map<QString, std::unique_ptr<QSqlQuery>> m_statements; ///< prepared(), by SQL text
};

} // namespace sandmark
