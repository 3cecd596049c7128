// Gradebook: SQLite storage of runs, overrides, effective grades, resume decisions, crash safety, exports.
#include "gradebook/export.h"
#include "gradebook/gradebook.h"
#include "util/paths.h"

#include <QCoreApplication>
#include <QMap>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>

#include <csignal>
#include <unistd.h>

using namespace sandmark;

namespace {

/// Turns the gradebook at `path` back into schema `version`: undoes each migration step above it (what
/// Gradebook::migrate() adds per version), newest first, and sets user_version.
bool downgradeTo(const QString &path, int version)
{
    // Step N+1 → N undoes what version N+1 added.
    const QMap<int, const char *> added{{2, "ALTER TABLE runs DROP COLUMN artifacts"},
                                        {3, "ALTER TABLE runs DROP COLUMN notes"},
                                        {4, "DROP TABLE notebook_matches"},
                                        {5, "ALTER TABLE runs DROP COLUMN execution_hash"},
                                        {6, "ALTER TABLE runs DROP COLUMN stored_digest"},
                                        {7, "DROP TABLE reviews"},
                                        {8, "ALTER TABLE runs DROP COLUMN inputs_key"}};
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("downgrade"));
        db.setDatabaseName(path);
        ok = db.open();
        QSqlQuery q(db);
        for (int v = Gradebook::schemaVersion; ok && v > version; --v)
            ok = q.exec(QLatin1String(added.value(v)));
        ok = ok && q.exec(QStringLiteral("PRAGMA user_version = %1").arg(version));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("downgrade"));
    return ok;
}

/// A run of `student` with `nChecks` value checks, the first `passing` of them passed.
RunRecord makeRun(const QString &student, int nChecks, int passing, const QString &inputs = QStringLiteral("in-1"),
                  GradeStatus status = GradeStatus::Graded)
{
    RunRecord run;
    run.studentId = student;
    run.filesHash = QStringLiteral("files-") + student;
    run.inputsHash = inputs;
    run.started = QDateTime::currentDateTimeUtc();
    run.finished = run.started.addSecs(3);
    run.backend = QStringLiteral("bwrap");
    run.environmentKey = QStringLiteral("env-abc");
    run.referenceKey = QStringLiteral("ref-def");
    run.result.status = status;
    for (int i = 0; i < nChecks; ++i) {
        CheckResult c;
        c.checkId = QStringLiteral("q%1").arg(i + 1);
        c.maxPoints = 2;
        c.outcome = status == GradeStatus::GraderError ? Outcome::NotGraded : i < passing ? Outcome::Pass : Outcome::Fail;
        c.points = c.outcome == Outcome::Pass ? 2 : 0;
        c.expected = QStringLiteral("15");
        c.actual = c.outcome == Outcome::Pass ? QStringLiteral("15") : QStringLiteral("5");
        c.feedback = c.outcome == Outcome::Fail ? QStringLiteral("`total`: value 5 ≠ 15") : QString();
        run.result.checks << c;
        run.result.score += c.points;
        run.result.maxScore += c.maxPoints;
    }
    return run;
}

/// `run` with manual checks added, each awaiting a person (outcome not-graded), as grade() records them.
RunRecord withManual(RunRecord run, const QStringList &ids)
{
    for (const QString &id : ids) {
        CheckResult c;
        c.checkId = id;
        c.type = Check::Type::Manual;
        c.maxPoints = 2;
        c.outcome = Outcome::NotGraded;
        c.feedback = QStringLiteral("graded by hand: answer cell '%1'").arg(id);
        c.actual = QStringLiteral("the answer");
        run.result.checks << c;
        run.result.maxScore += c.maxPoints;
    }
    return run;
}

std::unique_ptr<Gradebook> openOrDie(const QString &path)
{
    auto gb = Gradebook::open(path);
    if (!gb)
        qFatal("%s", qPrintable(gb.error().toString()));
    return std::move(*gb);
}

/// Child mode: writes runs in a loop, printing "committed N" after each commit, until killed.
int writerMain(const QString &path)
{
    auto gb = openOrDie(path);
    QTextStream out(stdout);
    for (int i = 0;; ++i) {
        auto id = gb->recordRun(makeRun(QStringLiteral("s%1").arg(i, 5, 10, QLatin1Char('0')), 12, i % 12));
        if (!id) {
            out << "error " << id.error().toString() << Qt::endl;
            return 1;
        }
        out << "committed " << i << Qt::endl;
    }
}

/// Child mode: holds a gradebook open the way a batch does, with every other opener of a gradebook in the same
/// process run while its connection is open (the header check, a second connection closed again, the copy a merge
/// reads an older input through). Records "s0", prints "ready", then records "sK" for each line "record K" on stdin,
/// printing "committed K" after each commit, until killed.
int holderMain(const QString &path)
{
    auto gb = openOrDie(path);
    QTextStream out(stdout);
    if (!gb->recordRun(makeRun(QStringLiteral("s0"), 2, 1)))
        return 1;
    if (!Gradebook::checkExisting(path))
        return 2;
    openOrDie(path); // a second connection of this process (the CLI's reader, the app's worker threads), closed
    QTemporaryDir copies;
    if (!Gradebook::copyExisting(path, copies.filePath(QStringLiteral("copy.sqlite"))))
        return 3;
    out << "ready" << Qt::endl;
    QTextStream in(stdin);
    QString line;
    while (in.readLineInto(&line)) {
        if (!line.startsWith(QLatin1String("record ")))
            continue;
        const QString k = line.mid(7);
        if (auto id = gb->recordRun(makeRun(QStringLiteral("s") + k, 2, 1)); !id) {
            out << "error " << id.error().toString() << Qt::endl;
            return 4;
        }
        out << "committed " << k << Qt::endl;
    }
    ::pause();
    return 0;
}

/// Child mode: another process's reader (`sandmark-cli export`, the app): opens the gradebook, reads, closes.
int openCloseMain(const QString &path)
{
    auto gb = openOrDie(path);
    return gb->runCount() ? 0 : 1;
}

/// Reads `p`'s stdout until a line `line` arrives (30 s at most); false when it does not.
bool waitForLine(QProcess &p, QByteArray &buffer, const QByteArray &line)
{
    while (!buffer.split('\n').contains(line)) {
        if (!p.waitForReadyRead(30000))
            return false;
        buffer += p.readAllStandardOutput();
    }
    return true;
}

} // namespace

class TestGradebook : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // A folder on a pseudo file system (/proc has no size at all) is not "a full disk" (fresh-user finding:
    // `grade --gradebook /proc/nope.sqlite` said "the disk is full (0 bytes free on /proc)").
    void pseudoFileSystemIsNotAFullDisk()
    {
        if (!QFileInfo(QStringLiteral("/proc/self")).exists())
            QSKIP("no /proc on this system");
        const Expected<void> r = paths::checkWritableFolder(QStringLiteral("/proc/sandmark-nope"));
        QVERIFY(!r);
        QVERIFY2(!r.error().message.contains(QLatin1String("disk is full")), qPrintable(r.error().toString()));
        QVERIFY2(r.error().message.startsWith(QLatin1String("cannot create the folder")), qPrintable(r.error().toString()));
    }

    void defaultPath();
    void commitAndReopen();
    void schemaVersionAndWal();
    void migratesVersion1();
    void migratesVersion2();
    void migratesVersion3();
    void migratesVersion4();
    void reusableRunFollowsTheRerunRules();
    void migratesVersion5();
    void latestRunsOfEveryStudentInOneQuery();
    void recordRunsIsOneTransaction();
    void refusesForeignDatabase();
    void fullDiskLeavesNothing();
    void artifactsRoundTripAndMerge();
    void mergeCarriesSettledMatches();
    void mergeReadsAnOlderInputWithoutChangingIt();
    void overrideSurvivesRegrade();
    void overrideErrors();
    void supersededArtifacts();
    void submissionOverrideSettlesTheStatus();
    void needsRerun();
    void manualGradesSettleNeedsManual();
    void graderErrorIsNeverZero();
    void nothingGradedIsBlank();
    void summariesMatchEffectiveGrades();
    void sigkillLeavesConsistentDatabase();
    void anotherProcessClosingItLosesNothing();
    void csvQuoting_data();
    void csvQuoting();
    void exportPlainCsv();
    void exportCanvas();
    void reviewMarksSurviveRegradesAndMerges();
    void foreignDatabaseIsLeftAsItWas();
};

void TestGradebook::defaultPath()
{
    QCOMPARE(Gradebook::defaultPath(QStringLiteral("/course/hw1")), QStringLiteral("/course/hw1/.sandmark/gradebook.sqlite"));
}

void TestGradebook::commitAndReopen()
{
    QTemporaryDir dir;
    const QString path = Gradebook::defaultPath(dir.path());
    {
        auto gb = openOrDie(path); // creates .sandmark/
        QVERIFY(gb->recordRun(makeRun(QStringLiteral("alice"), 3, 2)));
        QVERIFY(gb->recordRun(makeRun(QStringLiteral("bob"), 3, 3)));
    }
    auto gb = openOrDie(path);
    auto grades = gb->effectiveGrades();
    QVERIFY(grades);
    QCOMPARE(grades->size(), 2);
    const EffectiveGrade &alice = grades->at(0);
    QCOMPARE(alice.studentId, QStringLiteral("alice"));
    QCOMPARE(alice.score(), std::optional<double>(4));
    QCOMPARE(alice.maxScore, 6.0);
    QCOMPARE(alice.backend, QStringLiteral("bwrap"));
    QCOMPARE(alice.checks.size(), 3);
    QCOMPARE(alice.checks.at(2).result.feedback, QStringLiteral("`total`: value 5 ≠ 15"));
    QCOMPARE(alice.checks.at(2).result.outcome, Outcome::Fail);
    QCOMPARE(*gb->checkIds(), (QStringList{QStringLiteral("q1"), QStringLiteral("q2"), QStringLiteral("q3")}));
}

void TestGradebook::schemaVersionAndWal()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gb.sqlite"));
    auto gb = openOrDie(path);
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("inspect"));
    db.setDatabaseName(path);
    QVERIFY(db.open());
    {
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("PRAGMA user_version")) && q.next());
        QCOMPARE(q.value(0).toInt(), Gradebook::schemaVersion);
        QVERIFY(q.exec(QStringLiteral("PRAGMA journal_mode")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("wal"));
        // A newer schema is refused, not misread.
        QVERIFY(q.exec(QStringLiteral("PRAGMA user_version = 99")));
    }
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(QStringLiteral("inspect"));
    gb.reset();
    auto newer = Gradebook::open(path);
    QVERIFY(!newer);
    QVERIFY2(newer.error().toString().contains(QStringLiteral("newer Sandmark")), qPrintable(newer.error().toString()));
}

void TestGradebook::migratesVersion1()
{
    // A version-1 gradebook (before runs remembered their artifacts folder) opens, keeps its runs and gains
    // the column; new runs store it.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v1.sqlite"));
    {
        auto gb = openOrDie(path);
        QVERIFY(gb->recordRun(makeRun(QStringLiteral("alice"), 2, 1)));
    }
    QVERIFY(downgradeTo(path, 1));
    auto gb = openOrDie(path);
    auto before = gb->effectiveGrades();
    QVERIFY(before);
    QCOMPARE(before->size(), 1);
    QCOMPARE(before->first().autoScore, 2.0);
    QCOMPARE(before->first().artifacts, QString());
    RunRecord run = makeRun(QStringLiteral("alice"), 2, 2);
    run.artifacts = QStringLiteral("/cache/runs/x/artifacts");
    QVERIFY(gb->recordRun(run));
    QCOMPARE(gb->effectiveGrades()->first().artifacts, QStringLiteral("/cache/runs/x/artifacts"));
}

void TestGradebook::migratesVersion2()
{
    // A version-2 gradebook (before runs kept their notes) opens, keeps its runs (no notes) and gains the column;
    // new runs store their notes.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v2.sqlite"));
    {
        auto gb = openOrDie(path);
        QVERIFY(gb->recordRun(makeRun(QStringLiteral("alice"), 2, 1)));
    }
    QVERIFY(downgradeTo(path, 2));
    auto gb = openOrDie(path);
    QCOMPARE(gb->effectiveGrades()->first().notes, QStringList());
    RunRecord run = makeRun(QStringLiteral("alice"), 2, 2);
    run.result.notes = {QStringLiteral("test cell 'q1-tests' was edited (cells[4]); the instructor's version ran")};
    QVERIFY(gb->recordRun(run));
    QCOMPARE(gb->effectiveGrades()->first().notes, run.result.notes);
    QCOMPARE(*Gradebook::checkExisting(path), 8); // versions 4 (notebook_matches), 5 (execution_hash), 6, 7 and 8 came after
}

void TestGradebook::migratesVersion3()
{
    // A version-3 gradebook (before problem sets) opens, keeps its runs and gains notebook_matches: a settled match
    // is kept and read back, replaced, and removed.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v3.sqlite"));
    {
        auto gb = openOrDie(path);
        QVERIFY(gb->recordRun(makeRun(QStringLiteral("alice"), 2, 1)));
    }
    QVERIFY(downgradeTo(path, 3));
    auto gb = openOrDie(path);
    QCOMPARE(*Gradebook::checkExisting(path), Gradebook::schemaVersion);
    QCOMPARE(gb->effectiveGrades()->size(), 1);
    QVERIFY(gb->settleMatch(QStringLiteral("alice"), QStringLiteral("p1.ipynb"), QStringLiteral("mine.ipynb")));
    QVERIFY(gb->settleMatch(QStringLiteral("alice"), QStringLiteral("p1.ipynb"), QStringLiteral("other.ipynb")));
    QVERIFY(gb->settleMatch(QStringLiteral("alice"), QStringLiteral("p2.ipynb"), QStringLiteral("x.ipynb")));
    QCOMPARE(gb->settledMatches(QStringLiteral("alice"))->value(QStringLiteral("p1.ipynb")), QStringLiteral("other.ipynb"));
    QCOMPARE(gb->settledMatches(QStringLiteral("alice"))->size(), 2);
    QVERIFY(gb->settleMatch(QStringLiteral("alice"), QStringLiteral("p2.ipynb"), QString()));
    QCOMPARE(gb->settledMatches(QStringLiteral("alice"))->keys(), QStringList{QStringLiteral("p1.ipynb")});
    QVERIFY(gb->settledMatches(QStringLiteral("bob"))->isEmpty());
}

void TestGradebook::migratesVersion4()
{
    // A version-4 gradebook (before runs kept their execution hash) opens, keeps its runs (none reusable by a
    // regrade: the hash is unknown) and gains the column; new runs store it.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v4.sqlite"));
    {
        auto gb = openOrDie(path);
        RunRecord run = makeRun(QStringLiteral("alice"), 2, 1);
        run.artifacts = QStringLiteral("/cache/runs/a/artifacts");
        QVERIFY(gb->recordRun(run));
    }
    QVERIFY(downgradeTo(path, 4));
    auto gb = openOrDie(path);
    QCOMPARE(*Gradebook::checkExisting(path), Gradebook::schemaVersion);
    auto old = gb->reusableRun(QStringLiteral("alice"));
    QVERIFY(old && *old);
    QCOMPARE((*old)->executionHash, QString());
    RunRecord run = makeRun(QStringLiteral("alice"), 2, 2, QStringLiteral("in-2"));
    run.executionHash = QStringLiteral("exec-1");
    run.artifacts = QStringLiteral("/cache/runs/b/artifacts");
    QVERIFY(gb->recordRun(run));
    QCOMPARE((*gb->reusableRun(QStringLiteral("alice")))->executionHash, QStringLiteral("exec-1"));
}

void TestGradebook::migratesVersion5()
{
    // A version-5 gradebook (before runs kept the digest of their stored files) opens and gains the column: its runs
    // have none (a regrade runs them again rather than trust their files), new runs store theirs.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v5.sqlite"));
    {
        auto gb = openOrDie(path);
        RunRecord run = makeRun(QStringLiteral("alice"), 2, 1);
        run.artifacts = QStringLiteral("/cache/runs/a/artifacts");
        run.storedDigest = QStringLiteral("d-1");
        QVERIFY(gb->recordRun(run));
    }
    QVERIFY(downgradeTo(path, 5));
    auto gb = openOrDie(path);
    QCOMPARE(*Gradebook::checkExisting(path), Gradebook::schemaVersion);
    QCOMPARE((*gb->reusableRun(QStringLiteral("alice")))->storedDigest, QString());
    RunRecord run = makeRun(QStringLiteral("alice"), 2, 2, QStringLiteral("in-2"));
    run.artifacts = QStringLiteral("/cache/runs/b/artifacts");
    run.storedDigest = QStringLiteral("d-2");
    QVERIFY(gb->recordRun(run));
    QCOMPARE((*gb->reusableRun(QStringLiteral("alice")))->storedDigest, QStringLiteral("d-2"));
}

void TestGradebook::latestRunsOfEveryStudentInOneQuery()
{
    // latestRuns() answers for every student what needsRerun() and reusableRun() answer for one.
    QTemporaryDir dir;
    auto gb = openOrDie(dir.filePath(QStringLiteral("g.sqlite")));
    QVERIFY(gb->latestRuns()->isEmpty());
    RunRecord a1 = makeRun(QStringLiteral("alice"), 2, 1, QStringLiteral("in-1"));
    a1.artifacts = QStringLiteral("/cache/runs/a1/artifacts");
    a1.storedDigest = QStringLiteral("d-a1");
    RunRecord a2 = makeRun(QStringLiteral("alice"), 2, 2, QStringLiteral("in-2"));
    a2.artifacts = QStringLiteral("/cache/runs/a2/artifacts");
    a2.storedDigest = QStringLiteral("d-a2");
    const RunRecord bobFailed = makeRun(QStringLiteral("bob"), 2, 0, QStringLiteral("in-1"), GradeStatus::GraderError);
    RunRecord carol = makeRun(QStringLiteral("carol"), 2, 2, QStringLiteral("in-1"));
    carol.artifacts = QStringLiteral("/cache/runs/c/artifacts");
    const RunRecord carolFailed = makeRun(QStringLiteral("carol"), 2, 0, QStringLiteral("in-1"), GradeStatus::GraderError);
    QVERIFY(gb->recordRuns({a1, a2, bobFailed, carol, carolFailed}));
    const Expected<QHash<QString, LatestRuns>> all = gb->latestRuns();
    QVERIFY(all);
    QCOMPARE(all->keys().size(), 3);
    const LatestRuns alice = all->value(QStringLiteral("alice"));
    QVERIFY(alice.completed && !alice.lastFailed);
    QCOMPARE(alice.completed->inputsHash, QStringLiteral("in-2")); // the latest of her two
    QCOMPARE(alice.completed->artifacts, QStringLiteral("/cache/runs/a2/artifacts"));
    QCOMPARE(alice.completed->storedDigest, QStringLiteral("d-a2"));
    QVERIFY(!alice.needsRerun(QStringLiteral("in-2"), QStringLiteral("bwrap")));
    QVERIFY(alice.needsRerun(QStringLiteral("in-1"), QStringLiteral("bwrap")));
    QVERIFY(alice.needsRerun(QStringLiteral("in-2"), QStringLiteral("docker")));
    QCOMPARE(alice.reusable(QStringLiteral("bwrap"))->runId, alice.completed->runId);
    QVERIFY(!alice.reusable(QStringLiteral("docker")));
    const LatestRuns bob = all->value(QStringLiteral("bob")); // only a grader error
    QVERIFY(!bob.completed && bob.lastFailed);
    QVERIFY(bob.needsRerun(QStringLiteral("in-1"), {}));
    QVERIFY(!bob.reusable({}));
    const LatestRuns c = all->value(QStringLiteral("carol")); // a grader error after a completed run
    QVERIFY(c.completed && c.lastFailed);
    QVERIFY(c.needsRerun(QStringLiteral("in-1"), {}));
    QVERIFY(!c.reusable({}));
    QVERIFY(all->value(QStringLiteral("nobody")).needsRerun(QStringLiteral("in-1"), {})); // no run at all
    // The per-student questions give the same answers.
    for (const QString &s : {QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("carol")}) {
        QCOMPARE(*gb->needsRerun(s, QStringLiteral("in-2"), QStringLiteral("bwrap")), all->value(s).needsRerun(QStringLiteral("in-2"), QStringLiteral("bwrap")));
        QCOMPARE(gb->reusableRun(s)->has_value(), all->value(s).reusable({}).has_value());
    }
}

void TestGradebook::reusableRunFollowsTheRerunRules()
{
    QTemporaryDir dir;
    auto gb = openOrDie(dir.filePath(QStringLiteral("g.sqlite")));
    QVERIFY(gb->reusableRun(QStringLiteral("nobody"))->has_value() == false);
    RunRecord run = makeRun(QStringLiteral("alice"), 2, 1);
    run.executionHash = QStringLiteral("exec-1");
    run.artifacts = QStringLiteral("/cache/runs/a/artifacts");
    QVERIFY(gb->recordRun(run));
    auto got = gb->reusableRun(QStringLiteral("alice"), QStringLiteral("bwrap"));
    QVERIFY(got && *got);
    QCOMPARE((*got)->executionHash, QStringLiteral("exec-1"));
    QCOMPARE((*got)->artifacts, QStringLiteral("/cache/runs/a/artifacts"));
    QCOMPARE((*got)->started, run.started.toUTC());
    QCOMPARE((*got)->finished, run.finished.toUTC());
    QCOMPARE((*got)->backend, QStringLiteral("bwrap"));
    // Another backend's run is not this backend's.
    QVERIFY(!gb->reusableRun(QStringLiteral("alice"), QStringLiteral("docker"))->has_value());
    // A grader error after it: that attempt failed, so the submission runs again.
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("alice"), 2, 0, QStringLiteral("in-2"), GradeStatus::GraderError)));
    QVERIFY(!gb->reusableRun(QStringLiteral("alice"))->has_value());
    // A run where no sandbox ran has nothing stored to reuse.
    RunRecord unrun = makeRun(QStringLiteral("bob"), 2, 0, QStringLiteral("in-1"), GradeStatus::NeedsReview);
    unrun.backend.clear();
    unrun.executionHash = QStringLiteral("exec-1");
    QVERIFY(gb->recordRun(unrun));
    QVERIFY(!gb->reusableRun(QStringLiteral("bob"))->has_value());
}

void TestGradebook::recordRunsIsOneTransaction()
{
    QTemporaryDir dir;
    auto gb = openOrDie(dir.filePath(QStringLiteral("g.sqlite")));
    QList<RunRecord> runs{makeRun(QStringLiteral("alice"), 2, 1), makeRun(QStringLiteral("bob"), 2, 2)};
    auto ids = gb->recordRuns(runs);
    QVERIFY(ids);
    QCOMPARE(ids->size(), 2);
    QCOMPARE(*gb->runCount(), 2);
    QCOMPARE(gb->effectiveGrade(QStringLiteral("bob"))->value().autoScore, 4.0);
    // A run that cannot be stored (two results of one check: the primary key) stores none of the batch.
    RunRecord bad = makeRun(QStringLiteral("carol"), 2, 1);
    bad.result.checks[1].checkId = bad.result.checks[0].checkId;
    QVERIFY(!gb->recordRuns({makeRun(QStringLiteral("dave"), 2, 1), bad}));
    QCOMPARE(*gb->runCount(), 2);
    QVERIFY(!gb->effectiveGrade(QStringLiteral("dave"))->has_value());
}

void TestGradebook::refusesForeignDatabase()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("other.sqlite"));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("foreign"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("CREATE TABLE t(x)")));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("foreign"));
    auto gb = Gradebook::open(path);
    QVERIFY(!gb);
    QVERIFY(gb.error().toString().contains(QStringLiteral("not a Sandmark gradebook")));
}

// A gradebook created on a full disk (a 64 KiB tmpfs, filled): the error names the file and says the disk is full,
// and no half-created file (0 bytes or 4 KB, with -wal/-shm) is left. Needs root for the mount.
void TestGradebook::fullDiskLeavesNothing()
{
    if (::geteuid() != 0)
        QSKIP("needs root to mount a small tmpfs");
    QTemporaryDir dir;
    const QString mnt = dir.filePath(QStringLiteral("small"));
    QVERIFY(QDir().mkpath(mnt));
    if (QProcess::execute(QStringLiteral("mount"), {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                                                    QStringLiteral("size=64k"), QStringLiteral("tmpfs"), mnt})
        != 0)
        QSKIP("mount -t tmpfs failed (no CAP_SYS_ADMIN here)");
    struct Unmount
    {
        QString path;
        ~Unmount() { QProcess::execute(QStringLiteral("umount"), {path}); }
    } unmount{mnt};
    // Fill it up to a few pages at most; the gradebook's schema needs more.
    for (int free : {12, 3}) {
        QFile fill(mnt + QStringLiteral("/fill-%1").arg(free));
        QVERIFY(fill.open(QIODevice::WriteOnly));
        fill.write(QByteArray(free * 4096, '\0'));
        fill.close();
        const QString path = mnt + QStringLiteral("/gradebook.sqlite");
        auto gb = Gradebook::open(path);
        QVERIFY(!gb);
        QCOMPARE(gb.error().file, path);
        QVERIFY2(gb.error().message.contains(QStringLiteral("the disk is full")), qPrintable(gb.error().toString()));
        QVERIFY2(!gb.error().message.startsWith(QStringLiteral(" ")), qPrintable(gb.error().toString()));
        QVERIFY2(QDir(mnt).entryList({QStringLiteral("gradebook.sqlite*")}, QDir::Files).isEmpty(),
                 qPrintable(QDir(mnt).entryList(QDir::Files).join(u' ')));
    }
}

void TestGradebook::artifactsRoundTripAndMerge()
{
    QTemporaryDir dir;
    const QString shard = dir.filePath(QStringLiteral("shard.sqlite"));
    const QString folder = dir.filePath(QStringLiteral("runs/2026-bob-abc/artifacts"));
    {
        auto gb = openOrDie(shard);
        RunRecord run = makeRun(QStringLiteral("bob"), 2, 1);
        run.artifacts = folder;
        run.executionHash = QStringLiteral("exec-bob");
        run.storedDigest = QStringLiteral("digest-bob");
        run.result.notes = {QStringLiteral("locked cell 'setup' was changed (cells[1])"),
                            QStringLiteral("kernelspec 'conda-env' ignored: running the Python kernel of /usr/bin/python3")};
        QVERIFY(gb->recordRun(run));
        QVERIFY(gb->recordRun(makeRun(QStringLiteral("carol"), 2, 2))); // a run without artifacts
        auto grades = gb->effectiveGrades();
        QVERIFY(grades);
        QCOMPARE(grades->at(0).artifacts, folder);
        QCOMPARE(grades->at(1).artifacts, QString());
        QCOMPARE(grades->at(0).notes, run.result.notes);
        QCOMPARE(grades->at(1).notes, QStringList());
    }
    // merge carries the artifacts folder and the notes with the run.
    auto out = openOrDie(dir.filePath(QStringLiteral("merged.sqlite")));
    auto stats = out->mergeFrom(shard);
    QVERIFY2(stats, stats ? "" : qPrintable(stats.error().toString()));
    QCOMPARE(stats->runsAdded, 2);
    auto grades = out->effectiveGrades();
    QVERIFY(grades);
    QCOMPARE(grades->size(), 2);
    QCOMPARE(grades->at(0).studentId, QStringLiteral("bob"));
    QCOMPARE(grades->at(0).artifacts, folder);
    QCOMPARE(grades->at(1).artifacts, QString());
    QCOMPARE(grades->at(0).notes.size(), 2);
    QCOMPARE(grades->at(0).notes.at(0), QStringLiteral("locked cell 'setup' was changed (cells[1])"));
    // ... and what a regrade from its stored files needs: the execution hash and the files' digest.
    const auto bob = out->reusableRun(QStringLiteral("bob"));
    QVERIFY(bob && *bob);
    QCOMPARE((*bob)->executionHash, QStringLiteral("exec-bob"));
    QCOMPARE((*bob)->storedDigest, QStringLiteral("digest-bob"));
}

// Settled notebook matches of problem sets (settleMatch()) travel with a merge like overrides: copied where OUT has
// none, counted once when OUT has the same, and a different settlement of the same notebook is kept as OUT has it
// and reported, never replaced silently; a second merge of the same shards adds nothing.
// "Reviewed" is a person's mark with the grade they saw: it holds while that grade stands, survives a regrade
// (saying when the grade changed), reads the same in summaries and effective grades, is removed on request, and a
// merge carries it where the output has none.
void TestGradebook::reviewMarksSurviveRegradesAndMerges()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gb.sqlite"));
    auto gb = openOrDie(path);
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("amy"), 2, 1, QStringLiteral("in-1"), GradeStatus::NeedsReview)));
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("ben"), 2, 2)));
    const auto none = gb->setReviewed({QStringLiteral("amy"), QStringLiteral("zed")}, true);
    QVERIFY(!none);
    QVERIFY(none.error().message.contains(QLatin1String("zed has no run")));
    QVERIFY(!(*gb->effectiveGrade(QStringLiteral("amy")))->review); // all or nothing: amy is not marked either

    QVERIFY(gb->setReviewed({QStringLiteral("amy")}, true));
    auto amy = *gb->effectiveGrade(QStringLiteral("amy"));
    QVERIFY(amy && amy->review);
    QCOMPARE(amy->review->status, GradeStatus::NeedsReview);
    QCOMPARE(amy->review->score, amy->score());
    QVERIFY(amy->score().has_value());
    QVERIFY(amy->review->holds(amy->status, amy->score()));
    QCOMPARE(amy->status, GradeStatus::NeedsReview); // the mark does not change the grade
    QVERIFY(qAbs(amy->review->when.secsTo(QDateTime::currentDateTimeUtc())) < 60);
    const auto summaries = *gb->gradeSummaries();
    QCOMPARE(summaries.at(0).review->when, amy->review->when);
    QVERIFY(!summaries.at(1).review); // ben

    // A regrade with the same grade: the mark holds; one that changes it: the mark stays, and no longer holds.
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("amy"), 2, 1, QStringLiteral("in-2"), GradeStatus::NeedsReview)));
    amy = *gb->effectiveGrade(QStringLiteral("amy"));
    QVERIFY(amy->review && amy->review->holds(amy->status, amy->score()));
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("amy"), 2, 2, QStringLiteral("in-3"))));
    amy = *gb->effectiveGrade(QStringLiteral("amy"));
    QVERIFY(amy->review && !amy->review->holds(amy->status, amy->score()));

    // Merged into a gradebook of the other shard: carried; a mark the output has is its own.
    const QString other = dir.filePath(QStringLiteral("other.sqlite"));
    {
        auto o = openOrDie(other);
        QVERIFY(o->recordRun(makeRun(QStringLiteral("ben"), 2, 2)));
        QVERIFY(o->setReviewed({QStringLiteral("ben")}, true));
    }
    QVERIFY(gb->setReviewed({QStringLiteral("amy")}, false));
    QVERIFY(!(*gb->effectiveGrade(QStringLiteral("amy")))->review);
    const Expected<MergeStats> merged = gb->mergeFrom(other);
    QVERIFY(merged);
    QCOMPARE(merged->reviewsAdded, 1); // counted, as matches and overrides are
    QCOMPARE(merged->reviewsPresent, 0);
    QVERIFY((*gb->effectiveGrade(QStringLiteral("ben")))->review);
    QVERIFY(!(*gb->effectiveGrade(QStringLiteral("amy")))->review);
    const Expected<MergeStats> again = gb->mergeFrom(other);
    QVERIFY(again);
    QCOMPARE(again->reviewsAdded, 0);
    QCOMPARE(again->reviewsPresent, 1);
}

// Another program's SQLite file named as a gradebook is refused before anything is set on it: it keeps its journal
// mode (opening used to switch it to WAL first; attack report s14).
void TestGradebook::foreignDatabaseIsLeftAsItWas()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("places.sqlite"));
    auto journalMode = [&] {
        QString mode;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("foreign"));
            db.setDatabaseName(path);
            if (db.open()) {
                QSqlQuery q(db);
                q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS moz_places(x)"));
                if (q.exec(QStringLiteral("PRAGMA journal_mode")) && q.next())
                    mode = q.value(0).toString();
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("foreign"));
        return mode;
    };
    QCOMPARE(journalMode(), QStringLiteral("delete"));
    const QByteArray before = [&] { QFile f(path); return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray(); }();
    auto gb = Gradebook::open(path);
    QVERIFY(!gb);
    QVERIFY2(gb.error().message.contains(QLatin1String("not a Sandmark gradebook")), qPrintable(gb.error().message));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), before);
    QVERIFY(!QFileInfo::exists(path + QStringLiteral("-wal")));
}

// A merge input is read, never written: one of an older schema is read through an upgraded copy, so the shard file
// keeps its bytes (attack report s14: it was migrated in place, and a read-only one could not be merged).
void TestGradebook::mergeReadsAnOlderInputWithoutChangingIt()
{
    QTemporaryDir dir;
    const QString in = dir.filePath(QStringLiteral("shard.sqlite"));
    {
        auto gb = openOrDie(in);
        QVERIFY(gb->recordRun(makeRun(QStringLiteral("amy"), 2, 1)));
        QVERIFY(gb->recordRun(makeRun(QStringLiteral("ben"), 2, 2)));
    }
    QVERIFY(downgradeTo(in, 6));
    QFile f(in);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray before = f.readAll();
    f.close();
    QVERIFY(QFile::setPermissions(in, QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther));
    auto out = openOrDie(dir.filePath(QStringLiteral("out.sqlite")));
    const Expected<MergeStats> merged = out->mergeFrom(in);
    QVERIFY2(merged, qPrintable(merged ? QString() : merged.error().toString()));
    QCOMPARE(merged->runsAdded, 2);
    QCOMPARE(*out->runCount(), qint64(2));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), before);
    QCOMPARE(Gradebook::checkExisting(in).value(), 6); // still the older schema
}

void TestGradebook::mergeCarriesSettledMatches()
{
    QTemporaryDir dir;
    const QString s1 = dir.filePath(QStringLiteral("s1.sqlite")), s2 = dir.filePath(QStringLiteral("s2.sqlite"));
    {
        auto gb = openOrDie(s1);
        QVERIFY(gb->recordRun(makeRun(QStringLiteral("hank"), 2, 1)));
        QVERIFY(gb->settleMatch(QStringLiteral("hank"), QStringLiteral("part2.ipynb"), QStringLiteral("untitled.ipynb")));
        QVERIFY(gb->settleMatch(QStringLiteral("erin"), QStringLiteral("part1.ipynb"), QStringLiteral("part1 (1).ipynb")));
    }
    {
        auto gb = openOrDie(s2);
        QVERIFY(gb->recordRun(makeRun(QStringLiteral("carol"), 2, 2)));
        QVERIFY(gb->settleMatch(QStringLiteral("carol"), QStringLiteral("part2.ipynb"), QStringLiteral("hw_carol.ipynb")));
        QVERIFY(gb->settleMatch(QStringLiteral("erin"), QStringLiteral("part1.ipynb"), QStringLiteral("part1 (1).ipynb")));
        // A TA settled hank's part2 otherwise on the other shard's copy: a conflict.
        QVERIFY(gb->settleMatch(QStringLiteral("hank"), QStringLiteral("part2.ipynb"), QStringLiteral("scratch.ipynb")));
    }
    const QString out = dir.filePath(QStringLiteral("merged.sqlite"));
    auto stats = mergeGradebooks(out, {s1, s2});
    QVERIFY2(stats, stats ? "" : qPrintable(stats.error().toString()));
    QCOMPARE(stats->at(0).matchesAdded, 2);
    QCOMPARE(stats->at(0).matchConflicts.size(), 0);
    QCOMPARE(stats->at(1).matchesAdded, 1);   // carol's
    QCOMPARE(stats->at(1).matchesPresent, 1); // erin's, the same file
    QCOMPARE(stats->at(1).matchConflicts.size(), 1);
    const MatchConflict c = stats->at(1).matchConflicts.first();
    QCOMPARE(c.student, QStringLiteral("hank"));
    QCOMPARE(c.notebook, QStringLiteral("part2.ipynb"));
    QCOMPARE(c.kept, QStringLiteral("untitled.ipynb"));
    QCOMPARE(c.other, QStringLiteral("scratch.ipynb"));
    QCOMPARE(matchConflictLines(stats->at(1), QStringLiteral("s2.sqlite")),
             QStringList{QStringLiteral("hank's part2.ipynb is settled as untitled.ipynb here and as scratch.ipynb in s2.sqlite: "
                                        "untitled.ipynb kept; settle it with sandmark-cli match ASSIGNMENT hank part2.ipynb FILE")});
    {
        auto gb = openOrDie(out);
        const auto hank = gb->settledMatches(QStringLiteral("hank"));
        QVERIFY(hank);
        QCOMPARE(*hank, (QMap<QString, QString>{{QStringLiteral("part2.ipynb"), QStringLiteral("untitled.ipynb")}}));
        QCOMPARE(gb->settledMatches(QStringLiteral("carol"))->value(QStringLiteral("part2.ipynb")), QStringLiteral("hw_carol.ipynb"));
        QCOMPARE(gb->settledMatches(QStringLiteral("erin"))->value(QStringLiteral("part1.ipynb")), QStringLiteral("part1 (1).ipynb"));
    }
    // Again: nothing added, the conflict still reported (still not settled).
    stats = mergeGradebooks(out, {s1, s2});
    QVERIFY(stats);
    QCOMPARE(stats->at(0).matchesAdded + stats->at(1).matchesAdded, 0);
    QCOMPARE(stats->at(0).matchesPresent, 2);
    QCOMPARE(stats->at(1).matchConflicts.size(), 1);
}

void TestGradebook::overrideSurvivesRegrade()
{
    QTemporaryDir dir;
    auto gb = openOrDie(dir.filePath(QStringLiteral("gb.sqlite")));
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("alice"), 3, 1)));
    QVERIFY(gb->addOverride(QStringLiteral("alice"), {QStringLiteral("q3"), 1.5, QStringLiteral("partial credit, right idea"), {}}));
    auto g = gb->effectiveGrades();
    QCOMPARE(g->at(0).score(), std::optional<double>(3.5));
    // A regrade (new run) keeps the override and every run.
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("alice"), 3, 2, QStringLiteral("in-2"))));
    g = gb->effectiveGrades();
    const EffectiveGrade &a = g->at(0);
    QCOMPARE(a.autoScore, 4.0);
    QVERIFY(a.checks.at(2).override_.has_value());
    QCOMPARE(a.checks.at(2).result.points, 0.0); // the automatic score stays visible beside the override
    QCOMPARE(a.score(), std::optional<double>(5.5));
    QCOMPARE(a.overrideComments(), QStringList{QStringLiteral("q3: partial credit, right idea")});
    QCOMPARE(*gb->runCount(), 2);
    // A later override of the same check wins; a whole-submission override replaces the sum.
    QVERIFY(gb->addOverride(QStringLiteral("alice"), {QStringLiteral("q3"), 2, QStringLiteral("full credit"), {}}));
    QCOMPARE(gb->effectiveGrades()->at(0).score(), std::optional<double>(6));
    QVERIFY(gb->addOverride(QStringLiteral("alice"), {{}, 5, QStringLiteral("late penalty"), {}}));
    QCOMPARE(gb->effectiveGrades()->at(0).score(), std::optional<double>(5));

    // Removing an override brings back what lies under it: the whole-submission one first (the check override
    // shows again), then both of q3's (the automatic points; no older override resurfaces).
    QCOMPARE(*gb->removeOverrides(QStringLiteral("alice"), {}), 1);
    QCOMPARE(gb->effectiveGrades()->at(0).score(), std::optional<double>(6));
    QCOMPARE(*gb->removeOverrides(QStringLiteral("alice"), QStringLiteral("q3")), 2);
    const EffectiveGrade cleared = gb->effectiveGrades()->at(0);
    QCOMPARE(cleared.score(), std::optional<double>(4));
    QVERIFY(!cleared.checks.at(2).override_.has_value());
    QVERIFY(cleared.overrideComments().isEmpty());
    QCOMPARE(*gb->removeOverrides(QStringLiteral("alice"), QStringLiteral("q3")), 0); // none left: not an error
    auto noStudent = gb->removeOverrides(QStringLiteral("zed"), {});
    QVERIFY(!noStudent);
    QVERIFY(noStudent.error().message.contains(QStringLiteral("no submission for student 'zed'")));
}

// A whole-submission override is a person's grade: the effective status is graded (reviewed) in
// effectiveGrades(), effectiveGrade(), gradeSummaries() and the CSV export; the run's own status stays readable.
// Check overrides alone leave the status as the run set it. The override survives a regrade of a changed
// notebook (overrides belong to the submission), so the status stays settled.
void TestGradebook::submissionOverrideSettlesTheStatus()
{
    QTemporaryDir dir;
    auto gb = openOrDie(dir.filePath(QStringLiteral("gb.sqlite")));
    RunRecord run = makeRun(QStringLiteral("bob"), 2, 1, QStringLiteral("in-1"), GradeStatus::NeedsReview);
    run.result.reasons = {QStringLiteral("cells[2]: cell timed out")};
    QVERIFY(gb->recordRun(run));
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("carl"), 2, 0, QStringLiteral("in-1"), GradeStatus::GraderError)));
    // A check override does not settle the run's problem.
    QVERIFY(gb->addOverride(QStringLiteral("bob"), {QStringLiteral("q2"), 1, QStringLiteral("half right"), {}}));
    QCOMPARE(gb->effectiveGrade(QStringLiteral("bob"))->value().status, GradeStatus::NeedsReview);
    QCOMPARE(gb->gradeSummaries()->at(0).status, GradeStatus::NeedsReview);

    QVERIFY(gb->addOverride(QStringLiteral("bob"), {{}, 3, QStringLiteral("read the notebook: fine apart from q2"), {}}));
    QVERIFY(gb->addOverride(QStringLiteral("carl"), {{}, 4, QStringLiteral("graded by hand: the sandbox failed"), {}}));
    auto check = [&](const QString &when) {
        const QList<EffectiveGrade> all = *gb->effectiveGrades();
        QCOMPARE(all.size(), 2);
        const EffectiveGrade &bob = all.at(0), &carl = all.at(1);
        QVERIFY2(bob.status == GradeStatus::Graded, qPrintable(when));
        QCOMPARE(bob.runStatus, GradeStatus::NeedsReview);
        QCOMPARE(bob.reasons.value(0), QStringLiteral("cells[2]: cell timed out")); // kept: why a person looked
        QCOMPARE(bob.score(), std::optional<double>(3));
        QCOMPARE(carl.status, GradeStatus::Graded);
        QCOMPARE(carl.runStatus, GradeStatus::GraderError);
        QCOMPARE(carl.score(), std::optional<double>(4));
        QCOMPARE(gb->effectiveGrade(QStringLiteral("bob"))->value().status, GradeStatus::Graded);
        const QList<GradeSummary> summaries = *gb->gradeSummaries();
        QCOMPARE(summaries.at(0).status, GradeStatus::Graded);
        QCOMPARE(summaries.at(1).status, GradeStatus::Graded);
        QCOMPARE(summaries.at(0).score, std::optional<double>(3));
        const QByteArray csv = exportCsv(all, *gb->checkIds());
        QVERIFY2(csv.contains("\r\nbob,3,4,graded,"), csv.constData());
        QVERIFY2(csv.contains("\r\ncarl,4,4,graded,"), csv.constData());
    };
    check(QStringLiteral("after the override"));
    // The student's notebook changed and was regraded: a new run, still with a problem; the override stands.
    RunRecord again = makeRun(QStringLiteral("bob"), 2, 2, QStringLiteral("in-2"), GradeStatus::NeedsReview);
    again.filesHash = QStringLiteral("files-bob-2");
    again.result.reasons = {QStringLiteral("cells[2]: cell timed out")};
    QVERIFY(gb->recordRun(again));
    check(QStringLiteral("after a regrade of a changed notebook"));
}

// Runs a regrade superseded, with the artifacts folder they name; a folder a latest run still names is left out.
void TestGradebook::supersededArtifacts()
{
    QTemporaryDir dir;
    auto gb = openOrDie(dir.filePath(QStringLiteral("gb.sqlite")));
    auto run = [&](const QString &student, const QString &artifacts) {
        RunRecord r = makeRun(student, 1, 1);
        r.artifacts = artifacts;
        return *gb->recordRun(r);
    };
    run(QStringLiteral("alice"), QStringLiteral("/runs/a1/artifacts"));
    const qint64 a2 = run(QStringLiteral("alice"), QStringLiteral("/runs/a2/artifacts"));
    run(QStringLiteral("bob"), QStringLiteral("/runs/a1/artifacts")); // bob's latest names a1 (merged copies)
    run(QStringLiteral("alice"), QStringLiteral("/runs/a3/artifacts"));
    run(QStringLiteral("carl"), QString());
    run(QStringLiteral("carl"), QString());
    QList<Gradebook::SupersededRun> s = *gb->supersededArtifacts();
    QCOMPARE(s.size(), 1);
    QCOMPARE(s.first().runId, a2);
    QCOMPARE(s.first().artifacts, QStringLiteral("/runs/a2/artifacts"));
    QVERIFY(gb->forgetArtifacts({a2}));
    QVERIFY(gb->supersededArtifacts()->isEmpty());
    QCOMPARE(gb->effectiveGrade(QStringLiteral("alice"))->value().artifacts, QStringLiteral("/runs/a3/artifacts"));
}

void TestGradebook::overrideErrors()
{
    QTemporaryDir dir;
    auto gb = openOrDie(dir.filePath(QStringLiteral("gb.sqlite")));
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("alice"), 2, 1)));
    auto noStudent = gb->addOverride(QStringLiteral("zed"), {{}, 1, QStringLiteral("x"), {}});
    QVERIFY(!noStudent);
    QVERIFY(noStudent.error().message.contains(QStringLiteral("no submission for student 'zed'")));
    auto noCheck = gb->addOverride(QStringLiteral("alice"), {QStringLiteral("q9"), 1, QStringLiteral("x"), {}});
    QVERIFY(!noCheck);
    QVERIFY(noCheck.error().message.contains(QStringLiteral("no check 'q9'")));
}

void TestGradebook::needsRerun()
{
    QTemporaryDir dir;
    auto gb = openOrDie(dir.filePath(QStringLiteral("gb.sqlite")));
    QCOMPARE(*gb->needsRerun(QStringLiteral("alice"), QStringLiteral("in-1")), true); // never run
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("alice"), 2, 1, QStringLiteral("in-1"))));
    QCOMPARE(*gb->needsRerun(QStringLiteral("alice"), QStringLiteral("in-1")), false);
    QCOMPARE(*gb->needsRerun(QStringLiteral("alice"), QStringLiteral("in-2")), true); // files or assignment changed
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("alice"), 2, 1, QStringLiteral("in-1"), GradeStatus::NeedsReview)));
    QCOMPARE(*gb->needsRerun(QStringLiteral("alice"), QStringLiteral("in-1")), false); // needs-review is complete
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("alice"), 2, 0, QStringLiteral("in-1"), GradeStatus::GraderError)));
    QCOMPARE(*gb->needsRerun(QStringLiteral("alice"), QStringLiteral("in-1")), true); // a grader error is retried

    // The backend counts: a bwrap result is not "unchanged" for a docker (or local-unsafe) batch, and back.
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("bea"), 2, 1, QStringLiteral("in-1"))));
    QCOMPARE(*gb->needsRerun(QStringLiteral("bea"), QStringLiteral("in-1"), QStringLiteral("bwrap")), false);
    QCOMPARE(*gb->needsRerun(QStringLiteral("bea"), QStringLiteral("in-1"), QStringLiteral("docker")), true);
    QCOMPARE(*gb->needsRerun(QStringLiteral("bea"), QStringLiteral("in-1")), false); // no backend named: any
    RunRecord docker = makeRun(QStringLiteral("bea"), 2, 1, QStringLiteral("in-1"));
    docker.backend = QStringLiteral("docker");
    QVERIFY(gb->recordRun(docker));
    QCOMPARE(*gb->needsRerun(QStringLiteral("bea"), QStringLiteral("in-1"), QStringLiteral("docker")), false);
    QCOMPARE(*gb->needsRerun(QStringLiteral("bea"), QStringLiteral("in-1"), QStringLiteral("bwrap")), true);
    // A result for which no sandbox ran (the notebook does not parse) is the same under any backend.
    RunRecord unread = makeRun(QStringLiteral("cy"), 2, 0, QStringLiteral("in-1"), GradeStatus::NeedsReview);
    unread.backend.clear();
    QVERIFY(gb->recordRun(unread));
    QCOMPARE(*gb->needsRerun(QStringLiteral("cy"), QStringLiteral("in-1"), QStringLiteral("docker")), false);
    QCOMPARE(*gb->needsRerun(QStringLiteral("cy"), QStringLiteral("in-1"), QStringLiteral("bwrap")), false);

    QTemporaryDir files;
    QFile f(files.filePath(QStringLiteral("a.ipynb")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{}");
    f.close();
    const QString h1 = Gradebook::hashFiles({f.fileName()}, files.path());
    QVERIFY(f.open(QIODevice::Append));
    f.write(" ");
    f.close();
    const QString h2 = Gradebook::hashFiles({f.fileName()}, files.path());
    QVERIFY(h1 != h2);
    QCOMPARE(h1.size(), 64);
    QVERIFY(Gradebook::inputsHash(h1, QStringLiteral("a")) != Gradebook::inputsHash(h1, QStringLiteral("b")));
}

// needs-manual (issue 17): automatic checks graded, manual answers or task cells awaiting a person. Every manual check
// graded (check overrides: manual import, override, the app) makes it graded; one rule for the effective grade, the
// summaries the app reads and the exports.
void TestGradebook::manualGradesSettleNeedsManual()
{
    QTemporaryDir dir;
    auto gb = openOrDie(dir.filePath(QStringLiteral("gb.sqlite")));
    QVERIFY(gb->recordRun(withManual(makeRun(QStringLiteral("ann"), 2, 2, QStringLiteral("in-1"), GradeStatus::NeedsManual),
                                     {QStringLiteral("explain"), QStringLiteral("plot-task")})));
    // A run recorded as graded by an older Sandmark, its answer still waiting.
    QVERIFY(gb->recordRun(withManual(makeRun(QStringLiteral("old"), 2, 1), {QStringLiteral("explain")})));
    // Something went wrong: needs-review stays, whatever the manual checks.
    QVERIFY(gb->recordRun(withManual(makeRun(QStringLiteral("rev"), 2, 1, QStringLiteral("in-1"), GradeStatus::NeedsReview),
                                     {QStringLiteral("explain")})));
    auto status = [&](const QString &student) {
        const EffectiveGrade g = gb->effectiveGrade(student)->value();
        // The Expected kept in a variable: `*gb->gradeSummaries()` in a range-for dangles (the temporary dies first).
        const auto summaries = gb->gradeSummaries();
        if (!summaries)
            return summaries.error().toString();
        for (const GradeSummary &s : *summaries)
            if (s.studentId == student && (s.status != g.status || s.awaiting != g.awaiting()))
                return QStringLiteral("the summary differs: ") + gradeStatusName(s.status) + QLatin1Char(' ')
                       + s.awaiting.join(QLatin1Char(','));
        return gradeStatusName(g.status) + QLatin1Char(' ') + g.awaiting().join(QLatin1Char(','));
    };
    QCOMPARE(status(QStringLiteral("ann")), QStringLiteral("needs-manual explain,plot-task"));
    QCOMPARE(status(QStringLiteral("old")), QStringLiteral("needs-manual explain"));
    // Answers awaiting a person: Canvas gets no total yet (the total counts them as 0), every other row its score.
    const auto canvasRow = [&](const QString &student) {
        for (const QByteArray &row : exportCanvasCsv(*gb->effectiveGrades(), QStringLiteral("HW"), 8).split('\n'))
            if (row.startsWith(',' + student.toUtf8() + ','))
                return row;
        return QByteArray();
    };
    QCOMPARE(canvasRow(QStringLiteral("ann")), QByteArray(",ann,,,,\r"));
    QCOMPARE(gb->effectiveGrade(QStringLiteral("old"))->value().runStatus, GradeStatus::Graded);
    QCOMPARE(status(QStringLiteral("rev")), QStringLiteral("needs-review explain"));
    // A completed run: not graded again because it awaits a person.
    QCOMPARE(*gb->needsRerun(QStringLiteral("ann"), QStringLiteral("in-1")), false);

    QVERIFY(gb->addOverride(QStringLiteral("ann"), {QStringLiteral("explain"), 1.5, QStringLiteral("good"), {}}));
    QCOMPARE(status(QStringLiteral("ann")), QStringLiteral("needs-manual plot-task"));
    QVERIFY(gb->addOverride(QStringLiteral("ann"), {QStringLiteral("plot-task"), 2, QStringLiteral("graded by hand"), {}}));
    QCOMPARE(status(QStringLiteral("ann")), QStringLiteral("graded "));
    QCOMPARE(gb->effectiveGrade(QStringLiteral("ann"))->value().runStatus, GradeStatus::NeedsManual);
    QCOMPARE(gb->effectiveGrade(QStringLiteral("ann"))->value().score(), std::optional<double>(7.5));
    QCOMPARE(canvasRow(QStringLiteral("ann")), QByteArray(",ann,,,,7.5\r"));
    // A whole-submission override sets the grade: nothing waits any more.
    QVERIFY(gb->addOverride(QStringLiteral("old"), {{}, 3, QStringLiteral("read it all"), {}}));
    QCOMPARE(status(QStringLiteral("old")), QStringLiteral("graded "));
    QVERIFY(gb->addOverride(QStringLiteral("rev"), {QStringLiteral("explain"), 2, QStringLiteral("fine"), {}}));
    QCOMPARE(status(QStringLiteral("rev")), QStringLiteral("needs-review "));

    const QByteArray csv = exportCsv(*gb->effectiveGrades(), *gb->checkIds());
    QVERIFY2(csv.contains("\r\nann,7.5,8,graded,"), csv.constData());
}

void TestGradebook::graderErrorIsNeverZero()
{
    QTemporaryDir dir;
    auto gb = openOrDie(dir.filePath(QStringLiteral("gb.sqlite")));
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("carol"), 2, 0, QStringLiteral("in-1"), GradeStatus::GraderError)));
    const auto g = gb->effectiveGrades();
    QCOMPARE(g->at(0).status, GradeStatus::GraderError);
    QVERIFY(!g->at(0).score().has_value());
    const QByteArray csv = sandmark::exportCsv(*g, *gb->checkIds());
    QVERIFY2(csv.contains("carol,,4,grader-error,,,,not graded: no check could be graded\r\n"), csv.constData());
}

// Issue 17: a run in which no check could be graded (an unreadable notebook, a kernel that died before any check,
// not Python) has no score — blank in both exports, the CSV's comment saying why — never 0; a run that graded some
// checks keeps what it graded. Before, only a grader error was blank.
void TestGradebook::nothingGradedIsBlank()
{
    QTemporaryDir dir;
    auto gb = openOrDie(dir.filePath(QStringLiteral("gb.sqlite")));
    RunRecord judy = makeRun(QStringLiteral("judy"), 2, 0, QStringLiteral("in-1"), GradeStatus::NeedsReview);
    for (CheckResult &c : judy.result.checks) {
        c.outcome = Outcome::NotGraded;
        c.feedback = QStringLiteral("not graded: the notebook cannot be read");
    }
    judy.result.reasons = {QStringLiteral("judy/hw.ipynb: this is an HTML page, not a notebook: download the .ipynb file itself")};
    judy.backend.clear();
    QVERIFY(gb->recordRun(judy));
    RunRecord kim = makeRun(QStringLiteral("kim"), 2, 1, QStringLiteral("in-1"), GradeStatus::NeedsReview);
    kim.result.checks[1].outcome = Outcome::NotGraded; // the kernel died after q1
    kim.result.reasons = {QStringLiteral("cells[3]: kernel died")};
    QVERIFY(gb->recordRun(kim));
    QCOMPARE(judy.result.gradedScore(), std::optional<double>());
    QCOMPARE(kim.result.gradedScore(), std::optional<double>(2));

    const QList<EffectiveGrade> grades = *gb->effectiveGrades();
    QCOMPARE(grades.at(0).score(), std::optional<double>());
    QCOMPARE(grades.at(1).score(), std::optional<double>(2));
    const QList<GradeSummary> summaries = *gb->gradeSummaries();
    QCOMPARE(summaries.at(0).score, std::optional<double>());
    QCOMPARE(summaries.at(1).score, std::optional<double>(2));
    QCOMPARE(exportCsv(grades, *gb->checkIds()),
             QByteArray("student,score,max,status,stale,q1,q2,comments\r\n"
                        "judy,,4,needs-review,,,,\"not graded: judy/hw.ipynb: this is an HTML page, not a notebook: download the "
                        ".ipynb file itself\"\r\n"
                        "kim,2,4,needs-review,,2,,needs review: cells[3]: kernel died\r\n")); // why, though scored
    // Canvas: judy has no score; kim's 2 awaits a person's review (needs-review, not marked reviewed), so it is held
    // back too (unfinishedForLms(): Canvas keeps what it has for an empty cell) until someone marks it reviewed.
    QCOMPARE(exportCanvasCsv(grades, QStringLiteral("HW"), 4), QByteArray("Student,ID,SIS User ID,SIS Login ID,Section,HW\r\n"
                                                                          "    Points Possible,,,,,4\r\n"
                                                                          ",judy,,,,\r\n"
                                                                          ",kim,,,,\r\n"));
    QVERIFY(gb->setReviewed({QStringLiteral("kim")}, true));
    QVERIFY(exportCanvasCsv(*gb->effectiveGrades(), QStringLiteral("HW"), 4).endsWith(",kim,,,,2\r\n"));
    // A person grades one check by hand: now there is a score.
    QVERIFY(gb->addOverride(QStringLiteral("judy"), {QStringLiteral("q1"), 1, QStringLiteral("read the HTML"), {}}));
    QCOMPARE(gb->effectiveGrade(QStringLiteral("judy"))->value().score(), std::optional<double>(1));
    QCOMPARE(gb->gradeSummaries()->at(0).score, std::optional<double>(1));
}

void TestGradebook::summariesMatchEffectiveGrades()
{
    // gradeSummaries() (what the Submissions table reads: one query, no check rows) says what
    // effectiveGrades() says: latest run, overrides of checks and of the whole submission, grader errors with
    // and without an override, reasons, durations, a run that used no sandbox.
    QTemporaryDir dir;
    auto gb = openOrDie(dir.filePath(QStringLiteral("gb.sqlite")));
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("alice"), 3, 1)));
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("alice"), 3, 2, QStringLiteral("in-2")))); // the latest counts
    QVERIFY(gb->addOverride(QStringLiteral("alice"), {QStringLiteral("q3"), 1.5, QStringLiteral("partial credit"), {}}));
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("bob"), 4, 4)));
    QVERIFY(gb->addOverride(QStringLiteral("bob"), {{}, 5, QStringLiteral("late penalty"), {}}));
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("carol"), 2, 0, QStringLiteral("in-1"), GradeStatus::GraderError)));
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("dave"), 2, 0, QStringLiteral("in-1"), GradeStatus::GraderError)));
    QVERIFY(gb->addOverride(QStringLiteral("dave"), {QStringLiteral("q1"), 1, QStringLiteral("graded by hand"), {}}));
    RunRecord judy = makeRun(QStringLiteral("judy"), 2, 0, QStringLiteral("in-1"), GradeStatus::NeedsReview);
    judy.result.reasons = {QStringLiteral("the notebook cannot be read: line 90, column 5: invalid JSON")};
    judy.backend.clear(); // no sandbox ran
    judy.finished = judy.started;
    QVERIFY(gb->recordRun(judy));
    QVERIFY(gb->recordRun(withManual(makeRun(QStringLiteral("fay"), 1, 1, QStringLiteral("in-1"), GradeStatus::NeedsManual),
                                     {QStringLiteral("m1"), QStringLiteral("m2")})));
    QVERIFY(gb->addOverride(QStringLiteral("fay"), {QStringLiteral("m1"), 1, QStringLiteral("ok"), {}}));
    QVERIFY(gb->recordRun(withManual(makeRun(QStringLiteral("gus"), 1, 1, QStringLiteral("in-1"), GradeStatus::NeedsManual),
                                     {QStringLiteral("m1"), QStringLiteral("m2")})));
    RunRecord erin = makeRun(QStringLiteral("erin"), 2, 1);
    erin.finished = erin.started.addMSecs(1234);
    erin.artifacts = QStringLiteral("/runs/erin/artifacts");
    QVERIFY(gb->recordRun(erin));

    const auto grades = gb->effectiveGrades();
    const auto summaries = gb->gradeSummaries();
    QVERIFY(grades && summaries);
    QCOMPARE(summaries->size(), grades->size());
    QCOMPARE(summaries->size(), 8);
    for (qsizetype i = 0; i < grades->size(); ++i) {
        const GradeSummary want = summaryOf(grades->at(i));
        const GradeSummary &got = summaries->at(i);
        QCOMPARE(got.studentId, want.studentId);
        QCOMPARE(got.runId, want.runId);
        QCOMPARE(got.status, want.status);
        QCOMPARE(got.awaiting, want.awaiting);
        QCOMPARE(got.reasons, want.reasons);
        QCOMPARE(got.backend, want.backend);
        QCOMPARE(got.durationS, want.durationS);
        QCOMPARE(got.artifacts, want.artifacts);
        QCOMPARE(got.score, want.score);
        QCOMPARE(got.maxScore, want.maxScore);
        QCOMPARE(got.overridden, want.overridden);
        QCOMPARE(got.runStatus, want.runStatus);
        QCOMPARE(got.filesHash, want.filesHash);
        QCOMPARE(got.inputsHash, want.inputsHash);
        QCOMPARE(got.environmentKey, want.environmentKey);
        QVERIFY(!got.inputsHash.isEmpty() && !got.environmentKey.isEmpty());
    }
    QCOMPARE(summaries->at(0).score, std::optional<double>(5.5)); // alice: 4 automatic, q3 0 -> 1.5
    QVERIFY(summaries->at(0).overridden);
    QCOMPARE(summaries->at(1).score, std::optional<double>(5)); // bob: the whole-submission override
    QCOMPARE(summaries->at(2).score, std::optional<double>());            // carol: a grader error is never a zero
    QCOMPARE(summaries->at(3).score, std::optional<double>(1)); // dave: a grader error graded by hand
    QCOMPARE(summaries->at(4).backend, QStringLiteral("bwrap")); // erin
    QCOMPARE(summaries->at(4).durationS, 1.234);
    QCOMPARE(summaries->at(5).awaiting, QStringList{QStringLiteral("m2")}); // fay: m1 graded by hand
    QCOMPARE(summaries->at(5).status, GradeStatus::NeedsManual);
    QCOMPARE(summaries->at(6).awaiting, (QStringList{QStringLiteral("m1"), QStringLiteral("m2")})); // gus
    QCOMPARE(summaries->at(7).backend, QString());               // judy: nothing ran
    QCOMPARE(summaries->at(7).durationS, 0.0);
    QCOMPARE(summaries->at(7).reasons.size(), 1);

    // One student's effective grade, read alone, is the one effectiveGrades() has.
    const auto dave = gb->effectiveGrade(QStringLiteral("dave"));
    QVERIFY(dave && dave->has_value());
    QCOMPARE((*dave)->checks.size(), 2);
    QCOMPARE((*dave)->score(), grades->at(3).score());
    QVERIFY(!gb->effectiveGrade(QStringLiteral("nobody"))->has_value());
}

void TestGradebook::sigkillLeavesConsistentDatabase()
{
#ifdef Q_OS_WIN
    QSKIP("SIGKILL is POSIX");
#else
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gb.sqlite"));
    openOrDie(path); // create the schema first
    QProcess writer;
    writer.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    writer.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--writer"), path});
    QVERIFY(writer.waitForStarted());
    int committed = -1;
    QByteArray buffer;
    while (committed < 40 && writer.waitForReadyRead(30000)) {
        buffer += writer.readAllStandardOutput();
        const QList<QByteArray> lines = buffer.split('\n');
        for (const QByteArray &l : lines)
            if (l.startsWith("committed "))
                committed = std::max(committed, l.mid(10).toInt());
        QVERIFY2(!buffer.contains("error"), buffer.constData());
    }
    QVERIFY(committed >= 40);
    ::kill(pid_t(writer.processId()), SIGKILL); // mid-transaction, most likely
    QVERIFY(writer.waitForFinished(10000));
    QCOMPARE(writer.exitStatus(), QProcess::CrashExit);

    auto gb = openOrDie(path);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("check"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("ok"));
        // No partial run: every stored run has all its 12 check results.
        QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM runs r WHERE (SELECT count(*) FROM check_results c WHERE c.run_id = r.id) != 12")) && q.next());
        QCOMPARE(q.value(0).toInt(), 0);
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("check"));
    // Nothing that was reported committed is lost.
    const qint64 runs = *gb->runCount();
    QVERIFY2(runs >= committed + 1, qPrintable(QStringLiteral("%1 runs, %2 reported").arg(runs).arg(committed + 1)));
    const auto grades = gb->effectiveGrades();
    QVERIFY(grades);
    QCOMPARE(grades->size(), int(runs));
    // The rerun decision sees the committed runs as done and the rest as pending, without duplicates.
    QCOMPARE(*gb->needsRerun(QStringLiteral("s00000"), QStringLiteral("in-1")), false);
    QCOMPARE(*gb->needsRerun(QStringLiteral("s%1").arg(runs, 5, 10, QLatin1Char('0')), QStringLiteral("in-1")), true);
#endif
}

// SQLite's locks are POSIX locks: a descriptor of the gradebook file opened and closed outside SQLite in a process
// drops every lock its connections hold (tester's finding: Gradebook::checkExisting() read the header through a
// QFile while the batch's connection was open). Another process closing the file then took itself for the last
// user, checkpointed and deleted the -wal and -shm under the open connection, and every later commit went to the
// deleted log: gone on SIGKILL. Every other opener of a gradebook in the process runs here while a connection is
// open; another process opens and closes it; the first one commits more and is killed: nothing is lost.
void TestGradebook::anotherProcessClosingItLosesNothing()
{
#ifdef Q_OS_WIN
    QSKIP("POSIX locks and SIGKILL");
#else
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gb.sqlite"));
    openOrDie(path); // the schema, then closed
    QProcess holder;
    holder.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    holder.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--holder"), path});
    QVERIFY(holder.waitForStarted());
    QByteArray buffer;
    QVERIFY2(waitForLine(holder, buffer, "ready"), buffer.constData());

    QProcess other;
    other.setProcessChannelMode(QProcess::ForwardedChannels);
    other.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--open-close"), path});
    QVERIFY(other.waitForFinished(30000));
    QCOMPARE(other.exitCode(), 0);
    // The holder's connection still uses its write-ahead log: the other process did not take itself for the last.
    const bool walKept = QFileInfo::exists(path + QStringLiteral("-wal"));
    const bool shmKept = QFileInfo::exists(path + QStringLiteral("-shm"));

    holder.write("record 1\nrecord 2\nrecord 3\n");
    QVERIFY2(waitForLine(holder, buffer, "committed 3"), buffer.constData());
    ::kill(pid_t(holder.processId()), SIGKILL);
    QVERIFY(holder.waitForFinished(10000));
    QCOMPARE(holder.exitStatus(), QProcess::CrashExit);

    auto gb = openOrDie(path);
    QCOMPARE(*gb->runCount(), qint64(4)); // s0 and the three committed after the other process closed it (before: 1)
    const QList<EffectiveGrade> grades = *gb->effectiveGrades();
    QStringList students;
    for (const EffectiveGrade &g : grades)
        students << g.studentId;
    QCOMPARE(students, (QStringList{QStringLiteral("s0"), QStringLiteral("s1"), QStringLiteral("s2"), QStringLiteral("s3")}));
    QVERIFY(walKept);
    QVERIFY(shmKept);
#endif
}

void TestGradebook::csvQuoting_data()
{
    QTest::addColumn<QString>("in");
    QTest::addColumn<QString>("out");
    QTest::newRow("plain") << QStringLiteral("alice") << QStringLiteral("alice");
    QTest::newRow("comma") << QStringLiteral("a,b") << QStringLiteral("\"a,b\"");
    QTest::newRow("quote") << QStringLiteral("say \"hi\"") << QStringLiteral("\"say \"\"hi\"\"\"");
    // Fresh-user finding: a folder named "new\nline" or "tab\tx" was written raw; docs/gradebook.md says control
    // characters are visible escapes, as the grade table shows them (displayText()).
    QTest::newRow("newline") << QStringLiteral("new\nline") << QStringLiteral("new\\nline");
    QTest::newRow("tab") << QStringLiteral("tab\tx") << QStringLiteral("tab\\tx");
    QTest::newRow("cr") << QStringLiteral("a\rb") << QStringLiteral("a\\rb");
    QTest::newRow("leading tab") << QStringLiteral("\t=1") << QStringLiteral("\\t=1");
    QTest::newRow("newline and comma") << QStringLiteral("a,\nb") << QStringLiteral("\"a,\\nb\"");
    QTest::newRow("zero width") << QStringLiteral("a\u200Bb") << QStringLiteral("a\\u200bb");
    QTest::newRow("formula") << QStringLiteral("=HYPERLINK(\"x\")") << QStringLiteral("\"'=HYPERLINK(\"\"x\"\")\"");
    QTest::newRow("at") << QStringLiteral("@SUM(A1)") << QStringLiteral("'@SUM(A1)");
    QTest::newRow("unicode") << QStringLiteral("Zoë ≠ Zoe") << QStringLiteral("Zoë ≠ Zoe");
    QTest::newRow("empty") << QString() << QString();
    // Attack report s14: a NUL ended the text in some readers ("\0=1" then read as "=1"); an override reversed a name.
    QTest::newRow("nul") << QStringLiteral("a") + QChar(0) + QStringLiteral("b") << QStringLiteral("a\\x00b");
    QTest::newRow("nul before formula") << QString(QChar(0)) + QStringLiteral("=1+1") << QStringLiteral("\\x00=1+1");
    // Escaped, not dropped: dropping made "evil\u202Etxt.exe" and "eviltxt.exe" one id (fresh-user test).
    QTest::newRow("bidi override") << QStringLiteral("evil\u202Etxt.exe") << QStringLiteral("evil\\u202etxt.exe");
    QTest::newRow("space before formula") << QStringLiteral(" =1+1") << QStringLiteral("' =1+1");
    QTest::newRow("fullwidth formula") << QStringLiteral("\uFF1D1+1") << QStringLiteral("'\uFF1D1+1");
    QTest::newRow("rtl name kept") << QStringLiteral("\u05D3\u05E0\u05D4") << QStringLiteral("\u05D3\u05E0\u05D4");
}

void TestGradebook::csvQuoting()
{
    QFETCH(QString, in);
    QFETCH(QString, out);
    QCOMPARE(csvField(in), out);
}

void TestGradebook::exportPlainCsv()
{
    QTemporaryDir dir;
    auto gb = openOrDie(dir.filePath(QStringLiteral("gb.sqlite")));
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("bob"), 2, 2)));
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("alice, jr"), 2, 1)));
    QVERIFY(gb->addOverride(QStringLiteral("alice, jr"), {QStringLiteral("q2"), 1, QStringLiteral("said \"almost\""), {}}));
    const QByteArray csv = sandmark::exportCsv(*gb->effectiveGrades(), *gb->checkIds());
    QList<EffectiveGrade> grades = *gb->effectiveGrades();
    QCOMPARE(sandmark::exportCsv(grades, *gb->checkIds()), csv);
    QCOMPARE(csv, QByteArray("student,score,max,status,stale,q1,q2,comments\r\n"
                             "\"alice, jr\",3,4,graded,,2,1,\"q2: said \"\"almost\"\"\"\r\n"
                             "bob,4,4,graded,,2,2,\r\n"));
    // A result graded under other inputs than the assignment's current ones (markStale()) is marked.
    grades[1].stale = true;
    QVERIFY(sandmark::exportCsv(grades, *gb->checkIds()).endsWith("bob,4,4,graded,yes,2,2,\r\n"));
}

void TestGradebook::exportCanvas()
{
    QTemporaryDir dir;
    auto gb = openOrDie(dir.filePath(QStringLiteral("gb.sqlite")));
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("12345"), 2, 1)));
    QVERIFY(gb->recordRun(makeRun(QStringLiteral("67890"), 2, 0, QStringLiteral("in-1"), GradeStatus::GraderError)));
    const QByteArray csv = exportCanvasCsv(*gb->effectiveGrades(), QStringLiteral("Iris basics (4711)"), 4);
    QCOMPARE(csv, QByteArray("Student,ID,SIS User ID,SIS Login ID,Section,Iris basics (4711)\r\n"
                             "    Points Possible,,,,,4\r\n"
                             ",12345,,,,2\r\n"
                             ",67890,,,,\r\n"));
    // The LMS's names (ImportManifest) fill the Student column, quoted as CSV needs; a student without one stays empty.
    const QByteArray named = exportCanvasCsv(*gb->effectiveGrades(), QStringLiteral("HW"), 4,
                                             {{QStringLiteral("12345"), QStringLiteral("Doe, Jane")}});
    QVERIFY(named.contains("\"Doe, Jane\",12345,,,,2\r\n"));
    QVERIFY(named.contains("\r\n,67890,,,,\r\n"));
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc == 3 && QByteArray(argv[1]) == "--writer")
        return writerMain(QString::fromLocal8Bit(argv[2]));
    if (argc == 3 && QByteArray(argv[1]) == "--holder")
        return holderMain(QString::fromLocal8Bit(argv[2]));
    if (argc == 3 && QByteArray(argv[1]) == "--open-close")
        return openCloseMain(QString::fromLocal8Bit(argv[2]));
    TestGradebook t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_gradebook.moc"
