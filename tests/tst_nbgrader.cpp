// nbgrader compatibility: metadata, import, autograde placement of test cells, tampering detection, the AUTOTEST
// expansion (templates, salts, the expanded cells; the sandbox half is in tst_nbgrader_sandbox).
#include "recordtestutil.h"
#include "assignment/assignment.h"
#include "assignment/autotest.h"
#include "assignment/nbgrader_import.h"
#include "assignment/plan.h"
#include "notebook/instrument.h"
#include "notebook/nbgrader.h"
#include "notebook/notebook_p.h"
#include "notebook/release.h"

#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace sandmark;

namespace {

// The test cells of tests/data/nbgrader/autotest-course/source/ps1 as nbgrader 0.9.6's generate_assignment wrote them
// (header.ipynb configured as IncludeHeaderFooter.header, so the header's two cells count in the salt's cell index):
// the expansion must give exactly these. The salts, by nbgrader's rule: sha256(source + str(index)) % 10**6, plus 1
// per hashed expression of the cell, in hex: test_squares is cell 4 with the header → 0x13714 + 1 = 13715.
// tests/data/nbgrader/autotest-course/expected/<grade_id>.py: the test cells as nbgrader 0.9.6 expands them (README
// there). The salts, by nbgrader's rule: sha256(source + str(index)) % 10**6, plus 1 per hashed expression of the
// cell, in hex: test_squares is cell 4 with the header's two cells before it → 0x13714 + 1 = 13715.
QString expectedCell(const QString &gradeId)
{
    QFile f(QStringLiteral(SANDMARK_TEST_DATA_DIR "/nbgrader/autotest-course/expected/") + gradeId + QStringLiteral(".py"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("%s", qPrintable(f.fileName()));
    return QString::fromUtf8(f.readAll());
}

QString course(const QString &rel)
{
    return QStringLiteral(SANDMARK_TEST_DATA_DIR "/nbgrader/autotest-course/") + rel;
}

Notebook loadNotebook(const QString &path)
{
    auto nb = Notebook::load(path);
    if (!nb)
        qFatal("%s", qPrintable(nb.error().toString()));
    return *nb;
}

/// An executed evaluation notebook whose last cell printed `lines` (what the kernel gave).
QByteArray executedWith(const QStringList &lines)
{
    QJsonArray text;
    for (const QString &l : lines)
        text << l + QLatin1Char('\n');
    const QJsonObject output{{QStringLiteral("output_type"), QStringLiteral("stream")}, {QStringLiteral("name"), QStringLiteral("stdout")},
                             {QStringLiteral("text"), text}};
    const QJsonObject cell{{QStringLiteral("cell_type"), QStringLiteral("code")}, {QStringLiteral("outputs"), QJsonArray{output}}};
    return QJsonDocument(QJsonObject{{QStringLiteral("cells"), QJsonArray{cell}}}).toJson();
}

/// The line the evaluation cell prints for expression `n`: the dispatch type and the tests' values.
QString valuesLine(int n, const QString &type, const QStringList &values)
{
    const QJsonObject o{{QStringLiteral("n"), n}, {QStringLiteral("type"), type}, {QStringLiteral("values"), QJsonArray::fromStringList(values)}};
    return QStringLiteral("SANDMARK_AUTOTEST ") + QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

} // namespace

class TestNbgrader : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_assignment;

    static QString data(const QString &rel) { return QStringLiteral(SANDMARK_TEST_DATA_DIR "/nbgrader/") + rel; }

    Notebook submission(const QString &student)
    {
        auto nb = Notebook::load(data(QStringLiteral("submissions/%1/ps1.ipynb").arg(student)));
        if (!nb)
            qFatal("%s", qPrintable(nb.error().toString()));
        return *nb;
    }

    Notebook instrumented(const QString &student, QStringList *notes = nullptr)
    {
        auto a = Assignment::load(m_assignment);
        auto r = instrument(submission(student),
                            instrumentOptionsFor(*a, QStringLiteral("/rt"), QString(32, QLatin1Char('a')),
                                                 QStringLiteral("ps1.ipynb")));
        if (!r)
            qFatal("%s", qPrintable(r.error().toString()));
        if (notes)
            *notes = r->notes;
        return r->notebook;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_assignment = m_tmp.filePath(QStringLiteral("ps1"));
        auto report = importNbgrader(data(QStringLiteral("source/ps1")), m_assignment);
        QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
        QCOMPARE(report->testChecks, 5);
        QCOMPARE(report->manualChecks, 1);
        QCOMPARE(report->answerCells, 4);
        QCOMPARE(report->dataFiles, QStringList{QStringLiteral("data/numbers.txt")});
    }

    void metadataBothSchemas()
    {
        auto nb = Notebook::load(data(QStringLiteral("source/ps1/ps1.ipynb")));
        QVERIFY(nb);
        const QList<NbgraderCell> cells = nbgraderCells(*nb);
        QCOMPARE(cells.size(), 11);
        QCOMPARE(cells.at(3).gradeId, QStringLiteral("total"));
        QCOMPARE(cells.at(3).schemaVersion, 1);
        QVERIFY(cells.at(3).solution);
        QVERIFY(cells.at(2).isTest());
        QVERIFY(cells.at(2).locked); // test cells are locked whatever the flag says
        QCOMPARE(cells.at(2).points, 2.0);
        QVERIFY(cells.at(8).isManual());
    }

    void importedChecks()
    {
        auto a = Assignment::load(m_assignment);
        QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
        QCOMPARE(a->checks().size(), 6);
        const Check square = a->checks().at(0);
        QCOMPARE(square.type, Check::Type::Test);
        QCOMPARE(square.gradeId, QStringLiteral("square-tests"));
        QCOMPARE(square.after, QStringLiteral("square"));
        QVERIFY(square.code.contains(QLatin1String("square(-4)"))); // hidden tests kept for grading
        QCOMPARE(a->checks().at(4).type, Check::Type::Manual);
        QCOMPARE(a->checks().at(5).gradeId, QStringLiteral("words-tests"));
        QVERIFY(a->checks().at(5).code.contains(QLatin1String("isinstance(words, list)"))); // ###BEGIN HIDDEN TESTS
        QCOMPARE(a->maxPoints(), 11.0);
        QVERIFY(a->warnings().isEmpty());
        // Runs see NBGRADER_EXECUTION as under nbgrader's autograder (nbgrader/converters/autograde.py).
        QVERIFY(a->fromNbgrader());
        QCOMPARE(a->runEnvironment(), (QMap<QString, QString>{{QStringLiteral("NBGRADER_EXECUTION"), QStringLiteral("autograde")}}));
    }

    void testCellsReplaceInPlace_data()
    {
        QTest::addColumn<QString>("student");
        QTest::newRow("keeps") << QStringLiteral("keeps");
        QTest::newRow("edits") << QStringLiteral("edits");
        QTest::newRow("empties") << QStringLiteral("empties");
    }
    void testCellsReplaceInPlace()
    {
        QFETCH(QString, student);
        const Notebook nb = instrumented(student);
        // cells[0] is the redirect cell (the assignment supplies a data file); the submission's cells[2] is
        // now the instructor's square-tests, with the hidden tests restored.
        QCOMPARE(nb.injectedKind(0), InjectedKind::Redirect);
        QCOMPARE(nb.injectedKind(3), InjectedKind::Test);
        QCOMPARE(nb.sandmarkMetadata(3).value(QLatin1String("grade_id")).toString(), QStringLiteral("square-tests"));
        QVERIFY(sandmark::test::injectedTestCode(nb, 3).contains(QLatin1String("square(-4) == 16")));
        // Instructor order kept: total-tests before total-more.
        QCOMPARE(nb.sandmarkMetadata(5).value(QLatin1String("check")).toString(), QStringLiteral("total-tests"));
        QCOMPARE(nb.sandmarkMetadata(6).value(QLatin1String("check")).toString(), QStringLiteral("total-more"));
        QCOMPARE(nb.sandmarkMetadata(11).value(QLatin1String("check")).toString(), QStringLiteral("words-tests"));
        QVERIFY(sandmark::test::injectedTestCode(nb, 11).contains(QLatin1String("isinstance(words, list)")));
        // strip gives the student's notebook back exactly.
        QCOMPARE(NotebookEditor::json(strip(nb)), NotebookEditor::json(submission(student)));
    }

    void deletedTestCellIsRestoredAfterItsAnswer()
    {
        QStringList notes;
        const Notebook nb = instrumented(QStringLiteral("deletes"), &notes);
        QCOMPARE(nb.nbgraderMetadata(2).value(QLatin1String("grade_id")).toString(), QStringLiteral("square"));
        QCOMPARE(nb.injectedKind(3), InjectedKind::Test);
        QCOMPARE(nb.sandmarkMetadata(3).value(QLatin1String("check")).toString(), QStringLiteral("square-tests"));
        QVERIFY(!nb.sandmarkMetadata(3).contains(QLatin1String("replaced")));
        // total-tests and total-more were both deleted: they come back after 'total', in the instructor's
        // order (total-more follows the restored total-tests), so total-more finds `checked`.
        QCOMPARE(nb.nbgraderMetadata(4).value(QLatin1String("grade_id")).toString(), QStringLiteral("total"));
        QCOMPARE(nb.sandmarkMetadata(5).value(QLatin1String("check")).toString(), QStringLiteral("total-tests"));
        QCOMPARE(nb.sandmarkMetadata(6).value(QLatin1String("check")).toString(), QStringLiteral("total-more"));
        QCOMPARE(nb.nbgraderMetadata(7).value(QLatin1String("grade_id")).toString(), QStringLiteral("ratio-given"));
        QCOMPARE(nb.sandmarkMetadata(11).value(QLatin1String("check")).toString(), QStringLiteral("words-tests"));
        QCOMPARE(nb.cellCount(), 12);
        QCOMPARE(notes,
                 (QStringList{QStringLiteral("test cell 'square-tests' is missing from the submission; restored after 'square'"),
                              QStringLiteral("test cell 'total-tests' is missing from the submission; restored after 'total'"),
                              QStringLiteral("test cell 'total-more' is missing from the submission; restored after 'total-tests'"),
                              QStringLiteral("test cell 'words-tests' is missing from the submission; restored after 'words'")}));
        QCOMPARE(NotebookEditor::json(strip(nb)), NotebookEditor::json(submission(QStringLiteral("deletes"))));
    }

    void duplicatedTestCellRunsOnce()
    {
        // The student copied square-tests twice (cells[3] unchanged, cells[12] edited). The first cell with the
        // grade_id becomes the instructor's test; the copies keep their place as injected cells that do not run.
        QStringList notes;
        const Notebook nb = instrumented(QStringLiteral("copies"), &notes);
        QCOMPARE(nb.sandmarkMetadata(3).value(QLatin1String("check")).toString(), QStringLiteral("square-tests"));
        QVERIFY(sandmark::test::injectedTestCode(nb, 3).contains(QLatin1String("square(-4) == 16")));
        for (int i : {4, 13}) {
            QCOMPARE(nb.injectedKind(i), InjectedKind::Test);
            const QVariantMap meta = nb.sandmarkMetadata(i);
            QCOMPARE(meta.value(QLatin1String("check")).toString(), QString());
            QCOMPARE(meta.value(QLatin1String("duplicate")).toBool(), true);
            QCOMPARE(meta.value(QLatin1String("grade_id")).toString(), QStringLiteral("square-tests"));
            QVERIFY(!nb.cellSource(i).contains(QLatin1String("assert")));
        }
        int tests = 0;
        for (int i = 0; i < nb.cellCount(); ++i)
            tests += nb.sandmarkMetadata(i).value(QLatin1String("check")).toString() == QLatin1String("square-tests");
        QCOMPARE(tests, 1);
        QCOMPARE(notes, QStringList{QStringLiteral("test cell 'square-tests' appears 3 times; the instructor's test runs at "
                                                   "the first, cells[2]; the copies (cells[3], cells[12]) do not run")});
        QCOMPARE(NotebookEditor::json(strip(nb)), NotebookEditor::json(submission(QStringLiteral("copies"))));
    }

    void tamperingDetected_data()
    {
        QTest::addColumn<QString>("student");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("keeps") << QStringLiteral("keeps") << QStringList{};
        QTest::newRow("edits") << QStringLiteral("edits")
                               << QStringList{QStringLiteral("test cell 'square-tests' was edited (cells[2]); "
                                                             "the instructor's version ran"),
                                              QStringLiteral("test cell 'words-tests' was edited (cells[10]); "
                                                             "the instructor's version ran")};
        QTest::newRow("deletes") << QStringLiteral("deletes")
                                 << QStringList{QStringLiteral("cell 'square-tests' was deleted"),
                                                QStringLiteral("cell 'total-tests' was deleted"),
                                                QStringLiteral("cell 'total-more' was deleted"),
                                                QStringLiteral("cell 'words-tests' was deleted")};
        QTest::newRow("untouched") << QStringLiteral("untouched")
                                   << QStringList{QStringLiteral("answer cell 'square' was never touched (cells[1])"),
                                                  QStringLiteral("answer cell 'explain' was never touched (cells[8])"),
                                                  QStringLiteral("answer cell 'words' was never touched (cells[9])")};
        QTest::newRow("copies") << QStringLiteral("copies")
                                << QStringList{QStringLiteral("cell 'square-tests' was copied: 2 more time(s) (cells[3], "
                                                              "cells[12]) after cells[2]; the first is the one graded")};
    }
    void tamperingDetected()
    {
        QFETCH(QString, student);
        QFETCH(QStringList, expected);
        auto source = Notebook::load(data(QStringLiteral("source/ps1/ps1.ipynb")));
        auto release = makeRelease(*source, QStringLiteral("ps1.ipynb"));
        QVERIFY(release);
        QStringList got;
        for (const CellChange &c : compareWithRelease(release->notebook, submission(student)))
            got << c.describe();
        QCOMPARE(got, expected);
    }

    // What a graded run notes: every change but a test cell's deletion or copies, which instrument() notes with
    // where the instructor's test ran. A changed or deleted locked cell (not a test) is noted as such.
    void changeNotesForTheRun()
    {
        auto source = Notebook::load(data(QStringLiteral("source/ps1/ps1.ipynb")));
        auto release = makeRelease(*source, QStringLiteral("ps1.ipynb"));
        QVERIFY(release);
        QCOMPARE(changeNotes(release->notebook, submission(QStringLiteral("keeps"))), QStringList());
        QCOMPARE(changeNotes(release->notebook, submission(QStringLiteral("deletes"))), QStringList());
        QCOMPARE(changeNotes(release->notebook, submission(QStringLiteral("copies"))), QStringList());
        QCOMPARE(changeNotes(release->notebook, submission(QStringLiteral("edits"))),
                 (QStringList{QStringLiteral("test cell 'square-tests' was edited (cells[2]); the instructor's version ran"),
                              QStringLiteral("test cell 'words-tests' was edited (cells[10]); the instructor's version ran")}));
        Json json = NotebookEditor::json(submission(QStringLiteral("keeps")));
        json["cells"][6]["source"] = "ratio = 1.0";
        QCOMPARE(changeNotes(release->notebook, NotebookEditor::fromJson(json)),
                 QStringList{QStringLiteral("locked cell 'ratio-given' was changed (cells[6])")});
        json["cells"].erase(6);
        QCOMPARE(changeNotes(release->notebook, NotebookEditor::fromJson(json)),
                 QStringList{QStringLiteral("cell 'ratio-given' was deleted")});
        // An answer cell copied with its metadata (a test cell's copies are the instrument's to note).
        json = NotebookEditor::json(submission(QStringLiteral("keeps")));
        json["cells"].push_back(json["cells"][9]);
        QCOMPARE(changeNotes(release->notebook, NotebookEditor::fromJson(json)),
                 QStringList{QStringLiteral("cell 'words' was copied: 1 more time(s) (cells[11]) after cells[9]")});
        // A notebook without nbgrader cells notes nothing.
        QCOMPARE(changeNotes(Notebook(), submission(QStringLiteral("edits"))), QStringList());
    }

    void autotestConfigReadsEveryKey()
    {
        auto c = loadAutotestConfig(course(QStringLiteral("autotests.yml")), QStringLiteral("python3"));
        QVERIFY2(c, qPrintable(c ? QString() : c.error().toString()));
        QCOMPARE(*c->setup, QStringLiteral("from hashlib import sha1"));
        QCOMPARE(*c->hash, QStringLiteral(R"(sha1({{snippet}}.encode("utf-8") + b"{{salt}}").hexdigest())"));
        QCOMPARE(c->dispatch, QStringLiteral("type({{ snippet }})"));
        QCOMPARE(c->normalize, QStringLiteral("str({{snippet}})"));
        QCOMPARE(*c->success, QStringLiteral("print('All tests passed.')"));
        QStringList types;
        for (const auto &t : c->templates)
            types << t.first;
        QCOMPARE(types, (QStringList{QStringLiteral("default"), QStringLiteral("int"), QStringLiteral("float"), QStringLiteral("list"),
                                     QStringLiteral("str"), QStringLiteral("dict"), QStringLiteral("bool")}));
        QCOMPARE(c->templatesFor(QStringLiteral("list"))->size(), 2);
        QCOMPARE(c->templatesFor(QStringLiteral("dict"))->at(0).fail, QStringLiteral(R"({{snippet}} maps the wrong "counts")"));
        // A type without templates gets the default ones (nbgrader's lookup).
        QCOMPARE(c->templatesFor(QStringLiteral("pandas.core.frame.DataFrame")), c->templatesFor(QStringLiteral("default")));
        // Where nbgrader looks: the assignment folder, then the course root (above source/).
        QCOMPARE(findAutotestsFile(course(QStringLiteral("source/ps1"))), QDir::cleanPath(course(QStringLiteral("autotests.yml"))));
        QTemporaryDir own;
        QVERIFY(QDir().mkpath(own.filePath(QStringLiteral("source/ps9"))));
        QCOMPARE(findAutotestsFile(own.filePath(QStringLiteral("source/ps9"))), QString());
        QFile f(own.filePath(QStringLiteral("source/ps9/autotests.yml")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        QCOMPARE(findAutotestsFile(own.filePath(QStringLiteral("source/ps9"))), own.filePath(QStringLiteral("source/ps9/autotests.yml")));
    }

    void autotestConfigErrors_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("location");
        QTest::addColumn<QString>("message");
        const QString ok = QStringLiteral("  dispatch: type({{snippet}})\n  normalize: str({{snippet}})\n  check: assert {{snippet}} == '{{value}}'\n");
        // yaml-cpp's place is where it noticed the problem: "near" it.
        QTest::newRow("invalid YAML") << QStringLiteral("python3:\n  check: [unclosed\n") << QStringLiteral("near line 3, column 1")
                                      << QStringLiteral("invalid YAML");
        // An unclosed quote is named where it starts, not a line later where yaml-cpp noticed it.
        QTest::newRow("unclosed quote") << QStringLiteral("python3:\n  setup: \"import x\n  hash: \"h\"\n  dispatch: d\n")
                                        << QStringLiteral("line 2, column 10 (a quoted text starts here and is not closed on "
                                                          "its line; noticed at line 3, column 10)")
                                        << QStringLiteral("invalid YAML");
        // One open to the end of the file, which yaml-cpp takes without a word.
        QTest::newRow("quote never closed") << QStringLiteral("python3:\n") + ok + QStringLiteral("  setup: 'import x\n  templates: {}\n")
                                            << QStringLiteral("line 5, column 10")
                                            << QStringLiteral("invalid YAML: the quoted text that starts here is never closed");
        QTest::newRow("no section for the kernel") << QStringLiteral("ir:\n  check: x\n") << QString()
                                                   << QStringLiteral("no section 'python3' (the notebook's kernel)");
        QTest::newRow("no check") << QStringLiteral("python3:\n  dispatch: type({{snippet}})\n  normalize: str({{snippet}})\n  templates: {}\n")
                                  << QStringLiteral("line 2, column 3 (python3)") << QStringLiteral("no 'check' template");
        QTest::newRow("no templates") << QStringLiteral("python3:\n") + ok << QStringLiteral("line 2, column 3 (python3)")
                                      << QStringLiteral("no 'templates'");
        QTest::newRow("type not a list") << QStringLiteral("python3:\n") + ok + QStringLiteral("  templates:\n    int: x\n")
                                         << QStringLiteral("line 6, column 10 (python3.templates.int)")
                                         << QStringLiteral("must be a list of test/fail pairs");
        QTest::newRow("entry without fail") << QStringLiteral("python3:\n") + ok + QStringLiteral("  templates:\n    default:\n      - test: x\n")
                                            << QStringLiteral("line 7, column 9 (python3.templates.default[0])")
                                            << QStringLiteral("each entry needs a 'test' and a 'fail' text");
        QTest::newRow("Jinja statement") << QStringLiteral("python3:\n") + QString(ok).replace(QStringLiteral("check: assert"), QStringLiteral("check: '{% if x %}'\n  x: assert"))
                                                + QStringLiteral("  templates: {}\n")
                                         << QStringLiteral("line 4, column 10 (python3.check)")
                                         << QStringLiteral("'{% if x %}' is Jinja that Sandmark does not read");
        QTest::newRow("Jinja filter") << QStringLiteral("python3:\n") + ok + QStringLiteral("  templates:\n    default:\n      - test: '{{ snippet|upper }}'\n        fail: no\n")
                                      << QStringLiteral("line 7, column 15 (python3.templates.default[0].test)")
                                      << QStringLiteral("'{{ snippet|upper }}' is Jinja");
        // In a literal block scalar, the construct's own line; quotes inside the block are text.
        QTest::newRow("Jinja in a block") << QStringLiteral("python3:\n  dispatch: type({{snippet}})\n  normalize: str({{snippet}})\n"
                                                            "  check: |\n    assert {{snippet}} == \"it's\"\n    'not a quote\n"
                                                            "    {% if x %}\n  templates: {}\n")
                                          << QStringLiteral("line 7 (python3.check)") << QStringLiteral("'{% if x %}' is Jinja");
    }

    void autotestConfigErrors()
    {
        QFETCH(QString, yaml);
        QFETCH(QString, location);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("autotests.yml"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(yaml.toUtf8());
        f.close();
        auto c = loadAutotestConfig(path, QStringLiteral("python3"));
        QVERIFY(!c);
        QCOMPARE(c.error().file, path);
        QCOMPARE(c.error().location, location);
        QVERIFY2(c.error().message.contains(message), qPrintable(c.error().message));
    }

    void autotestTemplatesRenderAsJinja()
    {
        const QList<std::pair<QString, QString>> vars = {{QStringLiteral("snippet"), QStringLiteral("f({{x}})")},
                                                         {QStringLiteral("value"), QStringLiteral("3\n")}};
        auto r = [&](const QString &t) {
            auto out = renderAutotestTemplate(t, vars, QStringLiteral("a.yml"), QStringLiteral("k"));
            return out ? *out : QStringLiteral("ERROR ") + out.error().message;
        };
        QCOMPARE(r(QStringLiteral("type({{snippet}})")), QStringLiteral("type(f({{x}}))")); // values are not rendered again
        QCOMPARE(r(QStringLiteral("{{  snippet }} == {{value}}")), QStringLiteral("f({{x}}) == 3\n"));
        QCOMPARE(r(QStringLiteral("{{salt}}x")), QStringLiteral("x"));                 // undefined: empty, as Jinja
        QCOMPARE(r(QStringLiteral("print(1)\n")), QStringLiteral("print(1)"));         // one trailing newline dropped
        QCOMPARE(r(QStringLiteral("print(1)\n\n")), QStringLiteral("print(1)\n"));
        QCOMPARE(r(QStringLiteral("{{value}}")), QStringLiteral("3\n"));               // a value's newline stays
        QVERIFY(r(QStringLiteral("{# note #}")).startsWith(QStringLiteral("ERROR '{# note #}' is Jinja")));
    }

    void autotestSaltIsNbgraders()
    {
        // int(sha256(source + str(index)).hexdigest(), 16) % 10**6, worked out with Python's hashlib.
        const QString source = QStringLiteral("### AUTOTEST squares(1); squares(3)\n### HASHED AUTOTEST len(squares(4))");
        QCOMPARE(autotestCellSalt(source, 4), 0x13714);
        QCOMPARE(autotestCellSalt(source, 2), 0x46e2e); // the same cell without the header's two cells before it
        QCOMPARE(autotestCellSalt(QString(), 0), 595305); // sha256("0") = 5feceb66…57e9
    }

    void autotestExpandsAsNbgrader()
    {
        const Notebook header = loadNotebook(course(QStringLiteral("source/header.ipynb")));
        const QString path = course(QStringLiteral("source/ps1/problem1.ipynb"));
        const Notebook nb = loadNotebook(path);
        QVERIFY(hasAutotest(nb));
        QVERIFY(!hasAutotest(header));
        auto config = loadAutotestConfig(course(QStringLiteral("autotests.yml")), QStringLiteral("python3"));
        QVERIFY(config);
        auto plan = planAutotests(nb, path, &header, *config);
        QVERIFY2(plan, qPrintable(plan ? QString() : plan.error().toString()));
        QCOMPARE(plan->directives, 3);
        QCOMPARE(plan->expressions.size(), 4);
        QStringList expressions, salts;
        for (const AutotestExpression &e : plan->expressions) {
            expressions << e.expression;
            salts << e.salt;
        }
        QCOMPARE(expressions, (QStringList{QStringLiteral("squares(1)"), QStringLiteral("squares(3)"), QStringLiteral("len(squares(4))"),
                                           QStringLiteral("mean([1, 2, 4])")}));
        QCOMPARE(salts, (QStringList{QString(), QString(), QStringLiteral("13715"), QStringLiteral("11b54")}));
        QCOMPARE(plan->expressions[0].dispatch, QStringLiteral("type(squares(1))"));
        // The evaluation runs the header's code first, then the notebook's, cut at each directive.
        const QJsonArray cells = QJsonDocument::fromJson(plan->evaluationNotebook).object().value(QStringLiteral("cells")).toArray();
        QCOMPARE(cells.size(), plan->origins.size());
        QCOMPARE(cells.at(1).toObject().value(QStringLiteral("source")).toString(), QStringLiteral("import math"));
        QCOMPARE(plan->origins.at(1), QStringLiteral("the header cells[1]"));
        QCOMPARE(plan->origins.at(4), QStringLiteral("problem1.ipynb cells[2], line 1: ### AUTOTEST squares(1); squares(3)"));

        // What the kernel printed (the values nbgrader's kernel gave for the same expressions) → the expanded cells.
        const QByteArray executed = executedWith({
            valuesLine(0, QStringLiteral("list"), {QStringLiteral("1"), QStringLiteral("[1]")}),
            valuesLine(1, QStringLiteral("list"), {QStringLiteral("3"), QStringLiteral("[1, 4, 9]")}),
            valuesLine(2, QStringLiteral("int"), {QStringLiteral("8ec45c0d11766b044b4106cc2bf5529af01ab2bf"),
                                                  QStringLiteral("64e53838a114c067c6c878e0512488e6bb7d293f")}),
            valuesLine(3, QStringLiteral("float"), {QStringLiteral("340439af37804318234ae38703a4a4121078dea6")}),
        });
        auto values = readAutotestValues(*plan, executed, ExecutionRecord(), *config);
        QVERIFY2(values, qPrintable(values ? QString() : values.error().toString()));
        auto expanded = expandAutotests(nb, *plan, *values, *config);
        QVERIFY(expanded);
        QCOMPARE(expanded->cellSource(2), expectedCell(QStringLiteral("test_squares")));
        QCOMPARE(expanded->cellSource(4), expectedCell(QStringLiteral("test_mean")));
        for (int i : {0, 1, 3, 5})
            QCOMPARE(expanded->cellSource(i), nb.cellSource(i));
        // Without the header, the salt's cell index is the notebook's own.
        auto alone = planAutotests(nb, path, nullptr, *config);
        QVERIFY(alone);
        QCOMPARE(alone->expressions[2].salt, QStringLiteral("46e2f"));
    }

    void autotestEvaluationErrors()
    {
        const QString path = course(QStringLiteral("source/ps1/problem1.ipynb"));
        const Notebook nb = loadNotebook(path);
        auto config = loadAutotestConfig(course(QStringLiteral("autotests.yml")), QStringLiteral("python3"));
        QVERIFY(config);
        auto plan = planAutotests(nb, path, nullptr, *config);
        QVERIFY(plan);
        // An expression that raised in the instructor's notebook.
        auto raised = readAutotestValues(*plan, executedWith({QStringLiteral(R"(SANDMARK_AUTOTEST {"n": 1, "error": "NameError: name 'x' is not defined"})")}),
                                         ExecutionRecord(), *config);
        QVERIFY(!raised);
        QCOMPARE(raised.error().location, QStringLiteral("cells[2], line 1"));
        QCOMPARE(raised.error().message, QStringLiteral("AUTOTEST squares(3) raised NameError: name 'x' is not defined in the instructor's notebook"));
        // An instructor cell that raised (the execution record names it).
        const QJsonObject record{{QStringLiteral("cells"), QJsonArray{QJsonObject{{QStringLiteral("index"), 1}, {QStringLiteral("status"), QStringLiteral("error")},
                                                                                  {QStringLiteral("error"), QJsonObject{{QStringLiteral("ename"), QStringLiteral("SyntaxError")},
                                                                                                                        {QStringLiteral("evalue"), QStringLiteral("bad")}}}}}}};
        auto failed = readAutotestValues(*plan, executedWith({}), test::executionRecord(record), *config);
        QVERIFY(!failed);
        QCOMPARE(failed.error().message, QStringLiteral("evaluating the AUTOTEST directives: problem1.ipynb cells[1] failed (SyntaxError: bad)"));
        // A value missing: the run stopped before it.
        auto missing = readAutotestValues(*plan, executedWith({}), ExecutionRecord(), *config);
        QVERIFY(!missing);
        QCOMPARE(missing.error().message, QStringLiteral("AUTOTEST squares(1) was not evaluated (the run stopped before it)"));
        // A type without templates when autotests.yml has no default.
        AutotestConfig noDefault = *config;
        noDefault.templates.removeFirst();
        auto unknown = readAutotestValues(*plan, executedWith({QStringLiteral(R"(SANDMARK_AUTOTEST {"n": 0, "type": "tuple"})")}), ExecutionRecord(), noDefault);
        QVERIFY(!unknown);
        QVERIFY2(unknown.error().message.contains(QStringLiteral("of type 'tuple', which")), qPrintable(unknown.error().message));
    }

    void autotestPlanErrors_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<bool>("grade");
        QTest::addColumn<bool>("withHash");
        QTest::addColumn<QString>("message");
        QTest::newRow("not a test cell") << QStringLiteral("x = 1\n### AUTOTEST x") << false << true
                                         << QStringLiteral("cells[0], line 2: AUTOTEST directive in a cell that is not an autograder test cell");
        QTest::newRow("hashed without a hash template") << QStringLiteral("### HASHED AUTOTEST x") << true << false
                                                        << QStringLiteral("cells[0], line 1: HASHED AUTOTEST, but");
        QTest::newRow("empty expression") << QStringLiteral("### AUTOTEST a;; ;b") << true << true
                                          << QStringLiteral("cells[0], line 1: an empty expression");
    }

    void autotestPlanErrors()
    {
        QFETCH(QString, source);
        QFETCH(bool, grade);
        QFETCH(bool, withHash);
        QFETCH(QString, message);
        Json json = NotebookEditor::json(loadNotebook(course(QStringLiteral("source/header.ipynb"))));
        json["cells"] = Json::array({{{"cell_type", "code"}, {"execution_count", nullptr}, {"outputs", Json::array()}, {"source", source.toStdString()},
                                      {"metadata", {{"nbgrader", {{"grade", grade}, {"solution", false}, {"grade_id", "t"}, {"points", 1}}}}}}});
        auto config = loadAutotestConfig(course(QStringLiteral("autotests.yml")), QStringLiteral("python3"));
        QVERIFY(config);
        if (!withHash)
            config->hash.reset();
        auto plan = planAutotests(NotebookEditor::fromJson(json), QStringLiteral("p.ipynb"), nullptr, *config);
        QVERIFY(!plan);
        QCOMPARE(plan.error().file, QStringLiteral("p.ipynb"));
        QVERIFY2((plan.error().location + QStringLiteral(": ") + plan.error().message).startsWith(message), qPrintable(plan.error().toString()));
    }

    void importWithoutAutotestsYmlSaysWhereItLooked()
    {
        QTemporaryDir dir;
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("source/ps1"))));
        QVERIFY(QFile::copy(course(QStringLiteral("source/ps1/problem1.ipynb")), dir.filePath(QStringLiteral("source/ps1/problem1.ipynb"))));
        auto r = importNbgrader(dir.filePath(QStringLiteral("source/ps1")), dir.filePath(QStringLiteral("out")));
        QVERIFY(!r);
        QCOMPARE(r.error().file, dir.filePath(QStringLiteral("source/ps1/problem1.ipynb")));
        QVERIFY2(r.error().message.contains(QStringLiteral("no autotests.yml in")) && r.error().message.contains(QStringLiteral("--autotests FILE")),
                 qPrintable(r.error().message));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("out"))));
        // An --autotests file without the notebook's kernel section.
        QFile yml(dir.filePath(QStringLiteral("other.yml")));
        QVERIFY(yml.open(QIODevice::WriteOnly));
        yml.write("ir:\n  check: x\n");
        yml.close();
        NbgraderImportOptions options;
        options.autotests = yml.fileName();
        r = importNbgrader(dir.filePath(QStringLiteral("source/ps1")), dir.filePath(QStringLiteral("out")), options);
        QVERIFY(!r);
        QCOMPARE(r.error().toString(), yml.fileName() + QStringLiteral(": no section 'python3' (the notebook's kernel); nbgrader needs one per kernel"));
    }

    // --header naming a problem notebook (graded cells) is refused: its checks would be dropped without a word.
    void headerWithGradedCellsIsRefused()
    {
        NbgraderImportOptions options;
        options.header = data(QStringLiteral("source/ps1/ps1.ipynb"));
        const QString out = m_tmp.filePath(QStringLiteral("graded-header"));
        auto r = importNbgrader(data(QStringLiteral("source/ps1")), out, options);
        QVERIFY(!r);
        QVERIFY2(r.error().toString().startsWith(options.header + QStringLiteral(": cells[1]: --header names a notebook with graded "
                                                                                   "or answer cells ('square')")),
                 qPrintable(r.error().toString()));
        QVERIFY(!QFileInfo::exists(out));
    }

    // Points nbgrader's float() cannot read are refused at the cell (they were imported as 0 before: fresh-user
    // attack, session 17); text holding a number is read as nbgrader reads it.
    void importReadsPointsAsNbgraderDoes()
    {
        for (const auto &[points, error] : {std::pair<Json, QString>{"two", QStringLiteral("\"two\" is not a number of points")},
                                            {Json::array({1}), QStringLiteral("[1] is not a number of points")},
                                            {-1, QStringLiteral("-1 is not a number of points")},
                                            {" 2.5 ", QString()}}) {
            QTemporaryDir dir;
            QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("source/ps1"))));
            Json json = NotebookEditor::json(loadNotebook(course(QStringLiteral("source/header.ipynb"))));
            json["cells"] = Json::array({{{"cell_type", "code"}, {"execution_count", nullptr}, {"outputs", Json::array()},
                                          {"source", "assert True"}, {"id", "t"},
                                          {"metadata", {{"nbgrader", {{"grade", true}, {"solution", false}, {"grade_id", "t"}, {"points", points}}}}}}});
            const QString path = dir.filePath(QStringLiteral("source/ps1/p.ipynb"));
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray::fromStdString(json.dump()));
            f.close();
            auto r = importNbgrader(dir.filePath(QStringLiteral("source/ps1")), dir.filePath(QStringLiteral("out")));
            if (error.isEmpty()) {
                QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
                auto a = Assignment::load(dir.filePath(QStringLiteral("out")));
                QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
                QCOMPARE(a->checks().at(0).points, 2.5);
                continue;
            }
            QVERIFY(!r);
            QCOMPARE(r.error().toString(), path + QStringLiteral(": cells[0].metadata.nbgrader.points: ") + error);
            QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("out"))));
        }
    }

    // A FIFO among the notebooks (or the data files) of the imported folder is refused, naming it: never imported
    // without it and without a word (problem2's checks would be gone).
    void importRefusesAFifoInTheFolder()
    {
        QTemporaryDir dir;
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("source/ps1"))));
        QVERIFY(QFile::copy(course(QStringLiteral("source/ps1/problem1.ipynb")), dir.filePath(QStringLiteral("source/ps1/problem1.ipynb"))));
        const QString fifo = dir.filePath(QStringLiteral("source/ps1/problem2.ipynb"));
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        auto r = importNbgrader(dir.filePath(QStringLiteral("source/ps1")), dir.filePath(QStringLiteral("out")));
        QVERIFY(!r);
        QCOMPARE(r.error().file, fifo);
        QVERIFY2(r.error().message.contains(QStringLiteral("not a regular file")), qPrintable(r.error().toString()));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("out"))));
    }

    // A test cell that does not compile is imported (it is the course's source) with a warning naming the notebook,
    // the cell, its grade_id and the line: without it, the reference run showed the check failing for everyone and
    // nothing said why. IPython syntax (%time) compiles as the test process reads it, so it is not warned of.
    void importWarnsOfTestCellsThatDoNotCompile()
    {
        qputenv("SANDMARK_PYTHON", "/usr/bin/python3");
        const QString source = data(QStringLiteral("syntax-error/hw.ipynb"));
        const QString out = m_tmp.filePath(QStringLiteral("syntax-error"));
        auto r = importNbgrader(source, out);
        QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
        QCOMPARE(r->testChecks, 3);
        QCOMPARE(r->warnings,
                 QStringList{source + QStringLiteral(": cells[2], line 2, column 8: the test cell 'square-broken' (its grade_id) "
                                                     "does not compile: '(' was never closed; imported as it is, its test check "
                                                     "fails for every submission, the reference run included: fix the cell in the "
                                                     "nbgrader source and import again")});
        auto a = Assignment::load(out);
        QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
        QCOMPARE(a->checks().size(), 3);
        // The well-formed ones (tests/data/nbgrader/source/ps1) import without one.
        auto clean = importNbgrader(data(QStringLiteral("source/ps1")), m_tmp.filePath(QStringLiteral("clean")));
        QVERIFY2(clean, qPrintable(clean ? QString() : clean.error().toString()));
        QVERIFY2(clean->warnings.isEmpty(), qPrintable(clean->warnings.join(QLatin1Char('\n'))));
    }

    void importRefusesExistingAssignment()
    {
        auto again = importNbgrader(data(QStringLiteral("source/ps1")), m_assignment);
        QVERIFY(!again);
        QVERIFY(again.error().message.contains(QLatin1String("already holds an assignment.json")));
    }
};

QTEST_GUILESS_MAIN(TestNbgrader)
#include "tst_nbgrader.moc"
