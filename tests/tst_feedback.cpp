// Feedback pages: one self-contained, escaped HTML file per submission with the executed notebook, per-check
// scores, manual grades and comments.
#include "recordtestutil.h"
#include "assignment/assignment.h"
#include "assignment/nbgrader_import.h"
#include "checks/registry.h"
#include "gradebook/feedback.h"
#include "gradebook/gradebook.h"
#include "grading/result.h"
#include "notebook/notebook_p.h"
#include "notebook/release.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace sandmark;
using namespace Qt::Literals::StringLiterals;

namespace {

const char *const kPng = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==";

QString data(const QString &rel)
{
    return QStringLiteral(SANDMARK_TEST_DATA_DIR "/nbgrader/") + rel;
}

/// The 'keeps' submission as the runner would return it executed, with hostile content added: markup in a
/// markdown cell, in code, in a stream, in an HTML output, in an image's data, and ANSI colours in a traceback.
Notebook executedNotebook()
{
    auto nb = Notebook::load(data(u"submissions/keeps/ps1.ipynb"_s));
    if (!nb)
        qFatal("%s", qPrintable(nb.error().toString()));
    Json json = NotebookEditor::json(*nb);
    Json &cells = json["cells"];
    cells[0]["source"] = Json::array({"# Problem set 1\n", "<script>alert('markdown')</script>"});
    cells[1]["source"] = Json::array({"def square(x):\n", "    print(\"<script>alert(1)</script>\")\n", "    return x * x"});
    cells[1]["execution_count"] = 1;
    cells[1]["outputs"] = Json::array({
        Json{{"output_type", "stream"}, {"name", "stdout"}, {"text", Json::array({"<script>alert(2)</script>\n"})}},
        Json{{"output_type", "stream"}, {"name", "stderr"}, {"text", "DeprecationWarning: & friends\n"}},
        Json{{"output_type", "display_data"}, {"metadata", Json::object()},
             {"data", Json{{"image/png", std::string(kPng) + "\n"}, {"text/plain", "<Figure size 2x2>"}}}},
        Json{{"output_type", "display_data"}, {"metadata", Json::object()},
             {"data", Json{{"image/png", "AAAA\" onerror=\"alert(3)"}, {"text/plain", "a broken image"}}}},
        Json{{"output_type", "execute_result"}, {"execution_count", 1}, {"metadata", Json::object()},
             {"data", Json{{"text/html", "<script>alert(4)</script><b>table</b>"}, {"text/plain", "DataFrame(3 rows)"}}}},
        Json{{"output_type", "display_data"}, {"metadata", Json::object()},
             {"data", Json{{"application/javascript", "alert(5)"}}}},
    });
    cells[3]["execution_count"] = 3;
    cells[3]["outputs"] = Json::array({Json{{"output_type", "error"}, {"ename", "ValueError"}, {"evalue", "bad <value>"},
                                            {"traceback", Json::array({"\u001b[0;31mValueError\u001b[0m: bad <value>"})}}});
    return NotebookEditor::fromJson(std::move(json));
}

/// What the check code `code` raises when run on the names `setup` defines, as the runner's test process reports
/// it ({ename, evalue}; an empty object when it passes): Python runs it, so an Otter check's case runner decides
/// for itself what its message says.
QJsonObject runTestCode(const QString &setup, const QString &code)
{
    QProcess py;
    py.start(u"/usr/bin/python3"_s, {u"-c"_s, u"import json, sys\n"
                                               "src = json.load(sys.stdin)\n"
                                               "g = {}\n"
                                               "exec(src['setup'], g)\n"
                                               "try:\n"
                                               "    exec(src['code'], g)\n"
                                               "    print('{}')\n"
                                               "except Exception as e:\n"
                                               "    print(json.dumps({'ename': type(e).__name__, 'evalue': str(e)}))\n"_s});
    if (!py.waitForStarted())
        return QJsonObject{{u"no python"_s, true}};
    py.write(QJsonDocument(QJsonObject{{u"setup"_s, setup}, {u"code"_s, code}}).toJson());
    py.closeWriteChannel();
    py.waitForFinished(30000);
    return QJsonDocument::fromJson(py.readAllStandardOutput()).object();
}

} // namespace

class TestFeedback : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    Assignment m_assignment;
    FeedbackInput m_input;
    QString m_html;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        auto report = importNbgrader(data(u"source/ps1"_s), m_tmp.filePath(u"ps1"_s));
        QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
        auto a = Assignment::load(m_tmp.filePath(u"ps1"_s));
        QVERIFY(a);
        m_assignment = *a;

        // A graded run: square-tests failed, total-tests passed, ratio-partial 2 of 3 (nbgrader's partial credit),
        // words-tests 1 of 2, total-more passed; the manual answer 'explain' then graded by hand.
        QJsonArray cells;
        auto test = [&](const char *check, const char *status, const char *resultText = nullptr) {
            QJsonObject c{{u"index"_s, QJsonValue::Null}, {u"injected"_s, u"test"_s},
                          {u"check"_s, QLatin1String(check)}, {u"status"_s, QLatin1String(status)}};
            if (resultText)
                c.insert(u"result_text"_s, QLatin1String(resultText));
            // The runner's verdict: the test process's (docs/runner-protocol.md, "Test checks").
            const bool failed = QLatin1String(status) == QLatin1String("error");
            c.insert(u"test_result"_s, failed ? u"fail"_s : u"pass"_s);
            if (failed) {
                c.insert(u"error"_s, QJsonObject{{u"ename"_s, u"AssertionError"_s}, {u"evalue"_s, u"<b>no</b>"_s}});
                c.insert(u"test_error"_s, QJsonObject{{u"ename"_s, u"AssertionError"_s}, {u"evalue"_s, u"<b>no</b>"_s}});
            }
            cells.append(c);
        };
        test("square-tests", "error");
        test("total-tests", "ok");
        test("total-more", "ok");
        test("ratio-partial", "ok", "2");
        test("words-tests", "ok", "1");
        GradeInput in;
        in.checks = m_assignment.checks();
        in.referencePayload = "null";
        in.studentPayload = "null";
        in.record = test::executionRecord(QJsonObject{{u"status"_s, u"completed"_s}, {u"cells"_s, cells},
                                // A note carries text the student chose (the kernelspec's name): escaped too.
                                {u"warnings"_s, QJsonArray{u"kernelspec '<script>alert(7)</script>' ignored: running the "
                                                           "Python kernel of /usr/bin/python3"_s}}});
        in.notes = {u"test cell 'square-tests' was edited (cells[2]); the instructor's version ran"_s};
        RunRecord run;
        run.studentId = u"keeps"_s;
        run.filesHash = u"f"_s;
        run.inputsHash = u"i"_s;
        run.started = run.finished = QDateTime::currentDateTimeUtc();
        run.result = grade(in);
        QCOMPARE(run.result.score, 5.0); // 0 + 1 + 1 + 2 + 1

        auto gb = Gradebook::open(m_tmp.filePath(u"gb.sqlite"_s));
        QVERIFY(gb);
        QVERIFY((*gb)->recordRun(run));
        QVERIFY((*gb)->addOverride(u"keeps"_s, {u"explain"_s, 1.5, u"Good idea <img src=x onerror=alert(6)>"_s, {}}));
        auto grades = (*gb)->effectiveGrades();
        QVERIFY(grades);
        m_input.assignmentTitle = u"Problem set <1>"_s;
        m_input.grade = grades->first();
        m_input.checks = m_assignment.checks();
        m_input.executed = executedNotebook();
        m_html = QString::fromUtf8(renderFeedbackHtml(m_input));
    }

    // A value check's reference is the answer: the page shows it only for a check with showExpected
    // (assignment.json "show_expected"); otherwise only the student's own value.
    void expectedValuesOnlyWhereShown()
    {
        auto nb = Notebook::parse(R"({"cells": [{"cell_type": "code", "execution_count": 1, "id": "q1", "metadata": {},
            "outputs": [], "source": "corr = -1.0"}], "metadata": {"kernelspec": {"language": "python", "name": "python3",
            "display_name": "Python 3"}}, "nbformat": 4, "nbformat_minor": 5})",
                                  u"executed.ipynb"_s);
        QVERIFY(nb);
        FeedbackInput in;
        in.executed = *nb;
        for (const auto &[id, shown] : {std::pair{u"hidden-corr"_s, false}, std::pair{u"shown-corr"_s, true}}) {
            Check c;
            c.id = id;
            c.variable = u"corr"_s;
            c.anchor = u"q1"_s;
            c.showExpected = shown;
            in.checks << c;
            EffectiveCheck ec;
            ec.result.checkId = id;
            ec.result.outcome = Outcome::Fail;
            ec.result.maxPoints = 1;
            ec.result.expected = id == u"hidden-corr"_s ? u"0.9628654314027961"_s : u"0.5"_s;
            ec.result.actual = u"-1.0"_s;
            in.grade.checks << ec;
        }
        const QString html = QString::fromUtf8(renderFeedbackHtml(in));
        QVERIFY2(!html.contains(u"0.9628654314027961"_s), qPrintable(html));
        QVERIFY(html.contains(u"expected: <code>0.5</code> · yours: <code>-1.0</code>"_s));
        QCOMPARE(html.count(u"yours: <code>-1.0</code>"_s), 2);
    }

    // Points in the right number (issue 19: "(1 points)"): "1 of 1 point", "not graded (1 point)", "0.5 of 2 points".
    void pointsInTheRightNumber()
    {
        auto nb = Notebook::parse(R"({"cells": [{"cell_type": "code", "execution_count": 1, "id": "q1", "metadata": {},
            "outputs": [], "source": "x = 1"}], "metadata": {"kernelspec": {"language": "python", "name": "python3",
            "display_name": "Python 3"}}, "nbformat": 4, "nbformat_minor": 5})",
                                  u"executed.ipynb"_s);
        QVERIFY(nb);
        auto page = [&](Outcome outcome, double points, double max) {
            FeedbackInput in;
            in.executed = *nb;
            Check c;
            c.id = u"x-check"_s;
            c.variable = u"x"_s;
            c.anchor = u"q1"_s;
            c.points = max;
            in.checks << c;
            EffectiveCheck ec;
            ec.result.checkId = c.id;
            ec.result.outcome = outcome;
            ec.result.points = points;
            ec.result.maxPoints = max;
            in.grade.checks << ec;
            return QString::fromUtf8(renderFeedbackHtml(in));
        };
        QString html = page(Outcome::Pass, 1, 1);
        QVERIFY2(html.contains(u"Your notebook — 1 of 1 point</h2>"_s), qPrintable(html));
        QVERIFY(!html.contains(u" points"_s));
        html = page(Outcome::NotGraded, 0, 1);
        QVERIFY2(html.contains(u"Your notebook — not graded (1 point)</h2>"_s), qPrintable(html));
        html = page(Outcome::Pass, 0.5, 2);
        QVERIFY2(html.contains(u"Your notebook — 0.5 of 2 points</h2>"_s), qPrintable(html));
    }

    void scoresAndComments()
    {
        QVERIFY(m_html.contains(u"<p class=\"total\">Total: 6.5 / 11</p>"_s));
        // The answer was graded by hand: the run's needs-manual is settled.
        QCOMPARE(m_input.grade.runStatus, GradeStatus::NeedsManual);
        QVERIFY(m_html.contains(u"<p class=\"status\">Status: graded</p>"_s));
        QVERIFY(!m_html.contains(u"await grading by hand"_s));
        // square-tests has hidden tests: its failure message is not shown (problemSetPerCellLayoutWithoutHiddenTests).
        QVERIFY(m_html.contains(u"<tr class=\"fail\"><td>square-tests</td><td>0 / 2</td><td>failed</td><td>the test failed (the cell "
                                "has hidden tests, so its message is not shown)</td></tr>"_s));
        QVERIFY(!m_html.contains(u"&lt;b&gt;no&lt;/b&gt;"_s));
        QVERIFY(m_html.contains(u"<tr class=\"partial\"><td>ratio-partial</td><td>2 / 3</td><td>passed</td><td>partial credit: 2 of 3 points</td></tr>"_s));
        QVERIFY(m_html.contains(u"<tr class=\"partial\"><td>words-tests</td><td>1 / 2</td>"_s));
        QVERIFY(m_html.contains(u"<tr class=\"manual\"><td>explain</td><td>1.5 / 2</td><td>graded by hand</td>"
                                "<td>Good idea &lt;img src=x onerror=alert(6)&gt;</td></tr>"_s));
        // The test's score box follows the student's test cell (grade_id square-tests is cells[2]).
        const qsizetype cell2 = m_html.indexOf(u"id=\"cell-2\""_s);
        const qsizetype cell3 = m_html.indexOf(u"id=\"cell-3\""_s);
        const qsizetype box = m_html.indexOf(u"<div class=\"check fail\"><span class=\"id\">square-tests</span>"_s);
        QVERIFY(cell2 > 0 && box > cell2 && box < cell3);
        // The manual answer's box after the markdown answer, with the grader's comment.
        QVERIFY(m_html.contains(u"<div class=\"check manual\"><span class=\"id\">explain</span> <span class=\"pts\">1.5 / 2</span>"_s));
    }

    // The run's notes are listed for the student, after the total and before the checks.
    void notesAreListed()
    {
        const qsizetype notes = m_html.indexOf(u"<ul class=\"notes\">\n"
                                               "<li>test cell &#39;square-tests&#39; was edited (cells[2]); the instructor&#39;s version ran</li>\n"
                                               "<li>kernelspec &#39;&lt;script&gt;alert(7)&lt;/script&gt;&#39; ignored: running the Python "
                                               "kernel of /usr/bin/python3</li>\n</ul>"_s);
        QVERIFY2(notes > m_html.indexOf(u"class=\"total\""_s), qPrintable(m_html.left(3000)));
        QVERIFY(notes < m_html.indexOf(u"<table>"_s));
        QVERIFY(m_html.contains(u"Noticed while grading (this does not change the grade):"_s));
    }

    void escapedAndSelfContained()
    {
        QVERIFY(!m_html.contains(u"<script"_s, Qt::CaseInsensitive));
        QVERIFY(!m_html.contains(u"onerror=\""_s));
        QVERIFY(!m_html.contains(u"alert(5)"_s)); // JavaScript outputs are not shown at all
        QVERIFY(m_html.contains(u"&lt;script&gt;alert(&#39;markdown&#39;)&lt;/script&gt;"_s));
        QVERIFY(m_html.contains(u"print(&quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;)"_s));
        QVERIFY(m_html.contains(u"<pre class=\"out\">&lt;script&gt;alert(2)&lt;/script&gt;\n</pre>"_s));
        QVERIFY(m_html.contains(u"<pre class=\"out stderr\">DeprecationWarning: &amp; friends\n</pre>"_s));
        QVERIFY(m_html.contains(u"<pre class=\"out\">DataFrame(3 rows)</pre>"_s)); // text/plain, not the HTML
        QVERIFY(m_html.contains(u"<pre class=\"out\">a broken image</pre>"_s));   // not base64: not inlined
        QVERIFY(m_html.contains(u"<pre class=\"out error\">ValueError: bad &lt;value&gt;</pre>"_s)); // ANSI removed
        QVERIFY(m_html.contains(u"<title>Problem set &lt;1&gt; — keeps</title>"_s));
        QVERIFY(m_html.contains(QStringLiteral("<img alt=\"output image\" src=\"data:image/png;base64,%1\">").arg(QLatin1String(kPng))));
        // Nothing is fetched from elsewhere: every src is a data: URI, every href a cell of the page itself.
        static const QRegularExpression src(u"<[^>]*\\b(src|href)\\s*=\\s*(?!\"?(data:|#))"_s);
        const QRegularExpressionMatch m = src.match(m_html);
        QVERIFY2(!m.hasMatch(), qPrintable(m.captured(0)));
        QVERIFY(m_html.contains(u"Content-Security-Policy\" content=\"default-src 'none'"_s));
    }

    void browserParserSeesOnlyOurTags()
    {
        // Python's HTML parser (what a browser's tokenizer does, near enough) finds only the tags we write.
        QProcess py;
        py.start(u"/usr/bin/python3"_s,
                 {u"-c"_s, u"import sys, html.parser\n"
                           "class P(html.parser.HTMLParser):\n"
                           "    tags = set()\n"
                           "    attrs = set()\n"
                           "    def handle_starttag(self, tag, attrs):\n"
                           "        self.tags.add(tag)\n"
                           "        self.attrs.update(a for a, _ in attrs)\n"
                           "p = P()\n"
                           "p.feed(sys.stdin.read())\n"
                           "print(' '.join(sorted(p.tags)))\n"
                           "print(' '.join(sorted(p.attrs)))\n"_s});
        if (!py.waitForStarted())
            QSKIP("no /usr/bin/python3");
        py.write(m_html.toUtf8());
        py.closeWriteChannel();
        QVERIFY(py.waitForFinished(30000));
        const QStringList lines = QString::fromUtf8(py.readAllStandardOutput()).split(u'\n');
        QCOMPARE(lines.value(0), u"a body div h1 h2 head html img li meta ol p pre span strong style table td th title tr ul"_s);
        QCOMPARE(lines.value(1), u"alt charset class content href http-equiv id lang name src title"_s);
    }

    // A problem set laid out per cell as nbgrader's generate_feedback: a section per notebook with its own score,
    // its graded cells listed with their scores, each graded cell headed by its score, a person's comment at the
    // answer cell; and the hidden tests never shown: neither the source nor the expected values of an nbgrader test
    // cell's BEGIN HIDDEN TESTS part, nor of an Otter hidden case, appear anywhere in the page.
    void problemSetPerCellLayoutWithoutHiddenTests()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(u"ps1"_s);
        auto report = importNbgrader(QStringLiteral(SANDMARK_TEST_DATA_DIR "/problemsets/course/source/ps1"), folder);
        QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
        // problem1's test cell ends in a hidden assertion; here its message names the expected value, as numpy's
        // assert_allclose does. problem2 gains an Otter question with a public and a hidden case, and a manually
        // graded explanation of its answer cell.
        const QString hiddenAssert = u"assert squares(3) == [1, 4, 9], 'squares(3) should be [1, 4, 9], not %r' % (squares(3),)"_s;
        const QString hiddenCase = u">>> len(values) * 1000 + 73\n5073"_s;
        {
            QFile f(folder + u"/assignment.json"_s);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QJsonObject json = QJsonDocument::fromJson(f.readAll()).object();
            f.close();
            QJsonArray checks = json.value(u"checks"_s).toArray();
            for (qsizetype i = 0; i < checks.size(); ++i) {
                QJsonObject c = checks.at(i).toObject();
                if (c.value(u"id"_s) == u"correct_squares"_s) {
                    QString code = c.value(u"code"_s).toString();
                    QVERIFY(code.contains(u"assert squares(3) == [1, 4, 9]\n"_s));
                    code.replace(u"assert squares(3) == [1, 4, 9]"_s, hiddenAssert);
                    c.insert(u"code"_s, code);
                    checks.replace(i, c);
                }
            }
            checks.append(QJsonObject{{u"id"_s, u"q_mean"_s}, {u"type"_s, u"otter"_s}, {u"question"_s, u"q_mean"_s},
                                      {u"notebook"_s, u"problem2.ipynb"_s}, {u"points"_s, 1}, {u"after"_s, u"mean"_s},
                                      {u"cases"_s, QJsonArray{QJsonObject{{u"name"_s, u"q_mean - 1"_s},
                                                                          {u"code"_s, u">>> round(mean, 1) > 0\nTrue"_s},
                                                                          {u"hidden"_s, false}},
                                                              QJsonObject{{u"name"_s, u"q_mean - 2"_s},
                                                                          {u"code"_s, hiddenCase},
                                                                          {u"hidden"_s, true}}}}});
            checks.append(QJsonObject{{u"id"_s, u"explain-mean"_s}, {u"type"_s, u"manual"_s}, {u"anchor"_s, u"mean"_s},
                                      {u"notebook"_s, u"problem2.ipynb"_s}, {u"points"_s, 2}});
            json.insert(u"checks"_s, checks);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(QJsonDocument(json).toJson());
        }
        auto a = Assignment::load(folder);
        QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
        QCOMPARE(a->notebooks(), (QStringList{u"problem1.ipynb"_s, u"problem2.ipynb"_s}));

        // The student's notebooks: the releases (hidden tests removed) with their answers, executed.
        const QString student1 = u"def squares(n):\n    return [i * i for i in range(1, n + 1)] if n < 3 else [1, 4, 10]"_s;
        const QString student2 = u"values = [1.0, 2.0, 3.0, 4.0]\nmean = sum(values) / len(values)"_s;
        QList<std::pair<QString, Notebook>> executed;
        for (const auto &[name, answer] : {std::pair{u"problem1.ipynb"_s, student1}, std::pair{u"problem2.ipynb"_s, student2}}) {
            auto nb = Notebook::load(a->absolute(name));
            QVERIFY(nb);
            auto release = makeRelease(*nb, name);
            QVERIFY(release);
            Json json = NotebookEditor::json(release->notebook);
            json["cells"][1]["source"] = answer.toStdString();
            json["cells"][1]["execution_count"] = 1;
            executed.append({name, NotebookEditor::fromJson(std::move(json))});
        }
        // Each test runs as Python runs it on the student's values: squares(3) is wrong (the hidden assertion
        // fails), the mean is right, the Otter hidden case fails (4073, not 5073).
        QList<NotebookGrade> parts;
        QHash<QString, QJsonObject> raised;
        for (const QString &name : a->notebooks()) {
            QJsonArray cells;
            for (const Check &c : a->checksOf(name)) {
                if (checkKind(c).gradedByHand())
                    continue;
                const QJsonObject error = runTestCode(name == u"problem1.ipynb"_s ? student1 : student2, c.code);
                if (error.contains(u"no python"_s))
                    QSKIP("no /usr/bin/python3");
                raised.insert(c.id, error);
                QJsonObject cell{{u"index"_s, QJsonValue::Null}, {u"injected"_s, u"test"_s}, {u"check"_s, c.id},
                                 {u"status"_s, error.isEmpty() ? u"ok"_s : u"error"_s},
                                 {u"test_result"_s, error.isEmpty() ? u"pass"_s : u"fail"_s}};
                if (!error.isEmpty()) {
                    cell.insert(u"error"_s, error);
                    cell.insert(u"test_error"_s, error);
                }
                cells.append(cell);
            }
            GradeInput in;
            in.checks = a->checksOf(name);
            in.referencePayload = "null";
            in.studentPayload = "null";
            in.record = test::executionRecord(QJsonObject{{u"status"_s, u"completed"_s}, {u"cells"_s, cells}});
            NotebookGrade part;
            part.notebook = name;
            part.checks = in.checks;
            part.result = grade(in);
            parts << part;
        }
        // The messages the page must not pass on are real: Python put the hidden values in them.
        QCOMPARE(raised.value(u"correct_squares"_s).value(u"evalue"_s).toString(), u"squares(3) should be [1, 4, 9], not [1, 4, 10]"_s);
        QVERIFY(raised.value(u"correct_mean"_s).isEmpty());
        QCOMPARE(raised.value(u"q_mean"_s).value(u"evalue"_s).toString(), u"hidden test q_mean - 2 failed"_s);

        RunRecord run;
        run.studentId = u"zoe"_s;
        run.filesHash = u"f"_s;
        run.inputsHash = u"i"_s;
        run.started = run.finished = QDateTime::currentDateTimeUtc();
        run.result = combineNotebookGrades(parts, a->checks(), {}, {});
        auto gb = Gradebook::open(dir.filePath(u"gb.sqlite"_s));
        QVERIFY(gb);
        QVERIFY((*gb)->recordRun(run));
        QVERIFY((*gb)->addOverride(u"zoe"_s, {u"explain-mean"_s, 1.5, u"Right, but say why the mean is 2.5"_s, {}}));
        auto g = (*gb)->effectiveGrade(u"zoe"_s);
        QVERIFY(g && *g);
        FeedbackInput in;
        in.assignmentTitle = a->title();
        in.grade = **g;
        in.checks = a->checks();
        in.notebooks = a->notebooks();
        in.executedNotebooks = executed;
        const QString html = QString::fromUtf8(renderFeedbackHtml(in));

        QVERIFY2(html.contains(u"<p class=\"total\">Total: 2.5 / 6</p>"_s), qPrintable(html));
        // Each notebook with its own score: problem1 0 of 2 (correct_squares); problem2 1 (correct_mean) + 0
        // (q_mean) + 1.5 (explain-mean) of 4.
        const qsizetype nb1 = html.indexOf(u"<h2 id=\"problem1.ipynb-notebook\">problem1.ipynb — 0 of 2 points</h2>"_s);
        const qsizetype nb2 = html.indexOf(u"<h2 id=\"problem2.ipynb-notebook\">problem2.ipynb — 2.5 of 4 points</h2>"_s);
        QVERIFY2(nb1 > 0 && nb2 > nb1, qPrintable(html));
        // Its graded cells with their scores: problem2's answer cell carries q_mean and explain-mean.
        QVERIFY(html.contains(u"<li><a href=\"#problem1.ipynb-cell-2\">cell 2</a> (correct_squares): Score: 0 / 2</li>"_s));
        QVERIFY(html.contains(u"<li><a href=\"#problem2.ipynb-cell-1\">cell 1</a> (q_mean, explain-mean): Score: 1.5 / 3</li>"_s));
        QVERIFY(html.contains(u"<li><a href=\"#problem2.ipynb-cell-2\">cell 2</a> (correct_mean): Score: 1 / 1</li>"_s));
        // Each graded cell headed by its own score line, its checks after it.
        const qsizetype cell = html.indexOf(u"<div class=\"cell code graded\" id=\"problem2.ipynb-cell-1\">\n"
                                              "<div class=\"cellscore\">Score: 1.5 / 3</div>"_s);
        const qsizetype nextCell = html.indexOf(u"id=\"problem2.ipynb-cell-2\""_s);
        QVERIFY2(cell > nb2, qPrintable(html.mid(nb2)));
        QVERIFY(html.contains(u"<div class=\"cell code graded\" id=\"problem1.ipynb-cell-2\">\n<div class=\"cellscore\">Score: 0 / 2</div>"_s));
        // The person's comment at the answer cell it grades.
        const qsizetype comment = html.indexOf(u"<div class=\"comment\"><strong>Comment:</strong> Right, but say why the mean is 2.5</div>"_s);
        QVERIFY(comment > cell && comment < nextCell);
        QVERIFY(html.contains(u"<div class=\"check manual\"><span class=\"id\">explain-mean</span> <span class=\"pts\">1.5 / 2</span>"_s));
        // Failed, and said so, but not why: the hidden assertion's message and the hidden case's are not shown.
        QVERIFY(html.contains(u"<div class=\"check fail\"><span class=\"id\">correct_squares</span> <span class=\"pts\">0 / 2</span> "
                              "<span class=\"outcome\">failed</span><div class=\"fb\">the test failed (the cell has hidden tests, so "
                              "its message is not shown)</div>"_s));
        QVERIFY(html.contains(u"<div class=\"fb\">hidden test q_mean - 2 failed</div>"_s));
        for (const QString &secret : {u"squares(3)"_s, u"[1, 4, 9]"_s, u"BEGIN HIDDEN TESTS"_s,
                                      u"len(values) * 1000"_s, u"5073"_s, u"4073"_s})
            QVERIFY2(!html.contains(secret) && !html.contains(QString(secret).toHtmlEscaped()), qPrintable(secret));
        // The visible assertions are the student's own test cell (the release's): shown as they were handed out.
        QVERIFY(html.contains(u"assert squares(2) == [1, 4]"_s));
    }

    // A score set by hand names the automatic score beside it; a run that graded nothing (an unreadable notebook)
    // has none, and the page says so instead of "automatic: 0" (EffectiveGrade::automaticScore()).
    void handSetScoreNamesTheAutomaticOne()
    {
        FeedbackInput in = m_input;
        in.grade.submissionOverride = Override{QString(), 3, u"came by email"_s, {}};
        QString html = QString::fromUtf8(renderFeedbackHtml(in));
        QVERIFY2(html.contains(u"<p class=\"comment\">Score set by hand (automatic: 5): came by email</p>"_s), qPrintable(html));
        for (EffectiveCheck &c : in.grade.checks) {
            c.result.outcome = Outcome::NotGraded;
            c.result.points = 0;
            c.override_.reset();
        }
        in.grade.autoScore = 0;
        in.grade.runStatus = GradeStatus::NeedsReview;
        html = QString::fromUtf8(renderFeedbackHtml(in));
        QVERIFY2(html.contains(u"<p class=\"comment\">Score set by hand (automatic: none): came by email</p>"_s), qPrintable(html));
        QVERIFY(html.contains(u"Total: 3 / 11"_s));
    }

    void scoresOnlyWithoutNotebook()
    {
        FeedbackInput in = m_input;
        in.executed.reset();
        const QString html = QString::fromUtf8(renderFeedbackHtml(in));
        QVERIFY(html.contains(u"Total: 6.5 / 11"_s));
        QVERIFY(!html.contains(u"Your notebook"_s));
    }

    // A page without the executed notebook says which part is missing: the record of a run folder, the folder (run
    // folders are a cache), or only the notebook in it (a killed run). It said "run folder … is gone" for a folder
    // that was there (fresh-user test).
    void missingExecutedNotebookIsNamed()
    {
        QTemporaryDir tmp;
        const auto a = Assignment::load(QStringLiteral(SANDMARK_TEST_DATA_DIR "/assignments/good"));
        QVERIFY2(a, qPrintable(a ? QString() : a.error().toString()));
        const QString empty = tmp.filePath(u"runs/1/artifacts"_s), gone = tmp.filePath(u"runs/2/artifacts"_s);
        QVERIFY(QDir().mkpath(empty));
        QList<EffectiveGrade> grades(3);
        grades[0].studentId = u"ann"_s;
        grades[1].studentId = u"bo"_s;
        grades[1].artifacts = gone;
        grades[2].studentId = u"cy"_s;
        grades[2].artifacts = empty;
        const auto report = writeFeedbackFolder(*a, grades, tmp.filePath(u"out"_s));
        QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
        QCOMPARE(report->notes, (QStringList{
            u"no executed notebook for ann (run folder not recorded); the page shows the scores only"_s,
            u"no executed notebook for bo (run folder %1 is gone); the page shows the scores only"_s.arg(gone),
            u"no executed notebook for cy (%1 holds no executed.ipynb); the page shows the scores only"_s.arg(empty)}));
    }

    void fileNames()
    {
        QCOMPARE(feedbackFileName(u"alice"_s), u"alice.html"_s);
        QCOMPARE(feedbackFileName(u"../etc/passwd"_s), u"_._etc_passwd.html"_s);
        QCOMPARE(feedbackFileName(u".hidden"_s), u"_hidden.html"_s);
        QCOMPARE(feedbackFileName(QString()), u"_.html"_s);
        // Letters and digits of every script are kept (fresh-user finding: "Jürgen Süß" became J_rgen_S__.html), with
        // the marks that complete them; composed (NFC); separators, control characters and spaces are '_'.
        QCOMPARE(feedbackFileName(u"Zoë Ng"_s), u"Zoë_Ng.html"_s);
        QCOMPARE(feedbackFileName(u"Jürgen Süß"_s), u"Jürgen_Süß.html"_s);
        QCOMPARE(feedbackFileName(u"Zoe\u0308"_s), u"Zo\u00EB.html"_s); // decomposed in, composed out
        QCOMPARE(feedbackFileName(u"李 小龙"_s), u"李_小龙.html"_s);
        QCOMPARE(feedbackFileName(u"सुरेश"_s), u"सुरेश.html"_s);       // vowel signs are marks, not letters
        QCOMPARE(feedbackFileName(u"Ελένη_٣"_s), u"Ελένη_٣.html"_s);
        QCOMPARE(feedbackFileName(u"𝒜da"_s), u"𝒜da.html"_s);           // outside the BMP: one letter, not two halves
        QCOMPARE(feedbackFileName(u"a"_s + QChar(0) + u"b\tc/d\\e:f\u202Eg"_s), u"a_b_c_d_e_f_g.html"_s);
        QCOMPARE(feedbackFileName(u"\u0308x"_s), u"_x.html"_s);      // a mark never leads
        QCOMPARE(feedbackFileName(u"con"_s), u"_con.html"_s);         // Windows' device names
        QCOMPARE(feedbackFileName(u"COM1"_s), u"_COM1.html"_s);
        const QString longId = QString(200, QChar(u'ü'));
        QVERIFY(feedbackFileName(longId).toUtf8().size() <= 125);
        QCOMPARE(feedbackFileName(longId), QString(60, QChar(u'ü')) + u".html"_s);
        for (const QString &id : {u"Jürgen Süß"_s, u"../x"_s, longId, u"李 小龙"_s}) {
            const QString name = feedbackFileName(id);
            QCOMPARE(name, name.normalized(QString::NormalizationForm_C));
            QVERIFY(!name.startsWith(u'.') && !name.contains(u'/') && !name.contains(u'\\'));
            for (const QChar c : name)
                QVERIFY2(c.category() != QChar::Other_Control && c.category() != QChar::Other_Format, qPrintable(name));
        }
        // Two students never share a page: ids alike once composed, once case-folded, or once cut to the bound.
        const QStringList alike = {u"Zo\u00EB"_s, u"Zoe\u0308"_s, u"ZOË"_s, u"Straße"_s, u"STRASSE"_s, longId, longId + u"x"_s};
        const QHash<QString, QString> apart = feedbackFileNames(alike);
        QSet<QString> folded;
        for (const QString &id : alike)
            folded.insert(apart.value(id).toCaseFolded());
        QCOMPARE(folded.size(), alike.size());
        QCOMPARE(apart.value(u"Zo\u00EB"_s), u"Zo\u00EB.html"_s); // its own safe name: kept
        // A class at once: a student whose id is its own safe name keeps it, whichever comes first (fresh-user
        // finding: "a b" took a_b.html and the real a_b got a_b-2.html, so a TA sent a_b someone else's page).
        const QHash<QString, QString> names = feedbackFileNames({u"a b"_s, u"a_b"_s, u"A_B"_s, u"a_b-2"_s, u"x"_s});
        QCOMPARE(names.value(u"a_b"_s), u"a_b.html"_s);
        QCOMPARE(names.value(u"a_b-2"_s), u"a_b-2.html"_s);
        QCOMPARE(names.value(u"x"_s), u"x.html"_s);
        QCOMPARE(names.value(u"a b"_s), u"a_b-3.html"_s); // -2 is a student's own
        QCOMPARE(names.value(u"A_B"_s), u"A_B-4.html"_s); // a_b.html is taken case-insensitively (macOS)
    }
};

QTEST_GUILESS_MAIN(TestFeedback)
#include "tst_feedback.moc"
