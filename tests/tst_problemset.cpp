// Problem sets (issue 16): the format (notebooks, a check's "notebook", format 1 migrated in memory), the rule
// that matches a student's notebooks to the instructor's, combining the notebooks' grades, and the fixture
// tests/data/problemsets/ps graded through the real bwrap sandbox (each notebook its own kernel, one run
// folder with the student's files and the supplied ones), settled matches kept in the gradebook.
#include "assignment/assignment.h"
#include "assignment/nbgrader_import.h"
#include "batch/batchgrader.h"
#include "batch/health.h"
#include "batch/notebookmatch.h"
#include "batch/referencerun.h"
#include "batch/submissions.h"
#include "gradebook/feedback.h"
#include "gradebook/gradebook.h"
#include "grading/result.h"
#include "sandbox/backend.h"
#include "sandbox/workdir.h"

#include "testsupport.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace sandmark;
using namespace Qt::Literals::StringLiterals;

namespace {

/// Import options naming the course header (`--header FILE`).
NbgraderImportOptions headerOption(const QString &header)
{
    NbgraderImportOptions o;
    o.header = header;
    return o;
}

const QString kPs = QStringLiteral(SANDMARK_TEST_DATA_DIR "/problemsets/ps");
const QString kIris = QStringLiteral(SANDMARK_SOURCE_DIR "/examples/iris");

const QByteArray kNotebook = R"({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})";

/// An assignment folder with notebooks a.ipynb and b.ipynb and `json` as its assignment.json.
QString twoNotebookAssignment(const QTemporaryDir &dir, const QByteArray &json)
{
    test::writeFile(dir.filePath(u"a.ipynb"_s), kNotebook);
    test::writeFile(dir.filePath(u"b.ipynb"_s), kNotebook);
    test::writeFile(dir.filePath(u"assignment.json"_s), json);
    return dir.path();
}

} // namespace

class TestProblemSet : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void formatOneFileIsMigrated();
    void formatErrors_data();
    void formatErrors();
    void fixtureLoads();
    void normalizedNames_data();
    void normalizedNames();
    void matchRule();
    void combineNotHandedInAndNotGraded();
    void oneNotebookAmbiguousFolderSettled();
    void problemSetGradedInBwrap();
    void problemSetRegradesFromStoredRuns();
    void nbgraderCourseImportsAsAProblemSet();
    void manualGradesAndOverridesSurviveForce();
    void exampleGetsItsExpectedGrades();

private:
    QTemporaryDir m_tmp;
    QString m_skip;
};

void TestProblemSet::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    QVERIFY(QFile::setPermissions(m_tmp.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                    | QFileDevice::ReadGroup | QFileDevice::ExeGroup
                                                    | QFileDevice::ReadOther | QFileDevice::ExeOther));
    std::unique_ptr<SandboxBackend> bwrap = createBackend(SandboxKind::Bwrap, {});
    if (Expected<void> c = bwrap->check(); !c)
        m_skip = u"bwrap cannot run here: "_s + c.error().toString();
}

void TestProblemSet::formatOneFileIsMigrated()
{
    // The example is a format 1 file of one notebook: every check belongs to it, nothing else changes.
    Expected<Assignment> iris = Assignment::load(kIris);
    QVERIFY2(iris, qPrintable(iris ? QString() : iris.error().toString()));
    QCOMPARE(iris->format(), 1);
    QVERIFY(!iris->isProblemSet());
    QVERIFY(!iris->checks().isEmpty());
    for (const Check &c : iris->checks())
        QCOMPARE(c.notebook, iris->notebooks().first());
    QCOMPARE(iris->checksOf(iris->notebooks().first()).size(), iris->checks().size());

    // A format 1 file listing two notebooks (as `import nbgrader` wrote them): a check without "notebook" is the
    // first notebook's, one with it keeps it.
    QTemporaryDir dir;
    const QString folder = twoNotebookAssignment(dir, R"({"slug": "old", "notebooks": ["a.ipynb", "b.ipynb"], "checks": [
        {"id": "x", "type": "value", "variable": "x"},
        {"id": "y", "type": "value", "variable": "y", "notebook": "b.ipynb"}]})");
    Expected<Assignment> a = Assignment::load(folder);
    QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
    QCOMPARE(a->format(), 1);
    QVERIFY(a->isProblemSet());
    QCOMPARE(a->checks().at(0).notebook, u"a.ipynb"_s);
    QCOMPARE(a->checks().at(1).notebook, u"b.ipynb"_s);
    QCOMPARE(a->checksOf(u"b.ipynb"_s).size(), 1);
    QCOMPARE(a->checksOf(u"b.ipynb"_s).first().id, u"y"_s);
}

void TestProblemSet::formatErrors_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("message");
    QTest::newRow("format 3") << QByteArray(R"({"format": 3, "slug": "s", "notebooks": ["a.ipynb"]})") << u"format"_s
                              << u"must be 1 or 2"_s;
    QTest::newRow("format 2 set, check without notebook")
        << QByteArray(R"({"format": 2, "slug": "s", "notebooks": ["a.ipynb", "b.ipynb"], "checks": [
            {"id": "x", "type": "value", "variable": "x", "notebook": "a.ipynb"},
            {"id": "y", "type": "value", "variable": "y"}]})")
        << u"checks[1]"_s << u"missing \"notebook\": this problem set has 2 notebooks (a.ipynb, b.ipynb)"_s;
    QTest::newRow("notebook not listed")
        << QByteArray(R"({"format": 2, "slug": "s", "notebooks": ["a.ipynb", "b.ipynb"], "checks": [
            {"id": "x", "type": "value", "variable": "x", "notebook": "c.ipynb"}]})")
        << u"checks[0].notebook"_s << u"'c.ipynb' is not one of the assignment's notebooks (a.ipynb, b.ipynb)"_s;
    QTest::newRow("id twice across notebooks")
        << QByteArray(R"({"format": 2, "slug": "s", "notebooks": ["a.ipynb", "b.ipynb"], "checks": [
            {"id": "x", "type": "value", "variable": "x", "notebook": "a.ipynb"},
            {"id": "x", "type": "value", "variable": "x", "notebook": "b.ipynb"}]})")
        << u"checks[1].id"_s << u"check ids are unique across the problem set's notebooks"_s;
}

void TestProblemSet::formatErrors()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, location);
    QFETCH(QString, message);
    QTemporaryDir dir;
    Expected<Assignment> a = Assignment::load(twoNotebookAssignment(dir, json));
    QVERIFY(!a);
    QCOMPARE(a.error().location, location);
    QVERIFY2(a.error().message.contains(message), qPrintable(a.error().message));
}

void TestProblemSet::fixtureLoads()
{
    Expected<Assignment> a = Assignment::load(kPs);
    QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
    QCOMPARE(a->format(), 2);
    QCOMPARE(a->notebooks(), (QStringList{u"part1.ipynb"_s, u"part2.ipynb"_s, u"part3.ipynb"_s}));
    QCOMPARE(a->checksOf(u"part1.ipynb"_s).size(), 2);
    QCOMPARE(a->checksOf(u"part2.ipynb"_s).size(), 1);
    QCOMPARE(a->checksOf(u"part3.ipynb"_s).size(), 2);
    QCOMPARE(a->maxPoints(), 6.0);
}

void TestProblemSet::normalizedNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("normalized");
    QTest::newRow("plain") << u"problem1.ipynb"_s << u"problem1"_s;
    QTest::newRow("case") << u"Problem1.IPYNB"_s << u"problem1"_s;
    QTest::newRow("browser copy") << u"problem1 (1).ipynb"_s << u"problem1"_s;
    QTest::newRow("browser copy, no space") << u"problem1(12).ipynb"_s << u"problem1"_s;
    QTest::newRow("jupyter copy") << u"problem1-Copy1.ipynb"_s << u"problem1"_s;
    QTest::newRow("windows copy") << u"problem1 - Copy.ipynb"_s << u"problem1"_s;
    QTest::newRow("copy of") << u"Copy of problem1.ipynb"_s << u"problem1"_s;
    QTest::newRow("twice") << u"problem1-Copy1 (2).ipynb"_s << u"problem1"_s;
    QTest::newRow("in a folder") << u"sub/Problem2.ipynb"_s << u"problem2"_s;
    QTest::newRow("another name stays") << u"myproblem1.ipynb"_s << u"myproblem1"_s;
    QTest::newRow("a number is not a copy") << u"problem12.ipynb"_s << u"problem12"_s;
}

void TestProblemSet::normalizedNames()
{
    QFETCH(QString, name);
    QFETCH(QString, normalized);
    QCOMPARE(normalizedNotebookName(name), normalized);
}

void TestProblemSet::matchRule()
{
    const QList<InstructorNotebook> in = {{u"p1.ipynb"_s, {u"p1-a"_s, u"p1-b"_s}}, {u"p2.ipynb"_s, {u"p2-a"_s}}};
    const QSet<QString> p1 = {u"p1-a"_s, u"p1-b"_s}, p2 = {u"p2-a"_s};
    using How = NotebookMatch::How;
    {
        const ProblemSetMatch m = matchNotebooks(in, {u"p1.ipynb"_s, u"P2 (1).ipynb"_s},
                                                 {{u"p1.ipynb"_s, p1}, {u"P2 (1).ipynb"_s, p2}});
        QCOMPARE(m.notebooks.size(), 2);
        QCOMPARE(m.notebooks[0].how, How::Exact);
        QCOMPARE(m.notebooks[1].how, How::Name);
        QCOMPARE(m.notebooks[1].file, u"P2 (1).ipynb"_s);
        // The rename first (the grade table shows the first note), the match by the same name last.
        QCOMPARE(m.notes, (QStringList{u"p2.ipynb ← P2 (1).ipynb (same name, case and copy suffix ignored)"_s,
                                       u"p1.ipynb ← p1.ipynb"_s}));
        QVERIFY(m.review.isEmpty());
    }
    {
        // Another name, recognised by the cell ids it carries.
        const ProblemSetMatch m = matchNotebooks(in, {u"p1.ipynb"_s, u"hw_jdoe.ipynb"_s},
                                                 {{u"p1.ipynb"_s, p1}, {u"hw_jdoe.ipynb"_s, p2}});
        QCOMPARE(m.notebooks[1].how, How::CellIds);
        QCOMPARE(m.notebooks[1].describe(), u"p2.ipynb ← hw_jdoe.ipynb (carries its cell ids)"_s);
    }
    {
        // Omitted: not handed in (a student outcome), no problem.
        const ProblemSetMatch m = matchNotebooks(in, {u"p1.ipynb"_s}, {{u"p1.ipynb"_s, p1}});
        QCOMPARE(m.notebooks[1].how, How::NotHandedIn);
        QVERIFY(m.notebooks[1].problem.isEmpty());
        QCOMPARE(m.notes, (QStringList{u"p2.ipynb: not handed in"_s, u"p1.ipynb ← p1.ipynb"_s}));
    }
    {
        // Swapped: each file holds the other's cells; never graded against the wrong checks.
        const ProblemSetMatch m = matchNotebooks(in, {u"p1.ipynb"_s, u"p2.ipynb"_s}, {{u"p1.ipynb"_s, p2}, {u"p2.ipynb"_s, p1}});
        QVERIFY(!m.notebooks[0].matched());
        QVERIFY(!m.notebooks[1].matched());
        QVERIFY2(m.notebooks[0].problem.startsWith(u"p1.ipynb holds the cells of p2.ipynb, none of p1.ipynb's"_s),
                 qPrintable(m.notebooks[0].problem));
        QVERIFY(m.notebooks[0].problem.contains(u"sandmark-cli match ASSIGNMENT STUDENT p1.ipynb FILE"_s));
    }
    {
        // A second copy beside the matched one: graded, and the submission needs review.
        const ProblemSetMatch m = matchNotebooks(in, {u"p1.ipynb"_s, u"p1 (1).ipynb"_s, u"p2.ipynb"_s},
                                                 {{u"p1.ipynb"_s, p1}, {u"p1 (1).ipynb"_s, p1}, {u"p2.ipynb"_s, p2}});
        QCOMPARE(m.notebooks[0].file, u"p1.ipynb"_s);
        QCOMPARE(m.review.size(), 1);
        QVERIFY2(m.review.first().startsWith(u"p1 (1).ipynb is another copy of p1.ipynb (graded: p1.ipynb)"_s),
                 qPrintable(m.review.first()));
    }
    {
        // An extra notebook: noted, not graded, no review.
        const ProblemSetMatch m = matchNotebooks(in, {u"p1.ipynb"_s, u"p2.ipynb"_s, u"scratch.ipynb"_s},
                                                 {{u"p1.ipynb"_s, p1}, {u"p2.ipynb"_s, p2}});
        QVERIFY(m.review.isEmpty());
        QCOMPARE(m.notes, (QStringList{u"scratch.ipynb: not a notebook of the problem set, not graded"_s,
                                       u"p1.ipynb ← p1.ipynb"_s, u"p2.ipynb ← p2.ipynb"_s}));
    }
    {
        // Two unknown notebooks for one missing: never guessed.
        const ProblemSetMatch m = matchNotebooks(in, {u"p1.ipynb"_s, u"x.ipynb"_s, u"y.ipynb"_s}, {{u"p1.ipynb"_s, p1}});
        QCOMPARE(m.notebooks[1].how, How::Unmatched);
        QVERIFY2(m.notebooks[1].problem.startsWith(u"no notebook matches it (not matched: x.ipynb, y.ipynb)"_s),
                 qPrintable(m.notebooks[1].problem));
        // Settled by the instructor: applied first; a settled file that is gone is said and the rule decides.
        const ProblemSetMatch settled = matchNotebooks(in, {u"p1.ipynb"_s, u"x.ipynb"_s, u"y.ipynb"_s}, {{u"p1.ipynb"_s, p1}},
                                                       {{u"p2.ipynb"_s, u"y.ipynb"_s}});
        QCOMPARE(settled.notebooks[1].how, How::Settled);
        QCOMPARE(settled.notebooks[1].file, u"y.ipynb"_s);
        QCOMPARE(settled.notes.at(0), u"p2.ipynb ← y.ipynb (settled by the instructor)"_s);
        const ProblemSetMatch gone = matchNotebooks(in, {u"p1.ipynb"_s, u"p2.ipynb"_s}, {{u"p1.ipynb"_s, p1}, {u"p2.ipynb"_s, p2}},
                                                    {{u"p2.ipynb"_s, u"y.ipynb"_s}});
        QCOMPARE(gone.notebooks[1].how, How::Exact);
        QVERIFY(gone.notes.contains(u"p2.ipynb: the settled match y.ipynb is not in the submission any more (matched by the rule)"_s));
    }
}

void TestProblemSet::combineNotHandedInAndNotGraded()
{
    Check a, b, c;
    a.id = u"a"_s, a.points = 2, a.notebook = u"p1.ipynb"_s;
    b.id = u"b"_s, b.points = 3, b.notebook = u"p2.ipynb"_s;
    c.id = u"c"_s, c.points = 1, c.notebook = u"p3.ipynb"_s;
    NotebookGrade ran{u"p1.ipynb"_s, {a}, NotebookGrade::Kind::Ran, {}, {}};
    CheckResult pass;
    pass.checkId = u"a"_s, pass.outcome = Outcome::Pass, pass.points = 2, pass.maxPoints = 2;
    ran.result.checks = {pass};
    ran.result.score = 2;
    ran.result.maxScore = 2;
    ran.result.notes = {u"a repair"_s};
    const NotebookGrade missing{u"p2.ipynb"_s, {b}, NotebookGrade::Kind::NotHandedIn, {}, {}};
    GradeResult r = combineNotebookGrades({ran, missing}, {a, b}, {u"p1.ipynb ← p1.ipynb"_s}, {});
    QCOMPARE(r.status, GradeStatus::Graded); // not handed in is the student's outcome
    QCOMPARE(r.score, 2.0);
    QCOMPARE(r.maxScore, 5.0);
    QCOMPARE(r.checks.size(), 2);
    QCOMPARE(r.checks[1].outcome, Outcome::Fail);
    QCOMPARE(r.checks[1].feedback, u"not handed in"_s);
    QCOMPARE(r.notes, (QStringList{u"p1.ipynb ← p1.ipynb"_s, u"p1.ipynb: a repair"_s}));
    const NotebookGrade unmatched{u"p3.ipynb"_s, {c}, NotebookGrade::Kind::NotGraded, {}, u"no notebook matches it"_s};
    r = combineNotebookGrades({ran, missing, unmatched}, {a, b, c}, {}, {});
    QCOMPARE(r.status, GradeStatus::NeedsReview);
    QCOMPARE(r.checks[2].outcome, Outcome::NotGraded);
    QCOMPARE(r.reasons, QStringList{u"p3.ipynb: no notebook matches it"_s});
    QCOMPARE(r.score, 2.0);
    QCOMPARE(r.maxScore, 6.0);
}

// A one-notebook assignment's folder holding an on-time and a late copy: settled (settleNotebookMatch(), as
// `sandmark-cli match` and the app's Choose Notebook…) and then graded with the chosen copy (applySettledNotebook(),
// as BatchGrader applies it); a settled file that is gone leaves the folder ambiguous.
void TestProblemSet::oneNotebookAmbiguousFolderSettled()
{
    QTemporaryDir tmp;
    const QString folder = tmp.filePath(u"hw"_s);
    QVERIFY(QDir().mkpath(folder + u"/submissions/kim"_s));
    for (const QString &f : {u"/assignment.json"_s, u"/iris-analysis.ipynb"_s, u"/data/iris.csv"_s}) {
        QVERIFY(QDir().mkpath(QFileInfo(folder + f).absolutePath()));
        QVERIFY(QFile::copy(kIris + f, folder + f));
    }
    const QString student = kIris + u"/submissions/alice/iris-analysis.ipynb"_s;
    QVERIFY(QFile::copy(student, folder + u"/submissions/kim/iris-analysis.ipynb"_s));
    QVERIFY(QFile::copy(student, folder + u"/submissions/kim/iris-analysis (late).ipynb"_s));
    auto a = Assignment::load(folder);
    QVERIFY(a);
    QVERIFY(!a->isProblemSet());
    auto subs = discoverSubmissions(folder + u"/submissions"_s);
    QVERIFY(subs);
    QCOMPARE(subs->size(), 1);
    Submission kim = subs->constFirst();
    QVERIFY(kim.problem.startsWith(u"ambiguous: 2 notebooks"_s));
    auto gb = Gradebook::open(Gradebook::defaultPath(folder));
    QVERIFY(gb);
    const QString notebook = a->notebooks().constFirst();
    const Expected<void> wrong = settleNotebookMatch(**gb, *a, kim, u"other.ipynb"_s, u"iris-analysis (late).ipynb"_s);
    QVERIFY(!wrong);
    QVERIFY2(wrong.error().message.contains(u"not one of the assignment's notebooks"_s), qPrintable(wrong.error().message));
    QVERIFY(settleNotebookMatch(**gb, *a, kim, notebook, u"iris-analysis (late).ipynb"_s));
    auto settled = (*gb)->settledMatches(u"kim"_s);
    QVERIFY(settled);
    applySettledNotebook(kim, notebook, *settled);
    QVERIFY(kim.problem.isEmpty());
    QCOMPARE(kim.notebookPath, folder + u"/submissions/kim/iris-analysis (late).ipynb"_s);

    // The settled copy removed: ambiguous again (never the other copy silently).
    Submission again = subs->constFirst();
    QVERIFY(QFile::remove(folder + u"/submissions/kim/iris-analysis (late).ipynb"_s));
    again.files.removeAll(folder + u"/submissions/kim/iris-analysis (late).ipynb"_s);
    applySettledNotebook(again, notebook, *settled);
    QVERIFY(again.problem.startsWith(u"ambiguous:"_s));
    QVERIFY(again.notebookPath.isEmpty());
}

void TestProblemSet::problemSetGradedInBwrap()
{
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
    Expected<Assignment> a = Assignment::load(kPs);
    QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
    Expected<QList<Submission>> subs = discoverSubmissions(kPs + u"/submissions"_s);
    QVERIFY(subs);
    QCOMPARE(subs->size(), 9);
    const QString gradebook = m_tmp.filePath(u"ps.sqlite"_s);
    BatchOptions opt;
    opt.jobs = 2;
    opt.run.kind = SandboxKind::Bwrap;
    opt.run.runsRoot = m_tmp.filePath(u"runs"_s);
    opt.gradebookPath = gradebook;
    opt.referenceCacheDir = m_tmp.filePath(u"reference"_s);

    QMap<QString, RunRecord> finished;
    std::optional<BatchSummary> summary;
    std::optional<Error> failure;
    QList<std::pair<int, double>> progress; // (done, eta) as the batch reported them
    const auto run = [&](const QList<Submission> &list, const BatchOptions &o) {
        finished.clear();
        summary.reset();
        failure.reset();
        progress.clear();
        BatchGrader grader(*a, list, o);
        QEventLoop loop;
        connect(&grader, &BatchGrader::progress, &loop, [&](int done, int, double eta) { progress.append({done, eta}); });
        connect(&grader, &BatchGrader::submissionFinished, &loop,
                [&](const QString &id, const GradeResult &, const RunRecord &r) { finished.insert(id, r); });
        connect(&grader, &BatchGrader::finished, &loop, [&](const BatchSummary &s) { summary = s; loop.quit(); });
        connect(&grader, &BatchGrader::failed, &loop, [&](const Error &e) { failure = e; loop.quit(); });
        QTimer::singleShot(900000, &loop, &QEventLoop::quit);
        grader.start();
        loop.exec();
    };
    run(*subs, opt);
    QVERIFY2(!failure, qPrintable(failure ? failure->toString() : QString()));
    QVERIFY(summary);
    QCOMPARE(finished.size(), 9);
    // The estimate before any result: the reference run's whole time over all three notebooks, for each of the
    // ceil(9 / 2) rounds of two sandboxes (the reference's times are cached beside its payload).
    const QFileInfoList timings = QDir(opt.referenceCacheDir).entryInfoList({u"*.timing.json"_s}, QDir::Files);
    QCOMPARE(timings.size(), 1);
    // Each instructor notebook's executed copy is kept beside the payload (the preview's Instructor view shows it).
    QCOMPARE(QDir(opt.referenceCacheDir).entryList({u"*.executed.*.ipynb"_s}, QDir::Files).size(), 3);
    QFile timingFile(timings.first().filePath());
    QVERIFY(timingFile.open(QIODevice::ReadOnly));
    const ReferenceTiming timing = *ReferenceTiming::fromJsonText(timingFile.readAll());
    QCOMPARE(timing.notebooks.size(), 3);
    double sum = 0;
    for (const NotebookTiming &n : timing.notebooks)
        sum += n.seconds;
    QVERIFY(timing.notebooks.at(2).seconds > 0);
    QVERIFY(qFuzzyCompare(timing.durationS, sum));
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.first().first, 0);
    // The whole run, every notebook's sandbox and kernel start-up with it, not only the cells the records time.
    QVERIFY2(timing.runS > timing.durationS && timing.kernelStartS > 0,
             qPrintable(u"run %1 s, cells %2 s, kernels %3 s"_s.arg(timing.runS).arg(timing.durationS).arg(timing.kernelStartS)));
    QVERIFY2(qFuzzyCompare(progress.first().second, 5 * timing.runS),
             qPrintable(u"%1 vs 5 × %2"_s.arg(progress.first().second).arg(timing.runS)));

    const auto check = [&](const QString &student, const QString &id) -> CheckResult {
        for (const CheckResult &c : finished.value(student).result.checks)
            if (c.checkId == id)
                return c;
        return {};
    };
    const auto expect = [&](const QString &student, GradeStatus status, double score) {
        const GradeResult &r = finished.value(student).result;
        QVERIFY2(r.status == status && r.score == score,
                 qPrintable(u"%1: %2 %3/%4; reasons: %5; notes: %6"_s.arg(student, gradeStatusName(r.status))
                                .arg(r.score)
                                .arg(r.maxScore)
                                .arg(r.reasons.join(u" | "_s), r.notes.join(u" | "_s))));
        QCOMPARE(r.maxScore, 6.0);
    };
    // alice: exact names; part3 imports her own module from her folder; part3 ran in a fresh kernel (`fresh`).
    expect(u"alice"_s, GradeStatus::Graded, 6);
    QCOMPARE(check(u"alice"_s, u"fresh"_s).outcome, Outcome::Pass);
    QVERIFY(finished.value(u"alice"_s).result.notes.contains(u"part3.ipynb ← part3.ipynb"_s));
    // Each notebook's artifacts in a folder of its own.
    const QString artifacts = finished.value(u"alice"_s).artifacts;
    for (const QString &part : {u"part1"_s, u"part2"_s, u"part3"_s}) {
        QVERIFY2(QFileInfo::exists(artifacts + u"/"_s + part + u"/executed.ipynb"_s), qPrintable(artifacts));
        QVERIFY(QFileInfo::exists(artifacts + u"/"_s + part + u"/record.json"_s));
    }
    // Alice's feedback page shows each notebook that ran, with that notebook's checks after their cells.
    {
        auto gb = Gradebook::open(gradebook);
        QVERIFY(gb);
        auto g = (*gb)->effectiveGrade(u"alice"_s);
        QVERIFY(g && *g);
        FeedbackInput in;
        in.assignmentTitle = a->title();
        in.grade = **g;
        in.checks = a->checks();
        in.notebooks = a->notebooks();
        for (const QString &nb : a->notebooks()) {
            auto executed = Notebook::load(notebookArtifactsFolder(artifacts, nb, true) + u"/executed.ipynb"_s);
            QVERIFY(executed);
            in.executedNotebooks.append({nb, *executed});
        }
        const QString html = QString::fromUtf8(renderFeedbackHtml(in));
        QVERIFY(html.contains(u"Total: 6 / 6"_s));
        // Each notebook's section with its own score (part1: a and a-test, 2 points; part2: n, 2; part3: 2).
        for (const QString &nb : a->notebooks())
            QVERIFY2(html.contains(u"<h2 id=\"%1-notebook\">%1 — 2 of 2 points</h2>"_s.arg(nb)), qPrintable(nb));
        QVERIFY(html.contains(u"import alice_util"_s)); // her part3, executed
    }
    // bob: renamed copies matched by name.
    expect(u"bob"_s, GradeStatus::Graded, 6);
    QVERIFY(finished.value(u"bob"_s).result.notes.contains(u"part1.ipynb ← Part1 (1).ipynb (same name, case and copy suffix ignored)"_s));
    QVERIFY(finished.value(u"bob"_s).result.notes.contains(u"part2.ipynb ← PART2-Copy1.ipynb (same name, case and copy suffix ignored)"_s));
    // carol: part2 under another name, by its cell ids.
    expect(u"carol"_s, GradeStatus::Graded, 6);
    QVERIFY(finished.value(u"carol"_s).result.notes.contains(u"part2.ipynb ← hw_carol.ipynb (carries its cell ids)"_s));
    // dave: part2 not handed in: 0 for its check, a student outcome.
    expect(u"dave"_s, GradeStatus::Graded, 4);
    QCOMPARE(check(u"dave"_s, u"n"_s).outcome, Outcome::Fail);
    QCOMPARE(check(u"dave"_s, u"n"_s).feedback, u"not handed in"_s);
    // erin: her part1.ipynb is graded (wrong answer), the copy beside it asks for review.
    expect(u"erin"_s, GradeStatus::NeedsReview, 4);
    QCOMPARE(check(u"erin"_s, u"a"_s).outcome, Outcome::Fail);
    QVERIFY(finished.value(u"erin"_s).result.reasons.first().startsWith(u"part1 (1).ipynb is another copy of part1.ipynb"_s));
    // frank: swapped; neither graded against the other's checks.
    expect(u"frank"_s, GradeStatus::NeedsReview, 2);
    QCOMPARE(check(u"frank"_s, u"a"_s).outcome, Outcome::NotGraded);
    QCOMPARE(check(u"frank"_s, u"n"_s).outcome, Outcome::NotGraded);
    QVERIFY(check(u"frank"_s, u"n"_s).feedback.startsWith(u"part2.ipynb holds the cells of part1.ipynb"_s));
    // gina: the extra notebook is named, not graded.
    expect(u"gina"_s, GradeStatus::Graded, 6);
    QVERIFY(finished.value(u"gina"_s).result.notes.contains(u"scratch.ipynb: not a notebook of the problem set, not graded"_s));
    // hank: part2 cannot be matched: its check not graded with the reason, needs review.
    expect(u"hank"_s, GradeStatus::NeedsReview, 4);
    QCOMPARE(check(u"hank"_s, u"n"_s).outcome, Outcome::NotGraded);
    QVERIFY(check(u"hank"_s, u"n"_s).feedback.startsWith(u"no notebook matches it (not matched: untitled.ipynb)"_s));
    // ivy: a loose notebook holding part1: matched by its ids, the others not handed in.
    expect(u"ivy"_s, GradeStatus::Graded, 2);
    QVERIFY(finished.value(u"ivy"_s).result.notes.contains(u"part1.ipynb ← ivy.ipynb (carries its cell ids)"_s));

    // The instructor settles hank's and erin's matches; kept in the gradebook, the next grade applies them.
    {
        auto gb = Gradebook::open(gradebook);
        QVERIFY(gb);
        const auto find = [&](const QString &id) {
            for (const Submission &s : std::as_const(*subs))
                if (s.studentId == id)
                    return s;
            return Submission{};
        };
        QVERIFY(settleNotebookMatch(**gb, *a, find(u"hank"_s), u"part2.ipynb"_s, u"untitled.ipynb"_s));
        QVERIFY(settleNotebookMatch(**gb, *a, find(u"erin"_s), u"part1.ipynb"_s, u"part1 (1).ipynb"_s));
        const Expected<void> bad = settleNotebookMatch(**gb, *a, find(u"erin"_s), u"part1.ipynb"_s, u"nope.ipynb"_s);
        QVERIFY(!bad);
        QVERIFY2(bad.error().message.startsWith(u"not a notebook handed in by erin"_s), qPrintable(bad.error().message));
        const Expected<void> notSet = settleNotebookMatch(**gb, *a, find(u"erin"_s), u"part9.ipynb"_s, u"part1.ipynb"_s);
        QVERIFY(!notSet);
        QVERIFY(notSet.error().message.contains(u"not one of the assignment's notebooks"_s));
    }
    run(*subs, opt); // without --force: only the two settled submissions run again
    QVERIFY2(!failure, qPrintable(failure ? failure->toString() : QString()));
    QCOMPARE(summary->skipped, 7);
    QCOMPARE(finished.keys(), (QStringList{u"erin"_s, u"hank"_s}));
    expect(u"hank"_s, GradeStatus::Graded, 4); // untitled.ipynb sets n = 5 (the data has 3 rows): wrong, but graded
    QCOMPARE(check(u"hank"_s, u"n"_s).outcome, Outcome::Fail);
    QVERIFY(finished.value(u"hank"_s).result.notes.contains(u"part2.ipynb ← untitled.ipynb (settled by the instructor)"_s));
    expect(u"erin"_s, GradeStatus::Graded, 6); // the copy she meant; the other is a note, no longer a review
    QVERIFY(finished.value(u"erin"_s).result.notes.contains(
        u"part1.ipynb: not graded (the instructor settled part1 (1).ipynb for part1.ipynb)"_s));
    // --force keeps the settled choice.
    opt.force = true;
    Expected<QList<Submission>> again = discoverSubmissions(kPs + u"/submissions"_s);
    QList<Submission> two;
    for (const Submission &s : std::as_const(*again))
        if (s.studentId == u"hank"_s || s.studentId == u"erin"_s)
            two << s;
    run(two, opt);
    QVERIFY2(!failure, qPrintable(failure ? failure->toString() : QString()));
    expect(u"hank"_s, GradeStatus::Graded, 4);
    expect(u"erin"_s, GradeStatus::Graded, 6);
    QVERIFY(finished.value(u"erin"_s).result.notes.contains(u"part1.ipynb ← part1 (1).ipynb (settled by the instructor)"_s));
}

/// The outcome of one batch of `assignmentFolder`'s submissions in bwrap: each committed result, the submissions
/// started in a sandbox, the summary or the error.
struct SetBatch
{
    QMap<QString, RunRecord> finished;
    QStringList started;
    std::optional<BatchSummary> summary;
    std::optional<Error> failure;
};

SetBatch gradeSet(const QString &assignmentFolder, const BatchOptions &options)
{
    SetBatch out;
    Expected<Assignment> a = Assignment::load(assignmentFolder);
    Expected<QList<Submission>> subs = discoverSubmissions(assignmentFolder + u"/submissions"_s);
    if (!a || !subs) {
        out.failure = !a ? a.error() : subs.error();
        return out;
    }
    BatchGrader grader(*a, *subs, options);
    QEventLoop loop;
    QObject::connect(&grader, &BatchGrader::submissionStarted, &loop, [&](const QString &id) { out.started << id; });
    QObject::connect(&grader, &BatchGrader::submissionFinished, &loop,
                     [&](const QString &id, const GradeResult &, const RunRecord &r) { out.finished.insert(id, r); });
    QObject::connect(&grader, &BatchGrader::finished, &loop, [&](const BatchSummary &s) { out.summary = s; loop.quit(); });
    QObject::connect(&grader, &BatchGrader::failed, &loop, [&](const Error &e) { out.failure = e; loop.quit(); });
    QTimer::singleShot(900000, &loop, &QEventLoop::quit);
    grader.start();
    loop.exec();
    return out;
}

// Issue 20: a change that needs no run regrades a problem set from its stored runs too — each notebook from its own
// folder with its own checks — and agrees with running it again.
void TestProblemSet::problemSetRegradesFromStoredRuns()
{
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
    const QString folder = m_tmp.filePath(u"ps-regrade"_s);
    test::copyTree(kPs, folder);
    BatchOptions opt;
    opt.jobs = 2;
    opt.run.kind = SandboxKind::Bwrap;
    opt.run.runsRoot = m_tmp.filePath(u"ps-regrade-runs"_s);
    opt.gradebookPath = m_tmp.filePath(u"ps-regrade.sqlite"_s);
    opt.referenceCacheDir = m_tmp.filePath(u"ps-regrade-reference"_s);
    const SetBatch first = gradeSet(folder, opt);
    QVERIFY2(!first.failure, qPrintable(first.failure ? first.failure->toString() : QString()));
    QCOMPARE(first.finished.size(), 9);
    const int ran = first.summary->ran;
    QVERIFY2(ran >= 7, qPrintable(QString::number(ran)));
    // Every notebook that ran has its digest in the gradebook, in the order the notebooks ran.
    const RunRecord alice = first.finished.value(u"alice"_s);
    QCOMPARE(alice.storedDigest.split(u','), (QStringList{storedDigest(test::readAll(alice.artifacts + u"/part1/payload.json"_s),
                                                                       test::readAll(alice.artifacts + u"/part1/record.json"_s)),
                                                          storedDigest(test::readAll(alice.artifacts + u"/part2/payload.json"_s),
                                                                       test::readAll(alice.artifacts + u"/part2/record.json"_s)),
                                                          storedDigest(test::readAll(alice.artifacts + u"/part3/payload.json"_s),
                                                                       test::readAll(alice.artifacts + u"/part3/record.json"_s))}));
    const QStringList runFolders = QDir(opt.run.runsRoot).entryList(QDir::Dirs | QDir::NoDotAndDotDot);

    // More points for n (part2), a check removed (fresh, part3), a new one on a name part3's probe captured.
    const QString json = folder + u"/assignment.json"_s;
    test::OJson a = test::readOrdered(json);
    test::OJson checks = test::OJson::array();
    for (test::OJson c : a["checks"]) {
        if (c["id"] == "fresh")
            continue;
        if (c["id"] == "n")
            c["points"] = 3;
        checks.push_back(c);
    }
    checks.push_back({{"id", "total-again"}, {"type", "value"}, {"variable", "total"}, {"points", 2}, {"notebook", "part3.ipynb"}});
    a["checks"] = checks;
    QVERIFY(test::writeFile(json, QByteArray::fromStdString(a.dump(1))));

    const SetBatch regrade = gradeSet(folder, opt);
    QVERIFY2(!regrade.failure, qPrintable(regrade.failure ? regrade.failure->toString() : QString()));
    QCOMPARE(regrade.summary->ran, 0);
    QCOMPARE(regrade.summary->regraded, ran); // every set that ran before, none started in a sandbox
    QCOMPARE(QDir(opt.run.runsRoot).entryList(QDir::Dirs | QDir::NoDotAndDotDot), runFolders);
    const GradeResult &aliceAfter = regrade.finished.value(u"alice"_s).result;
    QCOMPARE(aliceAfter.maxScore, 1 + 1 + 3 + 1 + 2.0);
    QCOMPARE(aliceAfter.score, 8.0);
    QCOMPARE(regrade.finished.value(u"alice"_s).artifacts, alice.artifacts); // the grading of the same run
    QCOMPARE(regrade.finished.value(u"alice"_s).storedDigest, alice.storedDigest);

    // Running everything again gives the same grades, notes and reasons.
    BatchOptions forced = opt;
    forced.force = true;
    const SetBatch again = gradeSet(folder, forced);
    QVERIFY2(!again.failure, qPrintable(again.failure ? again.failure->toString() : QString()));
    QCOMPARE(again.summary->ran, ran);
    QCOMPARE(again.finished.keys(), regrade.finished.keys());
    for (auto it = again.finished.cbegin(); it != again.finished.cend(); ++it) {
        const GradeResult &ranResult = it->result;
        const GradeResult &regraded = regrade.finished.value(it.key()).result;
        QVERIFY2(ranResult.status == regraded.status && ranResult.score == regraded.score,
                 qPrintable(u"%1: ran %2 %3, regraded %4 %5"_s.arg(it.key(), gradeStatusName(ranResult.status))
                                .arg(ranResult.score)
                                .arg(gradeStatusName(regraded.status))
                                .arg(regraded.score)));
        QCOMPARE(regraded.notes, ranResult.notes);
        QCOMPARE(regraded.reasons, ranResult.reasons);
        QCOMPARE(regraded.checks.size(), ranResult.checks.size());
        for (qsizetype i = 0; i < ranResult.checks.size(); ++i) {
            QCOMPARE(regraded.checks.at(i).checkId, ranResult.checks.at(i).checkId);
            QCOMPARE(regraded.checks.at(i).outcome, ranResult.checks.at(i).outcome);
            QCOMPARE(regraded.checks.at(i).feedback, ranResult.checks.at(i).feedback);
        }
    }
}

void TestProblemSet::nbgraderCourseImportsAsAProblemSet()
{
    const QString source = QStringLiteral(SANDMARK_TEST_DATA_DIR "/problemsets/course/source/ps1");
    QTemporaryDir out;
    // header.ipynb has no graded cells: the course header, not a problem notebook, and not copied.
    Expected<NbgraderImportReport> report = importNbgrader(source, out.filePath(u"ps1"_s));
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QCOMPARE(report->notebooks, (QStringList{u"problem1.ipynb"_s, u"problem2.ipynb"_s}));
    QCOMPARE(report->dataFiles, QStringList{u"values.txt"_s});
    QCOMPARE(report->header, u"header.ipynb (no graded cells: the course header, not a problem notebook)"_s);
    QVERIFY(!QFileInfo::exists(out.filePath(u"ps1/header.ipynb"_s)));
    Expected<Assignment> a = Assignment::load(out.filePath(u"ps1"_s));
    QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
    QCOMPARE(a->format(), 2);
    QVERIFY(a->isProblemSet());
    QCOMPARE(a->checksOf(u"problem1.ipynb"_s).size(), 1);
    QCOMPARE(a->checksOf(u"problem1.ipynb"_s).first().id, u"correct_squares"_s);
    QCOMPARE(a->checksOf(u"problem2.ipynb"_s).first().id, u"correct_mean"_s);
    QCOMPARE(a->maxPoints(), 3.0);

    // --header names it explicitly (any file name, any place).
    QTemporaryDir out2;
    report = importNbgrader(source, out2.filePath(u"ps1"_s), headerOption(source + u"/header.ipynb"_s));
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QCOMPARE(report->notebooks, (QStringList{u"problem1.ipynb"_s, u"problem2.ipynb"_s}));
    QCOMPARE(report->header, source + u"/header.ipynb (--header)"_s);
    report = importNbgrader(source, out2.filePath(u"other"_s), headerOption(source + u"/values.txt"_s));
    QVERIFY(!report);
    QCOMPARE(report.error().location, u"--header"_s);

    // nbgrader's standard layout: the header in course/source/, beside the assignment folder. Without --header it is
    // the course header (its cells count in nbgrader's salts and cell positions), named in the report; --no-header
    // takes none; both at once are refused.
    QTemporaryDir course;
    QVERIFY(QDir().mkpath(course.filePath(u"source/ps1"_s)));
    QVERIFY(QFile::copy(source + u"/header.ipynb"_s, course.filePath(u"source/header.ipynb"_s)));
    for (const QString &name : {u"problem1.ipynb"_s, u"problem2.ipynb"_s, u"values.txt"_s})
        QVERIFY(QFile::copy(source + u"/"_s + name, course.filePath(u"source/ps1/"_s + name)));
    const QString standard = QDir::cleanPath(course.filePath(u"source/header.ipynb"_s));
    QCOMPARE(findCourseHeader(course.filePath(u"source/ps1"_s)), standard);
    QCOMPARE(findCourseHeader(source), QString()); // its parent is not a source/ folder with a header.ipynb
    report = importNbgrader(course.filePath(u"source/ps1"_s), out2.filePath(u"standard"_s));
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QCOMPARE(report->standardHeader, standard);
    QCOMPARE(report->header, standard + u" (nbgrader's standard course header; --no-header leaves it out)"_s);
    QCOMPARE(report->notebooks, (QStringList{u"problem1.ipynb"_s, u"problem2.ipynb"_s}));
    NbgraderImportOptions none;
    none.noHeader = true;
    report = importNbgrader(course.filePath(u"source/ps1"_s), out2.filePath(u"none"_s), none);
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QCOMPARE(report->header, QString());
    QCOMPARE(report->standardHeader, QString());
    QCOMPARE(report->warnings.size(), 1); // said, never silent: the course's salts may count it
    QVERIFY2(report->warnings.first().startsWith(standard + u": left out (--no-header)"_s), qPrintable(report->warnings.first()));
    none.header = standard;
    report = importNbgrader(course.filePath(u"source/ps1"_s), out2.filePath(u"both"_s), none);
    QVERIFY(!report);
    QCOMPARE(report.error().location, u"--header"_s);

    // Graded in the real sandbox: problem1 right, problem2 handed in renamed with a wrong mean.
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
    const QString student = out.filePath(u"ps1/submissions/zoe"_s);
    QVERIFY(QDir().mkpath(student));
    QVERIFY(QFile::copy(source + u"/problem1.ipynb"_s, student + u"/problem1.ipynb"_s));
    QFile p2(source + u"/problem2.ipynb"_s);
    QVERIFY(p2.open(QIODevice::ReadOnly));
    QByteArray wrong = p2.readAll();
    wrong.replace("mean = sum(values) / len(values)", "mean = sum(values)");
    QVERIFY(test::writeFile(student + u"/Problem2 (1).ipynb"_s, wrong));
    Expected<QList<Submission>> subs = discoverSubmissions(out.filePath(u"ps1/submissions"_s));
    QVERIFY(subs && subs->size() == 1);
    BatchOptions opt;
    opt.jobs = 1;
    opt.run.kind = SandboxKind::Bwrap;
    opt.run.runsRoot = m_tmp.filePath(u"runs-course"_s);
    opt.gradebookPath = m_tmp.filePath(u"course.sqlite"_s);
    opt.referenceCacheDir = m_tmp.filePath(u"reference-course"_s);
    BatchGrader grader(*a, *subs, opt);
    QEventLoop loop;
    std::optional<GradeResult> result;
    std::optional<Error> failure;
    connect(&grader, &BatchGrader::submissionFinished, &loop, [&](const QString &, const GradeResult &r) { result = r; });
    connect(&grader, &BatchGrader::finished, &loop, [&]() { loop.quit(); });
    connect(&grader, &BatchGrader::failed, &loop, [&](const Error &e) { failure = e; loop.quit(); });
    QTimer::singleShot(600000, &loop, &QEventLoop::quit);
    grader.start();
    loop.exec();
    QVERIFY2(!failure, qPrintable(failure ? failure->toString() : QString()));
    QVERIFY(result);
    // nbgrader's rules: a test cell scores its points when it raises nothing, else 0 (squares passes: 2 of 2;
    // mean is 10, the test raises: 0 of 1).
    QCOMPARE(gradeStatusName(result->status), u"graded"_s);
    QCOMPARE(result->score, 2.0);
    QCOMPARE(result->maxScore, 3.0);
    QVERIFY(result->notes.contains(u"problem2.ipynb ← Problem2 (1).ipynb (same name, case and copy suffix ignored)"_s));
}

// `manual` and `override` on a problem set, end to end through sandmark-cli: the nbgrader course fixture imported,
// with a manually graded explanation of problem2's answer cell; zoe hands in both notebooks, yan only a wrong
// problem1. A manual grade for problem2's check, a check override and a whole-submission override survive
// `grade --force`, and `export` and the feedback pages show them with each notebook's total.
void TestProblemSet::manualGradesAndOverridesSurviveForce()
{
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
    using sandmark::test::runCli;
    QTemporaryDir tmp;
    QVERIFY(QFile::setPermissions(tmp.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                  | QFileDevice::ReadGroup | QFileDevice::ExeGroup | QFileDevice::ReadOther
                                                  | QFileDevice::ExeOther));
    const QMap<QString, QString> env{{u"SANDMARK_CACHE_DIR"_s, tmp.filePath(u"cache"_s)}};
    const QString source = QStringLiteral(SANDMARK_TEST_DATA_DIR "/problemsets/course/source/ps1");
    const QString ps = tmp.filePath(u"ps1"_s);
    auto cli = [&](const QStringList &args) { return runCli(args, env, tmp.path()); };
    auto r = cli({u"import"_s, u"nbgrader"_s, source, u"-o"_s, ps});
    QVERIFY2(r.code == 0, r.err.constData());
    {
        // A person grades the explanation of problem2's answer cell ("mean": the student's solution there).
        QFile f(ps + u"/assignment.json"_s);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject json = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        QJsonArray checks = json.value(u"checks"_s).toArray();
        checks.append(QJsonObject{{u"id"_s, u"explain-mean"_s}, {u"type"_s, u"manual"_s}, {u"anchor"_s, u"mean"_s},
                                  {u"notebook"_s, u"problem2.ipynb"_s}, {u"points"_s, 2}});
        json.insert(u"checks"_s, checks);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(json).toJson());
    }
    // What students hand in: the released test cell (its hidden tests removed), their answers.
    QFile p1(source + u"/problem1.ipynb"_s);
    QVERIFY(p1.open(QIODevice::ReadOnly));
    QJsonObject handedIn = QJsonDocument::fromJson(p1.readAll()).object();
    QJsonArray cells = handedIn.value(u"cells"_s).toArray();
    QCOMPARE(cells.at(2)[u"id"_s].toString(), u"correct_squares"_s);
    QJsonObject test = cells.at(2).toObject();
    test.insert(u"source"_s, u"assert squares(1) == [1]\nassert squares(2) == [1, 4]\n"_s);
    cells.replace(2, test);
    handedIn.insert(u"cells"_s, cells);
    QByteArray right = QJsonDocument(handedIn).toJson();
    QVERIFY(right.contains("return [i * i for i in range(1, n + 1)]"));
    QByteArray wrong = right;
    wrong.replace("return [i * i for i in range(1, n + 1)]", "return [i * i for i in range(n)]");
    QVERIFY(test::writeFile(ps + u"/submissions/zoe/problem1.ipynb"_s, right));
    QVERIFY(QFile::copy(source + u"/problem2.ipynb"_s, ps + u"/submissions/zoe/problem2.ipynb"_s));
    QVERIFY(test::writeFile(ps + u"/submissions/yan/problem1.ipynb"_s, wrong));

    const QStringList grade{u"grade"_s, ps, u"--sandbox"_s, u"bwrap"_s, u"--json"_s};
    // Each student's line of grade --json.
    auto lines = [](const QByteArray &out) {
        QMap<QString, QJsonObject> byStudent;
        for (const QByteArray &line : out.split('\n'))
            if (const QJsonObject o = QJsonDocument::fromJson(line).object(); o.contains(u"submission"_s))
                byStudent.insert(o.value(u"submission"_s).toString(), o);
        return byStudent;
    };
    r = cli(grade);
    QVERIFY2(r.code == 0, r.err.constData());
    auto graded = lines(r.out);
    // zoe: squares 2 + mean 1, the explanation awaits a person; yan: squares wrong, problem2 not handed in.
    QCOMPARE(graded.value(u"zoe"_s).value(u"status"_s).toString(), u"needs-manual"_s);
    QCOMPARE(graded.value(u"zoe"_s).value(u"score"_s).toDouble(), 3.0);
    QCOMPARE(graded.value(u"yan"_s).value(u"status"_s).toString(), u"graded"_s);
    QCOMPARE(graded.value(u"yan"_s).value(u"score"_s).toDouble(), 0.0);
    QCOMPARE(graded.value(u"yan"_s).value(u"max_score"_s).toDouble(), 5.0);

    r = cli({u"manual"_s, ps, u"list"_s, u"--json"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    const QJsonArray awaiting = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(awaiting.size(), 1);
    QCOMPARE(awaiting.at(0)[u"student"_s].toString(), u"zoe"_s);
    QCOMPARE(awaiting.at(0)[u"check"_s].toString(), u"explain-mean"_s);
    QVERIFY2(awaiting.at(0)[u"answer"_s].toString().contains(u"mean = sum(values) / len(values)"_s), r.out.constData());
    QVERIFY(test::writeFile(tmp.filePath(u"grades.csv"_s), "student,check,points,comment\nzoe,explain-mean,1.5,\"Right; say why it is 2.5\"\n"));
    r = cli({u"manual"_s, ps, u"import"_s, tmp.filePath(u"grades.csv"_s)});
    QVERIFY2(r.code == 0, r.err.constData());
    r = cli({u"override"_s, ps, u"zoe"_s, u"--check"_s, u"correct_squares"_s, u"--points"_s, u"1"_s, u"--comment"_s, u"copied the loop"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    r = cli({u"override"_s, ps, u"yan"_s, u"--points"_s, u"2"_s, u"--comment"_s, u"problem2 came by email"_s});
    QVERIFY2(r.code == 0, r.err.constData());

    // Both run again; what a person decided stays.
    r = cli(grade + QStringList{u"--force"_s});
    QVERIFY2(r.code == 0, r.err.constData());
    graded = lines(r.out);
    QCOMPARE(graded.size(), 2);
    QVERIFY(!graded.value(u"zoe"_s).value(u"skipped"_s).toBool() && !graded.value(u"yan"_s).value(u"skipped"_s).toBool());
    QCOMPARE(graded.value(u"zoe"_s).value(u"status"_s).toString(), u"graded"_s);
    QCOMPARE(graded.value(u"zoe"_s).value(u"score"_s).toDouble(), 3.5); // 1 (override) + 1 + 1.5 (by hand)
    QCOMPARE(graded.value(u"yan"_s).value(u"status"_s).toString(), u"graded"_s);
    QCOMPARE(graded.value(u"yan"_s).value(u"score"_s).toDouble(), 2.0);

    r = cli({u"export"_s, ps, u"-o"_s, tmp.filePath(u"out.csv"_s)});
    QVERIFY2(r.code == 0, r.err.constData());
    QFile csv(tmp.filePath(u"out.csv"_s));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> rows = csv.readAll().split('\n');
    QCOMPARE(rows.value(0), QByteArray("student,score,max,status,stale,correct_squares,correct_mean,explain-mean,"
                                       "problem1.ipynb total,problem2.ipynb total,comments\r"));
    QCOMPARE(rows.value(1), QByteArray("yan,2,5,graded,,0,0,0,0,0,problem2 came by email\r"));
    QCOMPARE(rows.value(2), QByteArray("zoe,3.5,5,graded,,1,1,1.5,1,2.5,correct_squares: copied the loop; "
                                       "explain-mean: Right; say why it is 2.5\r"));

    r = cli({u"feedback"_s, ps, u"-o"_s, tmp.filePath(u"feedback"_s)});
    QVERIFY2(r.code == 0, r.err.constData());
    auto page = [&](const QString &student) {
        QFile f(tmp.filePath(u"feedback/"_s + student + u".html"_s));
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    };
    const QString zoe = page(u"zoe"_s);
    QVERIFY2(zoe.contains(u"<p class=\"total\">Total: 3.5 / 5</p>"_s), qPrintable(zoe));
    QVERIFY(zoe.contains(u"<h2 id=\"problem1.ipynb-notebook\">problem1.ipynb — 1 of 2 points</h2>"_s));
    QVERIFY(zoe.contains(u"<h2 id=\"problem2.ipynb-notebook\">problem2.ipynb — 2.5 of 3 points</h2>"_s));
    // The manual grade's comment at problem2's answer cell, the override's at problem1's test cell.
    const qsizetype answer = zoe.indexOf(u"id=\"problem2.ipynb-cell-1\""_s);
    const qsizetype comment = zoe.indexOf(u"<strong>Comment:</strong> Right; say why it is 2.5"_s);
    QVERIFY(answer > 0 && comment > answer && comment < zoe.indexOf(u"id=\"problem2.ipynb-cell-2\""_s));
    QVERIFY(zoe.contains(u"<span class=\"id\">correct_squares</span> <span class=\"pts\">1 / 2</span> <span "
                         "class=\"outcome\">graded by hand</span> <span class=\"auto\">(automatic: 2)</span>"_s));
    // The hidden test of problem1's test cell never reaches the page.
    QVERIFY(!zoe.contains(u"squares(3)"_s) && !zoe.contains(u"HIDDEN"_s));
    const QString yan = page(u"yan"_s);
    QVERIFY2(yan.contains(u"<p class=\"comment\">Score set by hand (automatic: 0): problem2 came by email</p>"_s), qPrintable(yan));
    QVERIFY(yan.contains(u"<h2 id=\"problem2.ipynb-notebook\">problem2.ipynb — 0 of 3 points</h2>"_s));
    QVERIFY(yan.contains(u"No executed notebook to show for problem2.ipynb; its checks:"_s));
    // problem1, the one notebook yan handed in, ran: its executed cells are shown (the run of one notebook of a set
    // keeps it in the notebook's own folder, where the page looks).
    QVERIFY2(!yan.contains(u"No executed notebook to show for problem1.ipynb"_s), qPrintable(yan));
    QVERIFY(yan.contains(u"id=\"problem1.ipynb-cell-0\""_s));
    QVERIFY(yan.contains(u"<div class=\"fb\">not handed in</div>"_s));
}

void TestProblemSet::exampleGetsItsExpectedGrades()
{
    // examples/ps1-nbgrader: imported as scripts/demo and its README do (its AUTOTEST cells expanded in bwrap with the
    // course's autotests.yml), graded in bwrap, compared with the grades worked out by hand in expected-grades.json.
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
    const QString example = QStringLiteral(SANDMARK_SOURCE_DIR "/examples/ps1-nbgrader");
    const QString folder = m_tmp.filePath(u"example-ps1"_s);
    NbgraderImportOptions options;
    options.header = example + u"/source/header.ipynb"_s;
    options.runChoices.sandbox = SandboxKind::Bwrap;
    Expected<NbgraderImportReport> report = importNbgrader(example + u"/source/ps1"_s, folder, options);
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QCOMPARE(report->notebooks, (QStringList{u"problem1.ipynb"_s, u"problem2.ipynb"_s}));
    QCOMPARE(report->autotests, example + u"/autotests.yml"_s); // found at the course root, above source/
    QCOMPARE(report->autotestExpressions, 4);
    Expected<Assignment> a = Assignment::load(folder);
    QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
    Expected<QList<Submission>> subs = discoverSubmissions(example + u"/submissions"_s);
    QVERIFY(subs);
    BatchOptions opt;
    opt.jobs = 2;
    opt.run.kind = SandboxKind::Bwrap;
    opt.run.runsRoot = m_tmp.filePath(u"runs-example"_s);
    opt.gradebookPath = m_tmp.filePath(u"example.sqlite"_s);
    opt.referenceCacheDir = m_tmp.filePath(u"reference-example"_s);
    BatchGrader grader(*a, *subs, opt);
    QEventLoop loop;
    std::optional<Error> failure;
    connect(&grader, &BatchGrader::finished, &loop, [&]() { loop.quit(); });
    connect(&grader, &BatchGrader::failed, &loop, [&](const Error &e) { failure = e; loop.quit(); });
    QTimer::singleShot(600000, &loop, &QEventLoop::quit);
    grader.start();
    loop.exec();
    QVERIFY2(!failure, qPrintable(failure ? failure->toString() : QString()));
    QFile f(example + u"/expected-grades.json"_s);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject expected = QJsonDocument::fromJson(f.readAll()).object().value(u"grades"_s).toObject();
    QCOMPARE(expected.size(), 4);
    auto gb = Gradebook::open(opt.gradebookPath);
    QVERIFY(gb);
    auto grades = (*gb)->effectiveGrades();
    QVERIFY(grades);
    QCOMPARE(grades->size(), expected.size());
    for (const EffectiveGrade &g : std::as_const(*grades)) {
        const QJsonObject want = expected.value(g.studentId).toObject();
        QVERIFY2(gradeStatusName(g.status) == want.value(u"status"_s).toString() && g.score() == want.value(u"score"_s).toDouble(),
                 qPrintable(u"%1: %2 %3, expected %4 %5; reasons %6; notes %7"_s.arg(g.studentId, gradeStatusName(g.status))
                                .arg(g.score() ? *g.score() : -1)
                                .arg(want.value(u"status"_s).toString())
                                .arg(want.value(u"score"_s).toDouble())
                                .arg(g.reasons.join(u" | "_s), g.notes.join(u" | "_s))));
        QCOMPARE(g.maxScore, 7.0);
    }
}

QTEST_GUILESS_MAIN(TestProblemSet)
#include "tst_problemset.moc"
