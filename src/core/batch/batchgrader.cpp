#include "batch/batchgrader.h"

#include "batch/batch_log.h"
#include "batch/referencerun.h"
#include "gradebook/gradebook.h"
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

// A developer's trace, off by default (QT_LOGGING_RULES="sandmark.batch*=true" turns it on): what a user must know
// reaches them as the front ends' own messages, never as "sandmark.batch: …" lines on stderr.
Q_LOGGING_CATEGORY(lcBatch, "sandmark.batch", QtCriticalMsg)

namespace {

qint64 physicalMemoryBytes()
{
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long pageSize = ::sysconf(_SC_PAGESIZE);
    if (pages <= 0 || pageSize <= 0)
        return 0;
    return qint64(pages) * qint64(pageSize);
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
    // beside the first. A merge into it is refused the same way while the batch runs (mergeGradebooks()).
    Expected<std::unique_ptr<QLockFile>> lock = Gradebook::lockForWriting(
        path, QStringLiteral("wait for it to finish, or grade into another one with --gradebook"));
    if (!lock) {
        QMetaObject::invokeMethod(this, [this, busy = lock.error()]() { finishWith(busy); }, Qt::QueuedConnection);
        return;
    }
    m_lock = std::move(*lock);
    // A gradebook among a submission's files would be hashed and copied into its sandbox: a descriptor of it opened
    // and closed in this process, which drops the batch connection's POSIX locks (Gradebook::connectGradebookFile()).
    const QString gradebookFile = QFileInfo(path).canonicalFilePath();
    for (const Submission &s : std::as_const(m_submissions))
        for (const QString &f : s.files)
            for (const char *suffix : {"", "-wal", "-shm", "-journal"})
                if (!gradebookFile.isEmpty() && QFileInfo(f).canonicalFilePath() == gradebookFile + QLatin1String(suffix)) {
                    const Error inside{path, {}, QStringLiteral("is among %1's submission files: grade into a gradebook outside "
                                                                "the submissions (--gradebook)")
                                                     .arg(s.studentId)};
                    QMetaObject::invokeMethod(this, [this, inside]() { finishWith(inside); }, Qt::QueuedConnection);
                    return;
                }
    // The assignment's own files (instructor notebooks, data files) are hashed into every key and copied into every
    // sandbox alike: one that is the gradebook (`assignment add data_files .sandmark/gradebook.sqlite`) is refused too.
    QStringList assignmentFiles = m_assignment.notebooks();
    for (const DataFile &d : m_assignment.dataFiles())
        assignmentFiles << d.path;
    for (const QString &rel : std::as_const(assignmentFiles))
        if (std::optional<Error> own = Gradebook::inputIsGradebook(m_assignment.absolute(rel), path,
                                                                   QStringLiteral("a file of the assignment"))) {
            own->file = m_assignment.displayPath(rel);
            QMetaObject::invokeMethod(this, [this, e = *own]() { finishWith(e); }, Qt::QueuedConnection);
            return;
        }
    // Its write lock tried first: a gradebook another program holds locked is found before any sandbox runs.
    auto gb = Gradebook::open(path);
    const Expected<void> ready = gb ? (*gb)->checkWritable() : Expected<void>(gb.error());
    if (!ready) {
        QMetaObject::invokeMethod(this, [this, e = ready.error()]() { finishWith(e); }, Qt::QueuedConnection);
        return;
    }
    m_gradebook = std::move(gb.value());
    m_grading.emplace(m_assignment, m_options.run.limits.value_or(m_assignment.limits()));
    ReferenceRunOptions ro;
    // The modules every kernel of the batch imports early, the reference's too, found once; with prestart off, none
    // (the behaviour before both existed).
    m_options.run.preimport = m_options.prestart ? preimportModules(m_assignment) : QStringList();
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
    if (m_reference && !m_referenceKnown) {
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
    m_referenceKnown = true;
    m_grading->setReference(payload, key, m_reference->outcome());
    m_summary.brokenChecks = m_grading->referenceOutcome().brokenChecks;
    m_summary.referenceNotes = m_grading->referenceOutcome().notes();
    m_environmentKey = m_reference->environmentKey();
    m_options.run.environment = m_reference->environment(); // resolved once: every submission runs in it
    m_summary.referenceFromCache = m_reference->cacheHit();
    if (m_cancelled) {
        finishWith(std::nullopt);
        return;
    }
    Q_EMIT referenceEnded(referenceHealth(*m_reference, std::nullopt));
    Expected<QList<PlannedSubmission>> planned =
        m_grading->plan(std::exchange(m_submissions, {}), *m_gradebook, sandboxKindName(m_options.run.kind), m_options.force);
    if (!planned) {
        finishWith(planned.error());
        return;
    }
    for (PlannedSubmission &p : *planned) {
        switch (p.action) {
        case PlannedSubmission::Action::Skip:
            ++m_summary.skipped;
            Q_EMIT submissionSkipped(p.submission.studentId);
            if (m_ended)
                return;
            break;
        case PlannedSubmission::Action::Regrade:
            m_regrades << regradedRecord(p);
            break;
        case PlannedSubmission::Action::Run:
            m_queue << std::move(p);
            break;
        }
    }
    m_total = int(m_queue.size());
    profile::span(QStringLiteral("batch"), QStringLiteral("batch-setup"), m_startedAt);
    Q_EMIT started(m_total);
    if (!recordRegrades())
        return;
    m_runClock.start();
    // Until a submission ends, the estimate is the reference run's whole time (sandbox and kernel start-up included,
    // every notebook of a problem set) for each round of m_jobs submissions; the measured throughput replaces it with
    // the first result.
    if (const std::optional<ReferenceTiming> t = m_reference->timing(); t && t->perSubmissionS() > 0 && m_total > 0)
        Q_EMIT progress(0, m_total, t->perSubmissionS() * std::ceil(double(m_total) / m_jobs));
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
    // Without expected values nothing can be graded: a submission not graded before is a grader error, never a
    // zero. One that has a grade keeps it (a sandbox that cannot start, a broken instructor notebook must not
    // replace a class's grades with errors); it shows STALE when the assignment changed since.
    qCDebug(lcBatch) << "reference run failed:" << error.toString(); // the front ends say it, once
    Q_EMIT referenceEnded(referenceHealth(*m_reference, error));
    const QString reason = QStringLiteral("reference run failed: %1").arg(error.toString());
    m_total = int(m_submissions.size());
    Q_EMIT started(m_total);
    GradeInput in;
    in.checks = m_assignment.checks();
    in.graderError = Error{{}, {}, reason}; // the reason names the file and place already
    const GradeResult r = grade(in);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const Expected<QHash<QString, LatestRuns>> latest = m_gradebook->latestRuns();
    for (const Submission &s : std::as_const(m_submissions)) {
        if (latest && latest->value(s.studentId).completed) {
            ++m_summary.notRun;
            continue;
        }
        Item item;
        item.submission = s;
        item.filesHash = submissionFilesHash(s);
        item.inputsHash = Gradebook::inputsHash(item.filesHash, QStringLiteral("no-reference"));
        // A submission's own problem (a notebook that cannot be read) stays its outcome: it needs no reference.
        const std::optional<GradeResult> own = m_grading ? m_grading->resultWithoutRun(s) : std::nullopt;
        if (own)
            ++m_summary.cannotRun;
        if (!record(item, now, own ? *own : r, false))
            return;
    }
    finishWith(error);
}

int BatchGrader::running() const
{
    return int(std::count_if(m_active.cbegin(), m_active.cend(), [](const Active &a) { return !a.held; }));
}

void BatchGrader::pump()
{
    while (!m_ended && !m_cancelled && running() < m_jobs) {
        const auto held = std::find_if(m_active.begin(), m_active.end(), [](const Active &a) { return a.held; });
        if (held != m_active.end()) { // its sandbox is up, its kernel ready: it runs now
            held->held = false;
            held->started = QDateTime::currentDateTimeUtc();
            Q_EMIT submissionStarted(held->item.submission.studentId);
            held.key()->release();
            continue;
        }
        if (m_queue.isEmpty())
            break;
        const Item item = m_queue.takeFirst();
        const QDateTime now = QDateTime::currentDateTimeUtc();
        if (const std::optional<GradeResult> notRun = m_grading->resultWithoutRun(item.submission)) {
            Q_EMIT submissionStarted(item.submission.studentId);
            ++m_summary.cannotRun;
            if (!record(item, now, *notRun, false))
                return;
            continue;
        }
        startRun(item, false);
    }
    // Every slot busy: the next submission's sandbox starts now, held, so that its kernel start is paid meanwhile.
    if (m_options.prestart && !m_ended && !m_cancelled && !m_queue.isEmpty() && running() == m_jobs
        && std::none_of(m_active.cbegin(), m_active.cend(), [](const Active &a) { return a.held; })
        && !m_grading->resultWithoutRun(m_queue.first().submission))
        startRun(m_queue.takeFirst(), true);
    maybeFinish();
}

void BatchGrader::startRun(const Item &item, bool held)
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
    m_active.insert(run, Active{item, QDateTime::currentDateTimeUtc(), held});
    connect(run, &SubmissionRun::finished, this, [this, run](const SubmissionRunResult &r) { onRunFinished(run, r); });
    connect(run, &SubmissionRun::failed, this, [this, run](const Error &e) { onRunFailed(run, e); });
    if (!held)
        Q_EMIT submissionStarted(item.submission.studentId);
    run->setHeld(held);
    run->start();
}

void BatchGrader::onRunFinished(SubmissionRun *run, const SubmissionRunResult &result)
{
    const Active a = m_active.take(run);
    run->deleteLater();
    if (m_ended)
        return;
    if (m_assignment.isProblemSet()) {
        if (record(a.item, a.started, m_grading->gradeProblemSet(a.item.submission, &result), true, result.folder.artifacts,
                   problemSetStoredDigest(result.notebooks)))
            pump();
        return;
    }
    const double gradeStart = profile::now();
    const GradeResult graded = m_grading->gradeNotebook(a.item.submission, result.run.payloadJson, result.run.record, result.notes);
    profile::span(a.item.submission.notebookPath, QStringLiteral("grade"), gradeStart);
    if (record(a.item, a.started, graded, true, result.folder.artifacts,
               result.notebooks.isEmpty() ? QString() : result.notebooks.first().storedDigest))
        pump();
}

QString BatchGrader::inputsKeyOf(const Item &item) const
{
    const QString &key = m_grading->inputsKey();
    return !key.isEmpty() && item.inputsHash == Gradebook::inputsHash(item.filesHash, key) ? key : QString();
}

RunRecord BatchGrader::regradedRecord(const Item &item) const
{
    const StoredRun &run = *item.stored;
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
    rec.referenceKey = m_grading->referenceKey();
    rec.inputsKey = inputsKeyOf(item);
    rec.result = item.regraded;
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
    rec.referenceKey = m_grading->referenceKey();
    rec.inputsKey = inputsKeyOf(item);
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
    if (m_cancelled || (m_referenceKnown && m_queue.isEmpty()))
        finishWith(std::nullopt);
}

void BatchGrader::pruneArtifacts()
{
    if (!m_gradebook)
        return;
    Expected<QList<Gradebook::SupersededRun>> superseded = m_gradebook->supersededArtifacts();
    if (!superseded) {
        qCDebug(lcBatch) << "cannot list superseded runs:" << superseded.error().toString(); // housekeeping only
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
