#pragma once
// What grading one batch of an assignment needs once: the releases, the reference values, the keys — and the
// decisions made with them: which submissions are unchanged, which regrade from their stored run, which run.
// BatchGrader records what these decide; previewRegrade() (batch/regradepreview.h) only shows it.

#include "assignment/assignment.h"
#include "batch/notebookmatch.h"
#include "batch/referencerun.h"
#include "batch/submissions.h"
#include "gradebook/gradebook.h"
#include "grading/result.h"
#include "notebook/notebook.h"
#include "sandbox/submissionrun.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

#include <memory>
#include <optional>

namespace sandmark {

struct ProbePayload;

/// What a batch does with one submission, and the keys its record gets (docs/grading.md, "Unchanged" and
/// "Regrades from stored values").
struct PlannedSubmission
{
    enum class Action
    {
        Skip,    ///< files, assignment and backend unchanged since its last completed run: its grade stands
        Regrade, ///< graded again from `stored` (its last run's payload and record), no sandbox: `regraded`
        Run,     ///< runs in a sandbox (or is recorded as unrunnable); `reason` says why it runs again
    };
    Submission submission; ///< with its problem-set matches and settled notebook applied
    QString filesHash, inputsHash, executionHash;
    Action action = Action::Run;
    std::optional<StoredRun> stored; ///< the run a regrade grades again (Action::Regrade)
    GradeResult regraded;            ///< Action::Regrade: the new result
    /// Action::Run: why, one sentence ("never graded", "its files changed", "`area` was not captured at probe
    /// 'q3'"); empty with `force`.
    QString reason;
};

/// The grading context of one batch. Built on the batch's thread before the reference is known (it parses each
/// instructor notebook's release); setReference() completes it. After that the const functions are pure and may
/// be called from any thread. Copyable value; holds no gradebook.
class BatchGrading
{
public:
    /// `limits`: the runs' limits (the probe cap named in "too large" feedback).
    BatchGrading(Assignment assignment, const Limits &limits);

    /// The reference run's payload (docs/probe-payload.md), execution key (referenceKey()) and outcome: decoded
    /// once for every grade; sets the keys plan() gives each submission.
    void setReference(const QByteArray &payload, const QString &key, const ReferenceOutcome &outcome);

    const Assignment &assignment() const { return m_assignment; }
    const QString &referenceKey() const { return m_referenceKey; }
    const QString &inputsKey() const { return m_inputsKey; } ///< assignmentInputsKey() of the reference key
    const ReferenceOutcome &referenceOutcome() const { return m_referenceOutcome; }

    /// Decides for each of `submissions` (in order) what the batch does with it: applies the instructor's settled
    /// problem-set matches and notebook choices (read from `gradebook`), hashes its files, and — unless `force` —
    /// compares with each student's latest runs (Gradebook::latestRuns(), one query) run in `backend`
    /// (sandboxKindName()): unchanged → Skip; only the checks' grading changed and the stored run holds what they
    /// read → Regrade, graded here; otherwise Run. Needs setReference(). Synchronous: reads every submission's
    /// files and, for regrades, their stored run folders; the gradebook's thread. Errors: the gradebook's.
    /// `latest`: the latest runs the caller already read from `gradebook` (not read again); null: read here.
    Expected<QList<PlannedSubmission>> plan(QList<Submission> submissions, Gradebook &gradebook, const QString &backend,
                                            bool force, const QHash<QString, LatestRuns> *latest = nullptr) const;

    /// The result of a submission that cannot run at all, found without a sandbox: a problem found on disk
    /// (unrunnableResult()), a notebook that does not parse (needs-review), a notebook this machine cannot open
    /// (cannotOpenForReading(): a grader error, never the student's), a problem set none of whose notebooks is
    /// matched. None: it runs. Reads the notebook.
    std::optional<GradeResult> resultWithoutRun(const Submission &submission) const;
    /// A single notebook's result from its run's payload and record and the run's `notes` (instrument notes,
    /// notebook repairs), with the submitted notebook's manual answers and change notes. `decoded`: the student
    /// payload already decoded; `loaded`: the submitted notebook already loaded (else read from disk).
    GradeResult gradeNotebook(const Submission &submission, const QByteArray &payload, const ExecutionRecord &record,
                              const QStringList &notes, std::shared_ptr<const ProbePayload> decoded = {},
                              const Notebook *loaded = nullptr) const;
    /// A problem set's result: each matched notebook graded from its part of `run` (none when nothing ran), the
    /// others not handed in or not graded (combineNotebookGrades()).
    GradeResult gradeProblemSet(const Submission &submission, const SubmissionRunResult *run) const;

private:
    /// The grading input of one notebook: `checks` with the reference's `referencePayload`, the student's `payload`
    /// and `record`, the run's `notes`, and what comparing the `submitted` notebook (when it loads) with its `release`
    /// gives (manual answers, change notes, expected errors); the batch's limits and reference outcome. Pure.
    GradeInput gradeInputFor(const QList<Check> &checks, const QByteArray &referencePayload, const QByteArray &payload,
                             const ExecutionRecord &record, const QStringList &notes, const Notebook *submitted,
                             const Notebook &release) const;
    /// The submission graded again from `run`'s stored files (decideRegrade()), or why it must run (the error's
    /// message). A problem set: every matched notebook's folder read and decided on with its own checks.
    Expected<GradeResult> regradeFromStored(const Submission &submission, const StoredRun &run,
                                            const QString &executionHash) const;
    Expected<GradeResult> regradeProblemSetFromStored(const Submission &submission, const StoredRun &run,
                                                      const QString &executionHash) const;

    Assignment m_assignment;
    qint64 m_probeBytes = 0;
    Notebook m_release;                     ///< the first instructor notebook's release
    QHash<QString, Notebook> m_releases;    ///< each instructor notebook's release, by notebook
    QList<InstructorNotebook> m_instructor; ///< a problem set: the instructor notebooks with their cell ids
    QByteArray m_referencePayload;
    std::shared_ptr<const ProbePayload> m_referenceDecoded; ///< the checks' names only; none: it does not decode
    QSet<QString> m_probedNames;                            ///< probedNames() of the checks
    ReferenceOutcome m_referenceOutcome;
    QString m_referenceKey, m_inputsKey;
};

/// A result for a submission that could not be run at all (a problem found on disk, a notebook that does not
/// parse): needs-review, every check of `checks` not graded with `reason`. Pure.
GradeResult unrunnableResult(const QList<Check> &checks, const QString &reason);

} // namespace sandmark
