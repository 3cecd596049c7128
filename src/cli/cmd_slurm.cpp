// sandmark-cli slurm submit|status|merge|task ASSIGNMENT: grade a course on a Slurm cluster (docs/slurm.md).
// The work is in src/core/cluster/slurm.h; this file parses options, prepares the shared cache and prints.
#include "batch/referencerun.h"
#include "batch/submissions.h"
#include "cli_util.h"
#include "cluster/slurm.h"
#include "commands.h"
#include "sandbox/doctor.h"
#include "sandbox/registry.h"
#include "util/displaytext.h"
#include "util/paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>
#include <QSysInfo>
#include <QThread>
#include <QTimer>

#include <variant>

#include <unistd.h>

namespace sandmark::cli {

namespace {

QString duration(double seconds)
{
    const int s = int(seconds + 0.5);
    return s >= 3600 ? QStringLiteral("%1:%2:%3").arg(s / 3600).arg(s / 60 % 60, 2, 10, QLatin1Char('0')).arg(s % 60, 2, 10, QLatin1Char('0'))
                     : QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

const QString kUsage = QStringLiteral("expected 'slurm submit|status|merge|task ASSIGNMENT' (see 'sandmark-cli slurm --help')");

Expected<Assignment> loadAssignment(const QString &path)
{
    return Assignment::load(path);
}

/// The queue of the submission's jobs; when squeue cannot answer, a warning and an empty queue (the reports and
/// gradebooks still tell most of the story).
QList<SlurmQueueEntry> queueOf(const SlurmSubmission &s, bool quiet)
{
    QStringList ids;
    if (!s.arrayJobId.isEmpty())
        ids << s.arrayJobId;
    if (!s.mergeJobId.isEmpty())
        ids << s.mergeJobId;
    Expected<QList<SlurmQueueEntry>> q = querySlurmQueue(ids);
    if (!q) {
        if (!quiet)
            err() << "sandmark-cli: warning: " << q.error().toString() << " (showing what the shards wrote)" << Qt::endl;
        return {};
    }
    return *q;
}

/// A course submitted with `slurm submit`: the assignment and its last submission record.
struct SubmittedCourse
{
    Assignment assignment;
    SlurmSubmission submission; ///< SlurmLayout::submissionFile()
};

/// The assignment `assignmentArg` names and its submission record, for `slurm status` and `slurm merge`; when either
/// cannot be read, the error is printed and the exit code returned.
std::variant<int, SubmittedCourse> readSubmittedCourse(const QString &assignmentArg)
{
    Expected<Assignment> assignment = loadAssignment(assignmentArg);
    if (!assignment) {
        return failWith(assignment.error());
    }
    Expected<SlurmSubmission> submission = SlurmSubmission::read(SlurmLayout(assignment->folder()).submissionFile());
    if (!submission) {
        return failWith(submission.error());
    }
    return SubmittedCourse{std::move(*assignment), std::move(*submission)};
}

/// The status of `shard` in `st`; nullptr when `st` has none for it.
const SlurmShardStatus *shardStatus(const SlurmStatus &st, const Shard &shard)
{
    for (const SlurmShardStatus &s : st.shards)
        if (s.shard.index == shard.index)
            return &s;
    return nullptr;
}

QString progressLine(const SlurmStatus &st)
{
    int running = 0, failed = 0, done = 0;
    for (const SlurmShardStatus &s : st.shards) {
        running += s.phase == SlurmShardStatus::Phase::Running;
        failed += s.phase == SlurmShardStatus::Phase::Failed || s.phase == SlurmShardStatus::Phase::Stopped;
        done += s.phase == SlurmShardStatus::Phase::Done;
    }
    QString line = QStringLiteral("[%1/%2] %3%  shards: %4 done, %5 running, %6 failed or stopped")
                       .arg(st.recorded)
                       .arg(st.submissions)
                       .arg(st.submissions > 0 ? 100 * st.recorded / st.submissions : 100)
                       .arg(done)
                       .arg(running)
                       .arg(failed);
    if (st.etaSeconds >= 0)
        line += QStringLiteral("  ETA %1").arg(duration(st.etaSeconds));
    return line;
}

void printStatus(const SlurmStatus &st)
{
    QList<QStringList> rows;
    rows << QStringList{QStringLiteral("shard"), QStringLiteral("state"), QStringLiteral("graded"), QStringLiteral("to go"),
                        QStringLiteral("grader errors"), QStringLiteral("node"), QStringLiteral("note")};
    for (const SlurmShardStatus &s : st.shards) {
        QString note = s.problem;
        if (note.isEmpty() && s.phase == SlurmShardStatus::Phase::Waiting && !s.queueReason.isEmpty())
            note = QStringLiteral("pending (%1)").arg(s.queueReason);
        rows << QStringList{QStringLiteral("%1/%2").arg(s.shard.index).arg(s.shard.count), slurmPhaseName(s.phase),
                            QString::number(s.recorded), QString::number(s.toGo()), QString::number(s.graderErrors),
                            s.report ? displayText(s.report->host) : QStringLiteral("-"), note};
    }
    QList<qsizetype> widths(rows.first().size(), 0);
    for (const QStringList &r : std::as_const(rows))
        for (qsizetype i = 0; i + 1 < r.size(); ++i)
            widths[i] = std::max(widths[i], r[i].size());
    for (const QStringList &r : std::as_const(rows)) {
        QString line;
        for (qsizetype i = 0; i < r.size(); ++i)
            line += (i + 1 < r.size() ? r[i].leftJustified(widths[i]) + QStringLiteral("  ") : r[i]);
        out() << line.trimmed() << '\n';
    }
    out() << progressLine(st) << '\n';
    out() << "array job " << st.submission.arrayJobId << ", merge job " << st.submission.mergeJobId << ": "
          << (st.mergeState.isEmpty() ? QStringLiteral("not queued") : st.mergeState) << '\n';
    for (const SlurmShardStatus &s : st.shards)
        if (s.phase == SlurmShardStatus::Phase::Failed || s.phase == SlurmShardStatus::Phase::Stopped)
            out() << "shard " << s.shard.index << '/' << s.shard.count << " log: " << s.log << '\n';
    out().flush();
}

QJsonObject statusJson(const SlurmStatus &st)
{
    QJsonArray shards;
    for (const SlurmShardStatus &s : st.shards)
        shards << QJsonObject{{QStringLiteral("shard"), s.shard.index},
                              {QStringLiteral("state"), slurmPhaseName(s.phase).toLower()},
                              {QStringLiteral("submissions"), s.submissions},
                              {QStringLiteral("graded"), s.recorded},
                              {QStringLiteral("to_go"), s.toGo()},
                              {QStringLiteral("grader_errors"), s.graderErrors},
                              {QStringLiteral("needs_review"), s.needsReview},
                              {QStringLiteral("queue_state"), s.queueState},
                              {QStringLiteral("task_state"), s.report ? slurmTaskStateName(s.report->state) : QString()},
                              {QStringLiteral("node"), s.report ? s.report->host : QString()},
                              {QStringLiteral("problem"), s.problem},
                              {QStringLiteral("log"), s.log}};
    return {{QStringLiteral("shards"), shards},
            {QStringLiteral("submissions"), st.submissions},
            {QStringLiteral("graded"), st.recorded},
            {QStringLiteral("eta_seconds"), st.etaSeconds >= 0 ? QJsonValue(st.etaSeconds) : QJsonValue()},
            {QStringLiteral("array_job"), st.submission.arrayJobId},
            {QStringLiteral("merge_job"), st.submission.mergeJobId},
            {QStringLiteral("merge_state"), st.mergeState}};
}

/// Runs the reference run (with the environment it needs) into the shared cache, so the tasks find it there.
int prepareCache(const Assignment &a, const SubmissionRunOptions &run)
{
    ReferenceRunOptions ro;
    ro.run = run;
    ReferenceRun reference(a, ro);
    QEventLoop loop;
    std::optional<Error> failure;
    QObject::connect(&reference, &ReferenceRun::progress, &loop, [](const QString &line) {
        err() << "sandmark-cli: slurm submit: " << displayText(line) << Qt::endl;
    });
    QObject::connect(&reference, &ReferenceRun::finished, &loop, [&](const QByteArray &, const QString &) { loop.quit(); });
    QObject::connect(&reference, &ReferenceRun::failed, &loop, [&](const Error &e) {
        failure = e;
        loop.quit();
    });
    const InterruptWatch watch([&] { reference.cancel(); });
    QMetaObject::invokeMethod(&reference, &ReferenceRun::start, Qt::QueuedConnection);
    loop.exec();
    if (watch.interrupted())
        return ExitInterrupted;
    if (failure) {
        printError(*failure);
        err() << "sandmark-cli: slurm submit: the reference run failed on this host; nothing was submitted" << Qt::endl;
        return ExitGraderError;
    }
    err() << "sandmark-cli: slurm submit: reference run and environment ready in the shared cache "
          << (reference.cacheHit() ? "(cached)" : "(built now)") << Qt::endl;
    return ExitOk;
}

/// What `slurm submit` is asked to do.
struct SubmitRequest
{
    std::optional<Assignment> assignment;
    SlurmRequest slurm;
    std::optional<SandboxKind> kind; ///< --sandbox
    bool all = false;                ///< --all: every shard, also the finished ones
    bool dryRun = false;
};

/// Parses `slurm submit`'s arguments and loads the assignment; an exit code when the command ends here.
std::variant<int, SubmitRequest> readSubmitRequest(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("submit"), QStringLiteral("Prepare the shared cache, then submit the job array and the merge job."));
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json, on the shared file system."));
    const QCommandLineOption shards(QStringLiteral("shards"), QStringLiteral("Array tasks, one per shard (1 to 10000)."), QStringLiteral("N"));
    const QCommandLineOption cpus(QStringLiteral("cpus-per-task"), QStringLiteral("CPUs per task; each task runs as many sandboxes at once (default 1)."),
                                  QStringLiteral("C"), QStringLiteral("1"));
    const QCommandLineOption mem(QStringLiteral("mem"), QStringLiteral("Memory per task, as sbatch --mem spells it (e.g. 8G)."), QStringLiteral("M"));
    const QCommandLineOption time(QStringLiteral("time"), QStringLiteral("Time limit per task, as sbatch --time spells it (e.g. 02:00:00)."),
                                  QStringLiteral("T"));
    const QCommandLineOption partition(QStringLiteral("partition"), QStringLiteral("Slurm partition."), QStringLiteral("P"));
    const QCommandLineOption account(QStringLiteral("account"), QStringLiteral("Slurm account to charge."), QStringLiteral("A"));
    const QCommandLineOption jobName(QStringLiteral("job-name"), QStringLiteral("Job name (default: sandmark-<assignment folder>)."),
                                     QStringLiteral("NAME"));
    const QCommandLineOption sandbox = sandboxOption(QStringLiteral("Backend of every task: %1 (default: assignment.json, else %2)."));
    const QCommandLineOption datasets(QStringLiteral("dataset-cache"), QStringLiteral("HF_HOME of every task, on the shared file system."),
                                      QStringLiteral("DIR"));
    const QCommandLineOption cacheDir(QStringLiteral("cache-dir"),
                                      QStringLiteral("The shared cache (default: $SANDMARK_CACHE_DIR, else ASSIGNMENT/.sandmark/slurm/cache)."),
                                      QStringLiteral("DIR"));
    const QCommandLineOption all(QStringLiteral("all"), QStringLiteral("Submit every shard, also those that finished (default: only the unfinished ones)."));
    const QCommandLineOption dryRun(QStringLiteral("dry-run"), QStringLiteral("Print the two scripts; prepare and submit nothing."));
    parser.addOptions({shards, cpus, mem, time, partition, account, jobName, sandbox, datasets, cacheDir, all, dryRun});
    if (int rc = parseOrExit(parser, args, QStringLiteral("Grade ASSIGNMENT on a Slurm cluster: one array task per shard, then a merge job."), 2);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    SubmitRequest submit;
    submit.all = parser.isSet(all);
    submit.dryRun = parser.isSet(dryRun);
    SlurmRequest &request = submit.slurm;
    if (!parser.isSet(shards)) {
        err() << "sandmark-cli: slurm submit: --shards N is required" << Qt::endl;
        return ExitUsage;
    }
    if (!readPositiveIntOption(parser, shards, QStringLiteral("slurm submit"), request.shards, 10000)
        || !readPositiveIntOption(parser, cpus, QStringLiteral("slurm submit"), request.cpusPerTask, MaxJobs))
        return ExitUsage;
    if (!readSandboxOption(parser, sandbox, submit.kind))
        return ExitUsage;
    Expected<Assignment> assignment = loadAssignment(parser.positionalArguments().at(1));
    if (!assignment) {
        return failWith(assignment.error());
    }
    const SlurmLayout layout(assignment->folder());
    // More shards than submissions would only queue tasks with nothing to grade: one shard per submission at most.
    if (Expected<QList<Submission>> listed = discoverSubmissions(assignment->absolute(QStringLiteral("submissions")));
        listed && !listed->isEmpty() && request.shards > listed->size()) {
        err() << "sandmark-cli: slurm submit: --shards " << request.shards << " is more than the " << listed->size()
              << " submission(s): submitting " << listed->size() << " shard(s), one per submission" << Qt::endl;
        request.shards = int(listed->size());
    }
    request.mem = parser.value(mem);
    request.time = parser.value(time);
    request.partition = parser.value(partition);
    request.account = parser.value(account);
    request.jobName = parser.value(jobName);
    request.sandbox = parser.value(sandbox);
    if (parser.isSet(datasets))
        request.datasetCache = QFileInfo(parser.value(datasets)).absoluteFilePath();
    request.cli = QCoreApplication::applicationFilePath();
    const QString cache = parser.isSet(cacheDir) ? parser.value(cacheDir)
                          : !qEnvironmentVariableIsEmpty("SANDMARK_CACHE_DIR") ? qEnvironmentVariable("SANDMARK_CACHE_DIR")
                                                                              : layout.defaultCacheDir();
    request.cacheDir = QDir::cleanPath(QFileInfo(cache).absoluteFilePath());
    submit.assignment = std::move(*assignment);
    return submit;
}

/// The shards to submit: all of them, or on a resubmission with the same N (without --all) the unfinished ones.
/// An exit code when the command ends here (the last submission's jobs are still queued, or every shard is done).
std::variant<int, QList<int>> shardsToSubmit(const SubmitRequest &submit, const SlurmLayout &layout)
{
    const SlurmRequest &request = submit.slurm;
    QList<int> toSubmit;
    for (int k = 1; k <= request.shards; ++k)
        toSubmit << k;
    if (Expected<SlurmSubmission> previous = SlurmSubmission::read(layout.submissionFile()); previous) {
        const QList<SlurmQueueEntry> queue = queueOf(*previous, false);
        if (!queue.isEmpty()) {
            QStringList ids;
            for (const SlurmQueueEntry &e : queue)
                ids << e.jobId + QLatin1Char(' ') + e.state;
            err() << "sandmark-cli: slurm submit: " << layout.submissionFile() << ": the last submission's jobs are still queued ("
                  << ids.join(QLatin1String(", ")) << "); wait for them or cancel them (scancel " << previous->arrayJobId << ' '
                  << previous->mergeJobId << ") first" << Qt::endl;
            return ExitBadInput;
        }
        if (previous->shards == request.shards && !submit.all) {
            Expected<SlurmStatus> st = readSlurmStatus(*submit.assignment, {});
            if (!st) {
                return failWith(st.error());
            }
            toSubmit.clear();
            for (const Shard &s : st->unfinished())
                toSubmit << s.index;
            if (toSubmit.isEmpty()) {
                err() << "sandmark-cli: slurm submit: every shard of the last submission is done; nothing to submit (merge with "
                         "'sandmark-cli slurm merge', or regrade all with --all)"
                      << Qt::endl;
                return ExitOk;
            }
        }
    }
    return toSubmit;
}

/// Prepares once, before submitting, what every task needs: the shared cache (checked), the environment and the
/// reference run in it, the datasets checked, and the marker that says so. The tasks then find them instead of
/// building them once per shard.
int prepareForTasks(const SubmitRequest &submit)
{
    const SlurmRequest &request = submit.slurm;
    const Assignment *assignment = &*submit.assignment;
    if (Expected<void> shared = checkSharedCacheDir(request.cacheDir); !shared) {
        printError(shared.error());
        return ExitGraderError;
    }
    qputenv("SANDMARK_CACHE_DIR", QFile::encodeName(request.cacheDir));
    const SubmissionRunOptions run = runOptionsFor(*assignment, commandLineRunChoices(submit.kind, request.datasetCache));
    if (!assignment->requiredDatasets().isEmpty()) {
        QStringList check{QStringLiteral("datasets"), QStringLiteral("check"), assignment->folder()};
        if (!run.datasetCache.isEmpty())
            check << QStringLiteral("--cache") << run.datasetCache;
        err() << "sandmark-cli: slurm submit: checking the dataset cache…" << Qt::endl;
        if (int rc = cmdDatasets(check); rc != ExitOk) {
            err() << "sandmark-cli: slurm submit: the dataset cache is incomplete; warm it first ('sandmark-cli datasets warm "
                  << assignment->folder() << "'); nothing was submitted" << Qt::endl;
            return rc;
        }
    }
    if (int rc = prepareCache(*assignment, run); rc != ExitOk)
        return rc;
    {
        QSaveFile marker(slurmPreparedMarker(request.cacheDir));
        if (!marker.open(QIODevice::WriteOnly)) {
            printError(Error{marker.fileName(), {}, marker.errorString()});
            return ExitGraderError;
        }
        marker.write(QStringLiteral("prepared by sandmark-cli slurm submit on %1 at %2\n")
                         .arg(QSysInfo::machineHostName(), QDateTime::currentDateTimeUtc().toString(Qt::ISODate))
                         .toUtf8());
        if (!marker.commit()) {
            printError(Error{marker.fileName(), {}, marker.errorString()});
            return ExitGraderError;
        }
    }
    return ExitOk;
}

/// Writes the two scripts (kept for the TA to read and resubmit by hand), forgets the submitted shards' old
/// reports, submits the array and the merge job after it, and records the submission.
int submitScripts(const SubmitRequest &submit, const SlurmLayout &layout, const QList<int> &toSubmit,
                  const QString &arrayScript, const QString &mergeScript)
{
    const SlurmRequest &request = submit.slurm;
    const Assignment *assignment = &*submit.assignment;
    for (const auto &[path, text] : {std::pair{layout.arrayScript(), arrayScript}, std::pair{layout.mergeScript(), mergeScript}}) {
        QDir().mkpath(QFileInfo(path).absolutePath());
        QSaveFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(text.toUtf8()) < 0 || !f.commit()) {
            printError(Error{path, {}, QStringLiteral("cannot write: %1").arg(f.errorString())});
            return ExitGraderError;
        }
    }
    QDir().mkpath(layout.root() + QStringLiteral("/logs"));
    QDir().mkpath(layout.root() + QStringLiteral("/shards"));
    for (int k : std::as_const(toSubmit))
        QFile::remove(layout.shardReport(Shard{k, request.shards}));
    Expected<QString> arrayJob = submitSlurmScript(layout.arrayScript());
    if (!arrayJob) {
        printError(arrayJob.error());
        return ExitGraderError;
    }
    SlurmSubmission record;
    record.shards = request.shards;
    record.submittedShards = toSubmit;
    record.arrayJobId = *arrayJob;
    record.submitted = QDateTime::currentDateTimeUtc();
    record.cacheDir = request.cacheDir;
    Expected<QString> mergeJob = submitSlurmScript(layout.mergeScript(), {QStringLiteral("--dependency=afterany:") + *arrayJob});
    if (mergeJob)
        record.mergeJobId = *mergeJob;
    if (Expected<void> w = record.write(layout.submissionFile()); !w)
        printError(w.error());
    out() << "array job " << *arrayJob << ": shards " << slurmArraySpec(toSubmit) << " of " << request.shards << '\n';
    if (mergeJob)
        out() << "merge job " << *mergeJob << ": after the array (afterany)\n";
    out().flush();
    if (!mergeJob) {
        printError(mergeJob.error());
        err() << "sandmark-cli: slurm submit: the merge job was not submitted; run 'sandmark-cli slurm merge "
              << assignment->folder() << "' when the array has ended" << Qt::endl;
        return ExitGraderError;
    }
    err() << "sandmark-cli: slurm submit: follow it with 'sandmark-cli slurm status " << assignment->folder() << " --watch'" << Qt::endl;
    return ExitOk;
}

int submit(const QStringList &args)
{
    std::variant<int, SubmitRequest> read = readSubmitRequest(args);
    if (const int *rc = std::get_if<int>(&read))
        return *rc;
    const SubmitRequest &submit = std::get<SubmitRequest>(read);
    const SlurmLayout layout(submit.assignment->folder());
    std::variant<int, QList<int>> shards = shardsToSubmit(submit, layout);
    if (const int *rc = std::get_if<int>(&shards))
        return *rc;
    const QList<int> &toSubmit = std::get<QList<int>>(shards);
    Expected<QString> arrayScript = slurmArrayScript(submit.assignment->folder(), submit.slurm, toSubmit);
    Expected<QString> mergeScript = arrayScript ? slurmMergeScript(submit.assignment->folder(), submit.slurm)
                                                : Expected<QString>(arrayScript.error());
    if (!mergeScript) {
        return failWith(mergeScript.error());
    }
    if (submit.dryRun) {
        out() << "# " << layout.arrayScript() << '\n' << *arrayScript << "\n# " << layout.mergeScript()
              << " (sbatch --dependency=afterany:<array job id>)\n"
              << *mergeScript;
        out().flush();
        return ExitOk;
    }
    // sbatch is needed at the end: say so before the environment and the reference run are prepared.
    if (QStandardPaths::findExecutable(QStringLiteral("sbatch")).isEmpty()) {
        printError({layout.arrayScript(), {}, QStringLiteral("sbatch is not on PATH: run this on a host of the Slurm cluster "
                                                            "(a login node); nothing was prepared or submitted")});
        return ExitGraderError;
    }
    if (int rc = prepareForTasks(submit); rc != ExitOk)
        return rc;
    return submitScripts(submit, layout, toSubmit, *arrayScript, *mergeScript);
}

int status(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("status"), QStringLiteral("Show each shard's progress."));
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    const QCommandLineOption watch(QStringLiteral("watch"), QStringLiteral("Show a live progress line with the ETA until no task runs or waits."));
    const QCommandLineOption interval(QStringLiteral("interval"), QStringLiteral("Seconds between looks with --watch (default 10)."),
                                      QStringLiteral("S"), QStringLiteral("10"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the status as JSON."));
    parser.addOptions({watch, interval, json});
    if (int rc = parseOrExit(parser, args, QStringLiteral("Show each shard's progress: graded, to go, grader errors, its task's state."), 2);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    int seconds = 10;
    if (!readPositiveIntOption(parser, interval, QStringLiteral("slurm status"), seconds, 3600))
        return ExitUsage;
    std::variant<int, SubmittedCourse> read = readSubmittedCourse(parser.positionalArguments().at(1));
    if (const int *rc = std::get_if<int>(&read))
        return *rc;
    const SubmittedCourse &course = std::get<SubmittedCourse>(read);
    const bool tty = ::isatty(STDERR_FILENO) == 1;
    bool stop = false;
    const InterruptWatch interrupt([&] { stop = true; });
    std::optional<SlurmStatus> last;
    QString lastLine;
    for (;;) {
        Expected<SlurmStatus> st = readSlurmStatus(course.assignment, queueOf(course.submission, parser.isSet(watch) && last.has_value()));
        if (!st) {
            return failWith(st.error());
        }
        last = *st;
        const bool active = std::any_of(st->shards.cbegin(), st->shards.cend(), [](const SlurmShardStatus &s) {
            return s.phase == SlurmShardStatus::Phase::Running
                   || (s.phase == SlurmShardStatus::Phase::Waiting && (s.queueState == QLatin1String("PENDING") || s.queueState.startsWith(QLatin1String("REQUEUE"))));
        });
        if (!parser.isSet(watch) || !active)
            break;
        const QString line = progressLine(*st);
        if (tty)
            err() << "\r\x1b[K" << line << Qt::flush;
        else if (line != lastLine)
            err() << line << Qt::endl;
        lastLine = line;
        // Sleep in small steps so Ctrl-C ends the watch at once.
        for (int i = 0; i < seconds * 10 && !stop; ++i) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
            QThread::msleep(100);
            QCoreApplication::processEvents();
        }
        if (stop)
            break;
    }
    if (tty && parser.isSet(watch))
        err() << "\r\x1b[K" << Qt::flush;
    if (parser.isSet(json)) {
        out() << QJsonDocument(statusJson(*last)).toJson();
        out().flush();
    } else {
        printStatus(*last);
    }
    if (stop)
        return ExitInterrupted;
    const bool failed = std::any_of(last->shards.cbegin(), last->shards.cend(), [](const SlurmShardStatus &s) {
        return s.phase == SlurmShardStatus::Phase::Failed || s.phase == SlurmShardStatus::Phase::Stopped;
    });
    return failed ? ExitBadInput : ExitOk;
}

int merge(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("merge"), QStringLiteral("Merge the shard gradebooks into the assignment's."));
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    const QCommandLineOption gradebook(QStringLiteral("gradebook"),
                                       QStringLiteral("Gradebook to merge into (default: ASSIGNMENT/.sandmark/gradebook.sqlite)."),
                                       QStringLiteral("PATH"));
    parser.addOptions({gradebook});
    if (int rc = parseOrExit(parser, args,
                             QStringLiteral("Merge the shard gradebooks of the last submission into the assignment's gradebook "
                                            "(idempotent, overrides kept); refuses while a shard is unfinished, naming it."),
                             2);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    std::variant<int, SubmittedCourse> read = readSubmittedCourse(parser.positionalArguments().at(1));
    if (const int *rc = std::get_if<int>(&read))
        return *rc;
    const SubmittedCourse &course = std::get<SubmittedCourse>(read);
    const SlurmLayout layout(course.assignment.folder());
    Expected<SlurmStatus> st = readSlurmStatus(course.assignment, queueOf(course.submission, false));
    if (!st) {
        return failWith(st.error());
    }
    const QString outPath = parser.isSet(gradebook) ? parser.value(gradebook) : Gradebook::defaultPath(course.assignment.folder());
    Expected<QList<MergeStats>> merged = mergeSlurmShards(*st, layout, outPath);
    if (!merged) {
        // A batch holding the gradebook is the grader side's state, as for grade (exit 3).
        return failWith(merged.error());
    }
    QStringList inputs; // as mergeSlurmShards() merged them: the shards that have a gradebook
    for (const SlurmShardStatus &s : st->shards)
        if (QFileInfo::exists(layout.shardGradebook(s.shard)))
            inputs << layout.shardGradebook(s.shard);
    MergeStats total;
    QStringList conflicts;
    for (qsizetype i = 0; i < merged->size(); ++i) {
        total += merged->at(i);
        conflicts << matchConflictLines(merged->at(i), inputs.value(i));
    }
    out() << "merged " << st->shards.size() << " shard(s) into " << outPath << ": " << total.runsAdded << " run(s) added, "
          << total.runsPresent << " already present; " << total.overridesAdded << " override(s) added, " << total.overridesPresent
          << " already present";
    if (total.matchesAdded + total.matchesPresent + total.matchConflicts.size() > 0)
        out() << "; " << total.matchesAdded << " settled match(es) added, " << total.matchesPresent << " already present, "
              << total.matchConflicts.size() << " in conflict";
    out() << '\n';
    out().flush();
    for (const QString &c : std::as_const(conflicts))
        err() << "sandmark-cli: warning: " << displayText(c) << Qt::endl;
    // Shards graded under other checks, reference or limits than the newest results: merged, and said.
    for (const QString &w : gradedUnderWarnings(*merged, inputs))
        err() << "sandmark-cli: warning: " << displayText(w) << Qt::endl;
    return ExitOk;
}

/// The sandbox self-test on this node: the backend's name, and when a check failed, what failed and the fixes.
struct SelfTestOutcome
{
    QString backend;
    QString problem, fix; ///< empty when every check passed
};

/// Runs the Doctor for `run`'s backend under `assignment`'s limits and waits for it; `interrupted` when Ctrl-C or
/// SIGTERM stopped the wait (nothing else is then decided).
SelfTestOutcome sandboxSelfTest(const Assignment &assignment, const SubmissionRunOptions &run, bool &interrupted)
{
    DoctorOptions doctorOptions;
    doctorOptions.limits = assignment.limits();
    doctorOptions.dockerImage = run.dockerImage;
    Doctor doctor(run.kind, doctorOptions);
    DoctorReport report;
    QEventLoop loop;
    QObject::connect(&doctor, &Doctor::finished, &loop, [&](const DoctorReport &r) {
        report = r;
        loop.quit();
    });
    const InterruptWatch watch([&] { loop.quit(); });
    QMetaObject::invokeMethod(&doctor, &Doctor::start, Qt::QueuedConnection);
    loop.exec();
    interrupted = watch.interrupted();
    SelfTestOutcome out;
    out.backend = report.backend;
    if (interrupted || report.allOk())
        return out;
    QStringList problems, fixes;
    for (const DoctorCheck &c : std::as_const(report.checks)) {
        if (c.ok)
            continue;
        problems << QStringLiteral("%1: %2").arg(c.name, c.detail);
        if (!c.fix.isEmpty() && !fixes.contains(c.fix))
            fixes << c.fix;
    }
    out.problem = QStringLiteral("%1 sandbox: %2").arg(report.backend, problems.join(QStringLiteral("; ")));
    out.fix = fixes.join(QStringLiteral("; ")).replace(QLatin1Char('\n'), QLatin1Char(' '));
    return out;
}

/// What `slurm task` is asked to do.
struct TaskRequest
{
    std::optional<Assignment> assignment;
    Shard slice;                     ///< --shard K/N
    std::optional<SandboxKind> kind; ///< --sandbox
    std::optional<QString> datasetCache; ///< --dataset-cache, when given
};

/// Parses `slurm task`'s arguments and loads the assignment; an exit code when the command ends here.
std::variant<int, TaskRequest> readTaskRequest(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("task"), QStringLiteral("What each array task runs (written into the script by submit)."));
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    const QCommandLineOption shard(QStringLiteral("shard"), QStringLiteral("The shard this task grades."), QStringLiteral("K/N"));
    const QCommandLineOption sandbox = sandboxOption(QStringLiteral("Backend: %1."));
    const QCommandLineOption datasets(QStringLiteral("dataset-cache"), QStringLiteral("HF_HOME bound read-only."), QStringLiteral("DIR"));
    parser.addOptions({shard, sandbox, datasets});
    if (int rc = parseOrExit(parser, args,
                             QStringLiteral("Run the sandbox self-test on this node, then grade shard K/N into its own gradebook "
                                            "with --jobs from SLURM_CPUS_PER_TASK."),
                             2);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    TaskRequest request;
    Expected<Shard> slice = parseShard(parser.value(shard));
    if (!slice) {
        err() << "sandmark-cli: slurm task: " << slice.error().toString() << Qt::endl;
        return ExitUsage;
    }
    request.slice = *slice;
    if (!readSandboxOption(parser, sandbox, request.kind))
        return ExitUsage;
    Expected<Assignment> assignment = loadAssignment(parser.positionalArguments().at(1));
    if (!assignment) {
        return failWith(assignment.error());
    }
    request.assignment = std::move(*assignment);
    if (parser.isSet(datasets))
        request.datasetCache = parser.value(datasets);
    return request;
}

/// The task's report (SlurmLayout::shardReport()), rewritten at each change of its state so that `slurm status`
/// can tell where the task is. Not thread-safe; the task's own thread.
class TaskProgress
{
public:
    TaskProgress(const Assignment &assignment, const Shard &slice)
        : m_path(SlurmLayout(assignment.folder()).shardReport(slice))
    {
        m_report.host = QSysInfo::machineHostName();
        m_report.jobId = qEnvironmentVariable("SLURM_ARRAY_JOB_ID") + QLatin1Char('_') + qEnvironmentVariable("SLURM_ARRAY_TASK_ID");
        m_report.attempt = qEnvironmentVariableIntValue("SLURM_RESTART_COUNT") + 1;
        m_report.started = m_report.updated = QDateTime::currentDateTimeUtc();
        if (Expected<SlurmStatus> st = readSlurmStatus(assignment, {}); st)
            if (const SlurmShardStatus *s = shardStatus(*st, slice))
                m_report.recordedAtStart = s->recorded;
    }

    const SlurmTaskReport &report() const { return m_report; }

    /// Writes the report in `state`; a failure to write is printed, and the task goes on.
    void save(SlurmTaskReport::State state, const QString &problem = {}, const QString &fix = {})
    {
        m_report.state = state;
        m_report.problem = problem;
        m_report.fix = fix;
        m_report.updated = QDateTime::currentDateTimeUtc();
        if (Expected<void> w = m_report.write(m_path); !w)
            printError(w.error());
    }

    /// Reports and prints that this node cannot grade (`problem`, and `fix` when known); the task's exit code.
    int selfTestFailed(const QString &problem, const QString &fix)
    {
        save(SlurmTaskReport::State::SelfTestFailed, problem, fix);
        err() << "sandmark-cli: slurm task: self-test FAILED on " << m_report.host << ": " << problem << Qt::endl;
        if (!fix.isEmpty())
            err() << "sandmark-cli: slurm task: fix: " << fix << Qt::endl;
        err() << "sandmark-cli: slurm task: nothing was graded on this node; fix it, then run 'sandmark-cli slurm submit' again"
              << Qt::endl;
        return ExitGraderError;
    }

private:
    const QString m_path;
    SlurmTaskReport m_report;
};

/// What is wrong with the shared cache as this node sees it, as a self-test outcome without a backend (problem and
/// fix; empty when nothing): it must be the folder `slurm submit` prepared (shared), and writable from here.
SelfTestOutcome sharedCacheProblem()
{
    const QString cache = paths::cacheDir();
    if (!QFileInfo::exists(slurmPreparedMarker(cache)))
        return {{},
                QStringLiteral("the cache folder %1 on this node does not hold what 'slurm submit' prepared (%2 is missing)")
                    .arg(cache, slurmPreparedMarker(cache)),
                QStringLiteral("put SANDMARK_CACHE_DIR on a file system every node mounts at the same path, then submit again")};
    if (Expected<void> w = paths::checkWritableFolder(cache); !w)
        return {{}, w.error().toString(), QStringLiteral("make the shared cache writable by the job's user")};
    return {};
}

/// Grades the task's shard with `grade` itself, so SIGTERM cancels as it does there (finished results kept), and
/// reports how it ended; `grade`'s exit code.
int gradeShard(const TaskRequest &request, const SubmissionRunOptions &run, TaskProgress &progress)
{
    const Assignment &assignment = *request.assignment;
    QStringList grade{QStringLiteral("grade"), assignment.folder(), QStringLiteral("--shard"),
                      QStringLiteral("%1/%2").arg(request.slice.index).arg(request.slice.count), QStringLiteral("--gradebook"),
                      SlurmLayout(assignment.folder()).shardGradebook(request.slice), QStringLiteral("--sandbox"),
                      sandboxKindName(run.kind)};
    if (const int cpus = qEnvironmentVariableIntValue("SLURM_CPUS_PER_TASK"); cpus > 0)
        grade << QStringLiteral("--jobs") << QString::number(std::min(cpus, MaxJobs));
    if (request.datasetCache)
        grade << QStringLiteral("--dataset-cache") << *request.datasetCache;
    const int rc = cmdGrade(grade);
    int toGo = -1;
    if (Expected<SlurmStatus> after = readSlurmStatus(assignment, {}); after)
        if (const SlurmShardStatus *s = shardStatus(*after, request.slice))
            toGo = s->toGo();
    if (rc == ExitInterrupted)
        progress.save(SlurmTaskReport::State::Interrupted);
    else if (toGo == 0)
        progress.save(SlurmTaskReport::State::Finished);
    else
        progress.save(SlurmTaskReport::State::Failed, QStringLiteral("grade exited with code %1 with %2 submission(s) to go (see the log)")
                                                          .arg(rc)
                                                          .arg(toGo));
    return rc;
}

/// What each array task runs: the self-test on this node, then `grade --shard K/N` into the shard's gradebook.
int task(const QStringList &args)
{
    std::variant<int, TaskRequest> read = readTaskRequest(args);
    if (const int *rc = std::get_if<int>(&read))
        return *rc;
    const TaskRequest &request = std::get<TaskRequest>(read);
    const Shard &slice = request.slice;
    TaskProgress progress(*request.assignment, slice);
    progress.save(SlurmTaskReport::State::Running);
    err() << "sandmark-cli: slurm task: shard " << slice.index << '/' << slice.count << " on " << progress.report().host
          << " (job " << progress.report().jobId << ", attempt " << progress.report().attempt << ")" << Qt::endl;

    // 1. The shared cache.
    if (const SelfTestOutcome cache = sharedCacheProblem(); !cache.problem.isEmpty())
        return progress.selfTestFailed(cache.problem, cache.fix);

    // 2. The sandbox self-test on this node: fail fast, with the fix, where the sandbox cannot run.
    const SubmissionRunOptions run =
        runOptionsFor(*request.assignment, commandLineRunChoices(request.kind, request.datasetCache.value_or(QString())));
    bool interrupted = false;
    const SelfTestOutcome selfTest = sandboxSelfTest(*request.assignment, run, interrupted);
    if (interrupted) {
        progress.save(SlurmTaskReport::State::Interrupted);
        err() << "sandmark-cli: slurm task: interrupted during the self-test; nothing graded" << Qt::endl;
        return ExitInterrupted;
    }
    if (!selfTest.problem.isEmpty())
        return progress.selfTestFailed(selfTest.problem, selfTest.fix);
    err() << "sandmark-cli: slurm task: sandbox self-test passed (" << selfTest.backend << ")" << Qt::endl;

    // 3. Grade the shard.
    return gradeShard(request, run, progress);
}

} // namespace

int cmdSlurm(const QStringList &args)
{
    const QString action = args.value(1);
    if (action == QLatin1String("--help") || action == QLatin1String("-h") || action.isEmpty()) {
        (action.isEmpty() ? err() : out())
            << "Usage: sandmark-cli slurm submit|status|merge|task ASSIGNMENT [OPTIONS]\n\n"
               "Grade a course on a Slurm cluster (docs/slurm.md):\n"
               "  submit  prepare the shared cache (environment, reference run, datasets) on this host, then submit\n"
               "          one array task per shard and a merge job that runs after the array (sbatch --parsable)\n"
               "  status  each shard's progress from its gradebook, its task's report and squeue (--watch: live)\n"
               "  merge   merge the shard gradebooks into the assignment's; refuses while a shard is unfinished\n"
               "  task    what each array task runs (written into the script by submit, not run by hand): the\n"
               "          sandbox self-test, then grade --shard K/N\n\n"
               "Run 'sandmark-cli slurm ACTION --help' for an action's options.\n";
        (action.isEmpty() ? err() : out()).flush();
        return action.isEmpty() ? ExitUsage : ExitOk;
    }
    const QStringList rest = QStringList{QStringLiteral("slurm")} + args.mid(1);
    if (action == QLatin1String("submit"))
        return submit(rest);
    if (action == QLatin1String("status"))
        return status(rest);
    if (action == QLatin1String("merge"))
        return merge(rest);
    if (action == QLatin1String("task"))
        return task(rest);
    err() << "sandmark-cli: slurm: unknown action '" << action << "'; " << kUsage << Qt::endl;
    return ExitUsage;
}

} // namespace sandmark::cli
