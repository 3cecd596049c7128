// The "test" check kind: instructor assertion code, judged by the runner's test process (a fresh interpreter).
#include "checks/checkjson_p.h"
#include "util/coretext.h"
#include "checks/kinds_p.h"
#include "sandbox/executionrecord.h"

#include "assignment/edit.h"
#include "grading/checkgrading_p.h"
#include "notebook/instrument.h"
#include "notebook/release.h"

#include <QCoreApplication>

#include <cmath>

namespace sandmark::detail {

Check::Type TestCheckKind::type() const
{
    return Check::Type::Test;
}

QString TestCheckKind::name() const
{
    return QStringLiteral("test");
}

const char *TestCheckKind::displayName() const
{
    return QT_TRANSLATE_NOOP("sandmark::CheckKind", "test");
}

Expected<void> TestCheckKind::read(const CheckSource &in, Check &c) const
{
    auto code = in.requiredString("code", QStringLiteral("missing required field \"code\" (the assertion code)"));
    if (!code)
        return code.error();
    if (code->trimmed().isEmpty())
        return in.error("code", QStringLiteral("must not be empty"));
    c.code = *code;
    if (auto ok = in.optionalString("grade_id", c.gradeId); !ok)
        return ok.error();
    if (in.contains("autotest")) {
        auto directives = in.reader.strings(in.object["autotest"], in.path("autotest"));
        if (!directives)
            return directives.error();
        c.autotest = *directives;
    }
    return in.optionalString("after", c.after);
}

QString TestCheckKind::defaultId(const Check &, qsizetype index) const
{
    return QStringLiteral("test-%1").arg(index + 1);
}

QList<CheckField> TestCheckKind::fields() const
{
    QList<CheckField> out;
    out << checkField("code", CheckField::Type::Code, QT_TRANSLATE_NOOP("sandmark::CheckField", "Test code"),
                      QT_TRANSLATE_NOOP("sandmark::CheckField", "Assertion code run after the student's code; the check passes when it raises nothing."), true);
    out << checkField("grade_id", CheckField::Type::Cell, QT_TRANSLATE_NOOP("sandmark::CheckField", "Replaces cell"),
                      QT_TRANSLATE_NOOP("sandmark::CheckField", "nbgrader: the test cell (grade_id) this code replaces in place."));
    out << checkField("after", CheckField::Type::Cell, QT_TRANSLATE_NOOP("sandmark::CheckField", "After cell"),
                      QT_TRANSLATE_NOOP("sandmark::CheckField", "nbgrader: where the code runs when the student deleted the test cell."));
    return out;
}

Expected<void> TestCheckKind::write(const NewCheck &nc, CheckDraft &out) const
{
    if (!nc.variable.isEmpty())
        return out.error("variable", QStringLiteral("a test check probes no variable"));
    if (!nc.anchor.isEmpty())
        return out.error("anchor", QStringLiteral("a test check has no anchor; it runs after the student's code"));
    if (nc.code.trimmed().isEmpty())
        return out.error("code", QStringLiteral("must not be empty"));
    out.object["type"] = name().toStdString();
    out.object["points"] = CheckDraft::number(nc.points);
    out.object["code"] = nc.code.toStdString();
    return {};
}

void TestCheckKind::instrument(const Check &c, InstrumentOptions &o) const
{
    o.tests.append({.checkId = c.id, .code = c.code, .gradeId = c.gradeId, .after = c.after});
}

QString TestCheckKind::feedbackCell(const Check &check) const
{
    return check.gradeId;
}

void TestCheckKind::grade(const Check &check, const CheckEvidence &e, CheckResult &r) const
{
    const CellInfo *cell = e.testCell(check.id);
    // The verdict comes only from the runner's test process (the record's `test_result`), never from the cell's
    // status.
    bool partial = false;
    const double credit = cell ? cell->resultText.trimmed().toDouble(&partial) : 0;
    const bool finished = cell && (cell->status == QLatin1String("ok") || cell->status == QLatin1String("error"));
    if (finished && cell->testResult == QLatin1String("pass") && partial && std::isfinite(credit) && credit < check.points) {
        // nbgrader: a test cell whose result is a single number gives that number as partial credit.
        r.outcome = credit > 0 ? Outcome::Pass : Outcome::Fail;
        r.points = std::max(0.0, credit);
        r.feedback = check.points == 1 ? coretext::text(coretext::partialCreditOfOne).arg(r.points)
                                       : coretext::text(coretext::partialCredit).arg(r.points).arg(check.points);
    } else if (finished && cell->testResult == QLatin1String("pass")) {
        r.outcome = Outcome::Pass;
    } else if (const QString cut = e.ranAfterCut(cell);
               !cut.isEmpty() && (cell->testResult == QLatin1String("fail") || cell->status == QLatin1String("timeout"))) {
        // The test ran after the whole-run limit stopped the student's cells: what the cells that did not run
        // would have defined is missing. Not the student's FAIL: a person looks (needs review).
        r.outcome = Outcome::NotGraded;
        const QString failure = cell->testEname.isEmpty() ? QStringLiteral("the test timed out")
                                : cell->testEvalue.isEmpty() ? cell->testEname
                                                             : cell->testEname + QStringLiteral(": ") + cell->testEvalue;
        r.feedback = coretext::text(coretext::notGraded).arg(failure) + QLatin1String("; ") + cut;
    } else if (finished && cell->testResult == QLatin1String("fail")) {
        r.outcome = Outcome::Fail;
        r.feedback = cell->testEname == QLatin1String("AssertionError") && cell->testEvalue.isEmpty()
                         ? QStringLiteral("AssertionError: the test's assertion failed")
                     : cell->testEvalue.isEmpty() ? cell->testEname
                                                  : cell->testEname + QStringLiteral(": ") + cell->testEvalue;
    } else if (finished) {
        r.outcome = Outcome::NotGraded;
        r.feedback = QStringLiteral("not graded: the test produced no verdict (the notebook interfered with its "
                                    "values or its process; see the reasons)%1")
                         .arg(cell->status == QLatin1String("error") ? QStringLiteral("; the cell raised %1").arg(cell->error())
                                                                       : QString());
    } else if (cell && cell->status == QLatin1String("wall-timeout")) {
        r.outcome = Outcome::NotGraded;
        r.feedback = coretext::text(coretext::notGraded).arg(wallClockProblem(e.input.record));
    } else if (cell && (cell->status == QLatin1String("timeout") || cell->status == QLatin1String("interrupted-ignored"))) {
        r.outcome = Outcome::Fail;
        r.feedback = coretext::text(coretext::testTimedOut);
    } else {
        r.outcome = Outcome::NotGraded;
        const QString cutShort = e.runCutShort();
        r.feedback = coretext::text(coretext::notGraded)
                         .arg(cell && cell->status == QLatin1String("kernel-died") ? coretext::text(coretext::kernelDiedDuringTest)
                              : cutShort.isEmpty() ? coretext::text(coretext::testDidNotRun)
                                                   : coretext::text(coretext::testDidNotRunBecause).arg(cutShort));
    }
}

QString TestCheckKind::studentFeedback(const Check &check, const CheckResult &result) const
{
    // A failed assertion's message comes from whichever line raised, and in a cell with nbgrader's hidden tests that
    // may be a hidden one (numpy's assert_allclose prints both arrays): the student learns that the cell failed, not
    // why. A check whose code is unknown (removed from assignment.json since the run) is treated the same way.
    if (result.outcome == Outcome::Pass || (!check.code.isEmpty() && !hasHiddenTests(check.code)))
        return result.feedback;
    return result.outcome == Outcome::Fail
               ? QStringLiteral("the test failed (the cell has hidden tests, so its message is not shown)")
               : QStringLiteral("not graded (the cell has hidden tests, so the grader's message is not shown)");
}

std::optional<CheckKind::ReferenceFailure> TestCheckKind::failsOnReference(const Check &, const CellRecord &c) const
{
    // A test the solution itself does not pass (a typo, a wrong expected value, a module the environment lacks).
    if (c.testResult == QLatin1String("pass"))
        return std::nullopt;
    const CellError e = c.testError.value_or(CellError{});
    return ReferenceFailure{e.ename, e.evalue,
                            !c.testError ? (c.hasTestResult ? c.testResult : QStringLiteral("not run")) : QString()};
}

QString TestCheckKind::describe(const Check &c) const
{
    if (!c.autotest.isEmpty())
        return testSummary(c);
    const qsizetype lines = c.code.trimmed().count(QLatin1Char('\n')) + 1;
    return testSummary(c) + (lines > 1 ? QStringLiteral(" (+%1 lines)").arg(lines - 1) : QString());
}

} // namespace sandmark::detail

namespace sandmark {

QString testSummary(const Check &check)
{
    if (!check.autotest.isEmpty())
        return check.autotest.join(QStringLiteral("; "));
    QString first = check.code.trimmed().section(QLatin1Char('\n'), 0, 0).trimmed();
    if (first.size() > 60)
        first = first.left(59) + QStringLiteral("…");
    return first;
}

} // namespace sandmark
