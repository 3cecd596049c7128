#pragma once
// Grading one submission: checks + reference payload + student payload + execution record → result.
// Status rules: docs/grading.md ("Statuses").

#include "assignment/assignment.h"
#include "grading/compare.h"
#include "grading/value.h"
#include "notebook/notebook.h"
#include "sandbox/executionrecord.h"
#include "util/expected.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QStringList>

#include <memory>
#include <optional>

namespace sandmark {

/// `graded`; `needs-manual` (every automatic check is graded, but manual checks — answers, task cells — await a
/// person; see withManualChecks()); `needs-review` (a cell errored or timed out, the kernel died, or a check could
/// not be graded — the score from what ran is still computed); `grader-error` (the grader failed: sandbox,
/// environment, runner, a dataset missing from the cache — never a zero for the student).
enum class GradeStatus { Graded, NeedsManual, NeedsReview, GraderError };
QString gradeStatusName(GradeStatus status); ///< "graded", "needs-manual", "needs-review", "grader-error"
std::optional<GradeStatus> parseGradeStatus(const QString &name);

/// Points as Sandmark's text shows them (CLI, feedback pages, reasons): up to 6 significant digits, C locale, no
/// trailing zeros ("2", "2.5", "0.333333"). The app shows the same with QLocale. Exports keep more digits (data).
QString formatPoints(double points);
/// formatPoints() with its unit: "1 point", "2.5 points", "0 points".
QString pointsPhrase(double points);

/// One check's result.
struct CheckResult
{
    QString checkId;
    Check::Type type = Check::Type(); ///< the kind (checks/registry.h); Check's default until set
    Outcome outcome = Outcome::NotGraded;
    double points = 0;    ///< earned
    double maxPoints = 0; ///< the check's points
    QString feedback;     ///< what differed / why not graded / the test's failure message; may be empty on pass
    QString expected;     ///< summary of the reference value (value checks)
    QString actual;       ///< summary of the student's value (value checks)
};

/// Whether `check` waits for a person: a manual check (an answer or an nbgrader task cell) without an automatic
/// outcome. An answer left as released, scored 0 by nbgrader's rule, does not wait. Overrides are not seen here
/// (EffectiveCheck::awaitsPerson()).
bool awaitsPerson(const CheckResult &check);

/// The one rule for `needs-manual` (docs/grading.md, "Statuses"): a result whose automatic checks are graded
/// (`graded` or `needs-manual`) is `needs-manual` while `awaiting` manual checks have no grade, and `graded` once
/// none does. `needs-review` and `grader-error` say something went wrong and are returned as they are.
GradeStatus withManualChecks(GradeStatus status, qsizetype awaiting);

/// The result of one submission's run.
struct GradeResult
{
    GradeStatus status = GradeStatus::Graded;
    double score = 0;    ///< sum of earned points (0 and meaningless when status is GraderError)
    double maxScore = 0; ///< sum of the checks' points
    QList<CheckResult> checks; ///< in the assignment's check order
    /// Why the status is not `graded`, one line each ("cells[2]: cell timed out").
    QStringList reasons;
    /// What was noticed that does not change the status or the score, one line each, in this order: the
    /// GradeInput's notes (notebook repairs, changes to nbgrader's protected cells, instrument notes), then the
    /// record's `warnings` ("kernelspec 'conda-env-ds2024-py' ignored: …"). Shown with the result everywhere
    /// (`grade --json`, the gradebook, feedback pages, the app).
    QStringList notes;
    /// `score`, or none when nothing could be graded (scoreIfGraded()).
    std::optional<double> gradedScore() const;
};

/// The one rule for a score that is shown and exported: `sum` when at least one of the `checks` has a grade
/// (`graded` of them: an automatic pass or fail, or a grade by hand); none when nothing could be graded — a grader
/// error, a notebook that cannot be read or is not Python, a kernel that died before any check — so such a
/// submission is exported blank, never 0. An assignment without checks scores 0 of 0 unless the run is a grader
/// error.
std::optional<double> scoreIfGraded(double sum, qsizetype graded, qsizetype checks, GradeStatus status);

/// A manually graded answer as the submission holds it (see manualAnswers()).
struct ManualAnswer
{
    bool found = false;     ///< the submission has the answer cell
    /// The release's cell is an nbgrader task cell (`task: true`): locked, so it always equals the release, and
    /// it always waits for a person (never "not answered").
    bool task = false;
    bool untouched = false; ///< an answer cell still holds the release's stub: nbgrader gives 0 without a person
    QString text;           ///< the cell's source, at most 64 KiB (UTF-16 code units), for the grader to read
};

/// Everything grade() reads. The payloads are the runner's JSON text (docs/probe-payload.md), the record is
/// the execution record (docs/runner-protocol.md), as RunResult carries them.
struct GradeInput
{
    QList<Check> checks;
    QByteArray referencePayload;      ///< the reference run's payload
    QByteArray studentPayload;        ///< the submission's payload ("null" when no probe ran)
    /// The payloads decoded already, when the caller has them (a batch decodes the reference payload once, a
    /// regrade the stored payload once): used instead of decoding referencePayload / studentPayload. Read-only.
    std::shared_ptr<const ProbePayload> referenceDecoded, studentDecoded;
    ExecutionRecord record;           ///< the submission's execution record
    std::optional<Error> graderError; ///< the run failed on the grader side (SandboxRun::failed, env build, …)
    /// Anchors the submission lacks, whose probes ran at the end (probe cells flagged `fallback`); see
    /// fallbackAnchors(). The record's probe cells may carry `"fallback": true` as well; both are read.
    QStringList fallbackAnchors;
    qint64 probeBytes = 0;            ///< the probe cap, bytes, for "too large" feedback
    /// Manual checks' answers by check id (manualAnswers()); a check without an entry just awaits a person.
    QHash<QString, ManualAnswer> manualAnswers;
    /// Notes from outside the record, kept in the result's notes as given (SubmissionRunResult::notes, change
    /// notes from changeNotes()).
    QStringList notes;
    /// Checks the reference run found broken (ReferenceOutcome::brokenChecks): check id → why. Not graded, with
    /// the reference's error as the reason (a grader error of that check, never charged to the student).
    QMap<QString, QString> brokenChecks;
    /// What each test check's cell gave as its result in the reference run (ReferenceOutcome::testResults): check
    /// id → result text. An otter check's cases of an un-run master compare the student's outputs with these.
    QMap<QString, QString> referenceTestResults;
    /// Cells of the submission whose error is expected, by index → exception name (expectedErrors(): the same
    /// teaching cell raised it in the reference run). Such an error is a note, not a problem of the run; so is
    /// any error of such a cell when it is tagged raises-exception (a tag on a cell the reference did not see
    /// raise counts for nothing).
    QHash<int, QString> expectedErrors;
};

/// Grades one submission. Pure function; thread-safe. Never fails: problems become statuses and reasons.
GradeResult grade(const GradeInput &input);

/// One notebook's part of a problem set's result (docs/grading.md, "Problem sets").
struct NotebookGrade
{
    QString notebook;   ///< the instructor notebook
    QList<Check> checks; ///< its checks (Assignment::checksOf())
    /// How its part was decided: graded from a run (`result` holds grade() of it), not handed in (every check
    /// fails with 0 and "not handed in": the student's outcome), or not graded (`problem`: no notebook could be
    /// matched, it did not run; every check not graded with the reason, the submission needs review).
    enum class Kind { Ran, NotHandedIn, NotGraded } kind = Kind::Ran;
    GradeResult result; ///< Kind::Ran
    QString problem;    ///< Kind::NotGraded: the reason, naming the notebook
};

/// A problem set's result from its notebooks' parts: the checks in `order` (the assignment's check order), score
/// and maximum summed, the worst status (grader-error, needs-review, needs-manual, graded; needs-manual recomputed
/// with withManualChecks()), each part's reasons and notes prefixed with its notebook ("part2.ipynb: cells[3]: …"),
/// after `notes` (the matching decisions) and with `review` as further reasons. Pure function.
GradeResult combineNotebookGrades(const QList<NotebookGrade> &parts, const QList<Check> &order, const QStringList &notes,
                                  const QStringList &review);

/// The answer cell (`Check::anchor`) of each manual check in `submission`, compared with the same cell of
/// `release` (whitespace at line ends ignored), as nbgrader compares an answer's checksum with the release's
/// to give an unanswered question 0. A cell that is an nbgrader task cell in `release` is never "untouched"
/// (nbgrader's determine_grade() applies the checksum rule to solution cells only). Pure function; thread-safe.
QHash<QString, ManualAnswer> manualAnswers(const QList<Check> &checks, const Notebook &submission,
                                           const Notebook &release);

/// Labels of probe cells flagged `fallback` in an instrumented notebook (instrument() sets the flag when
/// the answer cell is missing from the submission).
QStringList fallbackAnchors(const Notebook &instrumented);

/// Whether a cell error means a dataset is missing from the cache rather than a student mistake:
/// huggingface_hub's LocalEntryNotFoundError, or an offline-mode error (HF_HUB_OFFLINE=1).
bool isMissingDatasetError(const QString &ename, const QString &evalue);

} // namespace sandmark
