// The Slurm front end's pure parts (src/core/cluster/slurm.h): scripts, array specs, squeue's output, the
// submission record and task reports, each shard's phase, the merge's refusal and the shared-cache check. No Slurm
// needed; tests/slurm/test_slurm.py runs the whole thing against a real single-node cluster.
#include "assignment/assignment.h"
#include "batch/referencerun.h"
#include "batch/submissions.h"
#include "cluster/slurm.h"
#include "gradebook/gradebook.h"
#include "testsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace sandmark;
using namespace Qt::StringLiterals;

namespace {
const QString kIris = QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris");

/// The record `slurm submit` leaves: 3 shards, all submitted, array job 7, merge job 8.
bool writeThreeShardSubmission(const SlurmLayout &layout)
{
    SlurmSubmission s;
    s.shards = 3;
    s.submittedShards = {1, 2, 3};
    s.arrayJobId = u"7"_s;
    s.mergeJobId = u"8"_s;
    s.submitted = QDateTime::currentDateTimeUtc();
    return bool(s.write(layout.submissionFile()));
}
}

class TestCluster : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void arraySpec_data();
    void arraySpec();
    void arrayScriptRunsTheTaskPerShard();
    void scriptRefusesWhatSbatchLinesCannotHold_data();
    void scriptRefusesWhatSbatchLinesCannotHold();
    void parseSqueueLines();
    void submissionAndReportRoundTrip();
    void badReportNamesTheFile();
    void phasesFromReportsAndQueue();
    void etaFromFinishedTasksWhileNoRunningOneRecorded();
    void mergeRefusesUnfinishedShardsAndWritesNothing();
    void mergeWarnsOfShardsGradedUnderOtherChecks();
    void sharedCacheRefusesTmpfs();
    void memAndTimeAsSbatchSpellsThem();

private:
    QString assignmentCopy(QTemporaryDir &dir);
};

QString TestCluster::assignmentCopy(QTemporaryDir &dir)
{
    const QString a = dir.filePath(u"iris"_s);
    test::copyTree(kIris, a);
    return a;
}

void TestCluster::arraySpec_data()
{
    QTest::addColumn<QList<int>>("shards");
    QTest::addColumn<QString>("spec");
    QTest::newRow("all") << QList<int>{1, 2, 3} << u"1-3"_s;
    QTest::newRow("one") << QList<int>{2} << u"2"_s;
    QTest::newRow("gaps, unsorted, repeated") << QList<int>{7, 2, 5, 8, 2} << u"2,5,7-8"_s;
}

void TestCluster::arraySpec()
{
    QFETCH(QList<int>, shards);
    QFETCH(QString, spec);
    QCOMPARE(slurmArraySpec(shards), spec);
}

void TestCluster::arrayScriptRunsTheTaskPerShard()
{
    SlurmRequest r;
    r.shards = 8;
    r.cpusPerTask = 4;
    r.mem = u"16G"_s;
    r.time = u"02:00:00"_s;
    r.partition = u"short"_s;
    r.cli = u"/opt/sandmark/bin/sandmark-cli"_s;
    r.cacheDir = u"/project/cache"_s;
    Expected<QString> s = slurmArrayScript(u"/courses/hw1"_s, r, {2, 5});
    QVERIFY2(s, qPrintable(s ? QString() : s.error().toString()));
    const QStringList lines = s->split(u'\n');
    QCOMPARE(lines.first(), u"#!/bin/bash"_s);
    for (const QString &want : {u"#SBATCH --job-name=sandmark-hw1"_s, u"#SBATCH --array=2,5"_s, u"#SBATCH --cpus-per-task=4"_s,
                                u"#SBATCH --mem=16G"_s, u"#SBATCH --time=02:00:00"_s, u"#SBATCH --partition=short"_s,
                                u"#SBATCH --chdir=/courses/hw1"_s, u"#SBATCH --output=/courses/hw1/.sandmark/slurm/logs/%a-of-8.log"_s,
                                u"#SBATCH --open-mode=append"_s, u"#SBATCH --requeue"_s,
                                u"export SANDMARK_CACHE_DIR='/project/cache'"_s,
                                u"exec '/opt/sandmark/bin/sandmark-cli' slurm task '/courses/hw1' --shard \"${SLURM_ARRAY_TASK_ID}/8\""_s})
        QVERIFY2(lines.contains(want), qPrintable(want + u"\nnot in:\n"_s + *s));
    QVERIFY(!s->contains(u"--account"_s));
    Expected<QString> m = slurmMergeScript(u"/courses/hw1"_s, r);
    QVERIFY(m);
    QVERIFY2(m->contains(u"#SBATCH --output=/courses/hw1/.sandmark/slurm/logs/merge.log\n"_s), qPrintable(*m));
    QVERIFY2(m->contains(u"exec '/opt/sandmark/bin/sandmark-cli' slurm merge '/courses/hw1'\n"_s), qPrintable(*m));
    QVERIFY(!m->contains(u"--mem"_s));
}

void TestCluster::memAndTimeAsSbatchSpellsThem()
{
    // Refused before anything is prepared (sbatch would refuse them only after the reference run), naming the option.
    SlurmRequest r;
    r.cli = u"/usr/bin/sandmark-cli"_s;
    r.cacheDir = u"/project/cache"_s;
    for (const QString &mem : {u"8G"_s, u"512"_s, u"16g"_s, u"1T"_s})
        for (const QString &time : {u"30"_s, u"02:00:00"_s, u"1-12"_s, u"2-00:30:00"_s, u"45:00"_s, u"UNLIMITED"_s}) {
            r.mem = mem;
            r.time = time;
            QVERIFY2(slurmArrayScript(u"/courses/hw1"_s, r, {1}), qPrintable(mem + u' ' + time));
        }
    r.time.clear();
    for (const QString &mem : {u"abc"_s, u"-5G"_s, u"8.5G"_s, u"8GB"_s, u"8 G"_s}) {
        r.mem = mem;
        Expected<QString> s = slurmArrayScript(u"/courses/hw1"_s, r, {1});
        QVERIFY2(!s, qPrintable(mem));
        QCOMPARE(s.error().file, u"--mem"_s);
        // A memory size, not a path (white space was called a path's before: fresh-user attack s17).
        QVERIFY2(s.error().message.startsWith(u"'%1' is not a memory size sbatch accepts"_s.arg(mem)), qPrintable(s.error().message));
    }
    r.mem.clear();
    for (const QString &time : {u"xyz"_s, u"-1"_s, u"2h"_s, u"1:2:3:4"_s}) {
        r.time = time;
        Expected<QString> s = slurmArrayScript(u"/courses/hw1"_s, r, {1});
        QVERIFY2(!s, qPrintable(time));
        QCOMPARE(s.error().file, u"--time"_s);
    }
}

void TestCluster::scriptRefusesWhatSbatchLinesCannotHold_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("partition");
    QTest::newRow("space in the folder") << u"/courses/my hw"_s << QString();
    QTest::newRow("quote in the folder") << u"/courses/it's"_s << QString();
    QTest::newRow("percent in the folder") << u"/courses/100%"_s << QString();
    QTest::newRow("newline in the partition") << u"/courses/hw1"_s << u"short\n#SBATCH --uid=0"_s;
}

void TestCluster::scriptRefusesWhatSbatchLinesCannotHold()
{
    QFETCH(QString, folder);
    QFETCH(QString, partition);
    SlurmRequest r;
    r.cli = u"/usr/bin/sandmark-cli"_s;
    r.cacheDir = u"/project/cache"_s;
    r.partition = partition;
    Expected<QString> s = slurmArrayScript(folder, r, {1});
    QVERIFY(!s);
    QVERIFY2(s.error().message.contains(u"#SBATCH line cannot carry"_s), qPrintable(s.error().toString()));
    QCOMPARE(s.error().file, partition.isEmpty() ? folder : u"--partition"_s);
    QVERIFY2(s.error().message.endsWith(partition.isEmpty() ? u"use a path without white space, quotes, '%' or '\\'"_s
                                                            : u"use a value without white space, quotes, '%' or '\\'"_s),
             qPrintable(s.error().message));
    QVERIFY(!slurmMergeScript(folder, r));
}

void TestCluster::parseSqueueLines()
{
    const QList<SlurmQueueEntry> e = parseSqueue("12_1|RUNNING|None\n12_3|PENDING|Resources\n13|PENDING|Dependency\n"
                                                 "12_[4-6]|PENDING|Priority\ngarbage\n\n");
    QCOMPARE(e.size(), 3);
    QCOMPARE(e[0].arrayJobId, u"12"_s);
    QCOMPARE(e[0].task, 1);
    QCOMPARE(e[0].state, u"RUNNING"_s);
    QCOMPARE(e[1].task, 3);
    QCOMPARE(e[1].reason, u"Resources"_s);
    QCOMPARE(e[2].jobId, u"13"_s);
    QCOMPARE(e[2].task, -1);
    QCOMPARE(squeueArguments({u"12"_s, u"13"_s}),
             (QStringList{u"--noheader"_s, u"--array"_s, u"--jobs=12,13"_s, u"--format=%i|%T|%r"_s}));
}

void TestCluster::submissionAndReportRoundTrip()
{
    QTemporaryDir dir;
    SlurmSubmission s;
    s.shards = 3;
    s.submittedShards = {2, 3};
    s.arrayJobId = u"41"_s;
    s.mergeJobId = u"42"_s;
    s.submitted = QDateTime(QDate(2026, 12, 1), QTime(10, 0), Qt::UTC);
    s.cacheDir = u"/project/cache"_s;
    const QString path = dir.filePath(u"a/b/submission.json"_s);
    QVERIFY(s.write(path));
    Expected<SlurmSubmission> back = SlurmSubmission::read(path);
    QVERIFY(back);
    QCOMPARE(back->shards, 3);
    QCOMPARE(back->submittedShards, (QList<int>{2, 3}));
    QCOMPARE(back->arrayJobId, u"41"_s);
    QCOMPARE(back->mergeJobId, u"42"_s);
    QCOMPARE(back->submitted, s.submitted);
    QCOMPARE(back->cacheDir, s.cacheDir);
    Expected<SlurmSubmission> none = SlurmSubmission::read(dir.filePath(u"missing.json"_s));
    QVERIFY(!none);
    QVERIFY(none.error().message.contains(u"slurm submit"_s));

    SlurmTaskReport r;
    r.state = SlurmTaskReport::State::SelfTestFailed;
    r.host = u"node17"_s;
    r.jobId = u"41_2"_s;
    r.attempt = 2;
    r.started = r.updated = s.submitted;
    r.recordedAtStart = 5;
    r.problem = u"bwrap sandbox: bwrap: not found"_s;
    r.fix = u"install bubblewrap"_s;
    const QString rp = dir.filePath(u"shards/2-of-3.json"_s);
    QVERIFY(r.write(rp));
    Expected<std::optional<SlurmTaskReport>> rb = SlurmTaskReport::read(rp);
    QVERIFY(rb && *rb);
    QCOMPARE((*rb)->state, SlurmTaskReport::State::SelfTestFailed);
    QCOMPARE((*rb)->host, u"node17"_s);
    QCOMPARE((*rb)->attempt, 2);
    QCOMPARE((*rb)->recordedAtStart, 5);
    QCOMPARE((*rb)->fix, u"install bubblewrap"_s);
    Expected<std::optional<SlurmTaskReport>> absent = SlurmTaskReport::read(dir.filePath(u"shards/1-of-3.json"_s));
    QVERIFY(absent && !*absent);
}

void TestCluster::badReportNamesTheFile()
{
    QTemporaryDir dir;
    const QString p = dir.filePath(u"r.json"_s);
    {
        QFile f(p);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"state\": \"exploded\"}");
    }
    Expected<std::optional<SlurmTaskReport>> r = SlurmTaskReport::read(p);
    QVERIFY(!r);
    QCOMPARE(r.error().file, p);
    QCOMPARE(r.error().location, u"state"_s);
    {
        QFile f(p);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("{\"state\": ");
    }
    r = SlurmTaskReport::read(p);
    QVERIFY(!r);
    QCOMPARE(r.error().file, p);
    QVERIFY2(r.error().location.startsWith(u"line 1"_s), qPrintable(r.error().toString()));
}

// 14 submissions in 3 shards (5, 5, 4), no gradebooks yet: each shard's phase from its report and squeue.
void TestCluster::phasesFromReportsAndQueue()
{
    QTemporaryDir dir;
    const QString a = assignmentCopy(dir);
    Expected<Assignment> assignment = Assignment::load(a);
    QVERIFY(assignment);
    const SlurmLayout layout(a);
    QVERIFY(writeThreeShardSubmission(layout));
    SlurmTaskReport failed;
    failed.state = SlurmTaskReport::State::SelfTestFailed;
    failed.host = u"node3"_s;
    failed.problem = u"bwrap: not found"_s;
    failed.fix = u"install bubblewrap"_s;
    QVERIFY(failed.write(layout.shardReport(Shard{2, 3})));
    SlurmTaskReport stopped;
    stopped.state = SlurmTaskReport::State::Interrupted;
    stopped.host = u"node4"_s;
    QVERIFY(stopped.write(layout.shardReport(Shard{3, 3})));

    Expected<SlurmStatus> st = readSlurmStatus(*assignment, parseSqueue("7_1|PENDING|Resources\n8|PENDING|Dependency\n"));
    QVERIFY2(st, qPrintable(st ? QString() : st.error().toString()));
    QCOMPARE(st->shards.size(), 3);
    QCOMPARE(st->submissions, 14);
    QCOMPARE(st->recorded, 0);
    QCOMPARE(st->shards[0].submissions, 5);
    QCOMPARE(st->shards[2].submissions, 4);
    QCOMPARE(st->shards[0].phase, SlurmShardStatus::Phase::Waiting);
    QCOMPARE(st->shards[0].queueReason, u"Resources"_s);
    QCOMPARE(st->shards[1].phase, SlurmShardStatus::Phase::Failed);
    QVERIFY2(st->shards[1].problem.contains(u"self-test failed on node3: bwrap: not found (fix: install bubblewrap)"_s),
             qPrintable(st->shards[1].problem));
    QCOMPARE(st->shards[2].phase, SlurmShardStatus::Phase::Stopped);
    QVERIFY2(st->shards[2].problem.contains(u"4 submission(s) to go"_s), qPrintable(st->shards[2].problem));
    QCOMPARE(st->mergeState, u"PENDING"_s);
    QCOMPARE(st->etaSeconds, -1.0);
    QCOMPARE(st->unfinished().size(), 3);
    QVERIFY(!st->allDone());

    // Shard 3 requeued and running again: running, whatever its last report said.
    st = readSlurmStatus(*assignment, parseSqueue("7_3|RUNNING|None\n"));
    QVERIFY(st);
    QCOMPARE(st->shards[2].phase, SlurmShardStatus::Phase::Running);
    // Not listed and never started although submitted: stopped (cancelled while pending).
    QCOMPARE(st->shards[0].phase, SlurmShardStatus::Phase::Stopped);

    // A shard whose task reported finished but whose gradebook is gone: the missing file is named.
    SlurmTaskReport finished;
    finished.state = SlurmTaskReport::State::Finished;
    finished.host = u"node5"_s;
    QVERIFY(finished.write(layout.shardReport(Shard{3, 3})));
    st = readSlurmStatus(*assignment, {});
    QVERIFY(st);
    QCOMPARE(st->shards[2].phase, SlurmShardStatus::Phase::Stopped);
    QVERIFY2(st->shards[2].problem.startsWith(layout.shardGradebook(Shard{3, 3}) + u": missing"_s),
             qPrintable(st->shards[2].problem));
}

// The ETA while the running task has not recorded a result yet (it started when another finished): the finished
// task's pace (5 results in 10 s) times the running tasks, over what is left (9): 18 s. Before, no ETA was shown.
void TestCluster::etaFromFinishedTasksWhileNoRunningOneRecorded()
{
    QTemporaryDir dir;
    const QString a = assignmentCopy(dir);
    Expected<Assignment> assignment = Assignment::load(a);
    QVERIFY(assignment);
    const SlurmLayout layout(a);
    QVERIFY(writeThreeShardSubmission(layout));
    const QDateTime now = QDateTime::currentDateTimeUtc();
    SlurmTaskReport finished;
    finished.state = SlurmTaskReport::State::Finished;
    finished.host = u"node1"_s;
    finished.started = now.addSecs(-50);
    finished.updated = now.addSecs(-40);
    QVERIFY(finished.write(layout.shardReport(Shard{1, 3})));
    Expected<QList<Submission>> all = discoverSubmissions(a + u"/submissions"_s);
    QVERIFY(all);
    {
        auto gb = Gradebook::open(layout.shardGradebook(Shard{1, 3}));
        QVERIFY(gb);
        for (const Submission &sub : shardOf(*all, Shard{1, 3})) {
            RunRecord r;
            r.studentId = sub.studentId;
            r.started = now.addSecs(-45);
            r.finished = now.addSecs(-44);
            QVERIFY((*gb)->recordRun(r));
        }
    }
    SlurmTaskReport running;
    running.state = SlurmTaskReport::State::Running;
    running.host = u"node2"_s;
    running.started = now;
    QVERIFY(running.write(layout.shardReport(Shard{2, 3})));

    Expected<SlurmStatus> st = readSlurmStatus(*assignment, parseSqueue("7_2|RUNNING|None\n7_3|PENDING|Resources\n"));
    QVERIFY2(st, qPrintable(st ? QString() : st.error().toString()));
    QCOMPARE(st->recorded, 5);
    QCOMPARE(st->shards[0].phase, SlurmShardStatus::Phase::Done);
    QCOMPARE(st->shards[1].phase, SlurmShardStatus::Phase::Running);
    QCOMPARE(st->etaSeconds, 18.0);
    // Nothing runs: no pace to apply, no ETA.
    st = readSlurmStatus(*assignment, parseSqueue("7_3|PENDING|Resources\n"));
    QVERIFY(st);
    QCOMPARE(st->etaSeconds, -1.0);
}

void TestCluster::mergeRefusesUnfinishedShardsAndWritesNothing()
{
    QTemporaryDir dir;
    const QString a = assignmentCopy(dir);
    Expected<Assignment> assignment = Assignment::load(a);
    QVERIFY(assignment);
    const SlurmLayout layout(a);
    SlurmSubmission s;
    s.shards = 2;
    s.submittedShards = {1, 2};
    s.arrayJobId = u"7"_s;
    QVERIFY(s.write(layout.submissionFile()));
    Expected<SlurmStatus> st = readSlurmStatus(*assignment, {});
    QVERIFY(st);
    const QString out = dir.filePath(u"merged.sqlite"_s);
    Expected<QList<MergeStats>> m = mergeSlurmShards(*st, layout, out);
    QVERIFY(!m);
    QVERIFY2(m.error().message.contains(u"not merging a partial course: 2 shard(s) unfinished"_s), qPrintable(m.error().toString()));
    QVERIFY2(m.error().message.contains(u"shard 1/2 (7 of 7 submission(s) to go"_s), qPrintable(m.error().toString()));
    QVERIFY2(m.error().message.contains(u"shard 2/2"_s), qPrintable(m.error().toString()));
    QVERIFY2(m.error().message.contains(layout.shardLog(Shard{2, 2})), qPrintable(m.error().toString()));
    QVERIFY(!QFile::exists(out));
}

// A shard graded before the checks were edited and one graded after: both merge, and the merge names the older
// shard, the shard of the newest results and how many results differ (before, slurm merge said nothing). Each run
// records the assignment inputs key it was graded under, as a batch does (its inputs hash is made from it), so the
// merged results of the older shard are exactly the stale ones.
void TestCluster::mergeWarnsOfShardsGradedUnderOtherChecks()
{
    QTemporaryDir dir;
    const QString a = assignmentCopy(dir);
    const SlurmLayout layout(a);
    SlurmSubmission submission;
    submission.shards = 2;
    submission.submittedShards = {1, 2};
    submission.arrayJobId = u"7"_s;
    QVERIFY(submission.write(layout.submissionFile()));
    Expected<QList<Submission>> all = discoverSubmissions(a + u"/submissions"_s);
    QVERIFY(all);
    const QString environment = u"env-1"_s;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    // Shard `index` graded under the assignment as it is now.
    const auto gradeShard = [&](int index, int minutesAgo) {
        Expected<Assignment> assignment = Assignment::load(a);
        QVERIFY(assignment);
        const QString reference = referenceKey(*assignment, environment);
        const QString inputsKey = assignmentInputsKey(*assignment, reference);
        auto gb = Gradebook::open(layout.shardGradebook(Shard{index, 2}));
        QVERIFY(gb);
        for (const Submission &sub : shardOf(*all, Shard{index, 2})) {
            RunRecord r;
            r.studentId = sub.studentId;
            r.filesHash = u"files-"_s + sub.studentId;
            r.inputsHash = Gradebook::inputsHash(r.filesHash, inputsKey);
            r.inputsKey = inputsKey;
            r.referenceKey = reference;
            r.environmentKey = environment;
            r.backend = u"bwrap"_s;
            r.started = now.addSecs(-60 * minutesAgo);
            r.finished = r.started.addSecs(2);
            r.result.status = GradeStatus::Graded;
            QVERIFY((*gb)->recordRun(r));
        }
        SlurmTaskReport finished;
        finished.state = SlurmTaskReport::State::Finished;
        finished.host = u"node%1"_s.arg(index);
        QVERIFY(finished.write(layout.shardReport(Shard{index, 2})));
    };
    gradeShard(1, 30);
    // The instructor gives the first check another point, then shard 2 is (re)submitted.
    QFile json(a + u"/assignment.json"_s);
    QVERIFY(json.open(QIODevice::ReadOnly));
    QJsonObject root = QJsonDocument::fromJson(json.readAll()).object();
    json.close();
    QJsonArray checks = root.value(u"checks"_s).toArray();
    QJsonObject first = checks.at(0).toObject();
    first.insert(u"points"_s, first.value(u"points"_s).toDouble(1) + 1);
    checks.replace(0, first);
    root.insert(u"checks"_s, checks);
    QVERIFY(json.open(QIODevice::WriteOnly | QIODevice::Truncate));
    json.write(QJsonDocument(root).toJson());
    json.close();
    gradeShard(2, 5);

    Expected<Assignment> assignment = Assignment::load(a);
    QVERIFY(assignment);
    Expected<SlurmStatus> st = readSlurmStatus(*assignment, {});
    QVERIFY2(st, qPrintable(st ? QString() : st.error().toString()));
    QVERIFY(st->allDone());
    const QString out = dir.filePath(u"merged.sqlite"_s);
    Expected<QList<MergeStats>> merged = mergeSlurmShards(*st, layout, out);
    QVERIFY2(merged, qPrintable(merged ? QString() : merged.error().toString()));
    const QString s1 = layout.shardGradebook(Shard{1, 2}), s2 = layout.shardGradebook(Shard{2, 2});
    const int older = int(shardOf(*all, Shard{1, 2}).size());
    QCOMPARE(gradedUnderWarnings(*merged, {s1, s2}),
             QStringList{u"%1: %2 of %2 result(s) were graded under other checks or assignment.json settings (the same "
                         "reference run) than the newest results (in %3); merged as they are: sandmark-cli grade ASSIGNMENT "
                         "regrades every result graded under other inputs than the assignment's current ones (export marks "
                         "them stale)"_s.arg(s1)
                             .arg(older)
                             .arg(s2)});
    // Exactly the older shard's results are stale under today's assignment.
    auto gb = Gradebook::open(out);
    QVERIFY(gb);
    Expected<QList<EffectiveGrade>> grades = (*gb)->effectiveGrades();
    QVERIFY(grades);
    markStale(*grades, *assignment);
    int stale = 0;
    for (const EffectiveGrade &g : std::as_const(*grades))
        stale += g.stale ? 1 : 0;
    QCOMPARE(stale, older);
}

void TestCluster::sharedCacheRefusesTmpfs()
{
    QTemporaryDir dir;
    QVERIFY(checkSharedCacheDir(dir.filePath(u"cache"_s)));
    QVERIFY(QFileInfo(dir.filePath(u"cache"_s)).isDir());
    if (!QFileInfo(u"/dev/shm"_s).isWritable())
        QSKIP("no writable /dev/shm (the tmpfs this check needs) on this machine");
    QTemporaryDir shm(u"/dev/shm/sandmark-test-XXXXXX"_s);
    QVERIFY(shm.isValid());
    Expected<void> refused = checkSharedCacheDir(shm.path());
    QVERIFY(!refused);
    QCOMPARE(refused.error().file, shm.path());
    QVERIFY2(refused.error().message.contains(u"tmpfs"_s), qPrintable(refused.error().toString()));
}

QTEST_GUILESS_MAIN(TestCluster)
#include "tst_cluster.moc"
