#include "batch/batchgrading.h"
#include "util/coretext.h"

#include "assignment/plan.h"
#include "assignment/release_writer.h"
#include "batch/batch_log.h"
#include "batch/batchgrader.h"
#include "batch/regrade.h"
#include "checks/registry.h"
#include "notebook/nbgrader.h"
#include "util/inputfile.h"
#include "util/profile.h"

#include <QDir>

#include <algorithm>

namespace sandmark {

GradeResult unrunnableResult(const QList<Check> &checks, const QString &reason)
{
    GradeResult r;
    r.status = GradeStatus::NeedsReview;
    r.reasons = {reason};
    for (const Check &c : checks) {
        CheckResult cr;
        cr.checkId = c.id;
        cr.type = c.type;
        cr.outcome = Outcome::NotGraded;
        cr.maxPoints = c.points;
        cr.feedback = reason;
        r.maxScore += c.points;
        r.checks << cr;
    }
    return r;
}

namespace {

/// What changed of what a submission's run depends on, when its stored run's execution hash is not the one it
/// would have now: the parts that hash is made of (Gradebook::inputsHash(files hash, referenceKey(assignment,
/// environment key))) compared one by one — the submission's files, the environment (the reference key of today's
/// assignment under the run's environment is the run's own), the assignment's side (it is today's). Empty when
/// none of them differs (a run whose hashes were made another way). `keyUnder` caches referenceKey() of
/// `assignment` per environment key (it reads the notebooks and data files).
QString executionChange(const Assignment &assignment, const StoredRun &run, const QString &filesHash,
                        const QString &referenceKeyNow, QHash<QString, QString> &keyUnder)
{
    QStringList what;
    if (!run.filesHash.isEmpty() && run.filesHash != filesHash)
        what << QStringLiteral("its files changed since its last run (the notebook or another file handed in)");
    if (!run.referenceKey.isEmpty() && run.referenceKey != referenceKeyNow) {
        auto it = keyUnder.constFind(run.environmentKey);
        if (it == keyUnder.constEnd())
            it = keyUnder.insert(run.environmentKey, referenceKey(assignment, run.environmentKey));
        const QString environment = QStringLiteral("(the dependencies, the Python or the image)");
        const QString inputs = QStringLiteral("in what its run depends on (the instructor notebook, a supplied file, a test's code, "
                                              "the limits, a setting or Sandmark's version)");
        if (*it == run.referenceKey)
            what << QStringLiteral("the environment changed since its last run %1").arg(environment);
        else if (*it == referenceKeyNow)
            what << QStringLiteral("the assignment changed since its last run %1").arg(inputs);
        else
            what << QStringLiteral("the environment %1 and the assignment changed since its last run %2").arg(environment, inputs);
    }
    return what.join(QLatin1String("; "));
}

} // namespace

BatchGrading::BatchGrading(Assignment assignment, const Limits &limits)
    : m_assignment(std::move(assignment)), m_probeBytes(limits.probeBytes)
{
    // Manually graded answers are compared with the release to give an untouched one 0 (nbgrader's rule, which
    // Otter's manual questions follow too), and an nbgrader notebook's protected cells to note what a student
    // changed (changeNotes()). The release is the one `release` writes: Otter's for an Otter import.
    // A problem set's notebooks each have theirs; the first notebook's is made once either way.
    const QStringList withRelease = m_assignment.isProblemSet() ? m_assignment.notebooks() : m_assignment.notebooks().mid(0, 1);
    for (const QString &rel : withRelease)
        if (Expected<Notebook> release = releaseNotebook(m_assignment, rel))
            m_releases.insert(rel, *release);
    if (!withRelease.isEmpty())
        m_release = m_releases.value(withRelease.first());
    if (m_assignment.isProblemSet())
        m_instructor = instructorNotebooks(m_assignment);
}

void BatchGrading::setReference(const QByteArray &payload, const QString &key, const ReferenceOutcome &outcome)
{
    m_referencePayload = payload;
    m_probedNames = probedNames(m_assignment.checks());
    m_referenceDecoded.reset();
    if (Expected<ProbePayload> decoded = decodeProbePayload(payload, QStringLiteral("reference payload"), &m_probedNames))
        m_referenceDecoded = std::make_shared<const ProbePayload>(std::move(*decoded)); // else grade() says why, per run
    m_referenceKey = key;
    m_inputsKey = assignmentInputsKey(m_assignment, key);
    m_referenceOutcome = outcome;
}

Expected<QList<PlannedSubmission>> BatchGrading::plan(QList<Submission> submissions, Gradebook &gradebook,
                                                      const QString &backend, bool force,
                                                      const QHash<QString, LatestRuns> *given) const
{
    // Every student's latest runs in one query: whether each must run, and the stored run a regrade may reuse.
    QHash<QString, LatestRuns> read;
    if (!force && !given) {
        Expected<QHash<QString, LatestRuns>> runs = gradebook.latestRuns();
        if (!runs)
            return runs.error();
        read = std::move(*runs);
    }
    const QHash<QString, LatestRuns> &latest = given && !force ? *given : read;
    QHash<QString, QString> keyUnder; // referenceKey() of the assignment under a stored run's environment
    QList<PlannedSubmission> out;
    out.reserve(submissions.size());
    for (Submission &s : submissions) {
        if (m_assignment.isProblemSet() || s.problem.startsWith(QLatin1String("ambiguous:"))) {
            // Which file is graded for which notebook: the instructor's settled choices first (kept in the gradebook).
            Expected<QMap<QString, QString>> settled = gradebook.settledMatches(s.studentId);
            if (!settled)
                return settled.error();
            if (m_assignment.isProblemSet())
                applyProblemSet(s, m_instructor, *settled);
            else
                applySettledNotebook(s, m_assignment.notebooks().value(0), *settled);
        }
        PlannedSubmission p;
        p.submission = std::move(s);
        p.filesHash = submissionFilesHash(p.submission);
        p.inputsHash = Gradebook::inputsHash(p.filesHash, m_inputsKey);
        p.executionHash = Gradebook::inputsHash(p.filesHash, m_referenceKey);
        if (force) {
            out << std::move(p);
            continue;
        }
        const LatestRuns runs = latest.value(p.submission.studentId);
        bool rerun = runs.needsRerun(p.inputsHash, backend);
        // An ambiguous folder an instructor settled by naming one of its notebooks stays settled.
        if (rerun && p.submission.notebookPath.isEmpty() && !m_assignment.isProblemSet()) {
            for (const QString &notebook : p.submission.files) {
                if (!isNotebookName(notebook))
                    continue;
                Submission chosen = p.submission;
                chosen.notebookPath = notebook;
                rerun = runs.needsRerun(Gradebook::inputsHash(submissionFilesHash(chosen), m_inputsKey), backend);
                if (!rerun)
                    break;
            }
        }
        if (!rerun) {
            p.action = PlannedSubmission::Action::Skip;
        } else if (!runs.completed) {
            p.reason = runs.lastFailed ? QStringLiteral("its last run was a grader error") : QStringLiteral("not graded yet");
        } else if (const std::optional<StoredRun> stored = runs.reusable(backend); !stored) {
            p.reason = runs.lastFailed                     ? QStringLiteral("its last run was a grader error")
                       : runs.completed->backend.isEmpty() ? QStringLiteral("it could not be run last time")
                                                           : QStringLiteral("its last run was not in the %1 sandbox").arg(backend);
        } else if (!p.submission.problem.isEmpty()) {
            p.reason = p.submission.problem;
        } else if (Expected<GradeResult> regraded = regradeFromStored(p.submission, *stored, p.executionHash); !regraded) {
            p.reason = regraded.error().toString();
            // The rule's answer (decideRegrade()) says what kind of change; say which part changed.
            if (stored->executionHash != p.executionHash) {
                if (const QString what = executionChange(m_assignment, *stored, p.filesHash, m_referenceKey, keyUnder); !what.isEmpty())
                    p.reason = what;
            } else if (stored->inputsHash != p.inputsHash) { // only assignment.json outside what the run depends on
                p.reason = QStringLiteral("assignment.json changed since its last run (the checks' grading), and its stored "
                                          "run cannot serve today's checks: ") + p.reason;
            }
            if (stored->executionHash == p.executionHash) // else its files or the run's inputs changed: the usual case
                qCInfo(lcBatch) << p.submission.studentId << "runs again:" << p.reason;
        } else {
            p.action = PlannedSubmission::Action::Regrade;
            p.stored = stored;
            p.regraded = std::move(*regraded);
        }
        out << std::move(p);
    }
    return out;
}

std::optional<GradeResult> BatchGrading::resultWithoutRun(const Submission &submission) const
{
    if (!submission.problem.isEmpty())
        return unrunnableResult(m_assignment.checks(), submission.problem);
    if (m_assignment.isProblemSet()) {
        const bool anyMatched = std::any_of(submission.set.notebooks.cbegin(), submission.set.notebooks.cend(),
                                            [](const NotebookMatch &m) { return m.matched(); });
        if (!anyMatched) // nothing to run: every notebook is not handed in or not matched
            return gradeProblemSet(submission, nullptr);
        return std::nullopt;
    }
    // A notebook this machine cannot open (its permissions, an I/O error) is the grader's problem, never the
    // student's: a grader error with the reason, graded again once it can be read.
    if (std::optional<Error> unreadable = cannotOpenForReading(submission.notebookPath)) {
        GradeInput in;
        in.checks = m_assignment.checks();
        in.graderError = std::move(unreadable);
        return grade(in);
    }
    // A notebook that does not parse is the student's file, not a grader failure: needs-review with the parse error,
    // found before any sandbox starts.
    const double parseStart = profile::now();
    const Expected<Notebook> nb = Notebook::load(submission.notebookPath);
    profile::span(submission.notebookPath, QStringLiteral("batch-parse"), parseStart);
    if (nb)
        return std::nullopt;
    const Error &e = nb.error();
    return unrunnableResult(m_assignment.checks(), coretext::text(coretext::notebookUnreadable)
                                                       .arg((e.location.isEmpty() ? QString() : e.location + QLatin1String(": ")) + e.message));
}

GradeResult BatchGrading::gradeNotebook(const Submission &submission, const QByteArray &payload, const ExecutionRecord &record,
                                        const QStringList &notes, std::shared_ptr<const ProbePayload> decoded,
                                        const Notebook *loaded) const
{
    std::optional<Expected<Notebook>> read; // the notebook, when the caller has not loaded it
    if (!loaded) {
        read = Notebook::load(submission.notebookPath);
        loaded = *read ? &**read : nullptr;
    }
    GradeInput in = gradeInputFor(m_assignment.checks(), m_referencePayload, payload, record, notes, loaded, m_release);
    in.referenceDecoded = m_referenceDecoded;
    in.studentDecoded = std::move(decoded);
    return grade(in);
}

GradeInput BatchGrading::gradeInputFor(const QList<Check> &checks, const QByteArray &referencePayload, const QByteArray &payload,
                                       const ExecutionRecord &record, const QStringList &notes, const Notebook *submitted,
                                       const Notebook &release) const
{
    GradeInput in;
    in.checks = checks;
    in.referencePayload = referencePayload;
    in.studentPayload = payload;
    in.record = record;
    in.probeBytes = m_probeBytes;
    in.notes = notes; // notebook repairs and instrument notes ("answer cell 'q1' appears on several cells; …")
    in.brokenChecks = m_referenceOutcome.brokenChecks;
    in.referenceTestResults = m_referenceOutcome.testResults;
    if (submitted) {
        in.manualAnswers = manualAnswers(checks, *submitted, release);
        in.notes += changeNotes(release, *submitted); // "test cell 'q1-tests' was edited (cells[4]); …"
        in.expectedErrors = expectedErrors(m_referenceOutcome, *submitted);
    }
    return in;
}

Expected<GradeResult> BatchGrading::regradeFromStored(const Submission &submission, const StoredRun &run,
                                                      const QString &executionHash) const
{
    if (run.executionHash != executionHash)
        return Error{{}, {}, decideRegrade({}, executionHash, StoredExecution{run.executionHash, {}, {}, {}}).reason};
    if (m_assignment.isProblemSet())
        return regradeProblemSetFromStored(submission, run, executionHash);
    Expected<StoredExecution> execution = readStoredExecution(run.artifacts, run.executionHash, run.storedDigest, m_probedNames);
    if (!execution)
        return execution.error();
    if (const RegradeDecision decision = decideRegrade(m_assignment.checks(), executionHash, *execution); decision.rerun)
        return Error{{}, {}, decision.reason};
    // The run's notes (notebook repairs, instrument notes) as the run made them: what instrumenting the same
    // notebook for today's checks says (the nonce and runtime folder change no note).
    const Expected<Notebook> nb = Notebook::load(submission.notebookPath);
    if (!nb)
        return nb.error();
    const Expected<InstrumentResult> inst =
        instrument(*nb, instrumentOptionsFor(m_assignment, QStringLiteral("/sandmark/runtime"), QString(32, QLatin1Char('0'))));
    if (!inst)
        return inst.error();
    return gradeNotebook(submission, execution->payload, execution->record, nb->repairs() + inst->notes, execution->decoded, &*nb);
}

Expected<GradeResult> BatchGrading::regradeProblemSetFromStored(const Submission &submission, const StoredRun &run,
                                                                const QString &executionHash) const
{
    QList<NotebookMatch> matched;
    for (const NotebookMatch &m : submission.set.notebooks)
        if (m.matched())
            matched << m;
    // The run's notebooks are the matched ones in the assignment's order (the files hash holds the matches).
    const QStringList digests = run.storedDigest.split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (matched.isEmpty() || digests.size() != matched.size())
        return Error{{}, {}, QStringLiteral("its stored run does not hold every matched notebook's files")};
    SubmissionRunResult stored;
    for (qsizetype i = 0; i < matched.size(); ++i) {
        const NotebookMatch &m = matched.at(i);
        NotebookRunResult part;
        part.notebook = m.notebook;
        part.artifacts = notebookArtifactsFolder(run.artifacts, m.notebook, true);
        part.storedDigest = digests.at(i);
        Expected<StoredExecution> execution = readStoredExecution(part.artifacts, run.executionHash, part.storedDigest, m_probedNames);
        if (!execution)
            return execution.error();
        if (const RegradeDecision d = decideRegrade(m_assignment.checksOf(m.notebook), executionHash, *execution); d.rerun)
            return Error{{}, {}, QStringLiteral("%1: %2").arg(m.notebook, d.reason)};
        // The notes its run made: what instrumenting the same notebook for today's checks says.
        const Expected<Notebook> nb = Notebook::load(QDir(submission.root).filePath(m.file));
        if (!nb)
            return nb.error();
        const Expected<InstrumentResult> inst =
            instrument(*nb, instrumentOptionsFor(m_assignment, QStringLiteral("/sandmark/runtime"), QString(32, QLatin1Char('0')),
                                                 m.notebook));
        if (!inst)
            return inst.error();
        part.notes = nb->repairs() + inst->notes;
        part.run.payloadJson = std::move(execution->payload);
        part.run.record = std::move(execution->record);
        stored.notebooks << part;
    }
    return gradeProblemSet(submission, &stored);
}

GradeResult BatchGrading::gradeProblemSet(const Submission &submission, const SubmissionRunResult *run) const
{
    QList<NotebookGrade> parts;
    for (const NotebookMatch &m : submission.set.notebooks) {
        NotebookGrade part;
        part.notebook = m.notebook;
        part.checks = m_assignment.checksOf(m.notebook);
        if (m.how == NotebookMatch::How::NotHandedIn) {
            part.kind = NotebookGrade::Kind::NotHandedIn;
        } else if (!m.matched()) {
            part.kind = NotebookGrade::Kind::NotGraded;
            part.problem = m.problem;
        } else {
            const NotebookRunResult *ran = nullptr;
            if (run)
                for (const NotebookRunResult &n : run->notebooks)
                    if (n.notebook == m.notebook)
                        ran = &n;
            if (!ran || !ran->notRun.isEmpty()) {
                part.kind = NotebookGrade::Kind::NotGraded;
                part.problem = ran ? QStringLiteral("%1 %2").arg(m.file, ran->notRun) : QStringLiteral("%1 did not run").arg(m.file);
            } else {
                const Expected<Notebook> submitted = Notebook::load(QDir(submission.root).filePath(m.file));
                part.result = grade(gradeInputFor(part.checks, notebookPayload(m_referencePayload, m.notebook),
                                                  ran->run.payloadJson, ran->run.record, ran->notes,
                                                  submitted ? &*submitted : nullptr, m_releases.value(m.notebook)));
            }
        }
        parts << part;
    }
    return combineNotebookGrades(parts, m_assignment.checks(), submission.set.notes, submission.set.review);
}

} // namespace sandmark
