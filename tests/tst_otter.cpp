// Otter-Grader courses (docs/otter.md): `import otter` of a v1 master (tests/data/otter/master, written by
// tests/data/otter/make_fixtures.py) and of an OK-format tests/ folder, Otter's point rules, the refusals, and
// grading every fixture submission in the real bwrap sandbox with a real kernel. Every expected point value is
// worked out by hand from Otter's rules (otter/test_files/abstract_test.py and ok_test.py), written beside it.
#include "recordtestutil.h"
#include "assignment/assignment.h"
#include "assignment/otter_import.h"
#include "gradebook/export.h"
#include "gradebook/feedback.h"
#include "gradebook/gradebook.h"
#include "grading/result.h"
#include "notebook/notebook.h"
#include "sandbox/backend.h"

#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace sandmark;
using namespace Qt::Literals::StringLiterals;

namespace {

const QString kData = QStringLiteral(SANDMARK_TEST_DATA_DIR "/otter");
const QString kPython = QStringLiteral("/usr/bin/python3");
constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

/// Points per check in the imported master's check order — q1-1 (1), q1-2 (2), q1-3 (1), q2 (3, all or
/// nothing), q3 (2, manual), q4-1 (1), q4-2 (1), q5-1 (1); -1: the manual answer awaiting a person.
struct Want
{
    QString student;
    QList<double> points;
    double total;
};

QList<Want> expectedGrades()
{
    return {
        // every answer right; q5's random pick is the same as the reference's under Otter's seed 42.
        {u"right"_s, {1, 2, 1, 3, -1, 1, 1, 1}, 10},
        // total = 10.0: doctest prints 10.0 where the case expects 10 (q1-1 fails), total == 10 holds (q1-2: 2),
        // isinstance(total, int) is False (q1-3 fails); double = abs(2x): double(-1) is 2, not -2, and q2 is all
        // or nothing, so 0 of 3 although double(2) passes; q4 and q5 right.
        {u"partly"_s, {0, 2, 0, 0, -1, 1, 1, 1}, 5},
        // total = 11 (q1-1, q1-2 fail; 11 is an int: q1-3 passes), double(x) = x, answer = 41 (41 % 2 is 1, not
        // 0), pick = 7.
        {u"wrong"_s, {0, 0, 1, 0, -1, 0, 0, 0}, 1},
        // grader.check('q1') and grader.check('q4') after every question: Otter keeps the last check of a
        // question, the one after q5, when the teaching cell has set answer = 0 — `answer` prints 0, not 42
        // (q4-1 fails) while 0 % 2 is still 0 (q4-2 passes). total is still 10 there.
        {u"everywhere"_s, {1, 2, 1, 3, -1, 0, 1, 1}, 9},
        // never imports otter and has no check cells: each question is checked after its answer cell.
        {u"noimport"_s, {1, 2, 1, 3, -1, 1, 1, 1}, 10},
        // reuses total, double and pick after the last check cells (and calls check_all at the end): each question
        // is checked after its own grader.check call, before the names were reused.
        {u"reuses"_s, {1, 2, 1, 3, -1, 1, 1, 1}, 10},
    };
}

using Cli = sandmark::test::CliRun;

} // namespace

class TestOtter : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;

    Cli cli(const QStringList &args, int timeoutMs = 120000)
    {
        return sandmark::test::runCli(args, {{u"SANDMARK_CACHE_DIR"_s, m_tmp.filePath(u"cache"_s)}}, {}, timeoutMs);
    }

    QString bwrapSkip()
    {
        std::unique_ptr<SandboxBackend> bwrap = createBackend(SandboxKind::Bwrap, {});
        if (Expected<void> c = bwrap->check(); !c)
            return u"bwrap cannot run here: "_s + c.error().toString();
        return {};
    }

    QMap<QString, EffectiveGrade> grades(const QString &gradebook)
    {
        QMap<QString, EffectiveGrade> out;
        auto gb = Gradebook::open(gradebook);
        if (!gb)
            qFatal("%s", qPrintable(gb.error().toString()));
        const auto all = (*gb)->effectiveGrades();
        for (const EffectiveGrade &g : *all)
            out.insert(g.studentId, g);
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QVERIFY(QFile::setPermissions(m_tmp.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                        | QFileDevice::ReadGroup | QFileDevice::ExeGroup
                                                        | QFileDevice::ReadOther | QFileDevice::ExeOther));
    }

    void casePointsFollowOtter_data()
    {
        QTest::addColumn<QString>("question");
        QTest::addColumn<QList<double>>("given");
        QTest::addColumn<QList<double>>("want");
        // A total spread over the cases without points: (4 - 1 - 2) / 1 = 1 (the fixture's q1).
        QTest::newRow("total, some given") << u"4"_s << QList<double>{1, 2, kNone} << QList<double>{1, 2, 1};
        // 3 over two cases: 1.5 each (the fixture's q2, all or nothing: its check is worth 1.5 + 1.5 = 3).
        QTest::newRow("total, none given") << u"3"_s << QList<double>{kNone, kNone} << QList<double>{1.5, 1.5};
        // 2 over three cases: 2/3 each, no rounding (Otter divides; the remainder is not given to any case).
        QTest::newRow("total, thirds") << u"2"_s << QList<double>{kNone, kNone, kNone}
                                       << QList<double>{2.0 / 3, 2.0 / 3, 2.0 / 3};
        // {each: 1}: 1 × 2 cases = a total of 2, spread: 1 each (the fixture's q4).
        QTest::newRow("each") << u"{\"each\": 1}"_s << QList<double>{kNone, kNone} << QList<double>{1, 1};
        // A list gives each case its value, whatever the case says.
        QTest::newRow("list") << u"[1, 2]"_s << QList<double>{5, kNone} << QList<double>{1, 2};
        // No total, no case points: the question is worth 1, split (1/4 each).
        QTest::newRow("nothing") << u"null"_s << QList<double>{kNone, kNone, kNone, kNone}
                                 << QList<double>{0.25, 0.25, 0.25, 0.25};
        // No total, some case points: the others are worth 0.
        QTest::newRow("no total, some given") << u"null"_s << QList<double>{2, kNone} << QList<double>{2, 0};
        // Only zeros given: the rest share 1 point.
        QTest::newRow("only zeros") << u"null"_s << QList<double>{0, kNone, kNone} << QList<double>{0, 0.5, 0.5};
        // Everything given equals the total: nothing left, nobody without points.
        QTest::newRow("all given") << u"3"_s << QList<double>{1, 2} << QList<double>{1, 2};
    }

    void casePointsFollowOtter()
    {
        QFETCH(QString, question);
        QFETCH(QList<double>, given);
        QFETCH(QList<double>, want);
        auto got = otterCasePoints(question, given);
        QVERIFY2(got.hasValue(), qPrintable(got ? QString() : got.error().toString()));
        QCOMPARE(got->size(), want.size());
        for (qsizetype i = 0; i < want.size(); ++i)
            QVERIFY2(qFuzzyCompare(got->at(i) + 1, want.at(i) + 1), qPrintable(u"case %1: %2 != %3"_s.arg(i).arg(got->at(i)).arg(want.at(i))));
    }

    void casePointsErrors()
    {
        auto more = otterCasePoints(u"2"_s, {2, 1});
        QVERIFY(!more);
        QCOMPARE(more.error().message, u"the test cases' points (3) are more than the question's 2"_s);
        auto length = otterCasePoints(u"[1, 2, 3]"_s, {kNone, kNone});
        QVERIFY(!length);
        QCOMPARE(length.error().message, u"points lists 3 values but there are 2 test cases"_s);
    }

    void importsMaster()
    {
        const QString out = m_tmp.filePath(u"import-master"_s);
        auto r = importOtter(kData + u"/master/hw-otter.ipynb"_s, out, kPython);
        QVERIFY2(r.hasValue(), qPrintable(r ? QString() : r.error().toString()));
        QCOMPARE(r->questions, (QStringList{u"q1"_s, u"q2"_s, u"q3"_s, u"q4"_s, u"q5"_s}));
        QCOMPARE(r->testCases, 8);
        QCOMPARE(r->hiddenCases, 4);
        QCOMPARE(r->otterChecks, 7);
        QCOMPARE(r->manualChecks, 1);
        // export_cell and generate are Otter's settings for the release and Gradescope: ignored, with a note.
        QCOMPARE(r->warnings.size(), 1);
        QVERIFY2(r->warnings.at(0).contains(u"cells[0]: ASSIGNMENT CONFIG keys export_cell, generate ignored"_s),
                 qPrintable(r->warnings.at(0)));

        const QJsonObject a = readJson(out + u"/assignment.json"_s);
        QCOMPARE(a.value(u"otter"_s).toObject().value(u"seed"_s).toInt(), 42);
        const QJsonArray checks = a.value(u"checks"_s).toArray();
        const QStringList ids = {u"q1-1"_s, u"q1-2"_s, u"q1-3"_s, u"q2"_s, u"q3"_s, u"q4-1"_s, u"q4-2"_s, u"q5-1"_s};
        const QList<double> points = {1, 2, 1, 3, 2, 1, 1, 1};
        QCOMPARE(checks.size(), ids.size());
        for (int i = 0; i < ids.size(); ++i) {
            const QJsonObject c = checks.at(i).toObject();
            QCOMPARE(c.value(u"id"_s).toString(), ids.at(i));
            QCOMPARE(c.value(u"points"_s).toDouble(), points.at(i));
        }
        const QJsonObject q1hidden = checks.at(1).toObject();
        QCOMPARE(q1hidden.value(u"type"_s).toString(), u"otter"_s);
        QCOMPARE(q1hidden.value(u"after"_s).toString(), u"q1-answer"_s);
        const QJsonObject case2 = q1hidden.value(u"cases"_s).toArray().at(0).toObject();
        QCOMPARE(case2.value(u"name"_s).toString(), u"q1 - 2"_s);
        QCOMPARE(case2.value(u"hidden"_s).toBool(), true);
        QCOMPARE(case2.value(u"code"_s).toString(), u">>> total == 10\nTrue"_s); // the saved output is expected
        QCOMPARE(case2.value(u"failure_message"_s).toString(), u"total should be the sum of 0 to 4"_s);
        // `# HIDDEN` as the first line: hidden, and not part of the code.
        QCOMPARE(checks.at(2).toObject().value(u"cases"_s).toArray().at(0).toObject().value(u"code"_s).toString(),
                 u">>> isinstance(total, int)\nTrue"_s);
        const QJsonArray q2cases = checks.at(3).toObject().value(u"cases"_s).toArray();
        QCOMPARE(q2cases.size(), 2);
        QCOMPARE(checks.at(4).toObject().value(u"type"_s).toString(), u"manual"_s);
        QCOMPARE(checks.at(4).toObject().value(u"anchor"_s).toString(), u"q3-answer"_s);
        QCOMPARE(checks.at(6).toObject().value(u"cases"_s).toArray().at(0).toObject().value(u"success_message"_s).toString(),
                 u"even, as it should be"_s);

        // The instructor notebook: no marker or test cells; solutions kept, marked for the release.
        auto nb = Notebook::load(out + u"/hw-otter.ipynb"_s);
        QVERIFY(nb.hasValue());
        QStringList cellIds;
        for (int i = 0; i < nb->cellCount(); ++i)
            cellIds << nb->cellId(i);
        QCOMPARE(cellIds, (QStringList{u"intro"_s, u"q1-text"_s, u"q1-answer"_s, u"q2-text"_s, u"q2-answer"_s,
                                       u"q3-text"_s, u"q3-answer"_s, u"q4-text"_s, u"q4-answer"_s, u"teach-text"_s,
                                       u"teach"_s, u"q5-text"_s, u"q5-answer"_s}));
        QCOMPARE(nb->cellTags(2), QStringList{u"otter_assign_solution_cell"_s});
        // It loads as an assignment, with the otter kind's checks.
        auto assignment = Assignment::load(out);
        QVERIFY2(assignment.hasValue(), qPrintable(assignment ? QString() : assignment.error().toString()));
        QVERIFY(assignment->fromOtter());
        QCOMPARE(assignment->checks().at(0).type, Check::Type::Otter);
        QCOMPARE(assignment->checks().at(0).question, u"q1"_s);
        QCOMPARE(assignment->maxPoints(), 12.0);
        QCOMPARE(assignment->runEnvironment().value(u"SANDMARK_OTTER_SEED"_s), u"42"_s);
    }

    void releaseIsOtters()
    {
        // `sandmark-cli release` of an imported master: what `otter assign` gives students.
        const QString assignment = m_tmp.filePath(u"release-src"_s);
        QVERIFY(importOtter(kData + u"/master/hw-otter.ipynb"_s, assignment, kPython).hasValue());
        const QString out = m_tmp.filePath(u"release-out"_s);
        const Cli run = cli({u"release"_s, assignment, u"-o"_s, out});
        QVERIFY2(run.code == 0, run.err.constData());
        auto nb = Notebook::load(out + u"/release/hw-otter.ipynb"_s);
        QVERIFY2(nb.hasValue(), qPrintable(nb ? QString() : nb.error().toString()));
        QStringList code;
        for (int i = 0; i < nb->cellCount(); ++i)
            code << (nb->cellType(i) == CellType::Code ? nb->cellSource(i) : u"[md] "_s + nb->cellSource(i));
        QCOMPARE(code.value(0), u"# Initialize Otter\nimport otter\ngrader = otter.Notebook(\"hw-otter.ipynb\")"_s);
        QVERIFY2(code.contains(u"total = ..."_s), qPrintable(code.join(u"\n--\n"_s)));                // `# SOLUTION` on an assignment
        QVERIFY(code.contains(u"def double(x):\n    ..."_s));                                           // a BEGIN/END SOLUTION block
        QVERIFY(code.contains(u"[md] _Type your answer here, replacing this text._"_s));                // the Markdown answer
        QVERIFY(code.contains(u"import random\npick = ..."_s));
        QCOMPARE(code.at(code.indexOf(u"total = ..."_s) + 1), u"grader.check(\"q1\")"_s);              // after the answer
        QCOMPARE(code.last(), u"grader.check_all()"_s);
        for (const QString &c : std::as_const(code))
            QVERIFY2(!c.contains(u"sum(range(5))"_s) && !c.contains(u"2 * x"_s) && !c.contains(u"= 42"_s), qPrintable(c));
        // The public tests only: q1's one public case, never the hidden ones.
        QFile q1(out + u"/release/tests/q1.py"_s);
        QVERIFY(q1.open(QIODevice::ReadOnly));
        const QByteArray text = q1.readAll();
        QVERIFY2(text.contains("'code': \">>> total\\n10\"") && !text.contains("total == 10"), text.constData());
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("want");
        QTest::newRow("v0") << u"v0-master.ipynb"_s
                            << u"v0-master.ipynb: cells[0]: Otter Assign format v0 (`# TEST` / `# HIDDEN TEST` cells, "
                               "`BEGIN QUESTION` without `#`): Otter itself dropped it in version 5.0.0"_s;
        QTest::newRow("R") << u"r-master.ipynb"_s
                           << u"r-master.ipynb: metadata.kernelspec: a R notebook: only Python notebooks are supported"_s;
        QTest::newRow("number too large") << u"bignum-master.ipynb"_s
                                          << u"bignum-master.ipynb: cells[0]: question config: a number too large (more than 64 bits)"_s;
        QTest::newRow("unclosed test config") << u"unclosed-master.ipynb"_s
                                              << u"unclosed-master.ipynb: cells[2]: BEGIN TEST CONFIG without END TEST CONFIG"_s;
        // Each of these aborted or crashed the process before (fresh-user attack, session 17).
        QTest::newRow("flag not true or false") << u"manual-text-master.ipynb"_s
                                                << u"manual-text-master.ipynb: cells[0] question config: `manual` must be true or false, not \"yes\""_s;
        QTest::newRow("test flag a number") << u"hidden-number-master.ipynb"_s
                                            << u"hidden-number-master.ipynb: cells[2] test config: `hidden` must be true or false, not 1"_s;
        QTest::newRow("alias loop") << u"alias-loop-master.ipynb"_s
                                    << u"alias-loop-master.ipynb: cells[0]: ASSIGNMENT CONFIG: nested more than 64 levels deep"_s;
        QTest::newRow("alias bomb") << u"alias-bomb-master.ipynb"_s
                                    << u"alias-bomb-master.ipynb: cells[0]: ASSIGNMENT CONFIG: nested more than 64 levels deep or more than 100000 values"_s;
        QTest::newRow("name no check may have") << u"path-name-master.ipynb"_s
                                                << u"path-name-master.ipynb: checks[0].id: the assignment this makes would be refused: '../evil' must be"_s;
        QTest::newRow("name a number") << u"name-number-master.ipynb"_s
                                       << u"name-number-master.ipynb: cells[0]: the question's `name:` must be text, not 123"_s;
        // Values of another type than Otter's, dropped silently before (fresh-user attack, session 17).
        QTest::newRow("seed value not a number") << u"seed-text-master.ipynb"_s
                                                 << u"seed-text-master.ipynb: ASSIGNMENT CONFIG.seed.autograder_value: must be a whole number, not \"forty-two\""_s;
        QTest::newRow("seed variable a number") << u"seed-variable-number-master.ipynb"_s
                                                << u"seed-variable-number-master.ipynb: ASSIGNMENT CONFIG.seed: `variable` must be text, not 5"_s;
        QTest::newRow("files a number") << u"files-number-master.ipynb"_s
                                        << u"files-number-master.ipynb: ASSIGNMENT CONFIG.files: must be a list of file names, not 7"_s;
        QTest::newRow("assignment name a number") << u"config-name-number-master.ipynb"_s
                                                  << u"config-name-number-master.ipynb: ASSIGNMENT CONFIG: `name` must be text, not 5"_s;
        QTest::newRow("failure message a list") << u"failure-message-list-master.ipynb"_s
                                                << u"failure-message-list-master.ipynb: cells[2] test config: `failure_message` must be text, not [\"one\",\"two\"]"_s;
        QTest::newRow("case points text") << u"case-points-text-master.ipynb"_s
                                          << u"case-points-text-master.ipynb: cells[2] test config: `points` must be a number, not \"two\""_s;
    }

    void refusals()
    {
        QFETCH(QString, file);
        QFETCH(QString, want);
        const QString out = m_tmp.filePath(u"refused-"_s + file);
        auto r = importOtter(kData + u"/"_s + file, out, kPython);
        QVERIFY(!r);
        QVERIFY2(r.error().toString().startsWith(kData + u"/"_s + want), qPrintable(r.error().toString()));
        QVERIFY(!QFileInfo::exists(out)); // nothing half-written
    }

    void refusesRmarkdown()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath(u"hw.Rmd"_s));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("```{r}\nx <- 1\n```\n");
        f.close();
        auto r = importOtter(f.fileName(), dir.filePath(u"out"_s), kPython);
        QVERIFY(!r);
        QCOMPARE(r.error().message, u"an R, R Markdown or Quarto master: only Python notebooks are supported"_s);
    }

    void warnsAboutUnrunMasterAndStrayMarkers()
    {
        const QString out = m_tmp.filePath(u"unrun"_s);
        auto r = importOtter(kData + u"/unrun-master.ipynb"_s, out, kPython);
        QVERIFY2(r.hasValue(), qPrintable(r ? QString() : r.error().toString()));
        const QString all = r->warnings.join(u"\n"_s);
        QVERIFY2(all.contains(u"cells[0]: ASSIGNMENT CONFIG keys solutions_pdf ignored"_s), qPrintable(all));
        QVERIFY2(all.contains(u"cells[1]: `# BEGIN QUESTION` is in a markdown cell, where Otter does not read it"_s), qPrintable(all));
        QVERIFY2(all.contains(u"cells[6]: `# BEGIN TESTS` is in a code cell"_s), qPrintable(all));
        QVERIFY2(all.contains(u"cells[5]: test cell of 'q1' has no saved output (the master was not run)"_s), qPrintable(all));
        QVERIFY2(all.contains(u"cells[5]: test config keys locked ignored"_s), qPrintable(all));
        QCOMPARE(r->dependencies, (QStringList{u"numpy==1.26.4"_s, u"pandas"_s}));
        const QJsonArray checks = readJson(out + u"/assignment.json"_s).value(u"checks"_s).toArray();
        // points: [1, 2] per case.
        QCOMPARE(checks.at(0).toObject().value(u"points"_s).toDouble(), 1.0);
        QCOMPARE(checks.at(1).toObject().value(u"points"_s).toDouble(), 2.0);
        // No saved output: the case has no expected output of its own (`otter assign` would make it expect none);
        // it takes what it prints in the reference run.
        const QJsonObject case1 = checks.at(0).toObject().value(u"cases"_s).toArray().at(0).toObject();
        QCOMPARE(case1.value(u"code"_s).toString(), u">>> x == 2\n"_s);
        QCOMPARE(case1.value(u"from_reference"_s).toBool(), true);
        QCOMPARE(r->referenceCases, (QStringList{u"q1 - 1"_s, u"q1 - 2"_s}));
    }

    void unrunCasesAreComparedWithTheReference()
    {
        // Without a sandbox: grade() of the un-run master's q1-1 from a made-up record whose test cell passed with
        // the outputs' digests as its result. The expected digests are the reference run's (GradeInput::
        // referenceTestResults); without them the case's expected output is unknown: a grader error naming it.
        const QString out = m_tmp.filePath(u"unrun-unit"_s);
        auto r = importOtter(kData + u"/unrun/hw-unrun.ipynb"_s, out, kPython);
        QVERIFY2(r.hasValue(), qPrintable(r ? QString() : r.error().toString()));
        QCOMPARE(r->referenceCases, (QStringList{u"q1 - 1"_s, u"q1 - 2"_s, u"q2 - 1"_s}));
        auto a = Assignment::load(out);
        QVERIFY2(a.hasValue(), qPrintable(a ? QString() : a.error().toString()));
        const Check q11 = a->checks().at(0);
        QCOMPARE(q11.id, u"q1-1"_s);
        const auto gradeWith = [&](const QString &student, const std::optional<QString> &reference) {
            GradeInput in;
            in.checks = {q11};
            in.referencePayload = "null";
            in.studentPayload = "null";
            in.record = test::executionRecord(QJsonObject{{u"status"_s, u"completed"_s},
                                    {u"cells"_s, QJsonArray{QJsonObject{{u"index"_s, QJsonValue::Null},
                                                                        {u"injected"_s, u"test"_s},
                                                                        {u"check"_s, u"q1-1"_s},
                                                                        {u"status"_s, u"ok"_s},
                                                                        {u"test_result"_s, u"pass"_s},
                                                                        {u"result_text"_s, student}}}}});
            if (reference)
                in.referenceTestResults.insert(u"q1-1"_s, *reference);
            return grade(in).checks.value(0);
        };
        const QString digest = u"'sandmark-otter-outputs 0123456789ab'"_s;
        CheckResult same = gradeWith(digest, digest);
        QVERIFY2(same.outcome == Outcome::Pass, qPrintable(same.feedback));
        QCOMPARE(same.points, 1.0);
        CheckResult other = gradeWith(u"'sandmark-otter-outputs ba9876543210'"_s, digest);
        QVERIFY(other.outcome == Outcome::Fail);
        QCOMPARE(other.points, 0.0);
        QCOMPARE(other.feedback, u"test q1 - 1 failed: it printed something else than the instructor's solution"_s);
        CheckResult unknown = gradeWith(digest, std::nullopt);
        QVERIFY(unknown.outcome == Outcome::NotGraded);
        QCOMPARE(unknown.feedback, u"not graded: grader error: the reference run left no expected output for case 'q1 - 1'"_s);
    }

    void unrunMasterGradesFromTheReferenceRun()
    {
        const QString skip = bwrapSkip();
        if (!skip.isEmpty())
            QSKIP(qPrintable(skip));
        const QString assignment = m_tmp.filePath(u"unrun-hw"_s);
        const Cli import = cli({u"import"_s, u"otter"_s, kData + u"/unrun/hw-unrun.ipynb"_s, u"-o"_s, assignment});
        QVERIFY2(import.code == 0, import.err.constData());
        QVERIFY2(import.out.contains("expected output from the reference run (the master's test cells were not run): "
                                     "q1 - 1, q1 - 2, q2 - 1\n"),
                 import.out.constData());
        QVERIFY2(import.err.contains("cells[7]: test cell of 'q1' has no saved output (the master was not run): case "
                                     "'q1 - 1' expects what it prints in Sandmark's reference run of the master"),
                 import.err.constData());
        QStringList folders;
        for (const QString &s : {u"right"_s, u"wrong"_s, u"untouched"_s}) {
            const QString dest = assignment + u"/submissions/"_s + s;
            QDir().mkpath(dest);
            QVERIFY(QFile::copy(kData + u"/unrun/submissions/"_s + s + u"/hw-unrun.ipynb"_s, dest + u"/hw-unrun.ipynb"_s));
            folders << dest;
        }
        const QString gradebook = m_tmp.filePath(u"unrun.sqlite"_s);
        const Cli run = cli(QStringList{u"grade"_s, assignment, u"--gradebook"_s, gradebook, u"--jobs"_s, u"2"_s} + folders, 900000);
        QVERIFY2(run.code == 0, run.err.constData());
        const QMap<QString, EffectiveGrade> got = grades(gradebook);
        // Checks q1-1 (1), q1-2 (1), q2 (2, all or nothing), q3 (1, manual); -1: awaiting a person.
        struct Row { QString student; QList<double> points; double total; GradeStatus status; };
        const QList<Row> want = {
            // the reference printed 10 and True (q1), 6 for double(3); each right here.
            {u"right"_s, {1, 1, 2, -1}, 4, GradeStatus::NeedsManual},
            // total = 11 prints 11 and False; double(3) = 7 and double(-1) = -1: nothing right; q3 changed: a person.
            {u"wrong"_s, {0, 0, 0, -1}, 0, GradeStatus::NeedsManual},
            // total = 10.0 prints 10.0, not the reference's 10 (q1-1: 0) while 10.0 % 2 == 0 is True (q1-2: 1);
            // abs(2x): double(3) is the reference's 6 but double(-1) is 2, not the saved -2 (q2: 0 of 2); q3 left
            // as the release's prompt: 0 without a person, so nothing awaits one.
            {u"untouched"_s, {0, 1, 0, 0}, 1, GradeStatus::Graded},
        };
        for (const Row &w : want) {
            const EffectiveGrade g = got.value(w.student);
            QVERIFY2(g.status == w.status, qPrintable(w.student + u": "_s + gradeStatusName(g.status) + u" "_s + g.reasons.join(u"; "_s)));
            QCOMPARE(g.maxScore, 5.0);
            QCOMPARE(g.checks.size(), 4);
            for (int i = 0; i < 4; ++i) {
                const CheckResult &c = g.checks.at(i).result;
                const QString where = w.student + u" "_s + c.checkId + u": "_s + c.feedback;
                if (w.points.at(i) < 0)
                    QVERIFY2(c.outcome == Outcome::NotGraded, qPrintable(where));
                else
                    QVERIFY2(c.outcome != Outcome::NotGraded && c.points == w.points.at(i),
                             qPrintable(where + u" (got %1, want %2)"_s.arg(c.points).arg(w.points.at(i))));
            }
            QCOMPARE(g.autoScore, w.total);
        }
        const auto feedback = [&](const QString &student, int check) { return got.value(student).checks.at(check).result.feedback; };
        QCOMPARE(feedback(u"untouched"_s, 0), u"test q1 - 1 failed: it printed something else than the instructor's solution"_s);
        QCOMPARE(feedback(u"wrong"_s, 1), u"total should be even"_s);
        QCOMPARE(feedback(u"untouched"_s, 3), u"not answered: answer cell 'q3-answer' still holds the release's text"_s);
        QCOMPARE(feedback(u"wrong"_s, 3), u"graded by hand: answer cell 'q3-answer'"_s);

        // The questions as groups: q1 = q1-1 + q1-2 (2 points), q2 = its one all-or-nothing check (2); q3 is manual.
        const Cli list = cli({u"checks"_s, u"list"_s, assignment});
        QVERIFY2(list.code == 0, list.err.constData());
        QVERIFY2(list.out.contains("groups (each one total):\n  GROUP  POINTS  CHECKS\n  q1     2       q1-1, q1-2\n"
                                   "  q2     2       q2\ntotal: 5 points\n"),
                 list.out.constData());
        const Cli listJson = cli({u"checks"_s, u"list"_s, assignment, u"--json"_s});
        const QJsonObject lj = QJsonDocument::fromJson(listJson.out).object();
        QCOMPARE(lj.value(u"checks"_s).toArray().at(1).toObject().value(u"group"_s).toString(), u"q1"_s);
        QCOMPARE(lj.value(u"groups"_s).toArray().at(0).toObject().value(u"points"_s).toDouble(), 2.0);
        QCOMPARE(lj.value(u"groups"_s).toArray().at(0).toObject().value(u"checks"_s).toArray().size(), 2);
        // CSV: the per-check columns as before, then a total per question, empty while a check of it is.
        const Cli csv = cli({u"export"_s, assignment, u"--gradebook"_s, gradebook});
        QVERIFY2(csv.code == 0, csv.err.constData());
        const QList<QByteArray> rows = csv.out.split('\n');
        QCOMPARE(rows.value(0), QByteArray("student,score,max,status,stale,q1-1,q1-2,q2,q3,q1 total,q2 total,comments\r"));
        QVERIFY2(csv.out.contains("\nright,4,5,needs-manual,,1,1,2,,2,2,awaiting a person: q3\r\n"), csv.out.constData());
        QVERIFY2(csv.out.contains("\nuntouched,1,5,graded,,0,1,0,0,1,0,\r\n"), csv.out.constData());
        QVERIFY2(csv.out.contains("\nwrong,0,5,needs-manual,,0,0,0,,0,0,awaiting a person: q3\r\n"), csv.out.constData());
        // The feedback page's summary: the question's total after its last case.
        auto loaded = Assignment::load(assignment);
        QVERIFY(loaded.hasValue());
        FeedbackInput fin;
        fin.grade = got.value(u"untouched"_s);
        fin.checks = loaded->checks();
        const QString page = QString::fromUtf8(renderFeedbackHtml(fin));
        QVERIFY2(page.contains(u"<td>q1-2</td>"_s), qPrintable(page));
        QVERIFY2(page.contains(u"<tr class=\"group\"><td><strong>q1 total</strong></td><td><strong>1 / 2</strong></td>"_s),
                 qPrintable(page));
        QVERIFY2(page.contains(u"<tr class=\"group\"><td><strong>q2 total</strong></td><td><strong>0 / 2</strong></td>"_s),
                 qPrintable(page));
        // EffectiveGrade::pointsOf(): a question with a check awaiting a person has no total yet.
        QCOMPARE(got.value(u"right"_s).pointsOf({u"q1-1"_s, u"q1-2"_s}), std::optional<double>(2.0));
        QCOMPARE(got.value(u"right"_s).pointsOf({u"q2"_s, u"q3"_s}), std::optional<double>());
    }

    void cliImportAndGradeInSandbox()
    {
        const QString skip = bwrapSkip();
        if (!skip.isEmpty())
            QSKIP(qPrintable(skip));
        const QString assignment = m_tmp.filePath(u"hw"_s);
        const Cli import = cli({u"import"_s, u"otter"_s, kData + u"/master/hw-otter.ipynb"_s, u"-o"_s, assignment});
        QVERIFY2(import.code == 0, import.err.constData());
        QVERIFY2(import.out.contains("test cases:    8 (4 hidden) in 7 otter checks"), import.out.constData());
        QStringList folders;
        for (const Want &w : expectedGrades()) {
            const QString dest = assignment + u"/submissions/"_s + w.student;
            QDir().mkpath(dest);
            QVERIFY(QFile::copy(kData + u"/submissions/"_s + w.student + u"/hw-otter.ipynb"_s, dest + u"/hw-otter.ipynb"_s));
            folders << dest;
        }
        const QString gradebook = m_tmp.filePath(u"hw.sqlite"_s);
        const Cli run = cli(QStringList{u"grade"_s, assignment, u"--gradebook"_s, gradebook, u"--jobs"_s, u"2"_s} + folders, 900000);
        QVERIFY2(run.code == 0, run.err.constData());
        const QMap<QString, EffectiveGrade> got = grades(gradebook);
        QCOMPARE(got.size(), expectedGrades().size());
        const QStringList ids = {u"q1-1"_s, u"q1-2"_s, u"q1-3"_s, u"q2"_s, u"q3"_s, u"q4-1"_s, u"q4-2"_s, u"q5-1"_s};
        for (const Want &w : expectedGrades()) {
            const EffectiveGrade g = got.value(w.student);
            QVERIFY2(g.status == GradeStatus::NeedsManual,
                     qPrintable(w.student + u": "_s + gradeStatusName(g.status) + u" "_s + g.reasons.join(u"; "_s)));
            QCOMPARE(g.maxScore, 12.0);
            QCOMPARE(g.checks.size(), ids.size());
            for (int i = 0; i < ids.size(); ++i) {
                const CheckResult &c = g.checks.at(i).result;
                const QString where = w.student + u" "_s + c.checkId + u": "_s + c.feedback;
                QCOMPARE(c.checkId, ids.at(i));
                if (w.points.at(i) < 0) {
                    QVERIFY2(c.outcome == Outcome::NotGraded, qPrintable(where));
                } else {
                    QVERIFY2(c.outcome != Outcome::NotGraded, qPrintable(where));
                    QVERIFY2(qFuzzyCompare(c.points + 1, w.points.at(i) + 1),
                             qPrintable(where + u" (got %1, want %2)"_s.arg(c.points).arg(w.points.at(i))));
                }
            }
            QCOMPARE(g.autoScore, w.total);
        }
        // Otter's messages: the failure message of a failed hidden case (never its expected output), the
        // success message of a passed one, doctest's report for a failed public case.
        const auto feedback = [&](const QString &student, int check) { return got.value(student).checks.at(check).result.feedback; };
        QCOMPARE(feedback(u"wrong"_s, 1), u"total should be the sum of 0 to 4"_s);
        QCOMPARE(feedback(u"right"_s, 6), u"even, as it should be"_s);
        QVERIFY2(feedback(u"partly"_s, 0).contains(u"Expected:\n    10\nGot:\n    10.0"_s), qPrintable(feedback(u"partly"_s, 0)));
        QCOMPARE(feedback(u"wrong"_s, 5).contains(u"Got:\n    41"_s), true);
        QCOMPARE(feedback(u"partly"_s, 3), u"hidden test q2 - 2 failed"_s);
    }

    void okFolderGradesNotebook()
    {
        const QString skip = bwrapSkip();
        if (!skip.isEmpty())
            QSKIP(qPrintable(skip));
        const QString assignment = m_tmp.filePath(u"ok"_s);
        const Cli import = cli({u"import"_s, u"otter"_s, kData + u"/ok/hw.ipynb"_s, u"--tests"_s, kData + u"/ok/tests"_s,
                                u"-o"_s, assignment});
        QVERIFY2(import.code == 0, import.err.constData());
        const QJsonArray checks = readJson(assignment + u"/assignment.json"_s).value(u"checks"_s).toArray();
        // q1: points 2 over two cases: 1 each. q2: all or nothing, case points 1 and 2: one check worth 3.
        QCOMPARE(checks.size(), 3);
        QCOMPARE(checks.at(0).toObject().value(u"points"_s).toDouble(), 1.0);
        QCOMPARE(checks.at(1).toObject().value(u"points"_s).toDouble(), 1.0);
        QCOMPARE(checks.at(2).toObject().value(u"id"_s).toString(), u"q2"_s);
        QCOMPARE(checks.at(2).toObject().value(u"points"_s).toDouble(), 3.0);
        const QString dest = assignment + u"/submissions/twelve"_s;
        QDir().mkpath(dest);
        QVERIFY(QFile::copy(kData + u"/ok/submissions/twelve/hw.ipynb"_s, dest + u"/hw.ipynb"_s));
        const QString gradebook = m_tmp.filePath(u"ok.sqlite"_s);
        const Cli run = cli({u"grade"_s, assignment, u"--gradebook"_s, gradebook, dest}, 600000);
        QVERIFY2(run.code == 0, run.err.constData());
        const EffectiveGrade g = grades(gradebook).value(u"twelve"_s);
        QVERIFY2(g.status == GradeStatus::Graded, qPrintable(g.reasons.join(u"; "_s)));
        // total = 12: `total` prints 12, not 10 (q1-1: 0); 12 % 2 == 0 (q1-2: 1); words right (q2: 3).
        QCOMPARE(g.checks.at(0).result.points, 0.0);
        QCOMPARE(g.checks.at(1).result.points, 1.0);
        QCOMPARE(g.checks.at(2).result.points, 3.0);
        QCOMPARE(g.autoScore, 4.0);
        QCOMPARE(g.maxScore, 5.0);
    }
};

QTEST_GUILESS_MAIN(TestOtter)
#include "tst_otter.moc"
