#include "batch/batchgrader.h"

#include "batch/batch_log.h"
#include "batch/referencerun.h"
#include "batch/regrade.h"
#include "assignment/plan.h"
#include "assignment/release_writer.h"
#include "checks/registry.h"
#include "gradebook/gradebook.h"
#include "notebook/nbgrader.h"
#include "notebook/notebook.h"
#include "util/paths.h"
#include "util/profile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QThread>

#include <algorithm>
#include <cmath>

#include <unistd.h>

namespace sandmark {

Q_LOGGING_CATEGORY(lcBatch, "sandmark.batch", QtInfoMsg)

namespace {

qint64 physicalMemoryBytes()
{
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long pageSize = ::sysconf(_SC_PAGESIZE);
    if (pages <= 0 || pageSize <= 0)
        return 0;
    return qint64(pages) * qint64(pageSize);
}

/// A result for a submission that could not be run at all (a problem found on disk, a notebook that does
/// not parse): needs-review, every check not graded with the reason.
GradeResult unrunnable(const QList<Check> &checks, const QString &reason)
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

} // namespace

QString submissionFilesHash(const Submission &s)
{
    const QString files = Gradebook::hashFiles(s.files, s.root);
    if (!s.set.notebooks.isEmpty()) {
        QStringList decisions;
        for (const NotebookMatch &m : s.set.notebooks)
            decisions << QStringLiteral("%1=%2").arg(m.notebook, m.matched() ? m.file : QStringLiteral("-"));
        return Gradebook::inputsHash(files, QStringLiteral("problem set: ") + decisions.join(QLatin1Char('\n')));
    }
    const auto notebooks = std::count_if(s.files.cbegin(), s.files.cend(), isNotebookName);
    if (notebooks < 2)
        return files;
    const QString chosen = s.notebookPath.isEmpty() ? QStringLiteral("-") : QDir(s.root).relativeFilePath(s.notebookPath);
    return Gradebook::inputsHash(files, QStringLiteral("graded notebook: ") + chosen);
}

int defaultJobs(const Limits &limits)
{
    int jobs = std::max(1, QThread::idealThreadCount());
    const qint64 mem = physicalMemoryBytes();
    if (mem > 0 && limits.memoryBytes > 0)
        jobs = std::min<qint64>(jobs, std::max<qint64>(1, mem / limits.memoryBytes));
    return jobs;
}

BatchGrader::BatchGrader(Assignment assignment, QList<Submission> submissions, BatchOptions options, QObject *parent)
    : QObject(parent), m_assignment(std::move(assignment)), m_submissions(std::move(submissions)),
      m_options(std::move(options))
{
    const Limits limits = m_options.run.limits.value_or(m_assignment.limits());
    m_jobs = m_options.jobs > 0 ? m_options.jobs : defaultJobs(limits);
    m_summary.total = int(m_submissions.size());
}

BatchGrader::~BatchGrader()
{
    m_ended = true; // no signals from here on
    // Destroy the runs (which kills their sandboxes) while our members still exist.
    const QList<SubmissionRun *> running = m_active.keys();
    for (SubmissionRun *r : running) {
        r->disconnect(this);
        delete r;
    }
    m_active.clear();
    if (m_reference) {
        m_reference->disconnect(this);
        delete m_reference;
        m_reference = nullptr;
    }
}

void BatchGrader::start()
{
    if (m_started)
        return;
    m_started = true;
    m_clock.start();
    m_startedAt = profile::now();
    const QString path = m_options.gradebookPath.isEmpty() ? Gradebook::defaultPath(m_assignment.folder())
                                                           : m_options.gradebookPath;
    // One batch per gradebook at a time (the app's and the CLI's alike): a second would grade everything again
    // beside the first. QLockFile removes the lock of a process that died (a SIGKILLed grade).
    QDir().mkpath(QFileInfo(path).absolutePath());
    m_lock = std::make_unique<QLockFile>(path + QLatin1String(".lock"));
    m_lock->setStaleLockTime(0);
    if (!m_lock->tryLock(0)) {
        qint64 pid = 0;
        QString host, app;
        m_lock->getLockInfo(&pid, &host, &app);
        const Error busy{path, {}, m_lock->error() == QLockFile::LockFailedError
                                       ? QStringLiteral("another batch is grading into this gradebook (%1, pid %2); wait for it to "
                                                        "finish, or grade into another one with --gradebook")
                                             .arg(app.isEmpty() ? QStringLiteral("sandmark") : app)
                                             .arg(pid)
                                       : QStringLiteral("cannot create the lock file %1.lock").arg(path)};
        m_lock.reset();
        QMetaObject::invokeMethod(this, [this, busy]() { finishWith(busy); }, Qt::QueuedConnection);
        return;
    }
    auto gb = Gradebook::open(path);
    if (!gb) {
        QMetaObject::invokeMethod(this, [this, e = gb.error()]() { finishWith(e); }, Qt::QueuedConnection);
        return;
    }
    m_gradebook = std::move(gb.value());
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
    ReferenceRunOptions ro;
    ro.run = m_options.run;
    ro.cacheDir = m_options.referenceCacheDir;
    m_reference = new ReferenceRun(m_assignment, ro, this);
    connect(m_reference, &ReferenceRun::progress, this, &BatchGrader::message);
    connect(m_reference, &ReferenceRun::finished, this, &BatchGrader::onReference);
    connect(m_reference, &ReferenceRun::failed, this, &BatchGrader::onReferenceFailed);
    m_reference->start();
}

void BatchGrader::cancel()
{
    if (m_ended || m_cancelled)
        return;
    m_cancelled = true;
    m_summary.cancelled = true;
    m_summary.notRun += int(m_queue.size());
    m_queue.clear();
    if (m_reference && m_referencePayload.isEmpty()) {
        m_reference->cancel(); // onReferenceFailed() ends the batch
        return;
    }
    const QList<SubmissionRun *> running = m_active.keys();
    for (SubmissionRun *r : running)
        r->cancel(); // onRunFailed() follows, not recorded
    if (!m_started)
        QMetaObject::invokeMethod(this, [this]() { finishWith(std::nullopt); }, Qt::QueuedConnection);
    else
        QMetaObject::invokeMethod(this, &BatchGrader::maybeFinish, Qt::QueuedConnection);
}

void BatchGrader::onReference(const QByteArray &payload, const QString &key)
{
    m_referencePayload = payload;
    m_probedNames = probedNames(m_assignment.checks());
    if (Expected<ProbePayload> decoded = decodeProbePayload(payload, QStringLiteral("reference payload"), &m_probedNames))
        m_referenceDecoded = std::make_shared<const ProbePayload>(std::move(*decoded)); // else grade() says why, per run
    m_referenceKey = key;
    m_referenceOutcome = m_reference->outcome();
    m_summary.brokenChecks = m_referenceOutcome.brokenChecks;
    m_summary.referenceNotes = m_referenceOutcome.notes();
    m_environmentKey = m_reference->environmentKey();
    m_options.run.environment = m_reference->environment(); // resolved once: every submission runs in it
    m_summary.referenceFromCache = m_reference->cacheHit();
    m_inputsKey = assignmentInputsKey(m_assignment, key);
    if (m_cancelled) {
        finishWith(std::nullopt);
        return;
    }
    Q_EMIT referenceEnded(referenceHealth(*m_reference, std::nullopt));
    // Every student's latest runs in one query: whether each must run, and the stored run a regrade may reuse.
    if (!m_options.force) {
        Expected<QHash<QString, LatestRuns>> latest = m_gradebook->latestRuns();
        if (!latest) {
            finishWith(latest.error());
            return;
        }
        m_latest = std::move(*latest);
    }
    const QString backend = sandboxKindName(m_options.run.kind);
    for (Submission &s : m_submissions) {
        if (m_assignment.isProblemSet() || s.problem.startsWith(QLatin1String("ambiguous:"))) {
            // Which file is graded for which notebook: the instructor's settled choices first (kept in the gradebook).
            Expected<QMap<QString, QString>> settled = m_gradebook->settledMatches(s.studentId);
            if (!settled) {
                finishWith(settled.error());
                return;
            }
            if (m_assignment.isProblemSet())
                applyProblemSet(s, m_instructor, *settled);
            else
                applySettledNotebook(s, m_assignment.notebooks().value(0), *settled);
        }
        Item item;
        item.submission = s;
        item.filesHash = submissionFilesHash(s);
        item.inputsHash = Gradebook::inputsHash(item.filesHash, m_inputsKey);
        item.executionHash = Gradebook::inputsHash(item.filesHash, m_referenceKey);
        if (!m_options.force) {
            const LatestRuns latest = m_latest.value(s.studentId);
            bool rerun = latest.needsRerun(item.inputsHash, backend);
            // An ambiguous folder an instructor settled by naming one of its notebooks stays settled.
            if (rerun && s.notebookPath.isEmpty() && !m_assignment.isProblemSet()) {
                for (const QString &notebook : s.files) {
                    if (!isNotebookName(notebook))
                        continue;
                    Submission chosen = s;
                    chosen.notebookPath = notebook;
                    rerun = latest.needsRerun(Gradebook::inputsHash(submissionFilesHash(chosen), m_inputsKey), backend);
                    if (!rerun)
                        break;
                }
            }
            if (!rerun) {
                ++m_summary.skipped;
                Q_EMIT submissionSkipped(s.studentId);
                if (m_ended)
                    return;
                continue;
            }
            if (regradeFromStored(item))
                continue;
            if (m_ended)
                return;
        }
        m_queue << item;
    }
    m_total = int(m_queue.size());
    profile::span(QStringLiteral("batch"), QStringLiteral("batch-setup"), m_startedAt);
    Q_EMIT started(m_total);
    if (!recordRegrades())
        return;
    m_runClock.start();
    // Until a submission ends, the estimate is the reference run's time (every notebook of a problem set) for
    // each round of m_jobs submissions; the measured throughput replaces it with the first result.
    if (const std::optional<ReferenceTiming> t = m_reference->timing(); t && t->durationS > 0 && m_total > 0)
        Q_EMIT progress(0, m_total, t->durationS * std::ceil(double(m_total) / m_jobs));
    if (m_ended)
        return;
    pump();
}

void BatchGrader::onReferenceFailed(const Error &error)
{
    if (m_cancelled) {
        m_summary.notRun = m_summary.total;
        finishWith(std::nullopt);
        return;
    }
    // Without expected values nothing can be graded: every submission is a grader error, never a zero.
    qCWarning(lcBatch) << "reference run failed:" << error.toString();
    Q_EMIT referenceEnded(referenceHealth(*m_reference, error));
    const QString reason = QStringLiteral("reference run failed: %1").arg(error.toString());
    m_total = int(m_submissions.size());
    Q_EMIT started(m_total);
    GradeInput in;
    in.checks = m_assignment.checks();
    in.graderError = Error{{}, {}, reason}; // the reason names the file and place already
    const GradeResult r = grade(in);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const Submission &s : std::as_const(m_submissions)) {
        Item item;
        item.submission = s;
        item.filesHash = submissionFilesHash(s);
        item.inputsHash = Gradebook::inputsHash(item.filesHash, QStringLiteral("no-reference"));
        if (!record(item, now, r, false))
            return;
    }
    finishWith(error);
}

void BatchGrader::pump()
{
    while (!m_ended && !m_cancelled && m_active.size() < m_jobs && !m_queue.isEmpty()) {
        const Item item = m_queue.takeFirst();
        const QDateTime now = QDateTime::currentDateTimeUtc();
        if (!item.submission.problem.isEmpty()) {
            Q_EMIT submissionStarted(item.submission.studentId);
            if (!record(item, now, unrunnable(m_assignment.checks(), item.submission.problem), false))
                return;
            continue;
        }
        if (m_assignment.isProblemSet()) {
            const bool anyMatched = std::any_of(item.submission.set.notebooks.cbegin(), item.submission.set.notebooks.cend(),
                                                [](const NotebookMatch &m) { return m.matched(); });
            if (!anyMatched) { // nothing to run: every notebook is not handed in or not matched
                Q_EMIT submissionStarted(item.submission.studentId);
                if (!record(item, now, gradeProblemSet(item.submission, nullptr), false))
                    return;
                continue;
            }
            startRun(item);
            continue;
        }
        // A notebook that does not parse is the student's file, not a grader failure: needs-review with the
        // parse error, found before any sandbox starts.
        const double parseStart = profile::now();
        Expected<Notebook> nb = Notebook::load(item.submission.notebookPath);
        profile::span(item.submission.notebookPath, QStringLiteral("batch-parse"), parseStart);
        if (!nb) {
            Q_EMIT submissionStarted(item.submission.studentId);
            const Error e = nb.error();
            const QString reason = QStringLiteral("the notebook cannot be read: %1%2")
                                       .arg(e.location.isEmpty() ? QString() : e.location + QLatin1String(": "), e.message);
            if (!record(item, now, unrunnable(m_assignment.checks(), reason), false))
                return;
            continue;
        }
        startRun(item);
    }
    maybeFinish();
}

void BatchGrader::startRun(const Item &item)
{
    SubmissionRunOptions opt = m_options.run;
    SubmissionRun *run = nullptr;
    if (m_assignment.isProblemSet()) {
        // Each matched notebook in the assignment's order, its own kernel, one run folder with the student's files.
        QList<NotebookToRun> notebooks;
        for (const NotebookMatch &m : item.submission.set.notebooks)
            if (m.matched())
                notebooks << NotebookToRun{m.notebook, QDir(item.submission.root).filePath(m.file)};
        QList<SuppliedFile> files;
        if (item.submission.isFolder)
            for (const QString &f : item.submission.files)
                files << SuppliedFile{f, QDir(item.submission.root).relativeFilePath(f)};
        run = new SubmissionRun(m_assignment, notebooks, files, opt, this);
    } else {
        run = new SubmissionRun(m_assignment, item.submission.notebookPath, opt, this);
    }
    m_active.insert(run, Active{item, QDateTime::currentDateTimeUtc()});
    connect(run, &SubmissionRun::finished, this, [this, run](const SubmissionRunResult &r) { onRunFinished(run, r); });
    connect(run, &SubmissionRun::failed, this, [this, run](const Error &e) { onRunFailed(run, e); });
    Q_EMIT submissionStarted(item.submission.studentId);
    run->start();
}

void BatchGrader::onRunFinished(SubmissionRun *run, const SubmissionRunResult &result)
{
    const Active a = m_active.take(run);
    run->deleteLater();
    if (m_ended)
        return;
    if (m_assignment.isProblemSet()) {
        if (record(a.item, a.started, gradeProblemSet(a.item.submission, &result), true, result.folder.artifacts,
                   problemSetStoredDigest(result.notebooks)))
            pump();
        return;
    }
    const double gradeStart = profile::now();
    const GradeResult graded = gradeNotebook(a.item.submission, result.run.payloadJson, result.run.record, result.notes);
    profile::span(a.item.submission.notebookPath, QStringLiteral("grade"), gradeStart);
    if (record(a.item, a.started, graded, true, result.folder.artifacts,
               result.notebooks.isEmpty() ? QString() : result.notebooks.first().storedDigest))
        pump();
}

GradeResult BatchGrader::gradeNotebook(const Submission &submission, const QByteArray &payload, const QJsonObject &record,
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

GradeInput BatchGrader::gradeInputFor(const QList<Check> &checks, const QByteArray &referencePayload, const QByteArray &payload,
                                      const QJsonObject &record, const QStringList &notes, const Notebook *submitted,
                                      const Notebook &release) const
{
    GradeInput in;
    in.checks = checks;
    in.referencePayload = referencePayload;
    in.studentPayload = payload;
    in.record = record;
    in.probeBytes = m_options.run.limits.value_or(m_assignment.limits()).probeBytes;
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

bool BatchGrader::regradeFromStored(const Item &item)
{
    if (!item.submission.problem.isEmpty())
        return false;
    const QString &student = item.submission.studentId;
    const std::optional<StoredRun> stored = m_latest.value(student).reusable(sandboxKindName(m_options.run.kind));
    if (!stored)
        return false;
    const StoredRun &run = *stored;
    if (run.executionHash != item.executionHash) {
        qCDebug(lcBatch) << student << "runs again:" << decideRegrade({}, item.executionHash, StoredExecution{run.executionHash, {}, {}, {}}).reason;
        return false;
    }
    if (m_assignment.isProblemSet())
        return regradeProblemSetFromStored(item, run);
    Expected<StoredExecution> execution = readStoredExecution(run.artifacts, run.executionHash, run.storedDigest, m_probedNames);
    if (!execution) {
        qCInfo(lcBatch) << student << "runs again:" << execution.error().toString();
        return false;
    }
    const RegradeDecision decision = decideRegrade(m_assignment.checks(), item.executionHash, *execution);
    if (decision.rerun) {
        qCInfo(lcBatch) << student << "runs again:" << decision.reason;
        return false;
    }
    // The run's notes (notebook repairs, instrument notes) as the run made them: what instrumenting the same
    // notebook for today's checks says (the nonce and runtime folder change no note).
    const Expected<Notebook> nb = Notebook::load(item.submission.notebookPath);
    if (!nb)
        return false;
    const Expected<InstrumentResult> inst =
        instrument(*nb, instrumentOptionsFor(m_assignment, QStringLiteral("/sandmark/runtime"), QString(32, QLatin1Char('0'))));
    if (!inst)
        return false;
    m_regrades << regradedRecord(item, run, gradeNotebook(item.submission, execution->payload, execution->record,
                                                          nb->repairs() + inst->notes, execution->decoded, &*nb));
    return true;
}

bool BatchGrader::regradeProblemSetFromStored(const Item &item, const StoredRun &run)
{
    const QString &student = item.submission.studentId;
    QList<NotebookMatch> matched;
    for (const NotebookMatch &m : item.submission.set.notebooks)
        if (m.matched())
            matched << m;
    // The run's notebooks are the matched ones in the assignment's order (the files hash holds the matches).
    const QStringList digests = run.storedDigest.split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (matched.isEmpty() || digests.size() != matched.size()) {
        qCInfo(lcBatch) << student << "runs again: its stored run does not hold every matched notebook's files";
        return false;
    }
    SubmissionRunResult stored;
    for (qsizetype i = 0; i < matched.size(); ++i) {
        const NotebookMatch &m = matched.at(i);
        NotebookRunResult part;
        part.notebook = m.notebook;
        part.artifacts = notebookArtifactsFolder(run.artifacts, m.notebook, true);
        part.storedDigest = digests.at(i);
        Expected<StoredExecution> execution = readStoredExecution(part.artifacts, run.executionHash, part.storedDigest, m_probedNames);
        if (!execution) {
            qCInfo(lcBatch) << student << "runs again:" << execution.error().toString();
            return false;
        }
        if (const RegradeDecision d = decideRegrade(m_assignment.checksOf(m.notebook), item.executionHash, *execution); d.rerun) {
            qCInfo(lcBatch) << student << "runs again:" << m.notebook << d.reason;
            return false;
        }
        // The notes its run made: what instrumenting the same notebook for today's checks says.
        const Expected<Notebook> nb = Notebook::load(QDir(item.submission.root).filePath(m.file));
        const Expected<InstrumentResult> inst =
            nb ? instrument(*nb, instrumentOptionsFor(m_assignment, QStringLiteral("/sandmark/runtime"), QString(32, QLatin1Char('0')),
                                                      m.notebook))
               : Expected<InstrumentResult>(nb.error());
        if (!inst)
            return false;
        part.notes = nb->repairs() + inst->notes;
        part.run.payloadJson = std::move(execution->payload);
        part.run.record = std::move(execution->record);
        stored.notebooks << part;
    }
    m_regrades << regradedRecord(item, run, gradeProblemSet(item.submission, &stored));
    return true;
}

RunRecord BatchGrader::regradedRecord(const Item &item, const StoredRun &run, GradeResult result) const
{
    RunRecord rec;
    rec.artifacts = run.artifacts;
    rec.storedDigest = run.storedDigest;
    rec.studentId = item.submission.studentId;
    rec.filesHash = item.filesHash;
    rec.inputsHash = item.inputsHash;
    rec.executionHash = item.executionHash;
    rec.started = run.started; // the run whose values are graded: its times, backend and environment
    rec.finished = run.finished;
    rec.backend = run.backend;
    rec.environmentKey = run.environmentKey;
    rec.referenceKey = m_referenceKey;
    rec.result = std::move(result);
    return rec;
}

bool BatchGrader::recordRegrades()
{
    if (m_regrades.isEmpty())
        return !m_ended;
    const QList<RunRecord> regrades = std::exchange(m_regrades, {});
    if (Expected<QList<qint64>> ids = m_gradebook->recordRuns(regrades); !ids) {
        finishWith(ids.error());
        return false;
    }
    m_summary.regraded += int(regrades.size());
    for (const RunRecord &rec : regrades) {
        count(rec.studentId, rec.result.status);
        Q_EMIT submissionFinished(rec.studentId, rec.result, rec);
        if (m_ended)
            return false;
    }
    return true;
}

void BatchGrader::count(const QString &studentId, GradeStatus status)
{
    GradeStatus counted = status;
    if (counted == GradeStatus::NeedsManual) // manual grades of an earlier run (overrides) may settle it
        if (Expected<std::optional<EffectiveGrade>> g = m_gradebook->effectiveGrade(studentId); g && *g)
            counted = (*g)->status;
    switch (counted) {
    case GradeStatus::Graded: ++m_summary.graded; break;
    case GradeStatus::NeedsManual: ++m_summary.needsManual; break;
    case GradeStatus::NeedsReview: ++m_summary.needsReview; break;
    case GradeStatus::GraderError: ++m_summary.graderErrors; break;
    }
}

GradeResult BatchGrader::gradeProblemSet(const Submission &submission, const SubmissionRunResult *run) const
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

void BatchGrader::onRunFailed(SubmissionRun *run, const Error &error)
{
    const Active a = m_active.take(run);
    run->deleteLater();
    if (m_ended)
        return;
    if (m_cancelled) {
        ++m_summary.notRun; // killed by cancel(): not a result
        maybeFinish();
        return;
    }
    GradeInput in;
    in.checks = m_assignment.checks();
    in.graderError = error;
    if (record(a.item, a.started, grade(in), true))
        pump();
}

bool BatchGrader::record(const Item &item, const QDateTime &started, const GradeResult &result, bool sandboxRan,
                         const QString &artifacts, const QString &storedDigest)
{
    RunRecord rec;
    rec.artifacts = artifacts;
    rec.storedDigest = storedDigest;
    rec.studentId = item.submission.studentId;
    rec.filesHash = item.filesHash;
    rec.inputsHash = item.inputsHash;
    // Only a run that left artifacts can serve a later regrade from stored values.
    rec.executionHash = sandboxRan && !artifacts.isEmpty() ? item.executionHash : QString();
    rec.started = started;
    rec.finished = sandboxRan ? QDateTime::currentDateTimeUtc() : started; // nothing ran: no run time
    rec.backend = sandboxRan ? sandboxKindName(m_options.run.kind) : QString();
    rec.environmentKey = m_environmentKey;
    rec.referenceKey = m_referenceKey;
    rec.result = result;
    const double sqliteStart = profile::now();
    Expected<qint64> id = m_gradebook->recordRun(rec);
    profile::span(item.submission.notebookPath, QStringLiteral("sqlite"), sqliteStart);
    if (!id) {
        // The gradebook cannot take results: stop rather than grade into the void.
        m_queue.clear();
        const QList<SubmissionRun *> running = m_active.keys();
        m_active.clear();
        for (SubmissionRun *r : running)
            r->deleteLater();
        finishWith(id.error());
        return false;
    }
    count(rec.studentId, result.status);
    if (sandboxRan)
        ++m_summary.ran;
    ++m_done;
    Q_EMIT submissionFinished(rec.studentId, result, rec);
    if (m_ended)
        return false;
    const double elapsed = m_runClock.isValid() ? m_runClock.elapsed() / 1000.0 : 0;
    const double eta = m_done > 0 && m_total > 0 ? elapsed / m_done * (m_total - m_done) : -1;
    Q_EMIT progress(m_done, m_total, eta);
    return !m_ended;
}

void BatchGrader::maybeFinish()
{
    if (m_ended || !m_active.isEmpty())
        return;
    if (m_cancelled || (m_referencePayload.size() > 0 && m_queue.isEmpty()))
        finishWith(std::nullopt);
}

void BatchGrader::pruneArtifacts()
{
    if (!m_gradebook)
        return;
    Expected<QList<Gradebook::SupersededRun>> superseded = m_gradebook->supersededArtifacts();
    if (!superseded) {
        qCWarning(lcBatch) << "cannot list superseded runs:" << superseded.error().toString();
        return;
    }
    if (superseded->isEmpty())
        return;
    const QString runsRoot = QDir(m_options.run.runsRoot.isEmpty() ? paths::cacheDir() + QLatin1String("/runs")
                                                                   : m_options.run.runsRoot)
                                 .canonicalPath();
    QList<qint64> forgotten;
    for (const Gradebook::SupersededRun &run : std::as_const(*superseded)) {
        // `<runsRoot>/<time>-<label>-<random>/artifacts` (workdir.h): nothing else is ever deleted.
        const QFileInfo artifacts(run.artifacts);
        const QString folder = artifacts.absolutePath();
        if (artifacts.fileName() != QLatin1String("artifacts"))
            continue;
        if (!QFileInfo::exists(folder)) {
            forgotten << run.runId; // gone already (run folders are a cache)
            continue;
        }
        if (runsRoot.isEmpty() || QFileInfo(QFileInfo(folder).canonicalFilePath()).path() != runsRoot)
            continue; // another cache's run folder: not ours to delete
        if (QDir(folder).removeRecursively()) {
            forgotten << run.runId;
            ++m_summary.prunedRuns;
        } else {
            qCWarning(lcBatch) << "cannot delete the superseded run folder" << folder;
        }
    }
    if (auto ok = m_gradebook->forgetArtifacts(forgotten); !ok)
        qCWarning(lcBatch) << "cannot update the gradebook after pruning:" << ok.error().toString();
    qCDebug(lcBatch) << "pruned" << m_summary.prunedRuns << "superseded run folder(s)";
}

void BatchGrader::finishWith(const std::optional<Error> &error)
{
    if (m_ended)
        return;
    m_ended = true;
    pruneArtifacts();
    m_lock.reset(); // the next batch may start as soon as this one reports
    m_summary.seconds = m_clock.isValid() ? m_clock.elapsed() / 1000.0 : 0;
    if (error)
        Q_EMIT failed(*error);
    else
        Q_EMIT finished(m_summary);
}

} // namespace sandmark
