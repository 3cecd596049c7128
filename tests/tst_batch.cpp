// Batches with the real bwrap sandbox and a real kernel (/usr/bin/python3 via SANDMARK_PYTHON): the example
// assignment's expected grades (examples/iris/expected-grades.json), skipping unchanged submissions, override
// survival, resume after SIGKILL, shards merged, ambiguous and unsafe submission folders, `grade --json`.
#include "batch/batchgrader.h"
#include "batch/referencerun.h"
#include "batch/submissions.h"
#include "gradebook/gradebook.h"
#include "sandbox/backend.h"

#include "testsupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QSignalSpy>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <cstdio>
#include <sys/stat.h>

#include <csignal>

using namespace sandmark;
using namespace Qt::Literals::StringLiterals;

namespace {

const QString kIris = QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris");

struct BatchRun
{
    std::optional<BatchSummary> summary;
    std::optional<Error> error;
    QStringList started;
    QMap<QString, RunRecord> finished; ///< as submissionFinished() carried them
};

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// The example's assignment.json, instructor notebook and data file copied into `dir`; no submissions.
bool copyIrisAssignment(const QString &dir)
{
    return QFile::copy(kIris + u"/assignment.json"_s, dir + u"/assignment.json"_s)
           && QFile::copy(kIris + u"/iris-analysis.ipynb"_s, dir + u"/iris-analysis.ipynb"_s) && QDir(dir).mkpath(u"data"_s)
           && QFile::copy(kIris + u"/data/iris.csv"_s, dir + u"/data/iris.csv"_s);
}

/// The example's alice's notebook handed in by each of `students` under `dir`/submissions.
bool handInAlicesNotebook(const QString &dir, const QStringList &students)
{
    for (const QString &s : students)
        if (!QDir(dir).mkpath(u"submissions/"_s + s)
            || !QFile::copy(kIris + u"/submissions/alice/iris-analysis.ipynb"_s, dir + u"/submissions/%1/iris-analysis.ipynb"_s.arg(s)))
            return false;
    return true;
}

/// As handInAlicesNotebook(), but each of `sleepers` first sleeps `seconds` in a cell of its own (still running when
/// the test acts); every copy is written as QJsonDocument writes it.
bool handInAlicesNotebookSleeping(const QString &dir, const QStringList &students, const QStringList &sleepers, int seconds)
{
    const QJsonDocument nb = QJsonDocument::fromJson(readFile(kIris + u"/submissions/alice/iris-analysis.ipynb"_s));
    for (const QString &s : students) {
        if (!QDir(dir).mkpath(u"submissions/"_s + s))
            return false;
        QJsonObject o = nb.object();
        if (sleepers.contains(s)) {
            QJsonArray cells = o.value(u"cells"_s).toArray();
            cells.prepend(QJsonObject{{u"cell_type"_s, u"code"_s}, {u"execution_count"_s, QJsonValue()},
                                      {u"metadata"_s, QJsonObject()}, {u"outputs"_s, QJsonArray()},
                                      {u"source"_s, u"import time\ntime.sleep(%1)"_s.arg(seconds)}});
            o.insert(u"cells"_s, cells);
        }
        QFile f(dir + u"/submissions/%1/iris-analysis.ipynb"_s.arg(s));
        if (!f.open(QIODevice::WriteOnly))
            return false;
        f.write(QJsonDocument(o).toJson());
    }
    return true;
}

} // namespace

class TestBatch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void parseShard_data();
    void parseShard();
    void shardsPartitionTheSortedIds();
    void discoverIsSortedAndIdsFromFoldersAndFiles();
    void looseFifoOrDeviceNotebookIsRefused();
    void folderNamedLikeANotebookIsNamed();
    void studentNamedInAnotherUnicodeFormIsFound();
    void ambiguousAndUnsafeSubmissionsAreFlagged();
    void exampleGetsItsExpectedGrades();
    void exampleGradesHoldInContainers_data();
    void exampleGradesHoldInContainers();
    void rerunWithoutForceRunsNothing();
    void overrideSurvivesForcedRegrade();
    void problemSubmissionIsRecordedWithoutASandbox();
    void outOfRangeNumberIsOneStudentsProblem();
    void mountinfoCarriesNoStudentId();
    void gradingMaterialIsPrivate();
    void shardsMergedEqualTheFullSet();
    void resumeAfterSigkill();
    void sigtermToEveryProcessKeepsFinishedResults();
    void readerAndMergeDuringABatchLoseNothing();
    void failedReferenceIsAGraderErrorForTheUngraded();
    void gradeJsonShape();
    void wallClockAndKernelspecCases();
    void interruptedForcedRegradeMarksStaleRows();
    void anotherBackendIsNotUnchanged();
    void settledAmbiguousFolderStaysSettled();
    void oneBatchPerGradebook();
    void gradebookAmongTheSubmissionsIsRefused();
    void supersededRunFoldersArePruned();
    void unicodeNamesInAnyLocale();
    void nothingGradedIsExportedBlank();
    void environmentResolvedOncePerBatch();
    void prestartedSandboxesShareNothing();

private:
    BatchOptions options(const QString &gradebook, int jobs = 2) const;
    /// Grades `subs` of `assignment` (default: the iris example) until the batch ends.
    BatchRun runBatch(const QList<Submission> &subs, const BatchOptions &opt, const Assignment *assignment = nullptr);
    QList<Submission> exampleSubmissions(const QStringList &only = {});
    QMap<QString, EffectiveGrade> grades(const QString &gradebook);
    QProcess *startCli(const QStringList &args, const QMap<QString, QString> &extraEnv = {});
    /// Fails the test where `gradebook`'s effective grades differ from examples/iris/expected-grades.json.
    void compareWithExpectedGrades(const QString &gradebook);

    /// The example's 14 submissions graded in one batch: its gradebook and the reference cache that batch filled.
    struct FullSet
    {
        QString gradebook;
        QString referenceCache;
    };
    /// A gradebook path and a reference cache folder, both new, in a folder of their own under m_tmp.
    FullSet newFullSetPaths();
    /// The full set the tests that compare with it or grade on top of it read, so that each also runs alone:
    /// exampleGetsItsExpectedGrades()'s once it passed, else the 14 graded here (once per test run). Empty
    /// `gradebook` when that batch failed, with why in `why`.
    FullSet fullSet(QString *why);

    QTemporaryDir m_tmp;
    std::optional<Assignment> m_assignment;
    QString m_skip;
    std::optional<FullSet> m_fullSet;
    int m_fullSets = 0;
};

BatchOptions TestBatch::options(const QString &gradebook, int jobs) const
{
    BatchOptions opt;
    opt.jobs = jobs;
    opt.run.kind = SandboxKind::Bwrap;
    opt.run.runsRoot = m_tmp.filePath(u"runs"_s);
    opt.gradebookPath = gradebook;
    opt.referenceCacheDir = m_tmp.filePath(u"reference"_s);
    return opt;
}

BatchRun TestBatch::runBatch(const QList<Submission> &subs, const BatchOptions &opt, const Assignment *assignment)
{
    BatchRun o;
    BatchGrader grader(assignment ? *assignment : *m_assignment, subs, opt);
    QEventLoop loop;
    connect(&grader, &BatchGrader::submissionStarted, &loop, [&](const QString &id) { o.started << id; });
    connect(&grader, &BatchGrader::submissionFinished, &loop, [&](const QString &id, const GradeResult &r, const RunRecord &run) {
        QCOMPARE(run.studentId, id);
        QCOMPARE(run.result.status, r.status);
        o.finished.insert(id, run);
    });
    connect(&grader, &BatchGrader::finished, &loop, [&](const BatchSummary &s) {
        o.summary = s;
        loop.quit();
    });
    connect(&grader, &BatchGrader::failed, &loop, [&](const Error &e) {
        o.error = e;
        loop.quit();
    });
    QTimer::singleShot(600000, &loop, &QEventLoop::quit);
    grader.start();
    loop.exec();
    return o;
}

QList<Submission> TestBatch::exampleSubmissions(const QStringList &only)
{
    Expected<QList<Submission>> all = discoverSubmissions(kIris + u"/submissions"_s);
    if (!all)
        return {};
    QList<Submission> out;
    for (const Submission &s : std::as_const(*all))
        if (only.isEmpty() || only.contains(s.studentId))
            out << s;
    return out;
}

QMap<QString, EffectiveGrade> TestBatch::grades(const QString &gradebook)
{
    QMap<QString, EffectiveGrade> out;
    auto gb = Gradebook::open(gradebook);
    if (!gb)
        return out;
    auto g = (*gb)->effectiveGrades();
    if (g)
        for (const EffectiveGrade &e : std::as_const(*g))
            out.insert(e.studentId, e);
    return out;
}

QProcess *TestBatch::startCli(const QStringList &args, const QMap<QString, QString> &extraEnv)
{
    auto *p = new QProcess(this);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"LC_ALL"_s, u"C.UTF-8"_s);
    env.insert(u"SANDMARK_CACHE_DIR"_s, m_tmp.filePath(u"cache"_s)); // reference cache, run folders
    for (auto it = extraEnv.cbegin(); it != extraEnv.cend(); ++it)
        env.insert(it.key(), it.value());
    p->setProcessEnvironment(env);
    p->start(QStringLiteral(SANDMARK_CLI), args);
    return p;
}

void TestBatch::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    // Run folders live under it: the sandbox user (when running as root) must be able to reach them.
    QVERIFY(QFile::setPermissions(m_tmp.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                    | QFileDevice::ReadGroup | QFileDevice::ExeGroup
                                                    | QFileDevice::ReadOther | QFileDevice::ExeOther));
    Expected<Assignment> a = Assignment::load(kIris);
    QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
    m_assignment = *a;
    std::unique_ptr<SandboxBackend> bwrap = createBackend(SandboxKind::Bwrap, {});
    if (Expected<void> c = bwrap->check(); !c)
        m_skip = u"bwrap cannot run here: "_s + c.error().toString();
}

#define REQUIRE_SANDBOX()                                                                                              \
    do {                                                                                                               \
        if (!m_skip.isEmpty())                                                                                         \
            QSKIP(qPrintable(m_skip));                                                                                 \
    } while (false)

void TestBatch::parseShard_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("n");
    QTest::newRow("1/1") << u"1/1"_s << 1 << 1;
    QTest::newRow("2/3") << u"2/3"_s << 2 << 3;
    QTest::newRow("zero") << u"0/2"_s << 0 << 0;
    QTest::newRow("k>n") << u"3/2"_s << 0 << 0;
    QTest::newRow("n=0") << u"1/0"_s << 0 << 0;
    QTest::newRow("no slash") << u"12"_s << 0 << 0;
    QTest::newRow("text") << u"a/b"_s << 0 << 0;
    QTest::newRow("negative") << u"-1/2"_s << 0 << 0;
    QTest::newRow("three parts") << u"1/2/3"_s << 0 << 0;
}

void TestBatch::parseShard()
{
    QFETCH(QString, text);
    QFETCH(int, k);
    QFETCH(int, n);
    Expected<Shard> s = sandmark::parseShard(text);
    if (k == 0) {
        QVERIFY(!s);
        QCOMPARE(s.error().location, u"--shard"_s);
        return;
    }
    QVERIFY(s);
    QCOMPARE(s->index, k);
    QCOMPARE(s->count, n);
}

void TestBatch::shardsPartitionTheSortedIds()
{
    QList<Submission> subs;
    for (const QString &id : {u"e"_s, u"a"_s, u"d"_s, u"b"_s, u"c"_s}) {
        Submission s;
        s.studentId = id;
        subs << s;
    }
    auto ids = [](const QList<Submission> &l) {
        QStringList out;
        for (const Submission &s : l)
            out << s.studentId;
        return out;
    };
    QCOMPARE(ids(shardOf(subs, {1, 2})), (QStringList{u"a"_s, u"c"_s, u"e"_s}));
    QCOMPARE(ids(shardOf(subs, {2, 2})), (QStringList{u"b"_s, u"d"_s}));
    QCOMPARE(ids(shardOf(subs, {1, 1})), (QStringList{u"a"_s, u"b"_s, u"c"_s, u"d"_s, u"e"_s}));
    QCOMPARE(ids(shardOf(subs, {3, 3})), (QStringList{u"c"_s}));
    QCOMPARE(ids(shardOf(subs, {2, 7})), (QStringList{u"b"_s}));
    QVERIFY(shardOf(subs, {7, 7}).isEmpty());
}

void TestBatch::discoverIsSortedAndIdsFromFoldersAndFiles()
{
    Expected<QList<Submission>> all = discoverSubmissions(kIris + u"/submissions"_s);
    QVERIFY(all);
    QCOMPARE(all->size(), 14);
    QCOMPARE(all->first().studentId, u"alice"_s);
    QCOMPARE(all->last().studentId, u"peggy"_s);
    for (const Submission &s : std::as_const(*all)) {
        QVERIFY2(s.problem.isEmpty(), qPrintable(s.studentId + u": "_s + s.problem));
        QCOMPARE(s.notebookPath, kIris + u"/submissions/"_s + s.studentId + u"/iris-analysis.ipynb"_s);
        QCOMPARE(s.files, QStringList{s.notebookPath});
    }
    // A notebook directly in the folder: the id is its file name.
    QTemporaryDir dir;
    QVERIFY(QFile::copy(all->first().notebookPath, dir.filePath(u"zoe.ipynb"_s)));
    QVERIFY(QDir(dir.path()).mkpath(u".sandmark"_s));
    QFile(dir.filePath(u"README.txt"_s)).open(QIODevice::WriteOnly);
    Expected<QList<Submission>> flat = discoverSubmissions(dir.path());
    QVERIFY(flat);
    QCOMPARE(flat->size(), 1);
    QCOMPARE(flat->first().studentId, u"zoe"_s);
    QVERIFY(flat->first().problem.isEmpty());
    QVERIFY(!discoverSubmissions(dir.filePath(u"nope"_s)));
}

// A FIFO named like a notebook directly in submissions/ (opening it waits for a writer for ever; a device never ends):
// the student is listed with the problem, never left out, and never opened (grade hung hashing it).
void TestBatch::looseFifoOrDeviceNotebookIsRefused()
{
    QTemporaryDir dir;
    const QString nb = kIris + u"/submissions/alice/iris-analysis.ipynb"_s;
    QVERIFY(QFile::copy(nb, dir.filePath(u"amy.ipynb"_s)));
    QCOMPARE(::mkfifo(QFile::encodeName(dir.filePath(u"zed.ipynb"_s)).constData(), 0600), 0);
    Expected<QList<Submission>> all = discoverSubmissions(dir.path());
    QVERIFY(all);
    QCOMPARE(all->size(), 2);
    QCOMPARE(all->at(0).studentId, u"amy"_s);
    QVERIFY(all->at(0).problem.isEmpty());
    QCOMPARE(all->at(1).studentId, u"zed"_s);
    QCOMPARE(all->at(1).problem, u"zed.ipynb is not a regular file (refused)"_s);
    QVERIFY(all->at(1).files.isEmpty() && all->at(1).notebookPath.isEmpty());
    // Named on a command line: the same.
    Expected<Submission> zed = submissionAt(dir.filePath(u"zed.ipynb"_s));
    QVERIFY(zed);
    QCOMPARE(zed->problem, u"zed.ipynb is not a regular file (refused)"_s);
    Expected<Submission> named = submissionNamed(dir.path(), u"zed"_s);
    QVERIFY(named);
    QCOMPARE(named->problem, u"zed.ipynb is not a regular file (refused)"_s);
}

// A folder named like a notebook ("hw.ipynb/") where the notebook should be: the problem names it, as validate and
// instrument do, instead of "no notebook in the folder" beside what looks like one (fresh-user finding).
void TestBatch::folderNamedLikeANotebookIsNamed()
{
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(u"zed/iris-analysis.ipynb"_s));
    Expected<QList<Submission>> all = discoverSubmissions(dir.path());
    QVERIFY(all);
    QCOMPARE(all->size(), 1);
    QCOMPARE(all->at(0).problem, u"no notebook (*.ipynb) in the folder: iris-analysis.ipynb is a folder, not a notebook"_s);
}

// A student typed as a keyboard writes the name (composed, NFC) whose folder is decomposed (NFD, as macOS writes it)
// is that folder; typed decomposed, the composed one (fresh-user finding: "no such student, file or folder").
void TestBatch::studentNamedInAnotherUnicodeFormIsFound()
{
    QTemporaryDir dir;
    const QString nb = kIris + u"/submissions/alice/iris-analysis.ipynb"_s;
    const QString nfd = u"Zoe\u0308"_s, nfc = u"Zo\u00EB"_s;
    QVERIFY(QDir(dir.path()).mkpath(nfd));
    QVERIFY(QFile::copy(nb, dir.filePath(nfd + u"/iris-analysis.ipynb"_s)));
    QVERIFY(QFile::copy(nb, dir.filePath(u"J\u00FCrg.ipynb"_s)));
    Expected<Submission> zoe = submissionNamed(dir.path(), nfc);
    QVERIFY2(zoe, zoe ? "" : qPrintable(zoe.error().toString()));
    QCOMPARE(zoe->studentId, nfd);
    Expected<Submission> jurg = submissionNamed(dir.path(), u"Ju\u0308rg"_s);
    QVERIFY2(jurg, jurg ? "" : qPrintable(jurg.error().toString()));
    QCOMPARE(jurg->studentId, u"J\u00FCrg"_s);
    QVERIFY(!submissionNamed(dir.path(), u"Zoe"_s)); // only the same once normalized, nothing looser
}

void TestBatch::ambiguousAndUnsafeSubmissionsAreFlagged()
{
    QTemporaryDir dir;
    QTemporaryDir outside;
    const QString nb = kIris + u"/submissions/alice/iris-analysis.ipynb"_s;
    QDir root(dir.path());
    QVERIFY(root.mkpath(u"amy/.ipynb_checkpoints"_s));
    QVERIFY(QFile::copy(nb, dir.filePath(u"amy/part1.ipynb"_s)));
    QVERIFY(QFile::copy(nb, dir.filePath(u"amy/part2.ipynb"_s)));
    QVERIFY(QFile::copy(nb, dir.filePath(u"amy/.ipynb_checkpoints/part1-checkpoint.ipynb"_s)));
    QVERIFY(root.mkpath(u"ben"_s));
    QVERIFY(QFile::copy(nb, dir.filePath(u"ben/hw.ipynb"_s)));
    QVERIFY(QFile::copy(nb, outside.filePath(u"secret.ipynb"_s)));
    QVERIFY(QFile::link(outside.filePath(u"secret.ipynb"_s), dir.filePath(u"ben/data.csv"_s)));
    QVERIFY(QFile::link(outside.path(), dir.filePath(u"cat"_s)));
    QVERIFY(QFile::link(outside.filePath(u"secret.ipynb"_s), dir.filePath(u"dan.ipynb"_s)));
    QVERIFY(root.mkpath(u"eve/sub"_s));
    QVERIFY(QFile::copy(nb, dir.filePath(u"eve/sub/hw.ipynb"_s)));
    QVERIFY(QFile::copy(nb, dir.filePath(u"eve/data.csv"_s)));
    QVERIFY(root.mkpath(u"fay"_s));
    QVERIFY(QFile::copy(nb, dir.filePath(u"fay.ipynb"_s)));
    QVERIFY(root.mkpath(u"__MACOSX/amy"_s)); // left by unpacking a macOS zip by hand: not a student
    QVERIFY(QFile::copy(nb, dir.filePath(u"__MACOSX/amy/._part1.ipynb"_s)));
    // A folder whose name is not UTF-8 (Latin-1 "café"): flagged, never silently left out.
    const QByteArray latin1 = QFile::encodeName(dir.path()) + "/caf\xe9";
    QCOMPARE(::mkdir(latin1.constData(), 0755), 0);
    QVERIFY(QFile::copy(nb, dir.filePath(u"tmp.ipynb"_s)));
    QCOMPARE(::rename(QFile::encodeName(dir.filePath(u"tmp.ipynb"_s)).constData(), (latin1 + "/hw.ipynb").constData()), 0);

    Expected<QList<Submission>> all = discoverSubmissions(dir.path());
    QVERIFY(all);
    QMap<QString, Submission> by;
    QStringList order;
    for (const Submission &s : std::as_const(*all)) {
        order << s.studentId;
        by.insert(s.studentId, s);
    }
    QCOMPARE(order.size(), 8);
    const QString cafe = order.takeAt(order.indexOf(QRegularExpression(u"caf.*"_s)));
    QCOMPARE(order, (QStringList{u"amy"_s, u"ben"_s, u"cat"_s, u"dan"_s, u"eve"_s, u"fay"_s, u"fay"_s}));
    QCOMPARE(by[cafe].problem, u"'caf\uFFFD': the name is not valid UTF-8 (rename it)"_s);
    QVERIFY(by[cafe].notebookPath.isEmpty());
    QCOMPARE(by[u"amy"_s].problem, u"ambiguous: 2 notebooks (part1.ipynb, part2.ipynb); keep one, or grade the one meant by its "
                                    "path (sandmark-cli grade ASSIGNMENT amy/<notebook>)"_s);
    QVERIFY(by[u"amy"_s].notebookPath.isEmpty());
    QCOMPARE(by[u"ben"_s].problem, u"data.csv is a symbolic link (refused)"_s);
    QCOMPARE(by[u"cat"_s].problem, u"cat is a symbolic link (refused)"_s);
    QCOMPARE(by[u"dan"_s].problem, u"dan.ipynb is a symbolic link (refused)"_s);
    QVERIFY2(by[u"eve"_s].problem.isEmpty(), qPrintable(by[u"eve"_s].problem));
    QCOMPARE(by[u"eve"_s].notebookPath, dir.filePath(u"eve/sub/hw.ipynb"_s));
    QCOMPARE(by[u"eve"_s].files, (QStringList{dir.filePath(u"eve/data.csv"_s), dir.filePath(u"eve/sub/hw.ipynb"_s)}));
    for (const Submission &s : std::as_const(*all))
        if (s.studentId == u"fay"_s)
            QCOMPARE(s.problem, u"duplicate student id 'fay' (a folder and a notebook?)"_s);

    // Named on a command line: the same rules for one entry.
    Expected<Submission> amy = submissionAt(dir.filePath(u"amy"_s));
    QVERIFY(amy);
    QVERIFY(amy->problem.startsWith(u"ambiguous"_s));
    Expected<Submission> dan = submissionAt(dir.filePath(u"dan.ipynb"_s));
    QVERIFY(dan);
    QCOMPARE(dan->problem, u"dan.ipynb is a symbolic link (refused)"_s);
    QVERIFY(!submissionAt(dir.filePath(u"eve/data.csv"_s)));
    QVERIFY(!submissionAt(dir.filePath(u"nobody"_s)));

    // An ambiguous folder is settled by naming the notebook meant; the message says how.
    QVERIFY2(amy->problem.endsWith(u"grade the one meant by its path (sandmark-cli grade ASSIGNMENT amy/<notebook>)"_s),
             qPrintable(amy->problem));
    Expected<Submission> part2 = submissionNamed(dir.path(), dir.filePath(u"amy/part2.ipynb"_s));
    QVERIFY2(part2, qPrintable(part2 ? QString() : part2.error().toString()));
    QCOMPARE(part2->studentId, u"amy"_s);
    QCOMPARE(part2->notebookPath, dir.filePath(u"amy/part2.ipynb"_s));
    QVERIFY(part2->problem.isEmpty());
    QCOMPARE(part2->files, amy->files);
    Expected<Submission> nested = submissionNamed(dir.path(), dir.filePath(u"eve/sub/hw.ipynb"_s));
    QVERIFY(nested);
    QCOMPARE(nested->studentId, u"eve"_s);
    QCOMPARE(nested->notebookPath, dir.filePath(u"eve/sub/hw.ipynb"_s));
    // The folder's other problems stay; other files are not submissions.
    Expected<Submission> ben = submissionNamed(dir.path(), dir.filePath(u"ben/hw.ipynb"_s));
    QVERIFY(ben);
    QCOMPARE(ben->problem, u"data.csv is a symbolic link (refused)"_s);
    QVERIFY(!submissionNamed(dir.path(), dir.filePath(u"eve/data.csv"_s)));
    // As the flag's hint writes it: relative to the submissions folder.
    Expected<Submission> hinted = submissionNamed(dir.path(), u"amy/part2.ipynb"_s);
    QVERIFY2(hinted, qPrintable(hinted ? QString() : hinted.error().toString()));
    QCOMPARE(hinted->notebookPath, part2->notebookPath);
    // Which notebook is graded is part of the "unchanged" key, for ambiguous folders only.
    Expected<Submission> part1 = submissionNamed(dir.path(), u"amy/part1.ipynb"_s);
    QVERIFY(part1);
    const QStringList amyKeys = {submissionFilesHash(*amy), submissionFilesHash(*part1), submissionFilesHash(*part2)};
    QCOMPARE(QSet<QString>(amyKeys.cbegin(), amyKeys.cend()).size(), 3);
    QCOMPARE(submissionFilesHash(*nested), Gradebook::hashFiles(nested->files, nested->root));
}

void TestBatch::compareWithExpectedGrades(const QString &gradebook)
{
    const QJsonObject expected =
        QJsonDocument::fromJson(readFile(kIris + u"/expected-grades.json"_s)).object().value(u"grades"_s).toObject();
    QCOMPARE(expected.size(), 14);
    const QMap<QString, EffectiveGrade> g = grades(gradebook);
    QCOMPARE(g.size(), 14);
    for (auto it = expected.constBegin(); it != expected.constEnd(); ++it) {
        const QJsonObject e = it.value().toObject();
        QVERIFY2(g.contains(it.key()), qPrintable(it.key()));
        const EffectiveGrade &got = g[it.key()];
        const QString where = it.key() + u": "_s + got.reasons.join(u"; "_s);
        QCOMPARE(gradeStatusName(got.status), e.value(u"status"_s).toString());
        if (e.value(u"score"_s).isNull()) { // nothing could be graded: no score, never 0
            QVERIFY2(!got.score().has_value(), qPrintable(where));
            QCOMPARE(got.maxScore, 8.0);
            continue;
        }
        QVERIFY2(got.score().has_value(), qPrintable(where));
        if (*got.score() != e.value(u"score"_s).toDouble())
            QFAIL(qPrintable(u"%1: score %2, expected %3 (%4)"_s.arg(where).arg(*got.score()).arg(e.value(u"score"_s).toDouble())
                                 .arg(e.value(u"why"_s).toString())));
        QCOMPARE(got.maxScore, 8.0);
        QCOMPARE(got.checks.size(), 5);
    }
}

TestBatch::FullSet TestBatch::newFullSetPaths()
{
    const QString dir = m_tmp.filePath(u"full-%1"_s.arg(++m_fullSets));
    QDir().mkpath(dir);
    return FullSet{dir + u"/full.sqlite"_s, dir + u"/reference"_s};
}

TestBatch::FullSet TestBatch::fullSet(QString *why)
{
    if (m_fullSet)
        return *m_fullSet;
    const FullSet set = newFullSetPaths();
    BatchOptions opt = options(set.gradebook);
    opt.referenceCacheDir = set.referenceCache;
    const BatchRun o = runBatch(exampleSubmissions(), opt);
    if (o.error || !o.summary || o.summary->total != 14 || o.summary->graderErrors != 0) {
        *why = u"grading the example's 14 submissions failed: "_s
               + (o.error ? o.error->toString()
                          : o.summary ? u"%1 graded, %2 grader errors"_s.arg(o.summary->total).arg(o.summary->graderErrors)
                                      : u"no summary"_s);
        return {};
    }
    m_fullSet = set;
    return set;
}

void TestBatch::exampleGetsItsExpectedGrades()
{
    REQUIRE_SANDBOX();
    // A gradebook and a reference cache of its own, whatever ran before: the reference is run, not read from a cache.
    const FullSet set = newFullSetPaths();
    const QString fullGradebook = set.gradebook;
    BatchOptions opt = options(fullGradebook);
    opt.referenceCacheDir = set.referenceCache;
    const QList<Submission> subs = exampleSubmissions();
    QCOMPARE(subs.size(), 14);
    const BatchRun o = runBatch(subs, opt);
    QVERIFY2(!o.error, qPrintable(o.error ? o.error->toString() : QString()));
    QVERIFY(o.summary);
    QCOMPARE(o.summary->total, 14);
    QCOMPARE(o.summary->skipped, 0);
    QCOMPARE(o.summary->graderErrors, 0);
    QVERIFY(!o.summary->referenceFromCache);
    QCOMPARE(o.started.size(), 14);

    compareWithExpectedGrades(fullGradebook);
    if (QTest::currentTestFailed())
        return;
    if (!m_fullSet)
        m_fullSet = set; // the full set the later tests read: not graded twice
    const QMap<QString, EffectiveGrade> g = grades(fullGradebook);
    // Reasons carry what happened, not just a status.
    QVERIFY(g[u"judy"_s].reasons.value(0).startsWith(u"the notebook cannot be read: line 90"_s));
    // judy's notebook never reached a sandbox: no backend, no run time, no artifacts — recorded and signalled
    // as such. alice's run did: its backend, its run time and its artifacts folder, already when it finished.
    QCOMPARE(g[u"judy"_s].backend, QString());
    QCOMPARE(g[u"judy"_s].finished, g[u"judy"_s].started);
    QCOMPARE(g[u"judy"_s].artifacts, QString());
    QCOMPARE(o.finished.value(u"judy"_s).backend, QString());
    QCOMPARE(g[u"alice"_s].backend, u"bwrap"_s);
    QVERIFY(g[u"alice"_s].finished > g[u"alice"_s].started);
    QCOMPARE(o.finished.size(), 14);
    QCOMPARE(o.finished.value(u"alice"_s).artifacts, g[u"alice"_s].artifacts);
    QVERIFY(QFileInfo::exists(o.finished.value(u"alice"_s).artifacts + u"/executed.ipynb"_s));
    QVERIFY(g[u"frank"_s].reasons.join(u"\n"_s).contains(u"cells[7]: timeout after "_s)); // the limit, as the record says it
    QVERIFY(g[u"grace"_s].reasons.join(u"\n"_s).contains(u"MemoryError"_s));
    QVERIFY(g[u"mallory"_s].reasons.isEmpty());
}

// The example's grades hold in the container backends too (issue 15): `sandmark-cli grade --sandbox docker` and
// `--sandbox podman` give every submission what expected-grades.json says. A backend this machine cannot run
// (no engine, an engine that cannot enforce the limits, no base image: the docker_engine and podman_engine
// fixtures build it) is skipped with the reason.
void TestBatch::exampleGradesHoldInContainers_data()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("docker") << u"docker"_s;
    QTest::newRow("podman") << u"podman"_s;
}

void TestBatch::exampleGradesHoldInContainers()
{
    QFETCH(QString, backend);
    const auto kind = parseSandboxKind(backend);
    QVERIFY(kind);
    if (Expected<void> c = createBackend(*kind)->check(); !c)
        QSKIP(qPrintable(backend + u" cannot run here: "_s + c.error().toString()));
    // The self-test proves the engine can start a container with every limit here (a container of CI's may
    // lack a writable cgroup tree); where it cannot, its first failed row is the reason to skip.
    QProcess *doctor = startCli({u"doctor"_s, u"--sandbox"_s, backend});
    QVERIFY(doctor->waitForFinished(300000));
    const QString report = QString::fromUtf8(doctor->readAllStandardOutput());
    const int doctorExit = doctor->exitCode();
    delete doctor;
    if (doctorExit != 0) {
        const qsizetype fail = report.indexOf(u"FAIL"_s);
        QSKIP(qPrintable(backend + u" fails its self-test here: "_s + report.mid(fail, report.indexOf(u'\n', fail) - fail).simplified()));
    }
    const QString path = m_tmp.filePath(backend + u".sqlite"_s);
    QElapsedTimer clock;
    clock.start();
    QProcess *cli = startCli({u"grade"_s, kIris, u"--sandbox"_s, backend, u"--jobs"_s, u"2"_s, u"--gradebook"_s, path});
    QVERIFY(cli->waitForFinished(1200000));
    const QByteArray err = cli->readAllStandardError();
    QVERIFY2(cli->exitStatus() == QProcess::NormalExit, err.constData());
    // 0: all graded; 1: some need review (the example has such submissions on purpose); never 3 (grader error).
    QVERIFY2(cli->exitCode() == 0 || cli->exitCode() == 1, err.constData());
    delete cli;
    qInfo("%s: 14 submissions graded in %.1f s (--jobs 2)", qPrintable(backend), clock.elapsed() / 1000.0);
    compareWithExpectedGrades(path);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(grades(path).value(u"alice"_s).backend, backend);
}

void TestBatch::rerunWithoutForceRunsNothing()
{
    REQUIRE_SANDBOX();
    QString why;
    const FullSet full = fullSet(&why);
    QVERIFY2(!full.gradebook.isEmpty(), qPrintable(why));
    const QString fullGradebook = full.gradebook;
    auto before = Gradebook::open(fullGradebook);
    QVERIFY(before);
    const qint64 runs = *(*before)->runCount();
    before->reset();
    BatchOptions opt = options(fullGradebook);
    opt.referenceCacheDir = full.referenceCache; // where the full set's batch cached its reference
    const BatchRun o = runBatch(exampleSubmissions(), opt);
    QVERIFY(o.summary);
    QCOMPARE(o.summary->skipped, 14);
    QVERIFY(o.summary->referenceFromCache);
    QVERIFY(o.started.isEmpty());
    auto after = Gradebook::open(fullGradebook);
    QCOMPARE(*(*after)->runCount(), runs);
}

void TestBatch::overrideSurvivesForcedRegrade()
{
    REQUIRE_SANDBOX();
    QString why;
    const QString fullGradebook = fullSet(&why).gradebook;
    QVERIFY2(!fullGradebook.isEmpty(), qPrintable(why));
    const QString path = m_tmp.filePath(u"override.sqlite"_s);
    QVERIFY(QFile::copy(fullGradebook, path));
    {
        auto gb = Gradebook::open(path);
        QVERIFY(gb);
        QVERIFY((*gb)->addOverride(u"bob"_s, Override{u"mean_sepal"_s, 1, u"right idea, wrong column"_s, {}}));
    }
    BatchOptions opt = options(path);
    opt.force = true;
    const BatchRun o = runBatch(exampleSubmissions({u"bob"_s}), opt);
    QVERIFY(o.summary);
    QCOMPARE(o.started, QStringList{u"bob"_s});
    QCOMPARE(o.summary->graded, 1);
    auto gb = Gradebook::open(path);
    QCOMPARE(*(*gb)->runCount(), *(*Gradebook::open(fullGradebook))->runCount() + 1);
    const EffectiveGrade bob = grades(path).value(u"bob"_s);
    QCOMPARE(bob.autoScore, 6.0);
    QCOMPARE(*bob.score(), 7.0);
    QCOMPARE(bob.overrideComments(), QStringList{u"mean_sepal: right idea, wrong column"_s});

    // Through the CLI: more points than the check is worth are refused, and nothing is stored.
    QProcess cli;
    cli.start(QCoreApplication::applicationDirPath() + u"/sandmark-cli"_s,
              {u"override"_s, kIris, u"bob"_s, u"--check"_s, u"corr"_s, u"--points"_s, u"99"_s, u"--comment"_s,
               u"x"_s, u"--gradebook"_s, path});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 1);
    const QByteArray cliErr = cli.readAllStandardError();
    QVERIFY2(cliErr.contains("assignment.json: 99 points is not between 0 and what check 'corr' is worth (2)"), cliErr.constData());
    QCOMPARE(*grades(path).value(u"bob"_s).score(), 7.0);

    // An override can be removed: the automatic points count again; --clear with --points is a usage error.
    cli.start(QCoreApplication::applicationDirPath() + u"/sandmark-cli"_s,
              {u"override"_s, kIris, u"bob"_s, u"--check"_s, u"mean_sepal"_s, u"--clear"_s, u"--points"_s, u"1"_s,
               u"--gradebook"_s, path});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 2);
    QCOMPARE(*grades(path).value(u"bob"_s).score(), 7.0);
    // A check id the assignment does not have (a typo, or an empty one) is refused, not read as "nothing to
    // remove" or as the whole submission.
    for (const QString &id : {u"mean_sepl"_s, QString()}) {
        cli.start(QCoreApplication::applicationDirPath() + u"/sandmark-cli"_s,
                  {u"override"_s, kIris, u"bob"_s, u"--check"_s, id, u"--clear"_s, u"--gradebook"_s, path});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 1);
        QVERIFY(cli.readAllStandardError().contains("no check '" + id.toUtf8() + "' in this assignment"));
    }
    QCOMPARE(*grades(path).value(u"bob"_s).score(), 7.0);
    cli.start(QCoreApplication::applicationDirPath() + u"/sandmark-cli"_s,
              {u"override"_s, kIris, u"bob"_s, u"--check"_s, u"mean_sepal"_s, u"--clear"_s, u"--gradebook"_s, path});
    QVERIFY(cli.waitForFinished(60000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    QCOMPARE(QString::fromUtf8(cli.readAllStandardOutput()),
             u"bob: removed 1 override(s) of check 'mean_sepal'\nbob: 6 / 8 (automatic 6)\n"_s);
    const EffectiveGrade bobCleared = grades(path).value(u"bob"_s);
    QCOMPARE(*bobCleared.score(), 6.0);
    QVERIFY(bobCleared.overrideComments().isEmpty());

    // A whole-submission override settles judy's needs-review (her notebook does not parse): the effective
    // status is graded, in the gradebook and in `grade --json`, and it stays so after a forced regrade.
    {
        auto gbj = Gradebook::open(path);
        QVERIFY(gbj);
        QVERIFY((*gbj)->addOverride(u"judy"_s, Override{{}, 5, u"graded by hand: the JSON fixed in an editor"_s, {}}));
    }
    const BatchRun forced = runBatch(exampleSubmissions({u"judy"_s}), opt);
    QVERIFY(forced.summary);
    QCOMPARE(forced.started, QStringList{u"judy"_s});
    QCOMPARE(forced.summary->needsReview, 1); // the run itself still needs review
    const EffectiveGrade judy = grades(path).value(u"judy"_s);
    QCOMPARE(judy.runStatus, GradeStatus::NeedsReview);
    QCOMPARE(judy.status, GradeStatus::Graded);
    QCOMPARE(judy.score(), std::optional<double>(5));
    QProcess *json = startCli({u"grade"_s, kIris, u"judy"_s, u"--gradebook"_s, path, u"--json"_s});
    QVERIFY(json->waitForFinished(600000));
    QVERIFY2(json->exitCode() == 0, json->readAllStandardError().constData());
    const QJsonObject j = QJsonDocument::fromJson(json->readAllStandardOutput().split('\n').value(0)).object();
    QCOMPARE(j.value(u"submission"_s).toString(), u"judy"_s);
    QCOMPARE(j.value(u"skipped"_s).toBool(), true);
    QCOMPARE(j.value(u"status"_s).toString(), u"graded"_s);
    QCOMPARE(j.value(u"run_status"_s).toString(), u"needs-review"_s);
    QCOMPARE(j.value(u"score"_s).toDouble(), 5.0);
    QCOMPARE(j.value(u"override"_s).toObject().value(u"comment"_s).toString(), u"graded by hand: the JSON fixed in an editor"_s);
    delete json;
}

void TestBatch::problemSubmissionIsRecordedWithoutASandbox()
{
    REQUIRE_SANDBOX();
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(u"amy"_s));
    const QString nb = kIris + u"/submissions/alice/iris-analysis.ipynb"_s;
    QVERIFY(QFile::copy(nb, dir.filePath(u"amy/a.ipynb"_s)));
    QVERIFY(QFile::copy(nb, dir.filePath(u"amy/b.ipynb"_s)));
    const QString path = m_tmp.filePath(u"ambiguous.sqlite"_s);
    const BatchRun o = runBatch(*discoverSubmissions(dir.path()), options(path));
    QVERIFY(o.summary);
    QCOMPARE(o.summary->needsReview, 1);
    const EffectiveGrade amy = grades(path).value(u"amy"_s);
    QCOMPARE(amy.status, GradeStatus::NeedsReview);
    QVERIFY(amy.reasons.value(0).startsWith(u"ambiguous: 2 notebooks (a.ipynb, b.ipynb)"_s));
    QCOMPARE(amy.backend, QString()); // never ran: no sandbox, no run time
    QCOMPARE(amy.finished, amy.started);
    for (const EffectiveCheck &c : amy.checks)
        QCOMPARE(c.result.outcome, Outcome::NotGraded);
}

// One submission whose notebook holds a number outside the range of a double (a metadata key of 1e999)
// aborted the whole batch before anything was committed (security report F1). It is that student's
// needs-review, with the place; the others are graded.
void TestBatch::outOfRangeNumberIsOneStudentsProblem()
{
    REQUIRE_SANDBOX();
    QTemporaryDir dir;
    const QString nb = kIris + u"/submissions/alice/iris-analysis.ipynb"_s;
    QVERIFY(QDir(dir.path()).mkpath(u"alice"_s));
    QVERIFY(QDir(dir.path()).mkpath(u"mallory"_s));
    QVERIFY(QFile::copy(nb, dir.filePath(u"alice/iris-analysis.ipynb"_s)));
    QByteArray bytes = readFile(nb);
    const qsizetype metadata = bytes.lastIndexOf("\"metadata\": {");
    QVERIFY(metadata > 0);
    bytes.insert(metadata + qsizetype(strlen("\"metadata\": {")), "\"x\": 1e999, ");
    QFile evil(dir.filePath(u"mallory/iris-analysis.ipynb"_s));
    QVERIFY(evil.open(QIODevice::WriteOnly) && evil.write(bytes) == bytes.size());
    evil.close();
    const QString path = m_tmp.filePath(u"overflow.sqlite"_s);
    const BatchRun o = runBatch(*discoverSubmissions(dir.path()), options(path));
    QVERIFY(o.summary);
    QCOMPARE(o.summary->needsReview, 1);
    const QMap<QString, EffectiveGrade> g = grades(path);
    QCOMPARE(g.value(u"alice"_s).status, GradeStatus::Graded);
    QCOMPARE(*g.value(u"alice"_s).score(), 8.0);
    const EffectiveGrade mallory = g.value(u"mallory"_s);
    QCOMPARE(mallory.status, GradeStatus::NeedsReview);
    QVERIFY2(mallory.reasons.value(0).contains(u"the number 1e999 is outside the range of a double"_s),
             qPrintable(mallory.reasons.join(u" | "_s)));
    QVERIFY2(mallory.reasons.value(0).contains(u"line "_s), qPrintable(mallory.reasons.value(0)));
}

// The sandbox sees the host paths of what is bound into it (/proc/self/mountinfo); the run folder's name
// carried the student id (security report F14). A student's notebook that prints its mountinfo finds no id.
void TestBatch::mountinfoCarriesNoStudentId()
{
    REQUIRE_SANDBOX();
    QTemporaryDir dir;
    const QString id = u"mallory-mountinfo-7"_s;
    QVERIFY(QDir(dir.path()).mkpath(id));
    QFile nb(dir.filePath(id + u"/hw.ipynb"_s));
    QVERIFY(nb.open(QIODevice::WriteOnly));
    nb.write(R"nb({"cells": [{"cell_type": "code", "execution_count": null, "id": "a", "metadata": {}, "outputs": [],
"source": ["print(open('/proc/self/mountinfo').read())"]}],
"metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
"nbformat": 4, "nbformat_minor": 5})nb");
    nb.close();
    const QString path = m_tmp.filePath(u"mountinfo.sqlite"_s);
    const BatchRun o = runBatch(*discoverSubmissions(dir.path()), options(path, 1));
    QVERIFY(o.summary);
    QVERIFY(o.finished.contains(id));
    const QString executed = QDir(o.finished.value(id).artifacts).filePath(u"executed.ipynb"_s);
    const QString text = QString::fromUtf8(readFile(executed));
    QVERIFY2(text.contains(u" /work "_s), qPrintable(executed + u": "_s + text.left(2000))); // the mountinfo was printed
    QVERIFY2(!text.contains(id), qPrintable(text));
    QVERIFY2(!o.finished.value(id).artifacts.contains(id), qPrintable(o.finished.value(id).artifacts));
}

// Grading material is private to the grading user (security report F8: reference payloads were 0644 in a
// 0755 folder, and a local-unsafe submission read the answers): after a batch, the reference cache, the runs,
// a run's artifacts and the gradebook are 0700/0711 folders and 0600 files — also those an older version left
// looser — and a process with a sandbox uid can neither list nor read any of them.
void TestBatch::gradingMaterialIsPrivate()
{
    REQUIRE_SANDBOX();
    if (::geteuid() != 0)
        QSKIP("needs root: the check acts as a sandbox uid (as non-root the sandbox runs as the user, confined by bwrap's mounts)");
    const BatchOptions opt = options(m_tmp.filePath(u"private.sqlite"_s), 1);
    // What an older version left: a world-readable reference folder and payload, a 0644 gradebook.
    QVERIFY(QDir().mkpath(opt.referenceCacheDir));
    QVERIFY(QFile::setPermissions(opt.referenceCacheDir, QFileDevice::Permissions(0x7755)));
    const QString oldPayload = QDir(opt.referenceCacheDir).filePath(u"older-version.json"_s);
    {
        QFile f(oldPayload);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"answer\": 42}");
    }
    QVERIFY(QFile::setPermissions(oldPayload, QFileDevice::Permissions(0x6644)));
    {
        auto gb = Gradebook::open(opt.gradebookPath);
        QVERIFY(gb);
    }
    QVERIFY(QFile::setPermissions(opt.gradebookPath, QFileDevice::Permissions(0x6644)));

    const BatchRun o = runBatch(exampleSubmissions({u"alice"_s}), opt);
    QVERIFY(o.summary);
    const QString artifacts = o.finished.value(u"alice"_s).artifacts;
    QVERIFY(!artifacts.isEmpty());
    const QString runRoot = QFileInfo(artifacts).absolutePath();

    const auto mode = [](const QString &p) {
        struct stat st{};
        return ::stat(QFile::encodeName(p).constData(), &st) == 0 ? int(st.st_mode & 07777) : -1;
    };
    QCOMPARE(mode(opt.referenceCacheDir), 0700);
    QStringList references;
    for (const QFileInfo &fi : QDir(opt.referenceCacheDir).entryInfoList(QDir::Files)) {
        QCOMPARE(mode(fi.filePath()), 0600);
        references << fi.filePath();
    }
    QVERIFY(references.size() >= 2); // the old one and this assignment's payload
    QCOMPARE(mode(opt.run.runsRoot), 0711);
    QCOMPARE(mode(runRoot), 0711);
    QCOMPARE(mode(artifacts), 0700);
    for (const QFileInfo &fi : QDir(artifacts).entryInfoList(QDir::Files))
        QCOMPARE(mode(fi.filePath()), 0600);
    QCOMPARE(mode(opt.gradebookPath), 0600);

    // As the uid a sandbox runs as: every read is refused.
    const std::shared_ptr<SandboxIdentityLease> lease = SandboxIdentityLease::acquire();
    QVERIFY(lease);
    const SandboxIdentity id = lease->identity();
    QStringList targets{u"list:"_s + opt.referenceCacheDir, u"list:"_s + opt.run.runsRoot, u"list:"_s + artifacts,
                        u"read:"_s + QDir(artifacts).filePath(u"record.json"_s), u"read:"_s + QDir(artifacts).filePath(u"payload.json"_s),
                        u"read:"_s + opt.gradebookPath};
    for (const QString &r : std::as_const(references))
        targets << u"read:"_s + r;
    QProcess p;
    p.start(u"/usr/bin/python3"_s, QStringList{u"-c"_s, uR"(
import json, os, sys
os.setgroups([]); os.setgid(int(sys.argv[2])); os.setuid(int(sys.argv[1]))
out = {}
for t in sys.argv[3:]:
    kind, path = t.split(':', 1)
    try:
        os.listdir(path) if kind == 'list' else open(path, 'rb').read(1)
        out[t] = 'allowed'
    except PermissionError:
        out[t] = 'refused'
    except OSError as e:
        out[t] = type(e).__name__
print(json.dumps(out))
)"_s, QString::number(id.uid), QString::number(id.gid)} + targets);
    QVERIFY(p.waitForFinished(30000));
    const QJsonObject seen = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    QVERIFY2(seen.size() == targets.size(), p.readAllStandardError().constData());
    for (const QString &t : std::as_const(targets))
        QVERIFY2(seen.value(t).toString() == u"refused"_s, qPrintable(t + u": "_s + seen.value(t).toString()));
}

void TestBatch::shardsMergedEqualTheFullSet()
{
    REQUIRE_SANDBOX();
    QString why;
    const QString fullGradebook = fullSet(&why).gradebook;
    QVERIFY2(!fullGradebook.isEmpty(), qPrintable(why));
    const QStringList ids{u"alice"_s, u"bob"_s, u"dave"_s, u"judy"_s, u"mallory"_s};
    const QList<Submission> subs = exampleSubmissions(ids);
    const QString s1 = m_tmp.filePath(u"shard1.sqlite"_s), s2 = m_tmp.filePath(u"shard2.sqlite"_s);
    const BatchRun o1 = runBatch(shardOf(subs, {1, 2}), options(s1, 1));
    const BatchRun o2 = runBatch(shardOf(subs, {2, 2}), options(s2, 1));
    QVERIFY(o1.summary && o2.summary);
    QCOMPARE(o1.started, (QStringList{u"alice"_s, u"dave"_s, u"mallory"_s}));
    QCOMPARE(o2.started, (QStringList{u"bob"_s, u"judy"_s}));

    const QString merged = m_tmp.filePath(u"merged.sqlite"_s);
    auto gb = Gradebook::open(merged);
    QVERIFY(gb);
    for (int round = 0; round < 2; ++round) { // merging twice adds nothing
        Expected<MergeStats> m1 = (*gb)->mergeFrom(s1);
        Expected<MergeStats> m2 = (*gb)->mergeFrom(s2);
        QVERIFY(m1 && m2);
        QCOMPARE(m1->runsAdded + m2->runsAdded, round == 0 ? 5 : 0);
        QCOMPARE(m1->runsPresent + m2->runsPresent, round == 0 ? 0 : 5);
    }
    QCOMPARE(*(*gb)->runCount(), 5);
    QVERIFY(!(*gb)->mergeFrom(m_tmp.filePath(u"nope.sqlite"_s)));
    gb->reset();

    const QMap<QString, EffectiveGrade> full = grades(fullGradebook), got = grades(merged);
    QCOMPARE(got.keys(), ids);
    for (const QString &id : ids) {
        QCOMPARE(got[id].status, full[id].status);
        QCOMPARE(got[id].score(), full[id].score());
        QCOMPARE(got[id].checks.size(), full[id].checks.size());
        for (qsizetype i = 0; i < got[id].checks.size(); ++i) {
            QCOMPARE(got[id].checks[i].result.checkId, full[id].checks[i].result.checkId);
            QCOMPARE(got[id].checks[i].result.outcome, full[id].checks[i].result.outcome);
            QCOMPARE(got[id].checks[i].points(), full[id].checks[i].points());
        }
    }
}

void TestBatch::resumeAfterSigkill()
{
    REQUIRE_SANDBOX();
    // A copy of the example with 6 good submissions, graded by the CLI one at a time; killed with SIGKILL
    // once two results are committed.
    QTemporaryDir dir;
    QVERIFY(copyIrisAssignment(dir.path()));
    const QStringList students{u"s1"_s, u"s2"_s, u"s3"_s, u"s4"_s, u"s5"_s, u"s6"_s};
    QVERIFY(handInAlicesNotebook(dir.path(), students));
    const QString gbPath = dir.filePath(u"gb.sqlite"_s);
    QProcess *p = startCli({u"grade"_s, dir.path(), u"--jobs"_s, u"1"_s, u"--gradebook"_s, gbPath});
    QVERIFY(p->waitForStarted());
    QByteArray err;
    QElapsedTimer t;
    t.start();
    while (err.count("sandmark-cli: grade: s") < 2 && p->state() == QProcess::Running && t.elapsed() < 300000) {
        p->waitForReadyRead(500);
        err += p->readAllStandardError();
    }
    QVERIFY2(p->state() == QProcess::Running, err.constData());
    ::kill(pid_t(p->processId()), SIGKILL);
    QVERIFY(p->waitForFinished());
    QCOMPARE(p->exitStatus(), QProcess::CrashExit);

    qint64 committed = 0;
    {
        auto gb = Gradebook::open(gbPath);
        QVERIFY(gb);
        committed = *(*gb)->runCount();
        QVERIFY2(committed >= 2 && committed < 6, qPrintable(QString::number(committed)));
        const auto committedGrades = (*gb)->effectiveGrades(); // kept: a range-for over *temporary dangles
        QVERIFY(committedGrades);
        for (const EffectiveGrade &g : *committedGrades) {
            QCOMPARE(g.status, GradeStatus::Graded); // whole runs only: every committed run has its checks
            QCOMPARE(g.checks.size(), 5);
        }
    }
    // The rerun finishes the rest: no duplicate, nothing lost.
    QProcess *again = startCli({u"grade"_s, dir.path(), u"--jobs"_s, u"2"_s, u"--gradebook"_s, gbPath, u"--json"_s});
    QVERIFY(again->waitForFinished(600000));
    QCOMPARE(again->exitCode(), 0);
    int skipped = 0;
    const QList<QByteArray> lines = again->readAllStandardOutput().trimmed().split('\n');
    QCOMPARE(lines.size(), 7); // six submissions, then the summary
    for (const QByteArray &l : lines.mid(0, 6))
        skipped += QJsonDocument::fromJson(l).object().value(u"skipped"_s).toBool() ? 1 : 0;
    QCOMPARE(skipped, int(committed));
    const QJsonObject summary = QJsonDocument::fromJson(lines.last()).object().value(u"summary"_s).toObject();
    QCOMPARE(summary.value(u"skipped"_s).toInt(), int(committed));
    QCOMPARE(summary.value(u"graded"_s).toInt(), 6 - int(committed));
    auto gb = Gradebook::open(gbPath);
    QCOMPARE(*(*gb)->runCount(), 6);
    const QList<EffectiveGrade> all = *(*gb)->effectiveGrades();
    QCOMPARE(all.size(), 6);
    for (const EffectiveGrade &g : all) {
        QCOMPARE(g.status, GradeStatus::Graded);
        QCOMPARE(*g.score(), 8.0);
    }
}

// Another process reading the gradebook while a batch grades into it (`sandmark-cli export`, the app) and a merge
// into it lose nothing (tester's finding: the batch process closed a descriptor of the gradebook outside SQLite,
// which dropped its POSIX locks; the export's close then deleted the -wal under the batch, and every result the
// batch printed afterwards was gone after a SIGKILL; a merge said "14 run(s) added" and its runs vanished when the
// batch ended). The merge is refused while the batch runs, naming its pid, as a second batch is.
void TestBatch::readerAndMergeDuringABatchLoseNothing()
{
    REQUIRE_SANDBOX();
    QTemporaryDir dir;
    QVERIFY(copyIrisAssignment(dir.path()));
    const QStringList students{u"s1"_s, u"s2"_s, u"s3"_s, u"s4"_s, u"s5"_s, u"s6"_s};
    QVERIFY(handInAlicesNotebook(dir.path(), students));
    const QString other = dir.filePath(u"other.sqlite"_s);
    {
        auto gb = Gradebook::open(other);
        QVERIFY(gb);
        RunRecord run;
        run.studentId = u"zed"_s;
        run.started = run.finished = QDateTime::currentDateTimeUtc();
        run.result.status = GradeStatus::NeedsReview;
        QVERIFY((*gb)->recordRun(run));
    }
    const QString gbPath = dir.filePath(u"gb.sqlite"_s);
    QProcess *p = startCli({u"grade"_s, dir.path(), u"--jobs"_s, u"1"_s, u"--gradebook"_s, gbPath, u"--json"_s});
    QVERIFY(p->waitForStarted());
    QByteArray out;
    QElapsedTimer t;
    t.start();
    auto waitForRecorded = [&](int n) {
        while (out.count("\"submission\"") < n && p->state() == QProcess::Running && t.elapsed() < 300000) {
            p->waitForReadyRead(500);
            out += p->readAllStandardOutput();
        }
    };
    waitForRecorded(1);
    QVERIFY2(p->state() == QProcess::Running && out.count("\"submission\"") == 1, out.constData());

    QProcess *reader = startCli({u"export"_s, dir.path(), u"--gradebook"_s, gbPath});
    QVERIFY(reader->waitForFinished(60000));
    QCOMPARE(reader->exitCode(), 0);
    QVERIFY2(reader->readAllStandardOutput().contains("s1"), "the export reads what the batch recorded");

    QProcess *merge = startCli({u"merge"_s, gbPath, other});
    QVERIFY(merge->waitForFinished(60000));
    const QString mergeErr = QString::fromUtf8(merge->readAllStandardError());
    QCOMPARE(merge->exitCode(), 3); // busy, as a second grade is: the grader side's code, not bad input
    QCOMPARE(mergeErr, u"sandmark-cli: %1: another batch is grading into this gradebook (sandmark-cli, pid %2); merge into it "
                       "when the batch has finished (nothing was merged)\n"_s.arg(gbPath).arg(p->processId()));

    waitForRecorded(3);
    QVERIFY2(p->state() == QProcess::Running, out.constData());
    out += p->readAllStandardOutput();
    const int printed = int(out.count("\"submission\""));
    ::kill(pid_t(p->processId()), SIGKILL);
    QVERIFY(p->waitForFinished());
    QCOMPARE(p->exitStatus(), QProcess::CrashExit);
    {
        auto gb = Gradebook::open(gbPath);
        QVERIFY(gb);
        const qint64 runs = *(*gb)->runCount();
        // Every result printed as recorded is there (before: only those checkpointed before the export closed).
        QVERIFY2(runs >= printed && runs < 6, qPrintable(u"%1 runs, %2 printed as recorded"_s.arg(runs).arg(printed)));
    }
    // Once the batch is gone the merge goes through, and its run stays.
    QProcess *later = startCli({u"merge"_s, gbPath, other});
    QVERIFY(later->waitForFinished(60000));
    QCOMPARE(later->exitCode(), 0);
    QCOMPARE(grades(gbPath).count(u"zed"_s), 1);
}

// Slurm stops a job (scancel, time limit, preemption) by sending SIGTERM to every process of it, the sandboxes'
// kernels included, in no set order; systemd does the same to a unit. Only sandmark-cli may act on it: it cancels
// the batch and keeps what finished. A kernel that died of the signal first must not be recorded as a failed run
// (it would stand as that student's result, or be a duplicate once the shard is resubmitted). The race is made
// certain here: the descendants get SIGTERM a second before sandmark-cli does.
void TestBatch::sigtermToEveryProcessKeepsFinishedResults()
{
    REQUIRE_SANDBOX();
    QTemporaryDir dir;
    QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                  | QFileDevice::ReadOther | QFileDevice::ExeOther));
    QVERIFY(copyIrisAssignment(dir.path()));
    // s2 is still running when the signal comes (the cell timeout is 15 s).
    QVERIFY(handInAlicesNotebookSleeping(dir.path(), {u"s1"_s, u"s2"_s}, {u"s2"_s}, 12));
    const QString gbPath = dir.filePath(u"gb.sqlite"_s);
    QProcess *p = startCli({u"grade"_s, dir.path(), u"--jobs"_s, u"1"_s, u"--gradebook"_s, gbPath, u"--json"_s});
    QVERIFY(p->waitForStarted());
    QElapsedTimer t;
    t.start();
    while (!p->canReadLine() && p->state() == QProcess::Running && t.elapsed() < 300000)
        p->waitForReadyRead(1000);
    QVERIFY2(p->state() == QProcess::Running, p->readAllStandardError().constData());
    QCOMPARE(QJsonDocument::fromJson(p->readLine()).object().value(u"submission"_s).toString(), u"s1"_s);
    QTest::qWait(3000); // s2's kernel is asleep in its first cell by now
    // Every descendant of sandmark-cli (as Slurm's proctrack finds them: by parent pid), then sandmark-cli.
    const auto descendants = [](pid_t top) {
        QMultiHash<pid_t, pid_t> children;
        for (const QString &name : QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            QFile stat(u"/proc/%1/stat"_s.arg(name));
            if (!stat.open(QIODevice::ReadOnly))
                continue;
            const QByteArray line = stat.readAll();
            const QList<QByteArray> f = line.mid(line.lastIndexOf(')') + 2).split(' ');
            if (f.size() > 1)
                children.insert(pid_t(f.at(1).toInt()), pid_t(name.toInt()));
        }
        QList<pid_t> all, todo{top};
        while (!todo.isEmpty())
            for (pid_t c : children.values(todo.takeFirst())) {
                all << c;
                todo << c;
            }
        return all;
    };
    const pid_t cli = pid_t(p->processId());
    const QList<pid_t> tree = descendants(cli);
    QVERIFY2(tree.size() >= 3, qPrintable(QString::number(tree.size()))); // bwrap, the runner, the kernel at least
    for (pid_t pid : tree)
        ::kill(pid, SIGTERM);
    QTest::qWait(1000);
    QVERIFY2(p->state() == QProcess::Running, p->readAllStandardError().constData());
    ::kill(cli, SIGTERM);
    QVERIFY(p->waitForFinished(120000));
    const QByteArray err = p->readAllStandardError();
    QVERIFY2(p->exitStatus() == QProcess::NormalExit && p->exitCode() == 130, err.constData());
    delete p;
    {
        auto gb = Gradebook::open(gbPath);
        QVERIFY(gb);
        QCOMPARE(*(*gb)->runCount(), 1); // s1's, and no failed run for s2
        const QList<EffectiveGrade> all = *(*gb)->effectiveGrades();
        QCOMPARE(all.size(), 1);
        QCOMPARE(all.first().studentId, u"s1"_s);
        QCOMPARE(all.first().status, GradeStatus::Graded);
    }
    // Resubmitted: s2 is graded, s1 is not run again; one run each.
    QProcess *again = startCli({u"grade"_s, dir.path(), u"--jobs"_s, u"1"_s, u"--gradebook"_s, gbPath});
    QVERIFY(again->waitForFinished(300000));
    QVERIFY2(again->exitCode() == 0, again->readAllStandardError().constData());
    delete again;
    auto gb = Gradebook::open(gbPath);
    QCOMPARE(*(*gb)->runCount(), 2);
    const auto finished = (*gb)->effectiveGrades(); // kept: a range-for over *temporary dangles
    QVERIFY(finished);
    for (const EffectiveGrade &g : *finished)
        QCOMPARE(g.status, GradeStatus::Graded);
}

void TestBatch::failedReferenceIsAGraderErrorForTheUngraded()
{
    REQUIRE_SANDBOX();
    // The instructor notebook raises in its q4 cell: no expected values, so no student gets a grade (or a 0).
    QTemporaryDir dir;
    QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                  | QFileDevice::ReadOther | QFileDevice::ExeOther));
    QVERIFY(QDir(dir.path()).mkpath(u"data"_s));
    QVERIFY(QFile::copy(kIris + u"/assignment.json"_s, dir.filePath(u"assignment.json"_s)));
    QVERIFY(QFile::copy(kIris + u"/data/iris.csv"_s, dir.filePath(u"data/iris.csv"_s)));
    QByteArray nb = readFile(kIris + u"/iris-analysis.ipynb"_s);
    QVERIFY(nb.contains("corr = float("));
    nb.replace("corr = float(", "corr = 1 / 0 + float(");
    QFile out(dir.filePath(u"iris-analysis.ipynb"_s));
    QVERIFY(out.open(QIODevice::WriteOnly) && out.write(nb) == nb.size());
    out.close();
    Expected<Assignment> broken = Assignment::load(dir.path());
    QVERIFY2(broken, qPrintable(broken ? QString() : broken.error().toString()));

    const QString path = m_tmp.filePath(u"noreference.sqlite"_s);
    // alice was graded before the instructor notebook broke: her grade stands (never replaced by an error).
    const BatchRun before = runBatch(exampleSubmissions({u"alice"_s}), options(path));
    QVERIFY(!before.error);
    BatchRun o;
    {
        std::swap(*m_assignment, *broken);
        o = runBatch(exampleSubmissions({u"alice"_s, u"bob"_s, u"judy"_s}), options(path));
        std::swap(*m_assignment, *broken);
    }
    QVERIFY(o.error);
    QVERIFY2(o.error->location == u"cells[9]"_s, qPrintable(o.error->toString()));
    QVERIFY(o.error->message.contains(u"ZeroDivisionError"_s));
    QVERIFY(o.started.isEmpty()); // no submission ran
    QCOMPARE(o.finished.keys(), (QStringList{u"bob"_s, u"judy"_s})); // recorded; alice not
    const QMap<QString, EffectiveGrade> g = grades(path);
    QCOMPARE(g.keys(), (QStringList{u"alice"_s, u"bob"_s, u"judy"_s}));
    const EffectiveGrade &bob = g.value(u"bob"_s);
    QCOMPARE(bob.status, GradeStatus::GraderError); // nothing graded before: an error, never a zero
    QVERIFY(!bob.score().has_value());
    QVERIFY2(bob.reasons.join(u"\n"_s).contains(u"reference run failed"_s), qPrintable(bob.reasons.join(u"\n"_s)));
    QCOMPARE(g.value(u"alice"_s).status, GradeStatus::Graded);
    QCOMPARE(g.value(u"alice"_s).score(), std::optional<double>(8.0));
    // judy's notebook cannot be read: her own outcome needs no reference, and stays hers (needs review, never a
    // zero) — it was a grader error, "reference run failed", like everyone's (fresh-user test).
    const EffectiveGrade &judy = g.value(u"judy"_s);
    QCOMPARE(judy.status, GradeStatus::NeedsReview);
    QVERIFY(!judy.score().has_value());
    QVERIFY2(judy.reasons.join(u"\n"_s).contains(u"the notebook cannot be read"_s), qPrintable(judy.reasons.join(u"\n"_s)));
    QVERIFY2(!judy.reasons.join(u"\n"_s).contains(u"reference run failed"_s), qPrintable(judy.reasons.join(u"\n"_s)));
}

void TestBatch::gradeJsonShape()
{
    REQUIRE_SANDBOX();
    const QString gbPath = m_tmp.filePath(u"json.sqlite"_s);
    QProcess *p = startCli({u"grade"_s, kIris, kIris + u"/submissions/carol"_s, kIris + u"/submissions/judy"_s,
                            u"--gradebook"_s, gbPath, u"--json"_s, u"--sandbox"_s, u"bwrap"_s});
    QVERIFY(p->waitForFinished(600000));
    const QByteArray err = p->readAllStandardError();
    QVERIFY2(p->exitCode() == 0, err.constData());
    QVERIFY2(err.isEmpty(), err.constData()); // --json: nothing else on stderr when nothing is wrong
    const QList<QByteArray> lines = p->readAllStandardOutput().trimmed().split('\n');
    QCOMPARE(lines.size(), 3); // one line per submission as it was recorded, then the summary
    QStringList seen;
    for (const QByteArray &l : lines.mid(0, 2)) {
        QJsonParseError pe;
        const QJsonObject o = QJsonDocument::fromJson(l, &pe).object();
        QVERIFY2(pe.error == QJsonParseError::NoError, l.constData());
        seen << o.value(u"submission"_s).toString();
        QVERIFY(o.value(u"status"_s).isString());
        QCOMPARE(o.value(u"max_score"_s).toDouble(), 8.0);
        const QJsonArray checks = o.value(u"checks"_s).toArray();
        QCOMPARE(checks.size(), 5);
        for (const QJsonValue &v : checks) {
            const QJsonObject c = v.toObject();
            QVERIFY(c.value(u"id"_s).isString());
            QVERIFY(c.value(u"points"_s).isDouble());
            QVERIFY(c.value(u"max_points"_s).isDouble());
            QVERIFY(QStringList({u"pass"_s, u"fail"_s, u"not-graded"_s}).contains(c.value(u"outcome"_s).toString()));
        }
        if (seen.last() == u"carol"_s) {
            QCOMPARE(o.value(u"status"_s).toString(), u"graded"_s);
            QCOMPARE(o.value(u"score"_s).toDouble(), 8.0);
            QCOMPARE(o.value(u"auto_score"_s).toDouble(), 8.0);
        } else {
            // judy's notebook does not parse: nothing was graded, so no score at all (null, never 0).
            QCOMPARE(o.value(u"status"_s).toString(), u"needs-review"_s);
            QCOMPARE(checks.first().toObject().value(u"outcome"_s).toString(), u"not-graded"_s);
            QVERIFY(o.value(u"score"_s).isNull());
            QVERIFY(o.value(u"auto_score"_s).isNull());
        }
    }
    seen.sort(); // in the order the runs ended
    QCOMPARE(seen, (QStringList{u"carol"_s, u"judy"_s}));
    const QJsonObject summary = QJsonDocument::fromJson(lines.last()).object();
    QCOMPARE(summary.keys(), QStringList{u"summary"_s});
    const QJsonObject s = summary.value(u"summary"_s).toObject();
    QCOMPARE(s.value(u"submissions"_s).toInt(), 2);
    QCOMPARE(s.value(u"graded"_s).toInt(), 1);
    QCOMPARE(s.value(u"needs_review"_s).toInt(), 1);
    QCOMPARE(s.value(u"grader_errors"_s).toInt(), 0);
    QCOMPARE(s.value(u"skipped"_s).toInt(), 0);
    QCOMPARE(s.value(u"not_run"_s).toInt(), 0);
    QCOMPARE(s.value(u"stale"_s).toInt(), 0);
    QCOMPARE(s.value(u"jobs"_s).toInt() > 0, true);
    QVERIFY(s.value(u"seconds"_s).toDouble() > 0);
    QCOMPARE(s.value(u"broken_checks"_s).toObject(), QJsonObject());
    QCOMPARE(s.value(u"reference_notes"_s).toArray(), QJsonArray());
    QCOMPARE(s.value(u"interrupted"_s).toBool(), false);
    QVERIFY(s.value(u"error"_s).isNull());
}

// The fixtures slow-cells-past-wall-clock (ten 8 s cells; T = 10 s, W = 45 s) and unknown-kernelspec (the
// kernelspec of a conda env that is not on the host), graded and run with the CLI in the real sandbox: the slow
// cells are labelled as the whole-run limit (`timeout_s` and its value), not as a cell timeout, in the record, the
// grade's reasons and the CLI output; the kernelspec warning reaches `grade --json`'s notes while the grade
// stays `graded`.
void TestBatch::wallClockAndKernelspecCases()
{
    REQUIRE_SANDBOX();
    const QString cases = QStringLiteral(SANDMARK_TEST_DATA_DIR "/cases");
    auto makeAssignment = [&](const QString &name, const QString &ref, const QString &student, const QString &limits,
                              const QStringList &variables) {
        const QString dir = m_tmp.filePath(name);
        if (!QDir().mkpath(dir + u"/submissions/s"_s) || !QFile::copy(cases + u"/"_s + ref, dir + u"/"_s + ref)
            || !QFile::copy(cases + u"/"_s + student, dir + u"/submissions/s/"_s + student))
            return QString();
        QStringList checks;
        for (const QString &v : variables)
            checks << uR"({"id": "%1", "type": "value", "variable": "%1", "points": 1})"_s.arg(v);
        QFile f(dir + u"/assignment.json"_s);
        if (!f.open(QIODevice::WriteOnly))
            return QString();
        f.write(uR"({"format": 1, "slug": "%1", "title": "%1", "notebooks": ["%2"], "dependencies": [], "limits": %3,
                    "checks": [%4]})"_s.arg(name, ref, limits, checks.join(u", "_s)).toUtf8());
        return dir;
    };
    const QString slow = makeAssignment(u"slow"_s, u"slow-cells-past-wall-clock.ref.ipynb"_s,
                                        u"slow-cells-past-wall-clock.ipynb"_s,
                                        uR"({"timeout_s": 45, "cell_timeout_s": 10})"_s,
                                        {u"begun"_s, u"lap1"_s, u"lap5"_s});
    const QString kernelspec = makeAssignment(u"kernelspec"_s, u"unknown-kernelspec.ref.ipynb"_s,
                                              u"unknown-kernelspec.ipynb"_s, uR"({"timeout_s": 60})"_s,
                                              {u"coldest"_s});
    QVERIFY(!slow.isEmpty() && !kernelspec.isEmpty());
    // The three runs at once: the slow cells mostly sleep.
    QProcess *gradeSlow = startCli({u"grade"_s, slow, u"--json"_s, u"--gradebook"_s, m_tmp.filePath(u"slow.sqlite"_s)});
    QProcess *runSlow = startCli({u"run"_s, slow, slow + u"/submissions/s/slow-cells-past-wall-clock.ipynb"_s});
    QProcess *gradeKernelspec =
        startCli({u"grade"_s, kernelspec, u"--json"_s, u"--gradebook"_s, m_tmp.filePath(u"kernelspec.sqlite"_s)});
    QByteArray outSlow, outRun, outKernelspec; // read once: the checks below read what each printed
    for (auto [p, out] : {std::pair{gradeSlow, &outSlow}, std::pair{runSlow, &outRun}, std::pair{gradeKernelspec, &outKernelspec}}) {
        QVERIFY(p->waitForFinished(600000));
        *out = p->readAllStandardOutput();
        // A failure says which command, how it ended and what it printed (grade --json puts grader errors on stdout).
        QVERIFY2(p->exitCode() == 0, qPrintable(u"%1 exited %2: %3 %4"_s.arg(p->arguments().join(u' '))
                                                     .arg(p->exitCode())
                                                     .arg(QString::fromUtf8(p->readAllStandardError()), QString::fromUtf8(out->left(4000)))));
    }

    // The slow cells in grade --json: needs-review, the reason names the whole-run limit and where it stopped; no
    // "cell timed out"; what ran before the limit is graded.
    const QJsonObject gSlow = QJsonDocument::fromJson(outSlow.split('\n').value(0)).object();
    QCOMPARE(gSlow.value(u"status"_s).toString(), u"needs-review"_s);
    const QStringList reasons = gSlow.value(u"reasons"_s).toVariant().toStringList();
    QVERIFY2(!reasons.isEmpty(), "no reasons");
    // Where it stopped depends on the machine's speed (the clock includes kernel start; on an idle machine
    // cells[6], on a loaded one cells[5] or earlier): the reason names the cell the record names.
    // The reason says when the cells were stopped (W - R = 45 - min(max(2, 2.25) + 3, 30, 15) = 39.75 s), keeping the
    // rest of the limit to grade — not "45 s was reached".
    static const QRegularExpression wallRe(
        uR"(^the notebook was stopped (during|before) cells\[(\d+)\] at (\d+(?:\.\d)?) s of the whole-run time limit \(timeout_s = 45 s\), keeping (\d+(?:\.\d)?) s to grade; the later cells did not run$)"_s);
    const QRegularExpressionMatch wallMatch = wallRe.match(reasons.first());
    QVERIFY2(wallMatch.hasMatch(), qPrintable(reasons.join(u" | "_s)));
    const int stoppedAt = wallMatch.captured(2).toInt();
    QVERIFY2(stoppedAt >= 2 && stoppedAt <= 6, qPrintable(reasons.first())); // 8 s cells: W - R = 39.75 s reach cells[5] at most
    const double stoppedS = wallMatch.captured(3).toDouble();
    QVERIFY2(wallMatch.captured(1) == u"during"_s ? stoppedS == 39.8 : stoppedS >= 39.8 && stoppedS < 45, qPrintable(reasons.first()));
    QCOMPARE(wallMatch.captured(4).toDouble(), std::round((45 - stoppedS) * 10) / 10);
    QVERIFY2(!reasons.join(u"\n"_s).contains(u"timed out"_s), qPrintable(reasons.join(u" | "_s)));
    // The probes ran before the kill: begun and lap1 are graded (lap5 is not: it would be done at 40 s, after the
    // student cells' deadline).
    const QJsonArray checksSlow = gSlow.value(u"checks"_s).toArray();
    QCOMPARE(checksSlow.at(0).toObject().value(u"outcome"_s).toString(), u"pass"_s);
    QCOMPARE(checksSlow.at(1).toObject().value(u"outcome"_s).toString(), u"pass"_s);
    // lap5's cell never ran: not graded (a person looks), never a FAIL "not defined".
    QCOMPARE(checksSlow.at(2).toObject().value(u"outcome"_s).toString(), u"not-graded"_s);
    QVERIFY2(checksSlow.at(2).toObject().value(u"feedback"_s).toString().endsWith(u"; "_s + reasons.first()),
             qPrintable(checksSlow.at(2).toObject().value(u"feedback"_s).toString()));
    // The record of that run.
    const EffectiveGrade eSlow = grades(m_tmp.filePath(u"slow.sqlite"_s)).value(u"s"_s);
    const QJsonObject record = QJsonDocument::fromJson(readFile(eSlow.artifacts + u"/record.json"_s)).object();
    QCOMPARE(record.value(u"status"_s).toString(), u"wall-timeout"_s);
    QCOMPARE(record.value(u"wall_clock"_s).toObject().value(u"timeout_s"_s).toDouble(), 45.0);
    QCOMPARE(record.value(u"wall_clock"_s).toObject().value(u"cell"_s).toInt(), stoppedAt);
    QCOMPARE(record.value(u"wall_clock"_s).toObject().value(u"during"_s).toBool(), wallMatch.captured(1) == u"during"_s);
    QVERIFY(record.value(u"limits_hit"_s).toArray().contains(u"wall-clock"_s));
    QVERIFY(!record.value(u"limits_hit"_s).toArray().contains(u"cell-timeout"_s));
    for (const QJsonValue &v : record.value(u"cells"_s).toArray())
        QVERIFY2(v.toObject().value(u"status"_s).toString() != u"timeout"_s, QJsonDocument(v.toObject()).toJson().constData());
    // The slow cells in `run`: the stopped cell is labelled wall-timeout with the limit's name and value.
    const QString runOut = QString::fromUtf8(outRun);
    QVERIFY2(runOut.startsWith(u"status: wall-timeout"_s), qPrintable(runOut));
    // The record in a line: the notebook's code cells counted by status (one of them the stopped one, when one was).
    static const QRegularExpression counted(uR"(\ncode cells: \d+ \(\d+ [a-z-]+(, \d+ [a-z-]+)*\); slowest cells\[\d+\] [\d.]+ s\n)"_s);
    QVERIFY2(counted.match(runOut).hasMatch(), qPrintable(runOut));
    QCOMPARE(runOut.contains(u" 1 wall-timeout"_s), !runOut.contains(u"stopped before cells["_s));
    // "before cells[N]" when the limit fell between two cells (the one before finished as it passed): then no
    // cell was stopped mid-run.
    if (!runOut.contains(u"stopped before cells["_s)) {
        QVERIFY2(runOut.contains(u": wall-timeout — Timeout: stopped at 39.8 s of the whole-run time limit (timeout_s = 45 s), keeping 5.2 s to grade"_s),
                 qPrintable(runOut));
        QVERIFY2(runOut.contains(u"stopped during cells["_s), qPrintable(runOut));
    }
    QVERIFY2(!runOut.contains(u": timeout"_s), qPrintable(runOut));

    // The unknown kernelspec: graded (coldest = 7 passes) with the kernelspec warning among the notes, not the reasons.
    const QJsonObject gKernelspec = QJsonDocument::fromJson(outKernelspec.split('\n').value(0)).object();
    QCOMPARE(gKernelspec.value(u"status"_s).toString(), u"graded"_s);
    QCOMPARE(gKernelspec.value(u"score"_s).toDouble(), 1.0);
    QCOMPARE(gKernelspec.value(u"reasons"_s).toArray().size(), 0);
    const QStringList nKernelspec = gKernelspec.value(u"notes"_s).toVariant().toStringList();
    QCOMPARE(nKernelspec.size(), 1);
    QVERIFY2(nKernelspec.first().startsWith(u"kernelspec 'conda-env-stats-2025-py' ignored: running the Python kernel of "_s),
             qPrintable(nKernelspec.join(u" | "_s)));
    for (QProcess *p : {gradeSlow, runSlow, gradeKernelspec})
        delete p;
}

// An interrupted `grade --force` after the assignment changed: the rows the batch did not reach were graded
// under the old checks, and `grade --json`, the table, `export` and markStale() say so; the row it regraded
// is current. s2 and s3 sleep 8 s in a first cell, so the SIGINT sent once s1 is committed reaches s2 running.
void TestBatch::interruptedForcedRegradeMarksStaleRows()
{
    REQUIRE_SANDBOX();
    QTemporaryDir dir;
    QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                  | QFileDevice::ReadOther | QFileDevice::ExeOther));
    QVERIFY(copyIrisAssignment(dir.path()));
    QVERIFY(handInAlicesNotebookSleeping(dir.path(), {u"s1"_s, u"s2"_s, u"s3"_s}, {u"s2"_s, u"s3"_s}, 8));
    const QString gbPath = dir.filePath(u"gb.sqlite"_s);
    QProcess *first = startCli({u"grade"_s, dir.path(), u"--jobs"_s, u"2"_s, u"--gradebook"_s, gbPath});
    QVERIFY(first->waitForFinished(600000));
    QVERIFY2(first->exitCode() == 0, first->readAllStandardError().constData());
    delete first;

    // The instructor changes a check's tolerance, then regrades everything and stops the batch after s1.
    QByteArray json = readFile(dir.filePath(u"assignment.json"_s));
    QVERIFY(json.contains("\"rtol\": 0.001"));
    json.replace("\"rtol\": 0.001", "\"rtol\": 0.002");
    {
        QFile f(dir.filePath(u"assignment.json"_s));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(json);
    }
    QProcess *forced = startCli({u"grade"_s, dir.path(), u"--force"_s, u"--jobs"_s, u"1"_s, u"--gradebook"_s, gbPath, u"--json"_s});
    QVERIFY(forced->waitForStarted());
    // --json streams: s1's line arrives the moment s1 is recorded, while s2 (8 s asleep) still runs.
    QElapsedTimer t;
    t.start();
    while (!forced->canReadLine() && forced->state() == QProcess::Running && t.elapsed() < 300000)
        forced->waitForReadyRead(1000);
    QVERIFY2(forced->state() == QProcess::Running, forced->readAllStandardError().constData());
    const QByteArray firstLine = forced->readLine();
    QCOMPARE(QJsonDocument::fromJson(firstLine).object().value(u"submission"_s).toString(), u"s1"_s);
    auto gbNow = Gradebook::open(gbPath);
    QVERIFY(gbNow);
    QCOMPARE(*(*gbNow)->runCount(), 4); // printed as it was recorded: s1's new run, nothing more
    gbNow->reset();
    ::kill(pid_t(forced->processId()), SIGINT);
    QVERIFY(forced->waitForFinished(120000));
    QCOMPARE(forced->exitCode(), 130);
    QMap<QString, bool> stale;
    const QList<QByteArray> lines = (firstLine + forced->readAllStandardOutput()).trimmed().split('\n');
    for (const QByteArray &l : lines.mid(0, lines.size() - 1)) {
        const QJsonObject o = QJsonDocument::fromJson(l).object();
        QVERIFY2(o.value(u"stale"_s).isBool(), l.constData());
        stale.insert(o.value(u"submission"_s).toString(), o.value(u"stale"_s).toBool());
    }
    const QJsonObject summary = QJsonDocument::fromJson(lines.last()).object().value(u"summary"_s).toObject();
    QCOMPARE(summary.value(u"interrupted"_s).toBool(), true);
    QCOMPARE(summary.value(u"stale"_s).toInt(), 2);
    delete forced;
    QCOMPARE(stale, (QMap<QString, bool>{{u"s1"_s, false}, {u"s2"_s, true}, {u"s3"_s, true}}));

    // The table of a stopped batch says which rows it did not reach: their result is an earlier one (fresh-user
    // finding: the old grades stood there unmarked).
    QProcess *text = startCli({u"grade"_s, dir.path(), u"--force"_s, u"--jobs"_s, u"1"_s, u"--gradebook"_s, gbPath});
    QVERIFY(text->waitForStarted());
    QByteArray progress;
    t.restart();
    while (!progress.contains("grade: s1: ") && text->state() == QProcess::Running && t.elapsed() < 300000) {
        text->waitForReadyRead(1000);
        progress += text->readAllStandardError();
    }
    QVERIFY2(progress.contains("grade: s1: "), progress.constData());
    ::kill(pid_t(text->processId()), SIGINT);
    QVERIFY(text->waitForFinished(120000));
    QCOMPARE(text->exitCode(), 130);
    // Resuming is the command without --force: with it, the same command would grade s1 again too (fresh-user run s25).
    progress += text->readAllStandardError();
    QVERIFY2(progress.contains("2 submission(s) not graded (run it again without --force to finish"), progress.constData());
    QMap<QString, bool> notReached;
    for (const QByteArray &row : text->readAllStandardOutput().split('\n'))
        if (const QByteArray id = row.split(' ').value(0); id.startsWith('s') && id.size() == 2)
            notReached.insert(QString::fromLatin1(id), row.contains("not run (stopped): an earlier result"));
    delete text;
    QCOMPARE(notReached, (QMap<QString, bool>{{u"s1"_s, false}, {u"s2"_s, true}, {u"s3"_s, true}}));

    // The same in the core (what the app's table and export read) and in `export`.
    Expected<Assignment> changed = Assignment::load(dir.path());
    QVERIFY(changed);
    auto gb = Gradebook::open(gbPath);
    QVERIFY(gb);
    QList<EffectiveGrade> all = *(*gb)->effectiveGrades();
    markStale(all, *changed);
    QList<GradeSummary> summaries = *(*gb)->gradeSummaries();
    markStale(summaries, *changed);
    for (qsizetype i = 0; i < all.size(); ++i) {
        QCOMPARE(all.at(i).stale, stale.value(all.at(i).studentId));
        QCOMPARE(summaries.at(i).stale, all.at(i).stale);
    }
    QProcess *exported = startCli({u"export"_s, dir.path(), u"--gradebook"_s, gbPath});
    QVERIFY(exported->waitForFinished(60000));
    const QList<QByteArray> rows = exported->readAllStandardOutput().split('\n');
    delete exported;
    QVERIFY2(rows.value(0).startsWith("student,score,max,status,stale,"), rows.value(0).constData());
    QVERIFY2(rows.value(1).startsWith("s1,8,8,graded,,"), rows.value(1).constData());
    QVERIFY2(rows.value(2).startsWith("s2,8,8,graded,yes,"), rows.value(2).constData());
    QVERIFY2(rows.value(3).startsWith("s3,8,8,graded,yes,"), rows.value(3).constData());
    // Back to the tolerance s2 and s3 were graded under: they are current again, s1 is the stale one.
    json.replace("\"rtol\": 0.002", "\"rtol\": 0.001");
    {
        QFile f(dir.filePath(u"assignment.json"_s));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(json);
    }
    Expected<Assignment> original = Assignment::load(dir.path());
    QVERIFY(original);
    markStale(all, *original);
    QCOMPARE(all.at(0).stale, true);
    QCOMPARE(all.at(1).stale, false);
    QCOMPARE(all.at(2).stale, false);
}

// A result graded in bwrap is not "unchanged" for a batch that picks another backend (local-unsafe here: it
// needs no Docker): alice runs again under it; the same backend again skips her, and the CLI's summary says
// why and that --force regrades; back to bwrap runs her once more.
void TestBatch::anotherBackendIsNotUnchanged()
{
    REQUIRE_SANDBOX();
    QString why;
    const QString fullGradebook = fullSet(&why).gradebook;
    QVERIFY2(!fullGradebook.isEmpty(), qPrintable(why));
    const QString path = m_tmp.filePath(u"backends.sqlite"_s);
    QVERIFY(QFile::copy(fullGradebook, path));
    BatchOptions unsafe = options(path, 1);
    unsafe.run.kind = SandboxKind::LocalUnsafe;
    const BatchRun o = runBatch(exampleSubmissions({u"alice"_s, u"judy"_s}), unsafe);
    QVERIFY(o.summary);
    QCOMPARE(o.started, QStringList{u"alice"_s}); // judy never ran in a sandbox: her result stands for any
    QCOMPARE(o.summary->skipped, 1);
    QCOMPARE(grades(path).value(u"alice"_s).backend, u"local-unsafe"_s);
    QCOMPARE(*grades(path).value(u"alice"_s).score(), 8.0);

    QProcess *again = startCli({u"grade"_s, kIris, u"alice"_s, u"--sandbox"_s, u"local-unsafe"_s, u"--gradebook"_s, path});
    QVERIFY(again->waitForFinished(600000));
    const QByteArray err = again->readAllStandardError();
    QVERIFY2(again->exitCode() == 0, err.constData());
    QVERIFY2(err.contains("1 unchanged (same files, assignment and backend; --force regrades them)"), err.constData());
    delete again;

    const BatchRun back = runBatch(exampleSubmissions({u"alice"_s}), options(path, 1));
    QVERIFY(back.summary);
    QCOMPARE(back.started, QStringList{u"alice"_s});
    QCOMPARE(grades(path).value(u"alice"_s).backend, u"bwrap"_s);
}

// A folder with two notebooks is flagged; naming one grades it; naming the other is not "unchanged"; and the
// whole batch afterwards keeps the instructor's choice instead of flagging the folder again.
void TestBatch::settledAmbiguousFolderStaysSettled()
{
    REQUIRE_SANDBOX();
    QTemporaryDir subs;
    QVERIFY(QDir(subs.path()).mkpath(u"amy"_s));
    QVERIFY(QFile::copy(kIris + u"/submissions/alice/iris-analysis.ipynb"_s, subs.filePath(u"amy/part1.ipynb"_s)));
    QVERIFY(QFile::copy(kIris + u"/submissions/bob/iris-analysis.ipynb"_s, subs.filePath(u"amy/part2.ipynb"_s)));
    const Expected<Submission> flagged = submissionNamed(subs.path(), u"amy"_s);
    const Expected<Submission> part1 = submissionNamed(subs.path(), subs.filePath(u"amy/part1.ipynb"_s));
    const Expected<Submission> part2 = submissionNamed(subs.path(), subs.filePath(u"amy/part2.ipynb"_s));
    QVERIFY(flagged && part1 && part2);
    QVERIFY(flagged->problem.startsWith(u"ambiguous"_s));
    const QString path = m_tmp.filePath(u"settled.sqlite"_s);

    const BatchRun first = runBatch({*part2}, options(path, 1));
    QVERIFY(first.summary);
    QCOMPARE(first.started, QStringList{u"amy"_s});
    QCOMPARE(*grades(path).value(u"amy"_s).score(), 6.0); // bob's notebook (examples/iris/expected-grades.json)
    const BatchRun other = runBatch({*part1}, options(path, 1));
    QVERIFY(other.summary);
    QCOMPARE(other.started, QStringList{u"amy"_s}); // another notebook: not "unchanged"
    QCOMPARE(*grades(path).value(u"amy"_s).score(), 8.0);
    const BatchRun all = runBatch({*flagged}, options(path, 1));
    QVERIFY(all.summary);
    QCOMPARE(all.summary->skipped, 1);
    QVERIFY(all.started.isEmpty());
    QCOMPARE(*grades(path).value(u"amy"_s).score(), 8.0);
    QCOMPARE(grades(path).value(u"amy"_s).status, GradeStatus::Graded);
}

// Two batches into one gradebook (the app's and a TA's CLI, or two terminals) would grade everything twice; the
// second is refused with a message naming the gradebook, and the lock is released when the first reports.
void TestBatch::oneBatchPerGradebook()
{
    REQUIRE_SANDBOX();
    const QString path = m_tmp.filePath(u"locked.sqlite"_s);
    auto first = std::make_unique<BatchGrader>(*m_assignment, exampleSubmissions({u"alice"_s}), options(path, 1));
    QSignalSpy firstDone(first.get(), &BatchGrader::finished);
    first->start(); // takes <gradebook>.lock at once
    const BatchRun second = runBatch(exampleSubmissions({u"bob"_s}), options(path, 1));
    QVERIFY(second.error);
    QCOMPARE(second.error->file, path);
    QVERIFY2(second.error->message.startsWith(u"another batch is grading into this gradebook"_s), qPrintable(second.error->message));
    QVERIFY(second.error->message.contains(u"pid %1"_s.arg(QCoreApplication::applicationPid())));
    QVERIFY(second.started.isEmpty());
    QVERIFY(firstDone.wait(600000));
    const BatchRun third = runBatch(exampleSubmissions({u"bob"_s}), options(path, 1));
    QVERIFY2(third.summary, qPrintable(third.error ? third.error->toString() : QString()));
    QCOMPARE(third.started, QStringList{u"bob"_s});
    QCOMPARE(grades(path).keys(), (QList<QString>{u"alice"_s, u"bob"_s}));
}

// A gradebook among a student's files would be hashed and copied into the sandbox by the batch that writes it: a
// descriptor of it closed outside SQLite, which drops the batch's locks (readerAndMergeDuringABatchLoseNothing). Refused.
void TestBatch::gradebookAmongTheSubmissionsIsRefused()
{
    REQUIRE_SANDBOX();
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(u"amy"_s));
    QVERIFY(QFile::copy(kIris + u"/submissions/alice/iris-analysis.ipynb"_s, dir.filePath(u"amy/iris-analysis.ipynb"_s)));
    const QString path = dir.filePath(u"amy/grades.sqlite"_s);
    QVERIFY(Gradebook::open(path)); // there from an earlier batch
    Expected<QList<Submission>> subs = discoverSubmissions(dir.path());
    QVERIFY(subs);
    QCOMPARE(subs->size(), 1);
    QVERIFY(subs->at(0).files.contains(path));
    const BatchRun run = runBatch(*subs, options(path, 1));
    QVERIFY(run.error);
    QCOMPARE(run.error->file, path);
    QCOMPARE(run.error->message, u"is among amy's submission files: grade into a gradebook outside the submissions (--gradebook)"_s);
    QVERIFY(run.started.isEmpty());
    QCOMPARE(*(*Gradebook::open(path))->runCount(), 0);
}

// Regrading alice supersedes her earlier run: at the end of the batch its run folder (executed notebook, record,
// log) is deleted and the gradebook forgets it; the latest run's folder stays. A folder outside the batch's
// runs root that a superseded run names is never touched.
void TestBatch::supersededRunFoldersArePruned()
{
    REQUIRE_SANDBOX();
    const QString path = m_tmp.filePath(u"prune.sqlite"_s);
    QTemporaryDir elsewhere;
    QVERIFY(QDir(elsewhere.path()).mkpath(u"run/artifacts"_s));
    {
        auto gb = Gradebook::open(path);
        QVERIFY(gb);
        RunRecord old;
        old.studentId = u"zed"_s;
        old.started = old.finished = QDateTime::currentDateTimeUtc();
        old.artifacts = elsewhere.filePath(u"run/artifacts"_s);
        old.result.status = GradeStatus::NeedsReview;
        QVERIFY((*gb)->recordRun(old));
        old.artifacts.clear();
        QVERIFY((*gb)->recordRun(old)); // zed's first run is superseded, its folder is not under the runs root
    }
    BatchOptions opt = options(path, 1);
    const BatchRun first = runBatch(exampleSubmissions({u"alice"_s}), opt);
    QVERIFY(first.summary);
    const QString a1 = first.finished.value(u"alice"_s).artifacts;
    QVERIFY(QFileInfo::exists(a1 + u"/executed.ipynb"_s));
    QCOMPARE(first.summary->prunedRuns, 0);
    opt.force = true;
    const BatchRun second = runBatch(exampleSubmissions({u"alice"_s}), opt);
    QVERIFY(second.summary);
    const QString a2 = second.finished.value(u"alice"_s).artifacts;
    QVERIFY(a2 != a1);
    QCOMPARE(second.summary->prunedRuns, 1);
    QVERIFY(!QFileInfo::exists(QFileInfo(a1).path())); // the whole run folder
    QVERIFY(QFileInfo::exists(a2 + u"/executed.ipynb"_s));
    QCOMPARE(grades(path).value(u"alice"_s).artifacts, a2);
    QVERIFY(QFileInfo::exists(elsewhere.filePath(u"run/artifacts"_s)));
    auto gb = Gradebook::open(path);
    QVERIFY(gb);
    const QList<Gradebook::SupersededRun> left = *(*gb)->supersededArtifacts();
    QCOMPARE(left.size(), 1); // only zed's, outside the runs root
    QCOMPARE(left.first().artifacts, elsewhere.filePath(u"run/artifacts"_s));
}

// PEP 3131 (issue 17): value checks on `résultat` and `π_approx` are accepted by `checks add` and `validate` and
// graded by the probe in the real sandbox, with the CLI in the C locale (LANG=C, LC_ALL=C) as well. Before, both
// names were refused as "not a Python variable name".
void TestBatch::unicodeNamesInAnyLocale()
{
    REQUIRE_SANDBOX();
    const QString dir = m_tmp.filePath(u"unicode"_s);
    sandmark::test::copyTree(sandmark::test::dataPath(u"assignments/unicode"_s), dir);
    const QMap<QString, QString> cLocale = {{u"LANG"_s, u"C"_s}, {u"LC_ALL"_s, u"C"_s},
                                           {u"SANDMARK_CACHE_DIR"_s, m_tmp.filePath(u"cache"_s)}};
    auto cli = [&](const QStringList &args) { return sandmark::test::runCli(args, cLocale, {}, 600000); };

    const auto added = cli({u"checks"_s, u"add"_s, u"value"_s, dir, u"--variable"_s, u"π_approx"_s, u"--points"_s, u"1"_s});
    QVERIFY2(added.code == 0, added.err.constData());
    QVERIFY2(added.out.contains("check 'π_approx'"), added.out.constData());
    QVERIFY(readFile(dir + u"/assignment.json"_s).contains("\"variable\": \"π_approx\""));
    const auto valid = cli({u"validate"_s, dir});
    QVERIFY2(valid.code == 0, (valid.out + valid.err).constData());
    QVERIFY2(valid.out.contains("checks:        2 (2 points)"), valid.out.constData());

    const auto graded = cli({u"grade"_s, dir, u"--json"_s, u"--sandbox"_s, u"bwrap"_s});
    QVERIFY2(graded.code == 0, graded.err.constData());
    QMap<QString, QJsonObject> got;
    for (const QByteArray &line : graded.out.trimmed().split('\n')) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        if (!o.contains(u"summary"_s)) // the last line
            got.insert(o.value(u"submission"_s).toString(), o);
    }
    QCOMPARE(got.keys(), (QList<QString>{u"ok"_s, u"wrong"_s}));
    QCOMPARE(got[u"ok"_s].value(u"status"_s).toString(), u"graded"_s);
    QCOMPARE(got[u"ok"_s].value(u"score"_s).toDouble(), 2.0);
    const QJsonArray wrong = got[u"wrong"_s].value(u"checks"_s).toArray();
    QCOMPARE(wrong.size(), 2);
    QCOMPARE(wrong.at(0).toObject().value(u"id"_s).toString(), u"résultat"_s);
    // Expected values are hidden by default (show_expected): the feedback names the student's own value.
    QCOMPARE(wrong.at(0).toObject().value(u"feedback"_s).toString(),
             u"`résultat`: not the expected value (yours: 41); this check does not show the expected value"_s);
    QCOMPARE(wrong.at(1).toObject().value(u"id"_s).toString(), u"π_approx"_s);
    QCOMPARE(wrong.at(1).toObject().value(u"feedback"_s).toString(),
             u"`π_approx`: not the expected value (yours: 3.0); this check does not show the expected value"_s);
    QCOMPARE(got[u"wrong"_s].value(u"score"_s).toDouble(), 0.0);
}

// Issue 17: a submission where nothing could be graded — an HTML page saved as .ipynb, an R notebook, a kernel that
// died in the first cell — has no score: blank in the Canvas file and the CSV (whose comment says why), never 0;
// a wrong answer is a real 0. Graded in the real sandbox (the dying kernel runs there).
void TestBatch::nothingGradedIsExportedBlank()
{
    REQUIRE_SANDBOX();
    const QString dir = m_tmp.filePath(u"ungraded"_s);
    sandmark::test::copyTree(sandmark::test::dataPath(u"assignments/ungraded"_s), dir);
    const QMap<QString, QString> env = {{u"SANDMARK_CACHE_DIR"_s, m_tmp.filePath(u"cache"_s)}};
    const auto graded = sandmark::test::runCli({u"grade"_s, dir, u"--json"_s, u"--sandbox"_s, u"bwrap"_s}, env, {}, 600000);
    QVERIFY2(graded.code == 0, graded.err.constData());
    QMap<QString, QJsonObject> got;
    for (const QByteArray &line : graded.out.trimmed().split('\n')) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        if (!o.contains(u"summary"_s)) // the last line
            got.insert(o.value(u"submission"_s).toString(), o);
    }
    QCOMPARE(got.keys(), (QList<QString>{u"dies"_s, u"html"_s, u"ok"_s, u"rlang"_s, u"wrong"_s}));
    const QMap<QString, QString> why = {
        {u"html"_s, u"this is an HTML page, not a notebook (a browser's \"Save as\" of the page showing it): download the "
                    ".ipynb file itself (in Jupyter: File → Download)"_s},
        {u"rlang"_s, u"notebook language is R; only Python is supported"_s},
        {u"dies"_s, u"kernel died"_s},
    };
    for (auto it = why.cbegin(); it != why.cend(); ++it) {
        const QJsonObject &o = got[it.key()];
        const QString reasons = o.value(u"reasons"_s).toVariant().toStringList().join(u"\n"_s);
        QCOMPARE(o.value(u"status"_s).toString(), u"needs-review"_s);
        QVERIFY2(o.value(u"score"_s).isNull(), qPrintable(it.key()));
        QVERIFY2(o.value(u"auto_score"_s).isNull(), qPrintable(it.key()));
        QVERIFY2(reasons.contains(it.value()), qPrintable(it.key() + u": "_s + reasons));
        for (const QJsonValue &c : o.value(u"checks"_s).toArray())
            QCOMPARE(c.toObject().value(u"outcome"_s).toString(), u"not-graded"_s);
    }
    QCOMPARE(got[u"ok"_s].value(u"score"_s).toDouble(), 3.0);
    QCOMPARE(got[u"wrong"_s].value(u"status"_s).toString(), u"graded"_s);
    QCOMPARE(got[u"wrong"_s].value(u"score"_s).toDouble(), 0.0); // graded, and wrong: a real 0

    const auto canvas = sandmark::test::runCli({u"export"_s, dir, u"--format"_s, u"canvas"_s, u"--canvas-column"_s, u"HW (1)"_s}, env);
    QVERIFY2(canvas.code == 0, canvas.err.constData());
    QCOMPARE(canvas.out, QByteArray("Student,ID,SIS User ID,SIS Login ID,Section,HW (1)\r\n"
                                    "    Points Possible,,,,,3\r\n"
                                    ",dies,,,,\r\n"
                                    ",html,,,,\r\n"
                                    ",ok,,,,3\r\n"
                                    ",rlang,,,,\r\n"
                                    ",wrong,,,,0\r\n"));
    const auto csv = sandmark::test::runCli({u"export"_s, dir}, env);
    QVERIFY2(csv.code == 0, csv.err.constData());
    const QList<QByteArray> rows = csv.out.split('\n');
    QCOMPARE(rows.value(0), QByteArray("student,score,max,status,stale,x,x-is-5,comments\r"));
    // No score, no check points, and the comment says why (quoted when the reason holds a comma).
    auto blankRow = [&](int i, const char *student, const char *reason) {
        const QByteArray row = rows.value(i);
        return row.startsWith(QByteArray(student) + ",,3,needs-review,,,,") && row.contains("not graded: ") && row.contains(reason);
    };
    QVERIFY2(blankRow(1, "dies", "kernel died"), rows.value(1).constData());
    QVERIFY2(blankRow(2, "html", "this is an HTML page, not a notebook"), rows.value(2).constData());
    QCOMPARE(rows.value(3), QByteArray("ok,3,3,graded,,2,1,\r"));
    QVERIFY2(blankRow(4, "rlang", "only Python is supported"), rows.value(4).constData());
    QCOMPARE(rows.value(5), QByteArray("wrong,0,3,graded,,0,0,\r"));
}

QTEST_GUILESS_MAIN(TestBatch)
// A batch resolves its environment once, in the reference run, and every submission runs in it (issue 20): the
// base interpreter is asked what it has (EnvironmentBuilder's `-I -c` probe) once per batch, not again by the
// reference's own run and by each submission. The interpreter here is a wrapper that counts those probes; local-unsafe runs it on this host.
void TestBatch::environmentResolvedOncePerBatch()
{
    REQUIRE_SANDBOX(); // local-unsafe runs as a uid of its own when root, like bwrap
    const QString folder = m_tmp.filePath(u"env-once"_s);
    QVERIFY(QDir().mkpath(folder + u"/data"_s));
    QVERIFY(QFile::copy(kIris + u"/iris-analysis.ipynb"_s, folder + u"/iris-analysis.ipynb"_s));
    QVERIFY(QFile::copy(kIris + u"/data/iris.csv"_s, folder + u"/data/iris.csv"_s));
    const QString probes = m_tmp.filePath(u"env-once-probes.log"_s);
    const QString wrapper = m_tmp.filePath(u"env-once-python"_s);
    {
        QFile w(wrapper);
        QVERIFY(w.open(QIODevice::WriteOnly));
        w.write(QStringLiteral("#!/bin/sh\n[ \"$1\" = -I ] && [ \"$2\" = -c ] && echo probe >> '%1'\nexec /usr/bin/python3 \"$@\"\n")
                    .arg(probes)
                    .toUtf8());
    }
    QVERIFY(QFile::setPermissions(wrapper, QFile::permissions(wrapper) | QFileDevice::ExeOwner | QFileDevice::ReadOther
                                               | QFileDevice::ExeOther | QFileDevice::ReadGroup | QFileDevice::ExeGroup));
    QFile json(kIris + u"/assignment.json"_s);
    QVERIFY(json.open(QIODevice::ReadOnly));
    QJsonObject doc = QJsonDocument::fromJson(json.readAll()).object();
    doc.insert(u"python"_s, wrapper);
    QFile out(folder + u"/assignment.json"_s);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(doc).toJson());
    out.close();
    Expected<Assignment> a = Assignment::load(folder);
    QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));

    BatchOptions opt = options(m_tmp.filePath(u"env-once.sqlite"_s), 1);
    opt.run.kind = SandboxKind::LocalUnsafe;
    const BatchRun o = runBatch(exampleSubmissions({u"alice"_s, u"bob"_s, u"carol"_s}), opt, &*a);
    QVERIFY2(!o.error, qPrintable(o.error ? o.error->toString() : QString()));
    QVERIFY(o.summary);
    QCOMPARE(o.summary->graded, 3); // expected-grades.json: alice 8, bob 6, carol 8
    const QMap<QString, EffectiveGrade> g = grades(opt.gradebookPath);
    QCOMPARE(g.value(u"alice"_s).score(), std::optional<double>(8.0));
    QCOMPARE(g.value(u"bob"_s).score(), std::optional<double>(6.0));
    QCOMPARE(g.value(u"carol"_s).score(), std::optional<double>(8.0));
    QFile log(probes);
    QVERIFY(log.open(QIODevice::ReadOnly));
    QCOMPARE(log.readAll(), QByteArray("probe\n")); // the reference run's; before: 5 (its run's too, and each submission's)
}

#include "tst_batch.moc"

// A batch starts the next submission's sandbox while the previous one runs (BatchOptions::prestart: its kernel
// starts and imports numpy meanwhile) — without weakening isolation. Submission a, graded first with one job,
// sets an attribute on numpy, writes /tmp and its folder, starts a thread and a child process; b, whose sandbox
// was already up while a ran, sees none of it. Each notebook reads the same five marks after its own cells: a
// sees its own (so the marks can be seen), b none (its value checks pass as the reference's do).
void TestBatch::prestartedSandboxesShareNothing()
{
    REQUIRE_SANDBOX();
    const QString folder = m_tmp.filePath(u"prestart"_s);
    const auto notebook = [](const QString &middle) {
        const QStringList cells{
            u"import numpy, os, subprocess, sys, threading"_s,
            middle,
            u"module_attr = hasattr(numpy, 'sandmark_leak')\n"
            "tmp_file = os.path.exists('/tmp/sandmark-leak')\n"
            "work_file = os.path.exists('leak.txt')\n"
            "leak_thread = any(t.name == 'sandmark-leak-thread' for t in threading.enumerate())\n"
            "def _cmdline(pid):\n"
            "    try:\n"
            "        return open('/proc/%s/cmdline' % pid, 'rb').read()\n"
            "    except OSError:\n"
            "        return b''\n"
            "leak_child = any(b'sandmark-leak-child' in _cmdline(p) for p in os.listdir('/proc') if p.isdigit())"_s};
        QJsonArray arr;
        for (qsizetype i = 0; i < cells.size(); ++i)
            arr.append(QJsonObject{{u"cell_type"_s, u"code"_s}, {u"id"_s, u"c%1"_s.arg(i)}, {u"metadata"_s, QJsonObject()},
                                   {u"outputs"_s, QJsonArray()}, {u"execution_count"_s, QJsonValue()}, {u"source"_s, cells.at(i)}});
        return QJsonDocument(QJsonObject{{u"nbformat"_s, 4}, {u"nbformat_minor"_s, 5},
                                         {u"metadata"_s, QJsonObject{{u"kernelspec"_s, QJsonObject{{u"name"_s, u"python3"_s},
                                                                                                  {u"language"_s, u"python"_s}}}}},
                                         {u"cells"_s, arr}})
            .toJson();
    };
    const QString leak = u"numpy.sandmark_leak = 1\n"
                         "open('/tmp/sandmark-leak', 'w').write('a')\n"
                         "open('leak.txt', 'w').write('a')\n"
                         "threading.Thread(target=lambda: __import__('time').sleep(60), name='sandmark-leak-thread', daemon=True).start()\n"
                         "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)', 'sandmark-leak-child'])\n"
                         "__import__('time').sleep(2)"_s;
    QVERIFY(QDir().mkpath(folder + u"/submissions/a"_s) && QDir().mkpath(folder + u"/submissions/b"_s));
    QVERIFY(test::writeFile(folder + u"/hw.ipynb"_s, notebook(u"pass"_s)));
    QVERIFY(test::writeFile(folder + u"/submissions/a/hw.ipynb"_s, notebook(leak)));
    QVERIFY(test::writeFile(folder + u"/submissions/b/hw.ipynb"_s, notebook(u"pass"_s)));
    QStringList checks;
    for (const QString &v : {u"module_attr"_s, u"tmp_file"_s, u"work_file"_s, u"leak_thread"_s, u"leak_child"_s})
        checks << uR"({"id": "%1", "type": "value", "variable": "%1", "points": 1})"_s.arg(v);
    QVERIFY(test::writeFile(folder + u"/assignment.json"_s,
                      uR"({"format": 1, "slug": "prestart", "title": "prestart", "notebooks": ["hw.ipynb"], "dependencies": [],
                          "checks": [%1]})"_s.arg(checks.join(u", "_s)).toUtf8()));
    const QString profile = m_tmp.filePath(u"prestart-profile.jsonl"_s);
    QProcess *cli = startCli({u"grade"_s, folder, u"--jobs"_s, u"1"_s, u"--json"_s, u"--sandbox"_s, u"bwrap"_s},
                             {{u"SANDMARK_PROFILE"_s, profile}});
    QVERIFY(cli->waitForFinished(300000));
    const QByteArray out = cli->readAllStandardOutput();
    QVERIFY2(cli->exitCode() == 0, qPrintable(QString::fromUtf8(cli->readAllStandardError() + out)));
    QMap<QString, QJsonObject> graded;
    for (const QByteArray &line : out.trimmed().split('\n'))
        if (const QJsonObject o = QJsonDocument::fromJson(line).object(); o.contains(u"submission"_s))
            graded.insert(o.value(u"submission"_s).toString(), o);
    QCOMPARE(graded.value(u"a"_s).value(u"auto_score"_s).toDouble(), 0.0); // a saw every one of its own marks
    QCOMPARE(graded.value(u"b"_s).value(u"auto_score"_s).toDouble(), 5.0); // b saw none of them
    QCOMPARE(graded.value(u"b"_s).value(u"status"_s).toString(), u"graded"_s);

    // b's sandbox and kernel started while a's sandbox ran (a sleeps 2 s): early, not after a.
    QMap<QString, double> starts, ends;
    QFile f(profile);
    QVERIFY(f.open(QIODevice::ReadOnly));
    for (const QByteArray &line : f.readAll().split('\n')) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        const QString who = QFileInfo(QFileInfo(o.value(u"run"_s).toString()).path()).fileName();
        starts.insert(who + u":"_s + o.value(u"stage"_s).toString(), o.value(u"start"_s).toDouble());
        ends.insert(who + u":"_s + o.value(u"stage"_s).toString(), o.value(u"end"_s).toDouble());
    }
    QVERIFY2(ends.contains(u"b:runner:kernel-preimport"_s), qPrintable(QStringList(ends.keys()).join(u", "_s))); // numpy
    QVERIFY2(starts.value(u"b:runner:kernel-start"_s) < ends.value(u"a:sandbox"_s),
             qPrintable(u"b's kernel started at %1, a's sandbox ended at %2"_s.arg(starts.value(u"b:runner:kernel-start"_s), 0, 'f', 3)
                            .arg(ends.value(u"a:sandbox"_s), 0, 'f', 3)));
}
