// Manual grading: answers of nbgrader's manually graded cells, what awaits a person, grades imported from CSV
// (all or nothing), stored as overrides that survive regrades; `sandmark-cli manual list|import`.
#include "recordtestutil.h"
#include "assignment/assignment.h"
#include "assignment/nbgrader_import.h"
#include "gradebook/gradebook.h"
#include "gradebook/manual.h"
#include "gradebook/studentids.h"
#include "grading/result.h"
#include "notebook/notebook_p.h"
#include "notebook/release.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace sandmark;
using namespace Qt::Literals::StringLiterals;

namespace {

QString data(const QString &rel)
{
    return QStringLiteral(SANDMARK_TEST_DATA_DIR "/nbgrader/") + rel;
}

Notebook load(const QString &path)
{
    auto nb = Notebook::load(path);
    if (!nb)
        qFatal("%s", qPrintable(nb.error().toString()));
    return *nb;
}

Notebook submission(const QString &student)
{
    return load(data(QStringLiteral("submissions/%1/ps1.ipynb").arg(student)));
}

/// An execution record in which every test check's injected cell ran cleanly, except those in `failing`.
QJsonObject record(const QList<Check> &checks, const QStringList &failing = {})
{
    QJsonArray cells;
    for (const Check &c : checks) {
        if (c.type != Check::Type::Test)
            continue;
        QJsonObject cell{{QStringLiteral("index"), QJsonValue::Null},
                         {QStringLiteral("injected"), QStringLiteral("test")},
                         {QStringLiteral("check"), c.id},
                         {QStringLiteral("status"), failing.contains(c.id) ? QStringLiteral("error") : QStringLiteral("ok")}};
        // The runner's verdict: the test process's (docs/runner-protocol.md, "Test checks").
        cell.insert(QStringLiteral("test_result"), failing.contains(c.id) ? QStringLiteral("fail") : QStringLiteral("pass"));
        if (failing.contains(c.id)) {
            cell.insert(QStringLiteral("error"), QJsonObject{{QStringLiteral("ename"), QStringLiteral("AssertionError")},
                                                             {QStringLiteral("evalue"), QString()}});
            cell.insert(QStringLiteral("test_error"), QJsonObject{{QStringLiteral("ename"), QStringLiteral("AssertionError")},
                                                                  {QStringLiteral("evalue"), QString()}});
        }
        cells.append(cell);
    }
    return QJsonObject{{QStringLiteral("status"), QStringLiteral("completed")}, {QStringLiteral("cells"), cells}};
}

QString csvPath(const QTemporaryDir &dir, const QByteArray &text)
{
    static int n = 0;
    const QString path = dir.filePath(QStringLiteral("grades%1.csv").arg(++n));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

} // namespace

class TestManual : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_assignment;
    QList<Check> m_checks;
    Notebook m_release;

    GradeResult gradeStudent(const QString &student, const QStringList &failing = {})
    {
        GradeInput in;
        in.checks = m_checks;
        in.referencePayload = "null";
        in.studentPayload = "null";
        in.record = test::executionRecord(record(m_checks, failing));
        in.manualAnswers = manualAnswers(m_checks, submission(student), m_release);
        return grade(in);
    }

    RunRecord run(const QString &student, const QStringList &failing = {})
    {
        RunRecord r;
        r.studentId = student;
        r.filesHash = QStringLiteral("files-") + student;
        r.inputsHash = QStringLiteral("in-1");
        r.started = QDateTime::currentDateTimeUtc();
        r.finished = r.started.addSecs(2);
        r.backend = QStringLiteral("bwrap");
        r.result = gradeStudent(student, failing);
        return r;
    }

    /// A fresh gradebook at `path` with the runs of keeps, wrong (two tests failing) and untouched.
    std::unique_ptr<Gradebook> fillGradebook(const QString &path)
    {
        auto gb = Gradebook::open(path);
        if (!gb)
            qFatal("%s", qPrintable(gb.error().toString()));
        for (const RunRecord &r : {run(QStringLiteral("keeps")),
                                   run(QStringLiteral("wrong"), {QStringLiteral("square-tests"), QStringLiteral("total-tests")}),
                                   run(QStringLiteral("untouched"))})
            if (auto id = (*gb)->recordRun(r); !id)
                qFatal("%s", qPrintable(id.error().toString()));
        return std::move(*gb);
    }

    static qsizetype overrideCount(Gradebook &gb)
    {
        qsizetype n = 0;
        const auto grades = gb.effectiveGrades(); // a named Expected: a range-for does not keep a temporary alive
        for (const EffectiveGrade &g : *grades)
            for (const EffectiveCheck &c : g.checks)
                n += c.override_.has_value();
        return n;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_assignment = m_tmp.filePath(QStringLiteral("ps1"));
        auto report = importNbgrader(data(QStringLiteral("source/ps1")), m_assignment);
        QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
        auto a = Assignment::load(m_assignment);
        QVERIFY(a);
        m_checks = a->checks();
        auto release = makeRelease(load(data(QStringLiteral("source/ps1/ps1.ipynb"))), QStringLiteral("ps1.ipynb"));
        QVERIFY(release);
        m_release = release->notebook;
    }

    void answersFromSubmissions()
    {
        const auto keeps = manualAnswers(m_checks, submission(QStringLiteral("keeps")), m_release);
        QCOMPARE(keeps.size(), 1);
        QVERIFY(keeps.value(QStringLiteral("explain")).found);
        QVERIFY(!keeps.value(QStringLiteral("explain")).untouched);
        QCOMPARE(keeps.value(QStringLiteral("explain")).text, QStringLiteral("Because x*x outgrows any c*x."));

        const auto untouched = manualAnswers(m_checks, submission(QStringLiteral("untouched")), m_release);
        QVERIFY(untouched.value(QStringLiteral("explain")).found);
        QVERIFY(untouched.value(QStringLiteral("explain")).untouched);
        QCOMPARE(untouched.value(QStringLiteral("explain")).text, QStringLiteral("YOUR ANSWER HERE"));

        Json json = NotebookEditor::json(submission(QStringLiteral("keeps")));
        json["cells"].erase(8); // the markdown answer cell 'explain'
        const auto deleted = manualAnswers(m_checks, NotebookEditor::fromJson(json), m_release);
        QVERIFY(!deleted.value(QStringLiteral("explain")).found);
    }

    void gradeKeepsTheAnswer()
    {
        const GradeResult keeps = gradeStudent(QStringLiteral("keeps"));
        // Awaiting a person is not a problem of the run (not needs-review), but not graded yet either.
        QCOMPARE(keeps.status, GradeStatus::NeedsManual);
        const CheckResult explain = keeps.checks.at(4);
        QCOMPARE(explain.checkId, QStringLiteral("explain"));
        QCOMPARE(explain.type, Check::Type::Manual);
        QCOMPARE(explain.outcome, Outcome::NotGraded);
        QCOMPARE(explain.maxPoints, 2.0);
        QCOMPARE(explain.actual, QStringLiteral("Because x*x outgrows any c*x."));
        QCOMPARE(keeps.maxScore, 11.0);
        QCOMPARE(keeps.score, 9.0); // every test check passes in this record: 2 + 1 + 1 + 3 + 2

        // nbgrader's rule: an answer left as the release had it scores 0 without a person.
        const GradeResult untouched = gradeStudent(QStringLiteral("untouched"));
        QCOMPARE(untouched.checks.at(4).outcome, Outcome::Fail);
        QCOMPARE(untouched.checks.at(4).points, 0.0);
        QCOMPARE(untouched.checks.at(4).feedback,
                 QStringLiteral("not answered: answer cell 'explain' still holds the release's text"));
        QCOMPARE(untouched.status, GradeStatus::Graded);
    }

    void pendingThenImportSurvivesRegrade()
    {
        QTemporaryDir dir;
        auto gb = fillGradebook(dir.filePath(QStringLiteral("gb.sqlite")));
        QList<PendingManual> pending = pendingManualChecks(*gb->effectiveGrades());
        QCOMPARE(pending.size(), 2); // untouched's answer is already 0
        QCOMPARE(gb->effectiveGrade(QStringLiteral("keeps"))->value().status, GradeStatus::NeedsManual);
        QCOMPARE(gb->effectiveGrade(QStringLiteral("untouched"))->value().status, GradeStatus::Graded);
        QCOMPARE(pending.at(0).studentId, QStringLiteral("keeps"));
        QCOMPARE(pending.at(0).checkId, QStringLiteral("explain"));
        QCOMPARE(pending.at(0).maxPoints, 2.0);
        QCOMPARE(pending.at(0).answer, QStringLiteral("Because x*x outgrows any c*x."));
        QCOMPARE(pending.at(1).studentId, QStringLiteral("wrong"));

        const QByteArray csv = "\xEF\xBB\xBF" // Excel's BOM
                               "Student,Check,Points,Comment\r\n"
                               "keeps,explain,2,clear and right\r\n"
                               "\r\n"
                               "wrong,explain,1.5,\"vague, but \"\"outgrows\"\" is right\"\r\n";
        auto rows = parseManualGradesCsv(csv, QStringLiteral("grades.csv"));
        QVERIFY2(rows, qPrintable(rows ? QString() : rows.error().toString()));
        QCOMPARE(rows->size(), 2);
        QCOMPARE(rows->at(1).line, 4);
        QCOMPARE(rows->at(1).comment, QStringLiteral("vague, but \"outgrows\" is right"));
        auto stored = importManualGrades(*gb, *rows, QStringLiteral("grades.csv"));
        QVERIFY2(stored, qPrintable(stored ? QString() : stored.error().toString()));
        QCOMPARE(*stored, 2);

        auto check = [&](const char *when) {
            const QList<EffectiveGrade> grades = *gb->effectiveGrades();
            QVERIFY2(pendingManualChecks(grades).isEmpty(), when);
            QCOMPARE(grades.size(), 3);
            // Every manual check graded: needs-manual became graded (the runs still say needs-manual).
            for (const EffectiveGrade &g : grades)
                QVERIFY2(g.status == GradeStatus::Graded, qPrintable(g.studentId + u": "_s + gradeStatusName(g.status)));
            QCOMPARE(grades.at(0).runStatus, GradeStatus::NeedsManual);
            // keeps: 9 automatic + 2 by hand; wrong: 9 - 2 - 1 automatic + 1.5; untouched: 9 + 0.
            QCOMPARE(grades.at(0).studentId, QStringLiteral("keeps"));
            QCOMPARE(*grades.at(0).score(), 11.0);
            QCOMPARE(grades.at(0).autoScore, 9.0);
            QCOMPARE(grades.at(2).studentId, QStringLiteral("wrong"));
            QCOMPARE(*grades.at(2).score(), 7.5);
            QCOMPARE(grades.at(2).overrideComments(),
                     QStringList{QStringLiteral("explain: vague, but \"outgrows\" is right")});
            QCOMPARE(*grades.at(1).score(), 9.0);
        };
        check("after import");
        // Regrade: new runs for everyone; the manual grades belong to the submissions and stay.
        for (const QString &s : {QStringLiteral("keeps"), QStringLiteral("wrong")})
            QVERIFY(gb->recordRun(run(s, s == QLatin1String("wrong") ? QStringList{QStringLiteral("square-tests"), QStringLiteral("total-tests")}
                                                                      : QStringList{})));
        QCOMPARE(*gb->runCount(), 5);
        check("after the regrade");
    }

    void csvErrors_data()
    {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QString>("place");
        QTest::addColumn<QString>("message");
        const QByteArray h = "student,check,points,comment\n";
        QTest::newRow("no header column") << QByteArray("student,check,comment\nkeeps,explain,good\n") << u"line 1"_s
                                          << u"the header has no 'points' column"_s;
        QTest::newRow("empty file") << QByteArray("") << u"line 1"_s << u"empty file"_s;
        QTest::newRow("negative points") << h + "keeps,explain,2,ok\nwrong,explain,-1,no\n" << u"line 3"_s
                                         << u"points '-1' is not a number >= 0"_s;
        QTest::newRow("text points") << h + "keeps,explain,two,ok\n" << u"line 2"_s << u"points 'two' is not a number"_s;
        QTest::newRow("empty points") << h + "keeps,explain,,ok\n" << u"line 2"_s << u"points '' is not a number"_s;
        QTest::newRow("empty student") << h + ",explain,1,ok\n" << u"line 2"_s << u"the student is empty"_s;
        QTest::newRow("twice") << h + "keeps,explain,1,a\n\"multi\nline\",explain,1,b\nkeeps,explain,2,c\n" << u"line 5"_s
                               << u"student 'keeps', check 'explain' is graded twice (also on line 2)"_s;
        QTest::newRow("open quote") << h + "keeps,explain,1,\"never closed\n" << u"line 2"_s
                                    << u"a quoted field is never closed"_s;
        QTest::newRow("stray quote") << h + "keeps,explain,1,say \"hi\"\n" << u"line 2"_s
                                     << u"a quote inside an unquoted field"_s;
    }
    void csvErrors()
    {
        QFETCH(QByteArray, csv);
        QFETCH(QString, place);
        QFETCH(QString, message);
        auto rows = parseManualGradesCsv(csv, QStringLiteral("grades.csv"));
        QVERIFY(!rows);
        QCOMPARE(rows.error().file, QStringLiteral("grades.csv"));
        QCOMPARE(rows.error().location, place);
        QVERIFY2(rows.error().message.startsWith(message), qPrintable(rows.error().message));
    }

    void importErrorsStoreNothing_data()
    {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QString>("place");
        QTest::addColumn<QString>("message");
        const QByteArray h = "student,check,points,comment\nkeeps,explain,2,fine\n"; // a good row first
        QTest::newRow("unknown student") << h + "nobody,explain,1,x\n" << u"line 3"_s
                                         << u"no graded submission for student 'nobody'"_s;
        QTest::newRow("unknown check") << h + "wrong,q9,1,x\n" << u"line 3"_s
                                       << u"student 'wrong' has no check 'q9' in the latest run"_s;
        QTest::newRow("automatic check") << h + "wrong,square-tests,2,x\n" << u"line 3"_s
                                         << u"check 'square-tests' is graded automatically"_s;
        QTest::newRow("above the points") << h + "wrong,explain,3,x\n" << u"line 3"_s
                                          << u"3 points for check 'explain', which is worth 2"_s;
    }
    void importErrorsStoreNothing()
    {
        QFETCH(QByteArray, csv);
        QFETCH(QString, place);
        QFETCH(QString, message);
        QTemporaryDir dir;
        auto gb = fillGradebook(dir.filePath(QStringLiteral("gb.sqlite")));
        auto rows = parseManualGradesCsv(csv, QStringLiteral("grades.csv"));
        QVERIFY(rows);
        auto stored = importManualGrades(*gb, *rows, QStringLiteral("grades.csv"));
        QVERIFY(!stored);
        QCOMPARE(stored.error().location, place);
        QVERIFY2(stored.error().message.startsWith(message), qPrintable(stored.error().message));
        QCOMPARE(overrideCount(*gb), 0); // the good first row was not stored either
        QCOMPARE(pendingManualChecks(*gb->effectiveGrades()).size(), 2);
    }

    // A grades CSV from a spreadsheet writes "Zoë" composed (NFC); the student's folder, the gradebook's id, may be
    // decomposed (NFD), as macOS names folders. The row is that student's; ids that differ only in their form are
    // refused by name, never one picked; the same student twice in the two forms is the same row twice.
    void importFindsAStudentTypedInTheOtherUnicodeForm()
    {
        const QString nfd = QStringLiteral("Zoe\u0308"), nfc = QStringLiteral("Zo\u00EB");
        QTemporaryDir dir;
        auto gb = fillGradebook(dir.filePath(QStringLiteral("gb.sqlite")));
        RunRecord zoe = run(QStringLiteral("keeps"));
        zoe.studentId = nfd;
        QVERIFY((*gb).recordRun(zoe));
        const QByteArray row = "student,check,points,comment\n" + nfc.toUtf8() + ",explain,2,fine\n";
        auto rows = parseManualGradesCsv(row, QStringLiteral("grades.csv"));
        QVERIFY(rows);
        auto stored = importManualGrades(*gb, *rows, QStringLiteral("grades.csv"));
        QVERIFY2(stored, qPrintable(stored ? QString() : stored.error().toString()));
        QCOMPARE(*gb->effectiveGrade(nfd)->value().score(), 11.0); // 9 automatic + 2 by hand

        auto twice = parseManualGradesCsv(row + nfd.toUtf8() + ",explain,1,again\n", QStringLiteral("grades.csv"));
        QVERIFY(twice);
        auto again = importManualGrades(*gb, *twice, QStringLiteral("grades.csv"));
        QVERIFY(!again);
        QCOMPARE(again.error().location, u"line 3"_s);
        QVERIFY2(again.error().message.contains(u"also on line 2"_s), qPrintable(again.error().message));

        // "ệ" stored in two forms (composed; decomposed), typed in a third (ê + dot below): NFC makes all three one.
        const QString composed = QStringLiteral("\u1EC7"), decomposed = QStringLiteral("e\u0323\u0302"),
                      typed = QStringLiteral("\u00EA\u0323");
        QCOMPARE(StudentIds({composed, decomposed, nfd}).find(typed), (QStringList{decomposed, composed})); // sorted
        QCOMPARE(StudentIds({composed, decomposed}).find(decomposed), QStringList{decomposed}); // stored as typed
        QCOMPARE(StudentIds({composed}).find(u"e"_s), QStringList());
        for (const QString &id : {composed, decomposed}) {
            zoe.studentId = id;
            QVERIFY((*gb).recordRun(zoe));
        }
        auto rows3 = parseManualGradesCsv("student,check,points\n" + typed.toUtf8() + ",explain,1\n", QStringLiteral("grades.csv"));
        QVERIFY(rows3);
        auto ambiguous = importManualGrades(*gb, *rows3, QStringLiteral("grades.csv"));
        QVERIFY(!ambiguous);
        QCOMPARE(ambiguous.error().location, u"line 2"_s);
        QVERIFY2(ambiguous.error().message.contains(u"is 2 students of the gradebook once Unicode-normalized"_s),
                 qPrintable(ambiguous.error().message));
    }

    void gradebookBatchRollsBack()
    {
        // The gradebook's own check (an unknown check on the second request) undoes the first insert.
        QTemporaryDir dir;
        auto gb = fillGradebook(dir.filePath(QStringLiteral("gb.sqlite")));
        auto r = gb->addOverrides({{QStringLiteral("keeps"), {QStringLiteral("explain"), 2, QStringLiteral("ok"), {}}, u"g.csv line 2"_s},
                                   {QStringLiteral("keeps"), {QStringLiteral("nope"), 1, QStringLiteral("x"), {}}, u"g.csv line 3"_s}});
        QVERIFY(!r);
        QCOMPARE(r.error().location, QStringLiteral("g.csv line 3"));
        QCOMPARE(overrideCount(*gb), 0);
    }

    void oneGradeAsTheAppStoresIt()
    {
        // storeManualGrade(): one CSV row's checks and override, errors naming the source.
        QTemporaryDir dir;
        auto gb = fillGradebook(dir.filePath(QStringLiteral("gb.sqlite")));
        auto bad = storeManualGrade(*gb, u"keeps"_s, u"square-tests"_s, 1, u"x"_s, u"gb.sqlite"_s);
        QVERIFY(!bad);
        QCOMPARE(bad.error().file, u"gb.sqlite"_s);
        QVERIFY2(bad.error().message.startsWith(u"check 'square-tests' is graded automatically"_s), qPrintable(bad.error().message));
        bad = storeManualGrade(*gb, u"keeps"_s, u"explain"_s, 2.5, u"x"_s, u"gb.sqlite"_s);
        QVERIFY(!bad);
        QCOMPARE(bad.error().message, u"2.5 points for check 'explain', which is worth 2"_s);
        QVERIFY(!storeManualGrade(*gb, u"nobody"_s, u"explain"_s, 1, u"x"_s, u"gb.sqlite"_s));
        QCOMPARE(overrideCount(*gb), 0);
        QVERIFY(storeManualGrade(*gb, u"keeps"_s, u"explain"_s, 1.5, u"  line one\nline two  "_s, u"gb.sqlite"_s));
        const EffectiveGrade keeps = **gb->effectiveGrade(u"keeps"_s);
        QCOMPARE(keeps.status, GradeStatus::Graded);
        QCOMPARE(keeps.checks.at(4).override_->points, 1.5);
        QCOMPARE(keeps.checks.at(4).override_->comment, u"line one\nline two"_s);
        QVERIFY(storeManualGrade(*gb, u"wrong"_s, u"explain"_s, 1, QString(), u"gb.sqlite"_s));
        QCOMPARE(gb->effectiveGrade(u"wrong"_s)->value().checks.at(4).override_->comment, u"graded by hand"_s);
    }

    void overrideSeveralSubmissions()
    {
        QTemporaryDir dir;
        auto gb = fillGradebook(dir.filePath(QStringLiteral("gb.sqlite")));
        auto a = Assignment::load(m_assignment);
        QVERIFY(a);
        const Override whole{QString(), 10, u"regrade request"_s, {}};
        // Refuse: a student without a run stops everything.
        auto r = overrideSubmissions(*gb, *a, {u"keeps"_s, u"nobody"_s}, whole, MissingRun::Refuse);
        QVERIFY(!r);
        QCOMPARE(r.error().location, u"student 'nobody'"_s);
        QCOMPARE(overrideCount(*gb), 0);
        QVERIFY(!(*gb->effectiveGrade(u"keeps"_s))->submissionOverride);
        // Checked before anything is written: the points within what is replaced, a comment, a known check.
        QVERIFY(!overrideSubmissions(*gb, *a, {u"keeps"_s}, {QString(), 11.5, u"x"_s, {}}, MissingRun::Skip));
        QVERIFY(!overrideSubmissions(*gb, *a, {u"keeps"_s}, {u"explain"_s, 2.5, u"x"_s, {}}, MissingRun::Skip));
        QVERIFY(!overrideSubmissions(*gb, *a, {u"keeps"_s}, {u"q9"_s, 1, u"x"_s, {}}, MissingRun::Skip));
        QVERIFY(!overrideSubmissions(*gb, *a, {u"keeps"_s}, {QString(), 1, u"  "_s, {}}, MissingRun::Skip));
        QVERIFY(!(*gb->effectiveGrade(u"keeps"_s))->submissionOverride);
        // Skip: the others are stored, each once, the unknown one listed.
        r = overrideSubmissions(*gb, *a, {u"wrong"_s, u"nobody"_s, u"keeps"_s, u"wrong"_s}, whole, MissingRun::Skip);
        QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
        QCOMPARE(r->overridden, (QStringList{u"wrong"_s, u"keeps"_s}));
        QCOMPARE(r->skipped, QStringList{u"nobody"_s});
        for (const QString &s : {u"wrong"_s, u"keeps"_s}) {
            const EffectiveGrade g = **gb->effectiveGrade(s);
            QCOMPARE(g.submissionOverride->points, 10.0);
            QCOMPARE(*g.score(), 10.0);
            QCOMPARE(g.status, GradeStatus::Graded);
        }
        QVERIFY(!(*gb->effectiveGrade(u"untouched"_s))->submissionOverride);
    }

    void cli()
    {
        QTemporaryDir dir;
        const QString gbPath = dir.filePath(QStringLiteral("gb.sqlite"));
        fillGradebook(gbPath).reset();
        auto cli = [&](const QStringList &args, QByteArray *out, QByteArray *err) {
            QProcess p;
            p.start(QStringLiteral(SANDMARK_CLI), args);
            if (!p.waitForFinished(60000))
                return -1;
            *out = p.readAllStandardOutput();
            *err = p.readAllStandardError();
            return p.exitCode();
        };
        QByteArray out, err;
        const QStringList base = {QStringLiteral("manual"), m_assignment};
        QCOMPARE(cli(base + QStringList{u"list"_s, u"--json"_s, u"--gradebook"_s, gbPath}, &out, &err), 0);
        const QJsonArray list = QJsonDocument::fromJson(out).array();
        QCOMPARE(list.size(), 2);
        QCOMPARE(list.at(0).toObject().value(u"student"_s).toString(), u"keeps"_s);
        QCOMPARE(list.at(0).toObject().value(u"check"_s).toString(), u"explain"_s);
        QCOMPARE(list.at(0).toObject().value(u"points"_s).toDouble(), 2.0);
        QCOMPARE(list.at(0).toObject().value(u"answer"_s).toString(), u"Because x*x outgrows any c*x."_s);

        QCOMPARE(cli(base + QStringList{u"list"_s, u"--gradebook"_s, gbPath}, &out, &err), 0);
        QVERIFY2(out.contains("keeps:\n  explain (2 points) — graded by hand: answer cell 'explain'\n"
                              "    | Because x*x outgrows any c*x.\n"),
                 out.constData());
        QVERIFY(out.endsWith("2 manual grade(s) await grading in 2 submission(s)\n"));

        const QString bad = csvPath(dir, "student,check,points,comment\nkeeps,explain,2,ok\nwrong,explain,5,too many\n");
        QCOMPARE(cli(base + QStringList{u"import"_s, bad, u"--gradebook"_s, gbPath}, &out, &err), 1);
        QCOMPARE(QString::fromUtf8(err),
                 u"sandmark-cli: %1: line 3: 5 points for check 'explain', which is worth 2\n"_s.arg(bad));
        const QString good = csvPath(dir, "student,check,points,comment\nkeeps,explain,2,ok\nwrong,explain,1,vague\n");
        QCOMPARE(cli(base + QStringList{u"import"_s, good, u"--gradebook"_s, gbPath}, &out, &err), 0);
        QCOMPARE(QString::fromUtf8(out), u"imported 2 manual grade(s) from %1; 0 still await grading\n"_s.arg(good));
        QCOMPARE(cli(base + QStringList{u"list"_s, u"--json"_s, u"--gradebook"_s, gbPath}, &out, &err), 0);
        QCOMPARE(QJsonDocument::fromJson(out).array().size(), 0);
        QCOMPARE(cli(base + QStringList{u"frobnicate"_s}, &out, &err), 2);
    }
};

QTEST_GUILESS_MAIN(TestManual)
#include "tst_manual.moc"
