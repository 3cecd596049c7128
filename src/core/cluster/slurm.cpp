// Grading on a Slurm cluster: scripts, the submission and task reports, squeue, status and the shards' merge.
// Slurm's own documentation is the source of the formats: sbatch(1) (#SBATCH lines, --parsable, --array,
// --dependency, filename patterns), squeue(1) (--format, --array, --noheader).
#include "cluster/slurm.h"

#include "assignment/assignment.h"
#include "gradebook/gradebook.h"
#include "util/json_p.h"
#include "util/paths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QProcess>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>
#include <QThread>

#include <sys/vfs.h>

namespace sandmark {

namespace {

using json = nlohmann::ordered_json;

QString shardName(const Shard &s)
{
    return QStringLiteral("%1-of-%2").arg(s.index).arg(s.count);
}

/// A path (`isPath`) or other value safe both in an #SBATCH line (split at white space, no shell) and single-quoted
/// in the shell; '%' is a filename pattern in --output.
Expected<void> checkScriptValue(const QString &what, const QString &value, bool isPath)
{
    for (const QChar c : value) {
        if (c.isSpace() || c == QLatin1Char('\'') || c == QLatin1Char('"') || c == QLatin1Char('%') || c == QLatin1Char('\\')
            || c.category() == QChar::Other_Control)
            return Error{isPath ? value : what, {},
                         QStringLiteral("%1 holds '%2', which a Slurm #SBATCH line cannot carry; use %3 without white "
                                        "space, quotes, '%' or '\\'")
                             .arg(isPath ? what : QStringLiteral("'%1'").arg(value),
                                  c.isSpace() ? QStringLiteral("white space") : QString(c),
                                  isPath ? QStringLiteral("a path") : QStringLiteral("a value"))};
    }
    return {};
}

QString quoted(const QString &s)
{
    return QLatin1Char('\'') + s + QLatin1Char('\'');
}

Expected<QString> scriptHeader(const QString &assignmentFolder, const SlurmRequest &r, const QString &jobName)
{
    // Spelled as sbatch accepts them (sbatch(1)), so a typo is refused here, before the environment and the
    // reference run are prepared, instead of by sbatch afterwards.
    static const QRegularExpression memory(QStringLiteral("^[0-9]+[KMGT]?$"), QRegularExpression::CaseInsensitiveOption);
    if (!r.mem.isEmpty() && !memory.match(r.mem).hasMatch())
        return Error{QStringLiteral("--mem"), {},
                     QStringLiteral("'%1' is not a memory size sbatch accepts: a whole number with an optional unit K, "
                                    "M (the default), G or T, e.g. 8G").arg(r.mem)};
    static const QRegularExpression duration(
        QStringLiteral("^([0-9]+(:[0-9]+){0,2}|[0-9]+-[0-9]+(:[0-9]+){0,2}|UNLIMITED|INFINITE)$"),
        QRegularExpression::CaseInsensitiveOption);
    if (!r.time.isEmpty() && !duration.match(r.time).hasMatch())
        return Error{QStringLiteral("--time"), {},
                     QStringLiteral("'%1' is not a time limit sbatch accepts: minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM or "
                                    "D-HH:MM:SS, e.g. 02:00:00").arg(r.time)};
    const QList<std::tuple<QString, QString, bool>> values = {{QStringLiteral("the assignment folder"), assignmentFolder, true},
                                                              {QStringLiteral("sandmark-cli's path"), r.cli, true},
                                                              {QStringLiteral("the cache folder"), r.cacheDir, true},
                                                              {QStringLiteral("--dataset-cache"), r.datasetCache, true},
                                                              {QStringLiteral("--job-name"), jobName, false},
                                                              {QStringLiteral("--partition"), r.partition, false},
                                                              {QStringLiteral("--account"), r.account, false},
                                                              {QStringLiteral("--sandbox"), r.sandbox, false}};
    for (const auto &[what, value, isPath] : values)
        if (Expected<void> ok = checkScriptValue(what, value, isPath); !ok)
            return ok.error();
    QString s = QStringLiteral("#!/bin/bash\n");
    s += QStringLiteral("#SBATCH --job-name=%1\n").arg(jobName);
    if (!r.mem.isEmpty())
        s += QStringLiteral("#SBATCH --mem=%1\n").arg(r.mem);
    if (!r.time.isEmpty())
        s += QStringLiteral("#SBATCH --time=%1\n").arg(r.time);
    if (!r.partition.isEmpty())
        s += QStringLiteral("#SBATCH --partition=%1\n").arg(r.partition);
    if (!r.account.isEmpty())
        s += QStringLiteral("#SBATCH --account=%1\n").arg(r.account);
    s += QStringLiteral("#SBATCH --chdir=%1\n").arg(assignmentFolder);
    return s;
}

QString defaultJobName(const QString &assignmentFolder)
{
    QString name = QFileInfo(assignmentFolder).fileName();
    for (QChar &c : name)
        if (!c.isLetterOrNumber() && c != QLatin1Char('-') && c != QLatin1Char('_') && c != QLatin1Char('.'))
            c = QLatin1Char('_');
    return QStringLiteral("sandmark-") + name;
}

Expected<void> writeJsonFile(const QString &path, const json &j)
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return Error{path, {}, QStringLiteral("cannot create its folder")};
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return Error{path, {}, QStringLiteral("cannot write: %1").arg(f.errorString())};
    const std::string text = j.dump(2) + "\n";
    f.write(text.data(), qint64(text.size()));
    if (!f.commit())
        return Error{path, {}, QStringLiteral("cannot write: %1").arg(f.errorString())};
    return {};
}

Expected<json> readJsonFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{path, {}, QStringLiteral("cannot read: %1").arg(f.errorString())};
    Expected<json> j = jsonutil::parse(f.readAll(), path);
    if (j && !j->is_object())
        return Error{path, {}, QStringLiteral("expected a JSON object")};
    return j;
}

QString str(const json &j, const char *key)
{
    return QString::fromStdString(jsonutil::stringOr(j, key));
}

int integer(const json &j, const char *key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_number_integer() ? it->template get<int>() : 0;
}

QDateTime timeOf(const json &j, const char *key)
{
    return QDateTime::fromString(str(j, key), Qt::ISODate);
}

std::string isoTime(const QDateTime &t)
{
    return t.toUTC().toString(Qt::ISODate).toStdString();
}

const QList<std::pair<SlurmTaskReport::State, QString>> &stateNames()
{
    static const QList<std::pair<SlurmTaskReport::State, QString>> names = {
        {SlurmTaskReport::State::Running, QStringLiteral("running")},
        {SlurmTaskReport::State::SelfTestFailed, QStringLiteral("self-test-failed")},
        {SlurmTaskReport::State::Interrupted, QStringLiteral("interrupted")},
        {SlurmTaskReport::State::Finished, QStringLiteral("finished")},
        {SlurmTaskReport::State::Failed, QStringLiteral("failed")},
    };
    return names;
}

/// Runs a Slurm client command and returns its stdout. Errors carry its stderr.
Expected<QByteArray> runSlurmCommand(const QString &program, const QStringList &args, int timeoutMs, const QString &errorFile)
{
    const QString exe = QStandardPaths::findExecutable(program);
    if (exe.isEmpty())
        return Error{errorFile, {}, QStringLiteral("%1 is not on PATH: run this on a host of the Slurm cluster (a login node)")
                                        .arg(program)};
    QProcess p;
    p.start(exe, args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(2000);
        return Error{errorFile, {}, QStringLiteral("%1 did not answer within %2 s (is slurmctld reachable?)").arg(program).arg(timeoutMs / 1000)};
    }
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        QString msg = QString::fromLocal8Bit(p.readAllStandardError()).trimmed();
        if (msg.isEmpty())
            msg = QStringLiteral("exit code %1").arg(p.exitCode());
        return Error{errorFile, {}, QStringLiteral("%1 failed: %2").arg(program, msg)};
    }
    return p.readAllStandardOutput();
}

} // namespace

SlurmLayout::SlurmLayout(const QString &assignmentFolder)
    : m_root(QDir(assignmentFolder).filePath(QStringLiteral(".sandmark/slurm")))
{
}

QString SlurmLayout::root() const { return m_root; }
QString SlurmLayout::submissionFile() const { return m_root + QStringLiteral("/submission.json"); }
QString SlurmLayout::arrayScript() const { return m_root + QStringLiteral("/grade.sbatch"); }
QString SlurmLayout::mergeScript() const { return m_root + QStringLiteral("/merge.sbatch"); }
QString SlurmLayout::shardGradebook(const Shard &s) const { return m_root + QStringLiteral("/shards/%1.sqlite").arg(shardName(s)); }
QString SlurmLayout::shardReport(const Shard &s) const { return m_root + QStringLiteral("/shards/%1.json").arg(shardName(s)); }
QString SlurmLayout::shardLog(const Shard &s) const { return m_root + QStringLiteral("/logs/%1.log").arg(shardName(s)); }
QString SlurmLayout::mergeLog() const { return m_root + QStringLiteral("/logs/merge.log"); }
QString SlurmLayout::defaultCacheDir() const { return m_root + QStringLiteral("/cache"); }

QString slurmArraySpec(QList<int> shards)
{
    std::sort(shards.begin(), shards.end());
    shards.erase(std::unique(shards.begin(), shards.end()), shards.end());
    QStringList parts;
    for (qsizetype i = 0; i < shards.size();) {
        qsizetype j = i;
        while (j + 1 < shards.size() && shards.at(j + 1) == shards.at(j) + 1)
            ++j;
        parts << (j == i ? QString::number(shards.at(i)) : QStringLiteral("%1-%2").arg(shards.at(i)).arg(shards.at(j)));
        i = j + 1;
    }
    return parts.join(QLatin1Char(','));
}

Expected<QString> slurmArrayScript(const QString &assignmentFolder, const SlurmRequest &r, const QList<int> &shards)
{
    const QString jobName = r.jobName.isEmpty() ? defaultJobName(assignmentFolder) : r.jobName;
    Expected<QString> head = scriptHeader(assignmentFolder, r, jobName);
    if (!head)
        return head.error();
    const SlurmLayout layout(assignmentFolder);
    QString s = *head;
    s += QStringLiteral("#SBATCH --array=%1\n").arg(slurmArraySpec(shards));
    s += QStringLiteral("#SBATCH --cpus-per-task=%1\n").arg(r.cpusPerTask);
    // One log per shard, kept across requeues and resubmissions (%a: the array task, i.e. the shard).
    s += QStringLiteral("#SBATCH --output=%1/logs/%a-of-%2.log\n").arg(layout.root()).arg(r.shards);
    s += QStringLiteral("#SBATCH --open-mode=append\n");
    s += QStringLiteral("#SBATCH --requeue\n");
    s += QStringLiteral("# Written by 'sandmark-cli slurm submit' (docs/slurm.md): one array task per shard. Each task runs\n"
                        "# the sandbox self-test on its node, then grades its shard into its own gradebook; SIGTERM\n"
                        "# (scancel, time limit, preemption) keeps what finished, and a rerun resumes the shard.\n");
    s += QStringLiteral("export SANDMARK_CACHE_DIR=%1\n").arg(quoted(r.cacheDir));
    QString cmd = QStringLiteral("exec %1 slurm task %2 --shard \"${SLURM_ARRAY_TASK_ID}/%3\"")
                      .arg(quoted(r.cli), quoted(assignmentFolder))
                      .arg(r.shards);
    if (!r.sandbox.isEmpty())
        cmd += QStringLiteral(" --sandbox %1").arg(quoted(r.sandbox));
    if (!r.datasetCache.isEmpty())
        cmd += QStringLiteral(" --dataset-cache %1").arg(quoted(r.datasetCache));
    s += cmd + QLatin1Char('\n');
    return s;
}

Expected<QString> slurmMergeScript(const QString &assignmentFolder, const SlurmRequest &r)
{
    const QString jobName = (r.jobName.isEmpty() ? defaultJobName(assignmentFolder) : r.jobName) + QStringLiteral("-merge");
    SlurmRequest mergeRequest = r;
    mergeRequest.mem.clear(); // merging is light: the cluster's default memory and time suffice
    Expected<QString> head = scriptHeader(assignmentFolder, mergeRequest, jobName);
    if (!head)
        return head.error();
    QString s = *head;
    s += QStringLiteral("#SBATCH --cpus-per-task=1\n");
    s += QStringLiteral("#SBATCH --output=%1\n").arg(SlurmLayout(assignmentFolder).mergeLog());
    s += QStringLiteral("#SBATCH --open-mode=append\n");
    s += QStringLiteral("# Written by 'sandmark-cli slurm submit': runs after every shard's task ended (afterany) and merges\n"
                        "# the shard gradebooks into the assignment's; it refuses, naming them, shards that did not finish.\n");
    s += QStringLiteral("exec %1 slurm merge %2\n").arg(quoted(r.cli), quoted(assignmentFolder));
    return s;
}

Expected<SlurmSubmission> SlurmSubmission::read(const QString &path)
{
    if (!QFileInfo::exists(path))
        return Error{path, {}, QStringLiteral("no Slurm submission yet (run 'sandmark-cli slurm submit')")};
    Expected<json> j = readJsonFile(path);
    if (!j)
        return j.error();
    SlurmSubmission s;
    s.shards = integer(*j, "shards");
    if (s.shards < 1)
        return Error{path, QStringLiteral("shards"), QStringLiteral("expected a number >= 1")};
    if (const auto it = j->find("submitted_shards"); it != j->end() && it->is_array())
        for (const json &v : *it)
            if (v.is_number_integer() && v.get<int>() >= 1 && v.get<int>() <= s.shards)
                s.submittedShards << v.get<int>();
    s.arrayJobId = str(*j, "array_job");
    s.mergeJobId = str(*j, "merge_job");
    s.submitted = timeOf(*j, "submitted");
    s.cacheDir = str(*j, "cache_dir");
    return s;
}

Expected<void> SlurmSubmission::write(const QString &path) const
{
    json shardList = json::array();
    for (int k : submittedShards)
        shardList.push_back(k);
    return writeJsonFile(path, json{{"shards", shards},
                                    {"submitted_shards", shardList},
                                    {"array_job", arrayJobId.toStdString()},
                                    {"merge_job", mergeJobId.toStdString()},
                                    {"submitted", isoTime(submitted)},
                                    {"cache_dir", cacheDir.toStdString()}});
}

QString slurmTaskStateName(SlurmTaskReport::State state)
{
    for (const auto &[s, name] : stateNames())
        if (s == state)
            return name;
    return {};
}

Expected<std::optional<SlurmTaskReport>> SlurmTaskReport::read(const QString &path)
{
    if (!QFileInfo::exists(path))
        return std::optional<SlurmTaskReport>{};
    Expected<json> j = readJsonFile(path);
    if (!j)
        return j.error();
    SlurmTaskReport r;
    const QString state = str(*j, "state");
    bool known = false;
    for (const auto &[s, name] : stateNames())
        if (name == state) {
            r.state = s;
            known = true;
        }
    if (!known)
        return Error{path, QStringLiteral("state"), QStringLiteral("unknown state '%1'").arg(state)};
    r.host = str(*j, "host");
    r.jobId = str(*j, "job");
    r.attempt = integer(*j, "attempt");
    r.started = timeOf(*j, "started");
    r.updated = timeOf(*j, "updated");
    r.recordedAtStart = integer(*j, "recorded_at_start");
    r.problem = str(*j, "problem");
    r.fix = str(*j, "fix");
    return std::optional<SlurmTaskReport>(r);
}

Expected<void> SlurmTaskReport::write(const QString &path) const
{
    return writeJsonFile(path, json{{"state", slurmTaskStateName(state).toStdString()},
                                    {"host", host.toStdString()},
                                    {"job", jobId.toStdString()},
                                    {"attempt", attempt},
                                    {"started", isoTime(started)},
                                    {"updated", isoTime(updated)},
                                    {"recorded_at_start", recordedAtStart},
                                    {"problem", problem.toStdString()},
                                    {"fix", fix.toStdString()}});
}

QStringList squeueArguments(const QStringList &jobIds)
{
    return {QStringLiteral("--noheader"), QStringLiteral("--array"), QStringLiteral("--jobs=") + jobIds.join(QLatin1Char(',')),
            QStringLiteral("--format=%i|%T|%r")};
}

QList<SlurmQueueEntry> parseSqueue(const QByteArray &text)
{
    QList<SlurmQueueEntry> entries;
    for (const QByteArray &raw : text.split('\n')) {
        const QList<QByteArray> f = raw.trimmed().split('|');
        if (f.size() < 3 || f.at(0).isEmpty())
            continue;
        SlurmQueueEntry e;
        e.jobId = QString::fromUtf8(f.at(0));
        e.state = QString::fromUtf8(f.at(1));
        e.reason = QString::fromUtf8(f.at(2));
        const qsizetype us = e.jobId.indexOf(QLatin1Char('_'));
        if (us > 0) {
            e.arrayJobId = e.jobId.left(us);
            bool ok = false;
            e.task = e.jobId.mid(us + 1).toInt(&ok);
            if (!ok) // a pending range "12_[2-4]" (squeue without --array): not one task
                continue;
        } else {
            e.arrayJobId = e.jobId;
        }
        entries << e;
    }
    return entries;
}

Expected<QList<SlurmQueueEntry>> querySlurmQueue(const QStringList &jobIds)
{
    if (jobIds.isEmpty())
        return QList<SlurmQueueEntry>{};
    // squeue refuses ids it no longer knows ("Invalid job id specified") once every listed job has left the
    // queue (after MinJobAge): then nothing is queued.
    const QString exe = QStandardPaths::findExecutable(QStringLiteral("squeue"));
    if (exe.isEmpty())
        return Error{{}, {}, QStringLiteral("squeue is not on PATH: run this on a host of the Slurm cluster (a login node)")};
    QProcess p;
    p.start(exe, squeueArguments(jobIds));
    if (!p.waitForFinished(30000)) {
        p.kill();
        p.waitForFinished(2000);
        return Error{{}, {}, QStringLiteral("squeue did not answer within 30 s (is slurmctld reachable?)")};
    }
    const QByteArray errText = p.readAllStandardError();
    if (p.exitStatus() == QProcess::NormalExit && p.exitCode() != 0 && errText.contains("Invalid job id"))
        return QList<SlurmQueueEntry>{};
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return Error{{}, {}, QStringLiteral("squeue failed: %1").arg(QString::fromLocal8Bit(errText).trimmed())};
    return parseSqueue(p.readAllStandardOutput());
}

Expected<QString> submitSlurmScript(const QString &script, const QStringList &extraArgs)
{
    Expected<QByteArray> outText = runSlurmCommand(QStringLiteral("sbatch"), QStringList{QStringLiteral("--parsable")} + extraArgs + QStringList{script},
                                                   60000, script);
    if (!outText)
        return outText.error();
    // --parsable: "jobid" or "jobid;cluster".
    const QString id = QString::fromUtf8(outText->trimmed()).section(QLatin1Char(';'), 0, 0);
    bool numeric = false;
    id.toLongLong(&numeric);
    if (!numeric)
        return Error{script, {}, QStringLiteral("sbatch answered '%1', not a job id").arg(QString::fromUtf8(outText->trimmed()))};
    return id;
}

QString slurmPhaseName(SlurmShardStatus::Phase phase)
{
    switch (phase) {
    case SlurmShardStatus::Phase::Waiting: return QStringLiteral("waiting");
    case SlurmShardStatus::Phase::Running: return QStringLiteral("running");
    case SlurmShardStatus::Phase::Done: return QStringLiteral("done");
    case SlurmShardStatus::Phase::Failed: return QStringLiteral("FAILED");
    case SlurmShardStatus::Phase::Stopped: return QStringLiteral("stopped");
    }
    return {};
}

bool SlurmStatus::allDone() const
{
    return !shards.isEmpty()
           && std::all_of(shards.cbegin(), shards.cend(), [](const SlurmShardStatus &s) { return s.phase == SlurmShardStatus::Phase::Done; });
}

QList<Shard> SlurmStatus::unfinished() const
{
    QList<Shard> out;
    for (const SlurmShardStatus &s : shards)
        if (s.phase != SlurmShardStatus::Phase::Done)
            out << s.shard;
    return out;
}

namespace {

/// Counts in `row` the results of the shard's submissions `mine` that its gradebook at `gradebookPath` holds
/// (none while it does not exist): recorded, grader errors, needs review. Errors: the gradebook's.
Expected<void> countRecorded(const QString &gradebookPath, const QList<Submission> &mine, SlurmShardStatus &row)
{
    if (!QFileInfo::exists(gradebookPath) || QFileInfo(gradebookPath).size() == 0)
        return {}; // not there yet, or its task is creating it right now: nothing recorded yet
    Expected<int> v = Gradebook::checkExisting(gradebookPath);
    if (!v) { // a task creating it writes its schema within milliseconds: look once more before calling it broken
        QThread::msleep(500);
        v = Gradebook::checkExisting(gradebookPath);
    }
    if (!v)
        return v.error();
    auto gb = Gradebook::open(gradebookPath);
    if (!gb)
        return gb.error();
    auto summaries = (*gb)->gradeSummaries();
    if (!summaries)
        return summaries.error();
    QHash<QString, GradeStatus> latest;
    for (const GradeSummary &g : std::as_const(*summaries))
        latest.insert(g.studentId, g.runStatus);
    for (const Submission &s : mine) {
        const auto it = latest.constFind(s.studentId);
        if (it == latest.cend())
            continue;
        ++row.recorded;
        row.graderErrors += *it == GradeStatus::GraderError;
        row.needsReview += *it == GradeStatus::NeedsReview;
    }
    return {};
}

/// The shard's phase and, when it stopped or failed, the problem and what to do, from its results, its task's
/// report and Slurm's queue: `running` and `inQueue` as squeue lists its task, `submitted` when the last submit
/// sent it. `gradebookPath`: where its results are.
void decidePhase(SlurmShardStatus &row, bool running, bool inQueue, bool submitted, const QString &gradebookPath)
{
    using Phase = SlurmShardStatus::Phase;
    using State = SlurmTaskReport::State;
    if (row.toGo() == 0 && !running) {
        row.phase = Phase::Done; // every result is there, whatever a later attempt reported
    } else if (row.report && row.report->state == State::SelfTestFailed && !running) {
        row.phase = Phase::Failed;
        row.problem = QStringLiteral("the sandbox self-test failed on %1: %2").arg(row.report->host, row.report->problem);
        if (!row.report->fix.isEmpty())
            row.problem += QStringLiteral(" (fix: %1)").arg(row.report->fix);
    } else if (row.report && row.report->state == State::Failed && !running) {
        row.phase = Phase::Failed;
        row.problem = QStringLiteral("the task failed on %1: %2").arg(row.report->host, row.report->problem);
    } else if (running) {
        row.phase = Phase::Running;
    } else if (inQueue) {
        row.phase = Phase::Waiting;
    } else if (!row.report) {
        // Not listed and never started: not submitted this time, or it left the queue without running.
        row.phase = submitted ? Phase::Stopped : Phase::Waiting;
        if (row.phase == Phase::Stopped)
            row.problem = QStringLiteral("Slurm no longer lists its task and it never started (cancelled while "
                                         "pending?); run 'sandmark-cli slurm submit' again");
    } else if (row.report->state == State::Finished && !QFileInfo::exists(gradebookPath)) {
        // The task said it finished, yet its results are not where it wrote them: name the file, not a kill.
        row.phase = Phase::Stopped;
        row.problem = QStringLiteral("%1: missing: the task reported finished, but the shard's gradebook is gone (moved "
                                     "or deleted); run 'sandmark-cli slurm submit' again to grade its %2 submission(s)")
                          .arg(gradebookPath)
                          .arg(row.toGo());
    } else {
        row.phase = Phase::Stopped;
        const QString how = row.report->state == State::Interrupted ? QStringLiteral("was stopped (SIGTERM: scancel, time limit or preemption)")
                                                                      : QStringLiteral("ended without finishing (killed, or its node was lost)");
        row.problem = QStringLiteral("its task %1 with %2 submission(s) to go; run 'sandmark-cli slurm submit' again to resume it")
                          .arg(how)
                          .arg(row.toGo());
    }
}

} // namespace

Expected<SlurmStatus> readSlurmStatus(const Assignment &assignment, const QList<SlurmQueueEntry> &queue)
{
    const SlurmLayout layout(assignment.folder());
    Expected<SlurmSubmission> submission = SlurmSubmission::read(layout.submissionFile());
    if (!submission)
        return submission.error();
    Expected<QList<Submission>> all = discoverSubmissions(assignment.displayPath(QStringLiteral("submissions")));
    if (!all)
        return all.error();
    SlurmStatus status;
    status.submission = *submission;
    QHash<int, SlurmQueueEntry> queued;
    for (const SlurmQueueEntry &e : queue) {
        if (e.arrayJobId == submission->arrayJobId && e.task >= 1)
            queued.insert(e.task, e);
        else if (e.jobId == submission->mergeJobId)
            status.mergeState = e.state;
    }
    const QDateTime now = QDateTime::currentDateTimeUtc();
    double rate = 0; // results per second of the running tasks together
    // The pace of tasks that finished (results per second of one task): the estimate while no running task has
    // recorded a result yet (a task that just started after another finished).
    double finishedResults = 0, finishedSeconds = 0;
    int runningTasks = 0;
    for (int k = 1; k <= submission->shards; ++k) {
        SlurmShardStatus row;
        row.shard = Shard{k, submission->shards};
        row.log = layout.shardLog(row.shard);
        const QList<Submission> mine = shardOf(*all, row.shard);
        row.submissions = int(mine.size());
        const QString gradebookPath = layout.shardGradebook(row.shard);
        if (Expected<void> counted = countRecorded(gradebookPath, mine, row); !counted)
            return counted.error();
        Expected<std::optional<SlurmTaskReport>> report = SlurmTaskReport::read(layout.shardReport(row.shard));
        if (!report)
            return report.error();
        row.report = *report;
        if (const auto it = queued.constFind(k); it != queued.cend()) {
            row.queueState = it->state;
            row.queueReason = it->reason;
        }
        // squeue's job states (squeue(1), "JOB STATE CODES"): waiting to run, running; any other state
        // (COMPLETING, CANCELLED, TIMEOUT, …) means the task's work has ended.
        static const QStringList waitingStates{QStringLiteral("PENDING"), QStringLiteral("REQUEUED"),
                                               QStringLiteral("REQUEUE_HOLD"), QStringLiteral("REQUEUE_FED")};
        static const QStringList runningStates{QStringLiteral("RUNNING"), QStringLiteral("CONFIGURING"),
                                               QStringLiteral("SUSPENDED"), QStringLiteral("RESIZING")};
        const bool running = runningStates.contains(row.queueState);
        const bool inQueue = running || waitingStates.contains(row.queueState);
        runningTasks += running;
        if (row.report && row.report->state == SlurmTaskReport::State::Finished && row.report->started.isValid()) {
            const double seconds = row.report->started.msecsTo(row.report->updated) / 1000.0;
            const int done = row.recorded - row.report->recordedAtStart;
            if (seconds > 0 && done > 0) {
                finishedResults += done;
                finishedSeconds += seconds;
            }
        }
        if (running && row.report && row.report->state == SlurmTaskReport::State::Running && row.report->started.isValid()) {
            const double seconds = row.report->started.msecsTo(now) / 1000.0;
            const int done = row.recorded - row.report->recordedAtStart;
            if (seconds > 0 && done > 0)
                rate += done / seconds;
        }
        decidePhase(row, running, inQueue, submission->submittedShards.contains(k), gradebookPath);
        status.submissions += row.submissions;
        status.recorded += row.recorded;
        status.shards << row;
    }
    const int toGo = status.submissions - status.recorded;
    if (toGo == 0)
        status.etaSeconds = 0;
    else if (rate <= 0 && runningTasks > 0 && finishedSeconds > 0)
        rate = runningTasks * finishedResults / finishedSeconds;
    if (toGo > 0 && rate > 0)
        status.etaSeconds = toGo / rate;
    return status;
}

Expected<QList<MergeStats>> mergeSlurmShards(const SlurmStatus &status, const SlurmLayout &layout, const QString &outPath)
{
    QStringList missing;
    for (const SlurmShardStatus &s : status.shards) {
        if (s.phase == SlurmShardStatus::Phase::Done)
            continue;
        QString line = QStringLiteral("shard %1/%2 (%3 of %4 submission(s) to go, %5)")
                           .arg(s.shard.index)
                           .arg(s.shard.count)
                           .arg(s.toGo())
                           .arg(s.submissions)
                           .arg(slurmPhaseName(s.phase));
        if (!s.problem.isEmpty())
            line += QStringLiteral(": ") + s.problem;
        line += QStringLiteral("; log: ") + s.log;
        missing << line;
    }
    if (!missing.isEmpty())
        return Error{layout.submissionFile(), {},
                     QStringLiteral("not merging a partial course: %1 shard(s) unfinished: %2")
                         .arg(missing.size())
                         .arg(missing.join(QStringLiteral("; ")))};
    QStringList inputs;
    for (const SlurmShardStatus &s : status.shards)
        if (QFileInfo::exists(layout.shardGradebook(s.shard))) // a shard without submissions has no gradebook
            inputs << layout.shardGradebook(s.shard);
    return mergeGradebooks(outPath, inputs);
}

Expected<void> checkSharedCacheDir(const QString &cacheDir)
{
    if (!QDir().mkpath(cacheDir))
        return Error{cacheDir, {}, QStringLiteral("cannot create the shared cache folder (set SANDMARK_CACHE_DIR to a folder on the "
                                                  "cluster's shared file system that you can write)")};
    if (Expected<void> w = paths::checkWritableFolder(cacheDir); !w)
        return Error{w.error().file, {}, w.error().message + QStringLiteral(" (the shared cache: set SANDMARK_CACHE_DIR to a folder on the "
                                                                           "cluster's shared file system that you can write)")};
    struct statfs fs {};
    if (::statfs(QFile::encodeName(cacheDir).constData(), &fs) == 0) {
        constexpr long TmpfsMagic = 0x01021994, RamfsMagic = 0x858458f6;
        if (long(fs.f_type) == TmpfsMagic || long(fs.f_type) == RamfsMagic)
            return Error{cacheDir, {}, QStringLiteral("is on a memory file system of this host (tmpfs), which the compute nodes "
                                                      "do not see; set SANDMARK_CACHE_DIR to a folder on the shared file system")};
    }
    return {};
}

QString slurmPreparedMarker(const QString &cacheDir)
{
    return QDir(cacheDir).filePath(QStringLiteral(".sandmark-slurm-prepared"));
}

} // namespace sandmark
