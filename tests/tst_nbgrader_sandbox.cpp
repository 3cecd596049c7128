// nbgrader end to end, with the real bwrap sandbox and a real kernel (/usr/bin/python3 via SANDMARK_PYTHON):
// `sandmark-cli import nbgrader` on tests/data/nbgrader/source/ps1, `grade` of every fixture submission,
// `manual list|import`, `feedback`, and a forced regrade. The expected points are worked out by hand from
// nbgrader's rules (docs/nbgrader.md), not copied from Sandmark's output:
//  - every test cell runs the instructor's version (hidden tests included) at its place, whatever the
//    student did to it (kept, edited, emptied, deleted, copied);
//  - a test cell that raises scores 0, one that runs scores its points, one whose result is a number scores
//    that number, capped at its points;
//  - an answer cell left as the release had it: a manually graded one scores 0, a code one leaves the
//    names it should define undefined;
//  - unlike nbgrader, a warning on stderr in a test cell does not zero it.
// And tests/data/nbgrader/autotest-course: AUTOTEST and HASHED AUTOTEST expanded at import in the sandbox (the
// expected cells in its expected/ folder are nbgrader 0.9.6's own), then graded: every test cell all or nothing.
#include "gradebook/gradebook.h"
#include "notebook/notebook.h"
#include "notebook/nbgrader.h"
#include "notebook/release.h"
#include "sandbox/backend.h"

#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace sandmark;
using namespace Qt::Literals::StringLiterals;

namespace {

const QString kData = QStringLiteral(SANDMARK_TEST_DATA_DIR "/nbgrader");

/// Points per check, in the assignment's check order:
/// square-tests (2), total-tests (1), total-more (1), ratio-partial (3), explain (2, manual), words-tests (2).
/// -1: not graded (the manual answer awaiting a person).
struct Want
{
    QString student;
    QList<double> points;
    double total; ///< automatic total (a manual answer awaiting grading counts 0)
    GradeStatus status;
};

QList<Want> expectedGrades()
{
    // ratio-partial: the instructor's cell evaluates `2 if ratio == 0.75 else 0` with the locked ratio = 0.75:
    // 2 of 3 for everyone (partial credit). words-tests: `len(words)`, capped at 2.
    // Every status is needs-manual but untouched's: the markdown answer 'explain' awaits a person (untouched's was
    // left as released, 0 by nbgrader's rule, and its words cell raised: needs-review).
    return {
        // kept test cells, two words
        {u"keeps"_s, {2, 1, 1, 2, -1, 2}, 8, GradeStatus::NeedsManual},
        // square-tests edited to `assert True`, words-tests edited to `100`: the instructor's versions ran;
        // five words: 5 is capped at the cell's 2 points
        {u"edits"_s, {2, 1, 1, 2, -1, 2}, 8, GradeStatus::NeedsManual},
        // square-tests emptied: the instructor's version ran in its place
        {u"empties"_s, {2, 1, 1, 2, -1, 2}, 8, GradeStatus::NeedsManual},
        // every test cell deleted: restored after their answers; total-more uses `checked` from total-tests
        {u"deletes"_s, {2, 1, 1, 2, -1, 2}, 8, GradeStatus::NeedsManual},
        // square() warns (DeprecationWarning on stderr inside the test cell): nbgrader would give 0, Sandmark 2
        {u"warns"_s, {2, 1, 1, 2, -1, 2}, 8, GradeStatus::NeedsManual},
        // square returns x + x: 6 != 9; total = 44: total-tests fails, and total-more (assert checked, False)
        // too; one word: 1 of 2
        {u"wrong"_s, {0, 0, 0, 2, -1, 1}, 3, GradeStatus::NeedsManual},
        // square and words untouched (NotImplementedError: the words cell raised, so needs-review; words is
        // undefined in words-tests), explain untouched: 0 by nbgrader's rule, not awaiting anyone
        {u"untouched"_s, {0, 1, 1, 2, 0, 0}, 4, GradeStatus::NeedsReview},
        // square-tests copied twice (one copy edited to fail): the test ran once, at the first cell
        {u"copies"_s, {2, 1, 1, 2, -1, 2}, 8, GradeStatus::NeedsManual},
    };
}

using Cli = sandmark::test::CliRun;

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestNbgraderSandbox : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_skip;
    QString m_assignment, m_gradebook;
    bool m_graded = false; ///< gradesAreNbgradersRules() passed: the later steps build on its gradebook
    /// tests/data/nbgrader/outcomes: ps2 imported, with a value check anchored on the answer cell 'scaled', and
    /// its submissions graded once (gradeOutcomes()) into m_outcomesGradebook.
    QString m_outcomes, m_outcomesGradebook;
    Cli m_outcomesRun;

    /// Imports tests/data/nbgrader/outcomes/source/ps2 (once), adds the value check, copies the submissions
    /// there and grades them with `grade --json`. The result stays in m_outcomesRun.
    bool gradeOutcomes()
    {
        if (!m_outcomes.isEmpty())
            return m_outcomesRun.code >= 0;
        const QString data = QStringLiteral(SANDMARK_TEST_DATA_DIR "/nbgrader/outcomes");
        m_outcomes = m_tmp.filePath(u"ps2"_s);
        m_outcomesGradebook = m_tmp.filePath(u"ps2.sqlite"_s);
        const Cli import = cli({u"import"_s, u"nbgrader"_s, data + u"/source/ps2"_s, u"-o"_s, m_outcomes});
        if (import.code != 0)
            qWarning("%s", import.err.constData());
        // `scaled`, read right after its answer cell (which tampers copies: the anchor is then on two cells).
        const Cli add = cli({u"checks"_s, u"add"_s, u"value"_s, m_outcomes, u"--variable"_s, u"scaled"_s, u"--anchor"_s,
                             u"scaled"_s, u"--points"_s, u"1"_s});
        if (add.code != 0)
            qWarning("%s", add.err.constData());
        for (const QString &student : {u"keeps"_s, u"tampers"_s}) {
            QDir().mkpath(m_outcomes + u"/submissions/"_s + student);
            QFile::copy(data + u"/submissions/"_s + student + u"/ps2.ipynb"_s,
                        m_outcomes + u"/submissions/"_s + student + u"/ps2.ipynb"_s);
        }
        m_outcomesRun = cli({u"grade"_s, m_outcomes, u"--gradebook"_s, m_outcomesGradebook, u"--json"_s, u"--jobs"_s, u"2"_s},
                            900000);
        return m_outcomesRun.code >= 0;
    }

    Cli cli(const QStringList &args, int timeoutMs = 60000)
    {
        // The reference cache and run folders go to the test's own folder.
        return sandmark::test::runCli(args, {{u"SANDMARK_CACHE_DIR"_s, m_tmp.filePath(u"cache"_s)}}, {}, timeoutMs);
    }

    QMap<QString, EffectiveGrade> grades()
    {
        QMap<QString, EffectiveGrade> out;
        auto gb = Gradebook::open(m_gradebook);
        if (!gb)
            qFatal("%s", qPrintable(gb.error().toString()));
        const auto all = (*gb)->effectiveGrades(); // named: a range-for does not keep a temporary alive
        for (const EffectiveGrade &g : *all)
            out.insert(g.studentId, g);
        return out;
    }

    /// The student's folder, copied from the fixtures into the assignment's submissions/ folder (grade takes
    /// paths only there).
    QString submitted(const QString &student)
    {
        const QString src = kData + u"/submissions/"_s + student, dest = m_assignment + u"/submissions/"_s + student;
        QDir().mkpath(dest);
        for (const QString &name : QDir(src).entryList(QDir::Files)) {
            QFile::remove(dest + u"/"_s + name);
            QFile::copy(src + u"/"_s + name, dest + u"/"_s + name);
        }
        return dest;
    }

    QStringList submissionFolders()
    {
        QStringList out;
        for (const Want &e : expectedGrades())
            out << submitted(e.student);
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        // Run folders live under it: the sandbox user (when running as root) must be able to reach them.
        QVERIFY(QFile::setPermissions(m_tmp.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                        | QFileDevice::ReadGroup | QFileDevice::ExeGroup
                                                        | QFileDevice::ReadOther | QFileDevice::ExeOther));
        std::unique_ptr<SandboxBackend> bwrap = createBackend(SandboxKind::Bwrap, {});
        if (Expected<void> c = bwrap->check(); !c)
            m_skip = u"bwrap cannot run here: "_s + c.error().toString();
        m_assignment = m_tmp.filePath(u"ps1"_s);
        m_gradebook = m_tmp.filePath(u"gradebook.sqlite"_s);
        const Cli import = cli({u"import"_s, u"nbgrader"_s, kData + u"/source/ps1"_s, u"-o"_s, m_assignment});
        QVERIFY2(import.code == 0, import.err.constData());
    }

    void gradesAreNbgradersRules()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        const Cli run = cli(QStringList{u"grade"_s, m_assignment, u"--gradebook"_s, m_gradebook, u"--jobs"_s, u"2"_s}
                                + submissionFolders(),
                            900000);
        QVERIFY2(run.code == 0 || run.code == 1, run.err.constData());
        const QMap<QString, EffectiveGrade> got = grades();
        const QStringList ids = {u"square-tests"_s, u"total-tests"_s, u"total-more"_s,
                                 u"ratio-partial"_s, u"explain"_s, u"words-tests"_s};
        QCOMPARE(got.size(), expectedGrades().size());
        for (const Want &e : expectedGrades()) {
            const EffectiveGrade g = got.value(e.student);
            QCOMPARE(g.studentId, e.student);
            QVERIFY2(g.status == e.status, qPrintable(e.student + u": "_s + gradeStatusName(g.status) + u" "_s
                                                      + g.reasons.join(u"; "_s)));
            QCOMPARE(g.maxScore, 11.0);
            QCOMPARE(g.checks.size(), ids.size());
            for (int i = 0; i < ids.size(); ++i) {
                const CheckResult &c = g.checks.at(i).result;
                const QString where = e.student + u" "_s + c.checkId + u": "_s + c.feedback;
                QCOMPARE(c.checkId, ids.at(i));
                if (e.points.at(i) < 0) {
                    QVERIFY2(c.outcome == Outcome::NotGraded, qPrintable(where));
                    QCOMPARE(c.points, 0.0);
                } else {
                    QVERIFY2(c.outcome != Outcome::NotGraded, qPrintable(where));
                    QVERIFY2(qFuzzyCompare(c.points + 1, e.points.at(i) + 1),
                             qPrintable(where + u" (got %1, want %2)"_s.arg(c.points).arg(e.points.at(i))));
                }
            }
            QCOMPARE(g.autoScore, e.total);
            QCOMPARE(*g.score(), e.total);
        }
        // Feedback texts that say why.
        QCOMPARE(got.value(u"wrong"_s).checks.at(5).result.feedback, u"partial credit: 1 of 2 points"_s);
        QCOMPARE(got.value(u"untouched"_s).checks.at(0).result.feedback.left(19), u"NotImplementedError"_s);
        QCOMPARE(got.value(u"untouched"_s).checks.at(4).result.feedback,
                 u"not answered: answer cell 'explain' still holds the release's text"_s);
        QVERIFY(got.value(u"untouched"_s).reasons.join(u"\n"_s).contains(u"NotImplementedError"_s));
        m_graded = true;
    }

    void warningReachedStderrInTheTestCell()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        if (!m_graded)
            QSKIP("grading failed (see gradesAreNbgradersRules)");
        // The difference from nbgrader is only real if the warning was printed while the test cell ran: the
        // run's record shows output from the injected square-tests cell.
        const EffectiveGrade warns = grades().value(u"warns"_s);
        QVERIFY(!warns.artifacts.isEmpty());
        const QJsonObject record = QJsonDocument::fromJson(readFile(warns.artifacts + u"/record.json"_s)).object();
        bool found = false;
        for (const QJsonValue &v : record.value(u"cells"_s).toArray()) {
            const QJsonObject c = v.toObject();
            if (c.value(u"check"_s).toString() == u"square-tests"_s) {
                found = true;
                QCOMPARE(c.value(u"status"_s).toString(), u"ok"_s);
                QVERIFY(c.value(u"output_bytes"_s).toInt() > 0);
            }
        }
        QVERIFY(found);
        const QByteArray executed = readFile(warns.artifacts + u"/executed.ipynb"_s);
        QVERIFY(executed.contains("deprecated thing")); // the student's own cell's warning, on stderr
    }

    // Hostile submissions (run only here, in the sandbox): the "wrong" submission (square-tests and total-tests
    // fail) plus a first cell that registers an IPython input or AST transformer to defeat the test cells.
    // Before the fix, rewriting the injected test cell into `pass` made the failing tests pass. Now the test's code
    // never enters the kernel (the runner's test process runs it; the kernel only answers requests for values), and
    // changed transformer lists make the run needs-review.
    void transformersCannotPassHiddenTests()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        const QMap<QString, QString> hostile = {
            // Every cell that mentions Sandmark becomes `pass` (before the fix: the test cell itself).
            {u"cleanup"_s, u"def _neuter(lines):\n"
                           "    return ['pass\\n'] if any('sandmark' in l.lower() or 'assert' in l for l in lines) else lines\n"
                           "get_ipython().input_transformers_cleanup.append(_neuter)\n"_s},
            {u"post"_s, u"def _neuter(lines):\n"
                        "    return ['pass\\n'] if any('sandmark' in l.lower() or 'assert' in l for l in lines) else lines\n"
                        "get_ipython().input_transformers_post.append(_neuter)\n"_s},
            // Strips every assert statement (before the fix: the hidden tests' asserts).
            {u"ast"_s, u"import ast\n"
                       "class _NoAsserts(ast.NodeTransformer):\n"
                       "    def visit_Assert(self, node):\n"
                       "        return ast.Pass()\n"
                       "get_ipython().ast_transformers.append(_NoAsserts())\n"_s},
            // Rewrites the stub into a forged "pass" result (no valid signature: it does not know how to sign).
            {u"forge"_s, u"import re\n"
                         "def _forge(lines):\n"
                         "    text = ''.join(lines)\n"
                         "    m = re.search(r'm\\.run\\(globals\\(\\), (\"[^\"]*\")', text)\n"
                         "    if not m:\n"
                         "        return lines\n"
                         "    return ['from IPython.display import display\\n',\n"
                         "            'display({\"application/vnd.sandmark.test+json\": {\"format\": \"sandmark-test/1\", '\n"
                         "            '\"check\": %s, \"ok\": True, \"ename\": \"\", \"evalue\": \"\", \"result_text\": None, '\n"
                         "            '\"sig\": \"0\" * 64}}, raw=True)\\n' % m.group(1)]\n"
                         "get_ipython().input_transformers_cleanup.append(_forge)\n"_s},
        };
        QJsonObject wrong = QJsonDocument::fromJson(readFile(kData + u"/submissions/wrong/ps1.ipynb"_s)).object();
        QVERIFY(!wrong.isEmpty());
        QStringList folders;
        for (auto it = hostile.cbegin(); it != hostile.cend(); ++it) {
            QJsonObject nb = wrong;
            QJsonArray cells = nb.value(u"cells"_s).toArray();
            QJsonObject cell{{u"cell_type"_s, u"code"_s}, {u"execution_count"_s, QJsonValue::Null},
                             {u"metadata"_s, QJsonObject{}}, {u"outputs"_s, QJsonArray{}}, {u"source"_s, it.value()}};
            if (nb.value(u"nbformat_minor"_s).toInt() >= 5)
                cell.insert(u"id"_s, u"hostile"_s);
            cells.insert(0, cell);
            nb.insert(u"cells"_s, cells);
            const QString dir = m_assignment + u"/submissions/"_s + it.key();
            QVERIFY(QDir().mkpath(dir));
            QFile f(dir + u"/ps1.ipynb"_s);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QJsonDocument(nb).toJson());
            f.close();
            folders << dir;
        }
        const QString gradebook = m_tmp.filePath(u"hostile.sqlite"_s);
        const Cli run = cli(QStringList{u"grade"_s, m_assignment, u"--gradebook"_s, gradebook, u"--jobs"_s, u"2"_s} + folders
                                + QStringList{submitted(u"keeps"_s)},
                            900000);
        QVERIFY2(run.code == 0 || run.code == 1, run.err.constData());
        auto gb = Gradebook::open(gradebook);
        QVERIFY(gb);
        const auto all = (*gb)->effectiveGrades();
        QVERIFY(all);
        QMap<QString, EffectiveGrade> got;
        for (const EffectiveGrade &g : *all)
            got.insert(g.studentId, g);
        QCOMPARE(got.size(), hostile.size() + 1);
        for (auto it = hostile.cbegin(); it != hostile.cend(); ++it) {
            const EffectiveGrade g = got.value(it.key());
            const QString who = it.key() + u": "_s + g.reasons.join(u"; "_s);
            // square-tests and total-tests fail for this student: never a pass, whatever the transformer did.
            for (int i : {0, 1}) {
                const CheckResult &c = g.checks.at(i).result;
                QVERIFY2(c.outcome != Outcome::Pass, qPrintable(who + u" / "_s + c.checkId + u": "_s + c.feedback));
                QCOMPARE(c.points, 0.0);
            }
            QVERIFY2(g.status == GradeStatus::NeedsReview, qPrintable(who));
            QVERIFY2(g.reasons.join(u"\n"_s).contains(u"changed IPython's input/AST transformers"_s), qPrintable(who));
            const QJsonObject record = QJsonDocument::fromJson(readFile(g.artifacts + u"/record.json"_s)).object();
            QCOMPARE(record.value(u"transformers_changed"_s).toObject().value(u"where"_s).toString(), u"cells[0]"_s);
        }
        // The AST transformer cannot touch the test's code: the asserts ran and failed as themselves.
        QCOMPARE(got.value(u"ast"_s).checks.at(0).result.outcome, Outcome::Fail);
        // The runner's requests for values mention Sandmark: rewritten into `pass`, they answered nothing, so the tests
        // got no values and are not graded (the interference named), so a person looks.
        for (const QString &who : {u"cleanup"_s, u"post"_s}) {
            QVERIFY2(got.value(who).checks.at(0).result.outcome == Outcome::NotGraded,
                     qPrintable(who + u": "_s + got.value(who).checks.at(0).result.feedback));
            QVERIFY(got.value(who).reasons.join(u"\n"_s).contains(u"the notebook interfered with grading: "_s));
        }
        // The forged signed result (the old stub's format) finds no stub to replace and is ignored: the test ran on
        // the notebook's real values and failed as itself.
        QVERIFY2(got.value(u"forge"_s).checks.at(0).result.outcome == Outcome::Fail,
                 qPrintable(got.value(u"forge"_s).checks.at(0).result.feedback));
        // The honest submission still gets its points, with nothing flagged.
        const EffectiveGrade keeps = got.value(u"keeps"_s);
        QCOMPARE(keeps.status, GradeStatus::NeedsManual); // nothing flagged; the manual answer awaits a person
        QCOMPARE(keeps.autoScore, 8.0);
        const QJsonObject record = QJsonDocument::fromJson(readFile(keeps.artifacts + u"/record.json"_s)).object();
        QVERIFY(record.value(u"transformers_changed"_s).isNull());
    }

    /// ps1 imported again into its own folder `name` (the hostile tests add a check), with the "wrong" submission's
    /// notebook plus one hostile cell per entry of `hostile` (inserted at `at`) as a submission each.
    QStringList hostileSubmissions(const QString &assignment, const QMap<QString, QString> &hostile, int at)
    {
        QJsonObject wrong = QJsonDocument::fromJson(readFile(kData + u"/submissions/wrong/ps1.ipynb"_s)).object();
        QStringList folders;
        for (auto it = hostile.cbegin(); it != hostile.cend(); ++it) {
            QJsonObject nb = wrong;
            QJsonArray cells = nb.value(u"cells"_s).toArray();
            QJsonObject cell{{u"cell_type"_s, u"code"_s}, {u"execution_count"_s, QJsonValue::Null},
                             {u"metadata"_s, QJsonObject{}}, {u"outputs"_s, QJsonArray{}}, {u"source"_s, it.value()}};
            if (nb.value(u"nbformat_minor"_s).toInt() >= 5)
                cell.insert(u"id"_s, u"hostile"_s);
            cells.insert(at < 0 ? cells.size() : at, cell);
            nb.insert(u"cells"_s, cells);
            const QString dir = assignment + u"/submissions/"_s + it.key();
            QDir().mkpath(dir);
            QFile f(dir + u"/ps1.ipynb"_s);
            if (f.open(QIODevice::WriteOnly))
                f.write(QJsonDocument(nb).toJson());
            folders << dir;
        }
        return folders;
    }

    QMap<QString, EffectiveGrade> gradesIn(const QString &gradebook)
    {
        QMap<QString, EffectiveGrade> got;
        auto gb = Gradebook::open(gradebook);
        if (!gb)
            return got;
        const auto all = (*gb)->effectiveGrades();
        for (const EffectiveGrade &g : *all)
            got.insert(g.studentId, g);
        return got;
    }

    // The security report's forging attacks (issue 14), each a cell of the "wrong" submission (square returns x + x,
    // total = 44, one word), graded in the real sandbox. Before test checks ran in their own interpreter, each of
    // them passed every hidden test it aimed at, with status graded and no reason. Now no test the submission fails
    // passes: the test's code and verdict live in a process the notebook never ran in, its built-ins and modules are
    // Python's own, and the notebook's values arrive as data.
    void forgedVerdictsNeverPass()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        const QString assignment = m_tmp.filePath(u"forge"_s);
        QVERIFY2(cli({u"import"_s, u"nbgrader"_s, kData + u"/source/ps1"_s, u"-o"_s, assignment}).code == 0, "import");
        // A hidden test that uses built-ins and numpy (the report's shadowed abs and patched np.isclose).
        const Cli add = cli({u"checks"_s, u"add"_s, u"test"_s, assignment, u"--id"_s, u"numpy-total"_s, u"--code"_s,
                             u"import numpy as np\nassert np.isclose(abs(total - 45), 0) and len(words) == 2\n"_s},
                            300000);
        QVERIFY2(add.code == 0, add.err.constData());
        const QMap<QString, QString> hostile = {
            // builtins.exec skips whatever Sandmark compiles for a test.
            {u"exec"_s, u"import builtins\n_real = builtins.exec\n"
                        "def _exec(code, *a, **k):\n"
                        "    if 'sandmark' in str(getattr(code, 'co_filename', '')):\n        return None\n"
                        "    return _real(code, *a, **k)\n"
                        "builtins.exec = _exec\n"_s},
            // base64 that decodes every test into `None`.
            {u"base64"_s, u"import sys, types\nfake = types.ModuleType('base64')\n"
                          "fake.b64decode = lambda *a, **k: b'None'\nfake.b64encode = lambda *a, **k: b''\n"
                          "sys.modules['base64'] = fake\n"_s},
            // IPython's TransformerManager that turns every test into `pass`.
            {u"manager"_s, u"import IPython.core.inputtransformer2 as t2\n"
                           "class TM(t2.TransformerManager):\n"
                           "    def transform_cell(self, cell):\n        return 'pass\\n'\n"
                           "t2.TransformerManager = TM\n"_s},
            // A pre_run_cell hook that keeps every cell the kernel runs (the report stole the nonce and the test's
            // code there) and re-signs a pass through display; a later cell prints what it kept (the report's
            // exfiltration into the student's own feedback).
            {u"hook"_s, u"from IPython.display import display\n_seen = []\n"
                        "def _spy(info):\n"
                        "    _seen.append(info.raw_cell)\n"
                        "    display({'application/vnd.sandmark.test+json': {'format': 'sandmark-test/1', 'check': 'square-tests',"
                        " 'ok': True, 'ename': '', 'evalue': '', 'result_text': None, 'sig': '0' * 64}}, raw=True)\n"
                        "get_ipython().events.register('pre_run_cell', _spy)\n"_s},
            // Built-ins shadowed in the notebook's globals, numpy patched, and values whose methods lie.
            {u"shadow"_s, u"import numpy as np\nnp.isclose = lambda *a, **k: True\n"
                          "abs = lambda x: 0\nlen = lambda x: 2\nisinstance = lambda *a: True\n"
                          "class Eq(int):\n    def __eq__(self, other):\n        return True\n"
                          "    __hash__ = int.__hash__\n"
                          "def square(x):\n    return Eq(x + x)\n"_s},
        };
        // Each right after `def square` (cells[1]): the "shadow" cell replaces square by one whose results claim to
        // equal anything.
        QStringList folders = hostileSubmissions(assignment, hostile, 2);
        // The hook's later cell: appended to the hook submission.
        {
            const QString path = assignment + u"/submissions/hook/ps1.ipynb"_s;
            QJsonObject nb = QJsonDocument::fromJson(readFile(path)).object();
            QJsonArray cells = nb.value(u"cells"_s).toArray();
            cells.append(QJsonObject{{u"cell_type"_s, u"code"_s}, {u"execution_count"_s, QJsonValue::Null},
                                     {u"id"_s, u"leak"_s}, {u"metadata"_s, QJsonObject{}}, {u"outputs"_s, QJsonArray{}},
                                     {u"source"_s, u"print('SEEN:', _seen)\n"_s}});
            nb.insert(u"cells"_s, cells);
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QJsonDocument(nb).toJson());
        }
        const QString gradebook = m_tmp.filePath(u"forge.sqlite"_s);
        const Cli run = cli(QStringList{u"grade"_s, assignment, u"--gradebook"_s, gradebook, u"--jobs"_s, u"2"_s} + folders,
                            900000);
        QVERIFY2(run.code == 0 || run.code == 1, run.err.constData());
        const QMap<QString, EffectiveGrade> got = gradesIn(gradebook);
        QCOMPARE(got.size(), hostile.size());
        // Check order: square-tests, total-tests, total-more, ratio-partial, explain, words-tests, numpy-total.
        for (auto it = hostile.cbegin(); it != hostile.cend(); ++it) {
            const EffectiveGrade g = got.value(it.key());
            const QString who = it.key() + u": "_s + g.reasons.join(u"; "_s);
            QCOMPARE(g.checks.size(), 7);
            for (int i : {0, 1, 2, 6}) { // the tests "wrong" fails: none passes, whatever the cell did
                const CheckResult &c = g.checks.at(i).result;
                QVERIFY2(c.outcome != Outcome::Pass, qPrintable(who + u" / "_s + c.checkId + u": "_s + c.feedback));
                QCOMPARE(c.points, 0.0);
            }
            QVERIFY2(g.checks.at(5).result.points <= 1.0, qPrintable(who)); // one word: at most 1 of 2
            QVERIFY2(g.autoScore <= 3.0, qPrintable(who + u" scored %1"_s.arg(g.autoScore)));
            QVERIFY2(g.status != GradeStatus::GraderError, qPrintable(who));
        }
        // Where the attack broke Sandmark's code in the kernel, the tamper is named (needs review), never a pass.
        QVERIFY2(got.value(u"exec"_s).status == GradeStatus::NeedsReview, qPrintable(got.value(u"exec"_s).reasons.join(u"; "_s)));
        QVERIFY(got.value(u"exec"_s).reasons.join(u"\n"_s).contains(u"the notebook interfered with grading: "_s));
        // The others change nothing Sandmark relies on: the tests ran and failed as themselves.
        for (const QString &who : {u"base64"_s, u"manager"_s, u"hook"_s, u"shadow"_s})
            QVERIFY2(got.value(who).checks.at(0).result.outcome == Outcome::Fail,
                     qPrintable(who + u": "_s + got.value(who).checks.at(0).result.feedback));
        // The hook saw only the runner's requests for values: no test code, no key, nothing in the feedback.
        const QByteArray executed = readFile(got.value(u"hook"_s).artifacts + u"/executed.ipynb"_s);
        QVERIFY2(executed.contains("SEEN:") && executed.contains("_sandmark_values"), executed.right(2000).constData());
        // (The visible `assert square(3) == 9` is the student's own cell, restored; the hidden test is not.)
        QVERIFY(!executed.contains("square(-4) == 16"));
        QVERIFY(!executed.contains("== 16"));
        QVERIFY(!executed.contains("np.isclose(abs(total"));
        QVERIFY(!executed.contains("sandmark.test+json\": {\"format")); // the forged result was dropped
    }

    // The security report's dodges (issue 14): each made the runner crash or write a result no reader takes, so the
    // wrong answers became grader-error (never charged) at will. Now each is the submission's outcome: needs review
    // with "the notebook interfered with grading: …", and the tests it fails are still failed or not graded.
    void dodgesAreTheSubmissionsOutcome()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        const QString assignment = m_tmp.filePath(u"dodge"_s);
        QVERIFY2(cli({u"import"_s, u"nbgrader"_s, kData + u"/source/ps1"_s, u"-o"_s, assignment}).code == 0, "import");
        const QMap<QString, QString> hostile = {
            {u"dumps"_s, u"import json\njson.dumps = lambda *a, **k: '{}'\n"_s},
            {u"traceback"_s, u"k = get_ipython().kernel\n"
                             "k.session.send(k.iopub_socket, 'error', {'ename': 'E', 'evalue': 'v', 'traceback': 5},"
                             " parent=k.get_parent('shell'))\n"_s},
            {u"count"_s, u"get_ipython().execution_count = 10 ** 400\n"_s},
            {u"metadata"_s, u"from IPython.display import display\n"
                            "display({'text/plain': 'x'}, raw=True, metadata={'n': 10 ** 400})\n"_s},
            // Every process it can see, the grading runner and the test process included (fresh-user trial, s9).
            {u"killall"_s, u"import os, signal\n"
                           "for p in os.listdir('/proc'):\n"
                           "    if p.isdigit() and int(p) != os.getpid():\n"
                           "        try:\n            os.kill(int(p), signal.SIGKILL)\n"
                           "        except OSError:\n            pass\n"_s},
        };
        const QStringList folders = hostileSubmissions(assignment, hostile, 2);
        const QString gradebook = m_tmp.filePath(u"dodge.sqlite"_s);
        const Cli run = cli(QStringList{u"grade"_s, assignment, u"--gradebook"_s, gradebook, u"--jobs"_s, u"2"_s} + folders,
                            900000);
        QVERIFY2(run.code == 0 || run.code == 1, run.err.constData()); // none is a grader error (exit 3, before)
        const QMap<QString, EffectiveGrade> got = gradesIn(gradebook);
        QCOMPARE(got.size(), hostile.size());
        for (auto it = hostile.cbegin(); it != hostile.cend(); ++it) {
            const EffectiveGrade g = got.value(it.key());
            const QString who = it.key() + u": "_s + g.reasons.join(u"; "_s);
            QVERIFY2(g.status == GradeStatus::NeedsReview, qPrintable(who));
            QVERIFY2(g.reasons.join(u"\n"_s).contains(u"the notebook interfered with grading: "_s), qPrintable(who));
            for (int i : {0, 1}) // square-tests, total-tests: failed or not graded, never passed
                QVERIFY2(g.checks.at(i).result.outcome != Outcome::Pass, qPrintable(who));
        }
        // Where the kernel went on, the tests ran and failed as themselves.
        for (const QString &who : {u"traceback"_s, u"count"_s, u"metadata"_s})
            QCOMPARE(got.value(who).checks.at(0).result.outcome, Outcome::Fail);
    }

    void untouchedSubmissionIsDetectable()
    {
        auto source = Notebook::load(m_assignment + u"/ps1.ipynb"_s);
        QVERIFY(source);
        auto release = makeRelease(*source, u"ps1.ipynb"_s);
        QVERIFY(release);
        auto submitted = Notebook::load(kData + u"/submissions/untouched/ps1.ipynb"_s);
        QVERIFY(submitted);
        QStringList untouched;
        for (const CellChange &c : compareWithRelease(release->notebook, *submitted))
            if (c.kind == CellChange::Kind::AnswerUntouched)
                untouched << c.gradeId;
        QCOMPARE(untouched, (QStringList{u"square"_s, u"explain"_s, u"words"_s}));
    }

    // Changes to nbgrader's protected cells (an edited test cell, a changed locked cell, a deleted cell, a copied
    // cell) and the warnings `run` and `instrument` print (an answer cell's anchor on two cells: the last is
    // probed; an unknown kernelspec) are the run's notes: in the gradebook, `grade --json` and the feedback page,
    // never reasons, and the grade stays what the answers earn.
    void changesAndWarningsAreNotes()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        QVERIFY(gradeOutcomes());
        auto gb = Gradebook::open(m_outcomesGradebook);
        QVERIFY2(gb, m_outcomesRun.err.constData());
        const auto tampers = (*gb)->effectiveGrade(u"tampers"_s);
        QVERIFY2(tampers && *tampers, m_outcomesRun.err.constData());
        const EffectiveGrade &g = **tampers;
        const QString who = g.reasons.join(u" | "_s) + u" || "_s + g.notes.join(u" | "_s);
        QCOMPARE(g.autoScore, 4.0); // square-tests 2 (the instructor's test ran), scaled-tests 1, scaled 1
        const QStringList expected = {
            u"answer cell 'scaled' appears on several cells; probed after the last, cells[7]"_s,
            u"cell 'intro' was deleted"_s,
            u"locked cell 'setup' was changed (cells[0])"_s,
            u"test cell 'square-tests' was edited (cells[4]); the instructor's version ran"_s,
            u"cell 'scaled' was copied: 1 more time(s) (cells[7]) after cells[5]"_s,
        };
        QCOMPARE(g.notes.mid(0, expected.size()), expected);
        // Then the record's warning, then the teaching cells' errors (teachingCellsRaiseOnPurpose()).
        QCOMPARE(g.notes.size(), expected.size() + 3);
        QVERIFY2(g.notes.at(expected.size()).startsWith(u"kernelspec 'conda-env-course-py' ignored: running the Python kernel of "_s),
                 qPrintable(who));
        for (const QString &n : g.notes)
            QVERIFY2(!g.reasons.contains(n), qPrintable(who));
        // The untouched-but-answered submission notes no change.
        const auto keeps = (*gb)->effectiveGrade(u"keeps"_s);
        QVERIFY(keeps && *keeps);
        for (const QString &n : (*keeps)->notes)
            QVERIFY2(!n.contains(u"was "_s) && !n.contains(u"kernelspec"_s), qPrintable(n));

        // grade --json carries them as "notes".
        bool seen = false;
        for (const QByteArray &line : m_outcomesRun.out.split('\n')) {
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (o.value(u"submission"_s).toString() != u"tampers"_s)
                continue;
            seen = true;
            QCOMPARE(o.value(u"notes"_s).toVariant().toStringList(), g.notes);
        }
        QVERIFY2(seen, m_outcomesRun.out.constData());

        // The feedback page lists them for the student.
        const QString dir = m_tmp.filePath(u"ps2-feedback"_s);
        const Cli fb = cli({u"feedback"_s, m_outcomes, u"--gradebook"_s, m_outcomesGradebook, u"--student"_s, u"tampers"_s,
                            u"-o"_s, dir});
        QVERIFY2(fb.code == 0, fb.err.constData());
        const QString html = QString::fromUtf8(readFile(dir + u"/tampers.html"_s));
        QVERIFY2(html.contains(u"<li>locked cell &#39;setup&#39; was changed (cells[0])</li>"_s), qPrintable(html));
        QVERIFY(html.contains(u"<li>test cell &#39;square-tests&#39; was edited (cells[4]); the instructor&#39;s version ran</li>"_s));
        QVERIFY(html.contains(u"<li>kernelspec &#39;conda-env-course-py&#39; ignored"_s));
    }

    // A teaching notebook's cells that raise on purpose: `not_assigned_yet` in a cell that is neither an answer nor a
    // test, and `1 / 0` tagged raises-exception. The reference run notes them instead of failing, and a submission
    // whose same cells raise the same is graded, with the errors as notes.
    void teachingCellsRaiseOnPurpose()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        QVERIFY(gradeOutcomes());
        QVERIFY2(m_outcomesRun.err.contains("sandmark-cli: note: reference run: cells[2] raised NameError: name "
                                            "'not_assigned_yet' is not defined (not an answer or test cell: noted, not a "
                                            "failure)\n"),
                 m_outcomesRun.err.constData());
        QVERIFY2(m_outcomesRun.err.contains("sandmark-cli: note: reference run: cells[3] raised ZeroDivisionError: division "
                                            "by zero (tagged raises-exception: expected)\n"),
                 m_outcomesRun.err.constData());
        auto gb = Gradebook::open(m_outcomesGradebook);
        QVERIFY(gb);
        const auto keeps = (*gb)->effectiveGrade(u"keeps"_s);
        QVERIFY2(keeps && *keeps, m_outcomesRun.err.constData());
        const EffectiveGrade &g = **keeps;
        QVERIFY2(g.status == GradeStatus::Graded, qPrintable(g.reasons.join(u" | "_s)));
        QCOMPARE(g.autoScore, 4.0);
        QCOMPARE(g.notes, (QStringList{u"cells[2] raised NameError: name 'not_assigned_yet' is not defined, as the "
                                       "instructor notebook's same cell does (noted, not a problem)"_s,
                                       u"cells[3] raised ZeroDivisionError: division by zero (tagged raises-exception: "
                                       "expected)"_s}));
        const auto tampers = (*gb)->effectiveGrade(u"tampers"_s);
        QVERIFY(tampers && *tampers);
        QCOMPARE((*tampers)->status, GradeStatus::Graded);
        QCOMPARE((*tampers)->notes.mid(6), (QStringList{u"cells[1] raised NameError: name 'not_assigned_yet' is not "
                                                        "defined, as the instructor notebook's same cell does (noted, not a "
                                                        "problem)"_s,
                                                        u"cells[2] raised ZeroDivisionError: division by zero (tagged "
                                                        "raises-exception: expected)"_s}));
    }

    // tests/data/nbgrader/outcomes/source/ps3: the instructor notebook fails two of its own tests (a typo; a module
    // the environment lacks) and leaves the name of a value check undefined (an aside cell raises before assigning
    // it). Those three checks are not graded for anyone, each with the reference's error as its reason (the
    // module named, with the fix); the one sound check is graded; `validate --health` names them.
    void brokenChecksFailNoOneElse()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        const QString data = QStringLiteral(SANDMARK_TEST_DATA_DIR "/nbgrader/outcomes");
        const QString ps3 = m_tmp.filePath(u"ps3"_s);
        Cli run = cli({u"import"_s, u"nbgrader"_s, data + u"/source/ps3"_s, u"-o"_s, ps3});
        QVERIFY2(run.code == 0, run.err.constData());
        run = cli({u"checks"_s, u"add"_s, u"value"_s, ps3, u"--variable"_s, u"later"_s, u"--points"_s, u"1"_s});
        QVERIFY2(run.code == 0, run.err.constData());
        QVERIFY(QDir().mkpath(ps3 + u"/submissions/good"_s));
        QVERIFY(QFile::copy(data + u"/submissions-ps3/good/ps3.ipynb"_s, ps3 + u"/submissions/good/ps3.ipynb"_s));

        const QString typo = u"the test check fails on the instructor notebook (AssertionError: the instructor's typo); "
                             "fix the test or the solution"_s;
        const QString module = u"the test check fails on the instructor notebook (ModuleNotFoundError: No module named "
                               "'course_helpers_absent'): the environment has no module 'course_helpers_absent': add the "
                               "package that provides it to \"dependencies\" in assignment.json (its pip name, often the "
                               "same as the module's)"_s;
        const QString later = u"`later` is not defined at the end of the instructor notebook, where cells[4] raised "
                              "NameError: name 'undefined_helper' is not defined"_s;
        run = cli({u"grade"_s, ps3, u"--json"_s}, 600000);
        QCOMPARE(run.code, 3); // grader errors of three checks
        for (const auto &[id, why] : {std::pair{u"typo-tests"_s, typo}, std::pair{u"module-tests"_s, module},
                                      std::pair{u"later"_s, later}})
            QVERIFY2(run.err.contains((u"sandmark-cli: grade: the check '%1' was not graded for anyone (a grader error, not "
                                       "the students'): %2\n"_s.arg(id, why)).toUtf8()),
                     run.err.constData());
        const QJsonObject good = QJsonDocument::fromJson(run.out.split('\n').value(0)).object();
        QCOMPARE(good.value(u"submission"_s).toString(), u"good"_s);
        QCOMPARE(good.value(u"status"_s).toString(), u"needs-review"_s);
        QCOMPARE(good.value(u"score"_s).toDouble(), 1.0);
        QCOMPARE(good.value(u"max_score"_s).toDouble(), 4.0);
        QCOMPARE(good.value(u"reasons"_s).toVariant().toStringList(),
                 (QStringList{u"check 'typo-tests' not graded: grader error: "_s + typo,
                              u"check 'module-tests' not graded: grader error: "_s + module,
                              u"check 'later' not graded: grader error: "_s + later}));
        const QJsonArray checks = good.value(u"checks"_s).toArray();
        QCOMPARE(checks.size(), 4);
        QCOMPARE(checks.at(0).toObject().value(u"outcome"_s).toString(), u"pass"_s); // double-tests, the sound check
        for (int i = 1; i < 4; ++i)
            QCOMPARE(checks.at(i).toObject().value(u"outcome"_s).toString(), u"not-graded"_s);
        QCOMPARE(checks.at(2).toObject().value(u"feedback"_s).toString(), u"not graded: grader error: "_s + module);
        // The aside's NameError in the student's copy is the instructor's own: a note, not a problem.
        QCOMPARE(good.value(u"notes"_s).toVariant().toStringList(),
                 QStringList{u"cells[4] raised NameError: name 'undefined_helper' is not defined, as the instructor "
                             "notebook's same cell does (noted, not a problem)"_s});

        const Cli health = cli({u"validate"_s, u"--health"_s, ps3}, 600000);
        QCOMPARE(health.code, 1);
        QVERIFY2(health.out.contains("FAILED  Checks") && health.out.contains((u"checks 'module-tests': "_s + module).toUtf8())
                     && health.out.contains((u"checks 'typo-tests': "_s + typo).toUtf8())
                     && health.out.contains((u"checks 'later': "_s + later).toUtf8()),
                 health.out.constData());
        QVERIFY2(health.out.contains("FAILED  Environment built") && health.out.contains("lacks the module(s) course_helpers_absent"),
                 health.out.constData());
        QVERIFY2(health.out.contains("WARNING Reference run"), health.out.constData());

        // The module imported by an instructor cell: the reference run fails, naming the module and the fix, and
        // every submission not graded before is a grader error with that reason (never a traceback, never a zero).
        QJsonObject nb = QJsonDocument::fromJson(readFile(ps3 + u"/ps3.ipynb"_s)).object();
        QJsonArray cells = nb.value(u"cells"_s).toArray();
        cells.insert(0, QJsonObject{{u"cell_type"_s, u"code"_s}, {u"id"_s, u"imports"_s}, {u"metadata"_s, QJsonObject{}},
                                    {u"execution_count"_s, QJsonValue::Null}, {u"outputs"_s, QJsonArray{}},
                                    {u"source"_s, u"import course_helpers_absent"_s}});
        nb.insert(u"cells"_s, cells);
        QFile f(ps3 + u"/ps3.ipynb"_s);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(nb).toJson());
        f.close();
        const QString missing = u"cells[0]: the instructor notebook failed in the reference run: raised ModuleNotFoundError: "
                                "No module named 'course_helpers_absent'; the environment has no module "
                                "'course_helpers_absent': add the package that provides it to \"dependencies\" in "
                                "assignment.json (its pip name, often the same as the module's)"_s;
        // Into a new gradebook: a submission graded before keeps its grade when the reference run fails.
        run = cli({u"grade"_s, ps3, u"--json"_s, u"--gradebook"_s, ps3 + u"/never-graded.sqlite"_s}, 600000);
        QCOMPARE(run.code, 3);
        const QJsonObject failed = QJsonDocument::fromJson(run.out.split('\n').value(0)).object();
        QCOMPARE(failed.value(u"status"_s).toString(), u"grader-error"_s);
        const QString reason = failed.value(u"reasons"_s).toArray().at(0).toString();
        QVERIFY2(reason.startsWith(u"reference run failed: "_s) && reason.endsWith(missing), qPrintable(reason));
        QVERIFY2(!reason.contains(u"Traceback"_s), qPrintable(reason));
        // grade --json's summary line counts what was recorded and carries the batch's error.
        const QJsonObject summary = QJsonDocument::fromJson(run.out.trimmed().split('\n').last()).object().value(u"summary"_s).toObject();
        QCOMPARE(summary.value(u"grader_errors"_s).toInt(), 1);
        QCOMPARE(summary.value(u"graded"_s).toInt(), 0);
        QVERIFY2(summary.value(u"error"_s).toString().endsWith(missing), qPrintable(summary.value(u"error"_s).toString()));
    }

    void manualGradingThenRegrade()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        if (!m_graded)
            QSKIP("grading failed (see gradesAreNbgradersRules)");
        const QStringList base = {u"manual"_s, m_assignment, u"--gradebook"_s, m_gradebook};
        Cli list = cli(QStringList{base.at(0), base.at(1), u"list"_s, u"--json"_s} + base.mid(2));
        QVERIFY2(list.code == 0, list.err.constData());
        const QJsonArray pending = QJsonDocument::fromJson(list.out).array();
        QCOMPARE(pending.size(), 7); // everyone but 'untouched' answered the markdown question
        QCOMPARE(pending.at(0).toObject().value(u"student"_s).toString(), u"copies"_s);
        QCOMPARE(pending.at(0).toObject().value(u"check"_s).toString(), u"explain"_s);
        QCOMPARE(pending.at(0).toObject().value(u"answer"_s).toString(), u"Because x*x outgrows any c*x."_s);

        QFile csv(m_tmp.filePath(u"grades.csv"_s));
        QVERIFY(csv.open(QIODevice::WriteOnly));
        csv.write("student,check,points,comment\n"
                  "keeps,explain,2,Right: x*x/x grows without bound.\n"
                  "wrong,explain,0.5,\"Say why, not only that.\"\n");
        csv.close();
        const Cli imported = cli(QStringList{base.at(0), base.at(1), u"import"_s, csv.fileName()} + base.mid(2));
        QVERIFY2(imported.code == 0, imported.err.constData());
        QCOMPARE(imported.out, QByteArray("imported 2 manual grade(s) from " + csv.fileName().toUtf8() + "; 5 still await grading\n"));

        auto check = [&] {
            const QMap<QString, EffectiveGrade> g = grades();
            QCOMPARE(*g.value(u"keeps"_s).score(), 10.0);
            QCOMPARE(*g.value(u"wrong"_s).score(), 3.5);
            QCOMPARE(*g.value(u"edits"_s).score(), 8.0);
            QCOMPARE(g.value(u"wrong"_s).checks.at(4).override_->comment, u"Say why, not only that."_s);
            // Graded by hand: needs-manual became graded; the others still wait.
            QCOMPARE(g.value(u"keeps"_s).status, GradeStatus::Graded);
            QCOMPARE(g.value(u"wrong"_s).status, GradeStatus::Graded);
            QCOMPARE(g.value(u"edits"_s).status, GradeStatus::NeedsManual);
        };
        check();
        // A forced regrade of two submissions: new runs, the manual grades stay.
        const Cli regrade = cli({u"grade"_s, m_assignment, u"--gradebook"_s, m_gradebook, u"--force"_s,
                                 submitted(u"keeps"_s), submitted(u"wrong"_s)},
                                600000);
        QVERIFY2(regrade.code == 0 || regrade.code == 1, regrade.err.constData());
        check();
        list = cli(QStringList{base.at(0), base.at(1), u"list"_s, u"--json"_s} + base.mid(2));
        QCOMPARE(QJsonDocument::fromJson(list.out).array().size(), 5);
    }

    // nbgrader task cells (`task: true`) are locked, so they always equal the release: a person grades them, always.
    // Before the fix the "answer never touched" rule scored them 0 ("not answered") and `manual list` left them out.
    void taskCellsAwaitAPerson()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        const QString assignment = m_tmp.filePath(u"tasks"_s);
        const Cli import = cli({u"import"_s, u"nbgrader"_s, kData + u"/source/tasks"_s, u"-o"_s, assignment});
        QVERIFY2(import.code == 0, import.err.constData());
        for (const QString &student : {u"done"_s, u"blank"_s}) {
            const QString dest = assignment + u"/submissions/"_s + student;
            QVERIFY(QDir().mkpath(dest));
            QVERIFY(QFile::copy(kData + u"/tasks-submissions/"_s + student + u"/tasks.ipynb"_s, dest + u"/tasks.ipynb"_s));
        }
        const QString gradebook = m_tmp.filePath(u"tasks.sqlite"_s);
        const Cli run = cli({u"grade"_s, assignment, u"--gradebook"_s, gradebook, u"--jobs"_s, u"2"_s}, 600000);
        QVERIFY2(run.code == 0, run.err.constData());
        auto gb = Gradebook::open(gradebook);
        QVERIFY(gb);
        const auto all = (*gb)->effectiveGrades();
        QVERIFY(all);
        QMap<QString, EffectiveGrade> got;
        for (const EffectiveGrade &g : *all)
            got.insert(g.studentId, g);
        QCOMPARE(got.keys(), (QList<QString>{u"blank"_s, u"done"_s}));
        for (const QString &student : {u"done"_s, u"blank"_s}) {
            const EffectiveGrade &g = got[student];
            QCOMPARE(g.checks.size(), 3);
            const CheckResult &test = g.checks.at(0).result, &task = g.checks.at(1).result, &answer = g.checks.at(2).result;
            QCOMPARE(test.checkId, u"area-tests"_s);
            QCOMPARE(test.outcome, Outcome::Pass);
            QCOMPARE(task.checkId, u"plot-task"_s);
            QCOMPARE(task.type, Check::Type::Manual);
            QVERIFY2(task.outcome == Outcome::NotGraded, qPrintable(student + u": "_s + task.feedback));
            QCOMPARE(task.points, 0.0);
            QCOMPARE(task.maxPoints, 2.0);
            QCOMPARE(task.feedback, u"graded by hand: task cell 'plot-task'"_s);
            QCOMPARE(answer.checkId, u"explain"_s);
        }
        QCOMPARE(got[u"done"_s].checks.at(2).result.outcome, Outcome::NotGraded);
        QCOMPARE(got[u"done"_s].checks.at(2).result.feedback, u"graded by hand: answer cell 'explain'"_s);
        // An answer cell left as released is still 0 by nbgrader's rule; the task cell beside it is not.
        QCOMPARE(got[u"blank"_s].checks.at(2).result.outcome, Outcome::Fail);
        QCOMPARE(got[u"blank"_s].checks.at(2).result.feedback,
                 u"not answered: answer cell 'explain' still holds the release's text"_s);

        // Automatic checks graded, answers and task cells awaiting a person: needs-manual, everywhere it is shown.
        for (const QString &student : {u"done"_s, u"blank"_s})
            QCOMPARE(got[student].status, GradeStatus::NeedsManual);
        const Cli json = cli({u"grade"_s, assignment, u"--gradebook"_s, gradebook, u"--json"_s}, 600000);
        QVERIFY2(json.code == 0, json.err.constData());
        const QList<QByteArray> lines = json.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3); // both (unchanged: in the order they were skipped), then the summary line
        QCOMPARE(QJsonDocument::fromJson(lines.at(2)).object().value(u"summary"_s).toObject().value(u"skipped"_s).toInt(), 2);
        const QJsonObject blankJson = QJsonDocument::fromJson(lines.at(0)).object(), doneJson = QJsonDocument::fromJson(lines.at(1)).object();
        QCOMPARE(blankJson.value(u"status"_s).toString(), u"needs-manual"_s);
        QCOMPARE(blankJson.value(u"awaiting"_s).toArray(), QJsonArray{u"plot-task"_s});
        QCOMPARE(blankJson.value(u"score"_s).toDouble(), 1.0);
        QCOMPARE(doneJson.value(u"status"_s).toString(), u"needs-manual"_s);
        QCOMPARE(doneJson.value(u"awaiting"_s).toArray(), (QJsonArray{u"plot-task"_s, u"explain"_s}));
        const Cli table = cli({u"grade"_s, assignment, u"--gradebook"_s, gradebook}, 600000);
        QVERIFY2(table.out.contains("done     needs-manual") && table.out.contains("awaiting a person: plot-task, explain"),
                 table.out.constData());
        QVERIFY2(table.err.contains("0 graded, 0 await manual grading"), table.err.constData()); // both unchanged
        const Cli exported = cli({u"export"_s, assignment, u"--gradebook"_s, gradebook});
        QVERIFY2(exported.out.contains("\r\nblank,1,5,needs-manual,,1,,0,awaiting a person: plot-task\r\n"), exported.out.constData());
        QVERIFY2(exported.out.contains("\r\ndone,1,5,needs-manual,,1,,,\"awaiting a person: plot-task, explain\"\r\n"),
                 exported.out.constData());
        const QString pages = m_tmp.filePath(u"tasks-feedback"_s);
        QCOMPARE(cli({u"feedback"_s, assignment, u"--gradebook"_s, gradebook, u"-o"_s, pages}).code, 0);
        QVERIFY(readFile(pages + u"/done.html"_s).contains("<p class=\"status\">Status: needs-manual</p>"));
        QVERIFY(readFile(pages + u"/done.html"_s).contains("2 answer(s) still await grading by hand"));

        // manual list names every task cell; the CSV import and override grade them.
        const QStringList base = {u"manual"_s, assignment, u"--gradebook"_s, gradebook};
        const Cli list = cli(QStringList{base.at(0), base.at(1), u"list"_s, u"--json"_s} + base.mid(2));
        QVERIFY2(list.code == 0, list.err.constData());
        QStringList pending;
        for (const QJsonValue &v : QJsonDocument::fromJson(list.out).array())
            pending << v.toObject().value(u"student"_s).toString() + u"/"_s + v.toObject().value(u"check"_s).toString();
        QCOMPARE(pending, (QStringList{u"blank/plot-task"_s, u"done/plot-task"_s, u"done/explain"_s}));
        QFile csv(m_tmp.filePath(u"tasks-grades.csv"_s));
        QVERIFY(csv.open(QIODevice::WriteOnly));
        csv.write("student,check,points,comment\nblank,plot-task,0.5,No plot.\ndone,explain,2,\n");
        csv.close();
        const Cli imported = cli(QStringList{base.at(0), base.at(1), u"import"_s, csv.fileName()} + base.mid(2));
        QVERIFY2(imported.code == 0, imported.err.constData());
        const Cli override = cli({u"override"_s, assignment, u"done"_s, u"--check"_s, u"plot-task"_s, u"--points"_s,
                                  u"2"_s, u"--comment"_s, u"plot drawn"_s, u"--gradebook"_s, gradebook});
        QVERIFY2(override.code == 0, override.err.constData());
        const auto after = (*gb)->effectiveGrades();
        QVERIFY(after);
        QCOMPARE(after->size(), 2);
        QCOMPARE(*after->at(0).score(), 1.5); // blank: 1 + 0.5 for the task + 0 for the untouched answer
        QCOMPARE(*after->at(1).score(), 5.0); // done: 1 + 2 + 2
        // Every manual check has a grade: graded, in the gradebook, the export and the feedback.
        QCOMPARE(after->at(0).status, GradeStatus::Graded);
        QCOMPARE(after->at(1).status, GradeStatus::Graded);
        const Cli settled = cli({u"export"_s, assignment, u"--gradebook"_s, gradebook});
        QVERIFY2(settled.out.contains("\r\nblank,1.5,5,graded,,1,0.5,0,plot-task: No plot.\r\n"), settled.out.constData());
        QVERIFY2(settled.out.contains("\r\ndone,5,5,graded,,1,2,2,plot-task: plot drawn; explain: graded by hand\r\n"),
                 settled.out.constData());
        QCOMPARE(cli({u"feedback"_s, assignment, u"--gradebook"_s, gradebook, u"-o"_s, pages}).code, 0);
        QVERIFY(readFile(pages + u"/done.html"_s).contains("<p class=\"status\">Status: graded</p>"));
    }

    // nbgrader's autograder runs notebooks with NBGRADER_EXECUTION=autograde (nbgrader/converters/autograde.py);
    // course notebooks may test it. An imported assignment runs with the same value, the reference run included:
    // before, the reference run failed its own test ("not set") and every submission was a grader error.
    void autogradeEnvironment()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        const QString assignment = m_tmp.filePath(u"autograde-env"_s);
        const Cli import = cli({u"import"_s, u"nbgrader"_s, kData + u"/source/autograde-env"_s, u"-o"_s, assignment});
        QVERIFY2(import.code == 0, import.err.constData());
        QVERIFY(QDir().mkpath(assignment + u"/submissions/same"_s));
        QVERIFY(QFile::copy(kData + u"/source/autograde-env/autograde-env.ipynb"_s,
                            assignment + u"/submissions/same/autograde-env.ipynb"_s));
        const Cli run = cli({u"grade"_s, assignment, u"--json"_s, u"--gradebook"_s, m_tmp.filePath(u"autograde-env.sqlite"_s)},
                            600000);
        QVERIFY2(run.code == 0, (run.out + run.err).constData());
        const QJsonObject o = QJsonDocument::fromJson(run.out.split('\n').value(0)).object(); // then the summary line
        QCOMPARE(o.value(u"submission"_s).toString(), u"same"_s);
        QCOMPARE(o.value(u"status"_s).toString(), u"graded"_s);
        QCOMPARE(o.value(u"score"_s).toDouble(), 1.0);
        const QJsonObject check = o.value(u"checks"_s).toArray().at(0).toObject();
        QCOMPARE(check.value(u"id"_s).toString(), u"mode-tests"_s);
        QCOMPARE(check.value(u"outcome"_s).toString(), u"pass"_s);
    }

    /// The nbgrader course with AUTOTEST and HASHED AUTOTEST cells, a course header and autotests.yml at the course
    /// root: import expands the directives in the sandbox exactly as nbgrader's generate_assignment (the cells in
    /// expected/ are nbgrader 0.9.6's output), the release holds them as nbgrader's does, and grading follows
    /// nbgrader's rules. Every expanded cell is a list of asserts, so a test cell scores all its points or 0.
    void autotestCourseGradedAsNbgrader()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        const QString course = kData + u"/autotest-course"_s;
        const QString assignment = m_tmp.filePath(u"autotest-ps1"_s), gradebook = m_tmp.filePath(u"autotest.sqlite"_s);
        // Without --header: nbgrader's standard source/header.ipynb is the course header (its cells count in the
        // HASHED AUTOTEST salts: the expected cells below are nbgrader's with it), and import says so on stderr.
        const Cli import = cli({u"import"_s, u"nbgrader"_s, course + u"/source/ps1"_s, u"-o"_s, assignment, u"--sandbox"_s, u"bwrap"_s});
        QVERIFY2(import.code == 0, import.err.constData());
        QVERIFY2(import.err.contains("sandmark-cli: import: using the course header " + QFile::encodeName(course)
                                     + "/source/header.ipynb (nbgrader's standard place; --header FILE or --no-header to "
                                       "choose otherwise)\n"),
                 import.err.constData());
        QVERIFY2(import.out.contains("autotests:     5 AUTOTEST line(s), 7 expression(s) expanded with "), import.out.constData());
        QVERIFY2(import.out.contains("autotest-course/autotests.yml (evaluated in the bwrap sandbox)"), import.out.constData());
        auto expected = [&](const QString &gradeId) { return QString::fromUtf8(readFile(course + u"/expected/"_s + gradeId + u".py"_s)); };
        auto cellOf = [](const Notebook &nb, const QString &gradeId) {
            for (int i = 0; i < nb.cellCount(); ++i)
                if (nb.nbgraderMetadata(i).value(u"grade_id"_s).toString() == gradeId)
                    return nb.cellSource(i);
            return u"(no cell "_s + gradeId + u")"_s;
        };
        const Expected<Notebook> p1 = Notebook::load(assignment + u"/problem1.ipynb"_s);
        const Expected<Notebook> p2 = Notebook::load(assignment + u"/problem2.ipynb"_s);
        QVERIFY(p1 && p2);
        QCOMPARE(cellOf(*p1, u"test_squares"_s), expected(u"test_squares"_s));
        QCOMPARE(cellOf(*p1, u"test_mean"_s), expected(u"test_mean"_s));
        QCOMPARE(cellOf(*p2, u"test_greet"_s), expected(u"test_greet"_s));
        QCOMPARE(cellOf(*p2, u"test_counts"_s), expected(u"test_counts"_s)); // read words.txt beside the notebook
        // Each test check keeps the expressions it was expanded from: `checks list` shows them, not the first line
        // of the generated code.
        const Cli list = cli({u"checks"_s, u"list"_s, assignment});
        QVERIFY2(list.code == 0, list.err.constData());
        QVERIFY2(list.out.contains("  test_squares  problem1.ipynb  test    3       AUTOTEST squares(1); AUTOTEST squares(3); "
                                   "HASHED AUTOTEST len(squares(4))\n"),
                 list.out.constData());
        QVERIFY2(list.out.contains("HASHED AUTOTEST counts(WORDS); HASHED AUTOTEST \"ant\" in counts(WORDS)\n"), list.out.constData());
        QVERIFY2(!list.out.contains("from hashlib"), list.out.constData());
        // The release: nbgrader's, hidden tests removed.
        const Cli release = cli({u"release"_s, assignment, u"-o"_s, m_tmp.filePath(u"autotest-release"_s)});
        QVERIFY2(release.code == 0, release.err.constData());
        const Expected<Notebook> r1 = Notebook::load(m_tmp.filePath(u"autotest-release/release/problem1.ipynb"_s));
        QVERIFY(r1);
        QCOMPARE(cellOf(*r1, u"test_squares"_s), expected(u"test_squares"_s));
        QCOMPARE(cellOf(*r1, u"test_mean"_s), u"assert mean([2]) == 2\nprint('All tests passed.')"_s);

        for (const QString &student : {u"alice"_s, u"bob"_s, u"carol"_s, u"dan"_s}) {
            const QString src = course + u"/submitted/"_s + student, dest = assignment + u"/submissions/"_s + student;
            QDir().mkpath(dest);
            for (const QString &name : QDir(src).entryList(QDir::Files))
                QVERIFY(QFile::copy(src + u"/"_s + name, dest + u"/"_s + name));
        }
        const Cli run = cli({u"grade"_s, assignment, u"--gradebook"_s, gradebook, u"--jobs"_s, u"2"_s}, 900000);
        QVERIFY2(run.code == 0 || run.code == 1, run.err.constData());
        // Points per check: test_squares (3), test_mean (2), explain (2, manual; -1: awaiting a person),
        // test_greet (2), test_counts (3). Worked out by nbgrader's rules from the expanded asserts:
        //  - alice: every answer right → 3, 2, 2, 3; explain answered → awaits a person.
        //  - bob: squares(n) starts at 0 → str(squares(1)) is "[0]", not "[1]": 0. mean right → 2. explain left as
        //    released → 0 (nbgrader's untouched-answer rule). greet("Ada") gives "hello, Ada!": the lower() test
        //    passes, the exact one fails → 0. counts right → 3.
        //  - carol: squares right → 3. mean with // gives 2 for [1, 2, 4]: round(2, 3) is "2", the hash is of
        //    "2.333" → the hidden test fails: 0 (the visible mean([2]) == 2 passes, but the cell is one test).
        //    problem2.ipynb not handed in → test_greet and test_counts 0 ("not handed in").
        //  - dan: squares returns a tuple: len is right, str is "(1,)", not "[1]" → 0. mean, greet right → 2, 2.
        //    counts returns a Counter: the dict templates applied (the instructor's value is a dict) compare
        //    str(sorted(items)), the same for a Counter → 3; "ant" in counts(WORDS) is True → passes.
        const QMap<QString, QList<double>> want = {
            {u"alice"_s, {3, 2, -1, 2, 3}}, {u"bob"_s, {0, 2, 0, 0, 3}}, {u"carol"_s, {3, 0, -1, 0, 0}}, {u"dan"_s, {0, 2, -1, 2, 3}}};
        const QStringList ids = {u"test_squares"_s, u"test_mean"_s, u"explain"_s, u"test_greet"_s, u"test_counts"_s};
        auto gb = Gradebook::open(gradebook);
        QVERIFY(gb);
        const auto all = (*gb)->effectiveGrades();
        QCOMPARE(all->size(), want.size());
        for (const EffectiveGrade &g : *all) {
            const QList<double> points = want.value(g.studentId);
            QCOMPARE(g.checks.size(), ids.size());
            QCOMPARE(g.maxScore, 12.0);
            double total = 0;
            for (int i = 0; i < ids.size(); ++i) {
                const CheckResult &c = g.checks.at(i).result;
                const QString where = g.studentId + u" "_s + c.checkId + u": "_s + c.feedback;
                QCOMPARE(c.checkId, ids.at(i));
                if (points.at(i) < 0) {
                    QVERIFY2(c.outcome == Outcome::NotGraded, qPrintable(where));
                } else {
                    QVERIFY2(c.outcome != Outcome::NotGraded, qPrintable(where));
                    QVERIFY2(qFuzzyCompare(c.points + 1, points.at(i) + 1), qPrintable(where + u" (got %1)"_s.arg(c.points)));
                    total += points.at(i);
                }
            }
            QCOMPARE(g.autoScore, total);
            QVERIFY2(g.status == (g.studentId == u"bob"_s ? GradeStatus::Graded : GradeStatus::NeedsManual),
                     qPrintable(g.studentId + u": "_s + gradeStatusName(g.status) + u" "_s + g.reasons.join(u"; "_s)));
            if (g.studentId == u"carol"_s)
                QCOMPARE(g.checks.at(3).result.feedback, u"not handed in"_s);
            if (g.studentId == u"bob"_s)
                QVERIFY2(g.checks.at(3).result.feedback.contains(u"check upper and lower case"_s), qPrintable(g.checks.at(3).result.feedback));
        }
    }

    /// What the instructor's notebook cannot evaluate stops the import, naming the cell and the line, and writes nothing.
    void autotestImportErrorsNameTheCell_data()
    {
        QTest::addColumn<int>("cell");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("error");
        QTest::newRow("expression raises") << 2 << u"### AUTOTEST squares(1); squares(1) / 0"_s
                                           << u"problem1.ipynb: cells[2], line 1: AUTOTEST squares(1) / 0 raised TypeError: "_s;
        QTest::newRow("instructor cell raises") << 1 << u"raise ValueError('not ready')"_s
                                                << u"problem1.ipynb: evaluating the AUTOTEST directives: problem1.ipynb cells[1] failed "
                                                   "(ValueError: not ready)"_s;
    }

    void autotestImportErrorsNameTheCell()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        QFETCH(int, cell);
        QFETCH(QString, source);
        QFETCH(QString, error);
        QTemporaryDir dir;
        const QString course = kData + u"/autotest-course"_s;
        QVERIFY(QDir().mkpath(dir.filePath(u"source/ps1"_s)));
        QVERIFY(QFile::copy(course + u"/autotests.yml"_s, dir.filePath(u"autotests.yml"_s)));
        QVERIFY(QFile::copy(course + u"/source/ps1/words.txt"_s, dir.filePath(u"source/ps1/words.txt"_s)));
        QJsonObject nb = QJsonDocument::fromJson(readFile(course + u"/source/ps1/problem1.ipynb"_s)).object();
        QJsonArray cells = nb.value(u"cells"_s).toArray();
        QJsonObject c = cells.at(cell).toObject();
        c.insert(u"source"_s, source);
        cells.replace(cell, c);
        nb.insert(u"cells"_s, cells);
        QFile f(dir.filePath(u"source/ps1/problem1.ipynb"_s));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(nb).toJson());
        f.close();
        const Cli import = cli({u"import"_s, u"nbgrader"_s, dir.filePath(u"source/ps1"_s), u"-o"_s, dir.filePath(u"out"_s)});
        QCOMPARE(import.code, 1);
        QVERIFY2(QString::fromUtf8(import.err).contains(error), import.err.constData());
        QVERIFY(!QFileInfo::exists(dir.filePath(u"out"_s)));
    }

    void feedbackFiles()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        if (!m_graded)
            QSKIP("grading failed (see gradesAreNbgradersRules)");
        const QString dir = m_tmp.filePath(u"feedback"_s);
        const Cli fb = cli({u"feedback"_s, m_assignment, u"--gradebook"_s, m_gradebook, u"-o"_s, dir});
        QVERIFY2(fb.code == 0, fb.err.constData());
        QVERIFY2(fb.err.isEmpty(), fb.err.constData()); // every run's executed notebook was found
        QCOMPARE(QDir(dir).entryList(QDir::Files, QDir::Name),
                 (QStringList{u"copies.html"_s, u"deletes.html"_s, u"edits.html"_s, u"empties.html"_s, u"keeps.html"_s,
                              u"untouched.html"_s, u"warns.html"_s, u"wrong.html"_s}));
        const QString keeps = QString::fromUtf8(readFile(dir + u"/keeps.html"_s));
        QVERIFY(keeps.contains(u"<p class=\"total\">Total: 10 / 11</p>"_s));
        QVERIFY(keeps.contains(u"<div class=\"comment\"><strong>Comment:</strong> Right: x*x/x grows without bound.</div>"_s));
        QVERIFY(keeps.contains(u"<tr class=\"partial\"><td>ratio-partial</td><td>2 / 3</td>"_s));
        QVERIFY(!keeps.contains(u"square(-4)"_s)); // the hidden test is not shown to the student
        const QString warns = QString::fromUtf8(readFile(dir + u"/warns.html"_s));
        QVERIFY(warns.contains(u"<pre class=\"out stderr\">"_s));
        QVERIFY(warns.contains(u"deprecated thing"_s));
        QVERIFY(warns.contains(u"1 answer(s) still await grading by hand"_s));
        // One student only.
        const QString one = m_tmp.filePath(u"one"_s);
        const Cli single = cli({u"feedback"_s, m_assignment, u"--gradebook"_s, m_gradebook, u"--student"_s, u"wrong"_s, u"-o"_s, one});
        QVERIFY2(single.code == 0, single.err.constData());
        QCOMPARE(QDir(one).entryList(QDir::Files), QStringList{u"wrong.html"_s});
        const Cli unknown = cli({u"feedback"_s, m_assignment, u"--gradebook"_s, m_gradebook, u"--student"_s, u"nobody"_s, u"-o"_s, one});
        QCOMPARE(unknown.code, 1);
    }
};

QTEST_GUILESS_MAIN(TestNbgraderSandbox)
#include "tst_nbgrader_sandbox.moc"
